/**
 * Which iframe `sandbox` tokens and Permission-Policy features an MCP App view may have. Pure and
 * shared by the host (outer frame) and the sandbox proxy's own copy of the rules (inner frame).
 */

/** Tokens a view may ever get. Everything else — above all `allow-same-origin`, top navigation,
 * popups and modals — is refused whatever a resource or a message asks for. */
export const INNER_SANDBOX_ALLOWLIST: readonly string[] = ['allow-scripts', 'allow-forms', 'allow-pointer-lock'];

/** What a view gets when it asks for nothing: scripts (an app needs them) and forms. */
export const DEFAULT_INNER_SANDBOX = 'allow-scripts allow-forms';

/**
 * The outer (proxy) frame's sandbox. The spec requires `allow-scripts allow-same-origin` for the
 * proxy (it runs on its own origin); the other allowlisted tokens are listed so the inner frame can
 * receive them (sandbox flags only ever narrow down the tree).
 */
export const OUTER_SANDBOX = ['allow-scripts', 'allow-same-origin', 'allow-forms', 'allow-pointer-lock'].join(' ');

/** Result of intersecting a request with the allowlist. */
export interface SandboxDecision {
  /** The value for the inner iframe's `sandbox` attribute. */
  sandbox: string;
  /** Tokens that were asked for and refused. */
  refused: string[];
}

/**
 * Intersects requested tokens with `INNER_SANDBOX_ALLOWLIST`; `allow-scripts` is always present.
 * `requested` may be a space-separated string or an array; anything else means "the default".
 */
export function resolveInnerSandbox(requested?: unknown): SandboxDecision {
  let tokens: string[];
  if (typeof requested === 'string') tokens = requested.split(/\s+/);
  else if (Array.isArray(requested)) tokens = requested.filter((t): t is string => typeof t === 'string');
  else tokens = DEFAULT_INNER_SANDBOX.split(' ');
  const granted = new Set<string>(['allow-scripts']);
  const refused: string[] = [];
  for (const raw of tokens) {
    const token = raw.trim().toLowerCase();
    if (!token) continue;
    if (INNER_SANDBOX_ALLOWLIST.includes(token)) granted.add(token);
    else if (!refused.includes(token)) refused.push(token);
  }
  return { sandbox: INNER_SANDBOX_ALLOWLIST.filter((t) => granted.has(t)).join(' '), refused };
}

/** MCP Apps `McpUiResourcePermissions` keys and the Permission-Policy feature each maps to. */
export const PERMISSION_FEATURES: Readonly<Record<string, string>> = {
  camera: 'camera',
  microphone: 'microphone',
  geolocation: 'geolocation',
  clipboardWrite: 'clipboard-write',
};

/**
 * Permissions the person is asked about, once per app (docs/decisions/mcp-apps-permissions.md); nothing is granted
 * without asking.
 */
export const ASKED_PERMISSIONS: readonly string[] = ['camera', 'microphone', 'geolocation', 'clipboardWrite'];

/** The asked permissions a view on an opaque origin can use: the browser gives such a view no device. */
export const OPAQUE_ORIGIN_PERMISSIONS: readonly string[] = ['clipboardWrite'];

/** Permissions granted to a view, and those it asked for but did not get. */
export interface PermissionDecision {
  /** Granted permissions in the MCP Apps shape (`{ clipboardWrite: {} }`). */
  granted: Record<string, Record<string, never>>;
  /** The iframe `allow` attribute for the granted features (`"clipboard-write"`). */
  allow: string;
  refused: string[];
}

/** Intersects `_meta.ui.permissions` with what the person allowed for this app (`grantable`). */
export function resolvePermissions(requested: unknown, grantable: readonly string[]): PermissionDecision {
  const granted: Record<string, Record<string, never>> = {};
  const refused: string[] = [];
  if (requested && typeof requested === 'object' && !Array.isArray(requested)) {
    for (const key of Object.keys(requested)) {
      if (Object.prototype.hasOwnProperty.call(PERMISSION_FEATURES, key) && grantable.includes(key)) granted[key] = {};
      else refused.push(key);
    }
  }
  const allow = Object.keys(granted)
    .map((key) => PERMISSION_FEATURES[key])
    .join('; ');
  return { granted, allow, refused };
}
