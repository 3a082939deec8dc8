import type { UploadKind } from '@ovation/shared/schemas/admin-uploads';
import type { Db } from '../../db/db.ts';
import { readUploadRows, UploadFileError, type RawRow, type UploadFileType } from './read-upload-file.ts';
import { MembersCheck } from './check-members.ts';
import { PointsCheck } from './check-points.ts';
import { mapHeader } from './upload-rows.ts';
import { insertUploadRows, moveUploadStatus, setUploadProgress } from './uploads.repository.ts';
import { findUploader } from './upload-members.repository.ts';

const BATCH = 2000;
const STAGE_BATCH = 10_000;

const NO_ROWS = 'The file names its columns but has no rows under them.';

/**
 * Reads the header and looks for a first row: the route refuses a file it cannot open, whose
 * columns are wrong or that has no rows (400).
 */
export async function readHeader(kind: UploadKind, bytes: Buffer, type: UploadFileType): Promise<void> {
  const rows = readUploadRows(bytes, type);
  try {
    const first = await rows.next();
    if (first.done) throw new UploadFileError('The file is empty.');
    mapHeader(kind, first.value.cells);
    if ((await rows.next()).done) throw new UploadFileError(NO_ROWS);
  } finally {
    await rows.return(undefined);
  }
}

/** A rough row count for the progress bar (lines of a CSV; XLSX counts as it goes). */
export function estimateRows(bytes: Buffer, type: UploadFileType): number {
  if (type !== 'csv') return 0;
  let lines = 0;
  for (let i = bytes.indexOf(10); i !== -1; i = bytes.indexOf(10, i + 1)) lines++;
  return Math.max(0, lines - (bytes[bytes.length - 1] === 10 ? 1 : 0));
}

/**
 * Checks every row (streaming parse, batched look-ups), stages the rows with their refusals and
 * the summary, and moves the upload to 'checked' — or 'failed' with the reason when the file
 * itself cannot be read. Progress is written every batch so a poller sees rows processed.
 */
export async function checkUpload(
  db: Db,
  job: { uploadId: number; kind: UploadKind; bytes: Buffer; type: UploadFileType },
): Promise<void> {
  const total = estimateRows(job.bytes, job.type);
  const rows = readUploadRows(job.bytes, job.type);
  const header = await rows.next();
  if (header.done) throw new UploadFileError('The file is empty.');
  const index = mapHeader(job.kind, header.value.cells);

  const checker =
    job.kind === 'members'
      ? new MembersCheck(db, await findUploader(db, job.uploadId))
      : new PointsCheck(db, job.uploadId, await findUploader(db, job.uploadId));
  let batch: RawRow[] = [];
  let processed = 0;
  const flush = async () => {
    await checker.add(batch, index);
    processed += batch.length;
    batch = [];
    await setUploadProgress(db, job.uploadId, processed, Math.max(total, processed));
  };
  for await (const row of rows) {
    batch.push(row);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  if (processed === 0) throw new UploadFileError(NO_ROWS);

  const { staged, summary } = await checker.finish();
  for (let i = 0; i < staged.length; i += STAGE_BATCH) {
    await insertUploadRows(db, job.uploadId, staged.slice(i, i + STAGE_BATCH));
  }
  await moveUploadStatus(db, job.uploadId, 'checking', {
    status: 'checked',
    summary: { ...summary },
    processedRows: processed,
    totalRows: processed,
  });
}
