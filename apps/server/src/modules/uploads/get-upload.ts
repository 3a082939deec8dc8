import type { Capabilities } from '@ovation/shared/capabilities';
import { uploadSummarySchema, type UploadResponse, type UploadStatus } from '@ovation/shared/schemas/admin-uploads';
import type { Db } from '../../db/db.ts';
import { forbidden, notFound } from '../../lib/app-errors.ts';
import { mayUpload } from './apply-upload.ts';
import type { UploadJobs } from './upload-jobs.ts';
import { findAppliedTwin, findRefusedRows, findUpload } from './uploads.repository.ts';
import { emptySummary } from './row-checker.ts';

export const mayView = (caps: Capabilities, kind: string) =>
  kind === 'members' ? caps.viewMemberUploads : kind === 'points' ? caps.viewPointsUploads : false;

/** The refused rows shown in the answer; the CSV download has them all. */
const REFUSED_IN_ANSWER = 500;

/** GET /api/admin/uploads/{id}: status, progress, the preview summary and the refused rows. */
export async function getUpload(
  db: Db,
  jobs: UploadJobs,
  caps: Capabilities,
  uploadId: number,
): Promise<UploadResponse> {
  const found = await findUpload(db, uploadId);
  if (!found) throw notFound('That upload does not exist.');
  const { upload } = found;
  if (!mayView(caps, upload.kind)) throw forbidden();
  const status = upload.status as UploadStatus;
  const applying = status === 'applying' ? jobs.applyProgress(uploadId) : null;
  const twin =
    status === 'checked' || status === 'checking' || status === 'discarded' || status === 'failed'
      ? await findAppliedTwin(db, upload.kind, upload.contentHash, upload.id)
      : undefined;
  const parsed = uploadSummarySchema.safeParse(upload.summary);
  return {
    uploadId,
    kind: upload.kind as UploadResponse['kind'],
    fileName: upload.fileName,
    status,
    progress: applying ?? { done: upload.processedRows, total: upload.totalRows },
    summary: parsed.success ? parsed.data : emptySummary(),
    refusedRows: status === 'checking' ? [] : await findRefusedRows(db, uploadId, REFUSED_IN_ANSWER),
    duplicateOf: twin
      ? { uploadId: twin.uploadId, appliedAt: (twin.appliedAt ?? twin.createdAt).toISOString(), by: twin.by }
      : null,
    error: upload.error,
    uploadedBy: found.uploadedByName,
    createdAt: upload.createdAt.toISOString(),
    appliedAt: upload.appliedAt?.toISOString() ?? null,
    reversedAt: upload.reversedAt?.toISOString() ?? null,
    canApply: status === 'checked' && !twin && mayUpload(caps, upload.kind),
    canReverse: status === 'applied' && upload.kind === 'points' && caps.reverseUploads,
  };
}
