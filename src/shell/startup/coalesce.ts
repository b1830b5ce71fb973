/**
 * Wraps an async job so calls while it runs do not start more copies: they are folded into one more
 * run after the current one (each of 100 cards connecting asked for the server list again,
 * 100 requests for the same answer while the cards needed the browser's six connections).
 */
export function coalesce(job: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  let again = false;
  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = job()
      .catch(() => {})
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          void run();
        }
      });
    return running;
  };
  return run;
}
