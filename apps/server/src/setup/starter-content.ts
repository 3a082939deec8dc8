import { sql } from 'drizzle-orm';
import type { Db } from '../db/db.ts';
import { behaviours, contentPages, moodDescriptions, settings } from '../db/schema/index.ts';
import { sanitizeContentHtml } from '../lib/sanitize.ts';
import { CONTENT_PAGES } from '../seed/content-pages.ts';
import { BEHAVIOURS, MOOD_DESCRIPTIONS } from '../seed/feed-content.ts';

export interface Behaviour {
  name: string;
  description: string;
}

export interface ContentPage {
  key: string;
  title: string;
  audience: 'public' | 'members';
  content: string;
}

/** The programme's name and its points' name (settings `clientTitle`, `pointsName`). */
export async function nameProgramme(db: Db, names: { firmName?: string; pointsName?: string }) {
  const rows = [
    ...(names.firmName ? [{ key: 'clientTitle', value: names.firmName }] : []),
    ...(names.pointsName ? [{ key: 'pointsName', value: names.pointsName }] : []),
  ];
  if (rows.length === 0) return;
  await db
    .insert(settings)
    .values(rows)
    .onConflictDoUpdate({ target: settings.key, set: { value: sql`excluded.value` } });
}

/** The three moods of the daily check-in (spec §3: values 1 happy, 2 average, 3 unhappy), when missing. */
export async function ensureMoods(db: Db): Promise<boolean> {
  if ((await db.select({ id: moodDescriptions.id }).from(moodDescriptions).limit(1)).length > 0) return false;
  await db.insert(moodDescriptions).values(MOOD_DESCRIPTIONS);
  return true;
}

/**
 * The behaviours members recognise: the firm's own list (matched by name; the ones not on it are
 * withdrawn, never deleted, since past recognitions name them), or the starter list when the
 * database has none. Answers what it did.
 */
export async function setBehaviours(db: Db, list: Behaviour[] | undefined): Promise<string | null> {
  const existing = await db.select({ id: behaviours.id, name: behaviours.name }).from(behaviours);
  if (!list) {
    if (existing.length > 0) return null;
    await db.insert(behaviours).values(BEHAVIOURS.map((b, i) => ({ ...b, sort: i + 1 })));
    return `${BEHAVIOURS.length} starter behaviours added`;
  }
  const byName = new Map(existing.map((b) => [b.name.toLowerCase(), b.id]));
  await db.update(behaviours).set({ active: false });
  for (const [i, b] of list.entries()) {
    const id = byName.get(b.name.toLowerCase());
    const values = { name: b.name, description: b.description, active: true, sort: i + 1 };
    if (id === undefined) await db.insert(behaviours).values(values);
    else
      await db
        .update(behaviours)
        .set(values)
        .where(sql`${behaviours.id} = ${id}`);
  }
  return `${list.length} behaviours set (${existing.length - list.filter((b) => byName.has(b.name.toLowerCase())).length} others withdrawn)`;
}

/** The starter pages with the firm's name for its points (the Kudos Thread keeps its name, as on Home). */
export function starterPages(pointsName: string): ContentPage[] {
  const words = (text: string) => text.replace(/\bKudos\b(?! Thread)/g, pointsName);
  return CONTENT_PAGES.map((page) => ({ ...page, title: words(page.title), content: words(page.content) }));
}

/**
 * Content pages (terms, privacy, FAQs, How it Works, About, Wellbeing): the firm's own replace
 * what is there; starter pages fill only keys that have no page yet. HTML is sanitized on write,
 * as every content write is.
 */
export async function setContentPages(db: Db, own: ContentPage[], starters: ContentPage[]): Promise<string[]> {
  const have = new Set((await db.select({ key: contentPages.key }).from(contentPages)).map((p) => p.key));
  const done: string[] = [];
  for (const page of own) {
    const values = { ...page, content: sanitizeContentHtml(page.content), updatedAt: new Date() };
    await db.insert(contentPages).values(values).onConflictDoUpdate({ target: contentPages.key, set: values });
    done.push(`${page.key} (yours)`);
  }
  const ownKeys = new Set(own.map((p) => p.key));
  for (const page of starters) {
    if (have.has(page.key) || ownKeys.has(page.key)) continue;
    await db.insert(contentPages).values({ ...page, content: sanitizeContentHtml(page.content) });
    done.push(`${page.key} (starter)`);
  }
  return done;
}
