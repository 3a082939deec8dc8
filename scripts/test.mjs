// `npm test`: every test runner in turn — Vitest (shared, web, server on PGlite, and server on
// PostgreSQL when TEST_DATABASE_URL is set), then the built app under Playwright in Chromium.
// Ends with one line "N passed, N failed" over all runners; exits non-zero on any failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const out = '.test-output';
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const run = (command, args, env = {}) =>
  spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);
let passed = 0;
let failed = 0;
let runnerFailed = false;

// 1. Vitest
const vitestStatus = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile=${out}/vitest.json`,
]);
const vitest = readJson(`${out}/vitest.json`);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  console.log(`vitest: ${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed`);
}
if (vitestStatus !== 0 || !vitest) runnerFailed = true;

// 2. Playwright against the built app
const buildStatus = run('npm', ['run', 'build']);
if (buildStatus !== 0) {
  console.error('build failed: the end-to-end tests cannot run');
  runnerFailed = true;
} else {
  const pwStatus = run('npx', ['playwright', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: `${out}/playwright.json`,
  });
  const pw = readJson(`${out}/playwright.json`);
  if (pw) {
    const ok = pw.stats.expected + (pw.stats.flaky ?? 0);
    passed += ok;
    failed += pw.stats.unexpected;
    console.log(`playwright: ${ok} passed, ${pw.stats.unexpected} failed`);
  }
  if (pwStatus !== 0 || !pw) runnerFailed = true;
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || runnerFailed ? 1 : 0);
