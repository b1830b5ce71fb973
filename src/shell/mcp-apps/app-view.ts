import type { AppBridge, McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { CallToolResult } from '@modelcontextprotocol/client';
import type { AppCsp } from '../../core/shared/mcp-apps/csp.js';
import { containerDimensionsFor } from '../../core/mcp-apps/host-context.js';
import { resolveInnerSandbox, resolvePermissions } from '../../core/mcp-apps/sandbox-policy.js';
import { SizeGovernor } from '../../core/mcp-apps/size-governor.js';
import type { UiResource } from '../../core/mcp-apps/ui-resource.js';
import { allowedDisplayModes, fitDisplayMode, type DisplayMode } from '../../core/mcplet/display-mode.js';
import { connectViewFrame, createViewBridge } from './app-view-bridge.js';
import { createViewIframe, viewHostCapabilities, viewHostContext } from './app-view-frame.js';
import { loadAppBridge, type BridgeCode } from './app-view-loader.js';
import { AppViewModel, type AppViewOptions } from './app-view-model.js';
import { readViewResource } from './app-view-resource.js';
import type { ViewOrigin } from './app-origins.js';
import { toolReturned, toolThrew, type SettledTool, type ToolOutcome } from './app-view-tool.js';
import { followAppTools } from './app-view-tools.js';
import { Approval } from './app-view-approval.js';
import { applySizeChange, switchDisplayMode } from './app-view-size.js';
// The frame element AppHost.render creates comes with the view's code.
import './mcp-app-frame.js';

export type { ToolStatus } from './app-view-tool.js';
export type { ViewNote } from './app-view-notes.js';

/**
 * One MCP App view: reads its `ui://` resource, frames the sandbox proxy on the sandbox origin,
 * runs the host side of the protocol with the SDK's `AppBridge`, and follows the spec's order —
 * nothing to the view before `ui/notifications/initialized`, then `tool-input` (always), then
 * `tool-result` or `tool-cancelled`; `host-context-changed` for theme, size and mode changes;
 * `ui/resource-teardown` with a bounded wait before it is removed. The iframe is created once,
 * inside the container it is attached to, and never moved (moving an iframe reloads it).
 */
export class AppView extends AppViewModel {
  /**
   * Settles when the opening tool call is cleared to go (policy, dialog, passkey all said yes), or
   * rejects with why not (cancelled, refused, invalid arguments): a view is shown only after that.
   */
  readonly approved: Promise<void>;
  private readonly approval = new Approval();
  private resource: UiResource | undefined;
  private csp: AppCsp = {};
  private viewport: HTMLElement | undefined;
  private iframe: HTMLIFrameElement | undefined;
  /** The SDK's bridge once the frame is connected (app-view-tools.ts lists and calls the app's tools with it). */
  bridge: AppBridge | undefined;
  private initialized = false;
  private toolOutcome: ToolOutcome | undefined;
  private toolDelivered = false;
  private htmlSent = false;
  private context: McpUiHostContext;
  private box = { width: 0, height: 0 };
  private appModes: unknown;
  /** Applies the view's `size-changed` heights (`.height`: the last one applied, if any). */
  readonly governor: SizeGovernor;
  private closing: Promise<void> | undefined;
  private partial: Record<string, unknown> | undefined;

  constructor(options: AppViewOptions) {
    super(options);
    if (options.preview) this.toolStatus = 'preview';
    this.governor = new SizeGovernor({ minHeight: 60, maxHeight: this.services.limits.inlineMaxHeight });
    this.context = this.buildContext();
    this.approved = this.approval.promise;
  }

  /** The opening call is cleared to go: the view is opened (and announced) now. */
  private approve(): void {
    if (!this.approval.resolve()) return;
    this.services.bus.emit('mcp:app:opened', {
      serverName: this.serverName,
      toolName: this.toolName,
      viewId: this.id,
      resourceUri: this.resourceUri,
    });
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

  /** Starts the tool call and the resource read, in parallel (MCP Apps lifecycle, step 2). */
  start(): void {
    // Fetched while the tool runs and the resource is read; mountFrame waits for it.
    loadAppBridge().catch(() => {});
    // A preview is opened because the person asked for it; its tool waits for `run`.
    if (this.toolStatus === 'preview') {
      this.partial = structuredClone(this.args);
      this.approve();
    } else void this.runTool();
    void this.loadResource();
  }

  /** True while this is a preview whose tool has not been called: it takes the form's values. */
  get isPreview(): boolean {
    return this.toolStatus === 'preview' && this.state !== 'closed';
  }

  /** The form's valid-so-far values as `tool-input-partial` (the latest once initialized), until the tool runs. */
  inputPartial(args: Record<string, unknown>): void {
    if (!this.isPreview) return;
    this.partial = structuredClone(args);
    if (this.initialized && this.bridge) void this.bridge.sendToolInputPartial({ arguments: this.partial });
  }

  /** Open app on a preview: the final arguments go out as `tool-input`, then the call (through the policy). */
  run(args: Record<string, unknown>): void {
    if (!this.isPreview) return;
    this.args = args;
    this.toolStatus = 'waiting';
    if (this.initialized && this.bridge) void this.bridge.sendToolInput({ arguments: this.args });
    void this.runTool();
    this.changed();
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
      if (!this.approval.done) {
        // Refused or cancelled before anything was sent: the view is not opened at all.
        this.approval.reject(error);
        return;
      }
      settled = toolThrew(error);
    }
    this.toolOutcome = settled.outcome;
    this.toolStatus = settled.status;
    this.toolNote = settled.note;
    this.toolError = settled.errorText ?? '';
    this.deliverToolOutcome();
    this.changed();
  }

  private async loadResource(): Promise<void> {
    try {
      const read = await readViewResource(this.services, this.serverName, this.resourceUri, this.caller);
      this.resource = read.resource;
      this.csp = read.csp;
      this.cspRejections = read.cspRejections;
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
    let where: ViewOrigin;
    let code: BridgeCode;
    try {
      [where, code] = await Promise.all([
        this.services.viewOrigin({
          serverName: this.serverName,
          resourceUri: this.resourceUri,
          domain: resource.domain,
        }),
        loadAppBridge(),
      ]);
      await this.readPermissions(where, resource.permissions);
    } catch (error) {
      if (this.iframe || this.state !== 'loading') return;
      this.fail(
        `Could not start the app: ${(error as Error)?.message ?? String(error)}. Reload the page and try again.`,
      );
      return;
    }
    if (this.iframe || this.state !== 'loading') return;
    this.origin = where;
    // Only what the person allowed for this app (the host grants nothing without asking).
    const permissions = resolvePermissions(resource.permissions, this.permissions?.granted ?? []);
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

    const bridge = createViewBridge(this, code, {
      capabilities: viewHostCapabilities(permissions.granted, this.csp),
      context: this.context,
      events: {
        sandboxReady: () => {
          // The view's HTML goes to the first proxy page only. A second "ready" means the proxy page was loaded
          // again — on a per-app origin the view can navigate it — and it would get the HTML under whatever
          // policy the new page has: the view is stopped instead.
          if (this.htmlSent) {
            this.fail('The app reloaded its sandbox; it was stopped. Close it and open it again.');
            return;
          }
          this.htmlSent = true;
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
        },
        initialized: () => this.onInitialized(),
        sizeChanged: (params) => applySizeChange(this, params),
      },
    });
    this.bridge = bridge;
    await connectViewFrame(bridge, code, iframe, {
      sandboxOrigin: where.origin,
      hostOrigin: this.services.hostOrigin,
      csp: this.csp,
      viewId: this.id,
    });
    this.later(this.services.startTimeoutMs, () => {
      if (this.phase === 'Starting the sandbox' && this.state === 'loading')
        this.fail('The sandbox did not start. Is the gateway still running?');
    });
    this.askPermissionsOnce();
  }

  /**
   * Builds the view's frame again, host-initiated (a frame's `allow` takes effect only when it loads): the app is
   * told to tear down (bounded wait), then starts over in a new frame and gets its tool input and result again.
   */
  override async reloadFrame(): Promise<void> {
    if (this.state === 'closed' || !this.iframe) return;
    const bridge = this.bridge;
    if (bridge && this.initialized) await this.tellTeardown(bridge);
    if (this.closing || !this.iframe) return;
    await this.dropFrame(bridge);
    this.iframe = undefined;
    // A new proxy page gets the HTML again; the app initializes again and gets its tool input and result again.
    this.htmlSent = this.initialized = this.toolDelivered = false;
    this.state = 'loading';
    this.error = null;
    this.phase = 'Starting the sandbox';
    this.changed();
    await this.mountFrame();
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
    if (this.bridge?.getAppCapabilities()?.tools) followAppTools(this);
    if (this.toolStatus !== 'preview') void this.bridge!.sendToolInput({ arguments: this.args });
    else if (this.partial) void this.bridge!.sendToolInputPartial({ arguments: this.partial });
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

  /** Measures the frame's box again and tells the app what changed (after a display-mode switch). */
  remeasure(): void {
    this.measure();
    this.pushContext();
  }

  /** Switches the display mode (user action or an accepted `ui/request-display-mode`). */
  setDisplayMode(mode: DisplayMode): DisplayMode {
    return switchDisplayMode(this, mode);
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
      await this.tellTeardown(bridge);
    }
    this.state = 'closed';
    this.phase = 'Closed';
    await this.dropFrame(bridge);
    // A view whose opening call was never made was never opened: nothing to announce.
    if (this.approval.opened) {
      this.services.bus.emit('mcp:app:closed', { serverName: this.serverName, viewId: this.id, reason });
    }
    this.changed();
    this.listeners.clear();
  }

  /** The frame goes: timers, the bridge and its transport, the iframe, and the app's tools with them. */
  private async dropFrame(bridge: AppBridge | undefined): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
    this.bridge = undefined;
    // Closing a transport whose frame is gone can throw; it is gone either way.
    await bridge?.close().catch(() => {});
    this.iframe?.remove();
    if (this.appTools.length) {
      this.appTools = [];
      this.services.bus.emit('mcp:app:tools-changed', { serverName: this.serverName, viewId: this.id });
    }
  }

  /** `ui/resource-teardown`, waited for at most `teardownTimeoutMs`: a view that does not answer goes anyway. */
  private async tellTeardown(bridge: AppBridge): Promise<void> {
    await bridge.teardownResource({}, { timeout: this.services.teardownTimeoutMs }).catch(() => {});
  }

  /** The frame element left the page: the iframe is already gone, so there is nothing to tear down. */
  removedFromPage(): void {
    if (this.state !== 'closed') void this.close('The app was removed from the page.');
  }
}
