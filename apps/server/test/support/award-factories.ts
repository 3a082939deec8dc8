import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '../../src/db/sql-rows.ts';
import type { TestContext } from './build-app.ts';
import { memberWithToken } from './factories.ts';
import { send } from './ledger-factories.ts';

export const LEVELS = [
  { key: 'bronze', name: 'Bronze', points: 100 },
  { key: 'silver', name: 'Silver', points: 250 },
  { key: 'gold', name: 'Gold', points: 500 },
];

const REASON = 'Stayed late three nights to finish the audit file and trained two new starters on it.';

/** A programme input that passes validation; open today, the manager then their manager approve. */
export function programmeInput(overrides: Record<string, unknown> = {}) {
  const today = new Date().toISOString().slice(0, 10);
  return {
    name: `Star Awards ${Math.random().toString(36).slice(2, 7)}`,
    description: 'For work that lifts the whole team.',
    levels: LEVELS,
    approval: { manager: true, managersManager: true, namedApproverIds: [], namedAbovePoints: null },
    opensOn: today,
    closesOn: '2199-12-31',
    reasonMinLength: 20,
    ...overrides,
  };
}

/** A signed-in member who runs programmes (the awards role). */
export const awardsAdmin = (ctx: TestContext) => memberWithToken(ctx, { roles: 'awards' });

/** Creates a programme through the API and funds it with `budget` points. */
export async function fundedProgramme(
  ctx: TestContext,
  adminToken: string,
  budget: number,
  overrides: Record<string, unknown> = {},
) {
  const created = await ctx.request({
    method: 'POST',
    url: '/api/admin/awards/programmes',
    token: adminToken,
    payload: programmeInput(overrides),
  });
  if (created.statusCode !== 200) throw new Error(`programme: ${created.statusCode} ${created.body}`);
  const programme = created.json() as { id: number; name: string };
  if (budget > 0) {
    const funded = await send(ctx, `/api/admin/awards/programmes/${programme.id}/fund`, adminToken, { points: budget });
    if (funded.statusCode !== 200) throw new Error(`fund: ${funded.statusCode} ${funded.body}`);
  }
  return programme;
}

export function nominateBody(programmeId: number, nomineeIds: number[], levelKey = 'bronze', reason = REASON) {
  return { programmeId, nomineeIds, levelKey, reason };
}

export const decide = (ctx: TestContext, token: string, id: number, body: Record<string, unknown>) =>
  send(ctx, `/api/awards/nominations/${id}/decision`, token, body);

/** The programme's budget and held balances, from the ledger. */
export async function programmeAccounts(app: FastifyInstance, programmeId: number) {
  const rows = await queryRows<{ kind: string; balance: unknown }>(
    app.db,
    sql`select kind, balance from ledger_accounts where member_id is null
        and kind in (${`award_budget:${programmeId}`}, ${`award_held:${programmeId}`})`,
  );
  const of = (prefix: string) => Number(rows.find((r) => r.kind.startsWith(prefix))?.balance ?? 0);
  return { budget: of('award_budget'), held: of('award_held') };
}

export async function nominationStatus(app: FastifyInstance, id: number) {
  const [row] = await queryRows<{ status: string; step: number; level_key: string; points: number }>(
    app.db,
    sql`select status, step, level_key, points from award_nominations where id = ${id}`,
  );
  return row!;
}
