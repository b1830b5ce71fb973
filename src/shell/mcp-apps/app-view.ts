import type { AppBridge, McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { validateAppCsp, type AppCsp } from '../../core/shared/mcp-apps/csp.js';
import { containerDimensionsFor } from '../../core/mcp-apps/host-context.js';
import { resolveInnerSandbox, resolvePermissions } from '../../core/mcp-apps/sandbox-policy.js';
import { sandboxProxyUrl } from '../../core/shared/mcp-apps/sandbox-origin.js';
import { SizeGovernor } from '../../core/mcp-apps/size-governor.js';
import { extractUiResource, type UiResource } from '../../core/mcp-apps/ui-resource.js';
import {
  allowedDisplayModes,
  fitDisplayMode,
  resolveDisplayMode,
  toolDisplayMode,
  type DisplayMode,
} from '../../core/mcplet/display-mode.js';
import type { AppViewState, CallerContext, MCPContent, MCPTool, Unsubscribe } from '../../core/shared/types.js';
import { createViewIframe, viewHostCapabilities, viewHostContext } from './app-view-frame.js';
import { loadAppBridge, type BridgeCode } from './app-view-loader.js';
import { addNote, type ViewNote } from './app-view-notes.js';
import type { AppViewServices } from './app-view-services.js';
import { toolReturned, toolThrew, type SettledTool, type ToolOutcome, type ToolStatus } from './app-view-tool.js';

export type { ToolStatus } from './app-view-tool.js';
export type { ViewNote } from './app-view-notes.js';

let counter = 0;

/**
 * One MCP App view: reads its `ui://` resource, frames the sandbox proxy on the sandbox origin,
 * runs the host side of the protocol with the SDK's `AppBridge`, and follows the spec's order —
 * nothing to the view before `ui/notifications/initialized`, then `tool-input` (always), then
 * `tool-result` or `tool-cancelled`; `host-context-changed` for theme, size and mode changes;
 * `ui/resource-teardown` with a bounded wait before it is removed. The iframe is created once,
 * inside the container it is attached to, and never moved (moving an iframe reloads it).
 */
export class AppView {
  readonly id: string;
  readonly serverName: string;
  readonly toolName: string;
  readonly tool: MCPTool;
  readonly resourceUri: string;
  readonly args: Record<string, unknown>;
  state: AppViewState = 'loading';
  /** What is happening now, for the frame's status line. */
  phase = 'Reading the app';
  error: string | null = null;
  toolStatus: ToolStatus = 'waiting';
  toolNote = '';
  displayMode: DisplayMode;
  appName = '';
  prefersBorder: boolean | undefined;
  modelContext: { content?: MCPContent[]; structuredContent?: Record<string, unknown> } | null = null;
  notes: ViewNote[] = [];
  /** Declared CSP entries the host refused, shown to the user. */
  cspRejections: string[] = [];
  /** App tool calls waiting for the user or the server. */
  pendingCalls = 0;
  /** Aborted when the view starts closing: its tool calls still waiting for confirmation are withdrawn. */
  readonly gone = new AbortController();
  /**
   * Settles when the opening tool call is cleared to go (policy, dialog, passkey all said yes), or
   * rejects with why not (cancelled, refused, invalid arguments): a view is shown only after that.
   */
  readonly approved: Promise<void>;
  private settleApproval: { resolve: () => void; reject: (error: unknown) => void; done: boolean };
  private openedEmitted = false;
  readonly services: AppViewServices;
  private readonly caller: CallerContext;
  private readonly listeners = new Set<(view: AppView) => void>();
  private resource: UiResource | undefined;
  private csp: AppCsp = {};
  private viewport: HTMLElement | undefined;
  private iframe: HTMLIFrameElement | undefined;
  private bridge: AppBridge | undefined;
  private initialized = false;
  private toolOutcome: ToolOutcome | undefined;
  private toolDelivered = false;
  private context: McpUiHostContext;
  private box = { width: 0, height: 0 };
  private appModes: unknown;
  /** Applies the view's `size-changed` heights (`.height`: the last one applied, if any). */ readonly governor: SizeGovernor;
  private timers: Array<ReturnType<typeof setTimeout>> = [];
  private closing: Promise<void> | undefined;
  private readonly noteBudget = { windowStart: 0, used: 0, dropped: 0 };

  constructor(options: {
    services: AppViewServices;
    serverName: string;
    tool: MCPTool;
    resourceUri: string;
    args: Record<string, unknown>;
    caller: CallerContext;
  }) {
    counter += 1;
    this.id = `app-${counter}-${Math.random().toString(36).slice(2, 8)}`;
    this.services = options.services;
    this.serverName = options.serverName;
    this.tool = options.tool;
    this.toolName = options.tool.name;
    this.resourceUri = options.resourceUri;
    this.args = options.args;
    this.caller = options.caller;
    this.displayMode = resolveDisplayMode({
      toolMode: toolDisplayMode(options.tool),
      hostDefault: this.services.defaultDisplayMode(),
    }).mode;
    if (!this.services.hostDisplayModes.includes(this.displayMode)) this.displayMode = 'inline';
    this.governor = new SizeGovernor({ minHeight: 60, maxHeight: this.services.limits.inlineMaxHeight });
    this.context = this.buildContext();
    let settle!: typeof this.settleApproval;
    this.approved = new Promise<void>((resolve, reject) => (settle = { resolve, reject, done: false }));
    this.approved.catch(() => {});
    this.settleApproval = settle;
  }

  /** The opening call is cleared to go: the view is opened (and announced) now. */
  private approve(): void {
    if (this.settleApproval.done) return;
    this.settleApproval.done = true;
    this.openedEmitted = true;
    this.services.bus.emit('mcp:app:opened', {
      serverName: this.serverName,
      toolName: this.toolName,
      viewId: this.id,
      resourceUri: this.resourceUri,
    });
    this.settleApproval.resolve();
  }

  /** Changes the count of the app's tool calls waiting, and tells the frame (its title bar shows it). */
  setPendingCalls(count: number): void {
    this.pendingCalls = Math.max(0, count);
    this.changed();
  }

  /** A short name for the view: the app's own name once known, else the tool's title or name. */
  get title(): string {
    return this.appName || (typeof this.tool.title === 'string' && this.tool.title) || this.toolName;
  }

  /** True once the view has sent `initialized`. */
  get isInitialized(): boolean {
    return this.initialized;
  }

  /** The outer iframe, once created (tests and the frame element). */
  get frameElement(): HTMLIFrameElement | undefined {
    return this.iframe;
  }

  /** Modes the user may pick: the host's, narrowed to what the app declared. */
  get allowedModes(): DisplayMode[] {
    return allowedDisplayModes(this.services.hostDisplayModes, this.appModes);
  }

  /** Subscribes to changes; returns an unsubscribe. */
  onChange(listener: (view: AppView) => void): Unsubscribe {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Notifies listeners (frame element, widget handles). */
  changed(): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(this);
      } catch (error) {
        console.error('[mcp-dashboard] app view listener threw', error);
      }
    }
  }

  /** Starts the tool call and the resource read, in parallel (MCP Apps lifecycle, step 2). */
  start(): void {
    // Fetched while the tool runs and the resource is read; mountFrame waits for it.
    loadAppBridge().catch(() => {});
    void this.runTool();
    void this.loadResource();
  }

  private async runTool(): Promise<void> {
    let settled: SettledTool;
    try {
      settled = toolReturned(
        await this.services.invoker.invoke(
          { serverName: this.serverName, toolName: this.toolName, args: this.args },
          this.caller,
          { onApproved: () => this.approve() },
        ),
      );
    } catch (error) {
      if (!this.settleApproval.done) {
        // Refused or cancelled before anything was sent: the view is not opened at all.
        this.settleApproval.done = true;
        this.settleApproval.reject(error);
        return;
      }
      settled = toolThrew(error);
    }
    this.toolOutcome = settled.outcome;
    this.toolStatus = settled.status;
    this.toolNote = settled.note;
    this.deliverToolOutcome();
    this.changed();
  }

  private async loadResource(): Promise<void> {
    try {
      const listed = this.services.bridge
        .getServer(this.serverName)
        ?.info?.resources.find((r) => r.uri === this.resourceUri);
      // The view's own HTML, read for whoever opened it (a widget, the user's pinned tile, an agent).
      const contents = await this.services.bridge.readResource(this.serverName, this.resourceUri, {
        caller: { surface: this.caller.surface, id: this.caller.id },
      });
      this.resource = extractUiResource(contents, this.resourceUri, listed);
      const validated = validateAppCsp(this.resource.csp, { forbiddenOrigins: this.services.forbiddenOrigins() });
      this.csp = validated.csp;
      this.cspRejections = validated.rejected.map((r) => `${r.list}: ${r.entry} \u2014 ${r.reason}`);
      if (validated.rejected.length)
        console.warn(`[mcp-dashboard] ${this.resourceUri}: CSP entries refused`, validated.rejected);
      this.prefersBorder = this.resource.prefersBorder;
      this.phase = 'Starting the sandbox';
      this.changed();
      await this.mountFrame();
    } catch (error) {
      this.fail(`Could not load the app: ${(error as Error)?.message ?? String(error)}`);
    }
  }

  /** Called by the frame element with the element the iframe goes into (once). */
  attach(viewport: HTMLElement): void {
    if (this.viewport || this.state === 'closed') return;
    this.viewport = viewport;
    void this.mountFrame();
  }

  private async mountFrame(): Promise<void> {
    if (!this.viewport || !this.resource || this.iframe || this.state !== 'loading') return;
    const viewport = this.viewport;
    const resource = this.resource;
    let sandboxOrigin: string;
    let code: BridgeCode;
    try {
      [sandboxOrigin, code] = await Promise.all([this.services.sandboxOrigin(), loadAppBridge()]);
    } catch (error) {
      if (this.iframe || this.state !== 'loading') return;
      this.fail(
        `Could not start the app: ${(error as Error)?.message ?? String(error)}. Reload the page and try again.`,
      );
      return;
    }
    if (this.iframe || this.state !== 'loading') return;
    const permissions = resolvePermissions(resource.permissions, this.services.grantablePermissions);
    const sandbox = resolveInnerSandbox(undefined);
    const iframe = createViewIframe({
      title: this.title,
      serverName: this.serverName,
      viewId: this.id,
      allow: permissions.allow,
    });
    this.iframe = iframe;
    viewport.append(iframe);
    this.measure();
    this.context = this.buildContext();

    const capabilities = viewHostCapabilities(permissions.granted, this.csp);
    // No MCP client is handed over: every request goes through the handlers below, which enforce
    // the app rules and route tool calls through the host's invoker.
    const bridge = new code.AppBridge(null, this.services.hostInfo, capabilities, { hostContext: { ...this.context } });
    this.bridge = bridge;
    code.installViewRequestHandlers(this, bridge);
    bridge.addEventListener('sandboxready', () => {
      this.phase = 'Starting the app';
      this.changed();
      void bridge.sendSandboxResourceReady({
        html: resource.html,
        csp: this.csp,
        permissions: permissions.granted,
        sandbox: sandbox.sandbox,
      });
      this.later(this.services.startTimeoutMs, () => {
        if (!this.initialized && this.state === 'loading')
          this.fail('The app did not start: it never completed ui/initialize.');
      });
    });
    bridge.addEventListener('initialized', () => this.onInitialized());
    bridge.addEventListener('sizechange', (params) => this.onSizeChange(params));
    bridge.addEventListener('requestteardown', () => void this.close('The app asked to close.'));
    bridge.addEventListener('loggingmessage', (params) => {
      this.note(
        'log',
        `${params.level}: ${typeof params.data === 'string' ? params.data : JSON.stringify(params.data)}`,
        () =>
          this.services.bus.emit('mcp:app:log', {
            serverName: this.serverName,
            viewId: this.id,
            level: params.level,
            logger: params.logger,
            data: params.data,
          }),
      );
    });
    const transport = new code.OriginBoundTransport(iframe.contentWindow!, sandboxOrigin, (dropped) => {
      console.warn(`[mcp-dashboard] dropped a message from view ${this.id}: origin ${dropped.origin}`);
    });
    // The listener (inside connect) exists before the proxy page is requested.
    await bridge.connect(transport);
    iframe.src = sandboxProxyUrl(sandboxOrigin, { hostOrigin: this.services.hostOrigin, csp: this.csp, view: this.id });
    this.later(this.services.startTimeoutMs, () => {
      if (this.phase === 'Starting the sandbox' && this.state === 'loading')
        this.fail('The sandbox did not start. Is the gateway still running?');
    });
  }

  private onInitialized(): void {
    if (this.initialized || this.state === 'closed') return;
    this.initialized = true;
    this.appName = this.bridge?.getAppVersion()?.name ?? '';
    this.appModes = this.bridge?.getAppCapabilities()?.availableDisplayModes;
    this.state = 'ready';
    this.phase = 'Ready';
    this.services.bus.emit('mcp:app:ready', {
      serverName: this.serverName,
      viewId: this.id,
      appInfo: this.bridge?.getAppVersion(),
    });
    const fitted = fitDisplayMode(this.displayMode, this.services.hostDisplayModes, this.appModes);
    if (fitted !== this.displayMode) this.displayMode = fitted;
    // Everything that changed while the view was starting goes out now, in one notification.
    this.pushContext();
    void this.bridge!.sendToolInput({ arguments: this.args });
    this.deliverToolOutcome();
    this.changed();
  }

  private deliverToolOutcome(): void {
    if (!this.initialized || !this.toolOutcome || this.toolDelivered || !this.bridge || this.state === 'closed') return;
    this.toolDelivered = true;
    if (this.toolOutcome.kind === 'result') void this.bridge.sendToolResult(this.toolOutcome.result as CallToolResult);
    else void this.bridge.sendToolCancelled({ reason: this.toolOutcome.reason });
  }

  private buildContext(): McpUiHostContext {
    return viewHostContext(this.services, this.tool, this.displayMode, this.box);
  }

  /** Sends `host-context-changed` with whatever differs — only after `initialized` (spec, sandbox step 6). */
  private pushContext(): void {
    this.context = this.buildContext();
    if (this.initialized && this.bridge && this.state !== 'closed') this.bridge.setHostContext({ ...this.context });
  }

  /** The theme changed (ThemeService). */
  themeChanged(): void {
    this.pushContext();
  }

  private measure(): void {
    const rect = this.viewport?.getBoundingClientRect();
    if (rect) this.box = { width: rect.width, height: rect.height };
  }

  /** The frame's host-controlled size changed (width inline; width and height otherwise). */
  containerResized(box: { width: number; height: number }): void {
    const before = containerDimensionsFor(this.displayMode, this.box, this.services.limits);
    this.box = box;
    const after = containerDimensionsFor(this.displayMode, this.box, this.services.limits);
    if (JSON.stringify(before) !== JSON.stringify(after)) this.pushContext();
  }

  private onSizeChange(params: { width?: number; height?: number }): void {
    if (this.displayMode !== 'inline' || !this.iframe) return;
    const verdict = this.governor.propose(params.height);
    if (verdict.apply) this.iframe.style.height = `${verdict.height}px`;
    if (verdict.loopDetected) this.note('refused', 'The app kept resizing itself; its height is held for a moment.');
  }

  /** Switches the display mode (user action or an accepted `ui/request-display-mode`). */
  setDisplayMode(mode: DisplayMode): DisplayMode {
    if (this.state === 'closed' || !this.allowedModes.includes(mode) || mode === this.displayMode)
      return this.displayMode;
    this.displayMode = mode;
    if (this.iframe)
      this.iframe.style.height =
        mode === 'inline' && this.governor.height !== undefined ? `${this.governor.height}px` : '';
    this.changed();
    // The frame element re-lays out first; then the new box goes out with the new mode.
    requestAnimationFrame(() => {
      this.measure();
      this.pushContext();
    });
    this.services.bus.emit('mcp:app:display-mode', { serverName: this.serverName, viewId: this.id, mode });
    return mode;
  }

  /** Records a note and runs `emit`, at most 20 per second per view (a chatty app cannot flood the host). */
  note(kind: ViewNote['kind'], text: string, emit?: () => void): void {
    const added = addNote(this.notes, this.noteBudget, kind, text, Date.now());
    this.notes = added.notes;
    if (!added.accepted) return;
    emit?.();
    this.changed();
  }

  private later(ms: number, fn: () => void): void {
    this.timers.push(setTimeout(fn, ms));
  }

  private fail(message: string): void {
    if (this.state === 'closed') return;
    this.state = 'error';
    this.error = message;
    this.phase = 'Error';
    this.services.bus.emit('mcp:app:error', { serverName: this.serverName, viewId: this.id, message });
    this.changed();
  }

  /**
   * Closes the view: `ui/resource-teardown` with a bounded wait when the view is up (MCP Apps
   * "Cleanup"), then the bridge, the transport and the frame go. Safe to call more than once.
   */
  close(reason = 'Closed by the user.'): Promise<void> {
    this.closing ??= this.doClose(reason);
    return this.closing;
  }

  private async doClose(reason: string): Promise<void> {
    this.gone.abort(new Error(reason));
    const bridge = this.bridge;
    if (bridge && this.initialized && this.iframe?.isConnected) {
      this.phase = 'Closing';
      this.changed();
      try {
        await bridge.teardownResource({}, { timeout: this.services.teardownTimeoutMs });
      } catch {
        // The wait is bounded: a view that does not answer is removed anyway.
      }
    }
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
    this.state = 'closed';
    this.phase = 'Closed';
    try {
      await bridge?.close();
    } catch {
      // closing a transport whose frame is gone can throw; it is gone either way
    }
    this.iframe?.remove();
    // A view whose opening call was never made was never opened: nothing to announce.
    if (this.openedEmitted) {
      this.services.bus.emit('mcp:app:closed', { serverName: this.serverName, viewId: this.id, reason });
    }
    this.changed();
    this.listeners.clear();
  }

  /** The frame element left the page: the iframe is already gone, so there is nothing to tear down. */
  removedFromPage(): void {
    if (this.state !== 'closed') void this.close('The app was removed from the page.');
  }
}
