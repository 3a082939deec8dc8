import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/sql-rows.ts';
import { setupApp } from '../support/build-app.ts';
import { createMember } from '../support/factories.ts';
import { ENTERPRISE, entraUser, integrationToken, PATCH_OP, scim } from '../support/scim-factories.ts';

/**
 * The directory's calls arriving together are written together (decision 0112): each keeps its
 * own answer and log row, a refused one leaves the others written, and two calls for one user
 * are written one after the other.
 */
describe('SCIM writes arriving together', () => {
  const ctx = setupApp();

  it('creates a burst of joiners, refusing only the calls whose identifiers are taken', async () => {
    const { secret, tokenId } = await integrationToken(ctx);
    await createMember(ctx.app, { employeeNumber: 'HELD-1' });
    const joiners = Array.from({ length: 10 }, () => entraUser());
    const twin = { ...entraUser({ userName: joiners[3]!.userName }) };
    const heldNumber = entraUser({ employeeNumber: 'HELD-1' });
    const answers = await Promise.all(
      [...joiners, twin, heldNumber].map((user) => scim(ctx, secret, 'POST', '/Users', user)),
    );
    const statuses = answers.map((a) => a.statusCode);
    // The twin claims the fourth joiner's userName: whichever of the two arrived second is refused.
    const [first, second] = statuses[3] === 201 ? [3, 10] : [10, 3];
    expect([statuses[first], statuses[second]]).toEqual([201, 409]);
    expect(answers[second]!.json()).toMatchObject({
      scimType: 'uniqueness',
      detail: expect.stringContaining('userName'),
    });
    expect(statuses.filter((s, i) => i !== 3 && i < 10)).toEqual(Array(9).fill(201));
    expect(statuses[11]).toBe(409);
    expect(answers[11]!.json().detail).toContain('employeeNumber');

    // Each created answer is its own user, as read back.
    const sent = [...joiners, twin];
    for (const [i, answer] of answers.slice(0, 11).entries()) {
      if (answer.statusCode !== 201) continue;
      const user = answer.json();
      expect(user).toMatchObject({ userName: sent[i]!.userName, externalId: sent[i]!.externalId });
      expect((await scim(ctx, secret, 'GET', `/Users/${user.id}`)).json().externalId).toBe(sent[i]!.externalId);
    }
    const log = await queryRows<{ outcome: string; n: number }>(
      ctx.app.db,
      sql`select outcome, count(*)::int as n from provisioning_log where token_id = ${tokenId} group by outcome order by outcome`,
    );
    // One row a call, the refusals once each.
    expect(log).toEqual([
      { outcome: 'created', n: 10 },
      { outcome: 'refused', n: 2 },
    ]);
  });

  it('writes two changes of one user arriving together one after the other, both kept', async () => {
    const { secret } = await integrationToken(ctx);
    const manager = (await scim(ctx, secret, 'POST', '/Users', entraUser())).json();
    const created = (await scim(ctx, secret, 'POST', '/Users', entraUser())).json();
    const patch = (operations: unknown[]) =>
      scim(ctx, secret, 'PATCH', `/Users/${created.id}`, { schemas: [PATCH_OP], Operations: operations });
    const [title, boss] = await Promise.all([
      patch([{ op: 'replace', path: 'name.givenName', value: 'Lindiwe' }]),
      patch([{ op: 'replace', path: `${ENTERPRISE}:manager`, value: manager.id }]),
    ]);
    expect([title.statusCode, boss.statusCode]).toEqual([200, 200]);
    const read = (await scim(ctx, secret, 'GET', `/Users/${created.id}`)).json();
    expect(read.name.givenName).toBe('Lindiwe');
    expect(read[ENTERPRISE].manager.value).toBe(manager.id);
  });

  it('creates a joiner and deactivates a leaver arriving together, the leaver signed out', async () => {
    const { secret } = await integrationToken(ctx);
    const leaver = (await scim(ctx, secret, 'POST', '/Users', entraUser())).json();
    const [joined, left] = await Promise.all([
      scim(ctx, secret, 'POST', '/Users', entraUser()),
      scim(ctx, secret, 'PATCH', `/Users/${leaver.id}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
      }),
    ]);
    expect([joined.statusCode, left.statusCode]).toEqual([201, 200]);
    expect(left.json().active).toBe(false);
    const [row] = await queryRows<{ active: boolean; leftAt: string | null }>(
      ctx.app.db,
      sql`select active, left_at::text as "leftAt" from members where id = ${Number(leaver.id)}`,
    );
    expect(row).toMatchObject({ active: false, leftAt: expect.any(String) });
  });
});
