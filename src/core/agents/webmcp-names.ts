/** WebMCP tool names may use these characters, up to this length (Chromium 156 refuses others). */
const ALLOWED = /^[A-Za-z0-9_.-]+$/;
export const MAX_TOOL_NAME = 128;
/** The separator between server and tool in a registered name. */
export const SEPARATOR = '__';
/** The prefix of the dashboard's own host tools. */
export const HOST_PREFIX = 'dashboard';

/** A server name that cannot be mistaken at the separator: no "__", not starting or ending with "_". */
function clean(part: string): boolean {
  return (
    part.length > 0 && ALLOWED.test(part) && !part.includes(SEPARATOR) && !part.startsWith('_') && !part.endsWith('_')
  );
}

/** FNV-1a, 32 bits, as 8 hex digits: a short deterministic tag for names that had to be changed. */
function tag(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

function safe(part: string): string {
  return (
    part
      .replace(/[^A-Za-z0-9_.-]/g, '_')
      .replace(/_{2,}/g, '_')
      .replace(/^_+|_+$/g, '') || 'x'
  );
}

/**
 * The WebMCP name of a server's tool: `<server>__<tool>` when both fit WebMCP's alphabet (and the server
 * part cannot blur the separator); otherwise the cleaned parts plus a tag of the exact pair, so two
 * different tools never share a name. The host tools use the reserved server part "dashboard", and a
 * server actually named "dashboard" is tagged so it cannot take their names.
 */
export function webmcpToolName(serverName: string, toolName: string): string {
  const plain = `${serverName}${SEPARATOR}${toolName}`;
  if (clean(serverName) && serverName !== HOST_PREFIX && ALLOWED.test(toolName) && plain.length <= MAX_TOOL_NAME)
    return plain;
  const suffix = `_${tag(`${serverName}\u0000${toolName}`)}`;
  const head = `${safe(serverName).replace(/_+/g, '-')}${SEPARATOR}${safe(toolName)}`;
  return `${head.slice(0, MAX_TOOL_NAME - suffix.length)}${suffix}`;
}

/** The name of a host tool (`dashboard__<name>`). */
export function hostToolName(name: string): string {
  return `${HOST_PREFIX}${SEPARATOR}${name}`;
}

/**
 * Makes every name in the list unique, keeping the first of a clash as it is and tagging the others
 * (a tagged name could in theory equal another's plain name).
 */
export function uniqueNames<T extends { name: string }>(items: T[]): T[] {
  const seen = new Set<string>();
  return items.map((item) => {
    let name = item.name;
    for (let n = 2; seen.has(name); n++) name = `${item.name.slice(0, MAX_TOOL_NAME - 4)}_${n}`;
    seen.add(name);
    return name === item.name ? item : { ...item, name };
  });
}
