import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  UPLOAD_MAX_BYTES,
  uploadCreatedSchema,
  uploadIdParamsSchema,
  uploadKindSchema,
  uploadListResponseSchema,
  uploadResponseSchema,
  uploadTemplateParamsSchema,
} from '@ovation/shared/schemas/admin-uploads';
import { fieldError, forbidden, notFound } from '../../lib/app-errors.ts';
import { requireMember } from '../../plugins/auth.ts';
import { idempotencyOf } from '../../plugins/idempotency/idempotency.plugin.ts';
import { sendDeps, type SendServices } from '../../core/sends/send-deps.ts';
import { startApply } from './apply-upload.ts';
import { createUpload, receiveUpload } from './create-upload.ts';
import { discardUpload } from './discard-upload.ts';
import { getUpload, mayView } from './get-upload.ts';
import { listVisibleUploads } from './list-uploads.ts';
import { reverseUpload } from './reverse-upload.ts';
import { refusedRowsCsv, uploadTemplate } from './upload-csv.ts';
import type { UploadJobs } from './upload-jobs.ts';
import { findRefusedRows, findUpload } from './uploads.repository.ts';

const statusAnswer = z.object({ uploadId: z.number().int(), status: z.string() });

/** /admindataupload and /reportuploads (issue 11). */
export const uploadsRoutes: FastifyPluginAsyncZod<{ sends: SendServices; jobs: UploadJobs }> = async (
  app,
  { sends, jobs },
) => {
  const common = { tags: ['admin'], security: [{ bearer: [] }] };
  // Work left half-done by a stopped process; queued work finishes before the database closes.
  app.addHook('onReady', async () => {
    await jobs.resume();
  });
  app.addHook('onClose', async () => {
    await jobs.idle();
  });

  app.get(
    '/api/admin/uploads',
    {
      config: { capability: 'viewUploadsReport' },
      schema: {
        ...common,
        summary: 'Every upload of the kinds the caller may see',
        response: { 200: uploadListResponseSchema },
      },
    },
    async (request) => listVisibleUploads(app.db, requireMember(request).capabilities),
  );

  app.post(
    '/api/admin/uploads',
    {
      config: { capability: 'uploadData' },
      schema: {
        ...common,
        summary:
          'Multipart kind (members|points) and file (CSV or XLSX, at most 20 MB); the check runs after the answer',
        consumes: ['multipart/form-data'],
        response: { 202: uploadCreatedSchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw fieldError('file', 'Choose a file to upload.');
      const received = await receiveUpload(
        request.parts({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 3, parts: 4 } }),
      );
      return reply.code(202).send(await createUpload(app.db, jobs, requireMember(request), received));
    },
  );

  app.get(
    '/api/admin/uploads/templates/:kind',
    {
      config: { capability: 'uploadData' },
      schema: {
        ...common,
        summary: 'A CSV whose header row names the columns (kind: members|points)',
        params: uploadTemplateParamsSchema,
      },
    },
    async (request, reply) => {
      const kind = uploadKindSchema.safeParse(request.params.kind);
      if (!kind.success) throw notFound('There is no template of that kind.');
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${kind.data}-upload-template.csv"`)
        .send(uploadTemplate(kind.data));
    },
  );

  app.get(
    '/api/admin/uploads/:uploadId',
    {
      config: { capability: 'viewUploadsReport' },
      schema: {
        ...common,
        summary: 'Status, progress, preview summary and refused rows of an upload',
        problems: [403],
        params: uploadIdParamsSchema,
        response: { 200: uploadResponseSchema },
      },
    },
    async (request) => getUpload(app.db, jobs, requireMember(request).capabilities, request.params.uploadId),
  );

  app.get(
    '/api/admin/uploads/:uploadId/refused',
    {
      config: { capability: 'viewUploadsReport' },
      schema: {
        ...common,
        summary: 'The refused rows as CSV (row, reason)',
        problems: [403],
        params: uploadIdParamsSchema,
      },
    },
    async (request, reply) => {
      const found = await findUpload(app.db, request.params.uploadId);
      if (!found) throw notFound('That upload does not exist.');
      if (!mayView(requireMember(request).capabilities, found.upload.kind)) throw forbidden();
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="upload-${found.upload.id}-refused-rows.csv"`)
        .header('cache-control', 'no-store')
        .send(refusedRowsCsv(await findRefusedRows(app.db, found.upload.id)));
    },
  );

  app.post(
    '/api/admin/uploads/:uploadId/apply',
    {
      config: { capability: 'uploadData', idempotency: 'uploads.apply' },
      schema: {
        ...common,
        summary: 'Applies a checked upload (Idempotency-Key); the work runs after the answer',
        params: uploadIdParamsSchema,
        response: { 202: statusAnswer },
      },
    },
    async (request, reply) => {
      const answer = await startApply(
        sendDeps(sends, request),
        idempotencyOf(request, 202),
        requireMember(request),
        request.params.uploadId,
      );
      jobs.apply(request.params.uploadId);
      return reply.code(202).send(answer);
    },
  );

  app.post(
    '/api/admin/uploads/:uploadId/discard',
    {
      config: { capability: 'uploadData' },
      schema: {
        ...common,
        summary: 'Discards a checked upload',
        problems: [409],
        params: uploadIdParamsSchema,
        response: { 200: statusAnswer },
      },
    },
    async (request) => discardUpload(app.db, requireMember(request).capabilities, request.params.uploadId),
  );

  app.post(
    '/api/admin/uploads/:uploadId/reverse',
    {
      config: { capability: 'reverseUploads', idempotency: 'uploads.reverse' },
      schema: {
        ...common,
        summary: 'Reverses an applied points upload with compensating transactions (Idempotency-Key)',
        params: uploadIdParamsSchema,
        response: { 200: statusAnswer },
      },
    },
    async (request) =>
      reverseUpload(
        sendDeps(sends, request),
        idempotencyOf(request),
        { actor: { kind: 'member', memberId: requireMember(request).memberId }, traceId: String(request.id) },
        request.params.uploadId,
      ),
  );
};
