import { z } from 'zod';
import { isoDate } from '../iso-date.ts';

/** Service milestones: years with the firm, announced, signed and posted (issue 41, decision 0108). */

const whole = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

/**
 * How a milestone is given: `points` (cash-like: points the member redeems as they choose) or
 * `gift` (non-cash: an item the firm hands over, worth `giftValueRand`; no points move).
 */
export const MILESTONE_FORMS = ['points', 'gift'] as const;
export type MilestoneForm = (typeof MILESTONE_FORMS)[number];

export const milestoneLevelSchema = z.object({
  years: whole('Years', 1, 60),
  points: whole('Points', 0, 1_000_000),
  form: z.enum(MILESTONE_FORMS, { error: 'Choose points or a gift' }),
  /** The gift's name (form `gift`), e.g. "A watch of your choice". */
  giftName: z.string().trim().max(80, 'A gift name is at most 80 characters').default(''),
  /** What the gift costs the firm, in rand (form `gift`): the value payroll is given. */
  giftValueRand: z.number({ error: 'The gift’s value must be a number' }).min(0).max(1_000_000).default(0),
});
export type MilestoneLevel = z.infer<typeof milestoneLevelSchema>;

/** The firm's service-award settings (the `serviceAwards` setting). */
export const serviceAwardsSettingsSchema = z.object({
  /** Whether the daily job announces and posts milestones at all. */
  enabled: z.boolean(),
  milestones: z
    .array(milestoneLevelSchema)
    .max(20, 'At most 20 milestones')
    .refine(
      (levels) => new Set(levels.map((l) => l.years)).size === levels.length,
      'Each milestone needs its own years',
    ),
  /** What one point is worth in rand, for payroll (points × rate = the award's value). */
  randPerPoint: z.number({ error: 'The rate must be a number' }).min(0).max(1000),
  /** Days before a milestone that the member's manager is told and the card opens. */
  noticeDays: whole('Notice days', 1, 90),
});
export type ServiceAwardsSettings = z.infer<typeof serviceAwardsSettingsSchema>;

export const MILESTONE_STATUSES = ['upcoming', 'posted'] as const;
export type MilestoneStatus = (typeof MILESTONE_STATUSES)[number];

/** One message on a milestone card. */
export const cardMessageSchema = z.object({
  authorName: z.string(),
  message: z.string(),
  /** ISO 8601, UTC. */
  signedAt: z.string(),
  mine: z.boolean(),
});

/** A milestone as the people who may see it are shown it. */
export const milestoneSchema = z.object({
  milestoneId: z.number().int(),
  memberId: z.number().int(),
  memberName: z.string(),
  /** The card is the viewer's own. */
  own: z.boolean(),
  years: z.number().int(),
  /** The anniversary, and the day it is posted (the Friday before when it falls on a weekend). */
  milestoneOn: z.string(),
  postOn: z.string(),
  status: z.enum(MILESTONE_STATUSES),
  /** What the member receives: points, or the gift's name. */
  points: z.number().int(),
  form: z.enum(MILESTONE_FORMS),
  giftName: z.string(),
  /** The manager's message: the prefilled text until they change it. */
  message: z.string(),
  /** The viewer is the member's manager (may change the message until it is posted). */
  canEditMessage: z.boolean(),
  /** The viewer may sign the card (a colleague, before it is posted). */
  canSign: z.boolean(),
  /**
   * The card's messages: hidden from the member until the day (an empty list and `signatures`
   * count for them before), shown to everyone who may see the card otherwise.
   */
  messages: z.array(cardMessageSchema),
  signatures: z.number().int(),
  /** The Kudos Thread item once posted. */
  kudosId: z.number().int().nullable(),
});
export type Milestone = z.infer<typeof milestoneSchema>;

/** GET /api/milestones: the cards the member may sign or sees (their team's, their own). */
export const milestonesResponseSchema = z.object({ items: z.array(milestoneSchema) });
export type MilestonesResponse = z.infer<typeof milestonesResponseSchema>;

export const milestoneIdParamsSchema = z.object({
  milestoneId: z.coerce.number({ error: 'Not a milestone' }).int('Not a milestone').positive('Not a milestone'),
});

/** POST /api/milestones/:id/card — sign the card (again: replaces one's message). */
export const signCardRequestSchema = z.object({
  message: z
    .string({ error: 'Write a message' })
    .trim()
    .min(2, 'Write a message')
    .max(280, 'A card message is at most 280 characters'),
});
export type SignCardRequest = z.input<typeof signCardRequestSchema>;

/** PUT /api/milestones/:id/message — the manager's message, posted with the award. */
export const milestoneMessageRequestSchema = z.object({
  message: z
    .string({ error: 'Write the message' })
    .trim()
    .min(10, 'The message needs at least 10 characters')
    .max(1000, 'The message is at most 1000 characters'),
});
export type MilestoneMessageRequest = z.input<typeof milestoneMessageRequestSchema>;

/** A break in a member's service (unpaid leave, a gap between two contracts): moves milestones on. */
export const serviceBreakRequestSchema = z
  .object({
    memberId: z.number({ error: 'Choose a member' }).int().positive('Choose a member'),
    startsOn: isoDate({ format: 'From: use yyyy-MM-dd', notADay: 'From is not a day' }),
    endsOn: isoDate({ format: 'To: use yyyy-MM-dd', notADay: 'To is not a day' }),
    note: z.string().trim().max(200, 'A note is at most 200 characters').default(''),
  })
  .refine((b) => b.endsOn >= b.startsOn, { message: 'The break ends on or after it starts', path: ['endsOn'] });
export type ServiceBreakRequest = z.input<typeof serviceBreakRequestSchema>;

export const serviceBreakSchema = z.object({
  breakId: z.number().int(),
  memberId: z.number().int(),
  memberName: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  days: z.number().int(),
  note: z.string(),
});
export type ServiceBreak = z.infer<typeof serviceBreakSchema>;

/** GET /api/admin/awards/service: the settings, the breaks recorded, and what is coming. */
export const serviceAwardsAdminResponseSchema = z.object({
  settings: serviceAwardsSettingsSchema,
  breaks: z.array(serviceBreakSchema),
  upcoming: z.array(milestoneSchema),
});
export type ServiceAwardsAdminResponse = z.infer<typeof serviceAwardsAdminResponseSchema>;
