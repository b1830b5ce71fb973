/**
 * Team passkey rules (`team.passkeys`, docs/team.md): which calls run only with a passkey assertion that the
 * gateway verifies before it forwards them. Pure: the gateway decides with it, and the page uses it to ask
 * for the passkey in the confirmation dialog before the call leaves the browser.
 */
import { matchesPattern } from './roles.js';
import type { TeamPasskeyRule } from './team-config.js';

/** The rule that covers a call of `tool` on `server`, if any (the first in the table). */
export function teamPasskeyRule(
  rules: readonly TeamPasskeyRule[],
  server: string,
  tool: { name: string; mcpletType?: string | undefined },
): TeamPasskeyRule | undefined {
  return rules.find((rule) => {
    if (rule.server !== '*' && rule.server !== server) return false;
    if (rule.tools === undefined && rule.mcpletTypes === undefined) return true;
    const byName = rule.tools?.some((pattern) => matchesPattern(pattern, tool.name)) ?? false;
    const byType = tool.mcpletType !== undefined && (rule.mcpletTypes?.includes(tool.mcpletType) ?? false);
    return byName || byType;
  });
}

/** A rule in words ("every tool of "files"", "action tools of every server"). */
export function describeTeamPasskeyRule(rule: TeamPasskeyRule): string {
  const where = rule.server === '*' ? 'every server' : `"${rule.server}"`;
  const parts: string[] = [];
  if (rule.tools) parts.push(`the tools ${rule.tools.map((t) => `"${t}"`).join(', ')}`);
  if (rule.mcpletTypes) parts.push(`${rule.mcpletTypes.join(' and ')} tools`);
  return parts.length ? `${parts.join(' or ')} of ${where}` : `every tool of ${where}`;
}

/** Reads rules the gateway sent the page (`passkeys.teamRules` of the public dashboard config); bad rows are left out. */
export function readTeamPasskeyRules(value: unknown): TeamPasskeyRule[] {
  if (!Array.isArray(value)) return [];
  const strings = (v: unknown): string[] | undefined =>
    Array.isArray(v) && v.every((s) => typeof s === 'string') ? (v as string[]) : undefined;
  return value.flatMap((row: unknown) => {
    const r = row as Record<string, unknown> | null;
    if (!r || typeof r !== 'object' || typeof r.server !== 'string') return [];
    const tools = strings(r.tools);
    const mcpletTypes = strings(r.mcpletTypes);
    return [{ server: r.server, ...(tools ? { tools } : {}), ...(mcpletTypes ? { mcpletTypes } : {}) }];
  });
}
