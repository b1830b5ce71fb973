import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, dirname, resolve } from 'node:path';
import {
  importConfig,
  stripJsonComments,
  type ImportContext,
  type MissingInput,
} from '../../../src/core/shared/config/config-import.js';
import type { DashboardConfig } from '../../../src/core/shared/config/config-schema.js';
import { configProblems } from '../../../src/core/shared/config/config-validate.js';
import { readFailure } from './read-failure.js';

/** A config file that cannot be used; `message` is what the user reads (no stack trace). */
export class ConfigFileError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`Config error in ${file}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigFileError';
  }
}

/** A config as the gateway uses it, with what it had to say about the file. */
export interface LoadedConfig {
  config: DashboardConfig;
  file: string;
  /** One line each: keys the dashboard does not use, unset variables, unreadable env files. */
  warnings: string[];
  /** Servers that cannot start until a VS Code `${input:…}` gets a value. */
  missingInputs: MissingInput[];
}

/** Line and column of a JSON.parse failure, from the position V8 reports. */
function locate(text: string, message: string): string {
  const match = /position (\d+)/.exec(message);
  if (!match) return '';
  const position = Number(match[1]);
  const before = text.slice(0, position);
  const line = before.split('\n').length;
  const column = position - before.lastIndexOf('\n');
  return ` (line ${line}, column ${column})`;
}

/** Validates a config already in the dashboard's shape. */
export function validateConfig(value: unknown, file: string): DashboardConfig {
  const problems = configProblems(value);
  if (problems.length) throw new ConfigFileError(file, problems);
  return value as DashboardConfig;
}

/** The workspace of a file in `<workspace>/.vscode/` or `<workspace>/.cursor/`, else the file's folder. */
function workspaceOf(file: string): string {
  const dir = dirname(file);
  return ['.vscode', '.cursor', '.roo', '.windsurf'].includes(basename(dir)) ? dirname(dir) : dir;
}

/** The environment the gateway expands `${env:…}` and `${input:…}` from. */
export function processContext(file: string): ImportContext {
  return { env: (name) => process.env[name], home: homedir(), workspace: workspaceOf(file) };
}

/** Parses config text in any supported client's format (JSON with comments allowed); errors name the file, the JSON path and what is wrong. */
export function readConfig(
  text: string,
  file: string,
  context: ImportContext = processContext(file),
): Omit<LoadedConfig, 'file'> & { envFiles: Record<string, string> } {
  let value: unknown;
  const json = stripJsonComments(text);
  try {
    value = JSON.parse(json);
  } catch (error) {
    const message = (error as Error).message.replace(/\s*\(line \d+ column \d+\)$/, '');
    throw new ConfigFileError(file, [`not valid JSON${locate(json, (error as Error).message)}: ${message}`]);
  }
  const imported = importConfig(value, file, context);
  const config = validateConfig(imported.config, file);
  return { config, warnings: imported.warnings, missingInputs: imported.missingInputs, envFiles: imported.envFiles };
}

/** Parses config text (the dashboard's own or another client's); throws ConfigFileError. */
export function parseConfig(text: string, file: string): DashboardConfig {
  return readConfig(text, file).config;
}

/** `KEY=value` lines of an env file (`#` comments, optional `export`, optional quotes). */
export function parseEnvFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const match = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!match) continue;
    let value = match[2]!;
    if (/^(["']).*\1$/.test(value)) value = value.slice(1, -1);
    env[match[1]!] = value;
  }
  return env;
}

/** Reads and validates a config file; a server's `envFile` is read and put under its `env` (which wins). */
export async function loadConfigFile(path: string): Promise<LoadedConfig> {
  const file = resolve(path);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const reason = readFailure(error);
    throw new ConfigFileError(file, [`cannot read the config file: ${reason}. Pass another one with --config <file>.`]);
  }
  const { config, warnings, missingInputs, envFiles } = readConfig(text, file);
  for (const [name, envFile] of Object.entries(envFiles)) {
    const server = config.mcpServers[name];
    if (!server || !('command' in server)) continue;
    const envPath = resolve(dirname(file), envFile);
    try {
      server.env = { ...parseEnvFile(await readFile(envPath, 'utf8')), ...(server.env ?? {}) };
    } catch (error) {
      warnings.push(
        `${file}: cannot read the envFile "${envPath}" of server "${name}" (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); starting it without.`,
      );
    }
  }
  return { config, file, warnings, missingInputs };
}
