// Prints the failures of an `npm test` log, last, so that a CI page that keeps only the end of the output
// still names them: `node test/support/failure-summary.mjs <log>`. It reads what the runners print —
// node:test's TAP (`not ok N - name` and its YAML block) and web-test-runner's default reporter (`❌ name`
// and the lines under it) — through concurrently's `[node]` / `[browser]` prefixes.
import { readFileSync } from 'node:fs';

const MAX_LINES_PER_FAILURE = 24;
const MAX_FAILURES = 30;

/** The runner's name from concurrently's `[name] ` prefix, and the line without it and without terminal codes. */
function parse(line) {
  // eslint-disable-next-line no-control-regex
  const bare = line.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '');
  const m = /^\[([a-z:-]+)\] ?/.exec(bare);
  return { from: m?.[1] ?? '', text: m ? bare.slice(m[0].length) : bare };
}

/**
 * Failure blocks of a test log: each is the failing line and what the runner printed under it.
 * @param {string} text
 * @returns {string[][]}
 */
export function failureBlocks(text) {
  const lines = text.split('\n').map(parse);
  const blocks = [];
  for (let i = 0; i < lines.length; i += 1) {
    const { from, text: line } = lines[i];
    const tap = /^(\s*)not ok \d+ - /.exec(line);
    const wtr = /^(\s*)❌ /.exec(line);
    if (!tap && !wtr) continue;
    const indent = (tap ?? wtr)[1].length;
    const block = [line];
    for (let j = i + 1; j < lines.length && block.length < MAX_LINES_PER_FAILURE; j += 1) {
      const next = lines[j];
      if (next.from !== from) continue; // the other runner's lines, printed in between
      if (tap && /^\s*\.\.\.\s*$/.test(next.text)) break;
      if (wtr && (/^\s*❌ /.test(next.text) || (next.text.trim() !== '' && next.text.search(/\S/) <= indent))) break;
      block.push(next.text);
    }
    blocks.push(block);
  }
  return blocks;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: node test/support/failure-summary.mjs <npm-test-log>');
    process.exit(2);
  }
  const text = readFileSync(file, 'utf8');
  const blocks = failureBlocks(text);
  console.log('');
  console.log(`== failures in ${file}: ${blocks.length}`);
  for (const block of blocks.slice(0, MAX_FAILURES)) {
    console.log('');
    for (const line of block) console.log(line);
  }
  if (blocks.length > MAX_FAILURES) console.log(`\n… and ${blocks.length - MAX_FAILURES} more in the log`);
}
