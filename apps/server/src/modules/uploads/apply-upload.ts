import type { Capabilities } from '@ovation/shared/capabilities';
import { uploadSummarySchema, type UploadKind, type UploadSummary } from '@ovation/shared/schemas/admin-uploads';
import type { Db } from '../../db/db.ts';
import { conflict, forbidden, notFound } from '../../lib/app-errors.ts';
import { formatDateTime } from '@ovation/shared/format/date';
import type { TransferSpec } from '../../core/ledger/transfer.ts';
import { queueEmail } from '../../core/mail/mailer.ts';
import { notifyUploadCredits, uploadCreditEvents } from './notify-upload-credits.ts';
import { runSend } from '../../core/sends/run-send.ts';
import type { SendDeps } from '../../core/sends/send-plan.ts';
import { runIdempotent } from '../../core/idempotency/run-idempotent.ts';
import type { IdempotentAnswer } from '../../core/idempotency/idempotent-answer.ts';
import type { MemberRowData, PointsRowData } from './upload-rows.ts';
import { notifyRecipients, uploadAppliedMails } from './upload-mail.ts';
import {
  findAppliedTwin,
  findStalePointsRow,
  findUpload,
  findValidRows,
  linkRowTransactions,
  lockUpload,
  rowsConcernMember,
  moveUploadStatus,
  type UploadRow,
} from './uploads.repository.ts';
import { changeMembers } from '../../core/member-changes/change-members.ts';
import { audit } from '../../core/audit/audit-log.repository.ts';
import { findMemberUploader, findUploader } from './upload-members.repository.ts';

export const mayUpload = (caps: Capabilities, kind: string) =>
  kind === 'members' ? caps.uploadMembers : kind === 'points' ? caps.uploadPoints : false;

/** The refusal when a file with the same bytes was applied before: the page says when. */
export async function appliedTwinRefusal(db: Db, upload: Pick<UploadRow, 'id' | 'kind' | 'contentHash'>) {
  const twin = await findAppliedTwin(db, upload.kind, upload.contentHash, upload.id);
  if (!twin) return null;
  const when = formatDateTime(twin.appliedAt ?? twin.createdAt);
  return conflict(`This file was already applied on ${when} by ${twin.by} (upload ${twin.uploadId}).`);
}

/**
 * What the applier may not apply, though the check (made for the uploader) passed it (decision
 * 0081): rows for the applier's own accounts or record, rows that would make them a manager, and
 * a members file checked with a report administrator's powers they do not have.
 */
async function applierRefusal(
  tx: Db,
  upload: Pick<UploadRow, 'id' | 'kind'>,
  actor: { memberId: number; capabilities: Capabilities },
): Promise<string | null> {
  const applier = await findMemberUploader(tx, actor.memberId);
  if (await rowsConcernMember(tx, upload.id, applier.employeeNumber, upload.kind === 'members' && !applier.isManager)) {
    return upload.kind === 'points'
      ? 'This file credits you: another uploader must apply it.'
      : 'This file changes your own record: another uploader must apply it.';
  }
  if (upload.kind === 'members' && !actor.capabilities.manageRoles && (await findUploader(tx, upload.id)).manageRoles) {
    return 'This file was checked for a report administrator: a report administrator must apply it.';
  }
  return null;
}

/** A points file whose members changed since the check is checked again before it moves points. */
async function staleRowsRefusal(tx: Db, upload: Pick<UploadRow, 'id' | 'kind'>) {
  if (upload.kind !== 'points') return null;
  const stale = await findStalePointsRow(tx, upload.id);
  if (!stale) return null;
  const what = stale.active ? 'is no longer a manager' : 'has left the firm';
  return conflict(
    `Member ${stale.employeeNumber} ${what} since this file was checked: upload the file again to check it.`,
  );
}

/**
 * POST /api/admin/uploads/{id}/apply: moves a checked upload to 'applying' (once: the answer is
 * stored with the move) and hands the work to the instance's upload jobs, which apply it after
 * the answer — the work goes on if the page is closed. A file applied before is refused.
 */
export async function startApply(
  deps: SendDeps,
  answer: IdempotentAnswer<{ uploadId: number; status: 'applying' }>,
  actor: { memberId: number; capabilities: Capabilities },
  uploadId: number,
) {
  const found = await findUpload(deps.db, uploadId);
  if (!found) throw notFound('That upload does not exist.');
  if (!mayUpload(actor.capabilities, found.upload.kind)) throw forbidden();
  return runIdempotent(deps.transactions, answer, async (tx) => {
    const upload = await lockUpload(tx, uploadId);
    if (!upload) throw notFound('That upload does not exist.');
    if (upload.status !== 'checked') {
      throw conflict(`This upload is ${upload.status}; only a checked upload can be applied.`);
    }
    const twin = await appliedTwinRefusal(tx, upload);
    if (twin) throw twin;
    const refusal = await applierRefusal(tx, upload, actor);
    if (refusal) throw forbidden(refusal);
    const stale = await staleRowsRefusal(tx, upload);
    if (stale) throw stale;
    await moveUploadStatus(tx, uploadId, 'checked', { status: 'applying', appliedBy: actor.memberId });
    return { uploadId, status: 'applying' as const };
  });
}

/** Thrown under the upload's lock when it is no longer being applied. */
const NOT_APPLYING = new Error('the upload is no longer being applied');

/** The background work has no HTTP answer to keep: the upload's own status row records it. */
const RECORDED_ON_THE_UPLOAD: IdempotentAnswer<UploadSummary> = { store: () => null };

export interface ApplyContext {
  deps: SendDeps;
  publicUrl: string;
  progress: (done: number, total: number) => void;
}

/** Applies an upload in 'applying' (after the answer, or again after a restart). */
export async function applyUpload(ctx: ApplyContext, uploadId: number): Promise<void> {
  const found = await findUpload(ctx.deps.db, uploadId);
  if (!found || found.upload.status !== 'applying') return;
  const { upload } = found;
  const summary = uploadSummarySchema.parse({ ...upload.summary });
  const mailInfo = {
    id: upload.id,
    kind: upload.kind as UploadKind,
    fileName: upload.fileName,
    by: found.uploadedByName,
  };
  if (upload.kind === 'points') await applyPoints(ctx, upload, summary, mailInfo);
  else await applyMembers(ctx, upload, summary, mailInfo);
}

/**
 * Points: every valid row is one ledger transaction from the issuance account, all in ONE
 * database transaction on the send runner (posted in chunks for progress): all or nothing.
 */
async function applyPoints(
  ctx: ApplyContext,
  upload: UploadRow,
  summary: UploadSummary,
  mailInfo: Parameters<typeof uploadAppliedMails>[1],
) {
  const recipients = await notifyRecipients(ctx.deps.db, 'points');
  const actorMemberId = upload.appliedBy ?? upload.uploadedBy;
  await runSend(ctx.deps, RECORDED_ON_THE_UPLOAD, {
    actorMemberId,
    checks: {
      applying: async (tx) => {
        const locked = await lockUpload(tx, upload.id);
        if (locked?.status !== 'applying') throw conflict('This upload is no longer being applied.');
      },
    },
    decide: async (_checked, tx) => {
      const rows = await findValidRows(tx, upload.id);
      return {
        rowNums: rows.map((r) => r.rowNum),
        postings: rows.map((r): TransferSpec => {
          const data = r.data as unknown as PointsRowData & { memberId: number };
          return {
            kind: 'upload',
            memo: data.reason,
            actorMemberId,
            legs: [
              { system: 'issuance', amount: -data.points },
              {
                member: { memberId: data.memberId, kind: data.account === 'team' ? 'team_budget' : 'points' },
                amount: data.points,
              },
            ],
          };
        }),
        mails: uploadAppliedMails(recipients, mailInfo, summary, ctx.publicUrl),
      };
    },
    write:
      ({ rowNums }) =>
      async (tx, posted) => {
        await linkRowTransactions(tx, upload.id, { rowNums, transactionIds: posted.transactionIds }, 'transaction_id');
        // Each credited member is told (bell and e-mail) in this transaction: decision 0044.
        const credited = await notifyUploadCredits(tx, ctx.deps.log, { id: upload.id, actorMemberId });
        await moveUploadStatus(tx, upload.id, 'applying', { status: 'applied', appliedAt: new Date() });
        // Each row's transaction is on the upload's rows; the audit row names the first (issue 43).
        await audit(
          tx,
          { actor: { kind: 'upload', memberId: actorMemberId, uploadId: upload.id } },
          {
            action: 'uploads.apply',
            target: { kind: 'upload', id: upload.id },
            after: {
              kind: 'points',
              fileName: upload.fileName,
              rows: rowNums.length,
              transactions: posted.transactionIds.length,
            },
            ledgerTransactionId: posted.transactionIds[0],
          },
        );
        return { credited };
      },
    answer: () => summary,
    // Their bells, once the credits committed.
    events: ({ written }) => uploadCreditEvents(written.credited),
    progress: ctx.progress,
  });
}

/**
 * Members: valid rows apply (refused rows were listed at the check), in one transaction, through
 * the member-change kernel: new employee numbers become unregistered members, known ones are
 * updated, leavers deactivated and signed out; role grants go to the roles history and changed
 * addresses are told (as on the roles report and My Profile).
 */
async function applyMembers(
  ctx: ApplyContext,
  upload: UploadRow,
  summary: UploadSummary,
  mailInfo: Parameters<typeof uploadAppliedMails>[1],
) {
  const db = ctx.deps.db;
  const recipients = await notifyRecipients(db, 'members');
  // The rows were fixed at the check; the upload's status is checked again under its lock.
  const rows = (await findValidRows(db, upload.id)).map((r) => r.data as unknown as MemberRowData);
  try {
    await changeMembers(
      ctx.deps,
      rows,
      { memberId: upload.appliedBy ?? upload.uploadedBy },
      {
        lock: async (tx) => {
          const locked = await lockUpload(tx, upload.id);
          if (locked?.status !== 'applying') throw NOT_APPLYING;
        },
        after: async (tx, written) => {
          await moveUploadStatus(tx, upload.id, 'applying', { status: 'applied', appliedAt: new Date() });
          await audit(
            tx,
            { actor: { kind: 'upload', memberId: upload.appliedBy ?? upload.uploadedBy, uploadId: upload.id } },
            {
              action: 'uploads.apply',
              target: { kind: 'upload', id: upload.id },
              after: {
                kind: 'members',
                fileName: upload.fileName,
                rows: rows.length,
                created: written.created.length,
                deactivated: written.deactivated.length,
              },
            },
          );
          for (const mail of uploadAppliedMails(recipients, mailInfo, summary, ctx.publicUrl)) {
            await queueEmail(tx, ctx.deps.log, mail);
          }
        },
        progress: ctx.progress,
      },
    );
  } catch (error) {
    // Another instance applied it (or it was discarded) meanwhile: nothing to do.
    if (error !== NOT_APPLYING) throw error;
  }
}
