import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, expect } from 'vitest';
import type { AppConfig } from '../../src/config/env.ts';
import { sessions } from '../../src/db/schema/index.ts';
import { setupApp, type TestContext } from './build-app.ts';
import { signInAtProvider, startTestProvider, type TestProvider } from './oidc-test-provider.ts';

// The portal's side of single sign-on against the in-process provider, for the oidc-*.test.ts files.
export const CLIENT = { clientId: 'ovation-test', clientSecret: 'test-client-secret-0123456789' };
export const PUBLIC_URL = 'http://localhost:3000';

/** Log lines the app writes, as objects. */
export function captureLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: pino({ level: 'info' }, stream) };
}

/** A provider for this block and an app configured for it (config is read when the app is built). */
export function withProvider(
  build: Parameters<typeof setupApp>[1] = {},
  extra: Partial<AppConfig> = {},
): { ctx: TestContext; provider: () => TestProvider } {
  let provider: TestProvider;
  const overrides: Partial<AppConfig> = { PUBLIC_URL, OIDC_LABEL: 'Test ID', ...CLIENT_ENV, ...extra };
  beforeAll(async () => {
    provider = await startTestProvider({
      ...CLIENT,
      redirectUris: [`${PUBLIC_URL}/welcometrfauth`],
      postLogoutRedirectUris: [`${PUBLIC_URL}/`],
    });
    overrides.OIDC_ISSUER = provider.issuer;
  });
  afterAll(async () => provider?.close());
  return { ctx: setupApp(overrides, build), provider: () => provider };
}
const CLIENT_ENV = { OIDC_CLIENT_ID: CLIENT.clientId, OIDC_CLIENT_SECRET: CLIENT.clientSecret };

export async function start(ctx: TestContext) {
  const res = await ctx.request({ method: 'GET', url: '/api/auth/oidc/start' });
  expect(res.statusCode).toBe(302);
  const binding = res.cookies.find((c) => c.name === 'ovation_oidc');
  expect(binding).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth/oidc' });
  return { location: res.headers.location as string, binding: binding!.value };
}

export function callback(ctx: TestContext, redirect: URL, binding?: string, changes: Record<string, string> = {}) {
  const payload = {
    code: redirect.searchParams.get('code'),
    state: redirect.searchParams.get('state'),
    ...(redirect.searchParams.get('iss') ? { iss: redirect.searchParams.get('iss') } : {}),
    ...changes,
  };
  return ctx.request({
    method: 'POST',
    url: '/api/auth/oidc/callback',
    payload,
    ...(binding ? { cookies: { ovation_oidc: binding } } : {}),
  });
}

/** Start at the portal, sign in at the provider, come back: the authorization response. */
export async function throughProvider(ctx: TestContext, loginAs: string) {
  const { location, binding } = await start(ctx);
  const redirect = await signInAtProvider(location, loginAs);
  expect(`${redirect.origin}${redirect.pathname}`).toBe(`${PUBLIC_URL}/welcometrfauth`);
  return { redirect, binding };
}

export async function sessionCount(ctx: TestContext, memberId: number) {
  return (await ctx.app.db.select().from(sessions).where(eq(sessions.memberId, memberId))).length;
}
