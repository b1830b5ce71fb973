// Loads the task runtime (runtime.ts) on first use: with a server's connection, not with the page.

/** The task runtime module. */
export type TaskRuntime = typeof import('./runtime.js');

let loading: Promise<TaskRuntime> | undefined;

/** Loads the task runtime once; a failed load is retried on the next call. */
export function loadTaskRuntime(): Promise<TaskRuntime> {
  loading ??= import('./runtime.js').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
