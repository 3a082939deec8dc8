import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_PROFILE_PIC_ID, PROFILE_PICTURE_MAX_BYTES } from '@ovation/shared/constants';
import { updateProfileRequestSchema } from '@ovation/shared/schemas/profile';
import { loadSessionResponseSchema } from '@ovation/shared/schemas/session';
import { fieldError, notFound } from '../../lib/app-errors.ts';
import { requireMember } from '../../plugins/auth.ts';
import { DEFAULT_PICTURE_SVG } from './default-picture.ts';
import { findPicture } from './picture.repository.ts';
import { updateProfile } from './update-profile.ts';
import { uploadProfilePicture } from './upload-picture.ts';

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/profile',
    {
      schema: {
        tags: ['profile'],
        summary: 'Updates the signed-in member’s own profile',
        security: [{ bearer: [] }],
        body: updateProfileRequestSchema,
        response: { 200: loadSessionResponseSchema },
      },
    },
    async (request) => updateProfile(app.db, requireMember(request).memberId, request.body),
  );

  app.post(
    '/api/profile/picture',
    {
      schema: {
        tags: ['profile'],
        summary: 'Uploads a new profile picture (multipart field "picture")',
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        response: { 200: z.object({ profilePicId: z.string(), profilePicSfx: z.string() }) },
      },
    },
    async (request) => {
      const { memberId } = requireMember(request);
      if (!request.isMultipart()) throw fieldError('picture', 'Choose a picture to upload');
      const file = await request.file({ limits: { fileSize: PROFILE_PICTURE_MAX_BYTES, files: 1 } });
      if (!file) throw fieldError('picture', 'Choose a picture to upload');
      const buffer = await file.toBuffer().catch(() => {
        throw fieldError('picture', 'The picture must be at most 5 MB');
      });
      if (file.file.truncated) throw fieldError('picture', 'The picture must be at most 5 MB');
      return uploadProfilePicture(app.db, memberId, buffer);
    },
  );

  // Served without a session (img tags send no bearer header) under unguessable ids.
  app.get(
    '/profilepic/:picId',
    {
      config: { auth: 'public' },
      schema: { tags: ['profile'], params: z.object({ picId: z.string().max(64) }) },
    },
    async (request, reply) => {
      const { picId } = request.params;
      if (picId === DEFAULT_PROFILE_PIC_ID || picId === '') {
        return reply.header('cache-control', 'public, max-age=86400').type('image/svg+xml').send(DEFAULT_PICTURE_SVG);
      }
      const picture = await findPicture(app.db, picId);
      if (!picture) throw notFound('No such picture.');
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .type(picture.contentType)
        .send(picture.data);
    },
  );
};
