// Bundles the server (with @ovation/shared) into dist/server.js, and the firm set-up command
// into dist/setup-firm.js; npm packages stay external.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@ovation/'));

// SERVER_OUT_DIR lets side-by-side builds coexist; it must stay inside the repo so packages resolve.
const outDir = process.env.SERVER_OUT_DIR ?? 'dist';
rmSync(outDir, { recursive: true, force: true });
await build({
  entryPoints: { server: 'src/server.ts', 'setup-firm': 'src/setup/setup-cli.ts' },
  outdir: outDir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
cpSync('src/db/migrations', `${outDir}/migrations`, { recursive: true });
cpSync('src/db/sql', `${outDir}/sql`, { recursive: true });
console.log(`server bundled to apps/server/${outDir}/server.js`);
