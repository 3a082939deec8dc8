import { z } from 'zod';

/**
 * What the bell tells a member about (decision 0026); `upload`: points credited by a points upload
 * (0044); `award_*`: a nomination to approve, one's nomination approved or declined, an award
 * received (issue 41); `milestone_upcoming`: a team member's service milestone in 30 days (to their
 * manager), `milestone_received`: one's own milestone posted (decision 0108).
 */
export const NOTIFICATION_KINDS = [
  'recognised',
  'high5',
  'points',
  'reaction',
  'order',
  'upload',
  'award_to_approve',
  'award_approved',
  'award_declined',
  'award_received',
  'milestone_upcoming',
  'milestone_received',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notificationItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** Who did it (full name), when it is a member. */
  actorName: z.string().nullable(),
  messageLogId: z.number().int().nullable(),
  points: z.number().int(),
  /** Of `points`, what a points upload credited to the member's team budget (kind `upload`). */
  teamPoints: z.number().int(),
  /** 1 Like, 2 Cheer, 3 Support for a reaction. */
  reaction: z.number().int().min(1).max(3).nullable(),
  /** The rewards order and its new status for an order change. */
  orderId: z.number().int().nullable(),
  orderStatus: z.string().nullable(),
  /** The award nomination of an `award_*` notice: the programme and level, and who is nominated. */
  award: z.object({ nominationId: z.number().int(), label: z.string(), nomineeName: z.string() }).nullable(),
  /** The service milestone of a `milestone_*` notice: whose, and how many years. */
  milestone: z.object({ milestoneId: z.number().int(), years: z.number().int(), memberName: z.string() }).nullable(),
  /** ISO 8601, UTC. */
  createdAt: z.string(),
  read: z.boolean(),
});
export type NotificationItem = z.infer<typeof notificationItemSchema>;

/** GET /api/notifications: the unread count and the newest items. */
export const notificationsResponseSchema = z.object({
  unread: z.number().int().min(0),
  items: z.array(notificationItemSchema),
});
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;

/**
 * POST /api/notifications/read: marks these (the member's own) read, or with `all: true` every
 * one of theirs, shown in the bell or not ("Mark all read"); with `upToId` (the newest the member
 * saw) only those up to it, so what arrived after the list was read stays unread.
 */
export const markReadRequestSchema = z
  .object({
    ids: z.array(z.number().int().positive()).max(100).default([]),
    all: z.boolean().default(false),
    upToId: z.number().int().positive().optional(),
  })
  .refine((r) => r.all || r.ids.length > 0 || r.upToId !== undefined, {
    message: 'Choose at least one notification',
    path: ['ids'],
  })
  // `upToId` bounds "mark all read" (the newest the member saw); on its own it would mark nothing.
  .refine((r) => r.all || r.upToId === undefined, { message: 'Send all: true with upToId', path: ['upToId'] });
export type MarkReadRequest = z.input<typeof markReadRequestSchema>;

/**
 * The notification e-mails a member can switch off, one preference each (My Profile, and the
 * unsubscribe link in each such e-mail); the weekly digest is a preference of its own.
 */
export const EMAIL_PREFERENCE_KINDS = ['recognised', 'high5', 'points', 'reaction'] as const;
export type EmailPreferenceKind = (typeof EMAIL_PREFERENCE_KINDS)[number];

const emailPreferencesShape = Object.fromEntries(EMAIL_PREFERENCE_KINDS.map((kind) => [kind, z.boolean()])) as Record<
  EmailPreferenceKind,
  z.ZodBoolean
>;

/** GET/PUT /api/profile/preferences: e-mail per kind, the weekly digest, Celebrations privacy. */
export const preferencesSchema = z.object({
  email: z.object(emailPreferencesShape),
  weeklyDigest: z.boolean(),
  /** Hide my birthday and work anniversary from Celebrations (POPIA). */
  hideCelebrations: z.boolean(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

/** POST /api/notifications/unsubscribe (anonymous): the signed token from the digest e-mail. */
export const unsubscribeRequestSchema = z.object({
  token: z.string().trim().min(1, 'The link has no token').max(200, 'The link is not valid'),
});
export type UnsubscribeRequest = z.infer<typeof unsubscribeRequestSchema>;

export const unsubscribeResponseSchema = z.object({
  /** True when the digest was off before this link was used. */
  alreadyOff: z.boolean(),
  message: z.string(),
});
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponseSchema>;
