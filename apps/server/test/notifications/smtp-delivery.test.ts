import { writeFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../src/db/schema/index.ts';
import { queueEmail, startMailDispatcher, type MailDispatcher } from '../../src/core/mail/mailer.ts';
import { setupApp } from '../support/build-app.ts';
import { createMember, memberWithToken } from '../support/factories.ts';
import { createBehaviour, fund, relaxLimits, send, setSetting } from '../support/ledger-factories.ts';
import { ADDRESS, codesFor, createCategory, createReward, putBasketLine } from '../support/rewards-factories.ts';
import { SmtpInbox } from '../support/smtp-inbox.ts';
import { apply, checked, csv, settled } from '../support/upload-helpers.ts';

const PORTAL = 'https://recognition.acme.example';
const ctx = setupApp({ PUBLIC_URL: PORTAL });
const inbox = new SmtpInbox();
let dispatcher: MailDispatcher;

beforeAll(async () => {
  await inbox.start();
  await setSetting(ctx.app, 'clientTitle', 'Acme Mining');
  await setSetting(ctx.app, 'pointsName', 'Stars');
  await relaxLimits(ctx.app);
  dispatcher = await startMailDispatcher(
    ctx.app.db,
    ctx.app.log,
    { url: inbox.url, from: 'Acme Recognition <recognition@acme.example>', publicUrl: PORTAL },
    3_600_000,
  );
});
afterAll(async () => {
  await dispatcher?.stop();
  await inbox.stop();
});

/** Delivers everything due over SMTP. */
async function deliver() {
  let total = 0;
  for (let n = await dispatcher.flush(); n > 0; n = await dispatcher.flush()) total += n;
  return total;
}

/** The one message that arrived for `address`, checked for what every e-mail must carry. */
function onlyMessageTo(address: string): ParsedMail {
  const arrived = inbox.to(address);
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

  it('a recognition reaches the recipient and their manager; the manager sees no more than they should', async () => {
    const manager = await createMember(ctx.app, { firstName: 'Nomsa', surname: 'Dlamini', isManager: true });
    const recipient = await createMember(ctx.app, { firstName: 'Sipho', surname: 'Mokoena', managerId: manager.id });
    const sender = await memberWithToken(ctx, { firstName: 'Thandi', surname: 'Nkosi' });
    const behaviour = await createBehaviour(ctx.app, 'Customer First');
    const res = await send(ctx, '/api/recognition/send', sender.token, {
      toMemberIds: [recipient.id],
      behaviourId: behaviour.id,
      message: 'You turned the <Durban> client around & kept them. Claim at https://prizes.evil.example/claim',
    });
    expect(res.statusCode).toBe(200);
    await deliver();

    const own = onlyMessageTo(recipient.email!);
    expect(own.subject).toBe('Thandi Nkosi recognised you');
    expect(own.text).toContain('Hi Sipho');
    expect(own.text).toContain('Thandi Nkosi recognised you for Customer First');
    expect(own.text).toContain('"You turned the <Durban> client around & kept them. Claim at');
    // The HTML part escapes what members typed.
    expect(own.html).toContain('You turned the &lt;Durban&gt; client around &amp; kept them');
    expect(own.html).not.toContain('<Durban>');
    // An address a member typed stays text: only the portal's own addresses become links.
    expect(own.html).toContain('Claim at https://prizes.evil.example/claim');
    expect(own.html).not.toContain('href="https://prizes.evil.example');
    // MAIL_HTML_OUT=<file> keeps this e-mail's HTML part to look at in a browser (screenshots).
    if (process.env.MAIL_HTML_OUT) writeFileSync(process.env.MAIL_HTML_OUT, own.html as string);

    const boss = onlyMessageTo(manager.email!);
    expect(boss.subject).toBe('Thandi Nkosi recognised Sipho Mokoena');
    expect(boss.text).toContain('Hi Nomsa');
    expect(boss.text).toContain('a member of your team');
    // Not the recipient's address or the sender's: a name is enough.
    for (const part of [boss.text!, boss.html as string]) {
      expect(part).not.toContain(recipient.email!);
      expect(part).not.toContain(sender.member.email!);
    }
    expect(inbox.to(sender.member.email!)).toHaveLength(0);
  });

  it('a High Five and a Pay It Forward', async () => {
    const sender = await memberWithToken(ctx, { firstName: 'Pieter', surname: 'van Wyk' });
    const recipient = await createMember(ctx.app, { firstName: 'Ayanda' });
    await fund(ctx.app, sender.member.id, 100);
    expect(
      (await send(ctx, '/api/high5/send', sender.token, { toMemberId: recipient.id, message: 'Great demo' }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await send(ctx, '/api/payitforward/send', sender.token, {
          toMemberId: recipient.id,
          points: 25,
          message: 'Coffee is on me',
        })
      ).statusCode,
    ).toBe(200);
    await deliver();
    const arrived = inbox.to(recipient.email!);
    expect(arrived.map((m) => m.subject).sort()).toEqual([
      'Pieter van Wyk paid it forward to you',
      'Pieter van Wyk sent you a High Five',
    ]);
    for (const mail of arrived) expectFramed(mail, recipient.email!);
    const pif = arrived.find((m) => m.subject!.includes('paid it forward'))!;
    expect(pif.text).toContain('25 Stars');
    expect(pif.text).toContain('"Coffee is on me"');
    // The sender's balance is nobody's business but theirs.
    expect(pif.text).not.toMatch(/balance/i);
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

  it('an opted-out kind is not e-mailed; the bell still shows it', async () => {
    const sender = await memberWithToken(ctx, { firstName: 'Opt', surname: 'Sender' });
    const quiet = await memberWithToken(ctx);
    const prefs = await ctx.request({
      method: 'PUT',
      url: '/api/profile/preferences',
      token: quiet.token,
      payload: {
        email: { recognised: true, high5: false, points: true, reaction: false },
        weeklyDigest: true,
        hideCelebrations: false,
      },
    });
    expect(prefs.statusCode).toBe(200);
    const h5 = await send(ctx, '/api/high5/send', sender.token, { toMemberId: quiet.member.id, message: 'Shh' });
    expect(h5.statusCode).toBe(200);
    // A reaction to their kudos is opted out too.
    const react = await ctx.request({
      method: 'POST',
      url: '/api/shoutouts/ShoutOutReact',
      token: sender.token,
      payload: { messageLogId: h5.json().messageLogIds[0], reactNum: 1, isRedactReact: false },
    });
    expect(react.statusCode).toBe(200);
    await deliver();
    expect(inbox.to(quiet.member.email!)).toHaveLength(0);
    const bell = (await ctx.request({ method: 'GET', url: '/api/notifications', token: quiet.token })).json();
    expect(bell.items.map((i: { kind: string }) => i.kind)).toEqual(['reaction', 'high5']);
  });

  it('a reaction is e-mailed once, however often it is withdrawn and given again', async () => {
    const sender = await memberWithToken(ctx);
    const recipient = await memberWithToken(ctx, { firstName: 'Kagiso' });
    const fan = await memberWithToken(ctx, { firstName: 'Lindiwe', surname: 'Zulu' });
    const id = (
      await send(ctx, '/api/high5/send', sender.token, { toMemberId: recipient.member.id, message: 'Nice talk' })
    ).json().messageLogIds[0] as number;
    const react = (isRedactReact: boolean) =>
      ctx.request({
        method: 'POST',
        url: '/api/shoutouts/ShoutOutReact',
        token: fan.token,
        payload: { messageLogId: id, reactNum: 2, isRedactReact },
      });
    for (const withdraw of [false, true, false, true, false]) expect((await react(withdraw)).statusCode).toBe(200);
    await deliver();
    const arrived = inbox.to(recipient.member.email!);
    expect(arrived.map((m) => m.subject)).toEqual([
      expect.stringContaining('sent you a High Five'),
      'Lindiwe Zulu cheered your kudos',
    ]);
    expectFramed(arrived[1]!, recipient.member.email!);
    expect(arrived[1]!.text).toContain('"Nice talk"');
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
