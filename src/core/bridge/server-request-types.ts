// What a server may ask of the dashboard (sampling, elicitation, roots) and the host's handlers for it.

import type { SamplingRequest, SamplingResult } from '../shared/types.js';

/** Who asked for a sampling message: the server itself (`sampling/createMessage`) or a widget. */
export interface SamplingOrigin {
  /** A server's own request, a widget's, or an MCP App view's (`id` is then the app's name). */
  kind: 'server' | 'widget' | 'app';
  id: string;
  /** The agent a widget asks for, inside an agent action. */
  agent?: string;
}

/** Handles sampling for a server: asks the user (or policy) and returns what they approved. */
export type SamplingHandler = (
  serverName: string,
  request: SamplingRequest,
  origin?: SamplingOrigin,
  signal?: AbortSignal,
) => Promise<SamplingResult>;

/** A server's `elicitation/create` request (form mode). */
export interface ElicitationRequest {
  message: string;
  requestedSchema: Record<string, unknown>;
  mode?: string;
  [key: string]: unknown;
}

/** The user's answer to an elicitation. */
export interface ElicitationResult {
  action: 'accept' | 'decline' | 'cancel';
  content?: Record<string, unknown>;
}

/** Asks the user to answer a server's elicitation; `signal` aborts when the server withdraws the request. */
export type ElicitationHandler = (
  serverName: string,
  request: ElicitationRequest,
  signal?: AbortSignal,
) => Promise<ElicitationResult>;

/** The roots the dashboard exposes to a server (`roots/list`). */
export type RootsProvider = (serverName: string) => Array<{ uri: string; name?: string }>;
