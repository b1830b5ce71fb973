// Browser-side helpers to look into MCP App views (see wtr-frames-plugin.mjs).
import { executeServerCommand } from '@web/test-runner-commands';

/** Runs `expression` (a function body; `return` a JSON value) inside a view's frame. */
export async function evalInView<T = unknown>(
  viewId: string,
  expression: string,
  frame: 'inner' | 'proxy' = 'inner',
): Promise<T> {
  return (await executeServerCommand<T, { viewId: string; expression: string; frame: string }>('view-eval', {
    viewId,
    expression,
    frame,
  })) as T;
}

/** Clicks an element inside a view like a user (real mouse events, so the view gets user activation). */
export async function clickInView(viewId: string, selector: string): Promise<void> {
  await executeServerCommand('view-click', { viewId, selector });
}

/** Polls `expression` inside the view until it returns a truthy value. */
export async function waitInView<T = unknown>(
  viewId: string,
  expression: string,
  timeoutMs = 15_000,
  what = expression,
): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await evalInView<T>(viewId, expression).catch(() => undefined);
    if (value) return value;
    if (Date.now() - start > timeoutMs)
      throw new Error(`Timed out after ${timeoutMs} ms waiting in view ${viewId} for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The URL of a view's frame (inner) or of its sandbox proxy. */
export async function viewFrameUrl(viewId: string, frame: 'inner' | 'proxy' = 'inner'): Promise<string> {
  return (await executeServerCommand<string, { viewId: string; frame: string }>('view-url', {
    viewId,
    frame,
  })) as string;
}
