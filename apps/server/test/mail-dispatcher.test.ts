import { describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { emailOutbox } from '../src/db/schema/index.ts';
import { MAX_DELIVERY_ATTEMPTS } from '../src/modules/mail/mail.repository.ts';
import { createMailDispatcher, queueEmail, type SendMail } from '../src/modules/mail/mailer.ts';
import { setupApp } from './build-app.ts';

const ctx = setupApp();
const HOUR = 3_600_000;

async function queue(...addresses: string[]) {
  for (const to of addresses)
    await queueEmail(ctx.app.db, ctx.app.log, { kind: 'test', to, subject: 'Hi', text: 'Body' });
}
const rowsFor = (addresses: string[]) =>
  ctx.app.db.select().from(emailOutbox).where(inArray(emailOutbox.toAddress, addresses));

describe('mail dispatcher', () => {
  it('sends each pending e-mail once and marks it sent', async () => {
    const addresses = ['one@example.com', 'two@example.com', 'three@example.com'];
    await queue(...addresses);
    const delivered: string[] = [];
    const dispatcher = createMailDispatcher(
      ctx.app.db,
      ctx.app.log,
      async (mail) => {
        delivered.push(mail.to);
      },
      HOUR,
    );
    try {
      expect(await dispatcher.flush()).toBe(3);
      expect(await dispatcher.flush()).toBe(0);
    } finally {
      await dispatcher.stop();
    }
    expect(delivered).toEqual(addresses);
    for (const row of await rowsFor(addresses)) expect(row.sentAt).toBeInstanceOf(Date);
  });

  it('records failures and gives up after the last attempt, without holding back the others', async () => {
    await queue('bounce@example.com', 'fine@example.com');
    const send: SendMail = async (mail) => {
      if (mail.to === 'bounce@example.com') throw new Error('550 mailbox unavailable');
    };
    const dispatcher = createMailDispatcher(ctx.app.db, ctx.app.log, send, HOUR);
    const sent: number[] = [];
    try {
      for (let i = 0; i < MAX_DELIVERY_ATTEMPTS + 2; i++) sent.push(await dispatcher.flush());
    } finally {
      await dispatcher.stop();
    }
    expect(sent).toEqual([1, 0, 0, 0, 0, 0, 0]);
    const [bounce] = await rowsFor(['bounce@example.com']);
    expect(bounce).toMatchObject({ sentAt: null, attempts: MAX_DELIVERY_ATTEMPTS });
    expect(bounce!.lastError).toContain('550 mailbox unavailable');
  });
});
