import { describe, expect, it } from 'vitest';
import { OIDC_REFUSALS } from '@ovation/shared/schemas/oidc';
import { createMember } from '../support/factories.ts';
import { callback, sessionCount, throughProvider, withProvider } from '../support/oidc-sign-in-flow.ts';

/** Matching on e-mail, a token that does not say email_verified (issue 43): refused unless configured. */
describe('single sign-on from a provider that does not say the address is verified', () => {
  const { ctx, provider } = withProvider();

  it('is refused by default, as is one that says false', async () => {
    const member = await createMember(ctx.app);
    provider().accounts.set('silent-login', { email: member.email });
    const a = await throughProvider(ctx, 'silent-login');
    const res = await callback(ctx, a.redirect, a.binding);
    expect(res.statusCode).toBe(400);
    expect(res.json().type).toBe(OIDC_REFUSALS.rejected);
    expect(await sessionCount(ctx, member.id)).toBe(0);
  });
});

describe('single sign-on with OIDC_UNVERIFIED_EMAIL=accept (Entra ID never sends the claim)', () => {
  const { ctx, provider } = withProvider({}, { OIDC_UNVERIFIED_EMAIL: 'accept' });

  it('takes a token without the claim, and still refuses one that says false', async () => {
    const member = await createMember(ctx.app);
    provider().accounts.set('entra-login', { email: member.email });
    const a = await throughProvider(ctx, 'entra-login');
    expect((await callback(ctx, a.redirect, a.binding)).statusCode).toBe(200);
    expect(await sessionCount(ctx, member.id)).toBe(1);

    const other = await createMember(ctx.app);
    provider().accounts.set('false-login', { email: other.email, email_verified: false });
    const b = await throughProvider(ctx, 'false-login');
    expect((await callback(ctx, b.redirect, b.binding)).statusCode).toBe(400);
    expect(await sessionCount(ctx, other.id)).toBe(0);
  });
});
