import type { FastifyBaseLogger } from 'fastify';
import * as client from 'openid-client';
import type { OidcCallbackRequest } from '@ovation/shared/schemas/oidc';
import type { Db } from '../../db/db.ts';
import { hashToken } from '../../lib/tokens.ts';
import { openSession } from '../auth/auth.service.ts';
import type { OidcProvider } from './oidc-client.ts';
import { refuse } from './oidc-refusals.ts';
import { consumeFlow, findMemberBy, insertOidcSession, markSsoRegistered } from './oidc.repository.ts';

export interface FinishSignInDeps {
  db: Db;
  log: FastifyBaseLogger;
  oidc: OidcProvider | null;
  sessionTtlHours: number;
}

/** What the provider's failure means for the member: unreachable, or a sign-in it did not vouch for. */
function classify(err: unknown): { reason: 'unavailable' | 'rejected'; detail: Record<string, unknown> } {
  // openid-client lets fetch's own TypeError ("fetch failed") through: the provider was not reached.
  if (err instanceof TypeError) return { reason: 'unavailable', detail: { error: err.message } };
  const e = err as { code?: unknown; error?: unknown; message?: unknown; cause?: { code?: unknown } };
  return {
    reason: 'rejected',
    detail: { code: e.code ?? e.cause?.code, error: e.error, message: e.message },
  };
}

/**
 * Finishes a single sign-on from the authorization response: the flow (state, browser binding)
 * is used once, the code is exchanged with PKCE, the ID token is verified (signature, issuer,
 * audience, expiry, nonce), the member is found by the configured claim, and the same session
 * as a password sign-in is opened.
 */
export async function finishSignIn(deps: FinishSignInDeps, input: OidcCallbackRequest & { browserBinding?: string }) {
  const { oidc, log } = deps;
  if (!oidc) throw refuse(log, 'off', null);
  const settings = oidc.settings;
  // The binding is checked as the flow is used, so a callback replayed from another browser
  // (a leaked URL) cannot spend the member's own flow.
  if (!input.browserBinding) throw refuse(log, 'badState', settings, { why: 'started in another browser' });
  const flow = await consumeFlow(deps.db, hashToken(input.state), hashToken(input.browserBinding));
  if (!flow) {
    throw refuse(log, 'badState', settings, { why: 'unknown, used or expired state, or another browser' });
  }

  const callbackUrl = new URL(settings.redirectUri);
  callbackUrl.searchParams.set('code', input.code);
  callbackUrl.searchParams.set('state', input.state);
  if (input.iss) callbackUrl.searchParams.set('iss', input.iss);

  let idToken: string;
  let claims: client.IDToken;
  let userinfo: Record<string, unknown> | undefined;
  try {
    const configuration = await oidc.configuration();
    const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: input.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    idToken = tokens.id_token!;
    claims = tokens.claims()!;
    // Many providers put e-mail and custom claims only in UserInfo when an access token is issued.
    if (claims[settings.claim] === undefined) {
      userinfo = await client.fetchUserInfo(configuration, tokens.access_token, claims.sub);
    }
  } catch (err) {
    const { reason, detail } = classify(err);
    throw refuse(log, reason, settings, detail);
  }

  const raw = claims[settings.claim] ?? userinfo?.[settings.claim];
  const value = typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim() : '';
  const emailVerified = claims.email_verified ?? userinfo?.email_verified;
  if (settings.match === 'email' && emailVerified === false) {
    throw refuse(log, 'rejected', settings, { sub: claims.sub, why: 'email_verified is false' });
  }
  // A provider that does not say the address is verified is refused unless configured to be taken.
  const saysVerified = emailVerified === true || emailVerified === 'true';
  if (settings.match === 'email' && !saysVerified && !settings.acceptUnverifiedEmail) {
    throw refuse(log, 'rejected', settings, { sub: claims.sub, why: 'email_verified is missing' });
  }
  const member = value ? await findMemberBy(deps.db, settings.match, value) : undefined;
  if (!member) throw refuse(log, 'noMember', settings, { sub: claims.sub, claim: settings.claim, found: !!value });
  if (!member.active) throw refuse(log, 'inactive', settings, { sub: claims.sub, memberId: member.id });

  const { authToken, sessionId } = await openSession(deps.db, member.id, deps.sessionTtlHours, { method: 'sso' });
  await Promise.all([insertOidcSession(deps.db, sessionId, idToken), markSsoRegistered(deps.db, member.id)]);
  log.info({ oidc: { sub: claims.sub, memberId: member.id } }, 'single sign-on');
  return { authToken };
}
