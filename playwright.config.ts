import { defineConfig, devices } from '@playwright/test';

// End-to-end journeys against the built app on a fresh embedded database with the demo firm.
// E2E_PORT, E2E_SERVER_DIST and E2E_WEB_DIST let several builds be tested side by side.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const dataDir = `.test-output/e2e-data-${PORT}`;
const serverDist = process.env.E2E_SERVER_DIST ?? 'apps/server/dist';

export default defineConfig({
  testDir: './e2e',
  outputDir: `.test-output/playwright-${PORT}`,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: `rm -rf ${dataDir} && node ${serverDist}/server.js`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST } : {}),
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
    },
  },
});
