import type { DashboardPolicySettings } from '../shared/config/dashboard-config.js';
import type { EventBus } from '../services/event-bus.js';
import type { MCPBridge } from '../bridge/mcp-bridge.js';
import type { LazySchemaValidator } from '../invocation/lazy-validator.js';
import type { MCPServerInfo, MCPTool, ResourceContents, ToolResult } from '../shared/types.js';
import { classifyTool, hostStatusOf, type ToolClassification } from './classify.js';
import { ResultSchemaCache, type ResultCheck } from './result-schemas.js';

/**
 * The host's MCPlet view of every server's tools (MCPlet §5.3): classifies each tool, attaches the
 * verdict to the tool object as `hostStatus` (so widgets can show it without host imports),
 * prefetches result schemas during discovery (§5.3.4), re-classifies whenever the bridge re-lists
 * tools (it does so itself on `notifications/tools/list_changed`, §5.3.2), and checks results (§9.2).
 */
export class McpletCatalog {
  readonly schemas = new ResultSchemaCache();

  constructor(
    private readonly options: {
      bus: EventBus;
      bridge: MCPBridge;
      validator: Pick<LazySchemaValidator, 'load' | 'current'>;
      settings: () => DashboardPolicySettings;
    },
  ) {}

  /** Installs the bridge hooks (discovery and re-listing, result events). */
  start(): void {
    const { bridge } = this.options;
    bridge.setDiscoveryHook(
      (info, read) => this.onDiscovered(info, read),
      // Lists shown from the gateway's catalog carry the same verdicts; calls still wait for discovery.
      (info) => void this.decorate(info.serverName, info.tools),
    );
    bridge.setResultAnnotator((serverName, toolName, result) => {
      const tool = bridge.getServer(serverName)?.info?.tools.find((t) => t.name === toolName);
      const check = this.checkResult(serverName, tool, result);
      return check.envelope || check.schema ? { mcplet: check } : undefined;
    });
    // §5.3.2: on notifications/tools/list_changed the bridge re-lists by itself (before any widget
    // hears of it), and every re-listing runs the discovery hook, so routing is re-classified at once.
  }

  /** Removes the bridge hooks. */
  stop(): void {
    this.options.bridge.setDiscoveryHook(undefined);
    this.options.bridge.setResultAnnotator(undefined);
  }

  /** The classification of one tool under the current settings. */
  classify(tool: MCPTool): ToolClassification {
    const s = this.options.settings();
    return classifyTool(tool, { strictMcplet: s.policy.strictMcplet, pools: s.pools });
  }

  /** Classifies every tool and sets `tool.hostStatus` (overwriting anything a server sent under that name). */
  decorate(serverName: string, tools: MCPTool[]): MCPTool[] {
    for (const tool of tools) {
      const c = this.classify(tool);
      const entry = c.resultSchemaUri ? this.schemas.get(serverName, c.resultSchemaUri) : undefined;
      tool.hostStatus = hostStatusOf(c, entry ? entry.state : 'pending');
    }
    return tools;
  }

  private async onDiscovered(
    info: MCPServerInfo,
    read: (uri: string) => Promise<ResourceContents>,
  ): Promise<MCPServerInfo> {
    this.decorate(info.serverName, info.tools);
    if (
      info.tools.some(
        (t) => typeof (t._meta as Record<string, unknown> | undefined)?.mcpletToolResultSchemaUri === 'string',
      )
    ) {
      // The result checker (ajv) loads on demand; have it in memory before any of these tools' results arrive.
      await Promise.all([
        this.schemas.prefetch(info.serverName, info.tools, read),
        this.options.validator.load().catch(() => undefined),
      ]);
      this.decorate(info.serverName, info.tools);
    }
    const excluded = info.tools.filter((t) => t.hostStatus && !t.hostStatus.routable);
    if (excluded.length) {
      this.options.bus.emit('mcp:host:tools-excluded', {
        serverName: info.serverName,
        tools: excluded.map((t) => ({ name: t.name, reason: t.hostStatus!.excludedReason })),
      });
    }
    return info;
  }

  /** The envelope and schema verdict for a result. */
  checkResult(serverName: string, tool: MCPTool | undefined, result: ToolResult): ResultCheck {
    return this.schemas.check(serverName, tool, result, this.options.validator.current);
  }
}
