/**
 * The public widget SDK. Widgets (built-in and third-party) import only this module and `lit`;
 * everything else reaches them through the injected dependencies.
 */
export type {
  A11yHelperInterface,
  AppDisplayMode,
  AppHostInterface,
  AppViewHandle,
  AppViewState,
  ArgumentProblem,
  BusHandler,
  ConfigurationInterface,
  DependenciesObject,
  EventBusInterface,
  I18nCatalogs,
  I18nInterface,
  I18nMessage,
  JSONSchema,
  MCPBridgeInterface,
  McpletResultCheck,
  HostToolStatus,
  ClipboardInterface,
  NotificationsInterface,
  MCPContent,
  MCPInfo,
  MCPPrompt,
  MCPResource,
  MCPResourceTemplate,
  MCPServerInfo,
  MCPTool,
  MCPWidgetInterface,
  MCPWidgetMetadata,
  MCPWidgetStatus,
  PromptMessages,
  ResourceContents,
  ScopedTheming,
  ThemeInterface,
  ToolResult,
  Unsubscribe,
  WidgetAPI,
  WidgetFactory,
  WidgetPermissions,
  WidgetResourceUsage,
  WidgetTimersInterface,
  MCPWidgetElement,
  SamplingRequest,
  SamplingResult,
  CompletionRef,
  CompletionResult,
  LogEntry,
  LogLevel,
  RootEntry,
  RootView,
  TaskRecord,
  TaskState,
  ActionResult,
  AgentActionContext,
  AgentAPI,
  AgentProgress,
  WidgetMessage,
  WidgetMessagingInterface,
  WidgetCommunicationPermission,
  OfflineCacheInterface,
  QueuedOperation,
  CachedToolResult,
  TelemetryInterface,
} from '../../src/core/types.js';
export { defineElement } from './define.js';
export { sanitizeToFragment, safeHttpUrl, safeImageDataUrl, safeAudioDataUrl } from './sanitize.js';
export { displayName, summarizeSchema, createRequestId, errorText } from './tool-text.js';
export { McpSchemaForm, SchemaFormSubmitEvent, FIELD_BUDGET } from './schema-form.js';
export {
  describeNode,
  derefSchema,
  initialValue,
  constraintText,
  type SchemaNode,
  type NodeKind,
} from './schema-model.js';
export { getAt, setAt, childPointer } from './schema-pointer.js';
export { McpResultView, prettyJson, downloadBase64, fileNameFor } from './result-view.js';
export { McpLongText, TEXT_STEP, downloadText, sizeLabel } from './long-text.js';
export { McpToolRunner, MAX_MANUAL_RETRIES, OpenAppEvent, type AgentCallOutcome } from './tool-runner.js';
export { McpToolList, ToolSelectEvent, filterTools, toolSearchText } from './tool-list.js';
export { renderToolItem, toolBadges } from './tool-item.js';
export { McpResourceBrowser, resourceLabel, annotationText, templateFields } from './resource-browser.js';
export { McpPromptRunner, promptSchema, promptArgsSummary, promptFields } from './prompt-runner.js';
export { McpActivityTable } from './activity-table.js';
export { McpLatencyChart, median, type LatencyPoint } from './latency-chart.js';
export { McpServerWidgetElement, ACTIVE_WINDOW_MS } from './server-widget.js';
export { dataBytes, gzippedBytes } from './resource-usage.js';
export { createServerWidget, type ServerWidgetOptions } from './widget-factory.js';
export {
  createAgentApi,
  getStatusAction,
  listToolsAction,
  listResourcesAction,
  toolActions,
  type KitAgentAction,
} from './agent-actions.js';
export { withRetries, isRetryable, RetriesExhaustedError } from './retry.js';
export { widgetTimers } from './timers.js';
export { templateVariables, templateSchema, expandTemplate } from './uri-template.js';
export { listStyles } from './list.styles.js';
export { mcpletSummary, renderMcpletBadges, mcpletBadgeStyles, type McpletSummary } from './mcplet-badges.js';
export { renderMcpletCheck, mcpletCheckStyles } from './mcplet-result.js';
export { trackActivity, type ActivityEntry } from './activity.js';
export { renderStatus, statusLabel, type Translate } from './status.js';
export { LocalizeController } from './localize.js';
export { KIT_CATALOGS } from './messages.js';
export { CLIENT_KIT_CATALOGS } from './messages-client.js';
export { problemText } from './problem-text.js';
export { baseStyles } from './styles.js';
export { McpCompletionInput, CompletionValueEvent, type CompleteFunction } from './completion-input.js';
export { McpArgumentForm, argumentCompleter, type ArgumentField, type ArgumentCompleter } from './argument-form.js';
export {
  McpTaskView,
  TaskCancelEvent,
  TaskResultEvent,
  taskSupportOf,
  isFinishedTask,
  renderTaskState,
} from './task-view.js';
export { McpTaskList } from './task-list.js';
export { McpLogView, LOG_LEVEL_ORDER, filterLog, logDataText } from './log-view.js';
export { McpRootsEditor, folderToFileUri } from './roots-editor.js';
