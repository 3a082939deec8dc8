import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a request starts but does not wait for (registration's e-mails, so its answer takes the
 * same time whatever matched: docs/decisions/0015). Failures are logged; `settled()` resolves
 * once everything started so far has finished (app close waits for it, and tests do).
 */
export class BackgroundWork {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  run(task: () => Promise<unknown>): void {
    const done: Promise<void> = Promise.resolve()
      .then(task)
      .then(
        () => undefined,
        (err: unknown) => this.log.error({ err }, 'background work failed'),
      )
      .finally(() => this.pending.delete(done));
    this.pending.add(done);
  }

  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}
