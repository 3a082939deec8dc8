import type { Capabilities } from '@ovation/shared/capabilities';
import {
  uploadSummarySchema,
  type UploadKind,
  type UploadListItem,
  type UploadStatus,
} from '@ovation/shared/schemas/admin-uploads';
import type { Db } from '../../db/db.ts';
import { emptySummary } from './row-checker.ts';
import { listUploads } from './uploads.repository.ts';

/** /reportuploads: every upload of the kinds the caller may see, newest first. */
export async function listVisibleUploads(db: Db, caps: Capabilities): Promise<{ uploads: UploadListItem[] }> {
  const kinds = [...(caps.viewMemberUploads ? ['members'] : []), ...(caps.viewPointsUploads ? ['points'] : [])];
  const rows = await listUploads(db, kinds);
  return {
    uploads: rows.map(({ upload, uploadedByName }) => {
      const summary = uploadSummarySchema.safeParse(upload.summary);
      const s = summary.success ? summary.data : emptySummary();
      return {
        uploadId: upload.id,
        kind: upload.kind as UploadKind,
        fileName: upload.fileName,
        uploadedBy: uploadedByName,
        createdAt: upload.createdAt.toISOString(),
        status: upload.status as UploadStatus,
        rows: s.rows,
        valid: s.valid,
        refused: s.refused,
        appliedAt: upload.appliedAt?.toISOString() ?? null,
      };
    }),
  };
}
