import { AuditLog } from '../../core/audit/audit-log.js';
import { normalizePolicySettings, type DashboardPolicySettings } from '../../core/shared/config/dashboard-config.js';
import type { EventBus } from '../../core/services/event-bus.js';
import type { GatewayClient } from '../../core/shared/gateway-api/gateway-client.js';
import type { MCPBridge } from '../../core/bridge/mcp-bridge.js';
import { LOCAL_CODES, MCPError } from '../../core/bridge/mcp-error.js';
import { McpletCatalog } from '../../core/mcplet/catalog.js';
import { ConsentStore } from '../../core/policy/consent-store.js';
import { PolicyClient } from '../../core/policy/policy-client.js';
import { openPolicyDatabase, type PolicyDatabase } from '../../core/policy/policy-db.js';
import { PolicyGate } from '../../core/policy/policy-gate.js';
import { PermissionDeniedError, WidgetGrants } from '../../core/policy/widget-grants.js';
import type { LazySchemaValidator } from '../../core/invocation/lazy-validator.js';
import type { PasskeyAuthenticator } from '../../core/policy/policy-gate.js';
import type { McpPasskeyPrompt } from '../dialogs/passkey-prompt.js';

/** Everything of the invocation policy the shell holds once per page. */
export interface PolicyServices {
  settings(): DashboardPolicySettings;
  grants: WidgetGrants;
  audit: AuditLog;
  consents: ConsentStore;
  catalog: McpletCatalog;
  gate: PolicyGate;
  client: PolicyClient;
  /** Loads the dashboard config's policy part and the remembered consents; resolves with a problem to show, if any. */
  load(): Promise<string | undefined>;
  /** Where the passkey prompt lives (set by the shell once rendered). */
  setPasskeyPrompt(prompt: () => McpPasskeyPrompt): void;
  /** Gate for widget-originated bus requests (read/prompt): true = allowed; a refusal is audited, shown and answered. */
  allowBusRequest(source: string, operation: 'readResource' | 'getPrompt', serverName: string): boolean;
  /** Reports a blocked widget operation: audit + `mcp:host:violation`. */
  reportViolation(error: PermissionDeniedError, serverName?: string): void;
}

/** Opens the policy database (audit log, consents); undefined where IndexedDB is unavailable (kept in memory then). */
export function openPolicyStore(dbName: string | undefined): Promise<PolicyDatabase | undefined> {
  return openPolicyDatabase(`${dbName ?? 'mcp-dashboard'}-policy`).catch((error: unknown) => {
    console.warn('[mcp-dashboard] the audit log and consents are kept in memory only (IndexedDB unavailable)', error);
    return undefined;
  });
}

/** Creates the policy services (docs/policy.md). */
export function createPolicyServices(options: {
  bus: EventBus;
  bridge: MCPBridge;
  validator: LazySchemaValidator;
  gateway: GatewayClient;
  dbName?: string;
  /** The policy database when the page already started opening it (before the launch code was spent). */
  db?: Promise<PolicyDatabase | undefined>;
  /** Words the messages users see in their language (the shell's catalogs). */
  t: (key: string, variables?: Record<string, unknown>) => string;
}): PolicyServices {
  const { t } = options;
  let settings = normalizePolicySettings(undefined);
  const getSettings = () => settings;
  const db = options.db ?? openPolicyStore(options.dbName);
  const audit = new AuditLog(db);
  const consents = new ConsentStore(db);
  const grants = new WidgetGrants(getSettings);
  const catalog = new McpletCatalog({
    bus: options.bus,
    bridge: options.bridge,
    validator: options.validator,
    settings: getSettings,
  });
  catalog.start();
  const client = new PolicyClient(options.gateway);
  let promptFor: (() => McpPasskeyPrompt) | undefined;
  let authenticator: PasskeyAuthenticator | undefined;
  // The WebAuthn code (@simplewebauthn/browser) loads only when a passkey action first runs.
  const loadAuthenticator = async (): Promise<PasskeyAuthenticator> => {
    if (authenticator) return authenticator;
    const { createPasskeyAuthenticator } = await import('../dialogs/passkey-ceremony.js');
    authenticator = createPasskeyAuthenticator({
      client,
      prompt: () => {
        if (!promptFor) throw new Error(t('passkey.notReady'));
        return promptFor();
      },
    });
    return authenticator;
  };
  const gate = new PolicyGate({
    settings: getSettings,
    catalog,
    grants,
    consents,
    audit,
    passkey: async (request) => {
      if (!settings.passkeys.enabled) throw new Error(t('passkey.turnedOff'));
      return (await loadAuthenticator())(request);
    },
  });

  // A consent remembered "for this view" ends when the view closes.
  options.bus.on('mcp:app:closed', (data: { viewId?: unknown } | undefined) => {
    if (typeof data?.viewId === 'string') gate.endView(data.viewId);
  });

  const reportViolation = (error: PermissionDeniedError, serverName?: string) => {
    void audit
      .record({
        kind: 'permission-violation',
        serverName,
        surface: 'widget',
        callerId: error.widgetId,
        decision: 'deny',
        reason: error.message,
        detail: error.operation,
      })
      .catch(() => {});
    options.bus.emit('mcp:host:violation', {
      serverName,
      widgetId: error.widgetId,
      operation: error.operation,
      message: error.message,
    });
  };

  return {
    settings: getSettings,
    grants,
    audit,
    consents,
    catalog,
    gate,
    client,
    async load() {
      const loading = consents.load().catch(() => {});
      try {
        settings = normalizePolicySettings(await client.dashboardConfig());
        await loading;
        return undefined;
      } catch (error) {
        await loading;
        return t('policy.settingsFailed', { message: (error as Error).message });
      }
    },
    setPasskeyPrompt(prompt) {
      promptFor = prompt;
    },
    allowBusRequest(source, operation, serverName) {
      if (source === 'host') return true;
      try {
        grants.check(source, operation, serverName);
        return true;
      } catch (error) {
        if (!(error instanceof PermissionDeniedError)) throw error;
        reportViolation(error, serverName);
        const mcpError = new MCPError(error.message, {
          jsonrpcCode: LOCAL_CODES.denied,
          data: { permission: operation },
          serverName,
        });
        options.bus.emit(operation === 'readResource' ? 'mcp:resource:error' : 'mcp:prompt:error', {
          serverName,
          error: mcpError,
          denied: true,
        });
        return false;
      }
    },
    reportViolation,
  };
}
