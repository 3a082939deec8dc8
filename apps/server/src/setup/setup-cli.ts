import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { loadConfig } from '../config/env.ts';
import { openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { CONTENT_PAGES } from '../seed/content-pages.ts';
import { SetupError } from './first-admin.ts';
import { setupFirm, type FirmSetup } from './setup-firm.ts';
import type { ContentPage } from './starter-content.ts';

const USAGE = `Readies the configured database (DATABASE_URL, or the embedded one in DATA_DIR) for a firm:
  npm run setup:firm -- --admin-email it.lead@firm.com --admin-first-name Thandi \\
    --admin-surname Nkosi --admin-employee-number A00001 [--admin-country "South Africa"] \\
    [--firm-name "Acme Recognition"] [--points-name Kudos] [--behaviours behaviours.json] \\
    [--content-dir ./pages] [--prize-pool 25000]
Every option may be given again later; nothing is added twice (docs/decisions/0072).
  --behaviours FILE   JSON: [{"name": "Client First", "description": "…"}, …]; others are withdrawn
  --content-dir DIR   <key>.html files replace those pages; keys: ${CONTENT_PAGES.map((p) => p.key).join(', ')}
  --prize-pool N      the Game Board's prize pool holds at least N points afterwards`;

const text = (max: number) => z.string().trim().min(1).max(max);
const optionsSchema = z.object({
  'firm-name': text(60).optional(),
  'points-name': text(30).optional(),
  'admin-email': z.email().max(254).optional(),
  'admin-first-name': text(100).optional(),
  'admin-surname': text(100).optional(),
  'admin-employee-number': text(32).optional(),
  'admin-country': text(60).default('South Africa'),
  behaviours: z.string().optional(),
  'content-dir': z.string().optional(),
  'prize-pool': z.coerce.number().int().min(1).max(100_000_000).optional(),
});
const behavioursSchema = z
  .array(z.object({ name: text(60), description: z.string().trim().max(300).default('') }))
  .min(1)
  .max(50);

function readPages(dir: string): ContentPage[] {
  const known = new Map(CONTENT_PAGES.map((p) => [p.key, p]));
  return readdirSync(dir)
    .filter((file) => file.endsWith('.html'))
    .map((file) => {
      const key = path.basename(file, '.html').toLowerCase();
      const page = known.get(key);
      if (!page) throw new SetupError(`${file}: no page has the key "${key}" (keys: ${[...known.keys()].join(', ')})`);
      return { ...page, content: readFileSync(path.join(dir, file), 'utf8') };
    });
}

/** Node's own refusals of the arguments or the files (unknown option, unreadable JSON) as the operator's to fix. */
function operatorError<T>(what: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw new SetupError(`${what}: ${(error as Error).message}`);
  }
}

function parse(argv: string[]): FirmSetup {
  const { values } = operatorError('options', () =>
    parseArgs({
      args: argv,
      options: Object.fromEntries(Object.keys(optionsSchema.shape).map((k) => [k, { type: 'string' as const }])),
      strict: true,
    }),
  );
  const parsed = optionsSchema.safeParse(values);
  if (!parsed.success) {
    throw new SetupError(parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('\n'));
  }
  const o = parsed.data;
  const adminParts = [o['admin-email'], o['admin-first-name'], o['admin-surname'], o['admin-employee-number']];
  if (adminParts.some(Boolean) && !adminParts.every(Boolean)) {
    throw new SetupError(
      'A first administrator needs --admin-email, --admin-first-name, --admin-surname and --admin-employee-number',
    );
  }
  const behaviours = o.behaviours
    ? behavioursSchema.safeParse(operatorError('--behaviours', () => JSON.parse(readFileSync(o.behaviours!, 'utf8'))))
    : undefined;
  if (behaviours && !behaviours.success) throw new SetupError(`--behaviours: ${behaviours.error.issues[0]!.message}`);
  return {
    firmName: o['firm-name'],
    pointsName: o['points-name'],
    admin: o['admin-email']
      ? {
          email: o['admin-email'],
          firstName: o['admin-first-name']!,
          surname: o['admin-surname']!,
          employeeNumber: o['admin-employee-number']!,
          country: o['admin-country'],
        }
      : undefined,
    behaviours: behaviours?.data,
    pages: o['content-dir'] ? operatorError('--content-dir', () => readPages(o['content-dir']!)) : undefined,
    prizePool: o['prize-pool'],
  };
}

/** Warnings and errors only, as JSON lines on stderr (the report itself goes to stdout). */
const quiet = (): FastifyBaseLogger => {
  const write = (level: string) => (obj: unknown, msg?: string) => console.error(JSON.stringify({ level, msg, obj }));
  const none = () => {};
  const log = { level: 'warn', info: none, debug: none, trace: none, warn: write('warn'), error: write('error') };
  return { ...log, fatal: write('fatal'), silent: none, child: () => log } as unknown as FastifyBaseLogger;
};

async function main() {
  if (process.argv.includes('--help')) return console.log(USAGE);
  const input = parse(process.argv.slice(2));
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: path.join(config.DATA_DIR, 'pglite'),
  });
  try {
    await migrateDatabase(database);
    const report = await setupFirm(database, quiet(), input, config.PUBLIC_URL);
    for (const line of report.lines) console.log(`- ${line}`);
    if (report.activationLink) {
      console.log(`\nThe administrator chooses a password here (once, within 24 hours):\n${report.activationLink}`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof SetupError ? error.message : error);
  if (error instanceof SetupError) console.error(`\n${USAGE}`);
  process.exitCode = 1;
});
