import { z } from 'zod';
import { memberBalancesSchema } from './balances.ts';
import { MAX_DATABASE_ID } from './ids.ts';

/**
 * Points ledger and recognition flows (issue 4). The three send calls are the contract of the
 * issue; every point-moving request also carries an `Idempotency-Key` header.
 */
export const MESSAGE_MAX_LENGTH = 1000;
export const IDEMPOTENCY_HEADER = 'idempotency-key';

const message = z
  .string({ error: 'Message is required' })
  .trim()
  .min(1, 'Message is required')
  .max(MESSAGE_MAX_LENGTH, `Message must be at most ${MESSAGE_MAX_LENGTH} characters`);
// Ids are checked against what the database holds, so an id it cannot hold is this field's error.
const memberId = z
  .number({ error: 'Choose a colleague' })
  .int('Choose a colleague')
  .positive('Choose a colleague')
  .max(MAX_DATABASE_ID, 'Choose a colleague');
const points = z
  .number({ error: (issue) => (issue.input === undefined ? 'Enter how many points' : 'Points must be a whole number') })
  .int('Points must be a whole number')
  .min(1, 'Points must be at least 1')
  .max(1_000_000, 'Points must be at most 1 000 000');

export const recognitionSendRequestSchema = z.object({
  toMemberIds: z
    .array(memberId, { error: 'Choose at least one colleague' })
    .min(1, 'Choose at least one colleague')
    .max(200, 'Choose at most 200 colleagues'),
  behaviourId: z
    .number({ error: 'Choose a behaviour' })
    .int('Choose a behaviour')
    .positive('Choose a behaviour')
    .max(MAX_DATABASE_ID, 'Choose a behaviour'),
  message,
  /** Points each recipient gets from the manager's team budget (managers only). */
  points: points.optional(),
});
export type RecognitionSendRequest = z.input<typeof recognitionSendRequestSchema>;

export const high5SendRequestSchema = z.object({ toMemberId: memberId, message });
export type High5SendRequest = z.input<typeof high5SendRequestSchema>;

export const payItForwardSendRequestSchema = z.object({ toMemberId: memberId, points, message });
export type PayItForwardSendRequest = z.input<typeof payItForwardSendRequestSchema>;

/** GET /api/payitforward/allowance: the day's cap, what the member gave today (UTC) and what is left. */
export const payItForwardAllowanceResponseSchema = z.object({
  dailyCap: z.number().int(),
  givenToday: z.number().int(),
  leftToday: z.number().int(),
});
export type PayItForwardAllowance = z.infer<typeof payItForwardAllowanceResponseSchema>;

/** The refusal past the daily cap, in the server's answer and on the form alike (numbers as given). */
export const payItForwardCapMessage = (cap: number | string, left: number | string, pointsName: string) =>
  `You can pay forward at most ${cap} ${pointsName} a day; you can still give ${left} ${pointsName} today.`;

/** What every send answers: the thread items created and the sender's balances after it. */
export const sendResponseSchema = z.object({
  messageLogIds: z.array(z.number().int()),
  message: z.string(),
  balances: memberBalancesSchema,
});
export type SendResponse = z.infer<typeof sendResponseSchema>;

export const behaviourSchema = z.object({ id: z.number().int(), name: z.string(), description: z.string() });
export const behavioursResponseSchema = z.object({ behaviours: z.array(behaviourSchema) });

/** Colleague search for the recognition forms (name or division). */
export const memberSearchRequestSchema = z.object({
  query: z.string().trim().max(100).default(''),
  /** Only the manager's own team (managers). */
  teamOnly: z.boolean().default(false),
  /** Only members in this country (Pay It Forward offers colleagues in South Africa only). */
  country: z.string().trim().min(1).max(60).optional(),
  limit: z.number().int().min(1).max(50).default(20),
  /**
   * Look these members up by id instead (the query is then ignored): the forms open with a
   * preselected colleague from a link like /recognise/123 and need that colleague's name.
   */
  memberIds: z.array(z.number().int().positive().max(MAX_DATABASE_ID)).max(50).optional(),
});
export const memberSearchResultSchema = z.object({
  memberId: z.number().int(),
  memberName: z.string(),
  division: z.string(),
  country: z.string(),
  picId: z.string(),
  isTeamMember: z.boolean(),
});
export const memberSearchResponseSchema = z.object({ members: z.array(memberSearchResultSchema) });
