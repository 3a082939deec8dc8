// Cold start on PGlite: time from spawning the built server to a healthy /api/health,
// first on an empty data dir (migrations + demo seed), then again on the seeded one.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dataDir = mkdtempSync(path.join(tmpdir(), 'ovation-cold-'));
const port = 3996;

async function startOnce(label) {
  const started = performance.now();
  const child = spawn('node', ['apps/server/dist/server.js'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  console.log(`${label}: ${Math.round(performance.now() - started)} ms to healthy`);
  child.kill('SIGTERM');
  await new Promise((r) => child.on('exit', r));
}

await startOnce('empty data dir (migrate + seed)');
await startOnce('seeded data dir');
rmSync(dataDir, { recursive: true, force: true });
