import { describe, expect, it } from 'vitest';
import { setupApp } from '../support/build-app.ts';
import { memberWithToken, TEST_PASSWORD } from '../support/factories.ts';

/** Issue 15 #6: two members taking the same e-mail at once on PostgreSQL got a 500. */
const ctx = setupApp();

describe('two members claiming one e-mail address at once (PostgreSQL)', () => {
  it('lets one have it and refuses the other with a 4xx, never a 500', async () => {
    const a = await memberWithToken(ctx);
    const b = await memberWithToken(ctx);
    for (let round = 0; round < 5; round++) {
      const email = `contested.${round}.${a.member.id}@example.test`;
      const body = { cellNum: '+27 83 123 4567', email, currentPassword: TEST_PASSWORD };
      const results = await Promise.all(
        [a.token, b.token].map((token) => ctx.request({ method: 'PUT', url: '/api/profile', token, payload: body })),
      );
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses[0], JSON.stringify(statuses)).toBe(200);
      expect([400, 409]).toContain(statuses[1]);
    }
  });
});
