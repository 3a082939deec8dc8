// Builds the server into apps/server/dist-bench and starts it detached with the given environment,
// its own log (warnings and errors) in a file rather than in the figures; resolves once /api/health
// answers. Shared by the benches that drive the whole server over HTTP.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { openSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export const serverDir = fileURLToPath(new URL('../../apps/server/', import.meta.url));
const pg = createRequire(new URL('../../apps/server/package.json', import.meta.url))('pg');

/** A fresh, empty database `ovation_bench_<name>_<random>` beside `adminUrl`'s; answers its URL. */
export async function createBenchDatabase(adminUrl, name) {
  const dbName = `ovation_bench_${name}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  return { dbName, dbUrl: Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString() };
}

/**
 * @param {{ base: string, env: NodeJS.ProcessEnv, logFile: string, nodeOptions?: string[], startSeconds?: number }} options
 * @returns {Promise<{ stop: () => void }>}
 */
export async function startBuiltServer({ base, env, logFile, nodeOptions = [], startSeconds = 60 }) {
  const log = openSync(logFile, 'w');
  const built = spawnSync('node', ['build.mjs'], {
    cwd: serverDir,
    env: { ...process.env, SERVER_OUT_DIR: 'dist-bench' },
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('server build failed');
  const server = spawn('node', [...nodeOptions, 'dist-bench/server.js'], {
    cwd: serverDir,
    env,
    stdio: ['ignore', log, log],
    detached: true,
  });
  const stop = () => {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  };
  process.on('exit', stop);
  for (let i = 0; ; i++) {
    if (i > startSeconds * 2) throw new Error('server did not start');
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  return { stop };
}

/**
 * Runs ledger:verify on the bench database, prints its verdict, drops the database (kept, and its
 * name printed, with BENCH_KEEP_DATABASE=1: for a closer look with psql or pgbench); answers the
 * exit code.
 */
export async function verifyLedgerAndDrop(adminUrl, dbName, env) {
  const verify = spawnSync('npx', ['tsx', 'scripts/ledger-verify.ts'], { cwd: serverDir, env, encoding: 'utf8' });
  console.log(verify.stdout.trim());
  console.log(`ledger:verify exit code ${verify.status}`);
  if (process.env.BENCH_KEEP_DATABASE === '1') {
    console.log(`kept database ${dbName}`);
    return verify.status ?? 1;
  }
  const cleanup = new pg.Client({ connectionString: adminUrl });
  await cleanup.connect();
  await cleanup.query(`drop database if exists ${dbName} with (force)`);
  await cleanup.end();
  return verify.status ?? 1;
}
