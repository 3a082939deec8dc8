import { sql } from 'drizzle-orm';
import type { Statement } from '../../db/statement.ts';
import type { kudos } from '../../db/schema/index.ts';
import type { NewNotification } from '../bell/bell.repository.ts';

/** A Kudos Thread item to write; `posted` items name the send's ledger posting (its first transaction). */
export type NewKudos = Omit<typeof kudos.$inferInsert, 'ledgerTransactionId'> & { posted: boolean };

/** The bell each recipient gets with their item (its message_log_id is the item's id). */
export type KudosNotification = Pick<NewNotification, 'kind' | 'actorMemberId' | 'points'>;

/**
 * Kudos Thread items (one per recipient) and each recipient's notification, written in the
 * send's own transaction in ONE statement (a data-modifying CTE: the notification takes the id
 * of the item inserted for its member). Posted items name the transaction id the send's ledger
 * call will take: `ledger_next_id()` reserves it (once per statement) and that call, sent next in
 * the same write, uses it for its first transaction — so the items go in ahead of the posting and
 * its locks (decisions 0049, 0092). Reads the items' ids, ascending; a later statement of the
 * transaction reads them as `json` (decision 0052).
 */
export function kudosStatement(rows: NewKudos[], notification: KudosNotification): Statement<number[]> {
  const payload = rows.map((r) => ({
    kind: r.kind,
    from_member_id: r.fromMemberId,
    to_member_id: r.toMemberId,
    behaviour_id: r.behaviourId ?? null,
    message: r.message,
    points: r.points ?? 0,
    posted: r.posted,
  }));
  // Reserved only when some item is posted: a reservation no ledger call takes would be given to
  // the next one of the transaction.
  const posted = rows.some((r) => r.posted);
  const posting = posted ? sql`ledger_next_id()` : sql`null::bigint`;
  return {
    sql: sql`
      with p as materialized (select ${posting} as transaction_id), k as (
        insert into kudos (kind, from_member_id, to_member_id, behaviour_id, message, points, ledger_transaction_id)
        select r.kind, r.from_member_id, r.to_member_id, r.behaviour_id, r.message, r.points,
               case when r.posted then p.transaction_id end
        from p, jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) as r(kind text, from_member_id int, to_member_id int,
          behaviour_id int, message text, points int, posted boolean)
        returning id, to_member_id
      ), n as (
        insert into notifications (member_id, kind, actor_member_id, message_log_id, points)
        select k.to_member_id, ${notification.kind}::text, ${notification.actorMemberId ?? null}::int, k.id,
               ${notification.points ?? 0}::int
        from k
      )
      select x.ids, set_config('ovation.kudos_ids', to_jsonb(x.ids)::text, true)
      from (select coalesce(array_agg(id order by id), '{}') as ids from k) x`,
    // One prepared statement per text (a name must always stand for the same statement).
    name: posted ? 'kudos_insert_posted' : 'kudos_insert',
    read: (result) => (result[0]!.ids as (number | string)[]).map(Number),
    json: sql`current_setting('ovation.kudos_ids')::jsonb`,
  };
}
