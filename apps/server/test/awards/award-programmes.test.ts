import { describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/core/ledger/verify-ledger.ts';
import { awardsAdmin, fundedProgramme, programmeAccounts, programmeInput } from '../support/award-factories.ts';
import { setupApp } from '../support/build-app.ts';
import { memberWithToken } from '../support/factories.ts';
import { send } from '../support/ledger-factories.ts';

const ctx = setupApp();
const URL = '/api/admin/awards/programmes';

describe('award programmes', () => {
  it('are run by the awards role and report administrators only', async () => {
    const { token: member } = await memberWithToken(ctx);
    const { token: reports } = await memberWithToken(ctx, { isAdminReports: true });
    const { token: awards } = await awardsAdmin(ctx);
    expect((await ctx.request({ method: 'GET', url: URL, token: member })).statusCode).toBe(403);
    expect((await ctx.request({ method: 'GET', url: URL, token: reports })).statusCode).toBe(200);
    expect((await ctx.request({ method: 'GET', url: URL, token: awards })).statusCode).toBe(200);
    const session = await ctx.request({ method: 'POST', url: '/api/spa/loadsession', token: awards, payload: {} });
    expect(session.json().capabilities.manageAwards).toBe(true);
  });

  it('answers a bad programme with every field’s error, and writes nothing', async () => {
    const { token } = await awardsAdmin(ctx);
    const res = await ctx.request({
      method: 'POST',
      url: URL,
      token,
      payload: {
        name: 'X',
        levels: [{ key: 'Gold!', name: '', points: 0 }],
        approval: { manager: false, managersManager: false, namedApproverIds: [] },
        opensOn: '2026-02-30',
        closesOn: '2026-01-01',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(
      expect.arrayContaining([
        'name',
        'levels.0.key',
        'levels.0.name',
        'levels.0.points',
        'approval.manager',
        'opensOn',
      ]),
    );
    const unknown = await ctx.request({
      method: 'POST',
      url: URL,
      token,
      payload: programmeInput({ behaviourIds: [999_999] }),
    });
    expect(unknown.json().errors.behaviourIds).toBeDefined();
  });

  it('answers a date that is no day, or not yyyy-MM-dd, with the field’s error (never a 500)', async () => {
    const { token } = await awardsAdmin(ctx);
    const errors = async (opensOn: unknown) => {
      const res = await ctx.request({ method: 'POST', url: URL, token, payload: programmeInput({ opensOn }) });
      expect(res.statusCode, String(opensOn)).toBe(400);
      return res.json().errors.opensOn;
    };
    expect(await errors('2026-13-01')).toEqual(['Opens is not a day']);
    expect(await errors('2100-02-29')).toEqual(['Opens is not a day']);
    expect(await errors('1899-12-31')).toEqual(['Opens: use yyyy-MM-dd']);
    expect(await errors('soon')).toEqual(['Opens: use yyyy-MM-dd']);
    expect(await errors('')).toEqual(['Opens: use yyyy-MM-dd']);
  });

  it('are funded from issuance, listed open to members without their budget, and saved with a conflict check', async () => {
    const { token } = await awardsAdmin(ctx);
    const programme = await fundedProgramme(ctx, token, 0);
    const funded = await send(ctx, `${URL}/${programme.id}/fund`, token, { points: 2500 });
    expect(funded.json()).toMatchObject({ budget: { available: 2500, held: 0 } });
    expect(await programmeAccounts(ctx.app, programme.id)).toEqual({ budget: 2500, held: 0 });
    expect((await send(ctx, `${URL}/${programme.id}/fund`, token, { points: -5 })).statusCode).toBe(400);

    const { token: member } = await memberWithToken(ctx);
    const open = await ctx.request({ method: 'GET', url: '/api/awards/programmes', token: member });
    const listed = open.json().programmes.find((p: { id: number }) => p.id === programme.id);
    expect(listed).toMatchObject({
      open: true,
      budget: null,
      levels: [{ key: 'bronze' }, { key: 'silver' }, { key: 'gold' }],
    });

    const all = await ctx.request({ method: 'GET', url: URL, token });
    const mine = all.json().programmes.find((p: { id: number }) => p.id === programme.id);
    const saved = await ctx.request({
      method: 'PUT',
      url: `${URL}/${programme.id}`,
      token,
      payload: programmeInput({ name: 'Renamed', archived: true, expectedUpdatedAt: mine.updatedAt }),
    });
    expect(saved.json()).toMatchObject({ name: 'Renamed', archived: true, open: false });
    const stale = await ctx.request({
      method: 'PUT',
      url: `${URL}/${programme.id}`,
      token,
      payload: programmeInput({ expectedUpdatedAt: mine.updatedAt }),
    });
    expect(stale.statusCode).toBe(409);
    const after = await ctx.request({ method: 'GET', url: '/api/awards/programmes', token: member });
    expect(after.json().programmes.some((p: { id: number }) => p.id === programme.id)).toBe(false);
    expect((await verifyLedger(ctx.app.db)).findings).toEqual([]);
  });
});
