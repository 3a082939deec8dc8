import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config/env.ts';
import { setupApp } from '../support/build-app.ts';
import { createMember, memberWithToken } from '../support/factories.ts';
import { createTestDatabase } from '../support/test-database.ts';
import { queueEmail } from '../../src/core/mail/mailer.ts';

/** Reset and activation links are secrets: no API answer and no log line may carry them. */
const ctx = setupApp();

describe('GET /api/admin/outbox', () => {
  it('shows a reset e-mail redacted: recipient, subject and status, never the body or its token', async () => {
    const victim = await createMember(ctx.app);
    const reset = await ctx.request({
      method: 'POST',
      url: '/api/auth/reset-request',
      payload: { email: victim.email },
    });
    expect(reset.statusCode).toBe(200);
    await ctx.app.backgroundWork.settled();

    const { token } = await memberWithToken(ctx, { isAdminReports: true });
    const res = await ctx.request({ method: 'GET', url: '/api/admin/outbox', token });
    expect(res.statusCode).toBe(200);
    const entry = res.json().emails.find((e: { toAddress: string }) => e.toAddress === victim.email);
    expect(entry).toMatchObject({ kind: 'password-reset', subject: 'Reset your Ovation password', sensitive: true });
    expect(entry.bodyText).toBeNull();
    expect(res.body).not.toMatch(/token=/);
    expect(res.body).not.toContain('/resetpassword');
  });

  it('shows other bodies with their links’ tokens redacted (a digest’s unsubscribe link)', async () => {
    const member = await createMember(ctx.app);
    const link = 'http://localhost:3000/unsubscribe?token=12.SignedValueThatMustNotShow_0123456789abcdefghijk';
    await queueEmail(ctx.app.db, ctx.app.log, {
      kind: 'weekly-digest',
      to: member.email!,
      subject: 'Your week in recognition: your team',
      text: `Hi,\n\nSee it all in My Recognition: http://localhost:3000/myrecognition\n\nTo stop it: ${link}`,
    });
    const { token } = await memberWithToken(ctx, { isAdminReports: true });
    const res = await ctx.request({ method: 'GET', url: '/api/admin/outbox', token });
    const entry = res.json().emails.find((e: { toAddress: string }) => e.toAddress === member.email);
    expect(entry.bodyText).toBe(
      'Hi,\n\nSee it all in My Recognition: http://localhost:3000/myrecognition\n\n' +
        'To stop it: http://localhost:3000/unsubscribe?token=[redacted]',
    );
    expect(res.body).not.toContain('SignedValueThatMustNotShow');
  });
});

describe('request log', () => {
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  const lines: string[] = [];

  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    const config = loadConfig({}, { NODE_ENV: 'test', LOG_LEVEL: 'info', WEB_DIST_DIR: '/nonexistent' });
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    app = await buildApp({ config, database, closeDatabase: false, logStream: stream });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  it('never writes a token or a live ticket from the URL', async () => {
    const secret = 'S3cretTokenValue_abcdefghijklmnopqrstuvwxyz';
    for (const url of [
      `/resetpassword?token=${secret}`,
      `/register?token=${secret}&x=1`,
      `/api/live/stream?ticket=${secret}`,
      `/%61pi/live/stream?foo=1&TICKET=${secret}`,
    ]) {
      await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    }
    const log = lines.join('');
    expect(log).toContain('/resetpassword?token=');
    expect(log).toContain('/api/live/stream?ticket=');
    expect(log).not.toContain(secret);
  });
});
