/** JSON pointer helpers for the schema form (RFC 6901). */

/** Escapes one pointer segment. */
export function escapeSegment(segment: string | number): string {
  return String(segment).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Appends a segment to a pointer. */
export function childPointer(pointer: string, segment: string | number): string {
  return `${pointer}/${escapeSegment(segment)}`;
}

/** Splits a pointer into unescaped segments. */
export function pointerSegments(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  return value !== null && typeof value === 'object';
}

/** The value at `pointer`, or undefined. */
export function getAt(root: unknown, pointer: string): unknown {
  let current = root;
  for (const segment of pointerSegments(pointer)) {
    if (!isContainer(current)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/** True when the pointer's parent container holds the last segment. */
export function hasAt(root: unknown, pointer: string): boolean {
  const segments = pointerSegments(pointer);
  if (segments.length === 0) return root !== undefined;
  const parent = getAt(root, `/${segments.slice(0, -1).map(escapeSegment).join('/')}`.replace(/^\/$/, ''));
  return isContainer(parent) && Object.prototype.hasOwnProperty.call(parent, segments[segments.length - 1]!);
}

/**
 * A copy of `root` with `value` at `pointer` (undefined removes an object property). Only the
 * containers on the path are copied; missing containers are created (arrays for numeric segments).
 */
export function setAt(root: unknown, pointer: string, value: unknown): unknown {
  const segments = pointerSegments(pointer);
  if (segments.length === 0) return value;
  const write = (container: unknown, index: number): unknown => {
    const segment = segments[index]!;
    const nextIsIndex = /^\d+$/.test(segments[index + 1] ?? '');
    const copy: any = Array.isArray(container)
      ? [...container]
      : isContainer(container)
        ? { ...container }
        : /^\d+$/.test(segment)
          ? []
          : {};
    if (index === segments.length - 1) {
      if (value === undefined && !Array.isArray(copy)) delete copy[segment];
      else copy[segment] = value;
      return copy;
    }
    const child = isContainer(copy[segment]) ? copy[segment] : nextIsIndex ? [] : {};
    copy[segment] = write(child, index + 1);
    return copy;
  };
  return write(root, 0);
}

/** The parent pointer and last segment. */
export function splitPointer(pointer: string): { parent: string; last: string } {
  const segments = pointerSegments(pointer);
  const last = segments.pop() ?? '';
  return { parent: segments.length ? `/${segments.map(escapeSegment).join('/')}` : '', last };
}
