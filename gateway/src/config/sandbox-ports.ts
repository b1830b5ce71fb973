import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { dashboardConfigHome } from './config-home.js';

/**
 * The MCP Apps sandbox port each config file used last time, so that a restart keeps every app's origin
 * (`http://<label>.localhost:<sandbox port>`) and with it what the app saved in the browser: its localStorage,
 * IndexedDB and the device permissions the browser keeps per origin. docs/decisions/mcp-apps-sandbox-port.md
 */

/** `$XDG_CONFIG_HOME/mcp-dashboard/sandbox-ports.json` (default `~/.config/...`), beside the OAuth tokens. */
export function defaultSandboxPortsFile(env: NodeJS.ProcessEnv = process.env): string {
  return join(dashboardConfigHome(env), 'sandbox-ports.json');
}

interface PortsFile {
  version: 1;
  /** Absolute path of a config file → the sandbox port its gateway used. */
  ports: Record<string, number>;
}

const isPort = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 65535;

/**
 * Reads the remembered ports; a missing file is none. A file that cannot be read or parsed is none too, with one
 * warning: it only saves apps their storage, never worth stopping a start for (it is rewritten on the next save).
 */
export async function readSandboxPorts(file: string, warn: (line: string) => void): Promise<Map<string, number>> {
  const ports = new Map<string, number>();
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      warn(`cannot read ${file} (${(error as Error).message}); MCP Apps get a new sandbox port this time.`);
    return ports;
  }
  try {
    const parsed = JSON.parse(text) as Partial<PortsFile> | null;
    if (
      parsed?.version !== 1 ||
      typeof parsed.ports !== 'object' ||
      parsed.ports === null ||
      Array.isArray(parsed.ports)
    )
      throw new Error('not a version-1 sandbox ports file');
    for (const [config, port] of Object.entries(parsed.ports)) if (isPort(port)) ports.set(config, port);
  } catch (error) {
    warn(`ignored ${file}, which could not be parsed (${(error as Error).message}); it is rewritten on the next save.`);
  }
  return ports;
}

/**
 * Remembers `port` for `configFile`: the whole file is written to a temporary file (mode 0600, in a 0700 folder)
 * and renamed over the old one, so a crash never leaves half a file. Entries whose config file no longer exists are
 * dropped on the way.
 */
export async function rememberSandboxPort(
  file: string,
  configFile: string,
  port: number,
  warn: (line: string) => void,
): Promise<void> {
  const current = await readSandboxPorts(file, () => {});
  current.set(resolve(configFile), port);
  const ports = Object.create(null) as Record<string, number>;
  for (const [config, p] of current) if (existsSync(config)) ports[config] = p;
  const text = `${JSON.stringify({ version: 1, ports } satisfies PortsFile, null, 2)}\n`;
  const temp = `${file}.${process.pid}.tmp`;
  try {
    await mkdir(dirname(file), { recursive: true, mode: 0o700 });
    await writeFile(temp, text, { mode: 0o600 });
    await chmod(temp, 0o600);
    await rename(temp, file);
  } catch (error) {
    warn(`could not remember the MCP Apps sandbox port in ${file} (${(error as Error).message}).`);
  }
}

/** How the sandbox port is chosen at a start, and what is said and saved once the sandbox listens. */
export interface SandboxPortPlan {
  /** The port to ask for (0 = any free one), and whether a taken one may be replaced by any free one. */
  listen: { port: number; orAnyPort: boolean };
  /** Saves the port the sandbox got when it is new; resolves with the line to print when apps lost their origins. */
  settle(actual: number): Promise<string | undefined>;
}

/**
 * `--sandbox-port` as given (0 = any free port, nothing remembered); else the port this config file's gateway used
 * last time, or any free one when there is none or it is taken — remembered for the next start.
 */
export async function planSandboxPort(options: {
  flag: number | undefined;
  configFile: string;
  file?: string;
  warn: (line: string) => void;
}): Promise<SandboxPortPlan> {
  if (options.flag !== undefined)
    return { listen: { port: options.flag, orAnyPort: false }, settle: () => Promise.resolve(undefined) };
  const file = options.file ?? defaultSandboxPortsFile();
  const configFile = resolve(options.configFile);
  const remembered = (await readSandboxPorts(file, options.warn)).get(configFile);
  return {
    listen: { port: remembered ?? 0, orAnyPort: true },
    async settle(actual) {
      if (actual === remembered) return undefined;
      await rememberSandboxPort(file, configFile, actual, options.warn);
      if (remembered === undefined) return undefined;
      return (
        `port ${remembered}, where MCP Apps ran last time, is taken: apps get new origins this time (port ${actual}), ` +
        `so what they saved in this browser is not found. Port ${actual} is remembered for the next start.`
      );
    },
  };
}
