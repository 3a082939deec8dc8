import { sql } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { queryRows } from '../../db/sql-rows.ts';
import { startPeriodicJob } from '../../lib/periodic-job.ts';
import type { IdempotentAnswer } from '../idempotency/idempotent-answer.ts';
import { runSend } from '../sends/run-send.ts';
import type { SendDeps } from '../sends/send-plan.ts';
import { readSettings } from '../settings/settings.repository.ts';
import { leaverPostings, type Leaver } from './leavers.ts';

const BATCH = 500;
const DAY_MS = 86_400_000;
const RECORDED_IN_THE_LEDGER: IdempotentAnswer<{ forfeited: number }> = { store: () => null };

/**
 * Leavers whose kept points are due (decision 0111): left at least `keepDays` ago while the
 * setting keeps points, or at any time once it no longer does. Locked with their accounts, still
 * inactive: a returner's points are not touched.
 */
async function lockDue(tx: Db, leftBefore: Date): Promise<Leaver[]> {
  const rows = await queryRows<{ id: number; employeeNumber: string; managerId: number | null; points: string }>(
    tx,
    sql`select m.id, m.employee_number as "employeeNumber", m.manager_id as "managerId", a.balance::text as points
        from members m join ledger_accounts a on a.member_id = m.id and a.kind = 'points'
        where not m.active and m.left_at <= ${leftBefore.toISOString()}::timestamptz and a.balance > 0
        order by m.id limit ${BATCH} for update of m, a skip locked`,
  );
  return rows.map((r) => ({ ...r, points: Number(r.points), teamBudget: 0 }));
}

/** Forfeits (or pays out, by the setting) what leavers kept once it is due; pages of 500. */
export async function runLeaverForfeits(deps: SendDeps, now = new Date()): Promise<{ forfeited: number }> {
  const { leavers: setting } = await readSettings(deps.db, ['leavers']);
  const leftBefore = new Date(now.getTime() - (setting.points === 'keep' ? setting.keepDays * DAY_MS : 0));
  const action = setting.points === 'payout' ? setting : { ...setting, points: 'forfeit' as const };
  let forfeited = 0;
  for (;;) {
    let count = 0;
    await runSend(deps, RECORDED_IN_THE_LEDGER, {
      actorMemberId: 0,
      checks: { due: (tx: Db) => lockDue(tx, leftBefore) },
      decide: ({ due }) => {
        count = due.length;
        return { postings: leaverPostings(due, action, undefined) };
      },
      audit: (decided) =>
        decided.postings.length > 0
          ? [{ action: 'leavers.forfeit', after: { members: count }, ledgerTransactionId: 'posted' as const }]
          : [],
      answer: () => ({ forfeited: count }),
    });
    forfeited += count;
    if (count < BATCH) return { forfeited };
  }
}

/** Runs the forfeits at start and then hourly. */
export function startLeaverForfeits(deps: SendDeps, intervalMs = 3_600_000) {
  return startPeriodicJob(
    deps.log,
    {
      work: () => runLeaverForfeits(deps),
      done: (n) => (n.forfeited > 0 ? 'leavers’ kept points forfeited' : null),
      failed: 'leavers’ kept points could not be forfeited',
    },
    intervalMs,
    true,
  );
}
