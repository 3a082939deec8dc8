import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * One Vitest run, several projects: shared units, web units (jsdom), the server API on
 * PGlite, and the same server API suite on PostgreSQL when TEST_DATABASE_URL is set.
 */
// *.pg.test.ts files prove behaviour under real concurrency, which PGlite (one transaction at a
// time) cannot show: they belong to the PostgreSQL project only.
const serverProject = (name: string, env: Record<string, string>, exclude: string[] = []) => ({
  test: {
    name,
    root: './apps/server',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...exclude],
    environment: 'node',
    env,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ['./test/support/setup.ts'],
    // One migrated database per project and run, copied by each test file (test/test-database.ts).
    globalSetup: ['./test/support/global-setup.ts'],
    // Test files share a worker's module graph instead of importing the whole server again (about
    // 2 s a file). Each file still builds its own app on its own database; module-level state is
    // keyed by database (WeakMaps), and nothing a file changes outlives it.
    isolate: false,
  },
});

const pgUrl = process.env.TEST_DATABASE_URL ?? '';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one, on CI's two. The server tests wait
    // on their databases often enough that two workers keep both cores busy.
    maxWorkers: 2,
    projects: [
      { test: { name: 'shared', root: './packages/shared', include: ['src/**/*.test.ts'], environment: 'node' } },
      {
        plugins: [react()],
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          // Form journeys type and click through jsdom; on a busy 2-core machine 5 s is too short.
          testTimeout: 20_000,
        },
      },
      serverProject('server-pglite', { TEST_DB_DRIVER: 'pglite' }, ['**/*.pg.test.ts']),
      ...(pgUrl ? [serverProject('server-postgres', { TEST_DB_DRIVER: 'pg', TEST_DATABASE_URL: pgUrl })] : []),
    ],
  },
});
