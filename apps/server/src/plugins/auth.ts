import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { getCapabilities, type Capabilities, type Capability } from '@ovation/shared/capabilities';
import { isProfileIncomplete } from '@ovation/shared/profile-rules';
import { forbidden, unauthorized } from '../lib/app-errors.ts';
import { isApiRequest, routedPath } from '../lib/routed-path.ts';
import { hashToken } from '../lib/tokens.ts';
import { SessionCache } from '../core/sessions/session-cache.ts';
import { findLiveSession } from '../core/sessions/session.repository.ts';
import { SessionUse } from '../core/sessions/session-use.ts';
import {
  findLiveIntegrationToken,
  INTEGRATION_TOKEN_PREFIX,
  touchIntegrationToken,
  type LiveIntegrationToken,
} from '../core/integrations/integration-tokens.repository.ts';

export const COMPLETE_PROFILE_FIRST = 'Complete your profile first: add your cell number on My Profile.';

export interface AuthContext {
  /** The session behind the call; 0 for a call made with an integration token (no session). */
  sessionId: number;
  memberId: number;
  capabilities: Capabilities;
}

/** The integration token a call presented (issue 42): SCIM reads it; API calls also get `auth`. */
export interface IntegrationContext {
  tokenId: number;
  name: string;
  scopes: LiveIntegrationToken['scopes'];
}

/**
 * What a person does for themselves, never a script: signing in and out, their session and live
 * stream, their profile and second factor, and making integration tokens (decision 0110).
 */
const PERSON_ONLY = ['/api/auth/', '/api/spa/', '/api/live/', '/api/profile', '/api/admin/integrations'];
const READS = new Set(['GET', 'HEAD']);
export const TOKEN_PERSON_ONLY = 'An integration token cannot be used here: this is done by a person, signed in.';
export const TOKEN_READ_ONLY = 'This integration token may only read (scope api:read): a change needs api:write.';
/** A token's last use is written at most this often (as a session's is). */
const TOKEN_TOUCH_MS = 60_000;

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
    integration: IntegrationContext | null;
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

/**
 * An API call with an integration token acts as the administrator who made it, with what they
 * may do now, and only within the token's scopes; a leaver's tokens stop with them.
 */
function integrationAuth(request: FastifyRequest, token: LiveIntegrationToken): AuthContext | null {
  const path = routedPath(request);
  const scopes = new Set(token.scopes);
  if (!scopes.has('api:read') && !scopes.has('api:write')) return null;
  if (!token.member.active) return null;
  if (PERSON_ONLY.some((prefix) => path.startsWith(prefix))) throw forbidden(TOKEN_PERSON_ONLY);
  if (!scopes.has('api:write') && !READS.has(request.method)) throw forbidden(TOKEN_READ_ONLY);
  const member = token.member;
  return {
    sessionId: 0,
    memberId: member.id,
    capabilities: getCapabilities({ ...member, profileIncomplete: isProfileIncomplete(member) }),
  };
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
    app.decorateRequest('integration', null);
    const tokenTouched = new Map<number, number>();
    const idleMs = options.sessionIdleMinutes * 60_000;
    const sessionCache = new SessionCache(options.sessionCacheSeconds * 1000, () => Date.now(), 50_000, idleMs);
    app.decorate('sessionCache', sessionCache);
    const sessionUse = new SessionUse(app.db, app.log, idleMs);
    app.decorate('sessionUse', sessionUse);
    app.addHook('onClose', () => sessionUse.flush());

    app.addHook('onRequest', async (request) => {
      const token = bearerToken(request);
      if (token?.startsWith(INTEGRATION_TOKEN_PREFIX)) {
        const found = await findLiveIntegrationToken(app.db, hashToken(token));
        if (found) {
          request.integration = { tokenId: found.tokenId, name: found.name, scopes: found.scopes };
          const now = Date.now();
          if (now - (tokenTouched.get(found.tokenId) ?? found.lastUsedAt?.getTime() ?? 0) >= TOKEN_TOUCH_MS) {
            tokenTouched.set(found.tokenId, now);
            await touchIntegrationToken(app.db, found.tokenId, new Date(now));
          }
          if (isApiRequest(request)) request.auth = integrationAuth(request, found);
        }
      } else if (token) {
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
