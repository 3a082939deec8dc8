import { sql } from 'drizzle-orm';
import type { LeaversSettings } from '@ovation/shared/schemas/integrations';
import type { Db } from '../../db/db.ts';
import { queryRows } from '../../db/sql-rows.ts';
import type { TransferSpec } from '../ledger/transfer.ts';

/**
 * What a member's leaving moves (issue 42, decision 0111): their points (kept, forfeited or paid
 * out, by the `leavers` setting), their team budget (to their manager), their team (to their
 * manager) and the nominations waiting for them (to who comes next). Every move is a ledger
 * posting or a recorded change, in the transaction that deactivates them.
 */

/** A member about to leave, locked with their two spendable accounts. */
export interface Leaver {
  id: number;
  employeeNumber: string;
  managerId: number | null;
  /** Who the change named to take over their team and team budget instead of their manager. */
  successorId?: number | null;
  points: number;
  teamBudget: number;
}

/**
 * The active members among these employee numbers, their rows and their points and team-budget
 * accounts locked (`for update`): a send from a leaver's account either commits before and the
 * leaving moves what is left, or waits and finds nothing there.
 */
export async function lockLeavers(
  tx: Db,
  employeeNumbers: string[],
  successors: Map<string, string> = new Map(),
): Promise<Leaver[]> {
  if (employeeNumbers.length === 0) return [];
  const named = JSON.stringify(Object.fromEntries(successors));
  const rows = await queryRows<{
    id: number;
    employeeNumber: string;
    managerId: number | null;
    successorId: number | null;
  }>(
    tx,
    sql`select m.id, m.employee_number as "employeeNumber", m.manager_id as "managerId",
          (select s.id from members s where s.active and s.employee_number = ${named}::jsonb ->> m.employee_number) as "successorId"
        from members m
        where m.active and m.employee_number in (select jsonb_array_elements_text(${JSON.stringify(employeeNumbers)}::jsonb))
        order by m.id for update of m`,
  );
  if (rows.length === 0) return [];
  const balances = await queryRows<{ memberId: number; kind: string; balance: string }>(
    tx,
    sql`select member_id as "memberId", kind, balance::text as balance from ledger_accounts
        where kind in ('points', 'team_budget')
          and member_id in (select jsonb_array_elements_text(${JSON.stringify(rows.map((r) => r.id))}::jsonb)::int)
        order by id for update`,
  );
  const of = (id: number, kind: string) =>
    Number(balances.find((b) => b.memberId === id && b.kind === kind)?.balance ?? 0);
  return rows.map((r) => ({ ...r, points: of(r.id, 'points'), teamBudget: of(r.id, 'team_budget') }));
}

/** The postings that leaving makes: points by the setting, the team budget to the manager (if staying). */
export function leaverPostings(
  leavers: Leaver[],
  setting: LeaversSettings,
  actorMemberId: number | undefined,
): TransferSpec[] {
  const leaving = new Set(leavers.map((l) => l.id));
  const postings: TransferSpec[] = [];
  for (const l of leavers) {
    if (l.points > 0 && setting.points !== 'keep') {
      const payout = setting.points === 'payout';
      postings.push({
        kind: payout ? 'leaver_payout' : 'leaver_forfeit',
        memo: payout ? 'Paid out on leaving' : 'Returned to the firm on leaving',
        actorMemberId,
        legs: [
          { member: { memberId: l.id, kind: 'points' }, amount: -l.points },
          { system: payout ? 'payouts' : 'issuance', amount: l.points },
        ],
      });
    }
    if (l.teamBudget > 0) {
      const next = l.successorId ?? l.managerId;
      const manager = next !== null && !leaving.has(next) ? next : null;
      postings.push({
        kind: 'team_budget_transfer',
        memo: manager ? 'Team budget of a manager who left' : 'Team budget of a manager who left, back to the firm',
        actorMemberId,
        legs: [
          {
            member: { memberId: l.id, kind: 'team_budget' },
            amount: -l.teamBudget,
            counterpartyMemberId: manager ?? undefined,
          },
          manager
            ? { member: { memberId: manager, kind: 'team_budget' }, amount: l.teamBudget, counterpartyMemberId: l.id }
            : { system: 'issuance', amount: l.teamBudget },
        ],
      });
    }
  }
  return postings;
}

/**
 * Who a leaver's work goes to: the successor the change named, else their manager; unless they
 * leave too (then theirs, and so on).
 */
function successorOf(leaver: Leaver, byId: Map<number, Leaver>): number | null {
  let next = leaver.successorId ?? leaver.managerId;
  const seen = new Set<number>([leaver.id]);
  while (next !== null && byId.has(next) && !seen.has(next)) {
    seen.add(next);
    const left = byId.get(next)!;
    next = left.successorId ?? left.managerId;
  }
  return next !== null && byId.has(next) ? null : next;
}

/**
 * After the members' rows are written: each leaver's team reports to the leaver's successor (the
 * one named, else the leaver's manager, who becomes a manager), the nominations waiting on them move on, and they are marked as left.
 * Returners (`returnerNumbers`, active again) are no longer marked.
 */
export async function moveLeaversOn(tx: Db, leavers: Leaver[], returnerNumbers: string[]) {
  if (returnerNumbers.length > 0) {
    await tx.execute(sql`update members set left_at = null
      where active and left_at is not null
        and employee_number in (select jsonb_array_elements_text(${JSON.stringify(returnerNumbers)}::jsonb))`);
  }
  if (leavers.length === 0) return;
  const byId = new Map(leavers.map((l) => [l.id, l]));
  const moves = leavers.map((l) => ({ l: l.id, s: successorOf(l, byId) }));
  const json = JSON.stringify(moves);
  await tx.execute(sql`update members set left_at = now()
    where id in (select (x->>'l')::int from jsonb_array_elements(${json}::jsonb) x)`);
  // Their team: only members who still report to them (the same change may have named others).
  await tx.execute(sql`update members m set manager_id = r.s, updated_at = now()
    from jsonb_to_recordset(${json}::jsonb) as r(l int, s int)
    where m.manager_id = r.l and m.active and m.id <> coalesce(r.s, 0)`);
  await tx.execute(sql`update members set is_manager = true, updated_at = now()
    where not is_manager and id in (select r.s from jsonb_to_recordset(${json}::jsonb) as r(l int, s int)
                                    where exists (select 1 from members t where t.manager_id = r.s))`);
  await reassignNominations(tx, byId, moves);
}

/**
 * Every waiting nomination whose chain names a leaver: the leaver leaves each step; a step left
 * empty goes to the leaver's successor (else to whoever made the programme), never to the nominee.
 * A current step that changed starts its service time again. Each is recorded as `reassigned`.
 */
async function reassignNominations(tx: Db, byId: Map<number, Leaver>, moves: { l: number; s: number | null }[]) {
  const ids = JSON.stringify([...byId.keys()]);
  const pending = await queryRows<{
    id: number;
    chain: number[][];
    step: number;
    nomineeId: number;
    createdBy: number | null;
  }>(
    tx,
    sql`select n.id, n.chain, n.step, n.nominee_id as "nomineeId", p.created_by as "createdBy"
        from award_nominations n join award_programmes p on p.id = n.programme_id
        where n.status = 'pending'
          and exists (select 1 from jsonb_array_elements(n.chain) s, jsonb_array_elements_text(s) a
                      where a::int in (select jsonb_array_elements_text(${ids}::jsonb)::int))
        order by n.id for update of n`,
  );
  const successor = new Map(moves.map((m) => [m.l, m.s]));
  for (const n of pending) {
    const chain = n.chain.map((approvers) => {
      const staying = approvers.filter((a) => !byId.has(a));
      if (staying.length > 0) return staying;
      const instead = approvers.map((a) => successor.get(a) ?? null).find((s) => s !== null && s !== n.nomineeId);
      const fallback =
        instead ?? (n.createdBy !== null && n.createdBy !== n.nomineeId && !byId.has(n.createdBy) ? n.createdBy : null);
      return fallback === null ? [] : [fallback];
    });
    const currentChanged = JSON.stringify(chain[n.step]) !== JSON.stringify(n.chain[n.step]);
    await tx.execute(sql`update award_nominations set chain = ${JSON.stringify(chain)}::jsonb,
        step_started_at = case when ${currentChanged} then now() else step_started_at end,
        nudges = case when ${currentChanged} then 0 else nudges end
      where id = ${n.id}`);
    await tx.execute(sql`insert into award_nomination_events (nomination_id, action, step, reason)
      values (${n.id}, 'reassigned', ${n.step}, 'An approver left the firm')`);
  }
}
