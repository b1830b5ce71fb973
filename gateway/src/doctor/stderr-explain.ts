/** A stack frame or a source excerpt: where an error happened, not what it was. */
const FRAME = [
  /^\s+at\s/, // Node, Java
  /^\s+File "/, // Python
  /^\s*[\^~]+\s*$/, // a caret under the failing expression
  /^\s*\.\.\. \d+ (more|lines)/i,
  /^Traceback \(most recent call last\):/,
  /^Node\.js v\d+/,
  /^\s*$/,
];

/** A line that says what went wrong (in words, or as an errno code such as ECONNREFUSED). */
const EXPLAINS =
  /error|exception|errno|refused|denied|not found|no such|cannot|can't|could not|couldn't|failed|fatal|panic|invalid|missing|unknown|unable|timed? ?out|max retries/i;
const ERRNO = /\bE[A-Z]{3,}\b/;

/**
 * The lines of a server's stderr that explain why it stopped: from the first line that names an error, up to
 * `max` lines that are not stack frames or source excerpts (Node's `at …`, Python's `File "…"` and its code
 * lines); without such a line, the last `max` lines that are not frames. `lines` is the end of stderr, oldest
 * first.
 */
export function explainingLines(lines: readonly string[], max = 4): string[] {
  const told: string[] = [];
  let inPythonFrame = false;
  for (const line of lines) {
    const pythonCode = inPythonFrame && /^\s{4,}\S/.test(line);
    inPythonFrame = /^\s+File "/.test(line);
    if (pythonCode || FRAME.some((re) => re.test(line))) continue;
    told.push(line);
  }
  const first = told.findIndex((line) => EXPLAINS.test(line) || ERRNO.test(line));
  if (first < 0) return told.slice(-max);
  // Two processes of one server may write at once (a warm spare and a discovery): a line seen before is the
  // next run's output starting over, so the explanation ends there.
  const seen = new Set(told.slice(0, first));
  const out: string[] = [];
  for (const line of told.slice(first)) {
    if (out.length >= max || seen.has(line)) break;
    seen.add(line);
    out.push(line);
  }
  return out;
}

/** A note the gateway writes into a server's stderr buffer when it starts a process (relay/supervisor.ts). */
const STARTED = /^\[gateway [^\]]*\] (started \(pid \d+\)|connected)$/;

/** What the last process of a server wrote: the buffer's lines after its last start note, without the gateway's notes. */
export function lastRunLines(lines: readonly string[]): string[] {
  let from = 0;
  lines.forEach((line, i) => {
    if (STARTED.test(line)) from = i + 1;
  });
  return lines.slice(from).filter((line) => !line.startsWith('[gateway '));
}
