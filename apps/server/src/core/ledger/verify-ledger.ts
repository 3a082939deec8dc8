import { sql } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';

export interface LedgerFinding {
  check: string;
  detail: string;
}

type Row = Record<string, unknown>;
async function rows(db: Db, query: ReturnType<typeof sql>): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/**
 * The ledger's invariants on a live database: every transaction sums to zero (and has two or
 * more entries), every cached balance equals the sum of its entries, no member balance is negative,
 * and award programmes' held accounts match their pending nominations, each decided one settled once.
 */
export async function verifyLedger(db: Db, limit = 50): Promise<{ findings: LedgerFinding[]; stats: Row }> {
  const findings: LedgerFinding[] = [];
  for (const r of await rows(
    db,
    sql`select t.id, coalesce(sum(e.amount), 0)::text as total, count(e.id)::int as entries
        from ledger_transactions t left join ledger_entries e on e.transaction_id = t.id
        group by t.id having coalesce(sum(e.amount), 0) <> 0 or count(e.id) < 2
        order by t.id limit ${limit}`,
  )) {
    findings.push({
      check: 'transaction sums to zero',
      detail: `transaction ${r.id}: sum ${r.total}, ${r.entries} entries`,
    });
  }
  for (const r of await rows(
    db,
    sql`select a.id, a.kind, a.member_id, a.balance::text as balance, coalesce(s.total, 0)::text as entries
        from ledger_accounts a
        left join (select account_id, sum(amount) as total from ledger_entries group by account_id) s on s.account_id = a.id
        where a.balance <> coalesce(s.total, 0) order by a.id limit ${limit}`,
  )) {
    findings.push({
      check: 'cached balance equals entries',
      detail: `account ${r.id} (${r.kind}, member ${r.member_id ?? 'system'}): cached ${r.balance}, entries ${r.entries}`,
    });
  }
  for (const r of await rows(
    db,
    sql`select id, kind, member_id, balance::text as balance from ledger_accounts
        where member_id is not null and balance < 0 order by id limit ${limit}`,
  )) {
    findings.push({
      check: 'member balance not negative',
      detail: `account ${r.id} (${r.kind}, member ${r.member_id}): ${r.balance}`,
    });
  }
  // Award programmes (decision 0107): each held account holds exactly what its pending
  // nominations hold, and every decided nomination was settled once (paid or released).
  for (const r of await rows(
    db,
    sql`select p.id, h.balance::text as held, coalesce(n.total, 0)::text as pending
        from award_programmes p
        join ledger_accounts h on h.member_id is null and h.kind = 'award_held:' || p.id
        left join (select programme_id, sum(points) as total from award_nominations where status = 'pending'
                   group by programme_id) n on n.programme_id = p.id
        where h.balance <> coalesce(n.total, 0) order by p.id limit ${limit}`,
  )) {
    findings.push({
      check: 'award held equals pending nominations',
      detail: `programme ${r.id}: held ${r.held}, pending nominations ${r.pending}`,
    });
  }
  for (const r of await rows(
    db,
    sql`select n.id, n.status from award_nominations n
        left join ledger_transactions t on t.id = n.settled_transaction_id
        where (n.status = 'pending') <> (n.settled_transaction_id is null)
           or (n.status = 'approved' and t.kind is distinct from 'award_payment')
           or (n.status in ('declined', 'withdrawn') and t.kind is distinct from 'award_release')
        order by n.id limit ${limit}`,
  )) {
    findings.push({
      check: 'award nomination settled once',
      detail: `nomination ${r.id} (${r.status}): its settling transaction is missing or of the wrong kind`,
    });
  }
  for (const r of await rows(
    db,
    sql`select id, kind, balance::text as balance from ledger_accounts
        where member_id is null and kind like 'award\\_%' and balance < 0 order by id limit ${limit}`,
  )) {
    findings.push({ check: 'award account not negative', detail: `account ${r.id} (${r.kind}): ${r.balance}` });
  }
  // Service milestones (decision 0108): a posted points award was paid once, its points exactly.
  for (const r of await rows(
    db,
    sql`select sm.id from service_milestones sm
        left join ledger_transactions t on t.id = sm.transaction_id
        left join lateral (select sum(e.amount) as credited from ledger_entries e join ledger_accounts a
                           on a.id = e.account_id and a.member_id = sm.member_id and a.kind = 'points'
                           where e.transaction_id = sm.transaction_id) c on true
        where sm.posted_at is not null and sm.form = 'points' and sm.points > 0
          and (t.kind is distinct from 'service_award' or c.credited is distinct from sm.points)
        order by sm.id limit ${limit}`,
  )) {
    findings.push({
      check: 'service milestone paid once',
      detail: `milestone ${r.id}: its transaction is missing, of the wrong kind or for other points`,
    });
  }
  const [stats] = await rows(
    db,
    sql`select (select count(*) from ledger_transactions)::int as transactions,
               (select count(*) from ledger_entries)::int as entries,
               (select count(*) from ledger_accounts)::int as accounts,
               (select coalesce(sum(amount), 0) from ledger_entries)::text as "sumOfAllEntries"`,
  );
  return { findings, stats: stats ?? {} };
}
