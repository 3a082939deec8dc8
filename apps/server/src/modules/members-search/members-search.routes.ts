import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEFAULT_PROFILE_PIC_ID } from '@ovation/shared/constants';
import { memberSearchRequestSchema, memberSearchResponseSchema } from '@ovation/shared/schemas/recognition';
import { requireMember } from '../../plugins/auth.ts';
import { searchMembers } from './members-search.repository.ts';

export const membersSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/members/search',
    {
      schema: {
        tags: ['recognition'],
        summary: 'Finds colleagues by name or division (teamOnly: the caller’s direct reports; country: only there)',
        security: [{ bearer: [] }],
        body: memberSearchRequestSchema,
        response: { 200: memberSearchResponseSchema },
      },
    },
    async (request) => {
      const { memberId } = requireMember(request);
      const rows = await searchMembers(app.db, { callerId: memberId, ...request.body });
      return {
        members: rows.map((r) => ({
          memberId: r.memberId,
          memberName: `${r.firstName} ${r.surname}`,
          division: r.division ?? '',
          country: r.country,
          picId: r.picId ?? DEFAULT_PROFILE_PIC_ID,
          isTeamMember: r.managerId === memberId,
        })),
      };
    },
  );
};
