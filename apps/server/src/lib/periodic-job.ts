import type { FastifyBaseLogger } from 'fastify';

export interface PeriodicJob {
  /** Stops the timer and waits for a run under way. */
  stop(): Promise<void>;
}

/**
 * Runs `work` every `intervalMs` (and once at once with `runNow`), one run at a time on this
 * instance: a tick while one runs is skipped. What a run did is logged with `done` when it says
 * so (a message), a failure as `failed`; neither stops the timer.
 */
export function startPeriodicJob<T>(
  log: FastifyBaseLogger,
  job: { work: () => Promise<T>; done: (result: T) => string | null; failed: string },
  intervalMs: number,
  runNow = false,
): PeriodicJob {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    running ??= job
      .work()
      .then((result) => {
        const message = job.done(result);
        if (message) log.info(result as object, message);
      })
      .catch((err: unknown) => log.error({ err }, job.failed))
      .finally(() => {
        running = null;
      });
  };
  if (runNow) tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
