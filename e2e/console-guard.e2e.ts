import { test } from './support/test';

/** The console guard of every browser test (support/test.ts) fails what it must, and only that. */
test('an error logged to the console fails the test', async ({ page }) => {
  test.fail(true, 'the guard fails a test whose page logs an error the test did not name');
  await page.setContent('<script>console.error("Nieoczekiwany błąd")</script>');
});

test('an uncaught error in the page fails the test', async ({ page }) => {
  test.fail(true, 'the guard fails a test whose page throws');
  await page.setContent('<script>throw new Error("Nieoczekiwany wyjątek")</script>');
});

test('an error the test names, with its reason, passes', async ({ page, problems }) => {
  problems.expect(/^console: Oczekiwany błąd/, 'provoked here, to show that a named error passes');
  await page.setContent('<script>console.error("Oczekiwany błąd")</script>');
});

test('a page of a context the test opened itself is watched too', async ({ browser }) => {
  test.fail(true, 'the guard watches contexts made with browser.newContext()');
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.setContent('<script>console.error("Błąd drugiego operatora")</script>');
  await context.close();
});
