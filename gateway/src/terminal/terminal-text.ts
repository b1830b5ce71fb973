import { safeLines } from '../../../src/core/shared/text/control-chars.js';

// What the gateway prints can carry text a server or a remote host wrote (a stderr tail, an HTTP reason
// phrase, an error message). Every line goes through the one rule in src/core/shared/text/control-chars.ts,
// so no C0, C1 or bidi control reaches the person's terminal (docs/decisions/terminal-text.md).

/** `text` with each line made terminal-safe (line breaks kept), ending in one newline. */
export function terminalText(text: string): string {
  return `${safeLines(text.replace(/\n$/, '')).join('\n')}\n`;
}

/** Writes `text` to the gateway's stderr, each line made terminal-safe. */
export function printError(text: string): void {
  process.stderr.write(terminalText(text));
}

/** Writes `text` to the gateway's stdout, each line made terminal-safe. */
export function printOut(text: string): void {
  process.stdout.write(terminalText(text));
}

/** An error as terminal lines: its stack (or message) with every line made safe. */
export function errorText(error: unknown): string {
  return error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
}
