import { inArray } from 'drizzle-orm';
import type { Db } from '../db/db.ts';
import { awardNominationEvents, awardNominations, members } from '../db/schema/index.ts';
import { systemAccountId } from '../core/ledger/accounts.repository.ts';
import { approvalChain } from '../modules/awards/approval-chain.ts';
import { findNominees } from '../modules/awards/nominees.repository.ts';
import { findProgramme, insertProgramme } from '../modules/awards/programmes.repository.ts';
import { SeedLedger } from './ledger-builder.ts';

const HOUR = 3_600_000;
const LEVELS = [
  { key: 'bronze', name: 'Bronze', points: 200 },
  { key: 'silver', name: 'Silver', points: 500 },
  { key: 'gold', name: 'Gold', points: 1000 },
];
const APPROVAL = { manager: true, managersManager: true, namedApproverIds: [], namedAbovePoints: null };

/** Who nominates whom in the demo: Naledi nominates Ruan, Ruan nominates Naledi's colleague. */
const NOMINATIONS = [
  {
    by: 'member.za@example.com',
    of: 'member.trf@example.com',
    level: 'silver',
    hoursAgo: 30,
    reason:
      'Ruan rebuilt the year-end audit file index in a weekend, so the whole team found what they needed first time.',
  },
  {
    by: 'member.trf@example.com',
    of: 'member.za@example.com',
    level: 'bronze',
    hoursAgo: 4,
    reason: 'Naledi coached two new starters through their first client visit and wrote the checklist we all use now.',
  },
];

/**
 * The demo's award programme (issue 41): Star Awards, funded with 20,000 from issuance, and two
 * nominations waiting for the demo manager (Thabo Nkosi), their points held from the budget.
 */
export async function seedAwards(db: Db, now: Date): Promise<void> {
  const year = now.getUTCFullYear();
  const id = await insertProgramme(db, {
    name: 'Star Awards',
    description: 'For work that lifted a team, a client or the firm. Approved by the nominee’s manager, then theirs.',
    behaviourIds: [],
    eligibility: { countries: [], divisionIds: [], units: [] },
    levels: LEVELS,
    approval: APPROVAL,
    opensOn: `${year}-01-01`,
    closesOn: `${year + 1}-12-31`,
    reasonMinLength: 50,
    reciprocalDays: 90,
    serviceHours: 72,
  });
  const programme = (await findProgramme(db, id))!;
  const { budgetAccountId, heldAccountId } = programme.accounts;
  const people = await db
    .select({ id: members.id, email: members.email })
    .from(members)
    .where(
      inArray(
        members.email,
        NOMINATIONS.flatMap((n) => [n.by, n.of]),
      ),
    );
  const idOf = (email: string) => people.find((p) => p.email === email)!.id;
  const nominees = await findNominees(
    db,
    NOMINATIONS.map((n) => idOf(n.of)),
  );

  const ledger = new SeedLedger();
  ledger.add({
    kind: 'award_funding',
    memo: programme.name,
    actorMemberId: null,
    createdAt: new Date(now.getTime() - 60 * 24 * HOUR),
    legs: [
      { accountId: await systemAccountId(db, 'issuance'), amount: -20_000 },
      { accountId: budgetAccountId, amount: 20_000 },
    ],
  });
  const holds: number[] = [];
  for (const n of NOMINATIONS) {
    const level = LEVELS.find((l) => l.key === n.level)!;
    ledger.add({
      kind: 'award_hold',
      memo: `${programme.name} · ${level.name}`,
      actorMemberId: idOf(n.by),
      createdAt: new Date(now.getTime() - n.hoursAgo * HOUR),
      legs: [
        { accountId: budgetAccountId, amount: -level.points },
        { accountId: heldAccountId, amount: level.points, counterpartyMemberId: idOf(n.of) },
      ],
      onId: (txId) => holds.push(txId),
    });
  }
  await ledger.write(db, new Set());
  for (const [i, n] of NOMINATIONS.entries()) {
    const level = LEVELS.find((l) => l.key === n.level)!;
    const nominee = nominees.get(idOf(n.of))!;
    const at = new Date(now.getTime() - n.hoursAgo * HOUR);
    const [row] = await db
      .insert(awardNominations)
      .values({
        programmeId: id,
        nominatorId: idOf(n.by),
        nomineeId: nominee.id,
        levelKey: level.key,
        points: level.points,
        reason: n.reason,
        chain: approvalChain(APPROVAL, { nominatorId: idOf(n.by), nomineeId: nominee.id, ...nominee }, level.points),
        holdTransactionId: holds[i]!,
        createdAt: at,
        stepStartedAt: at,
      })
      .returning({ id: awardNominations.id });
    await db.insert(awardNominationEvents).values({
      nominationId: row!.id,
      actorMemberId: idOf(n.by),
      action: 'submitted',
      step: 0,
      toLevel: level.key,
      createdAt: at,
    });
  }
}
