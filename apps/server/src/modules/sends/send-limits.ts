import { sql } from 'drizzle-orm';
import type { KudosKind } from '@ovation/shared/vocabulary';
import type { Db } from '../../db/client.ts';
import { sendDailyTotals } from '../../db/schema/index.ts';
import type { Statement } from '../../db/statement.ts';
import { businessRule, tooManyRequests } from '../../lib/app-errors.ts';
import { RateLimiter } from '../../lib/rate-limiter.ts';
import { SharedRateLimiter, type SharedRateLimits } from '../../lib/shared-rate-limiter.ts';
import { utcToday } from '../../lib/utc-dates.ts';

const tooSoon = () => tooManyRequests('You are sending too quickly. Please wait a minute and try again.');

/**
 * Per-member send rate, limit from settings. Given shared limits on PostgreSQL, every send is
 * counted by one upsert before the runner's transaction, exactly across instances (docs/decisions/0003);
 * in memory otherwise (PGlite: one process).
 */
export class SendRateLimiter {
  private readonly byLimit = new Map<number, RateLimiter | SharedRateLimiter>();

  constructor(private readonly shared?: SharedRateLimits) {}

  /**
   * Counts one send of the member: null when memory decided it (a refusal throws 429 at once), or
   * the statement that counts it on PostgreSQL, which the runner sends ahead of its transaction
   * in the same write (decision 0049); its answer throws the 429.
   */
  check(memberId: number, perMinute: number): Statement | null {
    let limiter = this.byLimit.get(perMinute);
    if (!limiter) {
      limiter = this.shared?.limiter(`send:${perMinute}`, perMinute, 60_000) ?? new RateLimiter(perMinute, 60_000);
      this.byLimit.set(perMinute, limiter);
    }
    const key = `send:${memberId}`;
    const counted = limiter instanceof SharedRateLimiter ? limiter.takeStatement(key) : limiter.hit(key);
    if (typeof counted === 'boolean') {
      if (!counted) throw tooSoon();
      return null;
    }
    return {
      ...counted,
      read: (rows) => {
        if (!counted.read(rows)) throw tooSoon();
      },
    };
  }
}

/**
 * Counts today's sends from one member to each recipient and refuses past the daily limit.
 * The upsert counts and checks in one statement; rows are taken in recipient order (no deadlocks)
 * and a refusal rolls the count back with the rest of the transaction.
 */
export function countPairSends(
  fromMemberId: number,
  recipients: { id: number; fullName: string }[],
  limit: number,
  day = utcToday(),
): Statement {
  const ids = [...new Set(recipients.map((r) => r.id))].sort((a, b) => a - b);
  return {
    sql: sql`insert into send_pair_counts as c (from_member_id, to_member_id, day, count)
             select ${fromMemberId}::int, r.id::int, ${day}::date, 1
             from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) as r(id) order by r.id::int
             on conflict (from_member_id, to_member_id, day) do update set count = c.count + 1
             returning to_member_id, count`,
    name: 'send_pair_count',
    read: (rows) => {
      const over = rows.find((r) => Number(r.count) > limit);
      if (!over) return;
      const name = recipients.find((r) => r.id === Number(over.to_member_id))?.fullName ?? 'this colleague';
      throw businessRule(`You can send ${name} at most ${limit} kudos a day. Please try again tomorrow.`);
    },
  };
}

/** Adds to today's total of points a member gave of one kind; refuses past the cap. */
export function addDailyTotal(
  memberId: number,
  kind: KudosKind,
  points: number,
  cap: number,
  pointsName: string,
  day = utcToday(),
): Statement {
  return {
    sql: sql`insert into send_daily_totals as t (member_id, day, kind, points)
             values (${memberId}::int, ${day}::date, ${kind}::text, ${points}::bigint)
             on conflict (member_id, day, kind) do update set points = t.points + excluded.points
             returning points`,
    name: 'send_daily_total',
    read: (rows) => {
      const total = Number(rows[0]!.points);
      if (total <= cap) return;
      const left = Math.max(0, cap - (total - points));
      throw businessRule(
        `You can pay forward at most ${cap} ${pointsName} a day; you can still give ${left} ${pointsName} today.`,
      );
    },
  };
}

/** The `send_daily_totals` kind that counts game plays a member earned (as recipient) per day. */
const PLAYS_EARNED = 'plays_earned';

/**
 * Counts the game plays each recipient earns today and grants what their daily cap leaves
 * (docs/decisions/0043): one upsert for all recipients, rows taken in recipient order; each
 * row's lock queues concurrent sends, so together they never grant more than `cap` a day.
 * Returns the plays granted per recipient id (0 once the cap is reached).
 */
export async function grantDailyPlays(
  db: Db,
  recipientIds: number[],
  plays: number,
  cap: number,
  day = utcToday(),
): Promise<Map<number, number>> {
  const granted = new Map<number, number>();
  if (plays <= 0 || recipientIds.length === 0) return granted;
  const sorted = [...new Set(recipientIds)].sort((a, b) => a - b);
  const rows = await db
    .insert(sendDailyTotals)
    .values(sorted.map((memberId) => ({ memberId, day, kind: PLAYS_EARNED, points: plays })))
    .onConflictDoUpdate({
      target: [sendDailyTotals.memberId, sendDailyTotals.day, sendDailyTotals.kind],
      set: { points: sql`${sendDailyTotals.points} + ${plays}` },
    })
    .returning({ memberId: sendDailyTotals.memberId, total: sendDailyTotals.points });
  for (const row of rows) {
    const before = Number(row.total) - plays;
    granted.set(row.memberId, Math.max(0, Math.min(plays, cap - before)));
  }
  return granted;
}
