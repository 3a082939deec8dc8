import type { FastifyBaseLogger } from 'fastify';
import * as client from 'openid-client';
import type { Db } from '../../db/db.ts';
import type { OidcProvider } from './oidc-client.ts';
import { takeOidcSession } from './oidc.repository.ts';

/**
 * The provider's sign-out URL for a session opened by single sign-on (RP-initiated logout),
 * or null: a password session, single sign-on off, or a provider without end_session_endpoint.
 * The portal session itself is revoked by POST /api/auth/logout.
 */
export async function endProviderSession(
  deps: { db: Db; log: FastifyBaseLogger; oidc: OidcProvider | null },
  sessionId: number,
): Promise<string | null> {
  const idToken = await takeOidcSession(deps.db, sessionId);
  if (!idToken || !deps.oidc) return null;
  try {
    const configuration = await deps.oidc.configuration();
    if (!configuration.serverMetadata().end_session_endpoint) return null;
    return client.buildEndSessionUrl(configuration, {
      id_token_hint: idToken,
      post_logout_redirect_uri: deps.oidc.settings.postLogoutRedirectUri,
    }).href;
  } catch (err) {
    deps.log.warn({ err }, 'single sign-on provider sign-out unavailable');
    return null;
  }
}
