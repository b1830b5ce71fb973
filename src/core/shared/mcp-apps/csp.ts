/**
 * Content-Security-Policy for MCP App views, built from the resource's `_meta.ui.csp` (MCP Apps
 * spec, "UI Resource Format" → Host Behavior). Pure: the browser host validates the declaration
 * before it builds the sandbox URL, and the gateway validates it again before it writes the
 * header, with this same code. Entries are checked one by one; anything that is not a plain origin
 * (or origin + path) is dropped with a reason, so a declaration can only narrow what it names and
 * can never loosen the policy (no keywords, no bare schemes, no `*`).
 */

/** The four domain lists of `McpUiResourceCsp`. */
export type CspListName = 'connectDomains' | 'resourceDomains' | 'frameDomains' | 'baseUriDomains';

/** What a resource may declare (MCP Apps `McpUiResourceCsp`). */
export interface AppCsp {
  connectDomains?: string[];
  resourceDomains?: string[];
  frameDomains?: string[];
  baseUriDomains?: string[];
}

/** One declared entry that was refused, and why. */
export interface CspRejection {
  list: CspListName | 'csp';
  entry: string;
  reason: string;
}

/** Result of validating a declaration: only accepted entries survive. */
export interface ValidatedCsp {
  csp: AppCsp;
  rejected: CspRejection[];
}

/** Options for validation. */
export interface CspValidationOptions {
  /**
   * Origins an app may never name, e.g. the dashboard's own gateway and the sandbox origin:
   * an app that could connect or frame those would be one step from the host.
   */
  forbiddenOrigins?: Iterable<string>;
}

/** What a view's own script may take besides inline code: the forms bundlers emit (three.js, PDF.js, wasm). */
export const VIEW_SCRIPT_FORMS = "'unsafe-eval' 'wasm-unsafe-eval' data: blob:";

const LISTS: readonly CspListName[] = ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'];
const MAX_ENTRIES = 32;
const MAX_ENTRY_LENGTH = 200;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const SECURE_SCHEMES: Record<CspListName, readonly string[]> = {
  connectDomains: ['https', 'wss'],
  resourceDomains: ['https'],
  frameDomains: ['https'],
  baseUriDomains: ['https'],
};
const LOOPBACK_SCHEMES: Record<CspListName, readonly string[]> = {
  connectDomains: ['http', 'https', 'ws', 'wss'],
  resourceDomains: ['http', 'https'],
  frameDomains: ['http', 'https'],
  baseUriDomains: ['http', 'https'],
};
// scheme://host[:port][/path]; host may start with a single "*." wildcard label.
const ENTRY = /^([a-z][a-z0-9+.-]*):\/\/(\*\.)?([a-z0-9.-]+|\[::1\])(?::(\d{1,5}))?(\/[A-Za-z0-9\-._~/%]*)?$/;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** True for any spelling of this machine a browser resolves to loopback without DNS. */
function isLoopbackHost(host: string): boolean {
  return (
    LOOPBACK_HOSTS.has(host) ||
    host.endsWith('.localhost') ||
    /^127\.\d+\.\d+\.\d+$/.test(host) ||
    host === '0.0.0.0' ||
    host === '[::]'
  );
}

function checkEntry(
  list: CspListName,
  raw: unknown,
  forbidden: Set<string>,
  forbiddenPorts: Set<number>,
): { ok: true; value: string } | { ok: false; reason: string } {
  if (typeof raw !== 'string') return { ok: false, reason: 'not a string' };
  if (raw.length === 0 || raw.length > MAX_ENTRY_LENGTH)
    return { ok: false, reason: `must be 1 to ${MAX_ENTRY_LENGTH} characters` };
  // Whitespace, ';', ',' and quotes would let one entry smuggle in another source or directive.
  if (/[\s;,'"\\]/.test(raw) || /[^\x21-\x7e]/.test(raw))
    return { ok: false, reason: 'contains spaces, quotes, ";" or other characters a CSP source may not have' };
  const value = raw.toLowerCase().replace(/\/$/, '');
  const match = ENTRY.exec(value);
  if (!match)
    return {
      ok: false,
      reason: 'is not an origin such as https://api.example.com (keywords, bare schemes and "*" are not accepted)',
    };
  const [, scheme, wildcard, host, port] = match as unknown as [
    string,
    string,
    string | undefined,
    string,
    string | undefined,
  ];
  // The gateway's own ports are refused on every loopback spelling and scheme (ws, wss, http, https).
  if (isLoopbackHost(host) && port !== undefined && forbiddenPorts.has(Number(port)))
    return { ok: false, reason: 'names the dashboard itself, which an app may never reach' };
  const loopback = LOOPBACK_HOSTS.has(host) || host.endsWith('.localhost');
  const schemes = loopback ? LOOPBACK_SCHEMES[list] : SECURE_SCHEMES[list];
  if (!schemes.includes(scheme)) {
    return {
      ok: false,
      reason: `scheme "${scheme}:" is not allowed here (use ${SECURE_SCHEMES[list].join(' or ')}; plain http only for localhost)`,
    };
  }
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535))
    return { ok: false, reason: 'has an invalid port' };
  if (loopback) {
    if (wildcard) return { ok: false, reason: 'a wildcard cannot apply to localhost' };
    if (port === undefined) return { ok: false, reason: 'a localhost entry must name its port' };
  } else {
    if (/^\d+\.\d+\.\d+\.\d+$/.test(host) || host.startsWith('['))
      return { ok: false, reason: 'IP addresses are not accepted; name a host' };
    const labels = host.split('.');
    if (labels.length < 2 || !labels.every((l) => LABEL.test(l)))
      return { ok: false, reason: 'is not a valid host name' };
  }
  const origin = `${scheme}://${wildcard ?? ''}${host}${port !== undefined ? `:${port}` : ''}`;
  const httpOrigin = `${scheme.replace(/^ws/, 'http')}://${host}${port !== undefined ? `:${port}` : ''}`;
  if (forbidden.has(origin) || forbidden.has(httpOrigin))
    return { ok: false, reason: 'names the dashboard itself, which an app may never reach' };
  return { ok: true, value };
}

function normalizeOrigin(origin: string): string {
  try {
    return new URL(origin).origin.toLowerCase();
  } catch {
    return origin.toLowerCase();
  }
}

/** Validates a declared `_meta.ui.csp`; returns the accepted entries (deduplicated) and the refusals. */
export function validateAppCsp(declared: unknown, options: CspValidationOptions = {}): ValidatedCsp {
  const rejected: CspRejection[] = [];
  const csp: AppCsp = {};
  if (declared === undefined || declared === null) return { csp, rejected };
  if (typeof declared !== 'object' || Array.isArray(declared)) {
    return {
      csp,
      rejected: [
        {
          list: 'csp',
          entry: JSON.stringify(declared)?.slice(0, 80) ?? String(declared),
          reason: '_meta.ui.csp must be an object',
        },
      ],
    };
  }
  const forbidden = new Set([...(options.forbiddenOrigins ?? [])].map(normalizeOrigin));
  const forbiddenPorts = new Set<number>();
  for (const origin of forbidden) {
    try {
      const url = new URL(origin);
      if (url.port && isLoopbackHost(url.hostname)) forbiddenPorts.add(Number(url.port));
    } catch {
      // not an origin: matched as a string only
    }
  }
  const record = declared as Record<string, unknown>;
  for (const list of LISTS) {
    const value = record[list];
    if (value === undefined) continue;
    if (!Array.isArray(value)) {
      rejected.push({ list, entry: String(value).slice(0, 80), reason: 'must be an array of origins' });
      continue;
    }
    const accepted: string[] = [];
    for (const entry of value.slice(0, MAX_ENTRIES)) {
      const verdict = checkEntry(list, entry, forbidden, forbiddenPorts);
      if (verdict.ok) {
        if (!accepted.includes(verdict.value)) accepted.push(verdict.value);
      } else {
        rejected.push({
          list,
          entry:
            typeof entry === 'string' ? entry.slice(0, MAX_ENTRY_LENGTH) : (JSON.stringify(entry) ?? String(entry)),
          reason: verdict.reason,
        });
      }
    }
    if (value.length > MAX_ENTRIES)
      rejected.push({
        list,
        entry: `(${value.length - MAX_ENTRIES} more)`,
        reason: `at most ${MAX_ENTRIES} entries per list`,
      });
    if (accepted.length) csp[list] = accepted;
  }
  return { csp, rejected };
}

/** Options for the header. */
export interface CspHeaderOptions {
  /** `frame-ancestors`: who may embed the document (the sandbox proxy page: only the host's origin). */
  frameAncestors?: string[];
}

/**
 * The policy a view runs under. With nothing declared it is the spec's restrictive default
 * (no network, no frames, no plugins; script only from the view itself: inline, eval, data: and blob:
 * modules and workers, WebAssembly, as the reference host allows); each declared list adds its
 * origins to exactly the directives the spec maps it to. `base-uri` and `form-action` are
 * stricter than the spec's minimum ('none' rather than 'self'), which the spec allows.
 * Call with an already validated declaration (`validateAppCsp`); entries are re-checked anyway.
 */
export function buildAppCspHeader(declared: AppCsp | undefined, options: CspHeaderOptions = {}): string {
  const { csp } = validateAppCsp(declared ?? {});
  const resource = (csp.resourceDomains ?? []).join(' ');
  const withResources = (base: string) => (resource ? `${base} ${resource}` : base);
  const directives = [
    "default-src 'none'",
    // Script the view already could run inline, in the other forms bundlers emit (eval, data:/blob:
    // modules, WebAssembly): none of them reaches further than inline script (docs/decisions/app-view-csp.md).
    withResources(`script-src 'self' 'unsafe-inline' ${VIEW_SCRIPT_FORMS}`),
    withResources("style-src 'self' 'unsafe-inline'"),
    withResources("img-src 'self' data: blob:"),
    withResources("media-src 'self' data: blob:"),
    withResources("font-src 'self' data:"),
    withResources("worker-src 'self' data: blob:"),
    csp.connectDomains?.length ? `connect-src ${csp.connectDomains.join(' ')}` : "connect-src 'none'",
    csp.frameDomains?.length ? `frame-src ${csp.frameDomains.join(' ')}` : "frame-src 'none'",
    "object-src 'none'",
    csp.baseUriDomains?.length ? `base-uri ${csp.baseUriDomains.join(' ')}` : "base-uri 'none'",
    "form-action 'none'",
  ];
  const ancestors = (options.frameAncestors ?? []).filter((o) => /^https?:\/\/[a-z0-9.[\]:-]+$/i.test(o));
  directives.push(ancestors.length ? `frame-ancestors ${ancestors.join(' ')}` : "frame-ancestors 'none'");
  return directives.join('; ');
}
