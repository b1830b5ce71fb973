import type { WidgetPermissions } from '../src/core/shared/types.js';

/** One permission as the user reads it; `id` is stable so two versions can be compared. */
export interface PermissionItem {
  id: string;
  label: string;
}

const MCP_LABELS: Record<string, string> = {
  invokeTool: 'Ask to call tools (you confirm each call)',
  readResource: 'Read resources of the server',
  getPrompt: 'Get prompts of the server',
  subscribeToUpdates: 'Subscribe to resource updates',
};

/** Lists what a permissions object asks for; undefined means nothing at all (MCP-WP-11.4.2). */
export function describePermissions(p: WidgetPermissions | undefined): PermissionItem[] {
  if (!p) return [];
  const items: PermissionItem[] = [];
  for (const domain of p.network?.domains ?? []) {
    const protocols = p.network?.protocols?.length ? ` (${p.network.protocols.join(', ')})` : '';
    items.push({ id: `network:${domain}`, label: `Network access to ${domain}${protocols}` });
  }
  if (p.storage === 'session') items.push({ id: 'storage:session', label: 'Storage for this session' });
  if (p.storage === 'persistent') items.push({ id: 'storage:persistent', label: 'Persistent storage in this browser' });
  if (p.clipboard) items.push({ id: 'clipboard', label: 'Write to the clipboard' });
  if (p.notifications) items.push({ id: 'notifications', label: 'Show notifications' });
  for (const [op, on] of Object.entries(p.mcpOperations ?? {})) {
    if (on) items.push({ id: `mcp:${op}`, label: MCP_LABELS[op] ?? `MCP operation ${op}` });
  }
  for (const key of Object.keys(p.custom ?? {}))
    items.push({ id: `custom:${key}`, label: `Custom permission "${key}"` });
  return items;
}

/** Permissions `next` asks for that `granted` did not include (MCP-WP-11.4.7). */
export function addedPermissions(
  granted: WidgetPermissions | undefined,
  next: WidgetPermissions | undefined,
): PermissionItem[] {
  const had = new Set(describePermissions(granted).map((i) => i.id));
  // Persistent storage includes session storage.
  if (had.has('storage:persistent')) had.add('storage:session');
  return describePermissions(next).filter((i) => !had.has(i.id));
}
