import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { kudos } from './feed.ts';
import { ledgerTransactions } from './ledger.ts';
import { members } from './members.ts';

/** Who may be nominated: empty lists mean anyone (issue 41). */
export interface AwardEligibility {
  countries: string[];
  divisionIds: number[];
  units: string[];
}

/** An award level of a programme: its points are held on submit and paid on approval. */
export interface AwardLevel {
  key: string;
  name: string;
  points: number;
}

/** How a programme's nominations are approved (decision 0107). */
export interface AwardApproval {
  /** The nominee's manager approves first. */
  manager: boolean;
  /** Then that manager's manager. */
  managersManager: boolean;
  /** Named approvers, for awards above `namedAbovePoints` (every award when null). */
  namedApproverIds: number[];
  namedAbovePoints: number | null;
}

/**
 * Company-funded award programmes. Each has two ledger accounts of its own (ledger_accounts with
 * this programme_id): its budget, funded from issuance, and what its pending nominations hold.
 */
export const awardProgrammes = pgTable(
  'award_programmes',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    behaviourIds: integer('behaviour_ids').array().notNull().default([]),
    eligibility: jsonb('eligibility').$type<AwardEligibility>().notNull(),
    levels: jsonb('levels').$type<AwardLevel[]>().notNull(),
    approval: jsonb('approval').$type<AwardApproval>().notNull(),
    opensOn: date('opens_on').notNull(),
    closesOn: date('closes_on').notNull(),
    reasonMinLength: smallint('reason_min_length').notNull().default(50),
    /** A nomination back to a recent nominator within this many days is flagged to approvers. */
    reciprocalDays: smallint('reciprocal_days').notNull().default(90),
    /** Hours an approver has before a reminder; escalation at twice it. */
    serviceHours: smallint('service_hours').notNull().default(72),
    createdBy: integer('created_by').references(() => members.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [check('award_programmes_window_ck', sql`${t.closesOn} >= ${t.opensOn}`)],
);

/**
 * One nominee's nomination (a submission for several colleagues is one row each). `points` are
 * held while it is pending; `chain` lists, step by step, the members who may approve it.
 */
export const awardNominations = pgTable(
  'award_nominations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    programmeId: integer('programme_id')
      .notNull()
      .references(() => awardProgrammes.id),
    nominatorId: integer('nominator_id')
      .notNull()
      .references(() => members.id),
    nomineeId: integer('nominee_id')
      .notNull()
      .references(() => members.id),
    levelKey: text('level_key').notNull(),
    points: integer('points').notNull(),
    reason: text('reason').notNull(),
    behaviourId: integer('behaviour_id'),
    status: text('status', { enum: ['pending', 'approved', 'declined', 'withdrawn'] })
      .notNull()
      .default('pending'),
    chain: jsonb('chain').$type<number[][]>().notNull(),
    step: smallint('step').notNull().default(0),
    stepStartedAt: timestamp('step_started_at', { withTimezone: true }).notNull().defaultNow(),
    /** The nominee nominated the nominator in this programme recently (shown to approvers). */
    reciprocal: boolean('reciprocal').notNull().default(false),
    /** Reminders sent at this step: 1 reminded, 2 escalated. */
    nudges: smallint('nudges').notNull().default(0),
    holdTransactionId: bigint('hold_transaction_id', { mode: 'number' }).references(() => ledgerTransactions.id),
    settledTransactionId: bigint('settled_transaction_id', { mode: 'number' }).references(() => ledgerTransactions.id),
    kudosId: bigint('kudos_id', { mode: 'number' }).references(() => kudos.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('award_nominations_pending_idx')
      .on(t.programmeId)
      .where(sql`${t.status} = 'pending'`),
    index('award_nominations_nominee_idx').on(t.nomineeId, t.createdAt),
    index('award_nominations_nominator_idx').on(t.nominatorId, t.createdAt),
    // The approver's queue: pending items whose current step names the approver.
    index('award_nominations_chain_idx')
      .using('gin', t.chain)
      .where(sql`${t.status} = 'pending'`),
    check('award_nominations_points_ck', sql`${t.points} > 0`),
  ],
);

/** Every step of a nomination: who did what, when and why (append-only). */
export const awardNominationEvents = pgTable(
  'award_nomination_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    nominationId: bigint('nomination_id', { mode: 'number' })
      .notNull()
      .references(() => awardNominations.id),
    actorMemberId: integer('actor_member_id').references(() => members.id),
    action: text('action', {
      enum: [
        'submitted',
        'approved',
        'level_changed',
        'declined',
        'withdrawn',
        'paid',
        'reminded',
        'escalated',
        /** An approver left the firm: their steps moved to who comes next (decision 0111). */
        'reassigned',
      ],
    }).notNull(),
    step: smallint('step').notNull(),
    fromLevel: text('from_level'),
    toLevel: text('to_level'),
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('award_nomination_events_nomination_idx').on(t.nominationId, t.id)],
);

/** An approver who is away names a delegate, who may act on their steps until `until`. */
export const awardDelegates = pgTable('award_delegates', {
  approverId: integer('approver_id')
    .primaryKey()
    .references(() => members.id),
  delegateId: integer('delegate_id')
    .notNull()
    .references(() => members.id),
  until: date('until').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
