import type { Capabilities } from '@ovation/shared/capabilities';
import type { Db } from '../../db/db.ts';
import { conflict, forbidden, notFound } from '../../lib/app-errors.ts';
import { mayUpload } from './apply-upload.ts';
import { findUpload, moveUploadStatus } from './uploads.repository.ts';

/** POST /api/admin/uploads/{id}/discard: a checked upload is set aside; nothing was applied. */
export async function discardUpload(db: Db, caps: Capabilities, uploadId: number) {
  const found = await findUpload(db, uploadId);
  if (!found) throw notFound('That upload does not exist.');
  if (!mayUpload(caps, found.upload.kind)) throw forbidden();
  const moved = await moveUploadStatus(db, uploadId, 'checked', { status: 'discarded', discardedAt: new Date() });
  if (!moved) throw conflict(`This upload is ${found.upload.status}; only a checked upload can be discarded.`);
  return { uploadId, status: 'discarded' as const };
}
