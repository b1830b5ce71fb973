// CPU time of another process (Linux /proc), for "CPU per call" figures that hold up on a busy machine
// better than latency does.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

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
