import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';

/**
 * A real OpenID provider (oidc-provider from npm) for tests, in process on a local port. Its
 * development login page accepts any login: the login is the account id, and an account's
 * claims come from `accounts` (default: the login as a verified e-mail address).
 */
export interface TestProvider {
  issuer: string;
  accounts: Map<string, Record<string, unknown>>;
  /** Serve a key set with the provider's key ids but other keys: its tokens look wrongly signed. */
  serveForeignKeys(on: boolean): Promise<void>;
  close(): Promise<void>;
}

export interface TestProviderOptions {
  port?: number;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
}

export async function startTestProvider(options: TestProviderOptions): Promise<TestProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map<string, Record<string, unknown>>();

  const configuration: Configuration = {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        post_logout_redirect_uris: options.postLogoutRedirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'employee_number'],
    },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 3600 },
    cookies: { keys: ['test-provider-cookie-key-0123456789'] },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    async findAccount(_ctx, id) {
      const claims = accounts.get(id) ?? { email: id, email_verified: true };
      return { accountId: id, claims: async () => ({ sub: id, ...claims }) };
    },
    // The portal is a first-party client: no consent screen.
    async loadExistingGrant(ctx) {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuer, configuration);

  let foreignKeys: { keys: object[] } | null = null;
  provider.use(async (ctx, next) => {
    if (foreignKeys && ctx.path === '/jwks') {
      ctx.type = 'application/jwk-set+json';
      ctx.body = foreignKeys;
      return;
    }
    await next();
  });
  server.on('request', provider.callback());

  return {
    issuer,
    accounts,
    async serveForeignKeys(on) {
      if (!on) {
        foreignKeys = null;
        return;
      }
      const real = (await (await fetch(`${issuer}/jwks`)).json()) as { keys: { kid: string; kty: string }[] };
      foreignKeys = {
        keys: real.keys
          .filter((k) => k.kty === 'RSA')
          .map((k) => ({
            ...generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ format: 'jwk' }),
            kid: k.kid,
            use: 'sig',
          })),
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Follows the provider's login page as a browser would (cookies kept): returns the final redirect. */
export async function signInAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  };
  let url = new URL(authorizationUrl);
  const issuerOrigin = url.origin;
  let body: URLSearchParams | undefined;
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(url, {
      method: body ? 'POST' : 'GET',
      headers: { cookie: cookieHeader(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body,
      redirect: 'manual',
    });
    keep(res);
    body = undefined;
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url);
      if (url.origin !== issuerOrigin) return url;
      continue;
    }
    const html = await res.text();
    if (!html.includes('name="login"'))
      throw new Error(`unexpected provider page: ${res.status} ${html.slice(0, 200)}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error('the provider login page has no form');
    url = new URL(action.replace(/&amp;/g, '&'), url);
    body = new URLSearchParams({ prompt: 'login', login, password: 'any' });
  }
  throw new Error('too many redirects at the provider');
}
