import { sql, type SQL } from 'drizzle-orm';
import type { GetToKnowCard } from '@ovation/shared/schemas/feed';
import type { Db } from '../../db/db.ts';
import { queryRows } from '../../db/sql-rows.ts';
import { isRegistered } from '../../core/members/registered.ts';

const CARD_COLUMNS = sql`
  m.id as "memberId", m.first_name || ' ' || m.surname as "memberName", coalesce(d.name, '') as division,
  m.interests, m.aspirations as asperations, coalesce(m.pic_id, 'nopic') as "picId",
  ${isRegistered('m')} as "isRegistered"`;

/**
 * Search finds colleagues still with the firm, including those who have not claimed their
 * account yet (shown as 'Member Not Registered': no High Five until they register). Home's
 * Connect-with carousel shows only registered colleagues, whom it invites you to connect with.
 */
const ACTIVE = sql`m.active`;
const REGISTERED = sql`${ACTIVE} and ${isRegistered('m')}`;

const toCard = (row: GetToKnowCard): GetToKnowCard => ({
  ...row,
  memberId: Number(row.memberId),
  isRegistered: row.isRegistered === true,
});

/**
 * `count` registered colleagues with something to share, starting at a point of the id range
 * (`startFraction` in [0, 1)) and wrapping round: two short primary-key range scans instead of
 * ordering the whole firm at random.
 */
export async function findCardsFrom(db: Db, startFraction: number, count: number) {
  const filter = sql`${REGISTERED} and (m.interests <> '' or m.aspirations <> '')`;
  const branch = (part: number, range: SQL) => sql`
    (select ${part} as part, ${CARD_COLUMNS} from members m left join divisions d on d.id = m.division_id
     where ${range} and ${filter} order by m.id limit ${count})`;
  const rows = await queryRows<GetToKnowCard & { part: number }>(
    db,
    sql`
      with start as (select floor(coalesce(max(id), 0) * ${startFraction}::float8)::int as id from members)
      select * from (
        ${branch(0, sql`m.id >= (select id from start)`)}
        union all
        ${branch(1, sql`m.id < (select id from start)`)}) cards
      order by part, "memberId" limit ${count}`,
  );
  return rows.map(({ part: _part, ...card }) => toCard(card));
}

const likePattern = (query: string) => `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Active colleagues whose name, division, interests or aspirations contain the query, by name. */
export async function searchCards(db: Db, viewerId: number, query: string, limit: number, offset: number) {
  // lower() + like is several times cheaper than ilike for the same case-insensitive match.
  const pattern = likePattern(query.toLowerCase());
  const match = query
    ? sql`and (lower(m.first_name || ' ' || m.surname) like ${pattern} or lower(d.name) like ${pattern}
        or lower(m.interests) like ${pattern} or lower(m.aspirations) like ${pattern})`
    : sql``;
  const rows = await queryRows<GetToKnowCard>(
    db,
    sql`
      select ${CARD_COLUMNS} from members m left join divisions d on d.id = m.division_id
      where ${ACTIVE} and m.id <> ${viewerId} ${match}
      order by m.first_name, m.surname, m.id
      limit ${limit} offset ${offset}`,
  );
  return rows.map(toCard);
}
