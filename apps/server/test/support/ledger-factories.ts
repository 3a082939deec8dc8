import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { behaviours, emailOutbox, kudos, settings } from '../../src/db/schema/index.ts';
import {
  memberAccountId,
  readMemberBalances,
  systemAccountId,
  type MemberAccountKind,
} from '../../src/core/ledger/accounts.repository.ts';
import { transfer } from '../../src/core/ledger/transfer.ts';
import type { SettingKey } from '../../src/core/settings/settings.repository.ts';
import { queryRows } from '../../src/db/sql-rows.ts';
import type { TestContext } from './build-app.ts';

export const newKey = () => `test-${randomUUID()}`;

/** Credits a member account from the matching system account (points/budget: issuance; plays: plays_issuance). */
export async function fund(app: FastifyInstance, memberId: number, amount: number, kind: MemberAccountKind = 'points') {
  await app.db.transaction(async (tx) => {
    const source = await systemAccountId(tx, kind === 'plays' ? 'plays_issuance' : 'issuance');
    const target = await memberAccountId(tx, memberId, kind);
    await transfer(tx, {
      kind: kind === 'team_budget' ? 'team_budget_allocation' : 'issuance',
      memo: 'Test funding',
      legs: [
        { accountId: source, amount: -amount },
        { accountId: target, amount },
      ],
    });
  });
}

export const balancesOf = (app: FastifyInstance, memberId: number) => readMemberBalances(app.db, memberId);

/**
 * Stores a programme setting and waits until the database's `settings` notice has reached `app`
 * (and `alsoHeardBy`): each instance then drops the settings it held (decision 0059), as it does
 * for a change made anywhere else.
 */
export async function setSetting(
  app: FastifyInstance,
  key: SettingKey,
  value: unknown,
  alsoHeardBy: FastifyInstance[] = [],
) {
  const heard = [app, ...alsoHeardBy].map((instance) => settingsNoticeHeard(instance));
  await app.db.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
  await Promise.all(heard);
}

/** Resolves when the instance hears the next `settings` notice; fails after 10 s. */
export function settingsNoticeHeard(app: FastifyInstance): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error('no settings notice reached the instance within 10 s'));
    }, 10_000);
    const stop = app.liveBus.subscribeNotices((notice) => {
      if (notice.type !== 'settings') return;
      stop();
      clearTimeout(timer);
      resolve();
    });
  });
}

/** Limits out of the way for tests that are about something else. */
export async function relaxLimits(app: FastifyInstance, alsoHeardBy: FastifyInstance[] = []) {
  await setSetting(app, 'sendRateLimitPerMinute', 1_000_000, alsoHeardBy);
  await setSetting(app, 'pairDailyLimit', 1_000_000, alsoHeardBy);
  await setSetting(app, 'payItForwardDailyCap', 1_000_000_000, alsoHeardBy);
}

export async function createBehaviour(
  app: FastifyInstance,
  name = `Behaviour ${randomUUID().slice(0, 6)}`,
  active = true,
) {
  const [row] = await app.db
    .insert(behaviours)
    .values({ name, description: `${name} described`, active })
    .returning();
  return row!;
}

export function send(
  ctx: TestContext,
  url: string,
  token: string | undefined,
  payload: unknown,
  key: string | null = newKey(),
) {
  return ctx.request({
    method: 'POST',
    url,
    token,
    payload: payload as object,
    headers: key ? { 'idempotency-key': key } : {},
  });
}

export async function kudosTo(app: FastifyInstance, memberId: number) {
  return app.db.select().from(kudos).where(eq(kudos.toMemberId, memberId));
}

/** What a ledger transaction credited to a member's points account: a kudos item names the posting that paid it. */
export async function pointsCreditedBy(app: FastifyInstance, transactionId: number | null, memberId: number) {
  const rows = await queryRows<{ n: string }>(
    app.db,
    sql`select coalesce(sum(e.amount), 0) as n from ledger_entries e join ledger_accounts a on a.id = e.account_id
        where e.transaction_id = ${transactionId} and a.member_id = ${memberId} and a.kind = 'points'`,
  );
  return Number(rows[0]!.n);
}

export async function emailsTo(app: FastifyInstance, address: string) {
  return app.db
    .select()
    .from(emailOutbox)
    .where(sql`lower(${emailOutbox.toAddress}) = ${address.toLowerCase()}`);
}
