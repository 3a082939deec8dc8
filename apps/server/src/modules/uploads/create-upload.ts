import { createHash } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import type { Capabilities } from '@ovation/shared/capabilities';
import { UPLOAD_KINDS, UPLOAD_MAX_BYTES, type UploadKind } from '@ovation/shared/schemas/admin-uploads';
import type { Db } from '../../db/db.ts';
import { fieldError, forbidden } from '../../lib/app-errors.ts';
import { mayUpload } from './apply-upload.ts';
import { estimateRows, readHeader } from './check-upload.ts';
import { detectFileType, UploadFileError } from './read-upload-file.ts';
import type { UploadJobs } from './upload-jobs.ts';
import { insertUpload } from './uploads.repository.ts';

export interface ReceivedUpload {
  kind: string | undefined;
  file: { fileName: string; bytes: Buffer } | undefined;
}

/** Reads the multipart parts (kind, file) within the upload limit; an oversize file is a 400. */
export async function receiveUpload(
  parts: AsyncIterableIterator<MultipartFile | { type: 'field'; fieldname: string; value: unknown }>,
) {
  const received: ReceivedUpload = { kind: undefined, file: undefined };
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        const bytes = await (part as MultipartFile).toBuffer();
        received.file = { fileName: (part as MultipartFile).filename || 'upload', bytes };
      } else if (part.fieldname === 'kind') {
        received.kind = String(part.value);
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw fieldError('file', `The file is larger than ${UPLOAD_MAX_BYTES / 1024 / 1024} MB. Split it.`);
    }
    throw error;
  }
  return received;
}

/**
 * POST /api/admin/uploads: the file is opened and its header read at once (a wrong type, a
 * broken file or wrong columns are a 400); the row check then runs after the answer.
 */
export async function createUpload(
  db: Db,
  jobs: UploadJobs,
  actor: { memberId: number; capabilities: Capabilities },
  received: ReceivedUpload,
) {
  const kind = received.kind as UploadKind;
  if (!UPLOAD_KINDS.includes(kind)) throw fieldError('kind', 'Choose members or points.');
  if (!mayUpload(actor.capabilities, kind)) throw forbidden(`You may not upload ${kind} files.`);
  const file = received.file;
  if (!file) throw fieldError('file', 'Choose a file to upload.');
  if (file.bytes.length === 0) throw fieldError('file', 'The file is empty.');
  let type;
  try {
    type = detectFileType(file.bytes, file.fileName);
    await readHeader(kind, file.bytes, type);
  } catch (error) {
    if (error instanceof UploadFileError) throw fieldError('file', error.message);
    throw error;
  }
  const uploadId = await insertUpload(db, {
    kind,
    fileName: file.fileName.slice(0, 200),
    contentHash: createHash('sha256').update(file.bytes).digest('hex'),
    uploadedBy: actor.memberId,
    totalRows: estimateRows(file.bytes, type),
  });
  jobs.check({ uploadId, kind, bytes: file.bytes, type });
  return { uploadId, status: 'checking' as const };
}
