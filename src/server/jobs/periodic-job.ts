// The one way the app runs work on a timer (trade sweeper, unread-message mail, account
// pruner): never two runs of a job at once (a slow run is not overlapped by the next), timers
// that do not keep the process alive, and a stop that waits for the run in progress, so a
// shutdown never closes the database under a job.

export interface PeriodicJobOptions {
  intervalMs: number;
  /** The first run; by default one interval after start. */
  firstDelayMs?: number;
  /** A failed run is reported here; the next one runs as usual. */
  onError: (err: unknown) => void;
}

/** Starts `run` on its timer; the returned function stops it and waits for a run in progress. */
export function startPeriodicJob(run: () => Promise<unknown>, options: PeriodicJobOptions): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = run()
      .catch(options.onError)
      .finally(() => (running = null));
  };
  const first = setTimeout(tick, options.firstDelayMs ?? options.intervalMs);
  const timer = setInterval(tick, options.intervalMs);
  first.unref();
  timer.unref();
  return async () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
