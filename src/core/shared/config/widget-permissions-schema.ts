/** JSON Schema of MCP-WP-6.5.7 `WidgetCommunicationPermission`. */
export const WIDGET_COMMUNICATION_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['canSend', 'canReceive'],
  properties: {
    canSend: { type: 'boolean' },
    canReceive: { type: 'boolean' },
    allowedTargets: { type: 'array', maxItems: 100, items: { type: 'string', minLength: 1, maxLength: 200 } },
    allowedSources: { type: 'array', maxItems: 100, items: { type: 'string', minLength: 1, maxLength: 200 } },
  },
} as const;

/**
 * JSON Schema of MCP-WP `WidgetPermissions` (§4.2.8, §11.4). One definition for the host's widget
 * contract check and for registry manifests, so a permission a package may ask for is exactly one a
 * running widget may declare.
 */
export const WIDGET_PERMISSIONS_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    network: {
      type: 'object',
      required: ['domains'],
      additionalProperties: false,
      properties: {
        domains: { type: 'array', items: { type: 'string', minLength: 1 } },
        protocols: { type: 'array', items: { enum: ['http', 'https', 'ws', 'wss'] } },
        maxRequestsPerMinute: { type: 'number', minimum: 0 },
      },
    },
    storage: { enum: ['none', 'session', 'persistent'] },
    clipboard: { type: 'boolean' },
    notifications: { type: 'boolean' },
    mcpOperations: {
      type: 'object',
      additionalProperties: false,
      properties: {
        invokeTool: { type: 'boolean' },
        readResource: { type: 'boolean' },
        getPrompt: { type: 'boolean' },
        subscribeToUpdates: { type: 'boolean' },
      },
    },
    widgetCommunication: WIDGET_COMMUNICATION_SCHEMA,
    custom: { type: 'object' },
  },
} as const;
