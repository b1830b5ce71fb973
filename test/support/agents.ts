import type { AgentActionRefused } from '../../src/core/agents/widget-agents.js';

/** One bus event as the agent tests record it. */
export type Event = { event: string; data: Record<string, unknown>; source: string };

/** The refusal an agent action's promise rejects with; fails when it resolves instead. */
export async function refusal(promise: Promise<unknown>): Promise<AgentActionRefused> {
  try {
    await promise;
  } catch (error) {
    return error as AgentActionRefused;
  }
  throw new Error('expected a refusal');
}
