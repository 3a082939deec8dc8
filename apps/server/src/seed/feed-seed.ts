import { sql } from 'drizzle-orm';
import type { Db } from '../db/db.ts';
import { banners, behaviours, moodCheckins, moodDescriptions, newsEntries } from '../db/schema/index.ts';
import { BANNERS, BEHAVIOURS, MOOD_DESCRIPTIONS, NEWS } from './feed-content.ts';
import { buildKudos, buildMoods, type SeedMember } from './feed-history.ts';
import { createRandom } from './random.ts';

/** Rows of a raw query on either driver. */
async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * The Home screen's demo data: behaviours, banners, news, mood choices, about three months
 * of kudos with reactions (cached counts consistent with the rows) and the demo members'
 * check-ins. Bulk inserts through jsonb_to_recordset keep it well under a second on PGlite.
 */
export async function seedFeed(db: Db, now: Date) {
  const random = createRandom(20261122);
  const behaviourRows = await db
    .insert(behaviours)
    .values(BEHAVIOURS.map((b, i) => ({ ...b, sort: i + 1 })))
    .returning({ id: behaviours.id, name: behaviours.name });
  await db.insert(banners).values(BANNERS.map((b, i) => ({ ...b, sort: i + 1 })));
  await db.insert(newsEntries).values(NEWS.map((text, i) => ({ text, sort: i + 1 })));
  await db.insert(moodDescriptions).values(MOOD_DESCRIPTIONS);

  const members = await rows<SeedMember>(
    db,
    sql`select m.id, m.first_name as "firstName", m.unit, m.country, m.is_manager as "isManager", m.manager_id as "managerId", (m.email like '%@example.com') as demo
        from members m join credentials c on c.member_id = m.id where m.active order by m.id`,
  );
  if (members.length < 2) return;

  const { kudos, reactions } = buildKudos(random, now, members, behaviourRows);
  const inserted = await rows<{ id: number | string }>(
    db,
    sql`
      insert into kudos (kind, from_member_id, to_member_id, behaviour_id, message, points,
                         like_count, cheer_count, support_count, created_at)
      select kind, from_member_id, to_member_id, behaviour_id, message, points,
             like_count, cheer_count, support_count, created_at
      from jsonb_to_recordset(${JSON.stringify(kudos)}::jsonb) as x(
        i int, kind text, from_member_id int, to_member_id int, behaviour_id int, message text, points int,
        like_count int, cheer_count int, support_count int, created_at timestamptz)
      order by i
      returning id`,
  );
  // Ids are drawn in the order of the select, which is the order of `kudos` (oldest first).
  const ids = inserted.map((r) => Number(r.id)).sort((a, b) => a - b);
  const reactionRows = reactions.map((r) => ({ ...r, kudos_id: ids[r.kudos_index] }));
  await db.execute(sql`
    insert into kudos_reactions (kudos_id, kind, member_id, created_at)
    select kudos_id, kind, member_id, created_at
    from jsonb_to_recordset(${JSON.stringify(reactionRows)}::jsonb) as x(
      kudos_id bigint, kind smallint, member_id int, created_at timestamptz)`);

  const moods = buildMoods(random, now, members);
  if (moods.length > 0) await db.insert(moodCheckins).values(moods);
}
