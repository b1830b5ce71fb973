import { toolUiResourceUri } from '../mcp-apps/ui-resource.js';
import type { HostToolStatus, MCPTool } from '../shared/types.js';
import { toolVisibility, type ToolSurface } from './visibility.js';

/** MCPlet classification (MCPlet §4, §6.1). */
export type McpletType = 'read' | 'prepare' | 'action';

/** The MCPlet types, in order of risk. */
export const MCPLET_TYPES: readonly McpletType[] = ['read', 'prepare', 'action'];

/** Display modes a tool may declare (MCPlet §6.6). */
export const DISPLAY_MODES = ['inline', 'fullscreen', 'pip', 'llm-inline', 'llm-fullscreen', 'llm-pip'] as const;

/** A tool's authentication requirement (MCPlet §6.7), normalised. */
export interface McpletAuth {
  required: 'passkey';
  enforcement: 'strict' | 'host-only';
  promptMessage?: string;
}

/** Why a tool is excluded from routing; `rule` is the policy matrix row (docs/policy.md). */
export interface Exclusion {
  rule: 'X1' | 'X2' | 'X3' | 'X4' | 'X5' | 'X6';
  reason: string;
}

/** Everything the policy needs to know about one tool, derived from its metadata only. */
export interface ToolClassification {
  kind: 'mcplet' | 'plain';
  mcpletType?: McpletType;
  visibility: ToolSurface[];
  /** True when the tool declared `_meta.visibility` or `_meta.ui.visibility`. */
  visibilityDeclared: boolean;
  pool?: string;
  /** False when `pool` is not in the dashboard's pool registry (MCPlet §5.3.3). */
  poolKnown?: boolean;
  auth?: McpletAuth;
  /** Declared `_meta.ui.displayMode` when it is one of MCPlet §6.6's values. */
  displayMode?: string;
  resultSchemaUri?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
  /**
   * True when the tool claims to only read: `mcpletType: "read"`, or a standard tool with
   * `readOnlyHint: true` — and not also marked destructive. A claim of the server, never verified.
   */
  readOnly: boolean;
  /** The tool's own MCP App view (`_meta.ui.resourceUri`), when it declares one. */
  uiResourceUri?: string;
  routable: boolean;
  exclusion?: Exclusion;
  warnings: string[];
  /** Stable text of the policy-relevant metadata; a remembered consent only holds while it is unchanged. */
  fingerprint: string;
}

/** JSON with object keys sorted, so the same metadata always gives the same text. */
function stableJson(value: unknown, depth = 0): string {
  if (depth > 64) return '"…"';
  if (Array.isArray(value)) return `[${value.map((v) => stableJson(v, depth + 1)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value as Record<string, unknown>)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k], depth + 1)}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The settings classification depends on. */
export interface ClassificationSettings {
  strictMcplet: boolean;
  pools: Record<string, unknown>;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Short printable form of untrusted metadata for messages (never HTML; rendered as text). */
function show(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/**
 * Classifies a tool from its metadata (MCPlet §4, §5.3.1, §6, §8): its type, visibility, pool, auth
 * and display mode, and whether the host must exclude it from routing. Pure.
 */
export function classifyTool(
  tool: Pick<MCPTool, '_meta' | 'annotations'> & Partial<Pick<MCPTool, 'description' | 'title' | 'inputSchema'>>,
  settings: ClassificationSettings,
): ToolClassification {
  const meta = isObject(tool._meta) ? tool._meta : {};
  const ui = isObject(meta.ui) ? meta.ui : {};
  const annotations = isObject(tool.annotations) ? tool.annotations : {};
  const warnings: string[] = [];
  let exclusion: Exclusion | undefined;
  const exclude = (rule: Exclusion['rule'], reason: string) => {
    exclusion ??= { rule, reason };
  };

  const declaredType = meta.mcpletType;
  const kind: ToolClassification['kind'] = declaredType === undefined ? 'plain' : 'mcplet';
  const mcpletType = MCPLET_TYPES.includes(declaredType as McpletType) ? (declaredType as McpletType) : undefined;
  if (kind === 'mcplet' && !mcpletType)
    exclude('X1', `it declares mcpletType ${show(declaredType)}, which is not read, prepare or action (MCPlet §5.3.1)`);

  const visibilityDeclared = meta.visibility !== undefined || ui.visibility !== undefined;
  const visibility = toolVisibility(tool);
  if (visibilityDeclared && visibility.length === 0) {
    exclude(
      'X4',
      `its visibility ${show(meta.visibility ?? ui.visibility)} names no surface this dashboard knows (model, app), so no one may call it`,
    );
  }
  if (kind === 'mcplet' && meta.visibility === undefined)
    warnings.push('declares no _meta.visibility (MCPlet §5.1); treated as visible to model and app');

  let auth: McpletAuth | undefined;
  if (meta.auth !== undefined) {
    const a = meta.auth;
    if (!isObject(a) || typeof a.required !== 'string') {
      exclude('X5', `its _meta.auth ${show(a)} is malformed (it needs "required")`);
    } else if (a.required !== 'passkey') {
      exclude(
        'X5',
        `it requires "${show(a.required).replace(/"/g, '')}" authentication, which this dashboard cannot perform (only passkey)`,
      );
    } else {
      let enforcement: McpletAuth['enforcement'] = 'strict';
      if (a.enforcement === 'host-only') enforcement = 'host-only';
      else if (a.enforcement !== 'strict') {
        warnings.push(
          `auth.enforcement ${a.enforcement === undefined ? 'is missing' : `${show(a.enforcement)} is unknown`}; treated as "strict"`,
        );
      }
      auth = {
        required: 'passkey',
        enforcement,
        ...(typeof a.promptMessage === 'string' ? { promptMessage: a.promptMessage } : {}),
      };
    }
  }

  if (mcpletType === 'action' && visibility.includes('model') && !auth && meta.auth === undefined) {
    exclude(
      'X2',
      'it is an action visible to the model without _meta.auth; an agent could cause side effects unconfirmed (MCPlet §4.2, §5.3.1)',
    );
  }
  if (kind === 'plain' && settings.strictMcplet) {
    exclude('X3', 'it declares no _meta.mcpletType and this dashboard runs with policy.strictMcplet (MCPlet §5.3.1)');
  }

  let pool: string | undefined;
  let poolKnown: boolean | undefined;
  if (typeof meta.pool === 'string' && meta.pool) {
    pool = meta.pool;
    poolKnown = Object.prototype.hasOwnProperty.call(settings.pools, pool);
    if (!poolKnown) {
      if (settings.strictMcplet) exclude('X6', `its pool "${pool}" is not defined in dashboard.pools (MCPlet §5.3.3)`);
      else warnings.push(`pool "${pool}" is not defined in dashboard.pools; treated as pool-less (MCPlet §5.3.3)`);
    }
  } else if (meta.pool !== undefined) {
    warnings.push(`_meta.pool ${show(meta.pool)} is not a pool name; ignored`);
  }

  let displayMode: string | undefined;
  if (ui.displayMode !== undefined) {
    if ((DISPLAY_MODES as readonly unknown[]).includes(ui.displayMode)) displayMode = ui.displayMode as string;
    else warnings.push(`_meta.ui.displayMode ${show(ui.displayMode)} is not a display mode of MCPlet §6.6; ignored`);
  }

  const resultSchemaUri =
    typeof meta.mcpletToolResultSchemaUri === 'string' && meta.mcpletToolResultSchemaUri
      ? meta.mcpletToolResultSchemaUri
      : undefined;
  const readOnlyHint = typeof annotations.readOnlyHint === 'boolean' ? annotations.readOnlyHint : undefined;
  const destructiveHint = typeof annotations.destructiveHint === 'boolean' ? annotations.destructiveHint : undefined;
  const idempotentHint = typeof annotations.idempotentHint === 'boolean' ? annotations.idempotentHint : undefined;
  const openWorldHint = typeof annotations.openWorldHint === 'boolean' ? annotations.openWorldHint : undefined;
  const readOnly = destructiveHint !== true && (kind === 'plain' ? readOnlyHint === true : mcpletType === 'read');
  const uiResourceUri = toolUiResourceUri(tool);
  if ((mcpletType === 'read' || mcpletType === 'prepare') && destructiveHint === true) {
    warnings.push(`declared ${mcpletType} but the server also marks it destructive; every call is confirmed`);
  }
  if (mcpletType === 'action' && readOnlyHint === true)
    warnings.push('declared action but the server also marks it read-only; treated as an action');

  // Computed when first read (a consent check), not for every tool at discovery: with 5,000 tools the
  // sorted JSON of every input schema was a visible part of start-up.
  let fingerprint: string | undefined;
  const fingerprintOf = () =>
    (fingerprint ??= JSON.stringify([
      kind,
      mcpletType ?? null,
      [...visibility].sort(),
      auth ? [auth.required, auth.enforcement] : null,
      pool ?? null,
      readOnlyHint ?? null,
      destructiveHint ?? null,
      idempotentHint ?? null,
      openWorldHint ?? null,
      uiResourceUri ?? null,
      // What the user read when they agreed: a changed description, title or input schema needs a new consent.
      typeof tool.title === 'string' ? tool.title : null,
      typeof annotations.title === 'string' ? annotations.title : null,
      typeof tool.description === 'string' ? tool.description : null,
      stableJson(tool.inputSchema ?? null),
    ]));

  return {
    kind,
    ...(mcpletType ? { mcpletType } : {}),
    visibility,
    visibilityDeclared,
    ...(pool ? { pool, poolKnown } : {}),
    ...(auth ? { auth } : {}),
    ...(displayMode ? { displayMode } : {}),
    ...(resultSchemaUri ? { resultSchemaUri } : {}),
    ...(readOnlyHint !== undefined ? { readOnlyHint } : {}),
    ...(destructiveHint !== undefined ? { destructiveHint } : {}),
    ...(idempotentHint !== undefined ? { idempotentHint } : {}),
    ...(openWorldHint !== undefined ? { openWorldHint } : {}),
    readOnly,
    ...(uiResourceUri ? { uiResourceUri } : {}),
    routable: exclusion === undefined,
    ...(exclusion ? { exclusion } : {}),
    warnings,
    get fingerprint() {
      return fingerprintOf();
    },
  };
}

/** The summary the host attaches to a tool object for widgets (`tool.hostStatus`). */
export function hostStatusOf(
  classification: ToolClassification,
  resultSchema: HostToolStatus['resultSchema'],
): HostToolStatus {
  return {
    kind: classification.kind,
    routable: classification.routable,
    ...(classification.exclusion ? { excludedReason: classification.exclusion.reason } : {}),
    warnings: [...classification.warnings],
    visibility: [...classification.visibility],
    resultSchema: classification.resultSchemaUri ? resultSchema : 'none',
  };
}
