// Server commands that may outlast web-test-runner's limit of 20 s for one command (a gateway or a registry
// starting on a busy machine): the command answers within ANSWER_WITHIN_MS with its result, or with
// { job, pending: true }, and the page asks again with `long-command-wait` (test/support/long-command.ts).

/** How long one command waits for a job before it answers "pending". */
export const ANSWER_WITHIN_MS = 15_000;

/** Jobs by id, from their start until they are forgotten. */
const jobs = new Map();
let next = 0;

async function answer(job, work) {
  let timer;
  const pending = new Promise(
    (resolve) => (timer = setTimeout(() => resolve({ job, pending: true }), ANSWER_WITHIN_MS)),
  );
  try {
    return await Promise.race([work, pending]);
  } finally {
    clearTimeout(timer);
  }
}

/** Starts `work()` as job `id`; its result if it is done within ANSWER_WITHIN_MS, else "pending". */
export function runLong(work, id = `job${++next}`) {
  const promise = work();
  jobs.set(id, promise);
  return answer(id, promise);
}

/** Waits for job `id` to settle (failed or not) and forgets it; nothing when there is no such job. */
export async function settleJob(id) {
  await jobs.get(id)?.catch(() => undefined);
  jobs.delete(id);
}

/** The plugin that answers `long-command-wait`. */
export function longCommandPlugin() {
  return {
    name: 'long-command',
    async executeCommand({ command, payload }) {
      if (command !== 'long-command-wait') return undefined;
      const promise = jobs.get(payload.job);
      if (!promise) throw new Error(`no job ${payload.job} is running`);
      return answer(payload.job, promise);
    },
    async serverStop() {
      await Promise.allSettled(jobs.values());
      jobs.clear();
    },
  };
}
