// Browser-side helpers: start a real gateway process for a test and stop it afterwards.
import { executeServerCommand } from '@web/test-runner-commands';
import { executeLongCommand } from './long-command.js';

/** A gateway started for one test file. */
export interface TestGateway {
  id: string;
  url: string;
  origin: string;
  port: number;
  token: string;
}

/** Three servers of the default config (mcp-dashboard.config.json), shared as it has them. */
export const DEFAULT_SERVERS = {
  everything: { command: 'mcp-server-everything', args: ['stdio'], shared: true },
  'basic-vanillajs': { command: 'mcp-server-basic-vanillajs', args: ['--stdio'], shared: true },
  'system-monitor': { command: 'mcp-system-monitor-server', args: ['--stdio'], shared: true },
};

/** Starts `mcp-dashboard` with `config`, allowing this test page's origin; `starting` learns its id at once. */
export async function startGateway(
  config: { mcpServers: Record<string, unknown>; dashboard?: Record<string, unknown> },
  starting?: (id: string) => void,
): Promise<TestGateway> {
  // A slow start (a busy machine) outlasts web-test-runner's 20 s command limit: the page asks again, until the
  // gateway's own start deadline (test/support/gateway-process.mjs).
  return executeLongCommand<TestGateway, { config: unknown; origin: string }>(
    'gateway-start',
    { config, origin: location.origin },
    starting,
  );
}

/** Stops a gateway (one still starting, once it has started) and every server it started. */
export async function stopGateway(gateway: Pick<TestGateway, 'id'> | undefined): Promise<void> {
  if (gateway) await executeServerCommand('gateway-stop', { id: gateway.id });
}

/** Kills the gateway's child processes (the MCP servers) to simulate a crash; returns their pids. */
export async function killServers(gateway: TestGateway): Promise<number[]> {
  return (await executeServerCommand<number[], { id: string }>('gateway-kill-children', { id: gateway.id })) ?? [];
}

/** Pids of the gateway's child processes. */
export async function serverPids(gateway: TestGateway): Promise<number[]> {
  return (await executeServerCommand<number[], { id: string }>('gateway-children', { id: gateway.id })) ?? [];
}

/** Polls `check` until it returns a truthy value or `timeoutMs` passes. */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  timeoutMs = 10_000,
  what = 'condition',
): Promise<NonNullable<T>> {
  const start = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() - start > timeoutMs) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

// Chromium reports "ResizeObserver loop completed with undelivered notifications" as a window error
// when a virtualised list re-measures within one frame (busy CI machines). Browsers do not show it to
// users and nothing is lost; mocha would count it as a failure of whichever test is running.
window.addEventListener(
  'error',
  (event) => {
    if (/ResizeObserver loop/.test(String(event.message))) {
      event.stopImmediatePropagation();
      event.preventDefault();
    }
  },
  true,
);
