import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { kudos } from '../../db/schema/index.ts';
import type { NewNotification } from '../notifications/notifications.repository.ts';

export type NewKudos = typeof kudos.$inferInsert;

/** The bell each recipient gets with their item (its message_log_id is the item's id). */
export type KudosNotification = Pick<NewNotification, 'kind' | 'actorMemberId' | 'points'>;

/**
 * Kudos Thread items (one per recipient) and each recipient's notification, written in the
 * send's own transaction in ONE statement (a data-modifying CTE: the notification takes the id
 * of the item inserted for its member). Returns the items' ids, ascending.
 */
export async function insertKudos(db: Db, rows: NewKudos[], notification: KudosNotification): Promise<number[]> {
  const payload = rows.map((r) => ({
    kind: r.kind,
    from_member_id: r.fromMemberId,
    to_member_id: r.toMemberId,
    behaviour_id: r.behaviourId ?? null,
    message: r.message,
    points: r.points ?? 0,
    ledger_transaction_id: r.ledgerTransactionId ?? null,
  }));
  const result = (await db.execute(sql`
    with k as (
      insert into kudos (kind, from_member_id, to_member_id, behaviour_id, message, points, ledger_transaction_id)
      select r.kind, r.from_member_id, r.to_member_id, r.behaviour_id, r.message, r.points, r.ledger_transaction_id
      from jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) as r(kind text, from_member_id int, to_member_id int,
        behaviour_id int, message text, points int, ledger_transaction_id bigint)
      returning id, to_member_id
    ), n as (
      insert into notifications (member_id, kind, actor_member_id, message_log_id, points)
      select k.to_member_id, ${notification.kind}, ${notification.actorMemberId ?? null}::int, k.id, ${notification.points ?? 0}::int
      from k
    )
    select id from k order by id`)) as unknown as { rows: { id: string | number }[] };
  return result.rows.map((r) => Number(r.id));
}
