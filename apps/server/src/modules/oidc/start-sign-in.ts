import type { FastifyBaseLogger } from 'fastify';
import * as client from 'openid-client';
import type { Db } from '../../db/db.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { OidcProvider } from './oidc-client.ts';
import { deleteExpiredFlows, insertFlow } from './oidc.repository.ts';

export const FLOW_TTL_MS = 10 * 60 * 1000;

export interface StartedSignIn {
  /** Where to send the browser: the provider, or /welcometrfauth saying why not. */
  location: string;
  /** The value of the browser-binding cookie (absent when nothing was started). */
  browserBinding?: string;
}

/** Starts an authorization-code-with-PKCE sign-in: the verifier, nonce and state stay here. */
export async function startSignIn(deps: { db: Db; log: FastifyBaseLogger; oidc: OidcProvider | null }) {
  if (!deps.oidc) return { location: '/welcometrfauth' } satisfies StartedSignIn;
  let configuration: client.Configuration;
  try {
    configuration = await deps.oidc.configuration();
  } catch (err) {
    deps.log.warn({ err, oidc: { reason: 'unavailable' } }, 'single sign-on provider discovery failed');
    return { location: '/welcometrfauth?error=unavailable' } satisfies StartedSignIn;
  }
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  const browserBinding = newToken();
  await deleteExpiredFlows(deps.db);
  await insertFlow(deps.db, {
    stateHash: hashToken(state),
    browserHash: hashToken(browserBinding),
    codeVerifier,
    nonce,
    expiresAt: new Date(Date.now() + FLOW_TTL_MS),
  });
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: deps.oidc.settings.redirectUri,
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { location: url.href, browserBinding } satisfies StartedSignIn;
}
