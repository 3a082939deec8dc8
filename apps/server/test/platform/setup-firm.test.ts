import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SetupError } from '../../src/setup/first-admin.ts';
import { setupFirm } from '../../src/setup/setup-firm.ts';
import { readPrizePool } from '../../src/modules/game/game.repository.ts';
import { verifyLedger } from '../../src/core/ledger/verify-ledger.ts';
import { setupApp } from '../support/build-app.ts';
import { createMember } from '../support/factories.ts';

/**
 * A firm's first day (decision 0072): an empty production database made ready by the set-up
 * command — names, moods, behaviours, pages, a first administrator who activates and signs in,
 * the prize pool — and the same set-up run again adds nothing twice.
 */
const ctx = setupApp({ PUBLIC_URL: 'https://recognise.acme.example' });
const silent = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {} } as never;
const ADMIN = {
  email: 'thandi@acme.example',
  firstName: 'Thandi',
  surname: 'Nkosi',
  employeeNumber: 'A00001',
  country: 'South Africa',
};
const run = (input: Parameters<typeof setupFirm>[2]) =>
  setupFirm(ctx.app.database, silent, input, 'https://recognise.acme.example');
const count = async (table: string) =>
  Number(
    (
      (await ctx.app.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]!.n,
  );
const post = (url: string, payload: object, token?: string) => ctx.request({ method: 'POST', url, payload, token });

describe('setting up a firm', () => {
  it('readies an empty database: the administrator activates, signs in and has every administrative menu', async () => {
    expect(await count('members')).toBe(0);
    const report = await run({
      firmName: 'Acme Applause',
      pointsName: 'Claps',
      admin: ADMIN,
      pages: [
        {
          key: 'terms',
          title: 'Terms and Conditions',
          audience: 'public',
          content: '<p>Be kind.</p><script>x()</script>',
        },
      ],
      prizePool: 5000,
    });
    expect(report.lines).toContain('prize pool funded with 5000 Claps');
    const link = report.activationLink!;
    expect(link).toMatch(/^https:\/\/recognise\.acme\.example\/register\?token=[\w-]{43}$/);

    const token = decodeURIComponent(link.split('token=')[1]!);
    expect((await post('/api/auth/register/activate', { token, password: 'Acme-first-admin-7' })).statusCode).toBe(200);
    const login = await post('/api/auth/login', { email: ADMIN.email, password: 'Acme-first-admin-7' });
    expect(login.statusCode).toBe(200);
    const session = (await post('/api/spa/loadsession', {}, login.json().authToken)).json();
    expect(session.profile).toMatchObject({ isAdminReports: true, pointsName: 'Claps' });
    expect(session.clientTitle).toBe('Acme Applause');
    // Like every member, the first administrator completes the profile before anything else (spec §4).
    expect(session.isProfileIncomplete).toBe(true);
    const profile = { cellNum: '+27 82 555 0101', email: ADMIN.email, interests: '', asperations: '' };
    const completed = await ctx.request({
      method: 'PUT',
      url: '/api/profile',
      payload: profile,
      token: login.json().authToken,
    });
    expect(completed.statusCode).toBe(200);
    // The grant is in the roles history, made by the set-up command (decision 0080).
    const history = (
      await ctx.request({ method: 'GET', url: '/api/admin/roles', token: login.json().authToken })
    ).json();
    expect(history.changes).toEqual([
      expect.objectContaining({
        memberName: 'Thandi Nkosi',
        changedByName: 'The set-up command',
        before: { roles: [], isAdminReports: false },
        after: { roles: [], isAdminReports: true },
      }),
    ]);
    // An activation e-mail went to the outbox too, for when a mail server is set up.
    expect(await count(`email_outbox where kind = 'registration-activation'`)).toBe(1);

    const behaviours = await ctx.request({ method: 'GET', url: '/api/behaviours', token: login.json().authToken });
    expect(behaviours.json().behaviours.length).toBeGreaterThanOrEqual(5);
    expect(await count('mood_descriptions')).toBe(3);
    const terms = (await post('/api/site/getcontentdb', { contentKey: 'terms' })).json();
    expect(terms.content).toBe('<p>Be kind.</p>');
    const faqs = (await post('/api/site/getcontentdb', { contentKey: 'faqs' }, login.json().authToken)).json();
    expect(faqs.content).toContain('Claps points');
    expect(faqs.content).toContain('Kudos Thread');
    expect(await readPrizePool(ctx.app.db)).toBe(5000);
    expect((await verifyLedger(ctx.app.db)).findings).toEqual([]);
  });

  it('run again adds nothing twice, keeps what the firm changed, and sets its own behaviours', async () => {
    const before = {
      members: await count('members'),
      moods: await count('mood_descriptions'),
      pages: await count('content_pages'),
    };
    const again = await run({
      admin: ADMIN,
      prizePool: 5000,
      behaviours: [
        { name: 'Client Obsessed', description: 'We start with the client.' },
        { name: 'Own It', description: 'From start to finish.' },
      ],
    });
    expect(again.lines).toContain('prize pool already holds at least 5000');
    // Registered now: no new link, sign in with the password.
    expect(again.activationLink).toBeUndefined();
    expect(await count('members')).toBe(before.members);
    expect(await count('mood_descriptions')).toBe(before.moods);
    expect(await count('content_pages')).toBe(before.pages);
    expect((await post('/api/site/getcontentdb', { contentKey: 'terms' })).json().content).toBe('<p>Be kind.</p>');
    expect(await readPrizePool(ctx.app.db)).toBe(5000);
    expect(await count('behaviours where active')).toBe(2);
    expect(await count(`behaviours where not active`)).toBeGreaterThan(0);

    expect((await run({ admin: ADMIN, prizePool: 8000 })).lines).toContain('prize pool funded with 3000 Claps');
    expect(await readPrizePool(ctx.app.db)).toBe(8000);
    expect((await verifyLedger(ctx.app.db)).findings).toEqual([]);
  });

  it('makes a known member an administrator, and refuses an address and a number that name two members', async () => {
    const known = await createMember(ctx.app, { registered: false });
    const promoted = await run({
      admin: { ...ADMIN, email: known.email!, employeeNumber: known.employeeNumber },
    });
    expect(promoted.lines.join('\n')).toContain(`member ${known.employeeNumber}`);
    expect(promoted.activationLink).toBeDefined();
    // Recorded once, keeping the roles the member had; a second run grants nothing new.
    await run({ admin: { ...ADMIN, email: known.email!, employeeNumber: known.employeeNumber } });
    const changes = (await ctx.app.db.execute(
      sql`select changed_by, before, after from role_changes where member_id = ${known.id}`,
    )) as unknown as { rows: Record<string, unknown>[] };
    expect(changes.rows).toEqual([
      {
        changed_by: null,
        before: { roles: [], isAdminReports: false },
        after: { roles: [], isAdminReports: true },
      },
    ]);
    const other = await createMember(ctx.app);
    await expect(
      run({ admin: { ...ADMIN, email: known.email!, employeeNumber: other.employeeNumber } }),
    ).rejects.toThrow(SetupError);
    await expect(run({ prizePool: 10 })).rejects.toThrow('Funding the prize pool needs --admin-email');
  });
});
