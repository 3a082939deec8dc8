import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../lib/sql-rows.ts';

/**
 * Adds what sends queued to the dashboard's roll-ups, in bulk (docs/decisions/0051): a send only
 * appends its kudos and summed points to a queue, so it locks no shared roll-up row and runs no
 * upserts at commit. `wait` (the dashboard, before it reads) waits for a flush running elsewhere
 * and then adds the rest; without it a flush already running elsewhere is left to finish (-1).
 * Answers the number of kudos added.
 */
export async function flushReportRollups(db: Db, { wait = true } = {}): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select report_rollups_flush(${wait}) as n`);
  return Number(row!.n);
}

export interface RollupFlusher {
  stop(): Promise<void>;
}

/** Flushes the roll-up queue every `intervalMs` on this instance (one flusher at a time firm-wide). */
export function startRollupFlusher(deps: { db: Db; log: FastifyBaseLogger }, intervalMs = 5_000): RollupFlusher {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    running ??= flushReportRollups(deps.db, { wait: false })
      .catch((err: unknown) => deps.log.error({ err }, 'report roll-up flush failed'))
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
