import { TOTP } from 'otpauth';
import { expect } from 'vitest';
import type { TestContext } from './build-app.ts';
import { memberWithToken, TEST_PASSWORD } from './factories.ts';

/**
 * The second-factor tests' helpers: `codeFor` (the code an authenticator app shows, `offset`
 * periods of 30 s from now), `post`, and `enrolled`, a member (a rep unless `overrides` say
 * otherwise) signed in and enrolled, with the secret and the recovery codes.
 */
export function totpHelpers(ctx: TestContext) {
  const codeFor = (secret: string, offset = 0) =>
    new TOTP({ secret, digits: 6, period: 30 }).generate({ timestamp: Date.now() + offset * 30_000 });

  const post = (url: string, payload: object, token?: string) => ctx.request({ method: 'POST', url, payload, token });

  async function enrolled(overrides = {}) {
    const { member, token } = await memberWithToken(ctx, { roles: 'rep', ...overrides });
    const start = await post('/api/auth/totp/enrol', { currentPassword: TEST_PASSWORD }, token);
    expect(start.statusCode).toBe(200);
    const { secret } = start.json();
    const confirm = await post('/api/auth/totp/confirm', { code: codeFor(secret) }, token);
    expect(confirm.statusCode).toBe(200);
    return { member, token, secret, recoveryCodes: confirm.json().recoveryCodes as string[] };
  }

  return { codeFor, post, enrolled };
}
