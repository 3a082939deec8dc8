import { and, eq, gte, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { signInThrottle } from '../../db/schema/index.ts';

export interface ThrottlePolicy {
  /** Failures within `windowMs` that start a pause. */
  limit: number;
  windowMs: number;
  /** The first pause; each further one (within `decayMs` of the last failure) doubles, up to `maxPauseMs`. */
  firstPauseMs: number;
  maxPauseMs: number;
  decayMs: number;
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * Counts a sign-in attempt for the account *before* its password is checked (one atomic
 * upsert, so every instance and every parallel request agrees): a guess is counted as a
 * failure until it succeeds, and parallel guesses cannot slip past the limit. Attempts during
 * a pause are not counted. Returns the count in the window and the pause, if any.
 */
export async function recordSignInAttempt(
  db: Db,
  email: string,
  now: Date,
  policy: ThrottlePolicy,
): Promise<{ failures: number; blockedUntil: Date | null }> {
  const t = signInThrottle;
  const paused = sql`coalesce(${t.blockedUntil} > ${ts(now)}, false)`;
  const stale = sql`${t.windowStartedAt} <= ${ts(new Date(now.getTime() - policy.windowMs))}`;
  const [row] = await db
    .insert(t)
    .values({ email, failures: 1, windowStartedAt: now, throttles: 0, updatedAt: now })
    .onConflictDoUpdate({
      target: t.email,
      set: {
        failures: sql`case when ${paused} then ${t.failures} when ${stale} then 1 else ${t.failures} + 1 end`,
        windowStartedAt: sql`case when ${paused} then ${t.windowStartedAt} when ${stale} then ${ts(now)} else ${t.windowStartedAt} end`,
        throttles: sql`case when ${t.updatedAt} <= ${ts(new Date(now.getTime() - policy.decayMs))} then 0 else ${t.throttles} end`,
        updatedAt: now,
      },
    })
    .returning({ failures: t.failures, blockedUntil: t.blockedUntil });
  return { failures: row!.failures, blockedUntil: row!.blockedUntil };
}

/**
 * Pauses the account's password sign-in when its count has reached the limit and it is not
 * paused already: `firstPauseMs`, doubling with each pause since the last quiet day, at most
 * `maxPauseMs`. Returns the end of the pause to the one caller that started it.
 */
export async function startSignInPause(
  db: Db,
  email: string,
  now: Date,
  policy: ThrottlePolicy,
): Promise<Date | undefined> {
  const t = signInThrottle;
  const [row] = await db
    .update(t)
    .set({
      blockedUntil: sql`${ts(now)} + least(${policy.firstPauseMs}::float8 * power(2, least(${t.throttles}, 16)), ${policy.maxPauseMs}::float8) * interval '1 millisecond'`,
      failures: 0,
      windowStartedAt: now,
      throttles: sql`${t.throttles} + 1`,
      updatedAt: now,
    })
    .where(and(eq(t.email, email), gte(t.failures, policy.limit), or(isNull(t.blockedUntil), lte(t.blockedUntil, now))))
    .returning({ blockedUntil: t.blockedUntil });
  return row?.blockedUntil ?? undefined;
}

/** A successful sign-in clears that counter's count and any pause. */
export async function clearSignInFailures(db: Db, email: string) {
  await db.delete(signInThrottle).where(eq(signInThrottle.email, email));
}

/**
 * A password reset proves the mailbox: it clears the account's count and pause, and those of
 * every known device's counter of it (keys `device:<id>:<e-mail>`, decision 0071; the id holds
 * no colon, the e-mail is compared whole, never as a pattern).
 */
export async function clearAccountSignInFailures(db: Db, email: string) {
  const key = signInThrottle.email;
  await db
    .delete(signInThrottle)
    .where(
      or(
        eq(key, email),
        and(
          sql`starts_with(${key}, 'device:')`,
          sql`substr(${key}, 8 + position(':' in substr(${key}, 8))) = ${email}`,
        ),
      ),
    );
}

/** Forgets accounts with no failure for `olderThanMs` (keeps the table small). */
export async function pruneSignInFailures(db: Db, now: Date, olderThanMs: number) {
  await db.delete(signInThrottle).where(lt(signInThrottle.updatedAt, new Date(now.getTime() - olderThanMs)));
}
