// What the command palette (Ctrl/⌘+K) offers and how it ranks them for what the person typed. Pure: the
// palette element (command-palette.ts) renders the entries, palette-actions.ts does what one names.

/** What an entry is about; it decides what choosing it does and the word shown beside it. */
export type PaletteKind = 'server' | 'tool' | 'resource' | 'prompt' | 'saved-call' | 'dashboard' | 'setting';

/** One thing the palette can jump to or run. */
export interface PaletteEntry {
  /** Unique within one list: `<kind>:<server>:<name>`. */
  id: string;
  kind: PaletteKind;
  /** The words shown and searched first (a tool's title or name, a dashboard's name…). */
  label: string;
  /** Searched after the label and shown beside it (the server, a description). */
  detail: string;
  /** The server it belongs to (servers, tools, resources, prompts, saved calls). */
  server?: string;
  /** The tool's, prompt's or setting's name, the resource's URI, the saved call's or dashboard's id. */
  name?: string;
}

/** What the palette lists, from what the page already has. */
export interface PaletteSources {
  servers: ReadonlyArray<{ name: string; state?: string }>;
  /** A server's lists, when its session (or the gateway's catalog) has them. */
  lists(server: string):
    | {
        tools: ReadonlyArray<{ name: string; title?: string; description?: string }>;
        resources: ReadonlyArray<{ uri: string; name?: string; title?: string }>;
        prompts: ReadonlyArray<{ name: string; title?: string; description?: string }>;
      }
    | undefined;
  savedCalls: ReadonlyArray<{ id: string; name: string; serverName: string; toolName: string }>;
  dashboards: ReadonlyArray<{ id: string; name: string }>;
  /** The settings and screens, already in the person's language: `name` is what palette-actions.ts runs. */
  settings: ReadonlyArray<{ name: string; label: string }>;
}

/** Short text for a description: its first line, at most 120 characters. */
function short(text: string | undefined): string {
  const line = (text ?? '').split('\n')[0]!.trim();
  return line.length > 120 ? `${line.slice(0, 119)}\u2026` : line;
}

/** Every entry, in the order shown when nothing is typed: settings and dashboards, servers, then their lists. */
export function paletteEntries(sources: PaletteSources): PaletteEntry[] {
  const entries: PaletteEntry[] = [];
  for (const s of sources.settings)
    entries.push({ id: `setting::${s.name}`, kind: 'setting', label: s.label, detail: '', name: s.name });
  for (const d of sources.dashboards)
    entries.push({ id: `dashboard::${d.id}`, kind: 'dashboard', label: d.name, detail: '', name: d.id });
  for (const c of sources.savedCalls)
    entries.push({
      id: `saved-call:${c.serverName}:${c.id}`,
      kind: 'saved-call',
      label: c.name,
      detail: `${c.serverName} \u00b7 ${c.toolName}`,
      server: c.serverName,
      name: c.id,
    });
  for (const server of sources.servers) {
    entries.push({ id: `server:${server.name}:`, kind: 'server', label: server.name, detail: '', server: server.name });
  }
  for (const server of sources.servers) {
    const lists = sources.lists(server.name);
    if (!lists) continue;
    for (const tool of lists.tools)
      entries.push({
        id: `tool:${server.name}:${tool.name}`,
        kind: 'tool',
        label: tool.title && tool.title !== tool.name ? `${tool.title} (${tool.name})` : tool.name,
        detail: [server.name, short(tool.description)].filter(Boolean).join(' \u00b7 '),
        server: server.name,
        name: tool.name,
      });
    for (const resource of lists.resources)
      entries.push({
        id: `resource:${server.name}:${resource.uri}`,
        kind: 'resource',
        label: resource.title ?? resource.name ?? resource.uri,
        detail: `${server.name} \u00b7 ${resource.uri}`,
        server: server.name,
        name: resource.uri,
      });
    for (const prompt of lists.prompts)
      entries.push({
        id: `prompt:${server.name}:${prompt.name}`,
        kind: 'prompt',
        label: prompt.title && prompt.title !== prompt.name ? `${prompt.title} (${prompt.name})` : prompt.name,
        detail: [server.name, short(prompt.description)].filter(Boolean).join(' \u00b7 '),
        server: server.name,
        name: prompt.name,
      });
  }
  return entries;
}

/**
 * How well an entry answers the query (lower-cased words), best first: 0 the label is the query, 1 it starts with
 * it, 2 a word of the label starts with it, 3 the label holds every word, 4 label and detail together do; -1 no match.
 */
export function paletteRank(entry: PaletteEntry, query: string, words: string[]): number {
  const label = entry.label.toLowerCase();
  const name = (entry.name ?? '').toLowerCase();
  if (label === query || name === query) return 0;
  if (label.startsWith(query) || name.startsWith(query)) return 1;
  if (label.split(/[\s_\-./()]+/).some((w) => w.startsWith(query))) return 2;
  if (words.every((w) => label.includes(w) || name.includes(w))) return 3;
  const all = `${label}\n${name}\n${entry.detail.toLowerCase()}`;
  return words.every((w) => all.includes(w)) ? 4 : -1;
}

/** The entries that match `query`, best first (the list's own order within a rank), at most `limit`. */
export function searchPalette(entries: PaletteEntry[], query: string, limit = 50): PaletteEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return entries.slice(0, limit);
  const phrase = words.join(' ');
  const ranked: Array<{ entry: PaletteEntry; rank: number; index: number }> = [];
  entries.forEach((entry, index) => {
    const rank = paletteRank(entry, phrase, words);
    if (rank >= 0) ranked.push({ entry, rank, index });
  });
  ranked.sort((a, b) => a.rank - b.rank || a.index - b.index);
  return ranked.slice(0, limit).map((r) => r.entry);
}
