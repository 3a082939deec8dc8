import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// End-to-end journeys against the built app on a fresh embedded database with the demo firm.
// E2E_PORT, E2E_SERVER_DIST and E2E_WEB_DIST let several builds be tested side by side.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const dataDir = `.test-output/e2e-data-${PORT}`;
const serverDist = process.env.E2E_SERVER_DIST ?? 'apps/server/dist';

// The OpenID provider for the single sign-on journey (e2e/oidc.global-setup.ts) listens on a free
// local port, chosen once here; workers inherit it through the environment.
process.env.E2E_OIDC_PORT ??= execFileSync(process.execPath, [
  '-e',
  "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { process.stdout.write(String(s.address().port)); s.close(); });",
]).toString();
// Chromium's headless shell (Debian's chromium-headless-shell, the build Playwright itself uses
// for headless runs) when it is installed: the same engine without the full browser's UI process,
// about a quarter less CPU per journey on two cores (decision 0075). Otherwise the full Chromium.
const chromium =
  process.env.CHROMIUM_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

export const OIDC_E2E = {
  issuer: `http://127.0.0.1:${process.env.E2E_OIDC_PORT}`,
  clientId: 'ovation-e2e',
  clientSecret: 'e2e-client-secret-0123456789abcdef',
  label: 'Ovation ID',
};

export default defineConfig({
  testDir: './e2e',
  // An SMTP sink the app sends its e-mail to (SMTP_URL below), so journeys can read what a
  // member receives (e.g. the activation link) with no test-only code in the server; and the
  // OpenID provider for the single sign-on journeys.
  globalSetup: ['./e2e/global-setup.ts', './e2e/oidc.global-setup.ts'],
  outputDir: `.test-output/playwright-${PORT}`,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // A failed journey keeps its trace (actions, DOM snapshots, network) without the screencast:
    // recording a JPEG frame stream of every journey cost about 40 % of the suite's time.
    trace: { mode: 'retain-on-failure', screenshots: false },
    // Journeys run as for a member who asked for reduced motion: the ticker and the banners stand
    // still and Mantine's transitions end at once, so headless Chromium is not drawing a scrolling
    // ticker beside every Home test (about a third of the suite's time on two cores), and axe never
    // measures a slide halfway through its fade (decision 0063).
    // Normal motion is covered where it matters: a11y-motion.spec.ts and the game's flip.
    contextOptions: { reducedMotion: 'reduce' },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
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
      SMTP_URL: `smtp://127.0.0.1:${PORT + 1000}`,
      // Single sign-on is on for every journey; only /hello gains a button (sso.spec.ts).
      OIDC_ISSUER: OIDC_E2E.issuer,
      OIDC_CLIENT_ID: OIDC_E2E.clientId,
      OIDC_CLIENT_SECRET: OIDC_E2E.clientSecret,
      OIDC_LABEL: OIDC_E2E.label,
    },
  },
});
