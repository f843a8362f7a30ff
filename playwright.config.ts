/**
 * End-to-end journeys in Chromium against the production build (`npm run build` first), on a
 * phone and a desktop viewport. e2e/serve.ts starts the server on a fresh database with known
 * fixtures. Browsers are never downloaded: the system Chromium runs (CHROMIUM_PATH).
 */
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './test/chromium.ts';

const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${port}`;

// Set here so that the server (webServer env) and the test workers (which inherit this
// process's environment) agree on where the fixtures are.
const fixturesFile = path.resolve(
  process.env.E2E_FIXTURES ?? path.join(import.meta.dirname, 'test-results', 'e2e-fixtures.json'),
);
process.env.E2E_FIXTURES = fixturesFile;

const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
};
const DESKTOP = { viewport: { width: 1280, height: 900 } };
const ADMIN_SPECS = /admin-.*\.spec\.ts$/;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // A flaky journey is a bug to fix, not to retry: the suite runs on fixed data with no sleeps.
  retries: 0,
  workers: 2,
  reporter: 'list',
  // A journey makes up to fifteen page loads in two or three browsers; two workers share two
  // cores with the server, and the longest took 35 s on a busy day.
  timeout: 60_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL,
    headless: true,
    screenshot: 'only-on-failure',
    // Recording traces slows every test; E2E_TRACE=1 keeps one for each failing test.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    // The site's service worker answers posts and pages itself, out of page.route's sight (a
    // journey holding a request to see its waiting state would never see it): journeys run
    // without it, but e2e/app-install.spec.ts, the journey of the installed app.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    { name: 'phone', use: PHONE, testIgnore: ADMIN_SPECS },
    { name: 'desktop', use: DESKTOP, testIgnore: ADMIN_SPECS },
    // The admin journeys publish, approve and delete listings and change site settings, which
    // would shift what the public journeys expect on the shared server: they run afterwards.
    { name: 'phone-admin', use: PHONE, testMatch: ADMIN_SPECS, dependencies: ['phone', 'desktop'] },
    {
      name: 'desktop-admin',
      use: DESKTOP,
      testMatch: ADMIN_SPECS,
      dependencies: ['phone', 'desktop'],
    },
  ],
  webServer: {
    command: 'node --import tsx e2e/serve.ts',
    url: `${baseURL}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_PORT: String(port), E2E_FIXTURES: fixturesFile },
    // SIGTERM lets the server close PGlite and remove its temporary data folder.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
  },
});
