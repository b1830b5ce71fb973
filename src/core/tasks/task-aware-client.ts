// The SDK's Client, able to answer a server's task-augmented sampling/elicitation request with a task.

import type { Client } from '@modelcontextprotocol/client';
import type { McpClientSdk } from '../bridge/mcp-sdk.js';

type Handler = Parameters<Client['_wrapHandler']>[1];

const classes = new WeakMap<McpClientSdk, typeof Client>();

/**
 * SDK v2 keeps the 2025-11-25 task vocabulary (schemas, `tasks/*` requests with explicit schemas) but
 * has no client-side task runtime: its `Client` checks every `sampling/createMessage` and
 * `elicitation/create` answer against the plain result schema, so a `CreateTaskResult` would be refused.
 * This subclass uses the hook the SDK documents for role-specific checks (`_wrapHandler`): a request
 * that carries `params.task` is still validated by the SDK on the way in, and its answer must be a
 * `CreateTaskResult` (checked with the SDK's own schema); every other request keeps the SDK's checks.
 */
export function taskAwareClientClass(sdk: McpClientSdk): typeof Client {
  let TaskAwareClient = classes.get(sdk);
  if (TaskAwareClient) return TaskAwareClient;
  TaskAwareClient = class extends sdk.Client {
    protected override _wrapHandler(method: string, handler: Handler): Handler {
      const checked = super._wrapHandler(method, handler);
      if (method !== 'sampling/createMessage' && method !== 'elicitation/create') return checked;
      return async (request, ctx) => {
        const task = (request.params as { task?: unknown } | undefined)?.task;
        if (task === undefined || task === null) return checked(request, ctx);
        const answer = await handler(request, ctx);
        const verdict = sdk.specTypeSchemas.CreateTaskResult['~standard'].validate(answer);
        if (verdict.issues)
          throw new sdk.ProtocolError(
            sdk.ProtocolErrorCode.InternalError,
            `Invalid task for ${method}: ${verdict.issues.map((i) => i.message).join('; ')}`,
          );
        return verdict.value as never;
      };
    }
  };
  classes.set(sdk, TaskAwareClient);
  return TaskAwareClient;
}
