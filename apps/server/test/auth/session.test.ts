import { describe, expect, it } from 'vitest';
import { sessionProfileSchema } from '@ovation/shared/schemas/profile';
import { setupApp } from '../support/build-app.ts';
import { createMember, memberWithToken } from '../support/factories.ts';

const ctx = setupApp();
const loadSession = (token?: string) =>
  ctx.request({ method: 'POST', url: '/api/spa/loadsession', payload: {}, token });

describe('POST /api/spa/loadsession', () => {
  it('needs a session', async () => {
    expect((await loadSession()).statusCode).toBe(401);
  });

  it('returns every spec §3 profile field and the capabilities', async () => {
    const manager = await createMember(ctx.app, { firstName: 'Mandla', surname: 'Boss' });
    const { member, token } = await memberWithToken(ctx, {
      firstName: 'Lindiwe',
      surname: 'Dube',
      managerId: manager.id,
      isManager: true,
      roles: 'rep,News',
      field1: 2,
      interests: 'Pata Pata',
      aspirations: 'Chess',
      country: 'South Africa',
      unit: 'TAX',
    });
    const res = await loadSession(token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body.profile).sort()).toEqual(Object.keys(sessionProfileSchema.shape).sort());
    expect(body.profile).toMatchObject({
      memberId: member.id,
      memberMngMemberId: manager.id,
      fullname: 'Lindiwe Dube',
      division: member.divisionId ? expect.stringContaining('Division') : '',
      country: 'South Africa',
      unit: 'TAX',
      isManager: true,
      isAdminReports: false,
      cellNum: '+27 82 555 0000',
      email: member.email,
      awardsPointsAvailable: 0,
      awardsPointsAvailable1: 0,
      awardsPointsAvailableMng: 0,
      pointsName: 'Kudos',
      roles: 'rep,News',
      field1: 2,
      profilePicId: 'nopic',
      profilePicSfx: '',
      interests: 'Pata Pata',
      asperations: 'Chess',
      managerName: 'Mandla Boss',
    });
    expect(body.capabilities).toMatchObject({
      manageTeam: true,
      viewReports: true,
      newsAdmin: true,
      payItForward: true,
      uploadData: false,
      managementMenu: true,
    });
    expect(body.currentYear).toBe(new Date().getUTCFullYear());
    expect(body.clientTitle).toBe('Ovation');
    expect(body.isProfileIncomplete).toBe(false);
  });

  it('flags an incomplete profile (no cell number, or one shorter than 10)', async () => {
    for (const cellNum of [null, '082 555']) {
      const { token } = await memberWithToken(ctx, { cellNum });
      expect((await loadSession(token)).json().isProfileIncomplete).toBe(true);
    }
  });

  it('never lets the body choose who the member is', async () => {
    const other = await createMember(ctx.app);
    const { member, token } = await memberWithToken(ctx);
    const res = await ctx.request({
      method: 'POST',
      url: '/api/spa/loadsession',
      payload: { memberId: other.id, isAdminReports: true },
      token,
    });
    expect(res.json().profile.memberId).toBe(member.id);
    expect(res.json().capabilities.viewReports).toBe(false);
  });

  it('reads capabilities for a Kenyan member in unit TRF', async () => {
    const { token } = await memberWithToken(ctx, { country: 'Kenya', unit: 'TRF' });
    const caps = (await loadSession(token)).json().capabilities;
    expect(caps).toMatchObject({ southAfrica: false, payItForward: false, moodCheckIn: false, managementMenu: false });
  });
});
