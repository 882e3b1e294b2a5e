import { expect, test, type APIRequestContext, type Page } from './support/test';
import { signInOnGateway, t } from './support/app';
import { go, LANGS, openApp, settled, tabScreens, type Lang } from './support/screens';

/**
 * The screens of the accessibility sweep that are not resources' (those it checks on PostgreSQL
 * itself) opened once on PostgreSQL, without axe: what this database gives back (jsonb with keys in
 * its own order, timestamps with their time zone, its collations) must draw the same screens as
 * SQLite does. The `postgres` project runs it; each screen in one language. A screen fails on the
 * error page, and the console guard (support/test.ts) on any error in the page.
 */
const ARTICLE_TITLES = { missing: 'Raków bez kapitana', outdated: 'Jagiellonia podejmie Pogoń' };

async function articleId(request: APIRequestContext, token: string, q: string): Promise<string> {
  const response = await request.get(`/api/v3/articles?filter[q]=${encodeURIComponent(q)}&page[size]=1`, { headers: { Authorization: `Bearer ${token}` } });
  return ((await response.json()) as { data: { id: string }[] }).data[0].id;
}

async function walk(page: Page, lang: Lang, screens: [name: string, path: string][]): Promise<void> {
  const error = page.getByText(t(lang, 'ra.page.error'), { exact: true });
  for (const [name, path] of screens) {
    await go(page, path);
    await expect(error, `${name} (${path}) shows the error page`).toHaveCount(0);
  }
}

for (const lang of LANGS) {
  test(`the screens that are not a resource's open without an error (${LANGS.indexOf(lang) + 1}/2, ${lang})`, { tag: '@postgres' }, async ({ page, request }) => {
    test.setTimeout(300_000);
    const token = await openApp(page, request, lang);
    const screens: [string, string][] = [];
    if (lang === 'pl')
      screens.push(['dashboard', '/'], ['statistics', '/statistics'], ['media library', '/files'], ['media library as a table', '/files?view=list'], ['not found', '/no-such-screen']);
    else {
      screens.push(...(await tabScreens(request, token)), ['articles with translation in English', `/articles?filter=${encodeURIComponent('{"locale":"en"}')}`]);
      for (const [which, title] of Object.entries(ARTICLE_TITLES)) screens.push([`article with a ${which} translation`, `/articles/${await articleId(request, token, title)}`]);
    }
    await walk(page, lang, screens);
  });
}

test('the gateway signs in against PostgreSQL and hands over to the app', { tag: '@postgres' }, async ({ page, baseURL }) => {
  await page.goto(`/auth/v1/sign_in?redirect=${encodeURIComponent(`${baseURL}/`)}&lang=en`);
  await signInOnGateway(page, 'editor');
  await settled(page);
  await expect(page.getByTestId('count-clubs')).toHaveText(/\d/);
});
