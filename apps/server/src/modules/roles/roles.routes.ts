import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  memberIdParamsSchema,
  roleChangeResponseSchema,
  roleGrantSchema,
  rolesQuerySchema,
  rolesResponseSchema,
} from '@ovation/shared/schemas/admin-roles';
import { requireMember } from '../../plugins/auth.ts';
import { auditContextOf } from '../../plugins/audit-context.ts';
import { changeRoles } from './change-roles.ts';
import { listRoles } from './list-roles.ts';

/** /reportroles: read by rep, the upload and notify roles and report admins; changed by report admins. */
export const rolesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/roles',
    {
      config: { capability: 'viewRolesReport' },
      schema: {
        tags: ['admin'],
        summary: 'Who holds which role and flag, and the latest role changes',
        security: [{ bearer: [] }],
        querystring: rolesQuerySchema,
        response: { 200: rolesResponseSchema },
      },
    },
    async (request) => listRoles(app.db, requireMember(request).capabilities, request.query.q || undefined),
  );

  app.put(
    '/api/admin/roles/:memberId',
    {
      config: { capability: 'manageRoles' },
      schema: {
        tags: ['admin'],
        summary: 'Sets a member’s roles and report-admin flag; the change is recorded (who, when, before, after)',
        description:
          'With `expected` (the grant as the editor showed it), a member whose roles changed since is refused with 409 instead of having that change undone.',
        problems: [409, 422],
        security: [{ bearer: [] }],
        params: memberIdParamsSchema,
        body: roleGrantSchema,
        response: { 200: roleChangeResponseSchema },
      },
    },
    async (request) => {
      const answer = await changeRoles(
        app.db,
        auditContextOf(request),
        requireMember(request).memberId,
        request.params.memberId,
        request.body,
      );
      // This instance forgets at once; the others hear it from the commit (docs/decisions/0032).
      app.sessionCache.forget({ memberIds: [request.params.memberId] });
      return answer;
    },
  );
};
