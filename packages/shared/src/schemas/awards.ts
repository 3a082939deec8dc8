import { z } from 'zod';
import { isoDate } from '../iso-date.ts';
import { memberBalancesSchema } from './balances.ts';
import { databaseId, expectedUpdatedAtSchema } from './ids.ts';

/** Award programmes and nominations (issue 41, decision 0107). */

const whole = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

/** A calendar day as yyyy-MM-dd, one that exists, from 1900 to 2199. */
const day = (label: string) => isoDate({ format: `${label}: use yyyy-MM-dd`, notADay: `${label} is not a day` });

export const AWARD_STATUSES = ['pending', 'approved', 'declined', 'withdrawn'] as const;
export type AwardStatus = (typeof AWARD_STATUSES)[number];

export const awardLevelSchema = z.object({
  key: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,30}$/, 'A level key is 1 to 30 lower-case letters, digits or dashes'),
  name: z.string().trim().min(1, 'Name the level').max(40, 'A level name is at most 40 characters'),
  points: whole('Points', 1, 1_000_000),
});
export type AwardLevel = z.infer<typeof awardLevelSchema>;

/** The most levels one programme may have. */
export const AWARD_LEVELS_MAX = 10;

export const awardProgrammeInputSchema = z
  .object({
    name: z.string().trim().min(3, 'Name the programme (3 characters or more)').max(80, 'At most 80 characters'),
    description: z.string().trim().max(2000, 'At most 2000 characters').default(''),
    behaviourIds: z.array(databaseId('Choose one of the behaviours')).max(20, 'At most 20 behaviours').default([]),
    eligibility: z
      .object({
        countries: z.array(z.string().trim().min(1).max(80)).max(50).default([]),
        divisionIds: z.array(databaseId('Choose one of the divisions')).max(200).default([]),
        units: z.array(z.string().trim().min(1).max(40)).max(200).default([]),
      })
      .default({ countries: [], divisionIds: [], units: [] }),
    levels: z
      .array(awardLevelSchema)
      .min(1, 'Add at least one level')
      .max(AWARD_LEVELS_MAX, `At most ${AWARD_LEVELS_MAX} levels`)
      .refine((levels) => new Set(levels.map((l) => l.key)).size === levels.length, 'Each level needs its own key'),
    approval: z
      .object({
        manager: z.boolean().default(true),
        managersManager: z.boolean().default(false),
        namedApproverIds: z.array(databaseId('Choose an approver')).max(20, 'At most 20 approvers').default([]),
        namedAbovePoints: whole('The threshold', 0, 1_000_000).nullable().default(null),
      })
      .refine((a) => a.manager || a.managersManager || a.namedApproverIds.length > 0, {
        message: 'Choose who approves: the manager, their manager or named approvers',
        path: ['manager'],
      })
      .default({ manager: true, managersManager: false, namedApproverIds: [], namedAbovePoints: null }),
    opensOn: day('Opens'),
    closesOn: day('Closes'),
    reasonMinLength: whole('The shortest reason', 1, 1000).default(50),
    reciprocalDays: whole('Days', 0, 365).default(90),
    serviceHours: whole('Hours', 1, 720).default(72),
    /** Archived programmes take no nominations and leave the members' list (pending ones go on). */
    archived: z.boolean().default(false),
    expectedUpdatedAt: expectedUpdatedAtSchema.optional(),
  })
  .refine((p) => p.closesOn >= p.opensOn, {
    message: 'It must close on or after the day it opens',
    path: ['closesOn'],
  });
export type AwardProgrammeInput = z.input<typeof awardProgrammeInputSchema>;

export const awardProgrammeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  behaviours: z.array(z.object({ id: z.number().int(), name: z.string() })),
  eligibility: z.object({
    countries: z.array(z.string()),
    divisionIds: z.array(z.number().int()),
    units: z.array(z.string()),
  }),
  levels: z.array(awardLevelSchema),
  approval: z.object({
    manager: z.boolean(),
    managersManager: z.boolean(),
    namedApproverIds: z.array(z.number().int()),
    namedAbovePoints: z.number().int().nullable(),
  }),
  opensOn: z.string(),
  closesOn: z.string(),
  reasonMinLength: z.number().int(),
  reciprocalDays: z.number().int(),
  serviceHours: z.number().int(),
  /** Open for nominations today (within its window and not archived). */
  open: z.boolean(),
  archived: z.boolean(),
  /** Points left to commit, and held by pending nominations (shown to those who run programmes). */
  budget: z.object({ available: z.number().int(), held: z.number().int() }).nullable(),
  updatedAt: z.string(),
});
export type AwardProgramme = z.infer<typeof awardProgrammeSchema>;

export const awardProgrammesResponseSchema = z.object({ programmes: z.array(awardProgrammeSchema) });

export const fundProgrammeRequestSchema = z.object({ points: whole('Points', 1, 100_000_000) });

export const nominateRequestSchema = z.object({
  programmeId: databaseId('Choose a programme'),
  nomineeIds: z
    .array(databaseId('Choose colleagues to nominate'), { error: 'Choose colleagues to nominate' })
    .min(1, 'Choose colleagues to nominate')
    .max(10, 'Nominate at most 10 colleagues at once'),
  levelKey: z.string({ error: 'Choose a level' }).trim().min(1, 'Choose a level'),
  reason: z.string({ error: 'Say why' }).trim().max(2000, 'At most 2000 characters'),
  behaviourId: databaseId('Choose one of the behaviours').optional(),
});
export type NominateRequest = z.input<typeof nominateRequestSchema>;

export const nominateResponseSchema = z.object({
  nominationIds: z.array(z.number().int()),
  message: z.string(),
  balances: memberBalancesSchema,
});

const person = z.object({ id: z.number().int(), name: z.string() });

export const nominationEventSchema = z.object({
  action: z.string(),
  by: z.string(),
  at: z.string(),
  fromLevel: z.string().nullable(),
  toLevel: z.string().nullable(),
  reason: z.string(),
});

export const nominationSchema = z.object({
  id: z.number().int(),
  programme: z.object({ id: z.number().int(), name: z.string() }),
  nominator: person,
  nominee: person.extend({ division: z.string() }),
  level: awardLevelSchema,
  reason: z.string(),
  behaviour: z.string().nullable(),
  status: z.enum(AWARD_STATUSES),
  /** The step waiting (from 1) and how many there are. */
  step: z.number().int(),
  steps: z.number().int(),
  /** The nominee nominated the nominator in this programme lately: approvers are told. */
  reciprocal: z.boolean(),
  createdAt: z.string(),
  history: z.array(nominationEventSchema),
});
export type Nomination = z.infer<typeof nominationSchema>;

export const decideNominationRequestSchema = z
  .object({
    action: z.enum(['approve', 'decline'], { error: 'Approve or decline' }),
    /** Approve at another level of the programme (the hold moves). */
    levelKey: z.string().trim().min(1).optional(),
    reason: z.string().trim().max(1000, 'At most 1000 characters').default(''),
  })
  .refine((d) => d.action !== 'decline' || d.reason.length >= 5, {
    message: 'Say why it is declined (5 characters or more)',
    path: ['reason'],
  });
export type DecideNominationRequest = z.input<typeof decideNominationRequestSchema>;

export const decideNominationResponseSchema = z.object({
  nominationId: z.number().int(),
  status: z.enum(AWARD_STATUSES),
  level: awardLevelSchema,
  message: z.string(),
});
export type DecideNominationResponse = z.infer<typeof decideNominationResponseSchema>;

export const nominationIdParamsSchema = z.object({ nominationId: databaseId('Choose a nomination') });
export const programmeIdParamsSchema = z.object({ programmeId: databaseId('Choose a programme') });

export const fundProgrammeResponseSchema = z.object({
  programmeId: z.number().int(),
  budget: z.object({ available: z.number().int(), held: z.number().int() }),
  message: z.string(),
});
export type FundProgrammeResponse = z.infer<typeof fundProgrammeResponseSchema>;

export const approvalItemSchema = z.object({
  nomination: nominationSchema,
  /** Kudos the nominee received in the last year. */
  recentRecognition: z.number().int(),
  /** The programme's points left to commit. */
  budgetAvailable: z.number().int(),
  /** Hours since this step began. */
  waitingHours: z.number().int(),
  /** The programme's levels, to approve at another one. */
  levels: z.array(awardLevelSchema),
});

export const approvalsResponseSchema = z.object({
  items: z.array(approvalItemSchema),
  /** Pass as `before` for the next page; null on the last. */
  nextBefore: z.number().int().nullable(),
});

export const approvalsQuerySchema = z.object({
  before: databaseId('Start from a nomination').optional(),
  limit: z.coerce.number<string | number>().int().min(1).max(100).default(25),
});

export const myNominationsResponseSchema = z.object({
  sent: z.array(nominationSchema),
  received: z.array(nominationSchema),
});

export const delegateRequestSchema = z.object({
  delegateId: databaseId('Choose a colleague').nullable(),
  until: day('Until').optional(),
});

export const delegationResponseSchema = z.object({
  delegate: person.nullable(),
  until: z.string().nullable(),
});
export type DelegationResponse = z.infer<typeof delegationResponseSchema>;
