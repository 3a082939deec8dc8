import { beforeAll, expect } from 'vitest';
import { divisions } from '../../src/db/schema/index.ts';
import { setupApp } from './build-app.ts';
import { createMember, memberWithToken } from './factories.ts';
import { createBehaviour, fund, relaxLimits, send } from './ledger-factories.ts';

export type Table = {
  fields: string[];
  rows: unknown[][];
  total: number;
  totals?: Record<string, unknown>;
  note?: string;
};

export const records = (t: Table) => t.rows.map((row) => Object.fromEntries(t.fields.map((f, i) => [f, row[i]])));
export const rowOf = (t: Table, field: string, value: unknown) => records(t).find((r) => r[field] === value);

/**
 * The small firm the report tests query (issue 12): divisions on three levels, a manager with two
 * reports, members elsewhere and in Kenya, one unregistered, a report admin, and real sends
 * through the API (a recognition with points whose message is a spreadsheet formula, a Pay It
 * Forward, a High Five) — built once per test file, before its tests.
 */
export function setupReportsFirm() {
  const ctx = setupApp({ FEED_CACHE_SECONDS: 0 });
  const firm: {
    ctx: typeof ctx;
    adminToken: string;
    ids: Record<'d1' | 'd2' | 't1' | 't2' | 'o1' | 'o2' | 't3' | 'm' | 'a' | 'b' | 'c' | 'k', number>;
    query(key: string, payload?: object, token?: string): Promise<Table>;
  } = {
    ctx,
    adminToken: '',
    ids: {} as (typeof firm)['ids'],
    /** A report's first page (POST /api/reports/:key/query), as the report admin by default. */
    async query(key: string, payload: object = {}, token = firm.adminToken): Promise<Table> {
      const res = await ctx.request({ method: 'POST', url: `/api/reports/${key}/query`, token, payload });
      if (res.statusCode !== 200) throw new Error(`${key}: ${res.statusCode} ${res.body}`);
      return res.json();
    },
  };
  const { ids } = firm;

  async function division(name: string, level: number, parentId: number | null = null) {
    const [row] = await ctx.app.db.insert(divisions).values({ name, level, parentId }).returning();
    return row!.id;
  }

  beforeAll(async () => {
    await relaxLimits(ctx.app);
    ids.d1 = await division('Assurance R', 1);
    ids.d2 = await division('Audit R', 2, ids.d1);
    ids.t1 = await division('External R', 3, ids.d2);
    ids.t2 = await division('Internal R', 3, ids.d2);
    ids.o1 = await division('Tax R', 1);
    ids.o2 = await division('Corporate R', 2, ids.o1);
    ids.t3 = await division('Compliance R', 3, ids.o2);

    const manager = await memberWithToken(ctx, {
      isManager: true,
      firstName: 'Mona',
      surname: 'Manager',
      divisionId: ids.t1,
    });
    ids.m = manager.member.id;
    const a = await memberWithToken(ctx, { firstName: 'Ann', surname: 'Able', divisionId: ids.t1, managerId: ids.m });
    ids.a = a.member.id;
    const b = await memberWithToken(ctx, { firstName: 'Ben', surname: 'Baker', divisionId: ids.t2, managerId: ids.m });
    ids.b = b.member.id;
    ids.c = (await createMember(ctx.app, { firstName: 'Cara', surname: 'Cole', divisionId: ids.t3 })).id;
    ids.k = (
      await createMember(ctx.app, { firstName: 'Kofi', surname: 'Kenya', divisionId: ids.t3, country: 'Kenya' })
    ).id;
    await createMember(ctx.app, { firstName: 'Una', surname: 'Unregistered', divisionId: ids.t3, registered: false });
    firm.adminToken = (await memberWithToken(ctx, { isAdminReports: true, firstName: 'Ada', surname: 'Admin' })).token;

    await fund(ctx.app, ids.m, 1000, 'team_budget');
    await fund(ctx.app, ids.a, 200);
    const behaviour = await createBehaviour(ctx.app, 'Teamwork R');
    const rec = await send(ctx, '/api/recognition/send', manager.token, {
      toMemberIds: [ids.a, ids.b],
      behaviourId: behaviour.id,
      message: '=HYPERLINK("http://evil","click")',
      points: 50,
    });
    expect(rec.statusCode).toBe(200);
    expect(
      (await send(ctx, '/api/payitforward/send', a.token, { toMemberId: ids.c, points: 30, message: 'Coffee' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await send(ctx, '/api/high5/send', b.token, { toMemberId: ids.c, message: '+1 well done' })).statusCode,
    ).toBe(200);
  });
  return firm;
}
