import Ajv from 'ajv';
import { parseCapabilities } from './agent-capabilities.js';

/**
 * MCP-WP-17.1.3: what is wrong with an AgentAPI capabilities document for a host (the action list the host
 * reads from it, and that it compiles as a JSON Schema to validate payloads); undefined when it is usable.
 * For the conformance kit, which runs where the host is not.
 */
export function agentCapabilitiesProblem(document: unknown): string | undefined {
  const parsed = parseCapabilities(document);
  if ('problem' in parsed) return parsed.problem;
  try {
    new Ajv({ strict: false }).compile(parsed.schema);
    return undefined;
  } catch (error) {
    return `the capabilities do not compile as a JSON Schema (${(error as Error).message})`;
  }
}
