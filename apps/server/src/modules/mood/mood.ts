import type { MoodResponse } from '@ovation/shared/schemas/feed';
import { isIsoDate } from '@ovation/shared/iso-date';
import type { Db } from '../../db/db.ts';
import { fieldError } from '../../lib/app-errors.ts';
import { daysBetween, utcToday } from '../../lib/utc-dates.ts';
import { findMood, findMoodDescriptions, findMoodHistory, upsertMood } from './mood.repository.ts';

export const MOOD_HISTORY_MAX_DAYS = 400;

/** The mood choices and the member's mood today (the firm's day, UTC). */
export async function getMood(db: Db, memberId: number, now = new Date()): Promise<MoodResponse> {
  const [moodDesc, today] = await Promise.all([findMoodDescriptions(db), findMood(db, memberId, utcToday(now))]);
  return { moodDesc, moodData: today ? { value: today.value } : null };
}

/** Today's check-in; choosing again the same day replaces it. */
export async function saveMood(db: Db, memberId: number, value: number, now = new Date()): Promise<MoodResponse> {
  await upsertMood(db, memberId, utcToday(now), value);
  return getMood(db, memberId, now);
}

export async function getMoodHistory(db: Db, memberId: number, range: { from: string; to: string }) {
  if (!isIsoDate(range.from)) throw fieldError('from', 'Use a real date, yyyy-MM-dd');
  if (!isIsoDate(range.to)) throw fieldError('to', 'Use a real date, yyyy-MM-dd');
  const span = daysBetween(range.from, range.to);
  if (span < 0) throw fieldError('to', 'The end date must not be before the start date');
  if (span >= MOOD_HISTORY_MAX_DAYS) throw fieldError('to', `Ask for at most ${MOOD_HISTORY_MAX_DAYS} days at a time`);
  return { moods: await findMoodHistory(db, memberId, range.from, range.to) };
}
