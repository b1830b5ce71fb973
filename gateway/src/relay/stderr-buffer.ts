/** Keeps the last `maxBytes` of a server's stderr as lines; older lines are dropped. */
export class StderrBuffer {
  private lines: string[] = [];
  private bytes = 0;
  private partial = '';

  constructor(
    private readonly maxBytes = 64 * 1024,
    /**
     * Applied to the gateway's own notes (e.g. to keep the configured command out of them); its `theirs`, when
     * it has one (doctor/redact.ts), to the server's lines, which keep everything but the config's secrets.
     */
    private readonly redact: ((line: string) => string) & { theirs?: (line: string) => string } = (line) => line,
  ) {}

  /** What a line the server wrote keeps. */
  private theirs(line: string): string {
    return this.redact.theirs ? this.redact.theirs(line) : line;
  }

  /** Appends a chunk of raw stderr output. */
  append(chunk: string | Buffer): void {
    const text = this.partial + chunk.toString();
    const parts = text.split('\n');
    this.partial = parts.pop() ?? '';
    if (this.partial.length > this.maxBytes) {
      this.push(this.theirs(this.partial.slice(0, this.maxBytes)));
      this.partial = '';
    }
    for (const line of parts) this.push(this.theirs(line));
  }

  /** Appends a line written by the gateway itself (marked as such). */
  note(line: string): void {
    this.push(`[gateway ${new Date().toISOString()}] ${this.redact(line)}`);
  }

  private push(line: string): void {
    this.lines.push(line);
    this.bytes += line.length + 1;
    while (this.bytes > this.maxBytes && this.lines.length > 1) {
      this.bytes -= (this.lines.shift()?.length ?? 0) + 1;
    }
  }

  /** The kept text. */
  text(): string {
    return this.lines.join('\n') + (this.partial ? `\n${this.theirs(this.partial)}` : '');
  }

  /** A buffer for one process's lines alone, redacted as this one is (its exit names only what it wrote). */
  forOneProcess(maxBytes = 16 * 1024): StderrBuffer {
    return new StderrBuffer(maxBytes, this.redact);
  }

  /** The last `n` lines, for error messages. */
  tail(n: number): string[] {
    const all = this.partial ? [...this.lines, this.theirs(this.partial)] : this.lines;
    return all.slice(-n);
  }
}
