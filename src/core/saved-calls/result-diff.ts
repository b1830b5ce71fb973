// A structural diff of two JSON values (two tool results): what was added, removed or changed, by JSON
// pointer; text with line breaks is compared line by line, for a side-by-side view.

/** One row of a side-by-side line comparison. */
export interface LineRow {
  kind: 'same' | 'removed' | 'added' | 'changed';
  left?: string;
  right?: string;
}

/** One difference between the two values. */
export interface DiffEntry {
  /** JSON pointer ('' = the whole value). */
  path: string;
  kind: 'added' | 'removed' | 'changed';
  before?: unknown;
  after?: unknown;
  /** For text that spans lines on either side: the line-by-line comparison. */
  lines?: LineRow[];
}

/** At most this many differences are listed (the rest are counted). */
export const MAX_DIFF_ENTRIES = 500;
const MAX_DEPTH = 64;
/** Line comparison is quadratic: above this many line pairs the text is shown whole instead. */
const MAX_LINE_PAIRS = 4_000_000;

function escape(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Side-by-side rows for two texts (longest common subsequence of lines; a removed line next to an added one is "changed"). */
export function diffLines(before: string, after: string): LineRow[] | undefined {
  const a = before.split('\n');
  const b = after.split('\n');
  if (a.length * b.length > MAX_LINE_PAIRS) return undefined;
  const n = a.length;
  const m = b.length;
  const lcs: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i -= 1)
    for (let j = m - 1; j >= 0; j -= 1)
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const rows: LineRow[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) {
      rows.push({ kind: 'same', left: a[i], right: b[j] });
      i += 1;
      j += 1;
    } else if (j < m && (i === n || lcs[i]![j + 1]! > lcs[i + 1]![j]!)) {
      const last = rows.at(-1);
      if (last?.kind === 'removed' && last.right === undefined) Object.assign(last, { kind: 'changed', right: b[j] });
      else rows.push({ kind: 'added', right: b[j] });
      j += 1;
    } else {
      rows.push({ kind: 'removed', left: a[i] });
      i += 1;
    }
  }
  return rows;
}

/**
 * The differences between two JSON values, object keys in sorted order, arrays position by position.
 * `truncated` counts differences beyond MAX_DIFF_ENTRIES.
 */
export function diffJson(before: unknown, after: unknown): { entries: DiffEntry[]; truncated: number } {
  const entries: DiffEntry[] = [];
  let truncated = 0;
  const push = (entry: DiffEntry) => {
    if (entries.length < MAX_DIFF_ENTRIES) entries.push(entry);
    else truncated += 1;
  };
  const walk = (a: unknown, b: unknown, path: string, depth: number): void => {
    if (depth > MAX_DEPTH) {
      if (JSON.stringify(a) !== JSON.stringify(b)) push({ path, kind: 'changed', before: a, after: b });
      return;
    }
    if (isObject(a) && isObject(b)) {
      for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
        const child = `${path}/${escape(key)}`;
        if (!(key in b)) push({ path: child, kind: 'removed', before: a[key] });
        else if (!(key in a)) push({ path: child, kind: 'added', after: b[key] });
        else walk(a[key], b[key], child, depth + 1);
      }
      return;
    }
    if (Array.isArray(a) && Array.isArray(b)) {
      for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
        const child = `${path}/${i}`;
        if (i >= b.length) push({ path: child, kind: 'removed', before: a[i] });
        else if (i >= a.length) push({ path: child, kind: 'added', after: b[i] });
        else walk(a[i], b[i], child, depth + 1);
      }
      return;
    }
    if (a === b || (Number.isNaN(a) && Number.isNaN(b))) return;
    if (typeof a === 'string' && typeof b === 'string' && (a.includes('\n') || b.includes('\n'))) {
      const lines = diffLines(a, b);
      push({ path, kind: 'changed', before: a, after: b, ...(lines ? { lines } : {}) });
      return;
    }
    push({ path, kind: 'changed', before: a, after: b });
  };
  walk(before, after, '', 0);
  return { entries, truncated };
}
