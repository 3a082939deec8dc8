import { sql } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { queryRows } from '../../db/sql-rows.ts';
import { mailPeople, type MailPerson } from './award-mails.ts';
import { findProgramme, type Programme } from './programmes.repository.ts';

/**
 * What a decision on a nomination needs to know before its transaction: the programme, and the
 * people it may tell. What can change meanwhile (status, step, level) is read again, locked, in
 * the transaction.
 */
export interface NominationBrief {
  id: number;
  programme: Programme;
  nominatorId: number;
  nomineeId: number;
  behaviourId: number | null;
  reason: string;
  chain: number[][];
  people: Map<number, MailPerson>;
}

export async function nominationBrief(db: Db, id: number): Promise<NominationBrief | undefined> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select n.programme_id, n.nominator_id, n.nominee_id, n.behaviour_id, n.reason, n.chain, m.manager_id
        from award_nominations n join members m on m.id = n.nominee_id where n.id = ${id}`,
  );
  if (!row) return undefined;
  const chain = row.chain as number[][];
  const ids = [Number(row.nominator_id), Number(row.nominee_id), ...chain.flat()];
  if (row.manager_id != null) ids.push(Number(row.manager_id));
  const [programme, people] = await Promise.all([findProgramme(db, Number(row.programme_id)), mailPeople(db, ids)]);
  return {
    id,
    programme: programme!,
    nominatorId: Number(row.nominator_id),
    nomineeId: Number(row.nominee_id),
    behaviourId: row.behaviour_id == null ? null : Number(row.behaviour_id),
    reason: String(row.reason),
    chain,
    people,
  };
}

/** The programme and level as members read it: "Star Awards · Gold". */
export const awardLabel = (programme: Programme, levelKey: string) =>
  `${programme.name} · ${programme.levels.find((l) => l.key === levelKey)?.name ?? levelKey}`;
