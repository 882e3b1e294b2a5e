import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests of the admin app against the real server (started by global-setup.ts on a free
 * port with a fresh data directory), in Debian's Chromium.
 */
const browser = {
  ...devices['Desktop Chrome'],
  viewport: { width: 1280, height: 900 },
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-quic', '--disable-sync'],
  },
};

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: '../test-results/e2e',
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    // Set by the global set-up (workers inherit its environment).
    baseURL: process.env.UMPIRE_E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'pl-PL',
    timezoneId: 'Europe/Warsaw',
  },
  projects: [
    // The accessibility sweep (every screen, both languages, all axe rules) is the longest file, and
    // its tests touch no record another of them reads: it runs first, on two workers. The others then
    // run one at a time, as they change records other files read.
    { name: 'a11y', testMatch: 'accessibility.e2e.ts', fullyParallel: true, workers: 2, use: browser },
    { name: 'chromium', testIgnore: 'accessibility.e2e.ts', dependencies: ['a11y'], workers: 1, use: browser },
  ],
});
