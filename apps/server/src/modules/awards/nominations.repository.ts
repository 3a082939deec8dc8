import { sql } from 'drizzle-orm';
import type { AwardStatus } from '@ovation/shared/schemas/awards';
import type { Db } from '../../db/db.ts';
import { queryRows } from '../../db/sql-rows.ts';
import type { Statement } from '../../db/statement.ts';

/** A nomination to write: one row per nominee, its hold the posting of the same index. */
export interface NewNomination {
  programmeId: number;
  nominatorId: number;
  nomineeId: number;
  levelKey: string;
  points: number;
  reason: string;
  behaviourId: number | null;
  chain: number[][];
  reciprocal: boolean;
}

/**
 * The nominations, their 'submitted' events and the first approvers' bells, in one statement
 * sent after the holds' posting: nomination n names the posting's n-th transaction as its hold.
 * Reads the nominations' ids in the order given.
 */
export function insertNominationsStatement(rows: NewNomination[]): Statement<number[]> {
  const payload = rows.map((r, i) => ({
    n: i + 1,
    programme_id: r.programmeId,
    nominator_id: r.nominatorId,
    nominee_id: r.nomineeId,
    level_key: r.levelKey,
    points: r.points,
    reason: r.reason,
    behaviour_id: r.behaviourId,
    chain: r.chain,
    reciprocal: r.reciprocal,
  }));
  return {
    sql: sql`
      with r as materialized (
        select * from jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) as r(n int, programme_id int,
          nominator_id int, nominee_id int, level_key text, points int, reason text, behaviour_id int,
          chain jsonb, reciprocal boolean)
      ), ins as (
        insert into award_nominations (programme_id, nominator_id, nominee_id, level_key, points, reason, behaviour_id,
          chain, reciprocal, hold_transaction_id)
        select r.programme_id, r.nominator_id, r.nominee_id, r.level_key, r.points, r.reason, r.behaviour_id, r.chain,
               r.reciprocal, (ledger_posted_ids())[r.n]
        from r order by r.n
        returning id, nominator_id, nominee_id, chain
      ), ev as (
        insert into award_nomination_events (nomination_id, actor_member_id, action, step, to_level)
        select ins.id, ins.nominator_id, 'submitted', 0, r.level_key
        from ins join r on r.nominee_id = ins.nominee_id
      ), bell as (
        insert into notifications (member_id, kind, actor_member_id, award_nomination_id)
        select a.approver::int, 'award_to_approve', ins.nominator_id, ins.id
        from ins, jsonb_array_elements_text(ins.chain -> 0) as a(approver)
      )
      select coalesce(array_agg(ins.id order by r.n), '{}') as ids from ins join r on r.nominee_id = ins.nominee_id`,
    name: 'award_nominations_insert',
    readsPosting: true,
    read: (result) => (result[0]!.ids as unknown[]).map(Number),
  };
}

/** A nomination as it stands, locked for the rest of the transaction. */
export interface LockedNomination {
  id: number;
  programmeId: number;
  nominatorId: number;
  nomineeId: number;
  levelKey: string;
  points: number;
  status: AwardStatus;
  chain: number[][];
  step: number;
}

/**
 * Locks the nomination's row (two approvers at once queue here; the second sees what the first
 * did) and reads it with whom the current step's approvers have delegated to today.
 */
export async function lockNomination(
  tx: Db,
  id: number,
): Promise<(LockedNomination & { delegates: number[] }) | undefined> {
  const [row] = await queryRows<Record<string, unknown>>(
    tx,
    sql`select n.id, n.programme_id, n.nominator_id, n.nominee_id, n.level_key, n.points, n.status, n.chain, n.step,
               coalesce((select array_agg(d.delegate_id) from award_delegates d
                 where d.until >= current_date
                   and d.approver_id in (select (jsonb_array_elements_text(n.chain -> n.step))::int)), '{}') as delegates
        from award_nominations n where n.id = ${id} for update of n`,
  );
  if (!row) return undefined;
  return {
    id: Number(row.id),
    programmeId: Number(row.programme_id),
    nominatorId: Number(row.nominator_id),
    nomineeId: Number(row.nominee_id),
    levelKey: String(row.level_key),
    points: Number(row.points),
    status: row.status as AwardStatus,
    chain: row.chain as number[][],
    step: Number(row.step),
    delegates: (row.delegates as unknown[]).map(Number),
  };
}

/** What a decision changes on the nomination, and the event that records it. */
export interface NominationChange {
  id: number;
  actorMemberId: number;
  action: 'approved' | 'declined' | 'withdrawn';
  /** The step acted on (0-based). */
  step: number;
  status: AwardStatus;
  nextStep: number;
  fromLevel: string;
  toLevel: string;
  points: number;
  reason: string;
  /** The posting that settled it (payment or release) is the transaction's `settledIndex`-th. */
  settledIndex: number | null;
  kudosId?: number | null;
}

/** Applies a decision: the row, its event (and a level change's), in the caller's transaction. */
export async function applyChange(tx: Db, change: NominationChange, postedIds: number[]): Promise<void> {
  const settled = change.settledIndex === null ? null : postedIds[change.settledIndex]!;
  const final = change.status !== 'pending';
  await tx.execute(sql`
    with upd as (
      update award_nominations set status = ${change.status}, step = ${change.nextStep},
        level_key = ${change.toLevel}, points = ${change.points},
        step_started_at = case when step <> ${change.nextStep}::int then now() else step_started_at end,
        nudges = case when step <> ${change.nextStep}::int then 0 else nudges end,
        settled_transaction_id = coalesce(${settled}::bigint, settled_transaction_id),
        kudos_id = coalesce(${change.kudosId ?? null}::bigint, kudos_id),
        decided_at = case when ${final}::boolean then now() else decided_at end
      where id = ${change.id} returning id)
    insert into award_nomination_events (nomination_id, actor_member_id, action, step, from_level, to_level, reason)
    select ${change.id}, ${change.actorMemberId}, e.action, ${change.step}, e.from_level, e.to_level, ${change.reason}
    from upd, (values
      ('level_changed', ${change.fromLevel}::text, ${change.toLevel}::text, ${change.fromLevel !== change.toLevel}::boolean),
      (${change.action}::text, null::text, null::text, true),
      ('paid', null::text, null::text, ${change.status === 'approved'}::boolean)
    ) as e(action, from_level, to_level, keep)
    where e.keep`);
}

/** The kudos item of an approved award, with its label, naming the payment posting. */
export async function insertAwardKudos(
  tx: Db,
  item: { fromMemberId: number; toMemberId: number; behaviourId: number | null; message: string; label: string },
  points: number,
  transactionId: number,
): Promise<number> {
  const [row] = await queryRows<{ id: unknown }>(
    tx,
    sql`insert into kudos (kind, from_member_id, to_member_id, behaviour_id, message, label, points, ledger_transaction_id)
        values ('award', ${item.fromMemberId}, ${item.toMemberId}, ${item.behaviourId}, ${item.message}, ${item.label},
                ${points}, ${transactionId}) returning id`,
  );
  return Number(row!.id);
}
