import { z } from 'zod';

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
  PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SUPPORT_EMAIL: z.string().email().default('support@ovation.example'),
  MAIL_FROM: z.string().default('Ovation <no-reply@ovation.example>'),
  /** Seed the demo firm into an empty database. Refused in production with DATABASE_URL unless 'force'. */
  SEED_DEMO: z.enum(['auto', 'force', 'off']).default('auto'),
  /** Hours a session lives after sign-in. */
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  /**
   * Signs live-stream tickets and celebration member hashes. Empty: a random secret per boot
   * (set the same value on every instance so their tickets and hashes agree).
   */
  LIVE_SECRET: z.string().default(''),
  /** Seconds the Home screen's aggregates (leaderboard, trending, celebrations) are reused. */
  FEED_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** Serve the built SPA from this folder (empty: apps/web/dist next to the server). */
  WEB_DIST_DIR: z.string().default(''),
});

export type AppConfig = z.infer<typeof envSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  return { ...parsed.data, ...overrides };
}

export function shouldSeedDemo(config: AppConfig): boolean {
  if (config.SEED_DEMO === 'off') return false;
  if (config.SEED_DEMO === 'force') return true;
  return !(config.NODE_ENV === 'production' && config.DATABASE_URL !== '');
}
