import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import type { Brand } from '../../src/core/shared/brand/brand-schema.js';
import { loadBrand } from './config/brand.js';
import { packageRoot } from './config/package-root.js';
import { loadTeamLayouts } from './config/layouts.js';
import type { TeamDashboard } from '../../src/core/shared/layout/layout-types.js';
import { ConfigFileError, loadConfigFile } from './config/config.js';
import { limitsFromEnv } from './config/limits.js';
import { openBrowser } from './launch/open-browser.js';
import { parseAllowedOrigin } from './http/security.js';
import { startGateway, type Gateway } from './http/server.js';
import { teamSandboxNote } from './http/sandbox-server.js';
import { runAuditCommand } from './audit/audit-cli.js';
import { printError, printOut } from './terminal/terminal-text.js';
import { teamSettings, type TeamSettings } from './team/settings.js';
import { watchConfig } from './config/config-watch.js';
import { drainBoundMs } from './http/drain.js';
import { planSandboxPort } from './config/sandbox-ports.js';

const HELP = `Usage: mcp-dashboard [options]

Starts the local gateway for your MCP servers and opens the dashboard. The address it prints
opens the dashboard once, within a minute; press Enter in this terminal for a new one.

Options:
  --config <file>        config file (default: ./mcp-dashboard.config.json)
  --port <n>             port to listen on (default: 0 = any free port)
  --host <address>       address to listen on (default: 127.0.0.1; team mode behind a proxy may need another)
  --sandbox-port <n>     port of the MCP Apps sandbox, part of every app's origin (default: the one this config
                         used last time, so apps keep their saved data; 0 = any free port each start)
  --no-open              do not open a browser tab
  --allow-origin <url>   also accept API calls from this loopback origin (repeatable; for dev tools)
  --dev                  serve the UI with Vite (hot reload) instead of the built files
  -h, --help             show this help

Commands:
  mcp-dashboard audit verify <file | postgres://…>   check a team audit log's hash chain
`;

/** Parses argv; throws with a user-facing message on bad flags. */
export function parseCli(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      config: { type: 'string', default: 'mcp-dashboard.config.json' },
      port: { type: 'string', default: '0' },
      host: { type: 'string', default: '127.0.0.1' },
      'sandbox-port': { type: 'string' },
      open: { type: 'boolean', default: true },
      'no-open': { type: 'boolean', default: false },
      'allow-origin': { type: 'string', multiple: true, default: [] },
      dev: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    allowPositionals: false,
    strict: true,
  });
  const portOf = (flag: string, text: string) => {
    const n = Number(text);
    if (!text.trim() || !Number.isInteger(n) || n < 0 || n > 65535)
      throw new Error(`--${flag} must be a whole number from 0 to 65535, not "${text}".`);
    return n;
  };
  const sandboxPort = values['sandbox-port'];
  return {
    config: values.config!,
    port: portOf('port', values.port!),
    sandboxPort: sandboxPort === undefined ? undefined : portOf('sandbox-port', sandboxPort),
    host: values.host!,
    open: values.open! && !values['no-open'],
    allowOrigins: (values['allow-origin'] ?? []).map(parseAllowedOrigin),
    dev: values.dev!,
    help: values.help!,
  };
}

/**
 * A launch address works once and for a minute. In a terminal, Enter prints (and opens) a new one:
 * for a second browser, a tab that was closed, or an address that expired before it was opened.
 */
function offerNewAddresses(gateway: Gateway, open: boolean, keepMs: number): void {
  if (!process.stdin.isTTY) return;
  printError(
    'mcp-dashboard: press Enter here for a new address (each one opens the dashboard once, within a minute).\n',
  );
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk: string) => {
    if (!chunk.includes('\n') && !chunk.includes('\r')) return;
    const url = gateway.launchUrl();
    printOut(`Dashboard ready: ${url}\n`);
    if (open) void openBrowser(gateway.launchUrl(), { keepMs });
  });
}

/** Runs the CLI; resolves with the gateway (tests) or exits the process on a fatal error. */
export async function main(argv = process.argv.slice(2)): Promise<Gateway | undefined> {
  if (argv[0] === 'audit') {
    process.exitCode = await runAuditCommand(argv.slice(1));
    return undefined;
  }
  let options: ReturnType<typeof parseCli>;
  try {
    options = parseCli(argv);
  } catch (error) {
    printError(`mcp-dashboard: ${(error as Error).message}\n\n${HELP}`);
    process.exitCode = 2;
    return undefined;
  }
  if (options.help) {
    printOut(HELP);
    return undefined;
  }
  let loaded;
  let team: TeamSettings | undefined;
  let brand: Brand | null;
  let layouts: TeamDashboard[];
  let limits;
  try {
    limits = limitsFromEnv();
  } catch (error) {
    printError(`mcp-dashboard: ${(error as Error).message}\n`);
    process.exitCode = 2;
    return undefined;
  }
  try {
    loaded = await loadConfigFile(options.config);
    for (const warning of loaded.warnings) printError(`mcp-dashboard: warning: ${warning}\n`);
    brand = await loadBrand(loaded.config, loaded.file);
    layouts = await loadTeamLayouts(loaded.config, loaded.file);
    team = teamSettings(loaded.config, loaded.file);
  } catch (error) {
    if (error instanceof ConfigFileError) {
      printError(`mcp-dashboard: ${error.message}\n`);
      process.exitCode = 1;
      return undefined;
    }
    throw error;
  }

  let uiMiddleware;
  let closeVite: (() => Promise<void>) | undefined;
  if (options.dev) {
    const { createServer } = await import('vite');
    const vite = await createServer({ root: packageRoot, server: { middlewareMode: true }, appType: 'spa' });
    uiMiddleware = vite.middlewares;
    closeVite = () => vite.close();
  }

  const warn = (line: string) => printError(`mcp-dashboard: warning: ${line}\n`);
  // Behind a team proxy the sandbox has its fixed port (team.sandbox.port): nothing to choose or remember.
  if (team?.sandbox?.port !== undefined && options.sandboxPort !== undefined)
    warn(`--sandbox-port is ignored: team.sandbox.port ${team.sandbox.port} is used.`);
  const sandboxPlan = await planSandboxPort({
    flag: team?.sandbox?.port !== undefined ? 0 : options.sandboxPort,
    configFile: loaded.file,
    warn,
  });
  let gateway: Gateway;
  try {
    gateway = await startGateway({
      config: loaded.config,
      configFile: loaded.file,
      port: options.port,
      uiDir: resolve(packageRoot, 'dist'),
      extraOrigins: options.allowOrigins,
      limits,
      uiMiddleware,
      brand,
      layouts,
      missingInputs: loaded.missingInputs,
      host: options.host,
      team,
      sandboxPort: sandboxPlan.listen,
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const message =
      code === 'EADDRINUSE'
        ? `port ${options.port} is already in use; pick another with --port <n> (0 = any free port).`
        : (error as Error).message;
    printError(`mcp-dashboard: ${message}\n`);
    process.exitCode = 1;
    await closeVite?.();
    return undefined;
  }

  const moved = await sandboxPlan.settle(gateway.sandboxPort);
  if (moved) printError(`mcp-dashboard: ${moved}\n`);
  const names = Object.keys(loaded.config.mcpServers);
  printError(`mcp-dashboard: ${names.length} server(s) from ${loaded.file}: ${names.join(', ') || '(none)'}\n`);
  if (team) {
    // Team mode: people sign in at the public address; there are no launch codes to print or open.
    printOut(`Dashboard ready: ${team.publicOrigin}/ (team mode: people sign in with ${team.oidc.issuer})\n`);
    printError(`mcp-dashboard: team audit log: ${gateway.team!.audit.path}\n`);
    const sandboxAt = { host: options.host ?? '127.0.0.1', port: gateway.sandboxPort };
    printError(`mcp-dashboard: ${teamSandboxNote(team.sandbox, sandboxAt)}\n`);
    watchConfig(loaded.file, gateway);
    return installStop(gateway, closeVite);
  }
  watchConfig(loaded.file, gateway);
  printOut(`Dashboard ready: ${gateway.url}\n`);
  // The browser gets its own launch code, through a file only this user can read (open-browser.ts).
  if (options.open) void openBrowser(gateway.launchUrl(), { keepMs: limits.launchCodeTtlMs });
  offerNewAddresses(gateway, options.open, limits.launchCodeTtlMs);
  return installStop(gateway, closeVite);
}

/**
 * Stops the gateway cleanly: on SIGINT at once (a person at the terminal), on SIGTERM (an orchestrator, a
 * balancer's rolling restart) after draining — no new sessions, the calls in flight finish within the bound.
 */
function installStop(gateway: Gateway, closeVite: (() => Promise<void>) | undefined): Gateway {
  let stopping = false;
  const stop = async (drainMs: number) => {
    if (stopping) return;
    stopping = true;
    if (drainMs > 0) {
      printOut(`Draining: no new sessions; waiting up to ${drainMs / 1000} s for the calls in flight.\n`);
      const left = await gateway.drain(drainMs);
      if (left) printError(`mcp-dashboard: stopping with ${left} call(s) still running after the drain.`);
    }
    await gateway.close().catch(() => {});
    await closeVite?.();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop(0));
  process.once('SIGTERM', () => void stop(drainBoundMs()));
  return gateway;
}
