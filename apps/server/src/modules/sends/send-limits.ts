import { sql } from 'drizzle-orm';
import type { KudosKind } from '@ovation/shared/vocabulary';
import type { Db } from '../../db/client.ts';
import { sendDailyTotals, sendPairCounts } from '../../db/schema/index.ts';
import { businessRule, tooManyRequests } from '../../lib/app-errors.ts';
import { RateLimiter } from '../../lib/rate-limiter.ts';
import { SharedRateLimiter, type SharedRateLimits } from '../../lib/shared-rate-limiter.ts';
import { utcToday } from '../../lib/utc-dates.ts';

/**
 * Per-member send rate, limit from settings. Given shared limits on PostgreSQL, every send is
 * counted by one upsert before the runner's transaction, exactly across instances (docs/decisions/0003);
 * in memory otherwise (PGlite: one process).
 */
export class SendRateLimiter {
  private readonly byLimit = new Map<number, RateLimiter | SharedRateLimiter>();

  constructor(private readonly shared?: SharedRateLimits) {}

  async take(memberId: number, perMinute: number) {
    let limiter = this.byLimit.get(perMinute);
    if (!limiter) {
      limiter = this.shared?.limiter(`send:${perMinute}`, perMinute, 60_000) ?? new RateLimiter(perMinute, 60_000);
      this.byLimit.set(perMinute, limiter);
    }
    const key = `send:${memberId}`;
    const allowed = limiter instanceof SharedRateLimiter ? await limiter.take(key) : limiter.hit(key);
    if (!allowed) throw tooManyRequests('You are sending too quickly. Please wait a minute and try again.');
  }
}

/**
 * Counts today's sends from one member to each recipient and refuses past the daily limit.
 * The upsert counts and checks in one statement; rows are taken in recipient order (no deadlocks)
 * and a refusal rolls the count back with the rest of the transaction.
 */
export async function countPairSends(
  db: Db,
  fromMemberId: number,
  recipients: { id: number; fullName: string }[],
  limit: number,
  day = utcToday(),
) {
  const sorted = [...recipients].sort((a, b) => a.id - b.id);
  const rows = await db
    .insert(sendPairCounts)
    .values(sorted.map((r) => ({ fromMemberId, toMemberId: r.id, day, count: 1 })))
    .onConflictDoUpdate({
      target: [sendPairCounts.fromMemberId, sendPairCounts.toMemberId, sendPairCounts.day],
      set: { count: sql`${sendPairCounts.count} + 1` },
    })
    .returning({ toMemberId: sendPairCounts.toMemberId, count: sendPairCounts.count });
  const over = rows.find((r) => r.count > limit);
  if (over) {
    const name = sorted.find((r) => r.id === over.toMemberId)?.fullName ?? 'this colleague';
    throw businessRule(`You can send ${name} at most ${limit} kudos a day. Please try again tomorrow.`);
  }
}

/** Adds to today's total of points a member gave of one kind; refuses past the cap. */
export async function addDailyTotal(
  db: Db,
  memberId: number,
  kind: KudosKind,
  points: number,
  cap: number,
  pointsName: string,
  day = utcToday(),
) {
  const [row] = await db
    .insert(sendDailyTotals)
    .values({ memberId, day, kind, points })
    .onConflictDoUpdate({
      target: [sendDailyTotals.memberId, sendDailyTotals.day, sendDailyTotals.kind],
      set: { points: sql`${sendDailyTotals.points} + ${points}` },
    })
    .returning({ points: sendDailyTotals.points });
  const total = Number(row!.points);
  if (total > cap) {
    const left = Math.max(0, cap - (total - points));
    throw businessRule(
      `You can pay forward at most ${cap} ${pointsName} a day; you can still give ${left} ${pointsName} today.`,
    );
  }
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
