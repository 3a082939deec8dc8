import { sql } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { queryRows } from '../../db/sql-rows.ts';
import { fieldError } from '../../lib/app-errors.ts';

export interface Delegation {
  delegate: { id: number; name: string } | null;
  until: string | null;
}

/** Whom the approver delegated their approvals to, while it lasts. */
export async function readDelegation(db: Db, approverId: number): Promise<Delegation> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select d.delegate_id, m.first_name || ' ' || m.surname as name, d.until::text as until
        from award_delegates d join members m on m.id = d.delegate_id
        where d.approver_id = ${approverId} and d.until >= current_date`,
  );
  return row
    ? { delegate: { id: Number(row.delegate_id), name: String(row.name) }, until: String(row.until) }
    : { delegate: null, until: null };
}

/**
 * An approver who is away names a colleague who may act on their steps until a day (at most a
 * year ahead); `delegateId` null ends it.
 */
export async function setDelegation(
  db: Db,
  approverId: number,
  input: { delegateId: number | null; until?: string | undefined },
): Promise<Delegation> {
  if (input.delegateId === null) {
    await db.execute(sql`delete from award_delegates where approver_id = ${approverId}`);
    return { delegate: null, until: null };
  }
  if (input.delegateId === approverId) throw fieldError('delegateId', 'Choose a colleague other than yourself');
  const today = new Date().toISOString().slice(0, 10);
  const yearOn = new Date(Date.now() + 366 * 86_400_000).toISOString().slice(0, 10);
  if (!input.until) throw fieldError('until', 'Say until when');
  if (input.until < today || input.until > yearOn) throw fieldError('until', 'Choose a day from today to a year ahead');
  const [active] = await queryRows<{ id: unknown }>(
    db,
    sql`select id from members where id = ${input.delegateId} and active`,
  );
  if (!active) throw fieldError('delegateId', 'Choose a colleague who is still with the firm');
  await db.execute(
    sql`insert into award_delegates (approver_id, delegate_id, until) values (${approverId}, ${input.delegateId}, ${input.until})
        on conflict (approver_id) do update set delegate_id = excluded.delegate_id, until = excluded.until, created_at = now()`,
  );
  return readDelegation(db, approverId);
}
