// @ts-check
// The MCP Apps sandbox proxy (MCP Apps spec, "Sandbox proxy"). Served by the gateway on its own
// loopback origin; the dashboard frames it, and it frames the view. It trusts exactly two windows:
// its parent, when the message comes from the dashboard's origin (named in ?host= and enforced by
// this page's `frame-ancestors`), and the one inner frame it created. On the shared sandbox origin that frame's
// origin is opaque ("null": no allow-same-origin); on a per-app origin (`<label>.localhost`, the view's own,
// docs/decisions/mcp-apps-per-app-origins.md) the frame shares this page's origin, so this page arms its own window
// with the view guard first (the view can reach it as `parent`). It relays JSON-RPC between them, keeps the
// `ui/notifications/sandbox-*` messages to itself, accepts the view's HTML once, and builds the
// inner frame's sandbox and `allow` from its own allowlists whatever the message asks for. The
// view's HTML gets the view guard (view-guard.js, served in front of this script) as its first
// script; what the guard blocks is told to the host as `ui/notifications/sandbox-blocked`.
(() => {
  'use strict';
  const RESOURCE_READY = 'ui/notifications/sandbox-resource-ready';
  const PROXY_READY = 'ui/notifications/sandbox-proxy-ready';
  const SANDBOX_PREFIX = 'ui/notifications/sandbox-';
  // Same allowlists as src/core/mcp-apps/sandbox-policy.ts; allow-same-origin only on a per-app origin, where it
  // is this page's own origin (decided here from where the page is, never from a message).
  const TOKEN_ALLOWLIST = ['allow-scripts', 'allow-forms', 'allow-pointer-lock'];
  const PER_APP = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.localhost$/.test(location.hostname);
  const viewOrigin = PER_APP ? location.origin : 'null';
  const DEFAULT_TOKENS = ['allow-scripts', 'allow-forms'];
  /** @type {Record<string, string>} */
  const FEATURES = {
    camera: 'camera',
    microphone: 'microphone',
    geolocation: 'geolocation',
    clipboardWrite: 'clipboard-write',
  };
  const MAX_HTML = 5 * 1024 * 1024;
  const BLOCKED = 'ui/notifications/sandbox-blocked';
  const GUARD_FEATURES = [
    'webrtc',
    'preconnect',
    'javascript-frame',
    'document.write',
    'document.writeln',
    'execCommand insertHTML',
    'unsafe-markup',
  ];
  // What a CSP violation the view guard reports may name: a directive from this list, and where from — an http(s)
  // or ws(s) origin, or one of these keywords (the browser's blockedURI for inline code, eval, data: and blob:).
  const CSP_DIRECTIVES = [
    'default-src',
    'script-src',
    'script-src-elem',
    'script-src-attr',
    'style-src',
    'style-src-elem',
    'style-src-attr',
    'img-src',
    'font-src',
    'connect-src',
    'media-src',
    'frame-src',
    'child-src',
    'worker-src',
    'object-src',
    'manifest-src',
  ];
  const CSP_KEYWORDS = ['inline', 'eval', 'wasm-eval', 'data', 'blob'];
  const MAX_CSP_REPORTS = 20;
  /** @type {Set<string>} */
  const told = new Set();
  let cspReports = 0;

  /** The origin or keyword a blocked URI is told as, or null. @param {unknown} value */
  function blockedPlace(value) {
    if (typeof value !== 'string') return null;
    if (CSP_KEYWORDS.includes(value)) return value;
    try {
      const url = new URL(value);
      return /^(https?|wss?):$/.test(url.protocol) ? url.origin : null;
    } catch {
      return null;
    }
  }

  /** Tells the host, once per directive and place (at most MAX_CSP_REPORTS), what the view's CSP blocked. @param {any} data */
  function tellViolation(data) {
    const directive = data.directive;
    const blocked = blockedPlace(data.blocked);
    if (!CSP_DIRECTIVES.includes(directive) || !blocked || !window.parent) return;
    const key = `csp ${directive} ${blocked}`;
    if (told.has(key) || cspReports >= MAX_CSP_REPORTS) return;
    told.add(key);
    cspReports += 1;
    window.parent.postMessage(
      { jsonrpc: '2.0', method: BLOCKED, params: { feature: 'csp', directive, blocked } },
      /** @type {string} */ (hostOrigin),
    );
  }

  const hostOrigin = new URLSearchParams(location.search).get('host');
  if (window.top === window.self || !hostOrigin) {
    document.body.textContent = 'This page only runs inside the MCP Dashboard.';
    return;
  }

  /** @type {HTMLIFrameElement | null} */
  let inner = null;
  let loaded = false;
  // The guard's tools (cleanDocument), made from this window's built-ins before anything is wrapped.
  // eslint-disable-next-line no-undef -- defined by view-guard.js, served in front of this file
  const guard = /** @type {{ cleanDocument(html: string): string }} */ (mcpViewGuard('tools', tell));
  // On a per-app origin the view can script this window: the guard goes on it before the view exists.
  // eslint-disable-next-line no-undef -- defined by view-guard.js, served in front of this file
  const own = PER_APP ? /** @type {{ trust(frame: HTMLIFrameElement): void }} */ (mcpViewGuard('proxy', tell)) : null;

  /**
   * Tells the host, once per kind, what the guard kept from the view (or this page's own guard: a CSP report).
   * @param {string} feature @param {string} [directive] @param {string} [blocked]
   */
  function tell(feature, directive, blocked) {
    if (feature === 'csp') return tellViolation({ directive, blocked });
    if (told.has(feature) || !window.parent) return;
    told.add(feature);
    window.parent.postMessage(
      { jsonrpc: '2.0', method: BLOCKED, params: { feature } },
      /** @type {string} */ (hostOrigin),
    );
  }

  /** @param {unknown} data */
  function plain(data) {
    // Only JSON crosses: no transferables, no objects with getters, no functions.
    try {
      return JSON.parse(JSON.stringify(data));
    } catch {
      return undefined;
    }
  }

  /** @param {unknown} method */
  function internal(method) {
    return typeof method === 'string' && method.startsWith(SANDBOX_PREFIX);
  }

  /** @param {any} params */
  function load(params) {
    if (loaded || !params || typeof params.html !== 'string' || params.html.length > MAX_HTML) return;
    loaded = true;
    const requested = typeof params.sandbox === 'string' ? params.sandbox.split(/\s+/) : DEFAULT_TOKENS;
    const tokens = TOKEN_ALLOWLIST.filter((t) => t === 'allow-scripts' || requested.includes(t));
    if (PER_APP) tokens.push('allow-same-origin');
    const features = [];
    if (params.permissions && typeof params.permissions === 'object') {
      for (const key of Object.keys(params.permissions))
        if (Object.prototype.hasOwnProperty.call(FEATURES, key)) features.push(FEATURES[key]);
    }
    const frame = document.createElement('iframe');
    if (own) own.trust(frame);
    frame.setAttribute('sandbox', tokens.join(' '));
    if (features.length) frame.setAttribute('allow', features.join('; '));
    frame.setAttribute('title', 'MCP App view');
    frame.setAttribute('referrerpolicy', 'no-referrer');
    // srcdoc inherits this page's Content-Security-Policy (built by the gateway from the view's
    // declared _meta.ui.csp), and its origin: opaque without allow-same-origin, else this per-app origin.
    // The view's markup, cleaned in an inert document (preconnect links, srcdoc and javascript: frames)
    // with the guard as its first script (view-guard.js).
    frame.srcdoc = guard.cleanDocument(params.html);
    inner = frame;
    document.body.append(frame);
  }

  window.addEventListener('message', (event) => {
    const data = event.data;
    if (
      inner &&
      event.source === inner.contentWindow &&
      data &&
      typeof data === 'object' &&
      GUARD_FEATURES.includes(data.mcpViewGuard)
    ) {
      tell(data.mcpViewGuard);
      return;
    }
    if (
      inner &&
      event.source === inner.contentWindow &&
      data &&
      typeof data === 'object' &&
      data.mcpViewGuard === 'csp'
    ) {
      tellViolation(data);
      return;
    }
    if (!data || typeof data !== 'object' || data.jsonrpc !== '2.0') return;
    if (event.source === window.parent) {
      if (event.origin !== hostOrigin) return;
      if (data.method === RESOURCE_READY) load(data.params);
      else if (!internal(data.method) && inner && inner.contentWindow)
        inner.contentWindow.postMessage(plain(data), '*');
      return;
    }
    if (inner && event.source === inner.contentWindow) {
      if (event.origin !== viewOrigin || internal(data.method)) return;
      const message = plain(data);
      if (message) window.parent.postMessage(message, hostOrigin);
    }
    // Anything else — nested frames, other windows, other origins — is ignored.
  });

  window.parent.postMessage({ jsonrpc: '2.0', method: PROXY_READY, params: {} }, hostOrigin);
})();
