import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { queryRows } from '../../db/sql-rows.ts';

/**
 * Queued kudos added per call: each call is its own transaction, so a backlog (a flusher that was
 * down) is flushed in parts of bounded length, never one call of minutes that holds the flushers'
 * lock and a snapshot while the dashboard waits behind it (decision 0102).
 */
export const FLUSH_PART = 20_000;

/**
 * Adds what sends queued to the dashboard's roll-ups, in bulk (docs/decisions/0051): a send only
 * appends its kudos and summed points to a queue, so it locks no shared roll-up row and runs no
 * upserts at commit. Calls again while a part comes back full, so everything committed before the
 * call is added. `wait` (the dashboard, before it reads) waits for a flush running elsewhere and
 * then adds the rest; without it a flush already running elsewhere is left to finish (-1, or what
 * this call had added before the other took over). Answers the number of kudos added.
 */
export async function flushReportRollups(db: Db, { wait = true, part = FLUSH_PART } = {}): Promise<number> {
  let added = 0;
  for (;;) {
    const [row] = await queryRows<{ n: number }>(db, sql`select report_rollups_flush_part(${wait}, ${part}) as n`);
    const n = Number(row!.n);
    if (n < 0) return added > 0 ? added : n;
    added += n;
    if (n < part) return added;
  }
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
