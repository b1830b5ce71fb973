/**
 * Public MCP-WP types shared by the host and by widgets (MCP-WP §3, §4, §5, §6).
 * Widgets import these through `widgets/kit`; the host uses them directly.
 */

/** Removes a listener or subscription. */
export type Unsubscribe = () => void;

/** JSON Schema object as delivered by a server; never trusted. */
export type JSONSchema = Record<string, unknown>;

/** MCP server capabilities as advertised in `initialize` (MCP-WP §3.2). */
export interface MCPCapabilities {
  tools?: { listChanged?: boolean };
  resources?: { subscribe?: boolean; listChanged?: boolean };
  prompts?: { listChanged?: boolean };
  sampling?: Record<string, unknown>;
  logging?: Record<string, unknown>;
  completions?: Record<string, unknown>;
  [key: string]: unknown;
}

/** A tool as listed by `tools/list`. */
export interface MCPTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: JSONSchema;
  outputSchema?: JSONSchema;
  annotations?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
  /** Set by the host on every tool it hands out (a value sent by a server is overwritten). */
  hostStatus?: HostToolStatus;
  [key: string]: unknown;
}

/** The host's verdict on one tool (MCPlet §5.3.1), readable by widgets without importing host code. */
export interface HostToolStatus {
  /** 'mcplet' when the tool declares `_meta.mcpletType`, else 'plain' (a standard MCP tool). */
  kind: 'mcplet' | 'plain';
  /** False when the host excludes the tool from routing; `excludedReason` says why. */
  routable: boolean;
  excludedReason?: string;
  /** Problems that do not exclude the tool (unknown pool, missing visibility…). */
  warnings: string[];
  /** Surfaces that may call it (MCPlet §8; `_meta.visibility` and `_meta.ui.visibility` combined). */
  visibility: Array<'model' | 'app'>;
  /** Result schema (`_meta.mcpletToolResultSchemaUri`): 'loaded' once prefetched, 'unavailable' if it could not be read. */
  resultSchema: 'none' | 'pending' | 'loaded' | 'unavailable';
}

/** A resource as listed by `resources/list`. */
export interface MCPResource {
  uri: string;
  name?: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
  annotations?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
  [key: string]: unknown;
}

/** A resource template as listed by `resources/templates/list`. */
export interface MCPResourceTemplate {
  uriTemplate: string;
  name?: string;
  title?: string;
  description?: string;
  mimeType?: string;
  annotations?: Record<string, unknown>;
  [key: string]: unknown;
}

/** A prompt argument. */
export interface MCPPromptArgument {
  name: string;
  title?: string;
  description?: string;
  required?: boolean;
}

/** A prompt as listed by `prompts/list`. */
export interface MCPPrompt {
  name: string;
  title?: string;
  description?: string;
  arguments?: MCPPromptArgument[];
  [key: string]: unknown;
}

/** Everything the host learnt about one server before creating its widget (MCP-WP §3.2). */
export interface MCPServerInfo {
  serverName: string;
  transport: 'stdio' | 'http';
  protocolVersion: string;
  capabilities: MCPCapabilities;
  tools: MCPTool[];
  resources: MCPResource[];
  prompts: MCPPrompt[];
  /** Extension: resource templates (MCP-WP-7.2.3). */
  resourceTemplates?: MCPResourceTemplate[];
  /** Extension: the server's self-reported identity. */
  serverVersion?: { name: string; version: string; title?: string };
  /** Extension: the server's `instructions`, untrusted text. */
  instructions?: string;
  /**
   * Extension: per list, why the host left items out because they do not have the shape MCP requires
   * (MCP-WP-9.1.3); the lists above hold only the well-formed items. Absent when nothing was left out.
   */
  listProblems?: Partial<Record<'tools' | 'resources' | 'resourceTemplates' | 'prompts', string>>;
}

/** One content block of a tool result or prompt message. */
export interface MCPContent {
  type: 'text' | 'image' | 'audio' | 'resource' | 'resource_link' | string;
  text?: string;
  data?: string;
  uri?: string;
  name?: string;
  title?: string;
  description?: string;
  mimeType?: string;
  resource?: MCPResourceContents;
  annotations?: Record<string, unknown>;
  [key: string]: unknown;
}

/** Result of `tools/call` (MCP-WP §6.2). */
export interface ToolResult {
  content: MCPContent[];
  structuredContent?: unknown;
  isError?: boolean;
  _meta?: Record<string, unknown>;
  [key: string]: unknown;
}

/** One entry of `resources/read` contents. */
export interface MCPResourceContents {
  uri: string;
  mimeType?: string;
  text?: string;
  blob?: string;
  _meta?: Record<string, unknown>;
  [key: string]: unknown;
}

/** Result of `resources/read`. */
export interface ResourceContents {
  contents: MCPResourceContents[];
}

/** Result of `prompts/get` (MCP-WP §6.2). */
export interface PromptMessages {
  description?: string;
  messages: Array<{ role: 'user' | 'assistant'; content: MCPContent }>;
}

/** Sampling request (MCP-WP §6.2). */
export interface SamplingRequest {
  messages: Array<{ role: 'user' | 'assistant'; content: MCPContent }>;
  modelPreferences?: Record<string, unknown>;
  systemPrompt?: string;
  includeContext?: 'none' | 'thisServer' | 'allServers';
  temperature?: number;
  maxTokens: number;
  stopSequences?: string[];
  metadata?: object;
  [key: string]: unknown;
}

/** Sampling result (MCP-WP §6.2). */
export interface SamplingResult {
  role: 'assistant';
  content: MCPContent;
  model: string;
  stopReason?: string;
  [key: string]: unknown;
}

/** Options for long-running operations (extension of MCP-WP §6.2). */
export interface CallOptions {
  /** Called with progress notifications; resets the request timeout. */
  onProgress?: (progress: { progress: number; total?: number; message?: string }) => void;
  /** Aborting sends `notifications/cancelled`. */
  signal?: AbortSignal;
  /** Request timeout in ms; progress resets it. */
  timeout?: number;
  /** Extra `params._meta` for the request. `mcplet_auth` is reserved: only the host's passkey step sets it. */
  _meta?: Record<string, unknown>;
}

/** The MCPBridge interface handed to widgets (MCP-WP-6.2.1). */
export interface MCPBridgeInterface {
  getServer(serverName: string): MCPServerConnection | undefined;
  listServers(): string[];
  isConnected(serverName: string): boolean;
  callTool(serverName: string, toolName: string, args: object, options?: CallOptions): Promise<ToolResult>;
  readResource(serverName: string, uri: string): Promise<ResourceContents>;
  getPrompt(serverName: string, promptName: string, args: object): Promise<PromptMessages>;
  createMessage(serverName: string, request: SamplingRequest): Promise<SamplingResult>;
  listTools(serverName: string): Promise<MCPTool[]>;
  listResources(serverName: string): Promise<MCPResource[]>;
  listPrompts(serverName: string): Promise<MCPPrompt[]>;
  subscribeToResource(serverName: string, uri: string, callback: (uri: string) => void): Unsubscribe;
}

/** A read-only view of one server connection. */
export interface MCPServerConnection {
  serverName: string;
  transport: 'stdio' | 'http';
  state: ConnectionState;
  info: MCPServerInfo | undefined;
  lastError: string | null;
}

/** Connection state of a server as the host sees it. */
export type ConnectionState = 'idle' | 'connecting' | 'connected' | 'disconnected' | 'error';

/** Metadata passed alongside every bus event. */
export interface BusEventMeta {
  /** Event name as emitted. */
  event: string;
  /** Milliseconds since epoch. */
  timestamp: number;
  /** Who emitted: 'host' or a widget id. */
  source: string;
}

/** Handler for bus events: `data` first, metadata second. */
export type BusHandler<T = any> = (data: T, meta: BusEventMeta) => void;

/** EventBus interface handed to widgets (MCP-WP-6.1). */
export interface EventBusInterface {
  on<T = any>(event: string, handler: BusHandler<T>): Unsubscribe;
  off(event: string, handler: BusHandler): void;
  emit(event: string, data?: unknown): void;
}

/** Configuration interface handed to widgets (MCP-WP-6.3). */
export interface ConfigurationInterface {
  get<T = unknown>(key: string, fallback?: T): T | undefined;
  set(key: string, value: unknown): Promise<void>;
  onChange(key: string, callback: (value: unknown, key: string) => void): Unsubscribe;
}

/** Accessibility helper (MCP-WP-11.5.5). */
export interface A11yHelperInterface {
  announce(message: string, politeness?: 'polite' | 'assertive'): void;
  setFocusTrap(element: HTMLElement, options?: FocusTrapOptions): () => void;
  /** True when the pair meets WCAG AA for normal text (4.5:1); options for large text, UI parts or AAA. */
  validateContrast(fgColor: string, bgColor: string, options?: ContrastOptions): boolean;
  getPreferences(): A11yPreferences;
  /** Extension: called when a preference changes (system setting or the dashboard's own). */
  onPreferencesChange?(callback: (preferences: A11yPreferences) => void): Unsubscribe;
}

/** Options of `A11yHelper.setFocusTrap` (extension of MCP-WP-11.5.5). */
export interface FocusTrapOptions {
  /** Focused when the trap starts (default: the first focusable element). */
  initialFocus?: HTMLElement | null;
  /** Called on Escape inside the trap. */
  onEscape?: () => void;
  /** Return focus to the element that had it when the trap was released (default true). */
  returnFocus?: boolean;
}

/** Options of `A11yHelper.validateContrast`. */
export interface ContrastOptions {
  /** 18pt, or 14pt bold: 3:1 is enough at AA (WCAG 1.4.3). */
  largeText?: boolean;
  /** UI components and graphics: 3:1 (WCAG 1.4.11). */
  nonText?: boolean;
  /** 'AAA' asks for 7:1 (4.5:1 for large text). */
  level?: 'AA' | 'AAA';
}

/** User accessibility preferences (MCP-WP-11.5.5). */
export interface A11yPreferences {
  reducedMotion: boolean;
  highContrast: boolean;
  fontSize: 'small' | 'medium' | 'large' | 'x-large';
  screenReaderActive: boolean;
}

/** A theme mode as the user chooses it; `auto` follows the system (MCP-WP-5.5.9, 6.4.1). */
export type ThemeModePreference = 'light' | 'dark' | 'high-contrast' | 'auto';

/** Colour intensity (MCP-WP-5.5.2, 6.4.1). */
export type ColorScheme = 'vibrant' | 'muted' | 'accessible';

/** Options of `Theme.adaptColor` (MCP-WP-5.5.2). */
export interface ColorAdaptationOptions {
  /** Adapt against the current mode's background (default true); false adapts against white. */
  respectMode?: boolean;
  /** Keep hue and saturation; only lightness moves (default true). */
  preserveHue?: boolean;
  /** Minimum WCAG ratio against the background (default 4.5). */
  targetContrast?: number;
  /** Lightness shift before adapting, -1 … 1. */
  intensity?: number;
  /** Extension: the colour to adapt against, instead of the mode's background. */
  against?: string;
}

/** Scoped theming a widget declares in its metadata (MCP-WP-5.5.6). */
export interface ScopedTheming {
  /** Borders, headers, controls: the host's tokens, or the widget's own `--mcp-*` overrides. */
  chrome: 'host' | 'custom';
  /** Data visualisations and brand content: host tokens, or the widget's custom properties. */
  content: 'host' | 'custom';
  /** Custom properties to set on the widget's shadow root (colours are kept readable per mode). */
  customTokens?: Record<string, string>;
}

/** Theme service (MCP-WP-5.5.2 / 6.4). */
export interface ThemeInterface {
  tokens: Record<string, string>;
  /** Injects the tokens into the element's shadow root; `scoped` applies MCP-WP-5.5.6 scoped theming. */
  applyToElement(element: HTMLElement, scoped?: ScopedTheming): void;
  onThemeChange(callback: (tokens: Record<string, string>, mode: string) => void): Unsubscribe;
  getMode(): 'light' | 'dark' | 'high-contrast' | 'custom';
  /** The user's preference, `auto` included (MCP-WP-6.4.1). */
  mode?: ThemeModePreference;
  colorScheme?: ColorScheme;
  colors?: Record<string, string>;
  accentColors?: Record<string, string>;
  dataColors?: Record<string, string>;
  semanticColors?: Record<string, string>;
  spacing?: Record<string, string>;
  typography?: Record<string, string>;
  getColorScheme?(): ColorScheme;
  getContrastRatio?(color1: string, color2: string): number;
  adaptColor?(color: string, options?: ColorAdaptationOptions): string;
  generateColorScale?(baseColor: string, steps?: number): string[];
  getCSSVar?(property: string): string;
  onChange?(callback: (theme: ThemeInterface) => void): Unsubscribe;
}

/** Lifecycle of an MCP App view: loading (resource, sandbox, handshake), ready, error, closed. */
export type AppViewState = 'loading' | 'ready' | 'error' | 'closed';

/** How a view is shown (MCP Apps display modes). */
export type AppDisplayMode = 'inline' | 'fullscreen' | 'pip';

/** What a widget sees of one open MCP App view (a `ui://` resource in the host's sandbox). */
export interface AppViewHandle {
  readonly id: string;
  readonly serverName: string;
  readonly toolName: string;
  readonly resourceUri: string;
  readonly state: AppViewState;
  readonly displayMode: AppDisplayMode;
  /** What went wrong, for the user, when `state` is 'error'. */
  readonly error: string | null;
  /** The latest `ui/update-model-context` the view sent (each one replaces the previous). */
  readonly modelContext: { content?: MCPContent[]; structuredContent?: Record<string, unknown> } | null;
  /** Sends `ui/resource-teardown` (bounded wait) and removes the view. */
  close(reason?: string): Promise<void>;
  /** Called on every change of state, mode, or model context. */
  onChange(callback: (view: AppViewHandle) => void): Unsubscribe;
}

/**
 * Host capability injected as `deps.AppHost`: MCP Apps views for tools that declare
 * `_meta.ui.resourceUri`, rendered by the host in its separate-origin sandbox.
 */
export interface AppHostInterface {
  /** The tool's `ui://` view, if it has one the host can show. */
  appResourceUri(serverName: string, toolName: string): string | undefined;
  /** Calls the tool (through the host's confirmation) and opens its view; resolves once the view exists. */
  open(serverName: string, toolName: string, args?: Record<string, unknown>): Promise<AppViewHandle>;
  /** Places the view's frame into `container`, once. A view is never moved afterwards. */
  render(view: AppViewHandle, container: HTMLElement): void;
  /** Views this widget opened that are not closed. */
  views(): AppViewHandle[];
}

/** A translatable message: text with `{name}` placeholders, or plural forms chosen by `{count}`. */
export type I18nMessage = string | ({ other: string } & Partial<Record<'zero' | 'one' | 'two' | 'few' | 'many', string>>);

/** Messages per locale, then per key: `{ en: { 'tab.tools': 'Tools' }, ja: { … } }`. */
export type I18nCatalogs = Readonly<Record<string, Readonly<Record<string, I18nMessage>>>>;

/** Internationalisation (MCP-WP-6.8.1). */
export interface I18nInterface {
  /** BCP 47 tag of the current locale, e.g. "en" or "ja". */
  readonly currentLocale: string;
  t(key: string, variables?: Record<string, unknown>): string;
  formatDate(date: Date | number, options?: Intl.DateTimeFormatOptions): string;
  formatNumber(value: number, options?: Intl.NumberFormatOptions): string;
  /** Extension: called with the new locale after it changed (also announced as `mcp:host:locale-changed`). */
  onLocaleChange?(callback: (locale: string) => void): Unsubscribe;
}

/** Clipboard access for widgets, gated by `permissions.clipboard` (MCP-WP-11.4.3). */
export interface ClipboardInterface {
  writeText(text: string): Promise<void>;
}

/** Host notifications for widgets, gated by `permissions.notifications` (MCP-WP-11.4.3). */
export interface NotificationsInterface {
  notify(notification: { title: string; body?: string; level?: 'info' | 'success' | 'warning' | 'error' }): Promise<void>;
}

/** Dependencies injected into every widget factory (MCP-WP-3.2, 4.3). */
export interface DependenciesObject {
  EventBus: EventBusInterface;
  MCPBridge: MCPBridgeInterface;
  Configuration: ConfigurationInterface;
  Theme?: ThemeInterface;
  A11yHelper?: A11yHelperInterface;
  /** Extension: host-owned timers, cleared by the host when the widget is destroyed (MCP-WP-3.4.2). */
  Timers?: WidgetTimersInterface;
  /** Extension: MCP Apps views (see docs/widgets.md). */
  AppHost?: AppHostInterface;
  I18n?: I18nInterface;
  /** Present for every widget; refuses unless the widget declared and was granted `clipboard`. */
  Clipboard?: ClipboardInterface;
  /** Present for every widget; refuses unless the widget declared and was granted `notifications`. */
  Notifications?: NotificationsInterface;
  [key: string]: unknown;
}

/**
 * Timers a widget borrows from the host (extension of MCP-WP §6). The host cancels whatever is
 * still pending when the widget is destroyed, so a forgotten interval cannot outlive it.
 */
export interface WidgetTimersInterface {
  setTimeout(callback: () => void, ms?: number): number;
  setInterval(callback: () => void, ms: number): number;
  clear(id: number): void;
  /** Cancels every pending timer of this widget. */
  clearAll(): void;
  /** Timers still pending. */
  readonly pending: number;
}

/** Widget permissions (MCP-WP-4.1.1). */
export interface WidgetPermissions {
  network?: { domains: string[]; protocols?: Array<'http' | 'https' | 'ws' | 'wss'>; maxRequestsPerMinute?: number };
  storage?: 'none' | 'session' | 'persistent';
  clipboard?: boolean;
  notifications?: boolean;
  mcpOperations?: { invokeTool?: boolean; readResource?: boolean; getPrompt?: boolean; subscribeToUpdates?: boolean };
  custom?: Record<string, unknown>;
}

/** Trust tier (MCP-WP-11.4.4). */
export type TrustLevel = 'untrusted' | 'community' | 'verified' | 'enterprise';

/** Widget metadata (MCP-WP §4.1). */
export interface MCPWidgetMetadata {
  protocolVersion: '1.0.0';
  element: string;
  displayName: string;
  icon: string;
  category: 'MCP Servers';
  mcpServerName: string;
  transport: 'stdio' | 'http';
  mcpProtocolVersion: string;
  capabilities: { tools: boolean; resources: boolean; prompts: boolean; sampling: boolean };
  permissions?: WidgetPermissions;
  trustLevel?: TrustLevel;
  signature?: Record<string, unknown>;
  repository?: Record<string, unknown>;
  integrity?: string;
  mcpUICompatible?: boolean;
  mcpUIResourceTypes?: string[];
  priority?: number;
  collapsible?: boolean;
  defaultCollapsed?: boolean;
  widgetType?: 'server-status' | 'server-panel' | 'tool-browser' | 'resource-explorer' | 'activity-log';
  /** MCP-WP-5.5.6. */
  scopedTheming?: ScopedTheming;
  metadata?: Record<string, unknown>;
}

/** Widget API (MCP-WP §3.3). */
export interface WidgetAPI {
  initialize?: () => Promise<void>;
  destroy?: () => Promise<void>;
  refresh?: () => Promise<void>;
  [key: string]: unknown;
}

/** What a factory returns (MCP-WP-3.1.4). */
export interface MCPWidgetInterface {
  api: WidgetAPI;
  widget: MCPWidgetMetadata;
}

/** A widget factory (MCP-WP §3.2). */
export type WidgetFactory = (
  dependencies: DependenciesObject,
  mcpServerInfo: MCPServerInfo,
) => MCPWidgetInterface | Promise<MCPWidgetInterface>;

/** Status reported by a widget element (MCP-WP-5.2.1). */
export interface MCPWidgetStatus {
  state: 'active' | 'idle' | 'error' | 'loading' | 'disabled';
  primaryMetric: string;
  secondaryMetric: string;
  lastActivity: number | null;
  message: string | null;
}

/** MCP details reported by a widget element (MCP-WP-5.3.1). */
export interface MCPInfo {
  serverName: string;
  availableTools: number;
  availableResources: number;
  availablePrompts: number;
  connectionState: 'connected' | 'disconnected' | 'error';
  lastError: string | null;
}

/** What a widget costs (MCP-WP-17.6.5, 18.1.4): bytes and milliseconds. */
export interface WidgetResourceUsage {
  /** Bytes. */
  memoryUsed: number;
  /** Bytes, gzipped. */
  bundleSize: number;
  /** Milliseconds taken by the last render. */
  renderTime: number;
}

/** An element that implements the MCP-WP element contract (§5.2, §5.3). */
export interface MCPWidgetElement extends HTMLElement {
  getStatus(): MCPWidgetStatus;
  getMCPInfo?(): MCPInfo;
  /** Optional (MCP-WP-17.6.5). */
  getResourceUsage?(): WidgetResourceUsage;
}

/** Payload of `mcp:tool:invoke-requested` (MCP-WP §8.2), with our correlation id. */
export interface ToolInvokeRequest {
  serverName: string;
  toolName: string;
  args: Record<string, unknown>;
  /** Extension: echoed on calling/result/error/cancelled so the caller can correlate. */
  requestId?: string;
  /** Extension: request timeout in ms for this call; progress notifications reset it. */
  timeout?: number;
}

/** Payload of `mcp:tool:cancel-requested` (extension): stop a running call of your own. */
export interface ToolCancelRequest {
  requestId: string;
  reason?: string;
}

/**
 * Who is asking for an operation. `surface` is the MCPlet caller surface; `id` names the caller
 * ('host', a widget id such as 'server-panel:everything', an app view id, an agent id).
 */
export interface CallerContext {
  surface: 'user' | 'widget' | 'app' | 'agent';
  id: string;
  /**
   * The server this caller belongs to (a widget's or an MCP App's own server). Calls to another
   * server are refused. Required for 'app' callers; for widgets the host knows it already.
   */
  serverName?: string;
}

/** The host's MCPlet check of a tool result (MCPlet §9), carried on `mcp:tool:result` as `mcplet`. */
export interface McpletResultCheck {
  /** The §9.1 envelope, when the result uses it. */
  envelope?: {
    kind: 'result' | 'error';
    result?: unknown;
    code?: string;
    message?: string;
    meaning?: string;
    guidance?: string;
    meta?: Record<string, unknown>;
  };
  /** The result checked against `_meta.mcpletToolResultSchemaUri` (§9.2); absent when none is declared. */
  schema?: { uri: string; state: 'valid' | 'invalid' | 'unavailable' | 'not-applicable'; problems?: ArgumentProblem[]; reason?: string };
}

/** One argument validation problem, addressed by JSON pointer. */
export interface ArgumentProblem {
  /** JSON pointer into the arguments object ('' = the whole object). */
  path: string;
  message: string;
  /** The JSON Schema keyword that failed (e.g. 'minimum'), so a widget can word it in its locale. */
  keyword?: string;
  /** The keyword's parameters (e.g. `{ limit: 3 }`). */
  params?: Record<string, unknown>;
}
