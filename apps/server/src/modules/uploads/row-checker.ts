import type { UploadSummary } from '@ovation/shared/schemas/admin-uploads';
import type { RawRow } from './read-upload-file.ts';
import type { StagedRow } from './uploads.repository.ts';

export const emptySummary = (): UploadSummary => ({
  rows: 0,
  valid: 0,
  refused: 0,
  created: 0,
  updated: 0,
  deactivated: 0,
  unchanged: 0,
  personalPoints: 0,
  teamPoints: 0,
  members: 0,
});

/** Checks batches of rows; `finish` returns the rows still to stage (members wait for the whole file). */
export interface RowChecker {
  add(rows: RawRow[], index: Map<string, number>): Promise<void>;
  finish(): Promise<{ staged: StagedRow[]; summary: UploadSummary }>;
}
