import { describe, expect, it } from 'vitest';
import { memberWithToken } from '../support/factories.ts';
import { setupSmtpDelivery } from '../support/smtp-delivery.ts';

/** Support's e-mails over SMTP: a reply goes to whoever wrote, not to the portal's no-reply address. */
const SUPPORT = 'help@acme.example';
const { ctx, inbox, dispatcher } = setupSmtpDelivery(
  { SUPPORT_EMAIL: SUPPORT },
  { from: 'Recognition <no-reply@acme.example>', publicUrl: 'https://recognition.acme.example' },
);

const replyTo = (subject: RegExp) => {
  const mail = inbox.to(SUPPORT).find((m) => subject.test(m.subject ?? ''));
  expect(mail, String(subject)).toBeDefined();
  return mail!.replyTo?.value.map((v) => v.address);
};

describe('support e-mails carry the sender to reply to', () => {
  it('a visitor’s support request and a member’s Contact Us message', async () => {
    const visitor = await ctx.request({
      method: 'POST',
      url: '/api/support/contact',
      payload: { name: 'Pat Visitor', email: 'pat@example.test', message: 'I cannot register.' },
    });
    expect(visitor.statusCode).toBe(200);
    const { member, token } = await memberWithToken(ctx);
    const contact = await ctx.request({
      method: 'POST',
      url: '/api/site/contactus',
      payload: { subject: 'Points missing', message: 'My points did not arrive.' },
      token,
    });
    expect(contact.statusCode).toBe(200);
    while ((await dispatcher.flush()) > 0);
    expect(replyTo(/^Support request #\d+ from Pat Visitor$/)).toEqual(['pat@example.test']);
    expect(replyTo(/^Contact us #\d+: Points missing$/)).toEqual([member.email]);
  });
});
