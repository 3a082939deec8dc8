// `npm run validate`: everything CI checks, in the order CI checks it. Lint and the type-check run
// side by side (each is one single-threaded process, and there are two cores), then every test
// (`npm test`), whose "N passed, N failed" line stays the last one printed. Any failure fails it,
// after the tests have run.
import { spawn, spawnSync } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const collect = (script) =>
  new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ script, code: code ?? 1, output }));
  });

const checks = await Promise.all([collect('lint'), collect('typecheck')]);
for (const { script, code, output } of checks) {
  process.stdout.write(output);
  console.log(code === 0 ? `${script}: passed` : `${script} failed`);
}
const tests = spawnSync(npm, ['test'], { stdio: 'inherit' }).status ?? 1;
process.exit(checks.some((c) => c.code !== 0) || tests !== 0 ? 1 : 0);
