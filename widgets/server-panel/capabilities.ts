/**
 * The capabilities the Overview names: every one the server declared (an empty object such as `tools: {}` is a
 * declaration), except an empty `experimental` map, which declares nothing (the Python SDK sends one).
 */
export function shownCapabilities(capabilities: Record<string, unknown> | undefined): string[] {
  return Object.entries(capabilities ?? {})
    .filter(([name, value]) => {
      if (!value) return false;
      if (name !== 'experimental') return true;
      return typeof value === 'object' && Object.keys(value).length > 0;
    })
    .map(([name]) => name);
}
