// The dashboard as the client under test of the official MCP conformance suite.
//
// The suite starts its scenario server and runs `<this command> <server URL>` with the scenario in
// MCP_CONFORMANCE_SCENARIO (and credentials in MCP_CONFORMANCE_CONTEXT where a scenario has any).
// This driver does what a user does: it writes a config naming that server, starts the real gateway
// (the CLI), connects the project's MCPBridge to it through /mcp/<name>, and — where the server asks
// for authorization — plays the user's browser: presses Sign in (the gateway's sign-in route), opens
// the authorization URL, follows the redirect to the gateway's callback. Then it lists and calls tools.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventBus } from '../../src/core/services/event-bus.js';
import { GatewayClient } from '../../src/core/shared/gateway-api/gateway-client.js';
import { needsSignIn, startSignIn } from '../../src/core/shared/gateway-api/gateway-oauth.js';
import { MCPBridge } from '../../src/core/bridge/mcp-bridge.js';
import type { OAuthServerConfig } from '../../src/core/shared/config/oauth-config-schema.js';
import { initialValue } from '../../widgets/kit/schema-form/schema-model.js';
import { startGatewayProcess } from '../support/gateway-process.mjs';

const SERVER = 'suite';
/** Where the suite's reference client says its client metadata document lives (used only where the server supports CIMD). */
const CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';
/** A person presses Sign in at most this often for one action before giving up. */
const MAX_SIGN_INS = 3;

const log = (...parts: unknown[]) => process.stderr.write(`[driver] ${parts.map(String).join(' ')}\n`);

/**
 * The `oauth` object a user would write for this scenario's server. The suite runs each authorization
 * server on its own localhost port, which the gateway contacts only when the config names the host
 * (`allowHosts`, as a person testing against local servers writes it).
 */
export function oauthFor(scenario: string, context: Record<string, string | undefined>): OAuthServerConfig | undefined {
  if (!scenario.startsWith('auth/')) return undefined;
  return { ...scenarioOAuth(scenario, context), allowHosts: ['localhost'] };
}

function scenarioOAuth(scenario: string, context: Record<string, string | undefined>): OAuthServerConfig {
  if (scenario === 'auth/client-credentials-basic')
    return { grant: 'client_credentials', clientId: context.client_id, clientSecret: context.client_secret };
  if (scenario === 'auth/client-credentials-jwt')
    return {
      grant: 'client_credentials',
      clientId: context.client_id,
      privateKey: context.private_key_pem,
      algorithm: context.signing_algorithm ?? 'ES256',
    };
  if (scenario === 'auth/cross-app-access-complete-flow' || scenario === 'auth/enterprise-managed-authorization') {
    return {
      grant: 'cross_app_access',
      clientId: context.client_id,
      clientSecret: context.client_secret,
      idp: {
        tokenEndpoint: context.idp_token_endpoint!,
        clientId: context.idp_client_id!,
        idToken: context.idp_id_token,
      },
    };
  }
  if (scenario === 'auth/pre-registration')
    return {
      clientId: context.client_id,
      clientSecret: context.client_secret,
      ...(context.issuer ? { issuer: context.issuer } : {}),
    };
  return { clientMetadataUrl: CLIENT_METADATA_URL };
}

/** The user's browser: opens the authorization URL and follows redirects until the gateway's callback answers. */
async function signInAsBrowser(gateway: GatewayClient): Promise<void> {
  const started = await startSignIn(gateway, SERVER);
  if (started.authorized || !started.authorizationUrl) {
    log('sign-in: already authorized');
    return;
  }
  let url = started.authorizationUrl;
  for (let hop = 0; hop < 10; hop++) {
    const response = await fetch(url, { redirect: 'manual' });
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      url = new URL(location, url).href;
      continue;
    }
    const text = await response.text();
    if (url.startsWith(`${gateway.baseUrl}/oauth/callback`)) {
      if (!response.ok)
        throw new Error(
          `the gateway's callback answered ${response.status}: ${text
            .replace(/<[^>]+>/g, ' ')
            .replace(/\s+/g, ' ')
            .trim()
            .slice(0, 300)}`,
        );
      log('sign-in: callback accepted');
      return;
    }
    throw new Error(`the authorization server answered ${response.status} at ${url} instead of redirecting back`);
  }
  throw new Error('too many redirects while signing in');
}

/** Runs `action`; when the gateway says the server needs the user to sign in, signs in and tries again. */
async function withSignIn<T>(gateway: GatewayClient, what: string, action: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await action();
    } catch (error) {
      if (!needsSignIn(error) || attempt >= MAX_SIGN_INS) throw error;
      log(`${what}: ${(error as Error).message} → signing in`);
      await signInAsBrowser(gateway);
    }
  }
}

/**
 * What the user does with the scenario's server once connected: the calls the scenario names in its
 * context, else each listed tool with its form as the dashboard prefills it (the user presses Invoke).
 */
async function exercise(
  bridge: MCPBridge,
  gateway: GatewayClient,
  scenario: string,
  context: Record<string, unknown>,
): Promise<void> {
  const tools = await withSignIn(gateway, 'tools/list', () => bridge.listTools(SERVER));
  log(`tools: ${tools.map((t) => t.name).join(', ')}`);
  const call = (name: string, args: object) =>
    withSignIn(gateway, `tools/call ${name}`, () => bridge.callTool(SERVER, name, args));
  const named = context.toolCalls as Array<{ name: string; arguments?: object }> | undefined;
  if (Array.isArray(named)) {
    for (const c of named)
      await call(c.name, c.arguments ?? {}).catch((e: Error) => log(`tools/call ${c.name}: ${e.message}`));
    return;
  }
  if (scenario === 'tools_call') {
    await call('add_numbers', { a: 5, b: 3 });
    return;
  }
  if (scenario === 'json-schema-2020-12-preservation') {
    // The user copies a tool's input schema, as the dashboard shows it, into the echo tool's form.
    const echo = tools.find((t) => (t.inputSchema as { required?: string[] }).required?.includes('schema'));
    const other = tools.find((t) => t !== echo);
    if (echo && other) await call(echo.name, { schema: other.inputSchema });
    return;
  }
  for (const tool of tools) {
    await call(tool.name, (initialValue(tool.inputSchema, tool.inputSchema) ?? {}) as object).catch((e: Error) => {
      if (scenario.startsWith('auth/')) throw e;
      log(`tools/call ${tool.name}: ${e.message}`);
    });
  }
}

async function main(): Promise<void> {
  const serverUrl = process.argv.at(-1)!;
  const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
  const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as Record<string, string | undefined> &
    Record<string, unknown>;
  const dir = await mkdtemp(join(tmpdir(), 'mcp-dashboard-conformance-'));
  const oauth = oauthFor(scenario, context);
  const config = {
    mcpServers: { [SERVER]: { url: serverUrl, ...(oauth ? { oauth } : {}) } },
    dashboard: { oauth: { tokenFile: join(dir, 'oauth-tokens.json') } },
  };
  // Generous: several scenarios start their gateways at once, on a machine that may be busy.
  const gw = await startGatewayProcess({ config, readyTimeoutMs: 60_000 });
  const gateway = new GatewayClient({ baseUrl: gw.origin, token: gw.token });
  // The user accepts an elicitation form as the dashboard fills it in (schema defaults prefilled).
  const bridge = new MCPBridge({
    bus: new EventBus(),
    gateway,
    elicitationHandler: async (_server, request) => ({
      action: 'accept',
      content: (initialValue(request.requestedSchema, request.requestedSchema) ?? {}) as Record<string, unknown>,
    }),
  });
  try {
    await withSignIn(gateway, 'connect', () => bridge.connect(SERVER, 'http'));
    log('connected');
    await exercise(bridge, gateway, scenario, context);
    log('done');
  } finally {
    await bridge.disconnect(SERVER).catch(() => {});
    gateway.close();
    const stderr = gw.stderr();
    await gw.stop();
    if (stderr.trim()) process.stderr.write(`[gateway stderr]\n${stderr}\n`);
    await rm(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    log(`failed: ${(error as Error)?.stack ?? String(error)}`);
    process.exit(1);
  },
);
