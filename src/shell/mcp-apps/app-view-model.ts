// An MCP App view as the host shows it: what the frame's chrome and the widgets' handles read, the
// app's notes, and who is told when it changes. AppView runs the protocol that changes it.

import type { AppViewState, CallerContext, MCPContent, MCPTool, Unsubscribe } from '../../core/shared/types.js';
import { ASKED_PERMISSIONS, OPAQUE_ORIGIN_PERMISSIONS } from '../../core/mcp-apps/sandbox-policy.js';
import { resolveDisplayMode, toolDisplayMode, type DisplayMode } from '../../core/mcplet/display-mode.js';
import { addNote, type ViewNote } from './app-view-notes.js';
import type { AppViewServices } from './app-view-services.js';
import type { ToolStatus } from './app-view-tool.js';
import type { ViewOrigin } from './app-origins.js';
import type { PermissionState } from './permissions/app-permissions.js';

let counter = 0;

/** What a view is opened with. */
export interface AppViewOptions {
  services: AppViewServices;
  serverName: string;
  tool: MCPTool;
  resourceUri: string;
  args: Record<string, unknown>;
  caller: CallerContext;
  /** Opened before its tool is called (the person's form feeds it `tool-input-partial` until `run`). */
  preview?: boolean;
}

/**
 * A view's state, status line, tool outcome, display mode, model context and notes (rate-limited),
 * and the listeners told when they change (the frame element, widget handles).
 */
export class AppViewModel {
  readonly id: string;
  readonly serverName: string;
  readonly toolName: string;
  readonly tool: MCPTool;
  readonly resourceUri: string;
  /** The tool's arguments (a preview's are the form's, final once it runs the tool). */
  args: Record<string, unknown>;
  state: AppViewState = 'loading';
  /** What is happening now, for the frame's status line. */
  phase = 'Reading the app';
  error: string | null = null;
  toolStatus: ToolStatus = 'waiting';
  toolNote = '';
  /** The tool's own error text when it reported one ('' otherwise). */
  toolError = '';
  displayMode: DisplayMode;
  appName = '';
  prefersBorder: boolean | undefined;
  modelContext: { content?: MCPContent[]; structuredContent?: Record<string, unknown> } | null = null;
  notes: ViewNote[] = [];
  /** The tools the app offers the host (its `tools/list`, as the host takes them: see core/mcp-apps/app-tools.ts). */
  appTools: MCPTool[] = [];
  /** Declared CSP entries the host refused, shown to the user. */
  cspRejections: string[] = [];
  /** Where the view runs (its per-app origin, or why a declared domain was not used), once known. */
  origin: ViewOrigin | undefined;
  /** Camera, microphone and location as the person answered for this app (undefined when it asks for none). */
  permissions: PermissionState | undefined;
  /** App tool calls waiting for the user or the server. */
  pendingCalls = 0;
  /** Of those, the calls still waiting for the person's answer (dialog, passkey), not yet sent. */
  callsAwaitingPerson = 0;
  /** Aborted when the view starts closing: its tool calls still waiting for confirmation are withdrawn. */
  readonly gone = new AbortController();
  readonly services: AppViewServices;
  protected readonly caller: CallerContext;
  protected readonly listeners = new Set<(view: this) => void>();
  protected timers: Array<ReturnType<typeof setTimeout>> = [];
  private readonly noteBudget = { windowStart: 0, used: 0, dropped: 0 };
  private permissionsAsked = false;

  constructor(options: AppViewOptions) {
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
  }

  /** Changes the count of the app's tool calls not yet answered (the cap on them counts these). */
  setPendingCalls(count: number): void {
    this.pendingCalls = Math.max(0, count);
    this.changed();
  }

  /** Changes the count of the app's calls waiting for the person (the title bar shows it; a running call is not). */
  setCallsAwaitingPerson(count: number): void {
    this.callsAwaitingPerson = Math.max(0, count);
    this.changed();
  }

  /** A short name for the view: the app's own name once known, else the tool's title or name. */
  get title(): string {
    return this.appName || (typeof this.tool.title === 'string' && this.tool.title) || this.toolName;
  }

  /** Subscribes to changes; returns an unsubscribe. */
  onChange(listener: (view: this) => void): Unsubscribe {
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

  /**
   * Records a note and runs `emit`, at most 20 per second per view (a chatty app cannot flood the host);
   * `metered: false` for a note the host already bounds (see addNote).
   */
  note(kind: ViewNote['kind'], text: string, emit?: () => void, metered = true): void {
    const added = addNote(this.notes, this.noteBudget, kind, text, Date.now(), metered);
    this.notes = added.notes;
    if (!added.accepted) return;
    emit?.();
    this.changed();
  }

  /**
   * Reads what the person answered for this app about the camera, microphone, location and clipboard it declares
   * — the devices on a per-app origin only (the browser gives an opaque view no device).
   */
  protected async readPermissions(where: ViewOrigin, declared: unknown): Promise<void> {
    const asked = Object.keys(declared ?? {}).filter(
      (p) => ASKED_PERMISSIONS.includes(p) && (where.perApp || OPAQUE_ORIGIN_PERMISSIONS.includes(p)),
    );
    this.permissions = asked.length
      ? await (await this.services.permissions()).state(this.serverName, where.origin, asked)
      : undefined;
  }

  /** Asks about what nobody answered yet, once per view (one dialog per app at a time); "Allow" rebuilds the frame. */
  protected askPermissionsOnce(): void {
    const list = this.permissions?.unanswered ?? [];
    if (!list.length || this.permissionsAsked) return;
    this.permissionsAsked = true;
    void this.services.permissions().then((store) => store.askFor(this, list));
  }

  /** Builds the view's frame again (AppView does; a model has no frame). */
  reloadFrame(): Promise<void> {
    return Promise.resolve();
  }

  protected later(ms: number, fn: () => void): void {
    this.timers.push(setTimeout(fn, ms));
  }

  protected fail(message: string): void {
    if (this.state === 'closed') return;
    this.state = 'error';
    this.error = message;
    this.phase = 'Error';
    this.services.bus.emit('mcp:app:error', { serverName: this.serverName, viewId: this.id, message });
    this.changed();
  }
}
