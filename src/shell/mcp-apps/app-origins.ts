// Which origin a view runs on: its own per-app origin on the sandbox port (docs/decisions/mcp-apps-per-app-origins.md)
// or, behind a team proxy, the shared sandbox origin with an opaque view. Loaded with the first view (not at start).

import {
  appOrigin,
  deriveAppLabel,
  validateAppDomain,
  type DomainRefusal,
} from '../../core/shared/mcp-apps/app-origin.js';
import { addShellMessages } from '../i18n/messages.js';
import { ORIGIN_CATALOGS } from './origin-messages.js';

addShellMessages(ORIGIN_CATALOGS);

/** Where a view's proxy is loaded from, and why a declared domain was not used. */
export interface ViewOrigin {
  /** The origin of the proxy page (and, when `perApp`, of the view itself). */
  origin: string;
  /** True on a per-app origin; false on the shared sandbox origin (the view's origin is then opaque). */
  perApp: boolean;
  /** The declared `_meta.ui.domain` that was refused, and why. */
  refused?: { domain: string; reason: DomainRefusal };
}

const CLAIMS_KEY = 'mcp-dashboard.app-domains';

/**
 * Declared labels and the server whose apps first used each, kept in this page's storage: a second server
 * declaring the same domain would share the first one's storage, so it gets a derived origin instead.
 */
export class DomainClaims {
  private claims: Record<string, string> | undefined;

  constructor(private readonly storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = globalThis.localStorage) {}

  /** True when `label` is free or already `serverName`'s (it is then claimed for it). */
  claim(label: string, serverName: string): boolean {
    const claims = this.load();
    const owner = claims[label];
    if (owner !== undefined) return owner === serverName;
    claims[label] = serverName;
    try {
      this.storage?.setItem(CLAIMS_KEY, JSON.stringify(claims));
    } catch {
      // storage full or off: the claim lasts while the page is open
    }
    return true;
  }

  private load(): Record<string, string> {
    if (this.claims) return this.claims;
    let stored: unknown;
    try {
      stored = JSON.parse(this.storage?.getItem(CLAIMS_KEY) ?? '{}');
    } catch {
      stored = {};
    }
    const claims: Record<string, string> = Object.create(null) as Record<string, string>;
    if (stored && typeof stored === 'object')
      for (const [label, server] of Object.entries(stored)) if (typeof server === 'string') claims[label] = server;
    this.claims = claims;
    return claims;
  }
}

/**
 * The origin for a view of `serverName` at `resourceUri` that declares `domain`: on loopback a per-app origin —
 * the declared label when it is valid and no other server's apps use it, else one derived from the server and
 * the address; with a public sandbox origin (team mode behind a proxy) that shared origin.
 */
export async function chooseViewOrigin(
  sandbox: { port: number; origin?: string },
  shared: string,
  view: { serverName: string; resourceUri: string; domain: unknown },
  claims: DomainClaims,
): Promise<ViewOrigin> {
  if (sandbox.origin) return { origin: shared, perApp: false };
  let refused: ViewOrigin['refused'];
  if (view.domain !== undefined) {
    const verdict = validateAppDomain(view.domain);
    const domain = String(view.domain).slice(0, 100);
    if (verdict.ok && claims.claim(verdict.label, view.serverName))
      return { origin: appOrigin(verdict.label, sandbox.port), perApp: true };
    refused = { domain, reason: verdict.ok ? 'claimed' : verdict.reason };
  }
  const label = await deriveAppLabel(view.serverName, view.resourceUri);
  return { origin: appOrigin(label, sandbox.port), perApp: true, ...(refused ? { refused } : {}) };
}
