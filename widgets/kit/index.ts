/**
 * The public widget SDK. Widgets (built-in and third-party) import only this module and `lit`;
 * everything else reaches them through the injected dependencies.
 */
export type {
  A11yHelperInterface,
  ArgumentProblem,
  BusHandler,
  ConfigurationInterface,
  DependenciesObject,
  EventBusInterface,
  JSONSchema,
  MCPBridgeInterface,
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
  ThemeInterface,
  ToolResult,
  Unsubscribe,
  WidgetAPI,
  WidgetFactory,
  WidgetPermissions,
} from '../../src/core/types.js';
export { defineElement } from './define.js';
export { sanitizeToFragment, safeHttpUrl, safeImageDataUrl, safeAudioDataUrl } from './sanitize.js';
export { displayName, summarizeSchema, createRequestId, errorText } from './tool-text.js';
export { fieldsFor, parseField, type FieldSpec } from './schema-fields.js';
export { McpSchemaForm, SchemaFormSubmitEvent } from './schema-form.js';
export { McpResultView, prettyJson } from './result-view.js';
export { McpToolRunner } from './tool-runner.js';
export { trackActivity, type ActivityEntry } from './activity.js';
export { renderStatus, statusLabel } from './status.js';
export { baseStyles } from './styles.js';
