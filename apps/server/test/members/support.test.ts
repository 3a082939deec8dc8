import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox, supportRequests } from '../../src/db/schema/index.ts';
import { setupApp } from '../support/build-app.ts';
import { memberWithToken } from '../support/factories.ts';

const ctx = setupApp();

describe('POST /api/support/contact (anonymous)', () => {
  it('answers 400 with field errors for a bad body', async () => {
    const res = await ctx.request({ method: 'POST', url: '/api/support/contact', payload: { name: '', email: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['email', 'message', 'name']);
  });

  it('stores the request and e-mails support', async () => {
    const res = await ctx.request({
      method: 'POST',
      url: '/api/support/contact',
      payload: { name: 'Pat Visitor', email: 'pat@example.test', message: 'I cannot register.' },
    });
    expect(res.statusCode).toBe(200);
    const [stored] = await ctx.app.db
      .select()
      .from(supportRequests)
      .where(eq(supportRequests.email, 'pat@example.test'));
    expect(stored).toMatchObject({ name: 'Pat Visitor', memberId: null, message: 'I cannot register.' });
    const mails = await ctx.app.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'support-request'));
    expect(mails[0]).toMatchObject({ toAddress: 'support@ovation.example' });
    expect(mails[0]!.bodyText).toContain('I cannot register.');
  });

  it('takes a phone number support can call back, or none', async () => {
    const post = (phone: string) =>
      ctx.request({
        method: 'POST',
        url: '/api/support/contact',
        payload: { name: 'Pat Visitor', email: 'pat@example.test', phone, message: 'Please call.' },
      });
    const refused = await post('call me maybe');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ phone: ['Enter a phone number support can call, or leave it empty'] });
    expect((await post('+27 82 555 0101')).statusCode).toBe(200);
    expect((await post('')).statusCode).toBe(200);
  });
});

describe('POST /api/site/contactus (members)', () => {
  it('needs a session', async () => {
    const res = await ctx.request({
      method: 'POST',
      url: '/api/site/contactus',
      payload: { subject: 'a', message: 'b' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers 400 with field errors for a bad body', async () => {
    const { token } = await memberWithToken(ctx);
    const res = await ctx.request({ method: 'POST', url: '/api/site/contactus', payload: { subject: '' }, token });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['message', 'subject']);
  });

  it('takes name and e-mail from the profile, not the body', async () => {
    const { member, token } = await memberWithToken(ctx);
    const res = await ctx.request({
      method: 'POST',
      url: '/api/site/contactus',
      payload: { subject: 'Points missing', message: 'My points did not arrive.', email: 'spoof@example.test' },
      token,
    });
    expect(res.statusCode).toBe(200);
    const [stored] = await ctx.app.db.select().from(supportRequests).where(eq(supportRequests.memberId, member.id));
    expect(stored).toMatchObject({ email: member.email, subject: 'Points missing' });
  });
});
