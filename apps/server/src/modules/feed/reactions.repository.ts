import { sql } from 'drizzle-orm';
import { REACTIONS, type ReactionNum } from '@ovation/shared/vocabulary';
import type { Db } from '../../db/db.ts';
import { queryRows } from '../../db/sql-rows.ts';

/** The cached count column of each reaction kind. */
const COUNT_COLUMNS: Record<ReactionNum, string> = {
  [REACTIONS.like]: 'like_count',
  [REACTIONS.cheer]: 'cheer_count',
  [REACTIONS.support]: 'support_count',
};
export type ReactionKind = ReactionNum;

/**
 * Adds the member's reaction and bumps the cached count, in one statement (so atomically):
 * the primary key (kudos_id, kind, member_id) makes a repeat — even a concurrent one — insert
 * nothing, and the count moves only when a row was inserted. True when something changed.
 */
export async function addReaction(db: Db, kudosId: number, kind: ReactionKind, memberId: number) {
  const column = sql.identifier(COUNT_COLUMNS[kind]);
  const rows = await queryRows<{ id: unknown }>(
    db,
    sql`
      with added as (
        insert into kudos_reactions (kudos_id, kind, member_id)
        select k.id, ${kind}, ${memberId} from kudos k where k.id = ${kudosId}
        on conflict do nothing
        returning kudos_id)
      update kudos set ${column} = ${column} + 1
      where id in (select kudos_id from added)
      returning id`,
  );
  return rows.length > 0;
}

/** Withdraws the member's reaction; the count drops only when a row was deleted. */
export async function removeReaction(db: Db, kudosId: number, kind: ReactionKind, memberId: number) {
  const column = sql.identifier(COUNT_COLUMNS[kind]);
  const rows = await queryRows<{ id: unknown }>(
    db,
    sql`
      with removed as (
        delete from kudos_reactions
        where kudos_id = ${kudosId} and kind = ${kind} and member_id = ${memberId}
        returning kudos_id)
      update kudos set ${column} = ${column} - 1
      where id in (select kudos_id from removed)
      returning id`,
  );
  return rows.length > 0;
}
