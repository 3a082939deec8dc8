import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { verifyLedger } from '../../src/core/ledger/verify-ledger.ts';
import { queryRows } from '../../src/db/sql-rows.ts';
import { createMember, login } from '../support/factories.ts';
import { balancesOf, fund, relaxLimits, send, setSetting } from '../support/ledger-factories.ts';
import { integrationToken, PATCH_OP, scim } from '../support/scim-factories.ts';
import { setupTwoInstances } from '../support/two-instances.ts';

/**
 * A leaver deactivated by the directory on one instance while they pay points forward on the
 * other (PostgreSQL, each instance its own pool and session cache): every send either commits
 * before the leaving, which then forfeits what is left, or is refused; none after it.
 */
describe('a leaver sending points while the directory deactivates them (PostgreSQL, two instances)', () => {
  const { a, b } = setupTwoInstances();

  it('each point is sent once or forfeited once, and nothing is sent after the leaving', async () => {
    await relaxLimits(a.app, [b.app]);
    await setSetting(a.app, 'leavers', { points: 'forfeit', keepDays: 90 }, [b.app]);
    const { secret } = await integrationToken(a);
    const leaver = await createMember(a.app);
    const friends = [await createMember(a.app), await createMember(a.app)];
    await fund(a.app, leaver.id, 200);
    const session = await login(b, leaver.email!);
    const found = await scim(a, secret, 'GET', `/Users?filter=${encodeURIComponent(`userName eq "${leaver.email}"`)}`);
    const id = found.json().Resources[0].id as string;

    let leftAt = 0;
    const sends = Array.from({ length: 120 }, (_, i) =>
      send(b, '/api/payitforward/send', session, {
        toMemberId: friends[i % 2]!.id,
        points: 1,
        message: `Thanks ${i}`,
      }).then((r) => ({ code: r.statusCode, at: Date.now() })),
    );
    const leaving = new Promise((r) => setTimeout(r, 15)).then(async () => {
      const left = await scim(a, secret, 'PATCH', `/Users/${id}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
      });
      leftAt = Date.now();
      return left.statusCode;
    });
    const [results, leftStatus] = await Promise.all([Promise.all(sends), leaving]);
    expect(leftStatus).toBe(200);
    const codes = results.map((r) => r.code);
    expect(
      codes.every((c) => c === 200 || c === 401),
      codes.join(','),
    ).toBe(true);
    const sent = codes.filter((c) => c === 200).length;

    // After the answer, on the other instance too: refused.
    const late = await send(b, '/api/payitforward/send', session, {
      toMemberId: friends[0]!.id,
      points: 1,
      message: 'Late',
    });
    expect(late.statusCode).toBe(401);
    expect(leftAt).toBeGreaterThan(0);

    expect((await balancesOf(a.app, leaver.id)).awardsPointsAvailable).toBe(0);
    const received =
      (await balancesOf(a.app, friends[0]!.id)).awardsPointsAvailable +
      (await balancesOf(a.app, friends[1]!.id)).awardsPointsAvailable;
    expect(received).toBe(sent);
    const [forfeit] = await queryRows<{ n: number; points: string }>(
      a.app.db,
      sql`select count(distinct t.id)::int as n, coalesce(-sum(e.amount), 0)::text as points
          from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
          join ledger_accounts ac on ac.id = e.account_id
          where t.kind = 'leaver_forfeit' and ac.member_id = ${leaver.id}`,
    );
    expect(Number(forfeit!.points)).toBe(200 - sent);
    expect(forfeit!.n).toBe(sent === 200 ? 0 : 1);
    expect((await verifyLedger(a.app.db)).findings).toEqual([]);
  });
});
