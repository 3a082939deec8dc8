import { inArray } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kudos } from '../../src/db/schema/index.ts';
import { startMailDispatcher, type MailDispatcher } from '../../src/core/mail/mailer.ts';
import { runWeeklyDigest } from '../../src/modules/notifications/digest.ts';
import { listUnsubscribeHeaders } from '../../src/modules/notifications/list-unsubscribe.ts';
import { setupApp } from '../support/build-app.ts';
import { createMember, memberWithToken } from '../support/factories.ts';
import { createBehaviour, relaxLimits, send } from '../support/ledger-factories.ts';
import { SmtpInbox } from '../support/smtp-inbox.ts';
import { apply, checked, csv, settled } from '../support/upload-helpers.ts';

const PORTAL = 'https://recognition.acme.example';
const ctx = setupApp({ PUBLIC_URL: PORTAL });
const inbox = new SmtpInbox();
let dispatcher: MailDispatcher;

beforeAll(async () => {
  await inbox.start();
  await relaxLimits(ctx.app);
  dispatcher = await startMailDispatcher(
    ctx.app.db,
    ctx.app.log,
    {
      url: inbox.url,
      from: 'recognition@acme.example',
      publicUrl: PORTAL,
      headers: listUnsubscribeHeaders(ctx.app.db, PORTAL),
    },
    3_600_000,
  );
});
afterAll(async () => {
  await dispatcher?.stop();
  await inbox.stop();
});

async function deliver() {
  for (let n = await dispatcher.flush(); n > 0; n = await dispatcher.flush());
}

/** A header as it arrived (mailparser turns List-* headers into objects; this is the raw line). */
const header = (mail: ParsedMail, name: string) => {
  const line = mail.headerLines.find((h) => h.key === name)?.line;
  return line === undefined ? undefined : line.slice(line.indexOf(':') + 1).trim();
};
/** The link inside List-Unsubscribe's angle brackets. */
const linkOf = (mail: ParsedMail) => /^<([^>]+)>$/.exec(header(mail, 'list-unsubscribe') ?? '')?.[1];
const only = (address: string) => {
  const arrived = inbox.to(address);
  expect(arrived).toHaveLength(1);
  return arrived[0]!;
};

/** What a mail client does for RFC 8058: POST to the link, a form body, no cookie, no XSRF token. */
const oneClick = (link: string, body = 'List-Unsubscribe=One-Click', type = 'application/x-www-form-urlencoded') =>
  ctx.app.inject({
    method: 'POST',
    url: link.slice(PORTAL.length),
    headers: { 'content-type': type },
    payload: body,
  });
const preferences = async (token: string) =>
  (await ctx.request({ method: 'GET', url: '/api/profile/preferences', token })).json();

describe('List-Unsubscribe (decision 0044)', () => {
  it('notification e-mails carry it for their own kind; one-click turns that kind off and nothing else', async () => {
    const manager = await createMember(ctx.app, { isManager: true });
    const recipient = await memberWithToken(ctx, { managerId: manager.id });
    const sender = await memberWithToken(ctx);
    const behaviour = await createBehaviour(ctx.app, `Ownership ${recipient.member.id}`);
    const sent = await send(ctx, '/api/recognition/send', sender.token, {
      toMemberIds: [recipient.member.id],
      behaviourId: behaviour.id,
      message: 'Well done',
    });
    expect(sent.statusCode).toBe(200);
    await deliver();

    const own = only(recipient.member.email!);
    const link = linkOf(own);
    expect(link).toMatch(
      new RegExp(
        `^${PORTAL.replace(/\./g, '\\.')}/unsubscribe\\?token=${recipient.member.id}\\.recognised\\.[\\w-]{43}$`,
      ),
    );
    expect(header(own, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    // The manager's copy is not theirs to switch off: no header.
    const copy = only(manager.email!);
    expect(header(copy, 'list-unsubscribe')).toBeUndefined();
    expect(header(copy, 'list-unsubscribe-post')).toBeUndefined();

    const first = await oneClick(link!);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      alreadyOff: false,
      message:
        'You will no longer receive e-mails when someone recognises you. You can turn them on again under My Profile.',
    });
    expect((await oneClick(link!)).json()).toMatchObject({ alreadyOff: true });
    expect(await preferences(recipient.token)).toMatchObject({
      email: { recognised: false, high5: true, points: true, reaction: true },
      weeklyDigest: true,
    });

    // The page's button (the same token through the API) answers the same.
    const token = new URL(link!).searchParams.get('token');
    const viaPage = await ctx.request({ method: 'POST', url: '/api/notifications/unsubscribe', payload: { token } });
    expect(viaPage.json()).toMatchObject({ alreadyOff: true });
  });

  it('refuses a forged, altered or re-purposed token, and opening the link changes nothing', async () => {
    const member = await memberWithToken(ctx);
    const other = await createMember(ctx.app);
    const h5 = await send(ctx, '/api/high5/send', (await memberWithToken(ctx)).token, {
      toMemberId: member.member.id,
      message: 'Thanks',
    });
    expect(h5.statusCode).toBe(200);
    await deliver();
    const link = linkOf(only(member.member.email!))!;
    expect(link).toContain(`token=${member.member.id}.high5.`);
    const token = new URL(link).searchParams.get('token')!;
    const mac = token.split('.')[2]!;
    for (const bad of [
      `${member.member.id}.points.${mac}`, // the high5 signature for another kind
      `${member.member.id}.${mac}`, // … or for the weekly digest
      `${other.id}.high5.${mac}`, // … or for another member
      `${member.member.id}.high5.${mac[0] === 'A' ? 'B' : 'A'}${mac.slice(1)}`,
      `${member.member.id}.everything.${mac}`,
    ]) {
      const res = await oneClick(`${PORTAL}/unsubscribe?token=${encodeURIComponent(bad)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('This unsubscribe link is not valid.');
    }
    expect((await oneClick(`${PORTAL}/unsubscribe`)).statusCode).toBe(400);
    // A mail scanner opening the link (GET) changes nothing.
    await ctx.app.inject({ method: 'GET', url: link.slice(PORTAL.length) });
    expect((await preferences(member.token)).email.high5).toBe(true);
    // A multipart body (RFC 8058 allows it) is accepted too.
    const boundary = 'oneclickboundary';
    const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`;
    const res = await oneClick(link, multipart, `multipart/form-data; boundary=${boundary}`);
    expect(res.statusCode).toBe(200);
    expect((await preferences(member.token)).email).toEqual({
      recognised: true,
      high5: false,
      points: true,
      reaction: true,
    });
  });

  it('the weekly digest and a points upload carry it; a password reset and an activation do not', async () => {
    const member = await memberWithToken(ctx, { firstName: 'Digest' });
    const fan = await memberWithToken(ctx);
    const h5 = await send(ctx, '/api/high5/send', fan.token, { toMemberId: member.member.id, message: 'Hi' });
    await ctx.app.db
      .update(kudos)
      .set({ createdAt: new Date('2026-11-18T10:00:00Z') })
      .where(inArray(kudos.id, h5.json().messageLogIds as number[]));
    await runWeeklyDigest({ db: ctx.app.db, log: ctx.app.log, publicUrl: PORTAL }, new Date('2026-11-25T09:00:00Z'));

    const uploader = await memberWithToken(ctx, { roles: 'upl-pts' });
    const file = csv([
      ['Employee number', 'Points', 'Account', 'Reason'],
      [member.member.employeeNumber, 10, 'personal', 'Bonus'],
    ]);
    const preview = await checked(ctx, uploader.token, 'points', {
      name: `bonus-${member.member.id}.csv`,
      bytes: file,
    });
    expect((await apply(ctx, uploader.token, preview.uploadId)).statusCode).toBe(202);
    expect((await settled(ctx, uploader.token, preview.uploadId)).status).toBe('applied');

    expect(
      (await ctx.request({ method: 'POST', url: '/api/auth/reset-request', payload: { email: member.member.email } }))
        .statusCode,
    ).toBe(200);
    await ctx.app.backgroundWork.settled();
    const unclaimed = await createMember(ctx.app, { registered: false });
    const registered = await ctx.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: { employeeNumber: unclaimed.employeeNumber, email: unclaimed.email },
    });
    expect(registered.statusCode).toBe(200);
    await deliver();

    const arrived = inbox.to(member.member.email!);
    const bySubject = (pattern: RegExp) => arrived.find((m) => pattern.test(m.subject ?? ''))!;
    const digest = bySubject(/^Your week in recognition/);
    // The header's link is the one the digest's own text ends with.
    expect(linkOf(digest)).toMatch(new RegExp(`/unsubscribe\\?token=${member.member.id}\\.[\\w-]{43}$`));
    expect(digest.text).toContain(linkOf(digest));
    expect(linkOf(bySubject(/^You received 10 /))).toContain(`token=${member.member.id}.points.`);
    const reset = bySubject(/password/i);
    expect(reset).toBeDefined();
    expect(header(reset, 'list-unsubscribe')).toBeUndefined();
    expect(header(reset, 'list-unsubscribe-post')).toBeUndefined();
    const activation = only(unclaimed.email!);
    expect(activation.text).toContain('/register?token=');
    expect(header(activation, 'list-unsubscribe')).toBeUndefined();

    // One click on the digest's header turns the digest off, and only the digest.
    expect((await oneClick(linkOf(digest)!)).json().message).toBe(
      'You will no longer receive the weekly digest. You can turn it on again under My Profile.',
    );
    expect(await preferences(member.token)).toMatchObject({
      email: { recognised: true, high5: true, points: true, reaction: true },
      weeklyDigest: false,
    });
  });

  it('an http portal gets List-Unsubscribe without the one-click header (RFC 8058 needs https)', async () => {
    const member = await createMember(ctx.app);
    const headersFor = listUnsubscribeHeaders(ctx.app.db, 'http://localhost:3000/');
    const headers = await headersFor(ctx.app.db, { kind: 'kudos-high5', to: member.email!.toUpperCase() });
    expect(Object.keys(headers ?? {})).toEqual(['List-Unsubscribe']);
    expect(headers!['List-Unsubscribe']).toMatch(
      /^<http:\/\/localhost:3000\/unsubscribe\?token=\d+\.high5\.[\w-]{43}>$/,
    );
    expect(await headersFor(ctx.app.db, { kind: 'kudos-high5', to: 'nobody@example.test' })).toBeUndefined();
    expect(await headersFor(ctx.app.db, { kind: 'rewards-order-placed', to: member.email! })).toBeUndefined();
  });
});
