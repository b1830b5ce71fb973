import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkResult } from '../../bench/lib/contract.mjs';
import { repoRoot } from '../support/gateway-process.mjs';

// The benchmark runner (npm run bench): picks up every bench/*.bench.mjs, checks each result against
// the contract in bench/README.md, and writes the JSON, the Markdown report and the charts.

const valid = {
  bench: 'demo',
  figures: [
    { id: 'a', label: 'A', value: 1.5, unit: 'ms', baseline: { label: 'bare', value: 0.5, unit: 'ms' }, samples: 3 },
  ],
  absent: [{ id: 'b', label: 'B', reason: 'added later' }],
};

test('the contract accepts a real result and refuses placeholders, duplicate ids and absent figures without a reason', () => {
  assert.deepEqual(checkResult(valid), []);
  const problems = checkResult({
    bench: 'x',
    figures: [
      { id: 'a', label: 'A', value: null, unit: 'ms' },
      { id: 'a', label: 'A again', value: Number.NaN, unit: 'ms' },
      { id: 'c', label: 'C', value: 1, unit: 'ms', baseline: { label: 'b', value: 'TBD', unit: 'ms' } },
    ],
    absent: [{ id: 'd', label: 'D' }],
  });
  assert.equal(problems.length, 5, problems.join('\n'));
  assert.match(problems.join('\n'), /figures\[0\] \(a\): "value" must be a finite number \(no placeholders\)/);
  assert.match(problems.join('\n'), /figures\[1\] \(a\): duplicate id/);
  assert.match(problems.join('\n'), /figures\[2\] \(c\): "baseline" needs a label, a finite value and a unit/);
  assert.match(problems.join('\n'), /absent\[0\] needs an id, a label and a reason/);
  assert.deepEqual(checkResult([1, 2]), ['the result is not a JSON object']);
});

function runRunner(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(repoRoot, 'bench', 'run.mjs')], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

test('the runner runs every *.bench.mjs it finds, reports each, and records a broken bench as failed', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'mcp-dashboard-runner-'));
  try {
    const charted = {
      bench: 'alpha',
      title: 'Alpha things',
      notes: 'Measured by a test.',
      figures: [
        {
          id: 'one',
          label: 'One server',
          value: 120,
          unit: 'ms',
          baseline: { label: 'bare client', value: 60, unit: 'ms' },
          samples: 3,
          chart: 'scaling',
          chartTitle: 'Scaling',
        },
        {
          id: 'ten',
          label: 'Ten servers',
          value: 480,
          unit: 'ms',
          baseline: { label: 'bare client', value: 400, unit: 'ms' },
          samples: 3,
          chart: 'scaling',
        },
      ],
      errors: [{ id: 'hundred', label: 'Hundred servers', reason: 'a card showed an error' }],
      absent: [{ id: 'later', label: 'Later figure', reason: 'added by a later change' }],
    };
    await writeFile(
      join(dir, 'alpha.bench.mjs'),
      `process.stderr.write('working\\n');\nconsole.log(${JSON.stringify(JSON.stringify(charted))});\n`,
    );
    await writeFile(join(dir, 'beta.bench.mjs'), `console.log('not json at all'); process.exit(3);\n`);
    await writeFile(
      join(dir, 'gamma.bench.mjs'),
      `console.log(JSON.stringify({ bench: 'gamma', figures: [{ id: 'x', label: 'X', value: 'soon', unit: 'ms' }] }));\n`,
    );
    await writeFile(join(dir, 'helper.mjs'), `throw new Error('not a bench; must not run');\n`);

    const { code, stdout, stderr } = await runRunner({ BENCH_DIR: dir, BENCH_RESULTS_DIR: join(dir, 'results') });
    assert.equal(code, 1, 'a failed bench makes the run exit non-zero');
    assert.match(stderr, /\[alpha\] working/);
    assert.match(stdout, /One server\s+120 ms\s+\(baseline 60 ms: bare client\)/);

    const results = JSON.parse(await readFile(join(dir, 'results', 'latest.json'), 'utf8'));
    assert.deepEqual(
      results.benches.map((b: { bench: string }) => b.bench),
      ['alpha', 'beta', 'gamma'],
    );
    assert.equal(typeof results.machine.cpuModel, 'string');
    assert.ok(results.machine.cores >= 1);
    assert.match(results.machine.node, /^v\d+/);
    const [alpha, beta, gamma] = results.benches;
    assert.equal(alpha.error, undefined);
    assert.match(beta.error, /beta exited with code 3 and its last stdout line is not JSON/);
    assert.match(gamma.error, /gamma broke the output contract: figures\[0\] \(x\): "value" must be a finite number/);

    const report = await readFile(join(dir, 'results', 'latest.md'), 'utf8');
    assert.match(report, /## Machine/);
    assert.match(report, /\| Chromium \| /);
    assert.match(report, /## Alpha things\n\nMeasured by a test\./);
    assert.match(report, /\| One server \| 120 ms \| 60 ms — bare client \| × 2\.00 \| 3 \|/);
    assert.match(report, /!\[Scaling\]\(scaling\.svg\)/);
    assert.match(report, /Did not complete in this run:\n\n- Hundred servers — a card showed an error/);
    assert.match(report, /Not measured in this run:\n\n- Later figure — added by a later change/);
    assert.match(report, /\*\*This benchmark failed:\*\* beta exited with code 3/);
    const svg = await readFile(join(dir, 'results', 'scaling.svg'), 'utf8');
    assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    assert.match(svg, /<title id="title">Scaling<\/title>/);
    assert.equal((svg.match(/<rect x="250"/g) ?? []).length, 4, 'two figures, each with its baseline bar');
    assert.doesNotMatch(svg, /<script/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
