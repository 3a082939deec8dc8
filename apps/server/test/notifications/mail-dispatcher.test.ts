import { describe, expect, it } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import { emailOutbox } from '../../src/db/schema/index.ts';
import { MAX_DELIVERY_ATTEMPTS } from '../../src/core/mail/mail.repository.ts';
import { createMailDispatcher, queueEmail, type SendMail } from '../../src/core/mail/mailer.ts';
import { setupApp } from '../support/build-app.ts';

const ctx = setupApp();
const OPTIONS = { intervalMs: 3_600_000, publicUrl: 'https://ovation.example' };

async function queue(...addresses: string[]) {
  for (const to of addresses)
    await queueEmail(ctx.app.db, ctx.app.log, { kind: 'test', to, subject: 'Hi', text: 'Body' });
}
const rowsFor = (addresses: string[]) =>
  ctx.app.db.select().from(emailOutbox).where(inArray(emailOutbox.toAddress, addresses));

/** A dispatcher whose mail server accepts everything, and the addresses it delivered to, in order. */
function recordingDispatcher(options: Partial<Parameters<typeof createMailDispatcher>[3]> = {}) {
  const delivered: string[] = [];
  const dispatcher = createMailDispatcher(
    ctx.app.db,
    ctx.app.log,
    async (mail) => {
      delivered.push(mail.to);
    },
    { ...OPTIONS, ...options },
  );
  return { dispatcher, delivered };
}

describe('mail dispatcher', () => {
  it('sends each pending e-mail once and marks it sent', async () => {
    const addresses = ['one@example.com', 'two@example.com', 'three@example.com'];
    await queue(...addresses);
    const { dispatcher, delivered } = recordingDispatcher();
    try {
      expect(await dispatcher.flush()).toBe(3);
      expect(await dispatcher.flush()).toBe(0);
    } finally {
      await dispatcher.stop();
    }
    expect(delivered).toEqual(addresses);
    for (const row of await rowsFor(addresses)) expect(row.sentAt).toBeInstanceOf(Date);
  });

  it('sends an e-mail with a secret link before the notifications queued ahead of it', async () => {
    const notices = ['notice1@example.com', 'notice2@example.com', 'notice3@example.com'];
    await queue(...notices);
    await queueEmail(ctx.app.db, ctx.app.log, {
      kind: 'activation',
      to: 'joiner@example.com',
      subject: 'Activate',
      text: 'https://ovation.example/register?token=x',
      sensitive: true,
    });
    const { dispatcher, delivered } = recordingDispatcher({ batch: 2 });
    try {
      expect(await dispatcher.flush()).toBe(2);
      expect(delivered).toEqual(['joiner@example.com', 'notice1@example.com']);
      expect(await dispatcher.flush()).toBe(2);
    } finally {
      await dispatcher.stop();
    }
    expect(delivered).toEqual(['joiner@example.com', ...notices]);
  });

  it('a round sends batch after batch until one is not full: a long queue leaves at the mail server’s pace', async () => {
    const addresses = Array.from({ length: 7 }, (_, i) => `digest${i}@example.com`);
    await queue(...addresses);
    const { dispatcher, delivered } = recordingDispatcher({ batch: 2 });
    try {
      expect(await dispatcher.drain()).toBe(7);
      expect(await dispatcher.drain()).toBe(0);
    } finally {
      await dispatcher.stop();
    }
    expect(delivered).toEqual(addresses);
  });

  it('a refused message is tried again after its back-off, without holding back the others', async () => {
    await queue('busy@example.com', 'fine@example.com');
    let busy = true;
    const send: SendMail = async (mail) => {
      if (mail.to === 'busy@example.com' && busy)
        throw Object.assign(new Error('451 try later'), { responseCode: 451 });
    };
    const dispatcher = createMailDispatcher(ctx.app.db, ctx.app.log, send, OPTIONS);
    try {
      expect(await dispatcher.flush()).toBe(1);
      const [row] = await rowsFor(['busy@example.com']);
      expect(row).toMatchObject({ sentAt: null, attempts: 1 });
      // Not due again before its back-off is over.
      expect(row!.nextAttemptAt!.getTime()).toBeGreaterThan(row!.createdAt.getTime());
      expect(await dispatcher.flush()).toBe(0);
      busy = false;
      await rewind(['busy@example.com']);
      expect(await dispatcher.flush()).toBe(1);
      expect(await dispatcher.flush()).toBe(0);
    } finally {
      await dispatcher.stop();
    }
    expect((await rowsFor(['busy@example.com']))[0]!.sentAt).toBeInstanceOf(Date);
  });

  it('gives up after the last attempt, and at once on a permanent refusal (5xx)', async () => {
    await queue('flaky@example.com', 'gone@example.com');
    const send: SendMail = async (mail) => {
      if (mail.to === 'gone@example.com')
        throw Object.assign(new Error('550 mailbox unavailable'), { responseCode: 550 });
      throw Object.assign(new Error('421 closing'), { responseCode: 421 });
    };
    const dispatcher = createMailDispatcher(ctx.app.db, ctx.app.log, send, OPTIONS);
    try {
      for (let i = 0; i < MAX_DELIVERY_ATTEMPTS + 2; i++) {
        expect(await dispatcher.flush()).toBe(0);
        await rewind(['flaky@example.com', 'gone@example.com']);
      }
    } finally {
      await dispatcher.stop();
    }
    const [flaky] = await rowsFor(['flaky@example.com']);
    expect(flaky).toMatchObject({ sentAt: null, attempts: MAX_DELIVERY_ATTEMPTS });
    const [gone] = await rowsFor(['gone@example.com']);
    expect(gone).toMatchObject({ sentAt: null, attempts: MAX_DELIVERY_ATTEMPTS });
    expect(gone!.lastError).toContain('550 mailbox unavailable');
  });
});

/** Ends the back-off of these rows now (instead of waiting for it). */
async function rewind(addresses: string[]) {
  await ctx.app.db
    .update(emailOutbox)
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(inArray(emailOutbox.toAddress, addresses));
}
