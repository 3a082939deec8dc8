import { z } from 'zod';
import { MOOD_MAX, MOOD_MIN } from '../constants.ts';
import { isoDateText } from '../iso-date.ts';
import { REACTIONS } from '../vocabulary.ts';

/**
 * Home screen and social feed contracts (spec §3, §7). Field names are the spec's exactly.
 */

/** A server data table (spec §3): field names plus rows, turned into records by the client. */
export const dataTableSchema = z.object({ fields: z.array(z.string()), rows: z.array(z.array(z.unknown())) });
export type DataTable = z.infer<typeof dataTableSchema>;

/** Field order of a Kudos item row in `shoutOuts` (spec §3 Kudos item). */
export const KUDOS_FIELDS = [
  'messageLogId',
  'toMemberId',
  'memberName',
  'fromMemberName',
  'f3',
  'message',
  'likeCount',
  'cheerCount',
  'supportCount',
  'userLiked',
  'userCheered',
  'userSupported',
  'reactedUserLiked',
  'reactedUserCheered',
  'reactedUserSupported',
  'mins',
] as const;

/** A Kudos item as a record (reactedUser* are JSON strings of [{ FullName }]). */
export interface KudosItem {
  messageLogId: number;
  toMemberId: number;
  memberName: string;
  fromMemberName: string;
  f3: string;
  message: string;
  likeCount: number;
  cheerCount: number;
  supportCount: number;
  userLiked: boolean;
  userCheered: boolean;
  userSupported: boolean;
  reactedUserLiked: string;
  reactedUserCheered: string;
  reactedUserSupported: string;
  mins: number;
}

export const KUDOS_PAGE_SIZE = 20;

/**
 * `page` starts at 1. `anchor` (optional, beyond the spec) is the messageLogId of the first
 * item of page 1: later pages count from it, so items posted meanwhile do not shift pages.
 */
export const shoutOutListRequestSchema = z.object({
  page: z
    .number({ error: 'Page must be a whole number from 1' })
    .int('Page must be a whole number from 1')
    .min(1, 'Page must be a whole number from 1')
    .max(10_000),
  anchor: z.number().int().positive().optional(),
});
export const shoutOutListResponseSchema = z.object({ shoutOuts: dataTableSchema, hasMore: z.boolean() });
export type ShoutOutListResponse = z.infer<typeof shoutOutListResponseSchema>;

export const shoutOutReactRequestSchema = z.object({
  messageLogId: z.number().int().positive(),
  reactNum: z.union([z.literal(REACTIONS.like), z.literal(REACTIONS.cheer), z.literal(REACTIONS.support)], {
    error: 'reactNum must be 1 (like), 2 (cheer) or 3 (support)',
  }),
  isRedactReact: z.boolean().default(false),
});
export type ShoutOutReactRequest = z.input<typeof shoutOutReactRequestSchema>;
/** `shoutOuts` holds exactly the updated item. */
export const shoutOutReactResponseSchema = z.object({ shoutOuts: dataTableSchema });

/** GET /api/newsbulletin/data: `newsBulletin` is a JSON string of [{ text }]. */
export const newsBulletinResponseSchema = z.object({ newsBulletin: z.string() });

/** A celebration row (spec §3). `memberId` is '{id}#{hash}'; '0#…' means not registered. */
export const celebrationRowSchema = z.object({
  what: z.enum(['ANNIV', 'BDAY']),
  _rowNum: z.number().int(),
  picId: z.string(),
  memberId: z.string(),
  firstName: z.string(),
  surname: z.string(),
  /** The celebration date this year, yyyy-MM-dd (birth year never shown). */
  dOBdate: z.string(),
  /** Whole years of service for ANNIV; 0 for BDAY. */
  years: z.number().int(),
  division: z.string(),
  /** The member's country: Pay It Forward is offered only between colleagues in South Africa. */
  country: z.string(),
});
export type CelebrationRow = z.infer<typeof celebrationRowSchema>;
export const celebrationsResponseSchema = z.object({ report: z.array(celebrationRowSchema) });

/** Upcoming celebrations (beyond the spec): the next `days` days, today included. */
export const upcomingCelebrationsQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(60).default(30) });

/** A get-to-know card (spec §3). */
export const getToKnowCardSchema = z.object({
  memberId: z.number().int(),
  memberName: z.string(),
  division: z.string(),
  interests: z.string(),
  asperations: z.string(),
  picId: z.string(),
  /** Registered members can receive a High Five or recognition. */
  isRegistered: z.boolean(),
});
export type GetToKnowCard = z.infer<typeof getToKnowCardSchema>;

export const getToKnowSearchRequestSchema = z.object({
  query: z.string().trim().max(100).default(''),
  page: z.number().int().min(1).max(10_000).default(1),
});
export const getToKnowSearchResponseSchema = z.object({ members: z.array(getToKnowCardSchema), hasMore: z.boolean() });

export const leaderboardEntrySchema = z.object({
  memberId: z.number().int(),
  memberName: z.string(),
  division: z.string(),
  picId: z.string(),
  total: z.number().int(),
});

/** POST /api/site/gethomedata. recentRecognition rows are Kudos item records. */
export const homeDataResponseSchema = z.object({
  recentRecognition: z.array(z.record(z.string(), z.unknown())),
  getToKnow: z.array(getToKnowCardSchema),
  celebrations: z.array(celebrationRowSchema),
  leaderboard: z.array(leaderboardEntrySchema),
});
export type HomeData = z.infer<typeof homeDataResponseSchema>;

/** Trending behaviours: a header row then [displayText, ranking, total] rows. */
export const trendingResponseSchema = z.object({
  report: z.array(z.tuple([z.string(), z.union([z.number(), z.string()]), z.union([z.number(), z.string()])])),
});

export const bannerSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  text: z.string(),
  linkUrl: z.string(),
  linkText: z.string(),
  theme: z.string(),
});
export const bannersResponseSchema = z.object({ banners: z.array(bannerSchema) });

/** Mood (spec §3): value 1 happy, 2 average, 3 unhappy. */
export const moodValueSchema = z
  .number({ error: `Mood must be a whole number from ${MOOD_MIN} to ${MOOD_MAX}` })
  .int(`Mood must be a whole number from ${MOOD_MIN} to ${MOOD_MAX}`)
  .min(MOOD_MIN, `Mood must be a whole number from ${MOOD_MIN} to ${MOOD_MAX}`)
  .max(MOOD_MAX, `Mood must be a whole number from ${MOOD_MIN} to ${MOOD_MAX}`);
export const putMoodRequestSchema = z.object({ value: moodValueSchema });
export const moodDescriptionSchema = z.object({
  moodDescriptionId: z.number().int(),
  description: z.string(),
  value: z.number().int(),
});
export const moodResponseSchema = z.object({
  moodDesc: z.array(moodDescriptionSchema),
  /** Today's mood, or null when the member has not checked in today. */
  moodData: z.object({ value: z.number().int() }).nullable(),
});
export type MoodResponse = z.infer<typeof moodResponseSchema>;

/** The member's moods over a date range (daily check-in calendar, wellbeing). */
export const moodHistoryQuerySchema = z.object({
  from: isoDateText,
  to: isoDateText,
});
export const moodHistoryResponseSchema = z.object({
  moods: z.array(z.object({ day: z.string(), value: z.number().int() })),
});

/**
 * Live updates (beyond the spec): POST /api/live/ticket gives a ticket valid for 60 s; open
 * `new EventSource('/api/live/stream?ticket=…')`. Events: `kudos` {messageLogId} for a new
 * item and `reaction` {messageLogId, likeCount, cheerCount, supportCount}. When the stream
 * fails or ends (it ends after 30 minutes), fetch a new ticket and reconnect.
 */
export const liveTicketResponseSchema = z.object({ ticket: z.string() });
export const liveStreamQuerySchema = z.object({ ticket: z.string().max(200) });
export interface LiveKudosEvent {
  messageLogId: number;
}
export interface LiveReactionEvent {
  messageLogId: number;
  likeCount: number;
  cheerCount: number;
  supportCount: number;
}
