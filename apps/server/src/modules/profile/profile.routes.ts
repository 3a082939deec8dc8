import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_PROFILE_PIC_ID, PROFILE_PICTURE_MAX_BYTES } from '@ovation/shared/constants';
import { MAX_DATABASE_ID } from '@ovation/shared/schemas/ids';
import { updateProfileRequestSchema } from '@ovation/shared/schemas/profile';
import { loadSessionResponseSchema } from '@ovation/shared/schemas/session';
import { fieldError, notFound } from '../../lib/app-errors.ts';
import type { SharedRateLimiter } from '../../core/limits/shared-rate-limiter.ts';
import { requireMember } from '../../plugins/auth.ts';
import { DEFAULT_PICTURE_SVG } from './default-picture.ts';
import { findPicture, findPictureOfMember } from './picture.repository.ts';
import type { ProgrammeSettings } from '../../core/settings/programme-settings.ts';
import { updateProfile } from './update-profile.ts';
import { uploadProfilePicture } from './upload-picture.ts';

/** A member id (spec §7), as opposed to a random picture id. */
const MEMBER_ID = /^[1-9]\d{0,9}$/;

export const profileRoutes: FastifyPluginAsyncZod<{
  settings: ProgrammeSettings;
  /** Wrong current passwords per member, shared with change-password (an e-mail change needs it). */
  wrongPasswords: SharedRateLimiter;
}> = async (app, { settings, wrongPasswords }) => {
  app.put(
    '/api/profile',
    {
      config: { profileExempt: true },
      schema: {
        tags: ['profile'],
        summary: 'Updates the signed-in member’s own profile',
        security: [{ bearer: [] }],
        body: updateProfileRequestSchema,
        response: { 200: loadSessionResponseSchema },
      },
    },
    async (request) =>
      updateProfile(
        { db: app.db, settings, log: request.log, wrongPasswords, sessions: app.sessionCache },
        requireMember(request).memberId,
        request.body,
      ),
  );

  app.post(
    '/api/profile/picture',
    {
      config: { profileExempt: true },
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

  /*
   * Served without a session (img tags send no bearer header) under unguessable ids. Spec §7
   * also fetches /profilepic/{memberId}: member ids are guessable, so that form answers a
   * signed-in caller only (privately cached) and anyone else the default silhouette
   * (docs/decisions/0012).
   */
  app.get(
    '/profilepic/:picId',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['profile'],
        summary: 'A profile picture by picture id, or by member id for a signed-in caller (else the silhouette)',
        security: [{}, { bearer: [] }],
        params: z.object({ picId: z.string().max(64) }),
      },
    },
    async (request, reply) => {
      const { picId } = request.params;
      const silhouette = () =>
        reply.header('cache-control', 'public, max-age=86400').type('image/svg+xml').send(DEFAULT_PICTURE_SVG);
      if (picId === DEFAULT_PROFILE_PIC_ID || picId === '') return silhouette();
      if (MEMBER_ID.test(picId)) {
        // An id no member can have (beyond the column's range) is unknown: the silhouette (0012).
        const id = Number(picId);
        const picture = request.auth && id <= MAX_DATABASE_ID ? await findPictureOfMember(app.db, id) : undefined;
        if (!picture) return silhouette();
        return reply
          .header('cache-control', 'private, max-age=300')
          .header('vary', 'authorization')
          .type(picture.contentType)
          .send(picture.data);
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
