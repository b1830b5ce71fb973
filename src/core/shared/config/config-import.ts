/**
 * Reads MCP server configs written for other clients — Claude Desktop and Claude Code (`mcpServers`),
 * VS Code (`servers`, or `mcp.servers` in settings.json, `type`, `inputs`, `${env:…}`, `${input:…}`),
 * Cursor, Cline / Roo Code (`transportType`, `autoApprove`, `alwaysAllow`, `timeout`, `disabled`) and
 * Windsurf (`serverUrl`) — and turns them into the dashboard's own shape (config-schema.ts). Keys
 * the dashboard does not use become one warning line each, naming the key and the file; they never
 * stop start-up. Pure: the gateway passes the environment, the browser's Servers screen passes none.
 */

/** How each per-server key is treated. To support a new key, add it here (and to config-schema.ts if it is kept). */
const SERVER_KEYS: Record<string, 'keep' | 'translate' | { ignored: string }> = {
  command: 'keep',
  args: 'keep',
  env: 'keep',
  cwd: 'keep',
  url: 'keep',
  headers: 'keep',
  oauth: 'keep',
  disabled: 'keep',
  single: 'keep',
  shared: 'keep',
  maxChildren: 'keep',
  protocol: 'keep',
  type: 'translate',
  transportType: 'translate',
  serverUrl: 'translate',
  httpUrl: 'translate',
  envFile: 'translate',
  autoApprove: {
    ignored:
      'the dashboard never approves tool calls by a list in the config; it asks, and you can remember a consent per tool',
  },
  alwaysAllow: {
    ignored:
      'the dashboard never approves tool calls by a list in the config; it asks, and you can remember a consent per tool',
  },
  disabledTools: { ignored: 'the dashboard shows every tool the server lists; its policy decides what may be called' },
  timeout: { ignored: 'the dashboard uses its own request timeouts' },
  networkTimeout: { ignored: 'the dashboard uses its own request timeouts' },
  watchPaths: { ignored: 'the dashboard does not restart servers when files change' },
  description: { ignored: 'not shown' },
  dev: { ignored: "VS Code's development mode is not supported" },
};

/** Transport names used by other clients → the dashboard's `type`. */
const TYPES: Record<string, 'stdio' | 'http' | 'sse'> = {
  stdio: 'stdio',
  local: 'stdio',
  http: 'http',
  'streamable-http': 'http',
  streamableHttp: 'http',
  streamable_http: 'http',
  sse: 'sse',
};

/** A value VS Code would ask the user for (`${input:id}`), declared in the file's `inputs`. */
export interface ConfigInput {
  id: string;
  description: string;
  password: boolean;
  default?: string;
}

/** Where the importer gets values from; the browser gives none (it shows what would be needed). */
export interface ImportContext {
  /** An environment variable's value. */
  env?: (name: string) => string | undefined;
  /** The user's home folder, for `${userHome}`. */
  home?: string;
  /** The workspace folder, for `${workspaceFolder}`. */
  workspace?: string;
  /** Leave `${env:…}` and `${input:…}` in place (they are still listed), for a config to be saved and read again by the gateway. */
  keepVariables?: boolean;
}

/** A `${input:…}` that has no value: the server cannot start until it gets one. */
export interface MissingInput {
  server: string;
  input: ConfigInput;
  /** The environment variable that supplies it. */
  envName: string;
}

/** What was understood from a config file. */
export interface ImportResult {
  /** Which client the file looks written for. */
  format: 'dashboard' | 'claude' | 'vscode' | 'vscode-settings' | 'cursor-or-cline';
  /** The config in the dashboard's shape (still to be validated against configSchema). */
  config: Record<string, unknown> & { mcpServers: Record<string, Record<string, unknown>> };
  /** One line per key the dashboard does not use (and per unset variable), naming the key and the file. */
  warnings: string[];
  missingInputs: MissingInput[];
  /** `envFile` per server, relative to the config file (the gateway reads them). */
  envFiles: Record<string, string>;
  /** Environment variables the config refers to, per server (names only, never values). */
  variables: Record<string, string[]>;
}

/** The environment variable that supplies VS Code input `id`: `MCP_INPUT_` and the id in capitals. */
export function inputEnvName(id: string): string {
  return `MCP_INPUT_${id.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function readInputs(raw: unknown): Map<string, ConfigInput> {
  const inputs = new Map<string, ConfigInput>();
  if (!Array.isArray(raw)) return inputs;
  for (const entry of raw) {
    if (!isObject(entry) || typeof entry.id !== 'string') continue;
    inputs.set(entry.id, {
      id: entry.id,
      description: typeof entry.description === 'string' ? entry.description : '',
      password: entry.password === true,
      ...(typeof entry.default === 'string' ? { default: entry.default } : {}),
    });
  }
  return inputs;
}

/** Finds the servers object and names the format. */
function locateServers(raw: Record<string, unknown>): {
  servers: unknown;
  format: ImportResult['format'];
  rest: Record<string, unknown>;
} {
  // `inputs` stays: a converted file keeps its `${input:…}` descriptions for the next read.
  const { mcpServers, servers, mcp, ...rest } = raw;
  if (mcpServers !== undefined) return { servers: mcpServers, format: 'claude', rest };
  if (servers !== undefined) return { servers, format: 'vscode', rest };
  if (isObject(mcp) && mcp.servers !== undefined)
    return {
      servers: mcp.servers,
      format: 'vscode-settings',
      rest: mcp.inputs === undefined ? rest : { ...rest, inputs: mcp.inputs },
    };
  return { servers: undefined, format: 'claude', rest: raw };
}

/**
 * Turns a parsed config file into the dashboard's shape. Structural problems (a server that is not an
 * object, `args` that are not strings) are left for the schema check, which names them precisely.
 */
export function importConfig(raw: unknown, file: string, context: ImportContext = {}): ImportResult {
  const warnings: string[] = [];
  const missingInputs: MissingInput[] = [];
  const envFiles: Record<string, string> = {};
  const variables: Record<string, string[]> = {};
  if (!isObject(raw))
    return { format: 'claude', config: raw as ImportResult['config'], warnings, missingInputs, envFiles, variables };
  const inputs = readInputs(isObject(raw.mcp) ? (raw.mcp.inputs ?? raw.inputs) : raw.inputs);
  const located = locateServers(raw);
  let format = located.format;
  if (!isObject(located.servers)) {
    return {
      format,
      config: { ...located.rest, mcpServers: located.servers as never },
      warnings,
      missingInputs,
      envFiles,
      variables,
    };
  }
  const ignored = new Map<string, { servers: string[]; reason: string | undefined }>();
  const unset = new Map<string, string[]>();
  const out: Record<string, Record<string, unknown>> = {};
  for (const [name, entry] of Object.entries(located.servers)) {
    if (!isObject(entry)) {
      out[name] = entry as never;
      continue;
    }
    const used = new Set<string>();
    const expand = (value: string): string =>
      value.replace(/\$\{([^}]*)\}/g, (whole, expression: string) => {
        if (expression === 'userHome') return context.home ?? whole;
        if (expression === 'workspaceFolder') return context.workspace ?? whole;
        if (expression === 'pathSeparator') return '/';
        if (expression.startsWith('input:')) {
          const id = expression.slice('input:'.length);
          const input = inputs.get(id) ?? { id, description: '', password: false };
          const envName = inputEnvName(id);
          const found = context.env?.(envName) ?? input.default;
          if (found !== undefined && !context.keepVariables) return found;
          if (found === undefined && !missingInputs.some((m) => m.server === name && m.input.id === id))
            missingInputs.push({ server: name, input, envName });
          return context.keepVariables ? whole : '';
        }
        // `${env:NAME}` (VS Code, Cursor) and `${NAME}` / `${NAME:-default}` (Claude Code).
        const match = /^(?:env:)?([A-Za-z_][A-Za-z0-9_]*)(?::-(.*))?$/.exec(expression);
        if (!match) return whole;
        const [, variable, fallback] = match as unknown as [string, string, string | undefined];
        used.add(variable);
        if (context.keepVariables) return whole;
        const found = context.env?.(variable);
        if (found !== undefined) return found;
        if (fallback !== undefined) return fallback;
        if (context.env) unset.set(variable, [...(unset.get(variable) ?? []), name]);
        return '';
      });
    const server: Record<string, unknown> = {};
    let type: string | undefined;
    for (const [key, value] of Object.entries(entry)) {
      const rule = SERVER_KEYS[key];
      if (rule === undefined || typeof rule === 'object') {
        const known = ignored.get(key) ?? { servers: [], reason: typeof rule === 'object' ? rule.ignored : undefined };
        known.servers.push(name);
        ignored.set(key, known);
        if (key === 'autoApprove' || key === 'alwaysAllow') format = 'cursor-or-cline';
        continue;
      }
      if (rule === 'keep') {
        server[key] = expandDeep(value, expand);
        continue;
      }
      if (key === 'type' || key === 'transportType') {
        if (key === 'transportType') format = 'cursor-or-cline';
        const mapped = typeof value === 'string' ? TYPES[value] : undefined;
        if (mapped === undefined) {
          server.type = value; // left for the schema check to name
        } else if (type === undefined || key === 'type') {
          type = mapped;
        }
      } else if (key === 'serverUrl' || key === 'httpUrl') {
        if (entry.url === undefined) server.url = expandDeep(value, expand);
        if (key === 'httpUrl' && type === undefined) type = 'http';
      } else if (key === 'envFile' && typeof value === 'string') {
        envFiles[name] = expand(value);
      }
    }
    if (type !== undefined) {
      // `stdio` is implied by `command`; the dashboard's HTTP types are `http` and `sse`.
      if (type !== 'stdio' || server.command !== undefined) server.type = type;
    }
    if (used.size) variables[name] = [...used];
    out[name] = server;
  }
  for (const [key, { servers, reason }] of ignored) {
    warnings.push(
      `${file}: ignoring "${key}" (${servers.length === 1 ? 'server' : 'servers'} ${servers.map((s) => `"${s}"`).join(', ')}): ${reason ?? 'the dashboard does not know this key'}.`,
    );
  }
  for (const [variable, servers] of unset) {
    warnings.push(
      `${file}: the environment variable ${variable} is not set (used by ${[...new Set(servers)].map((s) => `"${s}"`).join(', ')}); using an empty value.`,
    );
  }
  return {
    format: format === 'claude' && located.format === 'claude' && raw.dashboard !== undefined ? 'dashboard' : format,
    config: { ...located.rest, mcpServers: out },
    warnings,
    missingInputs,
    envFiles,
    variables,
  };
}

function expandDeep(value: unknown, expand: (s: string) => string): unknown {
  if (typeof value === 'string') return expand(value);
  if (Array.isArray(value)) return value.map((v) => expandDeep(v, expand));
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, expandDeep(v, expand)]));
  return value;
}

/** Index of the next character after `i` that is not whitespace or inside a comment. */
function nextSignificant(text: string, i: number): number {
  while (i < text.length) {
    if (/\s/.test(text[i]!)) i += 1;
    else if (text.startsWith('//', i)) i = text.indexOf('\n', i) < 0 ? text.length : text.indexOf('\n', i);
    else if (text.startsWith('/*', i)) i = text.indexOf('*/', i + 2) < 0 ? text.length : text.indexOf('*/', i + 2) + 2;
    else return i;
  }
  return i;
}

/**
 * JSON with comments and trailing commas (VS Code's mcp.json and settings.json are JSONC) → JSON.
 * Comments and such commas become spaces, so positions in parse errors still point into the file.
 */
export function stripJsonComments(text: string): string {
  let out = '';
  let i = 0;
  let inString = false;
  while (i < text.length) {
    const c = text[i]!;
    const next = text[i + 1];
    if (inString) {
      if (c === '\\') {
        out += c + (next ?? '');
        i += 2;
        continue;
      }
      if (c === '"') inString = false;
      out += c;
      i += 1;
    } else if (c === '"') {
      inString = true;
      out += c;
      i += 1;
    } else if (c === '/' && next === '/') {
      const end = text.indexOf('\n', i);
      const stop = end < 0 ? text.length : end;
      out += ' '.repeat(stop - i);
      i = stop;
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? text.length : end + 2;
      out += text.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
    } else if (
      c === ',' &&
      (text[nextSignificant(text, i + 1)] === '}' || text[nextSignificant(text, i + 1)] === ']')
    ) {
      out += ' ';
      i += 1;
    } else {
      out += c;
      i += 1;
    }
  }
  return out;
}
