import type { Db } from '../../db/db.ts';
import { audit } from '../../core/audit/audit-log.repository.ts';
import type { AuditContext } from '../../core/audit/audit-row.ts';
import { businessRule, conflict, notFound } from '../../lib/app-errors.ts';
import type { TransferSpec } from '../../core/ledger/transfer.ts';
import { runSend } from '../../core/sends/run-send.ts';
import type { SendDeps } from '../../core/sends/send-plan.ts';
import type { IdempotentAnswer } from '../../core/idempotency/idempotent-answer.ts';
import type { PointsRowData } from './upload-rows.ts';
import {
  findValidRows,
  linkRowTransactions,
  lockMemberAccounts,
  lockUpload,
  moveUploadStatus,
} from './uploads.repository.ts';

type Row = { rowNum: number; transactionId: number | null; data: PointsRowData & { memberId: number } };
const accountKind = (d: PointsRowData) => (d.account === 'team' ? 'team_budget' : 'points');

/** Names at most this many refused rows in the message (the rest are counted). */
const NAMED_ROWS = 20;

/**
 * POST /api/admin/uploads/{id}/reverse (report administrators): compensating ledger
 * transactions, one per applied row, back to the issuance account — never edits. Refused as a
 * whole, naming the rows, when a member no longer holds the points their rows gave them.
 */
export async function reverseUpload(
  deps: SendDeps,
  answer: IdempotentAnswer<{ uploadId: number; status: 'reversed' }>,
  context: AuditContext & { actor: { kind: 'member'; memberId: number } },
  uploadId: number,
) {
  const actorMemberId = context.actor.memberId;
  return runSend(deps, answer, {
    actorMemberId,
    checks: {
      rows: async (tx) => {
        const upload = await lockUpload(tx, uploadId);
        if (!upload) throw notFound('That upload does not exist.');
        if (upload.kind !== 'points') throw businessRule('Only a points upload can be reversed.');
        if (upload.status !== 'applied') {
          throw conflict(`This upload is ${upload.status}; only an applied upload can be reversed.`);
        }
        return (await findValidRows(tx, uploadId)) as unknown as Row[];
      },
    },
    // Lock the accounts (ascending id, the ledger's order) and check each still holds what the
    // upload gave it, so nothing is spent between this check and the postings.
    decide: async ({ rows }, tx) => {
      await refuseUnlessStillHeld(tx, rows);
      return {
        rowNums: rows.map((r) => r.rowNum),
        postings: rows.map((r): TransferSpec => ({
          kind: 'upload_reversal',
          memo: r.data.reason,
          actorMemberId,
          legs: [
            { member: { memberId: r.data.memberId, kind: accountKind(r.data) }, amount: -r.data.points },
            { system: 'issuance', amount: r.data.points },
          ],
        })),
      };
    },
    refuseInsufficient: () => businessRule('The upload cannot be reversed: some of its points have been spent.'),
    write:
      ({ rowNums }) =>
      async (tx, posted) => {
        const links = { rowNums, transactionIds: posted.transactionIds };
        await linkRowTransactions(tx, uploadId, links, 'reversal_transaction_id');
        await moveUploadStatus(tx, uploadId, 'applied', {
          status: 'reversed',
          reversedAt: new Date(),
          reversedBy: actorMemberId,
        });
        await audit(tx, context, {
          action: 'uploads.reverse',
          target: { kind: 'upload', id: uploadId },
          after: { rows: rowNums.length, transactions: posted.transactionIds.length },
          ledgerTransactionId: posted.transactionIds[0],
        });
        return null;
      },
    answer: () => ({ uploadId, status: 'reversed' as const }),
  });
}

/** Refuses, naming the rows, when a member no longer holds the points their rows gave them. */
async function refuseUnlessStillHeld(tx: Db, rows: Row[]) {
  const given = new Map<string, { memberId: number; kind: string; points: number; rows: Row[] }>();
  for (const r of rows) {
    const key = `${r.data.memberId}:${accountKind(r.data)}`;
    const entry = given.get(key) ?? { memberId: r.data.memberId, kind: accountKind(r.data), points: 0, rows: [] };
    entry.points += r.data.points;
    entry.rows.push(r);
    given.set(key, entry);
  }
  const accounts = await lockMemberAccounts(tx, [...given.values()]);
  const balances = new Map(accounts.map((a) => [`${a.memberId}:${a.kind}`, a.balance]));
  const short = [...given.entries()]
    .filter(([key, g]) => (balances.get(key) ?? 0) < g.points)
    .flatMap(([key, g]) =>
      g.rows.map((r) => ({ row: r.rowNum, who: r.data.employeeNumber, holds: balances.get(key) ?? 0, gave: g.points })),
    )
    .sort((a, b) => a.row - b.row);
  if (short.length === 0) return;
  const named = short
    .slice(0, NAMED_ROWS)
    .map((s) => `row ${s.row} (${s.who} holds ${s.holds} of the ${s.gave} uploaded)`)
    .join('; ');
  const more = short.length > NAMED_ROWS ? `; and ${short.length - NAMED_ROWS} more rows` : '';
  throw businessRule(`The upload cannot be reversed: points already spent on ${named}${more}.`);
}
