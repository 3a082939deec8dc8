import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { getCapabilities, type Capabilities, type Capability } from '@ovation/shared/capabilities';
import { isProfileIncomplete } from '@ovation/shared/profile-rules';
import { forbidden, unauthorized } from '../lib/app-errors.ts';
import { isApiRequest } from '../lib/routed-path.ts';
import { hashToken } from '../lib/tokens.ts';
import { SessionCache } from '../core/sessions/session-cache.ts';
import { findLiveSession } from '../core/sessions/session.repository.ts';
import { SessionUse } from '../core/sessions/session-use.ts';

export const COMPLETE_PROFILE_FIRST = 'Complete your profile first: add your cell number on My Profile.';

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
    /**
     * false: a background call (the live-stream ticket) that does not count as the member's use
     * of the session, so an open page alone does not hold off the idle timeout.
     */
    sessionUse?: boolean;
    /**
     * true: open to a member whose profile is incomplete (My Profile, the session, sign-out and
     * second factor, their own notifications, Contact Us). Every other member route needs the
     * `portal` capability (spec §4, decision 0082).
     */
    profileExempt?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** Live sessions kept briefly in memory; forget revoked ones here after the commit. */
    sessionCache: SessionCache;
    /** The idle timeout's record of use, written in batches (flush: shutdown and tests). */
    sessionUse: SessionUse;
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
 * Authentication (onRequest: bearer token → session → member; an incomplete profile is refused
 * every route not `profileExempt`) and authorization (preHandler, after schema validation: the
 * route's capability from getCapabilities).
 */
export const authPlugin = fp(
  async (app: FastifyInstance, options: { sessionCacheSeconds: number; sessionIdleMinutes: number }) => {
    app.decorateRequest('auth', null);
    const idleMs = options.sessionIdleMinutes * 60_000;
    const sessionCache = new SessionCache(options.sessionCacheSeconds * 1000, () => Date.now(), 50_000, idleMs);
    app.decorate('sessionCache', sessionCache);
    const sessionUse = new SessionUse(app.db, app.log, idleMs);
    app.decorate('sessionUse', sessionUse);
    app.addHook('onClose', () => sessionUse.flush());

    app.addHook('onRequest', async (request) => {
      const token = bearerToken(request);
      if (token) {
        const tokenHash = hashToken(token);
        const session = await sessionCache.get(tokenHash, () =>
          findLiveSession(app.db, tokenHash, new Date(Date.now() - idleMs)),
        );
        if (session) {
          request.auth = {
            sessionId: session.sessionId,
            memberId: session.memberId,
            capabilities: getCapabilities({ ...session, profileIncomplete: isProfileIncomplete(session) }),
          };
          if (request.routeOptions.config.sessionUse !== false) await sessionUse.record(session, Date.now());
        }
      }
      // Decided on the matched route's pattern, never the raw URL (the router decodes `/%61pi/…`).
      const config = request.routeOptions.config;
      const matched = Boolean(request.routeOptions.url);
      if (!matched || !isApiRequest(request) || config.auth === 'public') return;
      if (!request.auth) throw unauthorized();
      // An incomplete profile reaches only My Profile and help, whatever it sends (spec §4).
      if (!config.profileExempt && !request.auth.capabilities.portal) throw forbidden(COMPLETE_PROFILE_FIRST);
    });

    app.addHook('preHandler', async (request) => {
      const capability = request.routeOptions.config.capability;
      if (!capability) return;
      const auth = requireMember(request);
      if (!auth.capabilities[capability]) throw forbidden();
    });
  },
);
