import { and, eq, sql, type SQL } from 'drizzle-orm';
import { KUDOS_PAGE_SIZE, type KudosItem } from '@ovation/shared/schemas/feed';
import { HIGH_FIVE_LABEL, KUDOS_KIND_LABELS, REACTIONS } from '@ovation/shared/vocabulary';
import type { Db } from '../../db/db.ts';
import { kudosReactions } from '../../db/schema/index.ts';
import { preparedPerDb } from '../../db/prepared.ts';
import { queryRows, toNumber } from '../../db/sql-rows.ts';
import { REACTORS_HELD_MAX, toItemReactors, type ItemReactors } from './item-reactors.ts';

/** At most this many names per reaction kind; the counts carry the totals. */
export const REACTED_NAMES_LIMIT = 25;

/**
 * A Kudos item as the query returns it (bigint ids may arrive as strings). `mins` is derived
 * from `createdAtMs` when presented, so a cached row stays right as time passes. `reactors`
 * (never sent) says who reacted, for the viewers' own flags on shared rows; undefined when the
 * item has more reactions than are held (REACTORS_HELD_MAX) or the row was made without them.
 */
export type KudosRow = Omit<KudosItem, 'messageLogId' | 'mins'> & {
  messageLogId: number | string;
  createdAtMs: number | string;
  reactors?: ItemReactors;
};

/** A row as the statement gives it: the reactors as two arrays, sorted by member. */
type ReadRow = Omit<KudosRow, 'reactors'> & { reactorMembers?: unknown[] | null; reactorKinds?: unknown[] | null };

function withReactors({ reactorMembers, reactorKinds, ...row }: ReadRow): KudosRow {
  const total = toNumber(row.likeCount) + toNumber(row.cheerCount) + toNumber(row.supportCount);
  return { ...row, reactors: toItemReactors(total, reactorMembers, reactorKinds) };
}

export interface KudosPage {
  rows: KudosRow[];
  hasMore: boolean;
}

/**
 * Whether the viewer reacted: a primary-key probe, skipped when nobody reacted at all. Without
 * a viewer (shared, cacheable pages) the flags are false; `findViewerFlags` reads them apart.
 */
const viewerReacted = (kind: number, count: SQL, viewerId: number | null) =>
  viewerId === null
    ? sql`false`
    : sql`
  (${count} > 0 and exists (
    select 1 from kudos_reactions r where r.kudos_id = k.id and r.kind = ${kind} and r.member_id = ${viewerId}))`;

/** The newest names of a kind as a JSON string: a backward scan of kudos_reactions_recent_idx. */
const reactedNames = (kind: number, count: SQL) => sql`
  case when ${count} = 0 then '[]' else (
    select coalesce(jsonb_agg(jsonb_build_object('FullName', m.first_name || ' ' || m.surname)
                              order by r.created_at desc, r.member_id desc), '[]'::jsonb)::text
    from (select r.member_id, r.created_at from kudos_reactions r
          where r.kudos_id = k.id and r.kind = ${kind}
          order by r.created_at desc, r.member_id desc limit ${REACTED_NAMES_LIMIT}) r
    join members m on m.id = r.member_id) end`;

// Labels are literals in the statement (spec §3: f3 is 'High Five' when there is no behaviour).
const HIGH_FIVE = sql.raw(`'${HIGH_FIVE_LABEL}'`);
const PAY_IT_FORWARD = sql.raw(`'${KUDOS_KIND_LABELS.payitforward}'`);
const AWARD = sql.raw(`'${KUDOS_KIND_LABELS.award}'`);

/**
 * Kudos items for one viewer, in one statement: `picked` chooses the kudos rows (an index
 * range on the primary key with a limit), then per row: primary-key joins for names and
 * behaviour, PK probes for the viewer's flags, limited index scans for reacted names, and
 * who reacted (an index-only range of the primary key, skipped beyond REACTORS_HELD_MAX), read
 * in the same snapshot as the counts so the two always agree.
 */
function itemsQuery(viewerId: number | null, picked: SQL): SQL {
  return sql`
    select k.id as "messageLogId", k.to_member_id as "toMemberId",
      tm.first_name || ' ' || tm.surname as "memberName",
      fm.first_name || ' ' || fm.surname as "fromMemberName",
      case k.kind when 'payitforward' then ${PAY_IT_FORWARD} when 'high5' then ${HIGH_FIVE}
        when 'award' then coalesce(k.label, ${AWARD})
        else coalesce(nullif(b.name, ''), ${HIGH_FIVE}) end as "f3",
      k.message as "message",
      k.like_count as "likeCount", k.cheer_count as "cheerCount", k.support_count as "supportCount",
      ${viewerReacted(REACTIONS.like, sql`k.like_count`, viewerId)} as "userLiked",
      ${viewerReacted(REACTIONS.cheer, sql`k.cheer_count`, viewerId)} as "userCheered",
      ${viewerReacted(REACTIONS.support, sql`k.support_count`, viewerId)} as "userSupported",
      ${reactedNames(REACTIONS.like, sql`k.like_count`)} as "reactedUserLiked",
      ${reactedNames(REACTIONS.cheer, sql`k.cheer_count`)} as "reactedUserCheered",
      ${reactedNames(REACTIONS.support, sql`k.support_count`)} as "reactedUserSupported",
      (extract(epoch from k.created_at) * 1000)::float8 as "createdAtMs",
      rx."reactorMembers", rx."reactorKinds"
    from (${picked}) k
    left join lateral (
      select array_agg(r.member_id order by r.member_id, r.kind) as "reactorMembers",
        array_agg(r.kind order by r.member_id, r.kind) as "reactorKinds"
      from kudos_reactions r
      where r.kudos_id = k.id and k.like_count + k.cheer_count + k.support_count between 1 and ${REACTORS_HELD_MAX}
    ) rx on true
    join members tm on tm.id = k.to_member_id
    join members fm on fm.id = k.from_member_id
    left join behaviours b on b.id = k.behaviour_id
    order by k.id desc`;
}

/**
 * One page, newest first. With an anchor (the first id of page 1) later pages count from it,
 * so items posted meanwhile do not shift them. Reads one row more than a page for hasMore.
 */
export async function findKudosPage(
  db: Db,
  viewerId: number | null,
  page: number,
  anchor?: number,
  size = KUDOS_PAGE_SIZE,
): Promise<KudosPage> {
  const where = anchor === undefined ? sql`` : sql`where id <= ${anchor}`;
  const picked = sql`select * from kudos ${where} order by id desc limit ${size + 1} offset ${(page - 1) * size}`;
  const rows = await queryRows<ReadRow>(db, itemsQuery(viewerId, picked));
  return { rows: rows.slice(0, size).map(withReactors), hasMore: rows.length > size };
}

export async function findKudosItem(db: Db, viewerId: number | null, kudosId: number): Promise<KudosRow | undefined> {
  const [row] = await queryRows<ReadRow>(db, itemsQuery(viewerId, sql`select * from kudos where id = ${kudosId}`));
  return row && withReactors(row);
}

const viewerReactionsQuery = preparedPerDb((db) =>
  db
    .select({ kudosId: kudosReactions.kudosId, kind: kudosReactions.kind })
    .from(kudosReactions)
    .where(
      and(
        eq(kudosReactions.memberId, sql.placeholder('viewerId')),
        sql`${kudosReactions.kudosId} = any(${sql.placeholder('kudosIds')}::bigint[])`,
      ),
    )
    .prepare('viewer_reactions'),
);

/** The (kudos id, kind) pairs the viewer reacted with among these items: one index range scan. */
export async function findViewerReactions(db: Db, viewerId: number, kudosIds: number[]) {
  if (kudosIds.length === 0) return [];
  return viewerReactionsQuery(db).execute({ viewerId, kudosIds });
}
