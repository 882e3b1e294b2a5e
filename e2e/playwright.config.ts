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

/**
 * The flows run as a user who asked for reduced motion (the theme then has no transitions and no
 * ripples): each dialog, menu and collapse otherwise takes 300 ms to open and close, a third of
 * the flows' time (526 s against 354 s here). The accessibility sweep keeps the animations on
 * (colours checked as drawn, focus shown during and after a transition); its keyboard test runs
 * with both.
 */
const flows = { ...browser, reducedMotion: 'reduce' as const };

/**
 * `npm test` gives a throw-away PostgreSQL (UMPIRE_E2E_DATABASE_URL); the global set-up starts a
 * second server on it (UMPIRE_E2E_PG_BASE_URL, or that variable alone for a server already running).
 */
const onPostgres = !!(process.env.UMPIRE_E2E_DATABASE_URL || process.env.UMPIRE_E2E_PG_BASE_URL);
const POSTGRES_ONLY = ['screens.e2e.ts'];

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // A committed test.only would run one test and report the others as if they had passed.
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: '../test-results/e2e',
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    // Set by the global set-up (workers inherit its environment).
    baseURL: process.env.UMPIRE_E2E_BASE_URL,
    // A step that cannot happen fails in seconds, not at the end of the test's whole time.
    actionTimeout: 20_000,
    navigationTimeout: 30_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'pl-PL',
    timezoneId: 'Europe/Warsaw',
  },
  projects: [
    // The accessibility sweep (every screen, all axe rules, the languages taking turns) is the longest
    // file, and its tests touch no record another of them reads: it runs first, on two workers. The
    // others then run one at a time, as they change records other files read.
    { name: 'a11y', testMatch: 'accessibility.e2e.ts', fullyParallel: true, workers: 2, use: browser },
    // The flows tagged @postgres run on PostgreSQL alone when there is one (their SQLite side is
    // held by the API tests), so the two projects share the two workers about evenly.
    { name: 'chromium', testIgnore: ['accessibility.e2e.ts', ...POSTGRES_ONLY], ...(onPostgres ? { grepInvert: /@postgres/ } : {}), dependencies: ['a11y'], workers: 1, use: flows },
    // The same app on PostgreSQL (its own server and database, so beside `chromium` on the second
    // worker): the tests tagged @postgres, which open the screens the sweep does not and run the
    // flows that store JSON, rich text, dates with their time zone, collated text and translations.
    ...(onPostgres
      ? [
          {
            name: 'postgres',
            grep: /@postgres/,
            dependencies: ['a11y'],
            workers: 1,
            use: { ...flows, baseURL: process.env.UMPIRE_E2E_PG_BASE_URL },
          },
        ]
      : []),
  ],
});
