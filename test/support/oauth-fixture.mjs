// Starts test/fixtures/oauth-server.mjs (an OAuth-protected MCP server with an auto-approving
// authorization server) and plays a browser through a sign-in with plain fetch.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './gateway-process.mjs';

/** @returns {Promise<{ url: string, mcpUrl: string, stats(): Promise<any>, expireTokens(): Promise<void>, revokeAll(): Promise<void>, echoTokenRequests(): Promise<void>, stop(): Promise<void> }>} */
export async function startOAuthFixture() {
  const child = spawn(process.execPath, [join(repoRoot, 'test', 'fixtures', 'oauth-server.mjs')], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /oauth fixture on (\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`oauth fixture exited with code ${code}`)));
  });
  return {
    url,
    mcpUrl: `${url}/mcp`,
    stats: async () => (await fetch(`${url}/test/stats`)).json(),
    expireTokens: async () => {
      await fetch(`${url}/test/expire-tokens`, { method: 'POST' });
    },
    echoTokenRequests: async () => {
      await fetch(`${url}/test/echo-token-requests`, { method: 'POST' });
    },
    revokeAll: async () => {
      await fetch(`${url}/test/revoke-all`, { method: 'POST' });
    },
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill();
      await exited;
    },
  };
}

/**
 * Opens `authorizationUrl` as a browser would (following redirects by hand, no cookies but `cookie`, which
 * is sent to `cookie.origin` only) until a page answers; returns the last URL, its status and text.
 * @param {string} authorizationUrl
 * @param {{ origin: string, value: string }} [cookie]
 */
export async function followAsBrowser(authorizationUrl, cookie) {
  let url = authorizationUrl;
  for (let hop = 0; hop < 10; hop++) {
    const headers = cookie && new URL(url).origin === cookie.origin ? { cookie: cookie.value } : {};
    const response = await fetch(url, { redirect: 'manual', headers });
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      url = new URL(location, url).href;
      continue;
    }
    return { url, status: response.status, text: await response.text(), headers: response.headers };
  }
  throw new Error('too many redirects');
}
