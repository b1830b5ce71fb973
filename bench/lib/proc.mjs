// CPU time of another process (Linux /proc), for "CPU per call" figures that hold up on a busy machine
// better than latency does.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

let ticksPerSecond;

/** User + system CPU time of `pid` in ms, or null where /proc is not available. */
export function cpuTimeMs(pid) {
  try {
    ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    // Fields after the command name (which may contain spaces) start at field 3; utime and stime are fields 14 and 15.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').pop().split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
  } catch {
    return null;
  }
}

/** Resident memory of `pid` in bytes (0 when it is gone). */
function rssBytes(pid) {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return kb ? Number(kb[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * RSS of `pid` alone (`own`) and summed over it and every process under it (`total`, counting shared pages in each
 * process), with how many processes that is, from /proc.
 */
export function processTreeRss(pid) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  let total = 0;
  let processes = 0;
  const queue = [pid];
  while (queue.length > 0) {
    const next = queue.pop();
    const bytes = rssBytes(next);
    if (bytes === 0 && next !== pid) continue;
    total += bytes;
    processes += 1;
    queue.push(...(children.get(next) ?? []));
  }
  return { own: rssBytes(pid), total, processes };
}

/** `n` generated people in group ops (the test roles let ops call every tool), subjects `<prefix>001`…. */
export function generatedPeople(n, prefix, label) {
  return Array.from({ length: n }, (_, i) => {
    const sub = `${prefix}${String(i + 1).padStart(3, '0')}`;
    return { sub, email: `${sub}@example.test`, name: `${label} ${i + 1}`, groups: ['ops'], password: `pw-${sub}` };
  });
}
