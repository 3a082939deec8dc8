import { describe, expect, it } from 'vitest';
import { setupApp } from '../support/build-app.ts';
import { createMember, memberWithToken, TEST_PASSWORD } from '../support/factories.ts';

/** Personal API answers are never kept by a browser or shared cache (issue 15, low findings). */
const ctx = setupApp();

describe('Cache-Control on API answers', () => {
  it('is no-store on the sign-in answer (it carries the bearer token)', async () => {
    const member = await createMember(ctx.app);
    const res = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.email, password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is no-store on a member’s session, balances and on refusals', async () => {
    const { token } = await memberWithToken(ctx);
    const session = await ctx.request({ method: 'POST', url: '/api/spa/loadsession', payload: {}, token });
    expect(session.statusCode).toBe(200);
    expect(session.headers['cache-control']).toBe('no-store');
    const celebrations = await ctx.request({ method: 'GET', url: '/api/celebrations/upcoming?days=30', token });
    expect(celebrations.statusCode).toBe(200);
    expect(celebrations.headers['cache-control']).toBe('no-store');
    const refused = await ctx.request({ method: 'GET', url: '/api/celebrations/upcoming?days=30' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('leaves the headers of answers that may be cached alone', async () => {
    const { token } = await memberWithToken(ctx);
    const picture = await ctx.request({ method: 'GET', url: '/profilepic/0', token });
    expect(picture.headers['cache-control']).not.toBe('no-store');
  });
});
