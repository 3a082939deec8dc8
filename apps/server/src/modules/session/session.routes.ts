import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loadSessionResponseSchema } from '@ovation/shared/schemas/session';
import { requireMember } from '../../plugins/auth.ts';
import type { ProgrammeSettings } from '../../core/settings/programme-settings.ts';
import { loadSession } from './load-session.ts';

export const sessionRoutes: FastifyPluginAsyncZod<{ settings: ProgrammeSettings }> = async (app, { settings }) => {
  app.post(
    '/api/spa/loadsession',
    {
      config: { profileExempt: true },
      schema: {
        tags: ['session'],
        summary: 'The signed-in member’s profile and capabilities (spec §7)',
        security: [{ bearer: [] }],
        body: z.object({}).passthrough().optional(),
        response: { 200: loadSessionResponseSchema },
      },
    },
    async (request) => loadSession(app.db, settings, requireMember(request).memberId),
  );
};
