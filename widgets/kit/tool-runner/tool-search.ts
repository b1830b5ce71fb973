import type { MCPTool } from '../../../src/core/shared/types.js';

/** Lower-cased text searched for each tool: name, title, annotation title, description. */
export function toolSearchText(tool: MCPTool): string {
  const annotations = (tool.annotations ?? {}) as Record<string, unknown>;
  return [tool.name, tool.title, annotations.title, tool.description]
    .filter((v): v is string => typeof v === 'string')
    .join('\n')
    .toLowerCase();
}

/** The words of a search query, lower-cased. */
function queryWords(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

/**
 * How well a matching tool answers the query, best first: 0 the name is the query, 1 the name starts with it,
 * 2 the name holds every word, 3 the title does, 4 only the description does. `query` is lower-cased and trimmed.
 */
export function toolRank(tool: MCPTool, query: string, words: string[] = queryWords(query)): number {
  const name = tool.name.toLowerCase();
  if (name === query) return 0;
  if (name.startsWith(query)) return 1;
  if (words.every((w) => name.includes(w))) return 2;
  const annotations = (tool.annotations ?? {}) as Record<string, unknown>;
  const titles = [tool.title, annotations.title].filter((v): v is string => typeof v === 'string');
  if (titles.some((t) => words.every((w) => t.toLowerCase().includes(w)))) return 3;
  return 4;
}

/** The query as one lower-cased phrase (inner runs of spaces as one). */
function phrase(query: string): string {
  return queryWords(query).join(' ');
}

/** `positions` ordered by rank, the list's own order kept within a rank. */
function ranked(tools: MCPTool[], positions: number[], query: string): number[] {
  const q = phrase(query);
  const words = queryWords(query);
  if (words.length === 0) return positions;
  const ranks = new Map(positions.map((i) => [i, toolRank(tools[i]!, q, words)]));
  return [...positions].sort((a, b) => ranks.get(a)! - ranks.get(b)! || a - b);
}

/**
 * Tools whose name, title or description contain every word of `query` (case-insensitive), best first:
 * the exact name, then names starting with the query, then names, then titles, then descriptions.
 */
export function filterTools(tools: MCPTool[], index: string[], query: string): MCPTool[] {
  const words = queryWords(query);
  if (words.length === 0) return tools;
  const positions: number[] = [];
  for (let i = 0; i < tools.length; i += 1) {
    const text = index[i]!;
    if (words.every((w) => text.includes(w))) positions.push(i);
  }
  return ranked(tools, positions, query).map((i) => tools[i]!);
}

/**
 * Search over one list of tools, built once per list. The lower-cased text of each tool is computed
 * up front, so a keystroke is only substring tests. Typing more narrows the previous matches instead
 * of scanning every tool again, and a keystroke that matches the same tools as before returns the
 * very same array, so a virtualised list given the result has nothing to lay out again. Matches come
 * best first (see `toolRank`).
 */
export class ToolSearchIndex {
  /** The tools searched (entries that are not objects are dropped). */
  readonly tools: MCPTool[];
  private readonly texts: string[];
  private lastWords: string[] = [];
  private lastPositions: number[];
  /** The previous result's positions, in the order shown. */
  private lastOrder: number[];
  private lastResult: MCPTool[];

  constructor(tools: unknown) {
    this.tools = Array.isArray(tools) ? tools.filter((t): t is MCPTool => Boolean(t) && typeof t === 'object') : [];
    this.texts = this.tools.map(toolSearchText);
    this.lastPositions = this.tools.map((_, i) => i);
    this.lastOrder = this.lastPositions;
    this.lastResult = this.tools;
  }

  private matches(i: number, words: string[]): boolean {
    const text = this.texts[i]!;
    for (const w of words) if (!text.includes(w)) return false;
    return true;
  }

  private allPositions(): number[] {
    return this.tools.map((_, i) => i);
  }

  /** Tools containing every word of `query`, best first; the previous array when the matches did not change. */
  search(query: string): MCPTool[] {
    const words = queryWords(query);
    // Every tool matching the new words also matched the old ones when each old word is part of
    // a new word ("numb" → "number"); then only the previous matches need testing.
    const narrows = this.lastWords.every((old) => words.some((w) => w.includes(old)));
    let positions: number[];
    if (words.length === 0) positions = narrows ? this.lastPositions : this.allPositions();
    else if (narrows) positions = this.lastPositions.filter((i) => this.matches(i, words));
    else {
      // Widening (a deleted letter): test every tool without building a list of all positions first.
      positions = [];
      for (let i = 0; i < this.texts.length; i += 1) if (this.matches(i, words)) positions.push(i);
    }
    this.lastWords = words;
    const order = ranked(this.tools, positions, query);
    if (!samePositions(order, this.lastOrder)) this.lastResult = order.map((i) => this.tools[i]!);
    this.lastPositions = positions;
    this.lastOrder = order;
    return this.lastResult;
  }
}

function samePositions(a: number[], b: number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}
