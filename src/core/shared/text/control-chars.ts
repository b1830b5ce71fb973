// Text a server or a remote host wrote reaches the person's terminal and the page. Control characters in it
// can drive a terminal (CSI and OSC sequences set the window title or write the clipboard; C1 controls such as
// U+009B are CSI on their own) or reorder what the person reads (bidi overrides). One rule for all of it.

/** C0 controls, DEL and the C1 range U+0080–U+009F. */
const CONTROL = '\\u0000-\\u001f\\u007f-\\u009f';
/** Bidi embeddings, overrides, isolates and marks (U+061C, U+200E–U+200F, U+202A–U+202E, U+2066–U+2069). */
const BIDI = '\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069';

const UNSAFE = new RegExp(`[${CONTROL}${BIDI}]`, 'g');
const UNSAFE_RUN = new RegExp(`[${CONTROL}${BIDI}]+`, 'g');
const UNSAFE_BUT_TAB = new RegExp(
  `[${CONTROL.replace('\\u0000-\\u001f', '\\u0000-\\u0008\\u000a-\\u001f')}${BIDI}]`,
  'g',
);

/** True when `text` holds a character `safeLine` would remove. */
export function hasUnsafeControls(text: string): boolean {
  return new RegExp(UNSAFE.source).test(text);
}

/**
 * One line as a terminal or the page may show it: tabs become four spaces (indentation is kept), every other
 * C0, C1 and bidi-control character is removed (an escape sequence's printable rest stays visible as text),
 * trailing space trimmed, at most `max` characters with an ellipsis.
 */
export function safeLine(text: string, max = Infinity): string {
  const clean = text.replace(UNSAFE_BUT_TAB, '').replace(/\t/g, '    ').trimEnd();
  return clean.length > max ? `${clean.slice(0, Math.max(0, max - 1))}\u2026` : clean;
}

/**
 * Text folded to one line: runs of control characters (line breaks included) and of white space become one
 * space, bidi controls go, at most `max` characters with an ellipsis.
 */
export function safeSnippet(text: string, max = 300): string {
  const flat = text.replace(UNSAFE_RUN, ' ').replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}\u2026` : flat;
}

/** Several lines (e.g. a stderr tail), each made safe with `safeLine`; line breaks are kept. */
export function safeLines(text: string, max = Infinity): string[] {
  return text.split(/\r?\n|\r/).map((line) => safeLine(line, max));
}
