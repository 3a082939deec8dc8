import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, expect } from 'vitest';
import type { AppConfig } from '../../src/config/env.ts';
import { startMailDispatcher, type MailDispatcher } from '../../src/core/mail/mailer.ts';
import { setupApp, type TestContext } from './build-app.ts';
import { relaxLimits, setSetting } from './ledger-factories.ts';
import { SmtpInbox } from './smtp-inbox.ts';

export interface SmtpDelivery {
  ctx: TestContext;
  inbox: SmtpInbox;
  /** The app's mail dispatcher's batches, sent to the inbox (it starts before the file's tests). */
  dispatcher: Pick<MailDispatcher, 'flush'>;
  /** Delivers everything due over SMTP; how many were delivered. */
  deliver(): Promise<number>;
}

/**
 * The app for a test file whose e-mail goes over SMTP to a real server in the test (SmtpInbox):
 * the inbox listens and the dispatcher starts before the file's tests, `prepare` between them;
 * both stop after. The dispatcher's own timer waits an hour: tests deliver when they choose.
 */
export function setupSmtpDelivery(
  overrides: Partial<AppConfig>,
  mail: { from: string; publicUrl: string },
  prepare?: (ctx: TestContext) => Promise<void>,
): SmtpDelivery {
  const ctx = setupApp(overrides);
  const inbox = new SmtpInbox();
  let dispatcher: MailDispatcher;
  beforeAll(async () => {
    await inbox.start();
    await prepare?.(ctx);
    dispatcher = await startMailDispatcher(ctx.app.db, ctx.app.log, { url: inbox.url, ...mail }, 3_600_000);
  });
  afterAll(async () => {
    await dispatcher?.stop();
    await inbox.stop();
  });
  async function deliver() {
    let total = 0;
    for (let n = await dispatcher.flush(); n > 0; n = await dispatcher.flush()) total += n;
    return total;
  }
  return { ctx, inbox, dispatcher: { flush: () => dispatcher.flush() }, deliver };
}

export const PORTAL = 'https://recognition.acme.example';

/**
 * The firm the e-mail tests write for: Acme Mining, whose points are Stars, on PORTAL, with the
 * send limits relaxed. `onlyMessageTo` is the one message that arrived for an address, checked
 * by `expectFramed` for what every e-mail must carry.
 */
export function setupAcmeMail() {
  const delivery = setupSmtpDelivery(
    { PUBLIC_URL: PORTAL },
    { from: 'Acme Recognition <recognition@acme.example>', publicUrl: PORTAL },
    async (ctx) => {
      await setSetting(ctx.app, 'clientTitle', 'Acme Mining');
      await setSetting(ctx.app, 'pointsName', 'Stars');
      await relaxLimits(ctx.app);
    },
  );

  function onlyMessageTo(address: string): ParsedMail {
    const arrived = delivery.inbox.to(address);
    expect(arrived).toHaveLength(1);
    const mail = arrived[0]!;
    expectFramed(mail, address);
    return mail;
  }

  function expectFramed(mail: ParsedMail, address: string) {
    // A text part and an HTML part, each with the firm's name, the points name and the portal link.
    expect(mail.text).toBeTruthy();
    expect(mail.html).toBeTruthy();
    for (const part of [mail.text!, mail.html as string]) {
      expect(part).toContain('Acme Mining');
      expect(part).toContain('Stars');
      expect(part).toContain(PORTAL);
    }
    expect(mail.html).toContain(`href="${PORTAL}"`);
    expect(mail.from?.text).toContain('recognition@acme.example');
    // Addressed to this member only: nobody else on To, Cc or Bcc.
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value.map((v) => v.address) : []).toEqual([address]);
    expect(mail.cc).toBeUndefined();
    expect(mail.bcc).toBeUndefined();
  }

  return { ...delivery, onlyMessageTo, expectFramed };
}
