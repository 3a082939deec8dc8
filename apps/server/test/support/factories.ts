import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { credentials, divisions, emailOutbox, members } from '../../src/db/schema/index.ts';
import { hashPassword } from '../../src/lib/passwords.ts';
import type { TestContext } from './build-app.ts';

export const TEST_PASSWORD = 'Correct-horse-42';
let passwordHash: Promise<string> | undefined;

export interface MemberOverrides extends Partial<typeof members.$inferInsert> {
  registered?: boolean;
}

/** A member of the test's own making (South African, complete profile, registered by default). */
export async function createMember(app: FastifyInstance, overrides: MemberOverrides = {}) {
  const { registered = true, ...fields } = overrides;
  const suffix = randomBytes(5).toString('hex');
  const [division] = await app.db
    .insert(divisions)
    .values({ name: `Division ${suffix}`, level: 3 })
    .returning({ id: divisions.id });
  const [member] = await app.db
    .insert(members)
    .values({
      employeeNumber: `T${suffix}`,
      firstName: 'Test',
      surname: `Member ${suffix}`,
      email: `test.${suffix}@example.test`,
      cellNum: '+27 82 555 0000',
      country: 'South Africa',
      unit: 'AUD',
      divisionId: division!.id,
      ...fields,
    })
    .returning();
  if (registered) {
    passwordHash ??= hashPassword(TEST_PASSWORD);
    await app.db.insert(credentials).values({ memberId: member!.id, passwordHash: await passwordHash });
  }
  return member!;
}

/** Signs in through the real login route and returns the bearer token. */
export async function login(ctx: TestContext, email: string, password = TEST_PASSWORD): Promise<string> {
  const res = await ctx.request({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json().authToken as string;
}

/** A registered member and a live session for them. */
export async function memberWithToken(ctx: TestContext, overrides: MemberOverrides = {}) {
  const member = await createMember(ctx.app, overrides);
  return { member, token: await login(ctx, member.email!) };
}

/** Asks for a password reset link for `email` and returns the token of the newest one e-mailed. */
export async function mailedResetToken(ctx: TestContext, email: string): Promise<string> {
  const res = await ctx.request({ method: 'POST', url: '/api/auth/reset-request', payload: { email } });
  if (res.statusCode !== 200) throw new Error(`reset request failed: ${res.statusCode} ${res.body}`);
  await ctx.app.backgroundWork.settled(); // the lookup and e-mail come after the answer
  const [mail] = await ctx.app.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, 'password-reset')))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  const match = mail && /token=([\w%-]+)/.exec(mail.bodyText);
  if (!match) throw new Error(`no reset link e-mailed to ${email}`);
  return decodeURIComponent(match[1]!);
}
