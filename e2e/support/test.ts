import { test as base, type BrowserContext, type ConsoleMessage, type Page } from '@playwright/test';

export { expect } from '@playwright/test';
export type { APIRequestContext, Browser, BrowserContext, Locator, Page, Route } from '@playwright/test';

/**
 * Every browser test imports `test` from here, not from '@playwright/test' (ESLint holds it): an
 * uncaught error in a page, or an error the page logs to its console, fails the test, unless the
 * test said it would provoke it (`problems.expect`) or it is on the short list below.
 *
 * Chromium logs every 4xx and 5xx answer to a fetch as "Failed to load resource: … status of N",
 * without the address; the guard adds the address, so an expectation names the call and its status
 * (`/status of 409 .* @ \S+\/api\/v3\/incidents\/\d+$/`), never all failed calls at once.
 */
/** What any test may meet, each with why it is not a fault. Keep it short. */
const ALLOWED: readonly { pattern: RegExp; reason: string }[] = [];

export interface ProblemGuard {
  /** Allows console errors and page errors matching `pattern` in this test; `reason` says why the test provokes them. */
  expect(pattern: RegExp, reason: string): void;
  /** Watches the pages of a context the test made itself (`browser.newContext()`). */
  watch(context: BrowserContext): void;
}

function describe(message: ConsoleMessage): string {
  const url = message.location().url;
  return `console: ${message.text()}${url ? ` @ ${url}` : ''}`;
}

export const test = base.extend<{ problems: ProblemGuard }>({
  problems: [
    async ({ context, browser }, use, testInfo) => {
      const seen: string[] = [];
      const expected: { pattern: RegExp; reason: string }[] = [];
      const watchedPages = new WeakSet<Page>();
      const watchedContexts = new WeakSet<BrowserContext>();
      const watchPage = (page: Page) => {
        if (watchedPages.has(page)) return;
        watchedPages.add(page);
        page.on('pageerror', (error) => seen.push(`pageerror: ${error.message}`));
        page.on('console', (message) => {
          if (message.type() === 'error') seen.push(describe(message));
        });
      };
      const watch = (ctx: BrowserContext) => {
        if (watchedContexts.has(ctx)) return;
        watchedContexts.add(ctx);
        ctx.pages().forEach(watchPage);
        ctx.on('page', watchPage);
      };
      watch(context);
      // Contexts a test opens for a second user are watched too.
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args: Parameters<typeof browser.newContext>) => {
        const made = await newContext(...args);
        watch(made);
        return made;
      };
      try {
        await use({
          expect: (pattern, reason) => {
            if (!reason.trim()) throw new Error('problems.expect needs the reason the test provokes the error');
            expected.push({ pattern, reason });
          },
          watch,
        });
      } finally {
        browser.newContext = newContext;
      }
      const unexpected = seen.filter((line) => ![...expected, ...ALLOWED].some((e) => e.pattern.test(line)));
      // A failed test reports its own error first; these lines are attached to it for context.
      if (unexpected.length && testInfo.status === 'passed') {
        throw new Error(`The page logged errors the test did not expect:\n${unexpected.map((l) => `  ${l.split('\n')[0].slice(0, 400)}`).join('\n')}`);
      }
      if (unexpected.length) await testInfo.attach('console errors', { body: unexpected.join('\n'), contentType: 'text/plain' });
    },
    { auto: true },
  ],
});
