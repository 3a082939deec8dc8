import { sql, type SQL } from 'drizzle-orm';
import { formatPoints } from '@ovation/shared/format/money';
import { payItForwardCapMessage } from '@ovation/shared/schemas/recognition';
import type { KudosKind } from '@ovation/shared/vocabulary';
import { sqlStateDetail } from '../../lib/pg-errors.ts';
import type { Statement } from '../../db/statement.ts';
import { businessRule, tooManyRequests, unauthorized } from '../../lib/app-errors.ts';
import { RateLimiter } from '../../lib/rate-limiter.ts';
import { SharedRateLimiter, type SharedRateLimits } from '../limits/shared-rate-limiter.ts';
import { utcToday } from '../../lib/utc-dates.ts';

const tooSoon = () => tooManyRequests('You are going too quickly. Please wait a minute and try again.');

/** SQLSTATE of `send_refuse` (09-send-refusals.sql): a check refused in the database. */
const REFUSED = 'OVC01';

/** The session setting the rate limit's count leaves its verdict in for the transaction (0053). */
const RATE_VERDICT = 'ovation.send_rate';

/** A `fail` for a check that refuses with `send_refuse`: the refusal made of its DETAIL. */
export const refusedAs =
  (refusal: (detail: string) => unknown) =>
  (error: unknown): unknown => {
    const detail = sqlStateDetail(error, REFUSED);
    return detail === undefined ? error : refusal(detail);
  };

/** The transaction's first statement when the rate limit was counted in the database: 429 when over. */
const RATE_REFUSE: Statement = {
  sql: sql`select send_rate_refuse(${RATE_VERDICT}::text)`,
  name: 'send_rate_refuse',
  read: () => undefined,
  fail: refusedAs(() => tooSoon()),
};

/**
 * The actor is still a member (decision 0111): their row is read `for share`, so a send and the
 * deactivation of its sender queue on it. A send that began first commits first (the leaving then
 * moves what is left); one after finds them gone and is refused (401), whichever instance it is on
 * and whatever that instance's session cache still holds.
 */
export function actorActiveStatement(memberId: number): Statement {
  return {
    sql: sql`select send_refuse(count(*) = 0, 'left')
             from (select 1 from members where id = ${memberId} and active for share) a`,
    name: 'send_actor_active',
    read: () => undefined,
    fail: refusedAs(() => unauthorized('Your account is no longer active.')),
  };
}

/** The rate limit as the send runner sends it: the count ahead of BEGIN, the refusal inside. */
export interface RateCheck {
  /** Counts the send (sent ahead of the transaction, so it counts even when the send rolls back). */
  count: Statement<unknown>;
  /** The transaction's first statement: refuses (429) when the count went over the limit. */
  refuse: Statement;
}

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
   * the statements that count it on PostgreSQL, which the runner sends in its first write
   * (decisions 0049, 0053): the count ahead of BEGIN keeps its verdict in a session setting, and
   * the transaction's first statement raises on it, so nothing after it lasts.
   */
  check(memberId: number, perMinute: number): RateCheck | null {
    let limiter = this.byLimit.get(perMinute);
    if (!limiter) {
      limiter = this.shared?.limiter(`send:${perMinute}`, perMinute, 60_000) ?? new RateLimiter(perMinute, 60_000);
      this.byLimit.set(perMinute, limiter);
    }
    const key = `send:${memberId}`;
    const counted = limiter instanceof SharedRateLimiter ? limiter.takeStatement(key, RATE_VERDICT) : limiter.hit(key);
    if (typeof counted === 'boolean') {
      if (!counted) throw tooSoon();
      return null;
    }
    return { count: counted, refuse: RATE_REFUSE };
  }
}

/**
 * A check made of a guarded write (an UPDATE or upsert whose WHERE holds the rule, with
 * RETURNING): refuses with `refusal` when it kept no row, or none for which `kept` holds. The
 * refusal is raised by the database (decision 0053), so the check travels with the rest of the
 * transaction's first write; the write itself is undone with the transaction.
 */
export function refuseUnlessWritten(write: SQL, refusal: () => unknown, kept: SQL = sql`true`): Statement {
  return {
    sql: sql`with w as (${write}) select send_refuse(not exists (select 1 from w where ${kept}), 'unwritten')`,
    read: () => undefined,
    fail: refusedAs(refusal),
  };
}

/**
 * Counts today's sends from one member to each recipient and refuses past the daily limit.
 * The upsert counts and checks in one statement; rows are taken in recipient order (no deadlocks)
 * and a refusal (raised by the database, decision 0053) aborts the transaction, the count with it.
 */
export function countPairSends(
  fromMemberId: number,
  recipients: { id: number; fullName: string }[],
  limit: number,
  day = utcToday(),
): Statement {
  const ids = [...new Set(recipients.map((r) => r.id))].sort((a, b) => a - b);
  return {
    sql: sql`with c as (
               insert into send_pair_counts as c (from_member_id, to_member_id, day, count)
               select ${fromMemberId}::int, r.id::int, ${day}::date, 1
               from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) as r(id) order by r.id::int
               on conflict (from_member_id, to_member_id, day) do update set count = c.count + 1
               returning to_member_id, count)
             select send_refuse(count > ${limit}::int, to_member_id::text) from c`,
    name: 'send_pair_check',
    read: () => undefined,
    fail: refusedAs((detail) => {
      const name = recipients.find((r) => r.id === Number(detail))?.fullName ?? 'this colleague';
      const times = limit === 1 ? 'once' : `${limit} times`;
      return businessRule(
        `You can send ${name} kudos at most ${times} a day (recognitions, High Fives and Pay It Forward together). Please try again tomorrow.`,
      );
    }),
  };
}

/** Adds to today's total of points a member gave of one kind; refuses past the cap (raised, 0053). */
export function addDailyTotal(
  memberId: number,
  kind: KudosKind,
  points: number,
  cap: number,
  pointsName: string,
  day = utcToday(),
): Statement {
  return {
    sql: sql`with t as (
               insert into send_daily_totals as t (member_id, day, kind, points)
               values (${memberId}::int, ${day}::date, ${kind}::text, ${points}::bigint)
               on conflict (member_id, day, kind) do update set points = t.points + excluded.points
               returning points)
             select send_refuse(points > ${cap}::bigint, points::text) from t`,
    name: 'send_daily_check',
    read: () => undefined,
    fail: refusedAs((detail) => {
      const left = Math.max(0, cap - (Number(detail) - points));
      return businessRule(payItForwardCapMessage(formatPoints(cap), formatPoints(left), pointsName));
    }),
  };
}

/** The `send_daily_totals` kind that counts game plays a member earned (as recipient) per day. */
const PLAYS_EARNED = 'plays_earned';

/**
 * Counts the game plays each recipient earns today and grants what their daily cap leaves
 * (docs/decisions/0043): one upsert for all recipients, rows taken in recipient order; each
 * row's lock queues concurrent sends, so together they never grant more than `cap` a day.
 * Answers the plays granted per recipient id (0 once the cap is reached). A statement (0053):
 * the send runner sends it with the key's hold and the other checks.
 */
export function grantDailyPlays(
  recipientIds: number[],
  plays: number,
  cap: number,
  day = utcToday(),
): Statement<Map<number, number>> {
  const sorted = [...new Set(recipientIds)].sort((a, b) => a - b);
  return {
    sql: sql`insert into send_daily_totals as t (member_id, day, kind, points)
             select r.id::int, ${day}::date, ${PLAYS_EARNED}::text, ${plays}::bigint
             from jsonb_array_elements_text(${JSON.stringify(sorted)}::jsonb) as r(id) order by r.id::int
             on conflict (member_id, day, kind) do update set points = t.points + excluded.points
             returning member_id, points`,
    name: 'send_plays_grant',
    read: (rows) => {
      const granted = new Map<number, number>();
      for (const row of rows) {
        const before = Number(row.points) - plays;
        granted.set(Number(row.member_id), Math.max(0, Math.min(plays, cap - before)));
      }
      return granted;
    },
  };
}
