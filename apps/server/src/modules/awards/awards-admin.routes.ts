import { auditContextOf } from '../../plugins/audit-context.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  awardProgrammeInputSchema,
  awardProgrammeSchema,
  awardProgrammesResponseSchema,
  fundProgrammeRequestSchema,
  fundProgrammeResponseSchema,
  programmeIdParamsSchema,
} from '@ovation/shared/schemas/awards';
import { sendDeps, type SendServices } from '../../core/sends/send-deps.ts';
import { requireMember } from '../../plugins/auth.ts';
import { idempotencyOf } from '../../plugins/idempotency/idempotency.plugin.ts';
import { fundProgramme } from './fund-programme.ts';
import { adminProgrammes, createProgramme, editProgramme } from './programme-admin.ts';

const admin = { capability: 'manageAwards' } as const;
const tags = ['awards administration'];
const security = [{ bearer: [] }];

/** Running award programmes (the awards role and report administrators): settings and budgets. */
export const awardsAdminRoutes: FastifyPluginAsyncZod<{ sends: SendServices }> = async (app, { sends }) => {
  app.get(
    '/api/admin/awards/programmes',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Every programme, archived too, with its budget',
        response: { 200: awardProgrammesResponseSchema },
      },
    },
    async () => adminProgrammes(app.db),
  );

  app.post(
    '/api/admin/awards/programmes',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Creates a programme (its budget starts empty: fund it)',
        body: awardProgrammeInputSchema,
        response: { 200: awardProgrammeSchema },
      },
    },
    async (request) => createProgramme(app.db, auditContextOf(request), requireMember(request).memberId, request.body),
  );

  app.put(
    '/api/admin/awards/programmes/:programmeId',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Saves a programme’s settings; with expectedUpdatedAt, only if nobody saved them since',
        params: programmeIdParamsSchema,
        body: awardProgrammeInputSchema,
        response: { 200: awardProgrammeSchema },
      },
    },
    async (request) => editProgramme(app.db, auditContextOf(request), request.params.programmeId, request.body),
  );

  app.post(
    '/api/admin/awards/programmes/:programmeId/fund',
    {
      config: { ...admin, idempotency: 'awards.fund' },
      schema: {
        tags,
        security,
        summary: 'Funds a programme’s budget from the firm’s issuance account',
        description: 'Requires an Idempotency-Key header (8–100 characters).',
        params: programmeIdParamsSchema,
        body: fundProgrammeRequestSchema,
        response: { 200: fundProgrammeResponseSchema },
      },
    },
    async (request) =>
      fundProgramme(
        sendDeps(sends, request),
        idempotencyOf(request),
        requireMember(request).memberId,
        request.params.programmeId,
        request.body.points,
      ),
  );
};
