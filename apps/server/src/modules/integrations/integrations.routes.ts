import { auditContextOf } from '../../plugins/audit-context.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createIntegrationTokenRequestSchema,
  integrationTokenSchema,
  integrationTokensResponseSchema,
  issuedIntegrationTokenSchema,
  leaversSettingsSchema,
} from '@ovation/shared/schemas/integrations';
import { requireMember } from '../../plugins/auth.ts';
import {
  createIntegrationToken,
  leaversSetting,
  listIntegrationTokens,
  revokeIntegrationToken,
  rotateIntegrationToken,
  saveLeaversSetting,
} from './integration-tokens.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];
const admin = { capability: 'manageIntegrations' } as const;
const tokenParams = z.object({ tokenId: z.coerce.number().int().positive() });

/** The Integrations screen's tokens (issue 42): report administrators only, never another token. */
export const integrationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/integrations/tokens',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Integration tokens, live first: name, scopes, who made them, when last used',
        response: { 200: integrationTokensResponseSchema },
      },
    },
    async () => listIntegrationTokens(app.db),
  );

  app.post(
    '/api/admin/integrations/tokens',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Makes a token; its secret is in this answer only',
        body: createIntegrationTokenRequestSchema,
        response: { 200: issuedIntegrationTokenSchema },
      },
    },
    async (request) =>
      createIntegrationToken(app.db, requireMember(request).memberId, auditContextOf(request), request.body),
  );

  app.post(
    '/api/admin/integrations/tokens/:tokenId/rotate',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'A new secret for the token (same name, scopes and expiry); the old secret stops at once',
        params: tokenParams,
        response: { 200: issuedIntegrationTokenSchema },
      },
    },
    async (request) =>
      rotateIntegrationToken(app.db, requireMember(request).memberId, auditContextOf(request), request.params.tokenId),
  );

  app.post(
    '/api/admin/integrations/tokens/:tokenId/revoke',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Revokes the token: the next call with it is refused',
        params: tokenParams,
        response: { 200: integrationTokenSchema },
      },
    },
    async (request) => revokeIntegrationToken(app.db, auditContextOf(request), request.params.tokenId),
  );

  app.get(
    '/api/admin/integrations/leavers',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'What happens to a leaver’s points: kept for some days then forfeited, forfeited, or paid out',
        response: { 200: leaversSettingsSchema },
      },
    },
    async () => leaversSetting(app.db),
  );

  app.put(
    '/api/admin/integrations/leavers',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Sets what happens to the points of members who leave from now on',
        body: leaversSettingsSchema,
        response: { 200: leaversSettingsSchema },
      },
    },
    async (request) => saveLeaversSetting(app.db, auditContextOf(request), request.body),
  );
};
