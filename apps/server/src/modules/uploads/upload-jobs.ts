import type { FastifyBaseLogger } from 'fastify';
import type { UploadKind } from '@ovation/shared/schemas/admin-uploads';
import type { Db } from '../../db/db.ts';
import { sqlStateOf } from '../../lib/pg-errors.ts';
import type { SendServices } from '../../core/sends/send-deps.ts';
import { AppError } from '../../lib/app-errors.ts';
import { applyUpload } from './apply-upload.ts';
import { checkUpload } from './check-upload.ts';
import { UploadFileError, type UploadFileType } from './read-upload-file.ts';
import { findInterruptedUploads, moveUploadStatus } from './uploads.repository.ts';

export interface CheckJob {
  uploadId: number;
  kind: UploadKind;
  bytes: Buffer;
  type: UploadFileType;
}

/** What a failed job tells the uploader (the log keeps the details). */
function failureText(error: unknown): string {
  if (error instanceof UploadFileError || error instanceof AppError) return error.message;
  if (sqlStateOf(error) === '23505') {
    return 'An e-mail address or employee number in the file was taken by another member after the check. Upload the file again.';
  }
  return 'The upload could not be completed because of an unexpected error. Nothing was changed; try again.';
}

/**
 * The instance's background upload work (issue 11): checks and applies run here, one at a time,
 * after the HTTP answer, so they go on when the page is closed. Status and check progress are
 * in the uploads table; apply progress (inside one database transaction, so invisible to other
 * connections until it commits) is kept here. After a restart, `resume` fails interrupted checks
 * (the file was only in memory) and applies interrupted applies again — safe, because an apply
 * is one transaction guarded by the 'applying' status.
 */
export class UploadJobs {
  private chain: Promise<void> = Promise.resolve();
  private readonly applying = new Map<number, { done: number; total: number }>();

  constructor(
    private readonly deps: {
      db: Db;
      log: FastifyBaseLogger;
      sends: SendServices;
      publicUrl: string;
      /** After an apply has committed: members' sessions and capabilities may have changed. */
      forgetSessions?: () => void;
    },
  ) {}

  private enqueue(work: () => Promise<void>) {
    this.chain = this.chain.then(work).catch((error: unknown) => this.deps.log.error({ err: error }, 'upload job'));
  }

  check(job: CheckJob) {
    this.enqueue(async () => {
      try {
        await checkUpload(this.deps.db, job);
      } catch (error) {
        if (!(error instanceof UploadFileError))
          this.deps.log.error({ err: error, uploadId: job.uploadId }, 'upload check failed');
        await moveUploadStatus(this.deps.db, job.uploadId, 'checking', { status: 'failed', error: failureText(error) });
      }
    });
  }

  apply(uploadId: number) {
    this.enqueue(async () => {
      this.applying.set(uploadId, { done: 0, total: 0 });
      try {
        await applyUpload(
          {
            deps: { ...this.deps.sends, log: this.deps.log },
            publicUrl: this.deps.publicUrl,
            progress: (done, total) => this.applying.set(uploadId, { done, total }),
          },
          uploadId,
        );
        this.deps.forgetSessions?.();
      } catch (error) {
        if (!(error instanceof AppError)) this.deps.log.error({ err: error, uploadId }, 'upload apply failed');
        await moveUploadStatus(this.deps.db, uploadId, 'applying', { status: 'failed', error: failureText(error) });
      } finally {
        this.applying.delete(uploadId);
      }
    });
  }

  /** Rows posted so far by an apply running on this instance. */
  applyProgress(uploadId: number) {
    return this.applying.get(uploadId) ?? null;
  }

  /** Resolves when every queued job has finished (tests, shutdown). */
  async idle(): Promise<void> {
    let seen: Promise<void>;
    do {
      seen = this.chain;
      await seen;
    } while (seen !== this.chain);
  }

  async resume(): Promise<void> {
    for (const upload of await findInterruptedUploads(this.deps.db)) {
      if (upload.status === 'checking') {
        await moveUploadStatus(this.deps.db, upload.id, 'checking', {
          status: 'failed',
          error: 'The check was interrupted (the server restarted). Upload the file again.',
        });
      } else {
        this.apply(upload.id);
      }
    }
  }
}
