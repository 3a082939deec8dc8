import { asc, eq, sql } from 'drizzle-orm';
import { getCapabilities } from '@ovation/shared/capabilities';
import type { Db } from '../db/db.ts';
import { behaviours, kudos, members, settings } from '../db/schema/index.ts';
import {
  accountKey,
  ensureSystemAccounts,
  memberAccountIds,
  systemAccountId,
  type MemberAccountKey,
} from '../core/ledger/accounts.repository.ts';
import { SETTING_DEFAULTS } from '../core/settings/settings.repository.ts';
import { BEHAVIOURS } from './feed-content.ts';
import { SeedLedger } from './ledger-builder.ts';
import { createRandom } from './random.ts';

const DAY = 86_400_000;
const DEMO_MANAGER_EMAIL = 'manager.za@example.com';
const DEMO_MANAGER_BUDGET = 20_000;
/** About 3,000 average plays' worth of prizes (7.5 Kudos a play with the default table). */
const DEMO_GAME_POOL = 25_000;

/**
 * The demo ledger: system accounts, programme settings, an opening balance for every South
 * African member, game plays for some, a team budget for every manager — and the points of the
 * Kudos Thread items already seeded (recognitions from team budgets, pay it forwards from the
 * sender's points, game plays earned) so that statements and balances tell the same story.
 * Runs after the members and the feed seed.
 */
export async function seedLedger(db: Db, now = new Date()): Promise<void> {
  const random = createRandom(4_040_404);
  await ensureSystemAccounts(db);
  await db
    .insert(settings)
    .values(
      (['playsPerRecognition', 'payItForwardDailyCap', 'pairDailyLimit', 'sendRateLimitPerMinute'] as const).map(
        (key) => ({ key, value: SETTING_DEFAULTS[key] }),
      ),
    )
    .onConflictDoNothing();
  await db.insert(settings).values({ key: 'teamBudgetPerManager', value: 5000 }).onConflictDoNothing();
  await db
    .insert(settings)
    .values((['gameBoardCaps', 'gamePrizeTable'] as const).map((key) => ({ key, value: SETTING_DEFAULTS[key] })))
    .onConflictDoNothing();
  if ((await db.select({ id: behaviours.id }).from(behaviours).limit(1)).length === 0) {
    await db.insert(behaviours).values(BEHAVIOURS.map((b, i) => ({ ...b, sort: i + 1 })));
  }

  const people = await db.select().from(members).where(eq(members.active, true)).orderBy(asc(members.id));
  const items = await db
    .select({
      id: kudos.id,
      kind: kudos.kind,
      from: kudos.fromMemberId,
      to: kudos.toMemberId,
      points: kudos.points,
      createdAt: kudos.createdAt,
      behaviour: behaviours.name,
    })
    .from(kudos)
    .leftJoin(behaviours, eq(behaviours.id, kudos.behaviourId))
    .orderBy(asc(kudos.id));

  const keys: MemberAccountKey[] = people.flatMap((m) => [
    { memberId: m.id, kind: 'points' as const },
    { memberId: m.id, kind: 'plays' as const },
    ...(m.isManager ? [{ memberId: m.id, kind: 'team_budget' as const }] : []),
  ]);
  for (const item of items)
    if (item.kind === 'recognition' && item.points > 0) keys.push({ memberId: item.from, kind: 'team_budget' });
  const accounts = await memberAccountIds(db, keys);
  const account = (memberId: number, kind: MemberAccountKey['kind']) => accounts.get(accountKey(memberId, kind))!;
  const [issuance, playsIssuance, gamePrizes] = [
    await systemAccountId(db, 'issuance'),
    await systemAccountId(db, 'plays_issuance'),
    await systemAccountId(db, 'game_prizes'),
  ];

  // What the thread's items will spend, so that opening balances cover it.
  const budgetNeeded = new Map<number, number>();
  const pointsNeeded = new Map<number, number>();
  for (const item of items) {
    if (item.points <= 0) continue;
    const needs = item.kind === 'recognition' ? budgetNeeded : pointsNeeded;
    needs.set(item.from, (needs.get(item.from) ?? 0) + item.points);
  }

  const ledger = new SeedLedger();
  const opening = new Date(Math.min(now.getTime() - 60 * DAY, ...items.map((i) => i.createdAt.getTime() - DAY)));
  const teamBudget = (await db.select().from(settings).where(eq(settings.key, 'teamBudgetPerManager')))[0]?.value;
  const perManager = typeof teamBudget === 'number' ? teamBudget : 5000;

  const openingLegs = people
    .filter((m) => getCapabilities(m).southAfrica || pointsNeeded.has(m.id))
    .map((m) => ({
      accountId: account(m.id, 'points'),
      amount: random.int(5, 50) * 50 + (pointsNeeded.get(m.id) ?? 0),
    }));
  ledger.add({
    kind: 'issuance',
    memo: 'Welcome Kudos',
    actorMemberId: null,
    createdAt: opening,
    legs: [{ accountId: issuance, amount: -openingLegs.reduce((s, l) => s + l.amount, 0) }, ...openingLegs],
  });

  const budgetHolders = people.filter((m) => m.isManager || budgetNeeded.has(m.id));
  const budgetLegs = budgetHolders.map((m) => ({
    accountId: account(m.id, 'team_budget'),
    amount: (m.email === DEMO_MANAGER_EMAIL ? DEMO_MANAGER_BUDGET : perManager) + (budgetNeeded.get(m.id) ?? 0),
  }));
  ledger.add({
    kind: 'team_budget_allocation',
    memo: 'Team budget allocation',
    actorMemberId: null,
    createdAt: opening,
    legs: [{ accountId: issuance, amount: -budgetLegs.reduce((s, l) => s + l.amount, 0) }, ...budgetLegs],
  });

  const playLegs = people
    .filter((m) => getCapabilities(m).playGame && (m.email?.endsWith('@example.com') || random.chance(0.4)))
    .map((m) => ({ accountId: account(m.id, 'plays'), amount: random.int(1, 5) }));
  ledger.add({
    kind: 'plays_grant',
    memo: 'Welcome game plays',
    actorMemberId: null,
    createdAt: opening,
    legs: [{ accountId: playsIssuance, amount: -playLegs.reduce((s, l) => s + l.amount, 0) }, ...playLegs],
  });

  // The Game Board's prize pool (issue 10): prizes are paid from it, never beyond it.
  ledger.add({
    kind: 'game_pool_funding',
    memo: 'Game Board prize pool',
    actorMemberId: null,
    createdAt: opening,
    legs: [
      { accountId: issuance, amount: -DEMO_GAME_POOL },
      { accountId: gamePrizes, amount: DEMO_GAME_POOL },
    ],
  });

  const links: { kudosId: number; txId: number }[] = [];
  for (const item of items) {
    if (item.kind === 'recognition') {
      ledger.add({
        kind: 'plays_earned',
        memo: item.behaviour ?? '',
        actorMemberId: item.from,
        createdAt: item.createdAt,
        legs: [
          { accountId: playsIssuance, amount: -SETTING_DEFAULTS.playsPerRecognition },
          {
            accountId: account(item.to, 'plays'),
            amount: SETTING_DEFAULTS.playsPerRecognition,
            counterpartyMemberId: item.from,
          },
        ],
      });
    }
    if (item.points <= 0 || item.kind === 'high5' || item.kind === 'award') continue;
    const source = item.kind === 'recognition' ? account(item.from, 'team_budget') : account(item.from, 'points');
    ledger.add({
      kind: item.kind,
      memo: item.kind === 'recognition' ? (item.behaviour ?? '') : '',
      actorMemberId: item.from,
      createdAt: item.createdAt,
      legs: [
        { accountId: source, amount: -item.points, counterpartyMemberId: item.to },
        { accountId: account(item.to, 'points'), amount: item.points, counterpartyMemberId: item.from },
      ],
      onId: (txId) => links.push({ kudosId: item.id, txId }),
    });
  }
  await ledger.write(db, new Set(accounts.values()));
  if (links.length > 0) {
    await db.execute(sql`update kudos k set ledger_transaction_id = v.tx
      from (values ${sql.join(
        links.map((l) => sql`(${l.kudosId}::bigint, ${l.txId}::bigint)`),
        sql`, `,
      )}) v(id, tx)
      where k.id = v.id`);
  }
}
