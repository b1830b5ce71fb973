import { ProtocolError, type CallToolResult, type ReadResourceResult } from '@modelcontextprotocol/client';
import type { AppBridge } from '@modelcontextprotocol/ext-apps/app-bridge';
import {
  checkAppResourceRead,
  checkAppToolCall,
  checkOpenLink,
  type AppRefusal,
} from '../../core/mcp-apps/app-request-rules.js';
import { negotiateDisplayMode } from '../../core/mcplet/display-mode.js';
import type { MCPError } from '../../core/bridge/mcp-error.js';
import type { MCPTool } from '../../core/shared/types.js';
import type { AppView } from './app-view.js';
import { formatMessage } from '../../core/services/message-format.js';
import { checkDownload, fileBytes } from '../../core/mcp-apps/download-file.js';
import { languageOf } from '../../core/services/i18n.js';
import { addShellMessages, SHELL_CATALOGS } from '../i18n/messages.js';
import { appGuard as appGuardBase } from '../i18n/messages/en/app-guard.js';
import { appGuardCsp } from '../i18n/messages/en/app-guard-csp.js';
import { appGuardCsp as appGuardCspJa } from '../i18n/messages/ja/app-guard-csp.js';

/** What the card says about a view's blocked attempts; the CSP strings load with this chunk, not at start-up. */
export const APP_GUARD_CSP_CATALOGS = { en: appGuardCsp, ja: appGuardCspJa };
addShellMessages(APP_GUARD_CSP_CATALOGS);
const appGuard = { ...appGuardBase, ...appGuardCsp };

/** Catalog keys of what the card says when the view guard blocked something the view tried. */
const BLOCKED_FEATURES: Record<string, keyof typeof appGuard> = {
  webrtc: 'app.guard.webrtc',
  preconnect: 'app.guard.preconnect',
  'javascript-frame': 'app.guard.javascriptFrame',
  'document.write': 'app.guard.markup',
  'document.writeln': 'app.guard.markup',
  'execCommand insertHTML': 'app.guard.markup',
  'unsafe-markup': 'app.guard.unsafeMarkup',
};

/** What each CSP directive kept the view from loading (the card's noun); connect-src is said as connecting. */
const CSP_WHAT: Record<string, keyof typeof appGuard> = {
  'script-src': 'app.guard.csp.script',
  'script-src-elem': 'app.guard.csp.script',
  'script-src-attr': 'app.guard.csp.script',
  'style-src': 'app.guard.csp.style',
  'style-src-elem': 'app.guard.csp.style',
  'style-src-attr': 'app.guard.csp.style',
  'img-src': 'app.guard.csp.image',
  'font-src': 'app.guard.csp.font',
  'media-src': 'app.guard.csp.media',
  'frame-src': 'app.guard.csp.frame',
  'child-src': 'app.guard.csp.frame',
  'worker-src': 'app.guard.csp.worker',
};
const CSP_KEYWORDS: Record<string, string> = {
  inline: '(inline)',
  eval: '(eval)',
  'wasm-eval': '(WebAssembly)',
  data: 'data:',
  blob: 'blob:',
};

/**
 * The card's words for a CSP violation the sandbox proxy passed on: "The app tried to load an image from
 * https://x.example, which it did not declare: blocked." Undefined for anything but a directive the proxy
 * allows and an origin or keyword (the proxy checked both; the host checks again, it trusts no frame).
 */
function violationText(
  directive: unknown,
  blocked: unknown,
  say: (key: keyof typeof appGuard, variables?: Record<string, unknown>) => string,
): string | undefined {
  if (typeof directive !== 'string' || typeof blocked !== 'string' || blocked.length > 300) return undefined;
  const from = Object.hasOwn(CSP_KEYWORDS, blocked)
    ? CSP_KEYWORDS[blocked]
    : /^(https?|wss?):\/\/[a-z0-9.[\]:-]+$/i.test(blocked)
      ? blocked
      : undefined;
  if (!from || !/^[a-z-]+-src(-elem|-attr)?$/.test(directive)) return undefined;
  if (directive === 'connect-src') return say('app.guard.cspConnect', { from });
  const what = Object.hasOwn(CSP_WHAT, directive) ? CSP_WHAT[directive]! : 'app.guard.csp.other';
  return say('app.guard.cspLoad', { what: say(what), from });
}

/** At most this many of a view's tool calls may wait (for the user or the server) at once. */
export const MAX_PENDING_APP_CALLS = 4;

function refuse(view: AppView, method: string, refusal: AppRefusal): never {
  view.note('refused', `${method} refused: ${refusal.message}`, () =>
    view.services.bus.emit('mcp:app:refused', {
      serverName: view.serverName,
      viewId: view.id,
      method,
      message: refusal.message,
    }),
  );
  throw new ProtocolError(refusal.code, refusal.message);
}

function textOf(content: unknown): string {
  const blocks = Array.isArray(content) ? content : content ? [content] : [];
  return blocks
    .map((b) =>
      b && typeof b === 'object' && (b as { type?: unknown }).type === 'text'
        ? String((b as { text?: unknown }).text ?? '')
        : `[${String((b as { type?: unknown })?.type ?? 'content')}]`,
    )
    .join('\n');
}

/**
 * The view's requests, answered by the host (MCP Apps "Standard MCP Messages" and "MCP Apps
 * Specific Messages"). AppBridge has no MCP client here, so nothing reaches a server except
 * through these handlers:
 * - `tools/call`: only after the view finished `ui/initialize`; only tools of the view's own server whose visibility includes `app` (AppBridge
 *   does not check this), and always through the host's invoker with caller surface `app`, so the
 *   policy and confirmation dialog apply exactly as for any other caller;
 * - `resources/read`, `resources/list`, `resources/templates/list`: the view's own server only;
 * - `ui/open-link`: http(s) only, after the user confirms; `ui/message` → activity;
 *   `ui/update-model-context` → kept per view (latest wins) and shown; `ui/request-display-mode` →
 *   only modes the app declared and the host offers.
 */
export function installViewRequestHandlers(view: AppView, bridge: AppBridge): void {
  const { bus, bridge: mcp, invoker } = view.services;
  const server = view.serverName;

  bridge.oncalltool = async (params): Promise<CallToolResult> => {
    // MCP Apps lifecycle: a view talks to its server only after the ui/initialize handshake.
    if (!view.isInitialized)
      refuse(view, 'tools/call', {
        ok: false,
        code: -32600,
        message:
          'The app called a tool before it finished ui/initialize (send ui/initialize, then ui/notifications/initialized).',
      });
    const tools = mcp.getServer(server)?.info?.tools ?? [];
    const others = new Map<string, MCPTool[]>();
    for (const name of mcp.listServers()) others.set(name, mcp.getServer(name)?.info?.tools ?? []);
    const verdict = checkAppToolCall({ viewServer: server, name: params?.name, tools, otherServers: others });
    if (!verdict.ok) refuse(view, 'tools/call', verdict);
    if (view.pendingCalls >= MAX_PENDING_APP_CALLS) {
      refuse(view, 'tools/call', {
        ok: false,
        code: -32000,
        message: `The app already has ${MAX_PENDING_APP_CALLS} tool calls waiting; try again when they are answered.`,
      });
    }
    view.setPendingCalls(view.pendingCalls + 1);
    // Waiting for the person until the call is cleared to go; a long-poll call then runs without counting.
    let awaiting = true;
    view.setCallsAwaitingPerson(view.callsAwaitingPerson + 1);
    const cleared = () => {
      if (!awaiting) return;
      awaiting = false;
      view.setCallsAwaitingPerson(view.callsAwaitingPerson - 1);
    };
    try {
      const args =
        params.arguments && typeof params.arguments === 'object' && !Array.isArray(params.arguments)
          ? params.arguments
          : {};
      // The policy knows the app by its resource (stable across openings, so a remembered consent for
      // its own plumbing tools holds), by its server (an app may only call its own server's tools) and
      // by this opening (a consent remembered "for this view" ends when it closes).
      const caller = {
        surface: 'app' as const,
        id: `app:${view.resourceUri}`,
        serverName: server,
        viewId: view.id,
        resourceUri: view.resourceUri,
      };
      return (await invoker.invoke({ serverName: server, toolName: params.name, args }, caller, {
        signal: view.gone.signal,
        onApproved: cleared,
      })) as CallToolResult;
    } catch (error) {
      const e = error as MCPError;
      throw new ProtocolError(typeof e?.jsonrpcCode === 'number' ? e.jsonrpcCode : -32603, e?.message ?? String(error));
    } finally {
      cleared();
      view.setPendingCalls(view.pendingCalls - 1);
    }
  };

  bridge.onreadresource = async (params): Promise<ReadResourceResult> => {
    const verdict = checkAppResourceRead(params?.uri);
    if (!verdict.ok) refuse(view, 'resources/read', verdict);
    try {
      // Recorded in the host's history as the app's read (who asked: the app, as for its tool calls).
      return (await mcp.readResource(server, verdict.uri, {
        caller: { surface: 'app', id: `app:${view.resourceUri}` },
      })) as ReadResourceResult;
    } catch (error) {
      const e = error as MCPError;
      throw new ProtocolError(typeof e?.jsonrpcCode === 'number' ? e.jsonrpcCode : -32603, e?.message ?? String(error));
    }
  };

  bridge.onlistresources = async () => ({ resources: (await mcp.listResources(server)) as never });
  bridge.onlistresourcetemplates = async () => ({
    resourceTemplates: (mcp.getServer(server)?.info?.resourceTemplates ?? []) as never,
  });

  bridge.onmessage = async (params) => {
    const text = textOf(params?.content);
    view.note('message', text, () =>
      bus.emit('mcp:app:message', {
        serverName: server,
        viewId: view.id,
        role: params?.role,
        content: params?.content,
        text,
      }),
    );
    return {};
  };

  bridge.onupdatemodelcontext = async (params) => {
    view.modelContext = { content: params?.content as never, structuredContent: params?.structuredContent };
    bus.emit('mcp:app:context', {
      serverName: server,
      viewId: view.id,
      content: params?.content,
      structuredContent: params?.structuredContent,
    });
    view.changed();
    return {};
  };

  // sampling/createMessage from the view: the same dialog as a server's or a widget's, naming the app; the person
  // writes (or declines) the reply. A refusal reaches the app as a JSON-RPC error.
  bridge.oncreatesamplingmessage = async (params) => {
    try {
      const result = await mcp.createMessage(server, params as never, { kind: 'app', id: view.title });
      return result as never;
    } catch (error) {
      const e = error as MCPError;
      throw new ProtocolError(typeof e?.jsonrpcCode === 'number' ? e.jsonrpcCode : -32603, e?.message ?? String(error));
    }
  };

  // ui/download-file: checked (download-file.ts), asked (the download dialog), then saved under the safe name.
  bridge.ondownloadfile = async (params) => {
    const check = checkDownload(params?.contents);
    const emit = (outcome: string, names: string[], reason?: string) => () =>
      bus.emit('mcp:app:download', { serverName: server, viewId: view.id, outcome, files: names, reason });
    if (!check.ok) {
      view.note('download', `Refused to save: ${check.message}`, emit('refused', [], check.message));
      return { isError: true };
    }
    const names = check.files.map((f) => f.name);
    const agreed = await view.services.confirmDownload({ appName: view.title, serverName: server, files: check.files });
    if (agreed) for (const file of check.files) view.services.saveFile(file.name, fileBytes(file), file.mimeType);
    view.note(
      'download',
      `${agreed ? 'Saved' : 'You declined to save'} ${names.map((n) => `"${n}"`).join(', ')}`,
      emit(agreed ? 'saved' : 'declined', names),
    );
    return agreed ? {} : { isError: true };
  };

  bridge.onopenlink = async (params) => {
    const verdict = checkOpenLink(params?.url);
    if (!verdict.ok) {
      view.note('link', `Refused to open a link: ${verdict.message}`, () =>
        bus.emit('mcp:app:link', {
          serverName: server,
          viewId: view.id,
          url: String(params?.url ?? '').slice(0, 300),
          outcome: 'refused',
          reason: verdict.message,
        }),
      );
      return { isError: true };
    }
    const agreed = await view.services.confirmLink({
      url: verdict.url,
      host: verdict.host,
      serverName: server,
      viewId: view.id,
      appName: view.title,
    });
    if (agreed) view.services.openWindow(verdict.url);
    view.note('link', `${agreed ? 'Opened' : 'You declined to open'} ${verdict.url}`, () =>
      bus.emit('mcp:app:link', {
        serverName: server,
        viewId: view.id,
        url: verdict.url,
        outcome: agreed ? 'opened' : 'declined',
      }),
    );
    return agreed ? {} : { isError: true };
  };

  // The sandbox proxy's report of what the view guard blocked (gateway/sandbox/view-guard.js): shown on the card.
  bridge.fallbackNotificationHandler = async (notification) => {
    if (notification.method !== 'ui/notifications/sandbox-blocked') return;
    const params = notification.params as { feature?: unknown; directive?: unknown; blocked?: unknown } | undefined;
    const feature = params?.feature;
    // The shell's catalogs as they are now (the CSP strings were added when this chunk loaded), in the page's language.
    const say = (key: keyof typeof appGuard, variables?: Record<string, unknown>) => {
      const locale = view.services.i18n?.currentLocale ?? 'en';
      const message = SHELL_CATALOGS[languageOf(locale)]?.[key];
      return message ? formatMessage(message, variables, locale) : formatMessage(appGuard[key], variables, 'en');
    };
    let message: string | undefined;
    if (feature === 'csp') message = violationText(params?.directive, params?.blocked, say);
    else if (Object.hasOwn(BLOCKED_FEATURES, String(feature))) message = say(BLOCKED_FEATURES[String(feature)]!);
    if (!message) return;
    view.note('refused', message, () =>
      bus.emit('mcp:app:refused', { serverName: server, viewId: view.id, method: String(feature), message }),
    );
  };

  bridge.onrequestdisplaymode = async (params) => {
    const mode = negotiateDisplayMode(
      params?.mode,
      view.displayMode,
      view.services.hostDisplayModes,
      bridge.getAppCapabilities()?.availableDisplayModes,
    );
    return { mode: view.setDisplayMode(mode) };
  };
}
