import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createMember, memberWithToken } from '../support/factories.ts';
import { createBehaviour, fund, send } from '../support/ledger-factories.ts';
import { setupAcmeMail } from '../support/smtp-delivery.ts';

/** The kudos e-mails over SMTP: what the recipient, their manager and a reacted-to member receive. */
const { ctx, inbox, deliver, onlyMessageTo, expectFramed } = setupAcmeMail();

describe('e-mail over SMTP (smtp-server in the test)', () => {
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
});
