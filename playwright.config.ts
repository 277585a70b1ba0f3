import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { COUNTRY_TIME_ZONE, isCountry } from '@backoffice/shared';

// Browser tests use Debian's Chromium; a browser download cannot work on these machines.
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  throw new Error(`Chromium not found at ${CHROMIUM}: install it with 'apt-get install -y chromium' (see .ci/run).`);
}

const COUNTRY = process.env.VITE_COUNTRY ?? 'arg';
if (!isCountry(COUNTRY)) throw new Error(`VITE_COUNTRY must be arg or col, not ${COUNTRY}`);

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_BASE_URL = `http://127.0.0.1:${PORT}`;
/** Each run starts from an empty embedded database here (set it to run two suites side by side). */
const DATA_DIR = process.env.E2E_DATA_DIR ?? '.e2e-data';

export default defineConfig({
  testDir: 'apps/web/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // A run that hangs fails here with what it printed, well inside CI's own limit for the whole job.
  globalTimeout: process.env.CI ? 50 * 60_000 : undefined,
  maxFailures: process.env.CI ? 10 : 0,
  // In CI a failed test's error context (its page's accessibility snapshot) is printed: CI keeps nothing else.
  reporter: process.env.CI ? [['list'], ['./apps/web/e2e/reporters/error-context.ts']] : [['list']],
  // A slow day of these 2-core machines has seen a long test take 31 s and a detail's first answer over 5 s: the
  // waits leave room for that (they only ever make a failing run slower).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: E2E_BASE_URL,
    // Recording a trace costs every test a third of its time; CI keeps only its printed output, so it records none.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    // The browser's clock is the country's, as its users' are (this machine's is UTC, which hides zone slips).
    timezoneId: COUNTRY_TIME_ZONE[COUNTRY],
    launchOptions: {
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    // A fresh embedded database for every run, seeded with a small demo set.
    command: `rm -rf ${DATA_DIR} && node --import tsx apps/server/src/server.ts`,
    url: `${E2E_BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    // No seeded call backs: the reminder specs schedule their own, and a seeded one falling due mid-run
    // would pop its reminder over another spec's seller. A failed automated stage stops at its first run
    // (STAGE_MAX_ATTEMPTS 1), so the stopped state and its retry are reached without waiting minutes.
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      SEED_LEADS: '300',
      SEED_CALL_BACKS: 'false',
      LOG_LEVEL: 'warn',
      STAGE_MAX_ATTEMPTS: '1',
      // The specs sign in as the same demo accounts from parallel workers: one person's page limit does not fit.
      LIST_RATE_LIMIT: '0',
    },
  },
});
