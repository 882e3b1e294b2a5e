import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test, type Page } from './support/test';
import { tokenFor } from './support/app';

/**
 * The staff guide's screenshots (scripts/docs/shots.mjs): every shot's steps run here in English
 * against the test server, and the page is photographed (kept in memory, not written), so a
 * screen change that breaks a shot's steps fails the browser tests, not only the next
 * `npm run docs:screenshots`. The shots only read, type and open dialogs: nothing is saved.
 */
interface ShotContext {
  locale: 'pl' | 'en';
  baseUrl: string;
  token: string;
}
interface Shot {
  name: string;
  title: string;
  take: (page: Page, ctx: ShotContext) => Promise<void>;
}
interface ShotModules {
  shots: { SHOTS: Shot[]; SHOT_LOCALES: string[] };
  context: {
    shotContext: (options: { page: Page; locale: 'pl' | 'en'; baseUrl: string; token: string }) => ShotContext;
    openAdmin: (page: Page, options: { baseUrl: string; token: string; locale: 'pl' | 'en' }) => Promise<void>;
  };
}

// The shot list is the docs tooling's own file (plain ESM, so `npm run docs` reads it without a
// browser); it is loaded by its address, as the tooling's code is not part of the tests' imports.
const DOCS = resolve(import.meta.dirname, '../scripts/docs');
const load = async (): Promise<ShotModules> => ({
  shots: (await import(pathToFileURL(`${DOCS}/shots.mjs`).href)) as ShotModules['shots'],
  context: (await import(pathToFileURL(`${DOCS}/shot-context.mjs`).href)) as ShotModules['context'],
});

test("every shot of the staff guide's screenshots can be taken (English)", async ({ page, request, baseURL }) => {
  // Each shot loads its screen afresh (a clean page, nothing typed before): about 60 s for the 16
  // shots on a quiet machine, 100 s with its two cores shared with other work.
  test.setTimeout(150_000);
  const { shots, context } = await load();
  expect(shots.SHOTS.length).toBeGreaterThan(0);
  expect(shots.SHOT_LOCALES).toContain('en');
  expect(new Set(shots.SHOTS.map((s) => s.name)).size, 'shot names are unique').toBe(shots.SHOTS.length);

  const baseUrl = baseURL!;
  const token = await tokenFor(request, 'admin');
  await context.openAdmin(page, { baseUrl, token, locale: 'en' });
  const ctx = context.shotContext({ page, locale: 'en', baseUrl, token });
  for (const shot of shots.SHOTS) {
    await test.step(`${shot.name}: ${shot.title}`, async () => {
      await shot.take(page, ctx);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      const png = await page.screenshot({ type: 'png' });
      expect(png.length).toBeGreaterThan(10_000);
    });
  }
});
