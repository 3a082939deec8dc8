import { sql } from 'drizzle-orm';
import type { Statement } from '../../db/statement.ts';

/** A behaviour members can still be recognised for, as a statement read with the send's others (decision 0049). */
export function activeBehaviourStatement(id: number): Statement<{ id: number; name: string } | undefined> {
  return {
    sql: sql`select id, name from behaviours where id = ${id}::int and active`,
    name: 'send_active_behaviour',
    read: (rows) => (rows[0] ? { id: Number(rows[0].id), name: String(rows[0].name) } : undefined),
  };
}
