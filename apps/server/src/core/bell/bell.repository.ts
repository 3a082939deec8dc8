import { sql } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { notifications } from '../../db/schema/index.ts';
import { queryRows, toNumber } from '../../db/sql-rows.ts';

/** The bell's writer: the notifications every kernel and feature adds (the bell's reads are the notifications feature's). */
export type NewNotification = typeof notifications.$inferInsert;

export async function insertNotifications(db: Db, rows: NewNotification[]) {
  if (rows.length > 0) await db.insert(notifications).values(rows);
}

/**
 * A new reaction's notice, in one statement (decision 0048): the bell row unless this member
 * was already told of this reaction to this item, and with it — unless the recipient is
 * inactive, has no address or turned reaction e-mails off — the e-mail in the outbox, its
 * subject and body written from `subject` and `body` (format() strings: the actor's name and
 * the verb; the recipient's first name, the actor's name, the verb and the kudos message).
 * Answers whether the member was told, and the outbox id of the e-mail, if any.
 */
export async function recordReactionNotice(
  db: Db,
  note: { recipientId: number; actorId: number; messageLogId: number; reaction: number },
  mail: { verb: string; subject: string; body: string },
): Promise<{ told: boolean; outboxId: number | null }> {
  const { recipientId, actorId, messageLogId, reaction } = note;
  const [row] = await queryRows<{ told: boolean; outboxId: unknown }>(
    db,
    sql`
      with told as (
        insert into notifications (member_id, kind, actor_member_id, message_log_id, reaction)
        select ${recipientId}, 'reaction', ${actorId}, ${messageLogId}, ${reaction}
        where not exists (
          select 1 from notifications n
          where n.member_id = ${recipientId} and n.kind = 'reaction' and n.actor_member_id = ${actorId}
            and n.message_log_id = ${messageLogId} and n.reaction = ${reaction})
        returning id),
      mailed as (
        insert into email_outbox (kind, to_address, subject, body_text)
        select 'reaction', m.email, format(${mail.subject}::text, a.first_name || ' ' || a.surname, ${mail.verb}::text),
          format(${mail.body}::text, m.first_name, a.first_name || ' ' || a.surname, ${mail.verb}::text, k.message)
        from kudos k
        join members m on m.id = k.to_member_id
        join members a on a.id = ${actorId}
        where k.id = ${messageLogId} and m.id = ${recipientId} and m.active and m.email <> ''
          and exists (select 1 from told)
          and not exists (select 1 from member_preferences p where p.member_id = m.id and not p.email_reaction)
        returning id)
      select exists (select 1 from told) as "told", (select id from mailed) as "outboxId"`,
  );
  return { told: row?.told === true, outboxId: row?.outboxId == null ? null : toNumber(row.outboxId) };
}
