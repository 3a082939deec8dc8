import { describe, expect, it } from 'vitest';
import { createMailDispatcher, queueEmail, type SendMail } from '../../src/core/mail/mailer.ts';
import { setupApp } from '../support/build-app.ts';

/** Several app instances each run a dispatcher: PostgreSQL only (PGlite is one process). */
describe('mail dispatchers on several instances (PostgreSQL)', () => {
  const ctx = setupApp();

  it('never send the same e-mail twice', async () => {
    const addresses = Array.from({ length: 40 }, (_, i) => `member${i}@example.com`);
    for (const to of addresses) {
      await queueEmail(ctx.app.db, ctx.app.log, { kind: 'test', to, subject: 'Hi', text: 'Body' });
    }
    const delivered: string[] = [];
    const slowSend: SendMail = async (mail) => {
      await new Promise((resolve) => setTimeout(resolve, 2));
      delivered.push(mail.to);
    };
    const dispatchers = [1, 2, 3].map(() =>
      createMailDispatcher(ctx.app.db, ctx.app.log, slowSend, {
        intervalMs: 3_600_000,
        publicUrl: 'https://ovation.example',
      }),
    );
    try {
      // Each instance keeps flushing until it finds nothing left; all three run at once.
      const counts = await Promise.all(
        dispatchers.map(async (d) => {
          let total = 0;
          for (let n = await d.flush(); n > 0; n = await d.flush()) total += n;
          return total;
        }),
      );
      expect(counts.reduce((a, b) => a + b, 0)).toBe(40);
    } finally {
      await Promise.all(dispatchers.map((d) => d.stop()));
    }
    expect([...delivered].sort()).toEqual([...addresses].sort());
  });
});
