// The deployment files in deploy/ (docs/deploy.md), checked as far as this machine can: no image can be built or
// run here (no registry for base images, no Docker, no cluster). Every Kubernetes object validates against the
// Kubernetes schemas (kubernetes-models) and the objects refer to each other correctly; both HAProxy configs pass
// `haproxy -c`; the compose file has the shape the docs promise; the Dockerfile copies what the gateway reads at
// run time and runs as a non-root user; the team configs validate as the gateway validates them at start.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { test } from 'node:test';
import { parse, parseAllDocuments } from 'yaml';
import { Deployment } from 'kubernetes-models/apps/v1';
import { ConfigMap, Secret, Service } from 'kubernetes-models/v1';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { readConfig } from '../../gateway/src/config/config.js';
import { teamSettings } from '../../gateway/src/team/settings.js';

const exec = promisify(execFile);
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const deploy = join(root, 'deploy');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

/** The drain the gateway allows itself after SIGTERM unless told otherwise (MCP_DASHBOARD_DRAIN_SECONDS). */
const DEFAULT_DRAIN_SECONDS = 25;

type Obj = Record<string, any>;

/** The model class of each kind the manifests use; a kind not listed here fails the test. */
const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'apps/v1/Deployment': Deployment,
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'networking.k8s.io/v1/Ingress': Ingress,
};

function manifests(): { file: string; object: Obj }[] {
  const dir = join(deploy, 'kubernetes');
  return readdirSync(dir)
    .filter((f) => /\.ya?ml$/.test(f))
    .flatMap((file) =>
      parseAllDocuments(readFileSync(join(dir, file), 'utf8')).map((doc) => {
        assert.deepEqual(doc.errors, [], `${file} parses`);
        return { file, object: doc.toJS() as Obj };
      }),
    );
}

const objects = manifests();
const find = (kind: string, name: string): Obj => {
  const found = objects.find((o) => o.object.kind === kind && o.object.metadata?.name === name);
  assert.ok(found, `deploy/kubernetes has the ${kind} ${name}`);
  return found.object;
};
const matches = (selector: Record<string, string>, labels: Record<string, string>) =>
  Object.entries(selector).every(([k, v]) => labels[k] === v);

/** The gateway's own check of a config file: the schema, the team object, and every ${env:…} set. */
function checkTeamConfig(text: string, file: string, envNames: string[]): void {
  const env = Object.fromEntries(envNames.map((n) => [n, n === 'DASH_TOKEN_KEY' ? 'ab'.repeat(32) : `value-${n}`]));
  const { config } = readConfig(text, file, { env: (n) => env[n] });
  const settings = teamSettings(config, file, env);
  assert.ok(settings, `${file} turns team mode on`);
  assert.match(settings.databaseUrl ?? '', /^postgres:\/\//, `${file} names the shared PostgreSQL database`);
  assert.doesNotMatch(settings.databaseUrl ?? '', /:[^@/]*@/, `${file} keeps the database password out (PGPASSWORD)`);
}

test('every Kubernetes object validates against the Kubernetes schemas', () => {
  assert.ok(objects.length >= 6);
  for (const { file, object } of objects) {
    const model = MODELS[`${object.apiVersion}/${object.kind}`];
    assert.ok(model, `${file}: ${object.apiVersion} ${object.kind} has a model in this test`);
    assert.doesNotThrow(
      () => new model(object as never).validate(),
      `${file}: ${object.kind} ${object.metadata?.name}`,
    );
  }
});

test('the gateway Deployment: two replicas, probes on /readyz and /healthz, a grace period longer than the drain', () => {
  const deployment = find('Deployment', 'mcp-dashboard');
  const pod = deployment.spec.template.spec;
  const [gateway] = pod.containers as Obj[];
  assert.equal(deployment.spec.replicas, 2);
  // A rolling upgrade starts a new pod before it stops an old one (docs/deploy.md, "Rolling upgrades").
  assert.deepEqual(deployment.spec.strategy, {
    type: 'RollingUpdate',
    rollingUpdate: { maxSurge: 1, maxUnavailable: 0 },
  });
  assert.equal(gateway!.readinessProbe.httpGet.path, '/readyz');
  assert.equal(gateway!.livenessProbe.httpGet.path, '/healthz');
  assert.equal(gateway!.startupProbe.httpGet.path, '/healthz');
  for (const probe of ['readinessProbe', 'livenessProbe', 'startupProbe'])
    assert.deepEqual(gateway![probe].httpGet.httpHeaders, [{ name: 'Host', value: 'localhost:8080' }], probe);
  const env = gateway!.env as Obj[];
  const drain = Number(env.find((e) => e.name === 'MCP_DASHBOARD_DRAIN_SECONDS')?.value ?? DEFAULT_DRAIN_SECONDS);
  assert.ok(pod.terminationGracePeriodSeconds > drain, `terminationGracePeriodSeconds > ${drain}`);
  assert.ok(pod.terminationGracePeriodSeconds > DEFAULT_DRAIN_SECONDS);
  assert.equal(pod.securityContext.runAsNonRoot, true);
  assert.equal(gateway!.securityContext.readOnlyRootFilesystem, true);
  assert.equal(gateway!.securityContext.allowPrivilegeEscalation, false);
  const mounts = Object.fromEntries((gateway!.volumeMounts as Obj[]).map((m) => [m.mountPath, m.name]));
  assert.equal(mounts['/etc/mcp-dashboard'], 'config');
  assert.ok(mounts['/var/lib/mcp-dashboard'] && mounts['/tmp'], 'writable data folder and /tmp');
  const volumes = Object.fromEntries((pod.volumes as Obj[]).map((v) => [v.name, v]));
  assert.ok(volumes[mounts['/var/lib/mcp-dashboard']!].emptyDir);
  const configMap = find('ConfigMap', volumes.config.configMap.name);
  assert.ok(configMap.data['config.json'], 'the ConfigMap holds config.json');

  const secret = find('Secret', 'mcp-dashboard-secrets');
  for (const e of env.filter((x) => x.valueFrom?.secretKeyRef)) {
    const ref = e.valueFrom.secretKeyRef;
    assert.equal(ref.name, secret.metadata.name, e.name);
    assert.ok(ref.key in secret.stringData, `the Secret has ${ref.key} (${e.name})`);
  }
  checkTeamConfig(
    configMap.data['config.json'],
    '/etc/mcp-dashboard/config.json',
    env.map((e) => e.name),
  );
});

test('the PodDisruptionBudget, the Services and the Ingress select what exists', () => {
  const podLabels = find('Deployment', 'mcp-dashboard').spec.template.metadata.labels;
  const pdb = find('PodDisruptionBudget', 'mcp-dashboard');
  assert.equal(pdb.spec.minAvailable, 1);
  assert.ok(matches(pdb.spec.selector.matchLabels, podLabels));
  const replicas = find('Service', 'mcp-dashboard-replicas');
  assert.equal(replicas.spec.clusterIP, 'None', 'headless: HAProxy resolves each pod');
  assert.ok(matches(replicas.spec.selector, podLabels));
  const balancer = find('Deployment', 'mcp-dashboard-haproxy');
  const front = find('Service', 'mcp-dashboard');
  assert.ok(matches(front.spec.selector, balancer.spec.template.metadata.labels));
  assert.ok(!matches(front.spec.selector, podLabels), 'people reach HAProxy, not a replica directly');
  const ingress = find('Ingress', 'mcp-dashboard');
  assert.equal(ingress.spec.rules[0].http.paths[0].backend.service.name, front.metadata.name);
  const env = Object.fromEntries((balancer.spec.template.spec.containers[0].env as Obj[]).map((e) => [e.name, e]));
  assert.match(env.MCPD_REPLICAS.value, new RegExp(`^${replicas.metadata.name}\\.`));
  const config = JSON.parse(find('ConfigMap', 'mcp-dashboard-config').data['config.json']);
  assert.equal(env.MCPD_PUBLIC_HOST.value, new URL(config.team.publicUrl).host);
  assert.equal(ingress.spec.rules[0].host, new URL(config.team.publicUrl).host);
});

/** `haproxy -c` on a config with these environment variables; resolves with its output. */
async function haproxyCheck(file: string, env: Record<string, string>): Promise<string> {
  try {
    const { stdout, stderr } = await exec('haproxy', ['-c', '-f', file], { env: { ...process.env, ...env } });
    return stdout + stderr;
  } catch (error) {
    const e = error as Error & { stdout?: string; stderr?: string };
    assert.fail(`haproxy -c -f ${file} failed: ${e.stderr || e.stdout || e.message}`);
  }
}

/** A config's directives without comments and blank lines, each line trimmed. */
const directives = (text: string) =>
  text
    .split('\n')
    .map((l) => l.replace(/#.*/, '').trim())
    .filter(Boolean);

test('deploy/haproxy.cfg and the Kubernetes HAProxy config pass haproxy -c and keep the same rules', async () => {
  const out = await haproxyCheck(join(deploy, 'haproxy.cfg'), {
    MCPD_BIND: '127.0.0.1:18080',
    MCPD_PUBLIC_HOST: 'localhost:18080',
    MCPD_REPLICA1: '127.0.0.1:18081',
    MCPD_REPLICA2: '127.0.0.1:18082',
    MCPD_REPLICA3: '127.0.0.1:18081',
  });
  assert.match(out, /Configuration file is valid/);

  const cluster = find('ConfigMap', 'mcp-dashboard-haproxy').data['haproxy.cfg'] as string;
  const dir = await mkdtemp(join(tmpdir(), 'deploy-haproxy-'));
  try {
    await writeFile(join(dir, 'haproxy.cfg'), cluster);
    const checked = await haproxyCheck(join(dir, 'haproxy.cfg'), {
      MCPD_BIND: ':8080',
      MCPD_PUBLIC_HOST: 'dash.example.com',
      MCPD_REPLICAS: 'mcp-dashboard-replicas.default.svc.cluster.local:8080',
    });
    assert.match(checked, /Configuration file is valid/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  // Same rules; only how the replicas are found differs (fixed addresses, or the cluster's DNS).
  const own = (text: string) =>
    directives(text).filter((l) => !/^(server|server-template|resolvers|parse-resolv-conf|hold)\b/.test(l));
  assert.deepEqual(own(cluster), own(read('deploy/haproxy.cfg')));
});

test('compose.yaml: PostgreSQL with a health check, two replicas of the image, HAProxy with deploy/haproxy.cfg', () => {
  const compose = parse(read('deploy/compose.yaml'), { merge: true }) as Obj;
  const services = compose.services as Record<string, Obj>;
  const postgres = services.postgres!;
  assert.match(postgres.image, /^postgres:15/);
  assert.ok(postgres.healthcheck.test.includes('pg_isready'));
  assert.ok(postgres.volumes.some((v: string) => v.endsWith(':/var/lib/postgresql/data')));

  const replicas = Object.keys(services).filter((name) => services[name]!.image?.startsWith('mcp-dashboard:'));
  assert.equal(replicas.length, 2, 'two replicas');
  const envNames = new Set<string>();
  for (const name of replicas) {
    const replica = services[name]!;
    assert.ok(replica.volumes.includes('./team.example.json:/etc/mcp-dashboard/config.json:ro'), name);
    assert.equal(replica.depends_on.postgres.condition, 'service_healthy', name);
    assert.ok(parseInt(replica.stop_grace_period, 10) > DEFAULT_DRAIN_SECONDS, `${name}: stop_grace_period`);
    for (const key of ['DASH_OIDC_SECRET', 'DASH_TOKEN_KEY', 'PGPASSWORD']) assert.ok(key in replica.environment);
    Object.keys(replica.environment).forEach((k) => envNames.add(k));
  }
  checkTeamConfig(read('deploy/team.example.json'), join(deploy, 'team.example.json'), [...envNames]);

  const haproxy = services.haproxy!;
  assert.match(haproxy.image, /^haproxy:2\.6/);
  const mount = (haproxy.volumes as string[]).find((v) => v.endsWith(':/usr/local/etc/haproxy/haproxy.cfg:ro'));
  assert.equal(resolve(deploy, mount!.split(':')[0]!), join(deploy, 'haproxy.cfg'));
  const env = haproxy.environment as Record<string, string>;
  for (const i of [1, 2, 3])
    assert.ok(replicas.includes(env[`MCPD_REPLICA${i}`]!.split(':')[0]!), `MCPD_REPLICA${i} is a replica`);
  assert.deepEqual(new Set([1, 2].map((i) => env[`MCPD_REPLICA${i}`]!.split(':')[0])), new Set(replicas));
  const publicUrl = new URL(JSON.parse(read('deploy/team.example.json')).team.publicUrl);
  assert.equal(env.MCPD_PUBLIC_HOST, publicUrl.host);
  assert.ok(haproxy.ports.includes(`${publicUrl.port}:${env.MCPD_BIND!.split(':').pop()}`));
  for (const name of replicas) assert.equal(haproxy.depends_on[name].condition, 'service_healthy');

  // Every variable compose interpolates is in the example env file.
  const example = new Set([...read('deploy/env.example').matchAll(/^([A-Z_][A-Z0-9_]*)=/gm)].map((m) => m[1]));
  for (const [, name] of read('deploy/compose.yaml').matchAll(/\$\{([A-Z_][A-Z0-9_]*)/g))
    assert.ok(example.has(name), `deploy/env.example names ${name}`);
});

/** Dockerfile instructions by stage: continuation lines joined, comments dropped. */
function dockerStages(text: string): { name: string; instructions: { op: string; args: string }[] }[] {
  const lines = text.replace(/\\\n/g, ' ').split('\n');
  const stages: { name: string; instructions: { op: string; args: string }[] }[] = [];
  for (const line of lines.map((l) => l.trim()).filter((l) => l && !l.startsWith('#'))) {
    const [, op, args] = /^(\w+)\s+(.*)$/.exec(line)!;
    if (op!.toUpperCase() === 'FROM')
      stages.push({ name: /\bAS\s+(\S+)/i.exec(args!)?.[1] ?? String(stages.length), instructions: [] });
    stages.at(-1)!.instructions.push({ op: op!.toUpperCase(), args: args!.replace(/\s+/g, ' ') });
  }
  return stages;
}

test('the Dockerfile: multi-stage, non-root, a health check, and it copies what the built gateway reads', () => {
  const stages = dockerStages(read('deploy/Dockerfile'));
  assert.ok(stages.length >= 2, 'multi-stage');
  const [build, runtime] = [stages[0]!, stages.at(-1)!];
  const all = (op: string) => runtime.instructions.filter((i) => i.op === op).map((i) => i.args);
  assert.ok(build.instructions.some((i) => i.op === 'RUN' && /npm ci/.test(i.args) && /--omit=dev/.test(i.args)));
  const user = all('USER').at(-1);
  assert.ok(user && !/^(root|0)(:|$)/.test(user), `the final stage runs as a non-root user (${user})`);
  assert.match(all('HEALTHCHECK').join(' '), /\/healthz/);
  assert.deepEqual(all('EXPOSE'), ['8080']);
  assert.deepEqual(all('STOPSIGNAL'), ['SIGTERM']);
  const entrypoint = JSON.parse(all('ENTRYPOINT')[0]!) as string[];
  assert.deepEqual(entrypoint, [
    'mcp-dashboard',
    ...['--config', '/etc/mcp-dashboard/config.json', '--host', '0.0.0.0', '--port', '8080', '--no-open'],
  ]);

  // What is copied from the build stage, as paths in the repository (the build stage's WORKDIR is the root).
  const workdir = build.instructions.find((i) => i.op === 'WORKDIR')!.args;
  const copied = all('COPY').map((args) => {
    const [, from, source] = /^--from=(\S+) (\S+) \S+$/.exec(args) ?? [];
    assert.equal(from, build.name, `COPY ${args} takes from the build stage`);
    return source!.slice(workdir.length + 1);
  });
  for (const path of copied)
    assert.ok(existsSync(join(root, path)), `${path} exists (after npm run build: the page and gateway bundle)`);
  assert.match(
    all('RUN').join(' '),
    new RegExp(`ln -s /app/${JSON.parse(read('package.json')).bin['mcp-dashboard']} `),
  );

  // Everything the bundle reads beside itself (resolve(packageRoot, …)) is in the image.
  const bundle = read('gateway/dist/cli.js');
  const reads = [...bundle.matchAll(/resolve\d*\(packageRoot, "([^"]+)"(?:, "([^"]+)")?/g)].map((m) =>
    m[2] && m[1] === 'gateway' ? `gateway/${m[2]}` : m[1]!,
  );
  assert.ok(reads.includes('gateway/migrations') && reads.includes('dist'));
  for (const path of reads)
    assert.ok(
      copied.some((c) => path === c || path.startsWith(`${c}/`)),
      `${path} is copied`,
    );
  // ...and every package it imports survives `npm prune --omit=dev` (vite is loaded only with --dev).
  const { dependencies } = JSON.parse(read('package.json')) as { dependencies: Record<string, string> };
  const imported = [...bundle.matchAll(/(?:\bfrom|\bimport\()\s*"([^".][^"]*)"/g)].map((m) => m[1]!);
  for (const specifier of new Set(imported.filter((s) => !s.startsWith('node:') && s !== 'vite'))) {
    const name = specifier
      .split('/')
      .slice(0, specifier.startsWith('@') ? 2 : 1)
      .join('/');
    assert.ok(name in dependencies, `the bundle imports ${specifier}: a runtime dependency`);
  }
});

test('the systemd unit: one replica per port, stopped with SIGTERM and given longer than the drain', () => {
  const unit = read('deploy/systemd/mcp-dashboard@.service');
  const value = (key: string) => new RegExp(`^${key}=(.*)$`, 'm').exec(unit)?.[1];
  assert.match(
    value('ExecStart')!,
    / --config \/etc\/mcp-dashboard\/team\.json --host 127\.0\.0\.1 --port %i --no-open$/,
  );
  assert.equal(value('KillSignal'), 'SIGTERM');
  assert.ok(Number(value('TimeoutStopSec')) > DEFAULT_DRAIN_SECONDS);
  const db = JSON.parse(read('deploy/team.example.json')).team.database.url as string;
  assert.equal(value('StateDirectory'), 'mcp-dashboard');
  assert.match(db, /^postgres:\/\/mcpd@postgres:5432\//, 'docs/deploy.md rewrites @postgres:5432 for one machine');
});
