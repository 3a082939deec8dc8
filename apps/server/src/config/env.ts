import { isIP } from 'node:net';
import { z } from 'zod';

/** One address (v4/v6) or a CIDR range of one. */
function isAddressOrCidr(value: string): boolean {
  const [address = '', bits, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: which proxy may tell us the client's address in X-Forwarded-For (Fastify's
 * `trustProxy`). Empty (default) trusts none: the socket address is the client. A number is
 * the count of proxy hops in front; otherwise a comma-separated list of addresses or CIDRs.
 */
const trustProxySchema = z
  .string()
  .default('')
  .transform((raw, ctx): false | number | string[] => {
    const value = raw.trim();
    if (value === '') return false;
    if (/^\d{1,2}$/.test(value)) return Number(value);
    const list = value
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
    if (list.length > 0 && list.every(isAddressOrCidr)) return list;
    ctx.addIssue({
      code: 'custom',
      message: 'expected a hop count (e.g. 1) or comma-separated addresses/CIDRs (e.g. 10.0.0.0/8,127.0.0.1)',
    });
    return z.NEVER;
  });

/** Configuration, validated once at boot. Nothing else reads process.env. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().default(''),
  /** PostgreSQL connections per instance (one is held for live-update LISTEN). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(20),
  SMTP_URL: z.string().default(''),
  /** The portal's public address (e-mailed links); unset, http://localhost:<PORT>. */
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SUPPORT_EMAIL: z.string().email().default('support@ovation.example'),
  MAIL_FROM: z.string().default('Ovation <no-reply@ovation.example>'),
  /** Seed the demo firm into an empty database: `auto` outside production only; `force` even there (loudly). */
  SEED_DEMO: z.enum(['auto', 'force', 'off']).default('auto'),
  /** Hours a session lives after sign-in. */
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  /**
   * Minutes a session may go unused before it is refused (docs/decisions/0040). Last use is
   * recorded at most once a minute per session; the absolute SESSION_TTL_HOURS still applies.
   */
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  /**
   * Seconds a request may take to arrive in full, headers and body (0: no limit). A slow body is
   * answered 408 and its connection closed; a 20 MB upload needs about 1.4 Mbit/s at the default.
   */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(0).max(3600).default(120),
  /** Seconds a request's headers may take to arrive (at most REQUEST_TIMEOUT_SECONDS). */
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(20),
  /** Seconds an idle keep-alive connection is kept open for its next request. */
  KEEP_ALIVE_SECONDS: z.coerce.number().int().min(1).max(600).default(72),
  /**
   * Seconds a connection may carry no bytes either way before it is closed (0: never). Above the
   * live stream's 25-second heartbeat, so an open stream is never idle that long.
   */
  CONNECTION_IDLE_SECONDS: z.coerce
    .number()
    .int()
    .refine((v) => v === 0 || (v >= 30 && v <= 3600), 'must be 0 or between 30 and 3600')
    .default(120),
  /**
   * Signs live-stream tickets and celebration member hashes. Empty: a random secret per boot
   * (set the same value on every instance so their tickets and hashes agree).
   */
  LIVE_SECRET: z.string().default(''),
  /** Seconds the Home screen's aggregates (leaderboard, trending, celebrations) are reused. */
  FEED_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /**
   * Seconds a signed-in session is reused from memory without a database lookup (0: off).
   * Revocations reach every instance at once (docs/decisions/0032); this bounds anything else.
   */
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(10),
  TRUST_PROXY: trustProxySchema,
  /** Serve the built SPA from this folder (empty: apps/web/dist next to the server). */
  WEB_DIST_DIR: z.string().default(''),
  /**
   * Single sign-on with OpenID Connect (docs/decisions/0025): on when OIDC_ISSUER is set.
   * https only, except a loopback issuer (a provider on this machine, as in the tests).
   */
  OIDC_ISSUER: z
    .string()
    .default('')
    .refine((v) => v === '' || isAllowedIssuer(v), 'must be an https:// URL (http:// only on localhost)'),
  OIDC_CLIENT_ID: z.string().default(''),
  OIDC_CLIENT_SECRET: z.string().default(''),
  /** The provider's name on the sign-in button: "Sign in with <label>". */
  OIDC_LABEL: z.string().max(40).default('your company account'),
  /** Which member field the provider's user is matched on. */
  OIDC_MATCH: z.enum(['email', 'employeeNumber']).default('email'),
  /**
   * Matching on e-mail, a provider's user whose token does not say `email_verified`: refused
   * (`refuse`, the default), or taken (`accept`) for a provider that never sends the claim, such
   * as Entra ID, where only the firm's directory sets addresses (issue 43). `false` is always refused.
   */
  OIDC_UNVERIFIED_EMAIL: z.enum(['refuse', 'accept']).default('refuse'),
  /** The claim holding that value; empty: `email` or `employee_number`. */
  OIDC_CLAIM: z
    .string()
    .regex(/^[\w:./-]*$/)
    .default(''),
});

function isAllowedIssuer(value: string): boolean {
  try {
    const url = new URL(value);
    if (url.protocol === 'https:') return true;
    return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  } catch {
    return false;
  }
}

export type AppConfig = z.infer<typeof envSchema> & { PUBLIC_URL: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const { OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, REQUEST_TIMEOUT_SECONDS, HEADERS_TIMEOUT_SECONDS } =
    parsed.data;
  if (REQUEST_TIMEOUT_SECONDS > 0 && HEADERS_TIMEOUT_SECONDS > REQUEST_TIMEOUT_SECONDS) {
    throw new Error('Invalid configuration:\n  HEADERS_TIMEOUT_SECONDS must not exceed REQUEST_TIMEOUT_SECONDS');
  }
  if (OIDC_ISSUER && (!OIDC_CLIENT_ID || !OIDC_CLIENT_SECRET)) {
    throw new Error(
      'Invalid configuration:\n  OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are required when OIDC_ISSUER is set',
    );
  }
  return { ...parsed.data, PUBLIC_URL: parsed.data.PUBLIC_URL ?? `http://localhost:${parsed.data.PORT}`, ...overrides };
}

/**
 * Whether an empty database gets the demo firm (whose password is published in the README).
 * `auto` seeds outside production only; a production start seeds only with `SEED_DEMO=force`,
 * and then `loud` asks for a warning (`npm start` passes --seed-demo, docs/decisions/0036).
 */
/**
 * The server's configuration at start: `npm start` (the newcomer's demo) passes --seed-demo,
 * which counts as SEED_DEMO=force unless SEED_DEMO is set (docs/decisions/0036).
 */
export function loadStartConfig(argv: readonly string[]): AppConfig {
  const askedForDemo = argv.includes('--seed-demo') && !process.env.SEED_DEMO;
  return loadConfig(process.env, askedForDemo ? { SEED_DEMO: 'force' } : {});
}

export function demoSeedPlan(config: AppConfig): { seed: boolean; loud: boolean } {
  const production = config.NODE_ENV === 'production';
  if (config.SEED_DEMO === 'off') return { seed: false, loud: false };
  if (config.SEED_DEMO === 'force') return { seed: true, loud: production };
  return { seed: !production, loud: false };
}
