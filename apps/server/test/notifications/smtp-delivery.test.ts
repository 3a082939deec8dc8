import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox } from '../../src/db/schema/index.ts';
import { queueEmail } from '../../src/core/mail/mailer.ts';
import { createMember, memberWithToken } from '../support/factories.ts';
import { fund, send } from '../support/ledger-factories.ts';
import { ADDRESS, codesFor, createCategory, createReward, putBasketLine } from '../support/rewards-factories.ts';
import { PORTAL, setupAcmeMail } from '../support/smtp-delivery.ts';
import { apply, checked, csv, settled } from '../support/upload-helpers.ts';

/** E-mail over SMTP: the reset link, rewards orders and points uploads, and delivery through an outage. Kudos e-mails: smtp-kudos-mail.test.ts. */
const { ctx, inbox, dispatcher, deliver, onlyMessageTo, expectFramed } = setupAcmeMail();

describe('e-mail over SMTP (smtp-server in the test)', () => {
  it('the password-reset link', async () => {
    const member = await createMember(ctx.app, { firstName: 'Lerato' });
    const res = await ctx.request({ method: 'POST', url: '/api/auth/reset-request', payload: { email: member.email } });
    expect(res.statusCode).toBe(200);
    await ctx.app.backgroundWork.settled();
    expect(await deliver()).toBeGreaterThanOrEqual(1);
    const mail = onlyMessageTo(member.email!);
    expect(mail.subject).toBe('Reset your Ovation password');
    const link = /https:\/\/recognition\.acme\.example\/resetpassword\?token=[\w%-]+/.exec(mail.text!)?.[0];
    expect(link).toBeDefined();
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.text).toContain('Hello Lerato');
  });

  it('a rewards order: the confirmation with its codes, then each change of status', async () => {
    const category = await createCategory(ctx.app);
    const voucher = await createReward(ctx.app, category.id, {
      name: 'Cinema Voucher',
      pointsCost: 150,
      codes: codesFor('SMTP', 2),
    });
    const shopper = await memberWithToken(ctx, { firstName: 'Zanele' });
    await fund(ctx.app, shopper.member.id, 500);
    await putBasketLine(ctx, shopper.token, voucher.id, 1);
    const placed = await send(ctx, '/api/rewards/checkout', shopper.token, { address: ADDRESS });
    expect(placed.statusCode).toBe(200);
    const orderId = placed.json().orderId as number;
    await deliver();
    const confirmation = onlyMessageTo(shopper.member.email!);
    expect(confirmation.subject).toBe(`Your rewards order #${orderId}`);
    expect(confirmation.text).toMatch(/Voucher code: SMTP-?\w+/);
    expect(confirmation.text).toContain('150 Stars');

    const admin = await memberWithToken(ctx, { isAdminReports: true });
    const moved = await ctx.request({
      method: 'POST',
      url: `/api/admin/rewards/orders/${orderId}/status`,
      token: admin.token,
      payload: { status: 'fulfilled', note: 'Sent by e-mail' },
    });
    expect(moved.statusCode).toBe(200);
    await deliver();
    const arrived = inbox.to(shopper.member.email!);
    expect(arrived).toHaveLength(2);
    const status = arrived[1]!;
    expectFramed(status, shopper.member.email!);
    expect(status.subject).toBe(`Your rewards order #${orderId} has been fulfilled`);
    expect(status.text).toContain('Note: Sent by e-mail');
    // The status e-mail does not repeat the voucher codes.
    expect(status.text).not.toMatch(/SMTP-?\w+/);
  });

  it('a points upload: the administrators who asked to be told, and each member it credited', async () => {
    const uploader = await memberWithToken(ctx, { roles: 'upl-pts', firstName: 'Upload', surname: 'Person' });
    const told = await createMember(ctx.app, { roles: 'upl-pts-nfy' });
    const credited = await createMember(ctx.app);
    const file = csv([
      ['Employee number', 'Points', 'Account', 'Reason'],
      [credited.employeeNumber, 40, 'personal', 'Safety award'],
    ]);
    const preview = await checked(ctx, uploader.token, 'points', { name: 'safety.csv', bytes: file });
    expect((await apply(ctx, uploader.token, preview.uploadId)).statusCode).toBe(202);
    expect((await settled(ctx, uploader.token, preview.uploadId)).status).toBe('applied');
    await deliver();
    const mail = onlyMessageTo(told.email!);
    expect(mail.text).toContain('Upload Person applied the points upload “safety.csv”');
    expect(mail.text).toContain(`${PORTAL}/reportuploads`);
    // The member credited (decision 0044): their rows and nothing of the administrators' summary.
    const own = onlyMessageTo(credited.email!);
    expect(own.subject).toBe('You received 40 Stars');
    expect(own.text).toContain('You received 40 Stars in a points upload:');
    expect(own.text).toContain('- 40 Stars: Safety award');
    expect(own.text).not.toContain('safety.csv');
    expect(own.text).not.toContain('Upload Person');
  });

  it('SMTP down, then up: delivered once, after the back-off', async () => {
    const to = 'outage@example.test';
    await queueEmail(ctx.app.db, ctx.app.log, { kind: 'test', to, subject: 'During the outage', text: 'Hello' });
    await inbox.stop();
    try {
      expect(await dispatcher.flush()).toBe(0);
      const [failed] = await ctx.app.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
      expect(failed).toMatchObject({ sentAt: null, attempts: 1 });
      expect(failed!.lastError).toMatch(/ECONNREFUSED|connect/i);
      // Within the back-off nothing is tried (attempts stay at 1).
      expect(await dispatcher.flush()).toBe(0);
      expect((await ctx.app.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)))[0]!.attempts).toBe(1);
    } finally {
      await inbox.start();
    }
    await ctx.app.db
      .update(emailOutbox)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(emailOutbox.toAddress, to));
    expect(await deliver()).toBe(1);
    expect(await deliver()).toBe(0);
    expect(inbox.to(to)).toHaveLength(1);
    const [row] = await ctx.app.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
    expect(row!.sentAt).toBeInstanceOf(Date);
  });
});
