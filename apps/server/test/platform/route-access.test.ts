import { describe, expect, it } from 'vitest';
import { setupApp } from '../support/build-app.ts';
import { memberWithToken } from '../support/factories.ts';

/**
 * Sweeps the route catalogue: every /api route that is not public refuses anonymous callers
 * (401), and every route that needs a capability refuses a member without it (403).
 */
const ctx = setupApp();
const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'GET /api/auth/xsrf',
  'POST /api/auth/login',
  'POST /api/auth/register',
  'POST /api/auth/register/activate',
  'POST /api/auth/reset-request',
  'POST /api/auth/reset',
  'POST /api/auth/login/totp',
  'POST /api/support/contact',
  'POST /api/site/getcontentdb',
  'GET /api/openapi.json',
  // EventSource sends no bearer header: a 60-second signed ticket authenticates the stream.
  'GET /api/live/stream',
  // Single sign-on: the flow is anonymous until the callback opens a session (decision 0025).
  'GET /api/auth/oidc/config',
  'GET /api/auth/oidc/start',
  'POST /api/auth/oidc/callback',
  // The weekly digest's signed unsubscribe link works without signing in (decision 0027).
  'POST /api/notifications/unsubscribe',
  // Catalogue pictures, for img tags (unguessable ids, like profile pictures).
  'GET /api/rewards/pictures/:picId',
]);

const AWARD_PROGRAMME = {
  name: 'Stars',
  levels: [{ key: 'gold', name: 'Gold', points: 10 }],
  opensOn: '2026-01-01',
  closesOn: '2026-12-31',
};
const REWARD_INPUT = { category: 'x', name: 'X', pointsCost: 1, randValue: 100, fulfilment: 'delivery' };
/** Valid bodies for capability routes, so the schema's 400 does not come before the 403. */
const SAMPLE_BODIES: Record<string, unknown> = {
  'PUT /api/mood/data': { value: 1 },
  'POST /api/payitforward/send': { toMemberId: 1, points: 1, message: 'Thanks' },
  'POST /api/game/play': { cap: 1 },
  'POST /api/admin/news': { text: 'News' },
  'PUT /api/admin/news/:newsId': { text: 'News' },
  'PUT /api/admin/news/order': { newsIds: [1] },
  'PUT /api/admin/roles/:memberId': { roles: [], isAdminReports: false },
  'PUT /api/rewards/basket/lines/:rewardId': { quantity: 1 },
  'POST /api/admin/rewards/categories': { name: 'Books', slug: 'books' },
  'POST /api/admin/rewards/items': REWARD_INPUT,
  'PUT /api/admin/rewards/items/:rewardId': REWARD_INPUT,
  'POST /api/admin/rewards/items/:rewardId/codes': { csv: 'CODE-0001' },
  'POST /api/admin/rewards/orders/:orderId/status': { status: 'processing' },
  'POST /api/admin/awards/programmes': AWARD_PROGRAMME,
  'PUT /api/admin/awards/programmes/:programmeId': AWARD_PROGRAMME,
  'POST /api/admin/awards/programmes/:programmeId/fund': { points: 10 },
  'PUT /api/admin/awards/service': {
    enabled: true,
    milestones: [{ years: 5, points: 500, form: 'points' }],
    randPerPoint: 0.1,
    noticeDays: 30,
  },
  'POST /api/admin/awards/service/breaks': { memberId: 1, startsOn: '2020-01-01', endsOn: '2020-01-10' },
  'POST /api/admin/integrations/tokens': { name: 'Directory', scopes: ['scim'] },
  'PUT /api/admin/integrations/leavers': { points: 'keep', keepDays: 90 },
};

const apiRoutes = () =>
  ctx.app.routeCatalog.filter(
    (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD',
  );

describe('route access', () => {
  it('marks public exactly the routes meant to be public', () => {
    const declared = apiRoutes()
      .filter((r) => r.auth === 'public')
      .map((r) => `${r.method} ${r.url}`);
    expect(new Set(declared)).toEqual(PUBLIC_ROUTES);
  });

  it('refuses anonymous callers on every other /api route', async () => {
    const protectedRoutes = apiRoutes().filter((r) => r.auth !== 'public');
    expect(protectedRoutes.length).toBeGreaterThan(3);
    for (const route of protectedRoutes) {
      const res = await ctx.request({
        method: route.method as 'GET',
        url: route.url.replace(/:\w+/g, '1'),
        payload: route.method === 'GET' ? undefined : {},
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('refuses anonymous callers on every other /api route reached through an encoded prefix', async () => {
    // The router decodes `/%61pi/…` to `/api/…`; the gate must judge the route, not the raw URL.
    const protectedRoutes = apiRoutes().filter((r) => r.auth !== 'public');
    for (const route of protectedRoutes) {
      const res = await ctx.request({
        method: route.method as 'GET',
        url: route.url.replace(/^\/api\//, '/%61pi/').replace(/:\w+/g, '1'),
        payload: route.method === 'GET' ? undefined : {},
      });
      expect(res.statusCode, `${route.method} ${route.url} as /%61pi/`).toBe(401);
    }
  });

  it('refuses members without the capability on every capability route', async () => {
    const { token } = await memberWithToken(ctx, { country: 'Kenya', unit: 'TRF' });
    const gated = apiRoutes().filter((r) => r.capability);
    expect(gated.length).toBeGreaterThan(0);
    for (const route of gated) {
      const res = await ctx.request({
        method: route.method as 'GET',
        url: route.url.replace(/:\w+/g, '1'),
        payload: route.method === 'GET' ? undefined : (SAMPLE_BODIES[`${route.method} ${route.url}`] ?? {}),
        token,
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it('lets a report administrator read the outbox', async () => {
    const { token } = await memberWithToken(ctx, { isAdminReports: true });
    const res = await ctx.request({ method: 'GET', url: '/api/admin/outbox', token });
    expect(res.statusCode).toBe(200);
    expect(res.json().emails).toEqual(expect.any(Array));
  });
});
