import { describe, expect, it } from 'vitest';
import { csvCell } from '../../src/modules/statements/statement-csv.ts';
import { setupApp } from '../support/build-app.ts';
import { createMember, memberWithToken } from '../support/factories.ts';
import { createBehaviour, fund, relaxLimits, send } from '../support/ledger-factories.ts';

const ctx = setupApp();
const today = () => new Date().toISOString().slice(0, 10);

describe('GET /api/statements/*', () => {
  it('need a session', async () => {
    for (const url of ['/api/statements/points', '/api/statements/plays/csv', '/api/statements/team-budget']) {
      expect((await ctx.request({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('validate dates (400)', async () => {
    const { token } = await memberWithToken(ctx);
    const bad = await ctx.request({ method: 'GET', url: '/api/statements/points?from=2024-13-45', token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.from).toBeDefined();
    const reversed = await ctx.request({
      method: 'GET',
      url: '/api/statements/points?from=2024-05-02&to=2024-05-01',
      token,
    });
    expect(reversed.json().errors.to).toBeDefined();
    expect((await ctx.request({ method: 'GET', url: '/api/statements/points?from=yesterday', token })).statusCode).toBe(
      400,
    );
    // The calendar's ends are a firm's records' neither: each refused on its own field (0062).
    for (const [query, field] of [
      ['from=0000-01-01', 'from'],
      ['to=9999-12-31', 'to'],
      ['from=1899-12-31', 'from'],
    ] as const) {
      const res = await ctx.request({ method: 'GET', url: `/api/statements/points/csv?${query}`, token });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors[field], query).toBeDefined();
    }
  });

  it('are refused without the capability (403)', async () => {
    const kenyan = await memberWithToken(ctx, { country: 'Kenya' });
    expect((await ctx.request({ method: 'GET', url: '/api/statements/points', token: kenyan.token })).statusCode).toBe(
      403,
    );
    expect(
      (await ctx.request({ method: 'GET', url: '/api/statements/plays/csv', token: kenyan.token })).statusCode,
    ).toBe(403);
    const member = await memberWithToken(ctx);
    expect(
      (await ctx.request({ method: 'GET', url: '/api/statements/team-budget', token: member.token })).statusCode,
    ).toBe(403);
  });

  it('show movements with a running balance, descriptions and counterparties', async () => {
    await relaxLimits(ctx.app);
    const behaviour = await createBehaviour(ctx.app, 'Client First');
    const manager = await memberWithToken(ctx, { isManager: true, firstName: 'Thabo', surname: 'Nkosi' });
    const { member, token } = await memberWithToken(ctx, {
      managerId: manager.member.id,
      firstName: 'Naledi',
      surname: 'Mokoena',
    });
    const friend = await createMember(ctx.app, { firstName: '=HYPERLINK("x")', surname: 'Evil' });
    await fund(ctx.app, manager.member.id, 1000, 'team_budget');
    await fund(ctx.app, member.id, 50);
    await send(ctx, '/api/recognition/send', manager.token, {
      toMemberIds: [member.id],
      behaviourId: behaviour.id,
      message: 'Thanks',
      points: 200,
    });
    await send(ctx, '/api/payitforward/send', token, { toMemberId: friend.id, points: 30, message: 'Thanks' });

    const points = (await ctx.request({ method: 'GET', url: '/api/statements/points', token })).json();
    expect(points.openingBalance).toBe(0);
    expect(points.closingBalance).toBe(220);
    expect(
      points.lines.map((l: { description: string; amount: number; balance: number }) => [
        l.description,
        l.amount,
        l.balance,
      ]),
    ).toEqual([
      ['Test funding', 50, 50],
      ['Recognised by Thabo Nkosi — Client First', 200, 250],
      ['Paid forward to =HYPERLINK("x") Evil', -30, 220],
    ]);
    const plays = (await ctx.request({ method: 'GET', url: '/api/statements/plays', token })).json();
    expect(plays.lines).toEqual([
      expect.objectContaining({ description: 'Game plays earned', amount: 1, counterparty: 'Thabo Nkosi' }),
    ]);
    const budget = (
      await ctx.request({ method: 'GET', url: '/api/statements/team-budget', token: manager.token })
    ).json();
    expect(budget.lines.map((l: { amount: number; counterparty: string }) => [l.amount, l.counterparty])).toEqual([
      [1000, ''],
      [-200, 'Naledi Mokoena'],
    ]);
    expect(budget.closingBalance).toBe(800);

    // A range after today: the opening balance carries everything before it.
    const later = (await ctx.request({ method: 'GET', url: '/api/statements/points?from=2199-01-01', token })).json();
    expect(later).toEqual({ openingBalance: 220, closingBalance: 220, lines: [] });
    const todayOnly = (
      await ctx.request({ method: 'GET', url: `/api/statements/points?from=${today()}&to=${today()}`, token })
    ).json();
    expect(todayOnly.lines).toHaveLength(3);

    const csv = await ctx.request({ method: 'GET', url: '/api/statements/points/csv', token });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="statement-points\.csv"$/);
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    const rows = csv.body.slice(1).trim().split('\r\n');
    expect(rows[0]).toBe('Date,Description,Counterparty,Amount,Balance');
    expect(rows[1]).toBe(',Opening balance,,,0');
    expect(rows.at(-1)).toBe(',Closing balance,,,220');
    const [d, m, y] = [today().slice(8, 10), today().slice(5, 7), today().slice(0, 4)];
    expect(rows[4]).toBe(`${d}/${m}/${y},"Paid forward to =HYPERLINK(""x"") Evil","'=HYPERLINK(""x"") Evil",-30,220`);
  });
});

describe('CSV cells', () => {
  it('neutralise formulas and quote properly', () => {
    expect(csvCell('=1+2')).toBe("'=1+2");
    expect(csvCell('+27 82')).toBe("'+27 82");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=cmd|"x",y')).toBe(`"'=cmd|""x"",y"`);
    expect(csvCell(-30)).toBe('-30');
    expect(csvCell('plain')).toBe('plain');
  });
});
