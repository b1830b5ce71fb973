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
} from '../../src/core/shared/types.js';
export { defineElement } from './widget/define.js';
export { sanitizeToFragment, safeHttpUrl, safeImageDataUrl, safeAudioDataUrl } from './widget/sanitize.js';
export { displayName, summarizeSchema, createRequestId, errorText } from './tool-runner/tool-text.js';
export { McpSchemaForm, SchemaFormSubmitEvent, FIELD_BUDGET } from './schema-form/schema-form.js';
export {
  describeNode,
  derefSchema,
  initialValue,
  constraintText,
  type SchemaNode,
  type NodeKind,
} from './schema-form/schema-model.js';
export { getAt, setAt, childPointer } from './schema-form/schema-pointer.js';
export { McpResultView, prettyJson, downloadBase64, fileNameFor } from './tool-runner/result-view.js';
export { McpLongText, TEXT_STEP, downloadText, sizeLabel } from './tool-runner/long-text.js';
export { McpToolRunner, MAX_MANUAL_RETRIES, OpenAppEvent, type AgentCallOutcome } from './tool-runner/tool-runner.js';
export { McpToolList, ToolSelectEvent, filterTools, toolSearchText } from './tool-runner/tool-list.js';
export { renderToolItem, toolBadges } from './tool-runner/tool-item.js';
export { McpResourceBrowser, resourceLabel, annotationText, templateFields } from './resources/resource-browser.js';
export { McpPromptRunner, promptSchema, promptArgsSummary, promptFields } from './prompts/prompt-runner.js';
export { McpActivityTable } from './activity/activity-table.js';
export { McpLatencyChart, median, type LatencyPoint } from './activity/latency-chart.js';
export { McpServerWidgetElement, ACTIVE_WINDOW_MS } from './widget/server-widget.js';
export { dataBytes, gzippedBytes } from './resources/resource-usage.js';
export { createServerWidget, type ServerWidgetOptions } from './widget/widget-factory.js';
export {
  createAgentApi,
  getStatusAction,
  listToolsAction,
  listResourcesAction,
  toolActions,
  type KitAgentAction,
} from './widget/agent-actions.js';
export { withRetries, isRetryable, RetriesExhaustedError } from './widget/retry.js';
export { widgetTimers } from './widget/timers.js';
export { templateVariables, templateSchema, expandTemplate } from './resources/uri-template.js';
export { listStyles } from './styles/list.styles.js';
export {
  mcpletSummary,
  renderMcpletBadges,
  mcpletBadgeStyles,
  type McpletSummary,
} from './tool-runner/mcplet-badges.js';
export { renderMcpletCheck, mcpletCheckStyles } from './tool-runner/mcplet-result.js';
export { trackActivity, type ActivityEntry } from './activity/activity.js';
export { renderStatus, statusLabel } from './widget/status.js';
export { LocalizeController } from './i18n/localize.js';
export { formatMessage, type Translate } from './i18n/translate.js';
export { KIT_CATALOGS } from './i18n/messages.js';
export { CLIENT_KIT_CATALOGS } from './i18n/messages-client.js';
export { problemText } from './widget/problem-text.js';
export { baseStyles } from './styles/styles.js';
export { McpCompletionInput, CompletionValueEvent, type CompleteFunction } from './schema-form/completion-input.js';
export {
  McpArgumentForm,
  argumentCompleter,
  type ArgumentField,
  type ArgumentCompleter,
} from './schema-form/argument-form.js';
export {
  McpTaskView,
  TaskCancelEvent,
  TaskResultEvent,
  taskSupportOf,
  isFinishedTask,
  renderTaskState,
} from './client/task-view.js';
export { McpTaskList } from './client/task-list.js';
export { McpLogView, LOG_LEVEL_ORDER, filterLog, logDataText } from './client/log-view.js';
export { McpRootsEditor, folderToFileUri } from './client/roots-editor.js';
