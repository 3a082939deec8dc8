import { getCapabilities } from '@ovation/shared/capabilities';
import { formatPoints } from '@ovation/shared/format/money';
import type { UploadKind, UploadSummary } from '@ovation/shared/schemas/admin-uploads';
import type { Db } from '../../db/db.ts';
import type { OutgoingEmail } from '../../core/mail/mail.repository.ts';
import { findNotifyCandidates } from './uploads.repository.ts';

/** Holders of the kind's notify role (upl-mem-nfy, upl-pts-nfy), decided by getCapabilities. */
export async function notifyRecipients(db: Db, kind: UploadKind): Promise<string[]> {
  const candidates = await findNotifyCandidates(db);
  return candidates
    .filter((c) => {
      const caps = getCapabilities(c);
      return kind === 'members' ? caps.notifyMemberUploads : caps.notifyPointsUploads;
    })
    .map((c) => c.email!);
}

export function uploadAppliedMails(
  recipients: string[],
  upload: { id: number; kind: UploadKind; fileName: string; by: string },
  summary: UploadSummary,
  publicUrl: string,
): OutgoingEmail[] {
  const lines =
    upload.kind === 'members'
      ? [
          `Members created: ${summary.created}`,
          `Members updated: ${summary.updated}`,
          `Members deactivated: ${summary.deactivated}`,
          `Rows unchanged: ${summary.unchanged}`,
        ]
      : [
          `Members credited: ${summary.members}`,
          `Personal points: ${formatPoints(summary.personalPoints)}`,
          `Team budget points: ${formatPoints(summary.teamPoints)}`,
        ];
  const text = [
    `${upload.by} applied the ${upload.kind} upload “${upload.fileName}” (upload ${upload.id}).`,
    '',
    `Rows in the file: ${summary.rows}`,
    `Rows applied: ${summary.valid}`,
    `Rows refused: ${summary.refused}`,
    ...lines,
    '',
    `The uploads report: ${publicUrl.replace(/\/$/, '')}/reportuploads`,
  ].join('\n');
  return recipients.map((to) => ({
    kind: `upload_applied_${upload.kind}`,
    to,
    subject: `Ovation: ${upload.kind} upload applied (${summary.valid} ${summary.valid === 1 ? 'row' : 'rows'})`,
    text,
  }));
}
