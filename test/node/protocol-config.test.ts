// The "protocol" key of a server: accepted with the two revisions on both kinds of server, kept by the import of
// another client's config, and what it makes of the gateway's era verdict before anything is sent (a stdio server
// is asked about 2026 only when the key says it speaks it). Why: docs/decisions/gateway-era-probe.md.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { configProblems } from '../../src/core/shared/config/config-validate.js';
import { importConfig } from '../../src/core/shared/config/config-import.js';
import { initialVerdict } from '../../gateway/src/relay/modern-relay.js';
import type { ServerFacts } from '../../gateway/src/relay/session-host.js';

test('"protocol" is accepted as 2025-11-25 or 2026-07-28 on a command and a url server; another value is refused, naming the key', () => {
  assert.deepEqual(
    configProblems({
      mcpServers: {
        a: { command: 'srv', protocol: '2026-07-28' },
        b: { command: 'srv', protocol: '2025-11-25' },
        c: { url: 'https://example.test/mcp', protocol: '2025-11-25' },
      },
    }),
    [],
  );
  assert.match(configProblems({ mcpServers: { a: { command: 'srv', protocol: '2026' } } }).join('\n'), /protocol/);
  assert.match(
    configProblems({ mcpServers: { a: { url: 'https://example.test/mcp', protocol: 'latest' } } }).join('\n'),
    /protocol/,
  );
});

test('a config written for another client keeps "protocol" without a warning', () => {
  const imported = importConfig({ mcpServers: { a: { command: 'srv', protocol: '2026-07-28' } } }, 'c.json');
  assert.deepEqual(imported.config.mcpServers.a, { command: 'srv', protocol: '2026-07-28' });
  assert.deepEqual(imported.warnings, []);
});

test('the era verdict before any probe: stdio servers are 2025 unless configured 2026-07-28; HTTP servers are asked unless configured 2025-11-25; HTTP+SSE is 2025', () => {
  const facts = (transport: 'stdio' | 'http', httpKind?: ServerFacts['httpKind']): ServerFacts => ({
    name: 's',
    transport,
    httpKind,
    site: { name: 's', configFile: 'c.json' },
    url: transport === 'http' ? 'https://example.test/mcp' : undefined,
    stdio: transport === 'stdio' ? { command: 'srv', cwd: '/' } : undefined,
  });
  assert.equal(initialVerdict(facts('stdio'), undefined), 'legacy');
  assert.equal(initialVerdict(facts('stdio'), '2025-11-25'), 'legacy');
  assert.equal(initialVerdict(facts('stdio'), '2026-07-28'), 'unknown');
  assert.equal(initialVerdict(facts('http', 'auto'), undefined), 'unknown');
  assert.equal(initialVerdict(facts('http', 'streamable-http'), '2026-07-28'), 'unknown');
  assert.equal(initialVerdict(facts('http', 'streamable-http'), '2025-11-25'), 'legacy');
  assert.equal(initialVerdict(facts('http', 'sse'), '2026-07-28'), 'legacy');
});
