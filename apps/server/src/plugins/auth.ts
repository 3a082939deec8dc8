import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { getCapabilities, type Capabilities, type Capability } from '@ovation/shared/capabilities';
import { forbidden, unauthorized } from '../lib/app-errors.ts';
import { hashToken } from '../lib/tokens.ts';
import { findLiveSession } from '../modules/auth/session.repository.ts';

export interface AuthContext {
  sessionId: number;
  memberId: number;
  capabilities: Capabilities;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'public' routes need no session; every other /api route does (secure by default). */
    auth?: 'public' | 'member';
    /** Checked after validation: wrong role, country or unit → 403. */
    capability?: Capability;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** The member behind the request; throws 401 when there is none. */
export function requireMember(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/**
 * Authentication (onRequest: bearer token → session → member) and authorization
 * (preHandler, after schema validation: the route's capability from getCapabilities).
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);

  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    if (token) {
      const session = await findLiveSession(app.db, hashToken(token));
      if (session) {
        request.auth = {
          sessionId: session.sessionId,
          memberId: session.memberId,
          capabilities: getCapabilities(session),
        };
      }
    }
    const config = request.routeOptions.config;
    const isApi = request.url.startsWith('/api/');
    if (isApi && request.routeOptions.url && config.auth !== 'public' && !request.auth) throw unauthorized();
  });

  app.addHook('preHandler', async (request) => {
    const capability = request.routeOptions.config.capability;
    if (!capability) return;
    const auth = requireMember(request);
    if (!auth.capabilities[capability]) throw forbidden();
  });
});
