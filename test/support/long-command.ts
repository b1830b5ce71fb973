// Browser side of test/support/wtr-long-command.mjs: a server command that may answer "pending" is asked
// again until it answers (the job's own deadline ends the wait).
import { executeServerCommand } from '@web/test-runner-commands';

type Pending = { job: string; pending: true };

/** Runs server command `command`; `pending` learns the job's id when the first answer is "pending". */
export async function executeLongCommand<T, P>(
  command: string,
  payload: P,
  pending?: (job: string) => void,
): Promise<T> {
  let answer = await executeServerCommand<T | Pending, P>(command, payload);
  while (answer && (answer as Pending).pending) {
    const { job } = answer as Pending;
    pending?.(job);
    answer = await executeServerCommand<T | Pending, { job: string }>('long-command-wait', { job });
  }
  if (!answer) throw new Error(`${command} returned nothing`);
  return answer as T;
}
