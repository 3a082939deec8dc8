import { sql, type SQL } from 'drizzle-orm';
import type { Nomination } from '@ovation/shared/schemas/awards';
import type { Db } from '../../db/db.ts';
import type { AwardLevel } from '../../db/schema/awards.ts';
import { queryRows } from '../../db/sql-rows.ts';

type Raw = Record<string, unknown>;

/**
 * Nominations with everything a screen shows of them, in one statement: `where` picks them
 * (over `n`, award_nominations), newest first. `extra` adds columns an approver's queue needs.
 */
function nominationsSql(where: SQL, limit: number, extra: SQL = sql``): SQL {
  return sql`
    select n.id, n.programme_id, p.name as programme_name, p.levels, n.level_key, n.points, n.reason, n.status,
           n.step, jsonb_array_length(n.chain) as steps, n.reciprocal, n.created_at, n.step_started_at,
           n.nominator_id, fm.first_name || ' ' || fm.surname as nominator_name,
           n.nominee_id, tm.first_name || ' ' || tm.surname as nominee_name, coalesce(d.name, '') as division,
           b.name as behaviour,
           (select coalesce(jsonb_agg(jsonb_build_object('action', e.action,
                     'by', coalesce(am.first_name || ' ' || am.surname, ''), 'at', e.created_at,
                     'fromLevel', e.from_level, 'toLevel', e.to_level, 'reason', e.reason) order by e.id), '[]')
            from award_nomination_events e left join members am on am.id = e.actor_member_id
            where e.nomination_id = n.id) as history
           ${extra}
    -- The page is chosen first, so the per-row reads (history, the queue's extras) run for its rows only.
    from (select n.* from award_nominations n where ${where} order by n.id desc limit ${limit}) n
    join award_programmes p on p.id = n.programme_id
    join members fm on fm.id = n.nominator_id
    join members tm on tm.id = n.nominee_id
    left join divisions d on d.id = tm.division_id
    left join behaviours b on b.id = n.behaviour_id
    order by n.id desc`;
}

const levelOf = (levels: AwardLevel[], key: string, points: number): AwardLevel => {
  const level = levels.find((l) => l.key === key);
  return level ? { ...level, points } : { key, name: key, points };
};

export function presentNomination(r: Raw): Nomination {
  const levels = r.levels as AwardLevel[];
  const history = r.history as Array<Record<string, unknown>>;
  const levelName = (key: unknown) => (key == null ? null : (levels.find((l) => l.key === key)?.name ?? String(key)));
  return {
    id: Number(r.id),
    programme: { id: Number(r.programme_id), name: String(r.programme_name) },
    nominator: { id: Number(r.nominator_id), name: String(r.nominator_name) },
    nominee: { id: Number(r.nominee_id), name: String(r.nominee_name), division: String(r.division) },
    level: levelOf(levels, String(r.level_key), Number(r.points)),
    reason: String(r.reason),
    behaviour: r.behaviour == null ? null : String(r.behaviour),
    status: r.status as Nomination['status'],
    step: Number(r.step) + 1,
    steps: Number(r.steps),
    reciprocal: r.reciprocal === true,
    createdAt: new Date(String(r.created_at)).toISOString(),
    history: history.map((e) => ({
      action: String(e.action),
      by: String(e.by),
      at: new Date(String(e.at)).toISOString(),
      fromLevel: levelName(e.fromLevel),
      toLevel: levelName(e.toLevel),
      reason: String(e.reason ?? ''),
    })),
  };
}

/**
 * The approver's queue: pending nominations whose current step names them, or an approver who
 * delegated to them until today or later; oldest waiting last. The GIN index on `chain` finds the
 * ones that name them at any step; the step is checked on those few.
 */
export async function approvalQueue(db: Db, approverId: number, before: number | undefined, limit: number) {
  // Whom the approver acts for: themself, and whoever delegated to them until today or later. One
  // indexable containment test each (ORed, so the GIN index answers every one): an EXISTS over the
  // delegates inside the OR made PostgreSQL test every pending nomination instead.
  const delegators = await queryRows<{ approver_id: number }>(
    db,
    sql`select approver_id from award_delegates where delegate_id = ${approverId} and until >= current_date`,
  );
  const actsFor = [approverId, ...delegators.map((d) => Number(d.approver_id))];
  const atTheirStep = sql.join(
    actsFor.map(
      (id) => sql`(n.chain @> ${JSON.stringify([[id]])}::jsonb and n.chain -> n.step @> to_jsonb(${id}::int))`,
    ),
    sql` or `,
  );
  const rows = await queryRows<Raw>(
    db,
    nominationsSql(
      sql`n.status = 'pending' ${before ? sql`and n.id < ${before}` : sql``} and (${atTheirStep})`,
      limit + 1,
      sql`, (select count(*) from kudos k where k.to_member_id = n.nominee_id
                 and k.created_at > now() - interval '1 year')::int as recent,
           (select a.balance from ledger_accounts a where a.member_id is null
                 and a.kind = 'award_budget:' || n.programme_id) as budget_available,
           floor(extract(epoch from now() - n.step_started_at) / 3600)::int as waiting_hours`,
    ),
  );
  const page = rows.slice(0, limit);
  return {
    items: page.map((r) => ({
      nomination: presentNomination(r),
      recentRecognition: Number(r.recent),
      budgetAvailable: Number(r.budget_available),
      waitingHours: Number(r.waiting_hours),
      levels: r.levels as AwardLevel[],
    })),
    nextBefore: rows.length > limit ? Number(page[page.length - 1]!.id) : null,
  };
}

/** What the member nominated and what they were nominated for (their latest 100 each). */
export async function myNominations(db: Db, memberId: number) {
  const [sent, received] = await Promise.all([
    queryRows<Raw>(db, nominationsSql(sql`n.nominator_id = ${memberId}`, 100)),
    // A nominee sees only awards decided in their favour: a pending or declined one stays private.
    queryRows<Raw>(db, nominationsSql(sql`n.nominee_id = ${memberId} and n.status = 'approved'`, 100)),
  ]);
  return { sent: sent.map(presentNomination), received: received.map(presentNomination) };
}

/** One nomination, for those who may see it: its nominator, its approvers, those who run programmes. */
export async function findNomination(db: Db, id: number): Promise<(Nomination & { chain: number[][] }) | undefined> {
  const [row] = await queryRows<Raw>(db, nominationsSql(sql`n.id = ${id}`, 1, sql`, n.chain`));
  return row ? { ...presentNomination(row), chain: row.chain as number[][] } : undefined;
}
