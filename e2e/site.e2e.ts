import { createHmac } from 'node:crypto';
import { expect, test, type APIRequestContext } from './support/test';
import { axeViolations } from './support/axe';
import { tokenFor } from './support/app';

/**
 * The league's website (issue 24, point 8; issue 40, point 9): its real addresses in both languages
 * in Chromium, each checked by axe with every rule and every impact, with JavaScript and without;
 * the main menu open on a wide screen and on a phone, and used with the keyboard; a fan's path from
 * the home page to a live match, a club, a player and the search. Tagged @postgres: the site reads
 * the delivery API, and on PostgreSQL this is where it runs (see playwright.config.ts).
 */
type Locale = 'pl' | 'en';
/** The demo's main menu (apps/server/src/seed/demo-pages.ts), as each language names it. */
const MENU = {
  pl: { nav: 'Menu główne', news: 'Aktualności', fixtures: 'Terminarz', parent: 'O lidze, podmenu', sub: 'Bilety' },
  en: { nav: 'Main menu', news: 'News', fixtures: 'Fixtures', parent: 'About the league, submenu', sub: 'Tickets' },
} as const;
/** The first word of each kind's addresses (packages/schema/src/content/templates.ts). */
const SEGMENTS = {
  match: { pl: 'mecze', en: 'matches' },
  club: { pl: 'kluby', en: 'clubs' },
  player: { pl: 'zawodnicy', en: 'players' },
  table: { pl: 'tabele', en: 'tables' },
  fixtures: { pl: 'terminarz', en: 'fixtures' },
  news: { pl: 'aktualnosci', en: 'news' },
} as const;
/** The sitemaps of the records' pages. */
const RECORD_SITEMAPS = { match: 'matches', club: 'clubs', table: 'tables', player: 'players' } as const;

/** The addresses a sitemap names, as paths of this server (a sitemap's are on the configured origin). */
const locsOf = (xml: string) =>
  [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => {
    const url = new URL(m[1].replace(/&#38;/g, '&'));
    return `${url.pathname}${url.search}`;
  });

/**
 * The site's addresses in a locale, one of each kind: the pages the sitemap lists (the builder's
 * pages that are no template's, the clubs' list and the fixtures and news indexes), the first
 * match, club, table and player of their sitemaps, the fixtures filtered by a round, the news'
 * second page when there is one, and a search.
 */
async function siteAddresses(request: APIRequestContext, locale: Locale): Promise<string[]> {
  const text = async (path: string) => {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    return response.text();
  };
  const sitemaps = locsOf(await text('/site/sitemap.xml'));
  const inLocale = (paths: string[]) => paths.filter((p) => p.startsWith(`/site/${locale}/`));
  const addresses = inLocale(locsOf(await text('/site/sitemap-pages.xml')));
  for (const [kind, name] of Object.entries(RECORD_SITEMAPS)) {
    expect(sitemaps, `the sitemap index names sitemap-${name}.xml`).toContain(`/site/sitemap-${name}.xml`);
    const first = inLocale(locsOf(await text(`/site/sitemap-${name}.xml`))).find((p) => p.startsWith(`/site/${locale}/${SEGMENTS[kind as keyof typeof RECORD_SITEMAPS][locale]}/`));
    expect(first, `a ${kind} in sitemap-${name}.xml`).toBeTruthy();
    addresses.push(first!);
  }
  const fixtures = `/site/${locale}/${SEGMENTS.fixtures[locale]}`;
  const news = `/site/${locale}/${SEGMENTS.news[locale]}`;
  expect(addresses).toEqual(expect.arrayContaining([`/site/${locale}/`, fixtures, news]));
  const round = /<select id="u-filter-round" name="round">[\s\S]*?<option value="(\d+)"/.exec(await text(fixtures));
  expect(round, 'the fixtures offer rounds').toBeTruthy();
  addresses.push(`${fixtures}?round=${round![1]}`);
  const next = /<a rel="next" href="([^"]+)"/.exec(await text(news));
  if (next) addresses.push(next[1].replace(/&amp;/g, '&'));
  addresses.push(`/site/${locale}/search?q=lodz`);
  return addresses;
}

for (const locale of ['pl', 'en'] as const)
  test(`every kind of page passes axe with every rule and impact, with JavaScript and without (${locale})`, { tag: '@postgres' }, async ({ browser, baseURL, request }) => {
    test.setTimeout(240_000);
    const addresses = await siteAddresses(request, locale);
    test.info().annotations.push({ type: 'addresses checked', description: addresses.join(' ') });
    const found: Record<string, unknown> = {};
    // Without JavaScript first: what a crawler and a slow phone see.
    const plain = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await plain.newPage();
    for (const path of addresses) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      expect(new URL(page.url()).pathname, `${path} is its own address`).toBe(path.split('?')[0]);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.locator('main h1')).toHaveCount(1);
      await expect(page.getByRole('link', { name: locale === 'pl' ? 'Przejdź do treści' : 'Skip to content' })).toBeAttached();
    }
    // The main menu without JavaScript: every link shown, sub-items too, the page shown marked.
    await page.goto(`/site/${locale}/${SEGMENTS.news[locale]}`);
    const plainMenu = page.getByRole('navigation', { name: MENU[locale].nav });
    await expect(plainMenu.getByRole('link', { name: MENU[locale].news })).toHaveAttribute('aria-current', 'page');
    await expect(plainMenu.getByRole('link', { name: MENU[locale].sub })).toBeVisible();
    await expect(plainMenu.getByRole('button')).toHaveCount(0);
    // The header's search is a plain GET form of the site: it leads to the site's search, in the page's language.
    await page.goto(`/site/${locale}/`);
    await page.locator('header').getByRole('searchbox').fill('Łódź');
    await page.locator('header').getByRole('searchbox').press('Enter');
    await expect(page).toHaveURL(new RegExp(`/site/${locale}/search\\?q=%C5%81%C3%B3d%C5%BA$`));
    await expect(page.getByRole('heading', { level: 2, name: locale === 'pl' ? /^Kluby \(\d+\)$/ : /^Clubs \(\d+\)$/ })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: 'Widzew Łódź', exact: true })).toBeVisible();
    await plain.close();

    // axe itself needs JavaScript (it runs in the page), so the pages without JavaScript are checked
    // with the site's script left out: its only one (JSON-LD is data), so what axe sees is what the
    // pages are without JavaScript. Then with it, once it has made the menu and live parts its own.
    const bare = await browser.newContext({ baseURL });
    await bare.route('**/site/assets/site.js', (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
    const barePage = await bare.newPage();
    const live = await browser.newContext({ baseURL });
    const checked = await live.newPage();
    for (const path of addresses) {
      await barePage.goto(path);
      expect(await barePage.locator('script:not([type="application/ld+json"])').evaluateAll((scripts) => scripts.map((s) => s.getAttribute('src'))), path).toEqual([
        '/site/assets/site.js',
      ]);
      await expect(barePage.getByRole('navigation', { name: MENU[locale].nav })).not.toHaveAttribute('data-enhanced');
      const without = await axeViolations(barePage);
      if (without.length) found[`${path} without JavaScript`] = without;
      await checked.goto(path);
      await expect(checked.getByRole('navigation', { name: MENU[locale].nav })).toHaveAttribute('data-enhanced', '');
      const violations = await axeViolations(checked);
      if (violations.length) found[path] = violations;
    }
    await bare.close();
    // The main menu as the script makes it: a sub-menu open on a wide screen, then on a phone the
    // whole menu open behind its button, with a sub-menu open too.
    await checked.goto(`/site/${locale}/${SEGMENTS.news[locale]}`);
    const menu = checked.getByRole('navigation', { name: MENU[locale].nav });
    await expect(menu).toHaveAttribute('data-enhanced', '');
    await menu.getByRole('button', { name: MENU[locale].parent }).click();
    await expect(menu.getByRole('link', { name: MENU[locale].sub })).toBeVisible();
    const wide = await axeViolations(checked);
    if (wide.length) found['menu with its sub-menu open'] = wide;
    await checked.setViewportSize({ width: 375, height: 740 });
    await checked.reload();
    await expect(menu.getByRole('link', { name: MENU[locale].news })).toBeHidden();
    await menu.getByRole('button', { name: 'Menu', exact: true }).click();
    await menu.getByRole('button', { name: MENU[locale].parent }).click();
    await expect(menu.getByRole('link', { name: MENU[locale].sub })).toBeVisible();
    const phone = await axeViolations(checked);
    if (phone.length) found['menu open on a phone'] = phone;
    await live.close();
    expect(found).toEqual({});
  });

test('the main menu works with the keyboard: a disclosure on a wide screen, the Menu button on a phone', { tag: '@postgres' }, async ({ page }) => {
  await page.goto('/site/en/aktualnosci');
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await expect(nav).toHaveAttribute('data-enhanced', '');
  await expect(nav.getByRole('link', { name: 'News' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.locator('[aria-current]')).toHaveCount(1);
  const toggle = nav.getByRole('button', { name: 'About the league, submenu' });
  const tickets = nav.getByRole('link', { name: 'Tickets' });
  await expect(tickets).toBeHidden();
  // Enter opens, Tab goes into the sub-items, Escape closes and puts the focus back on the button.
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(tickets).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: 'Rules' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();
  await expect(tickets).toBeHidden();
  // Space opens it too; the focus leaving the item (past its three sub-items) closes it.
  await page.keyboard.press('Space');
  await expect(tickets).toBeVisible();
  for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  // A phone: the menu folds behind its button, which opens it and Escape closes.
  await page.setViewportSize({ width: 375, height: 740 });
  const menu = nav.getByRole('button', { name: 'Menu', exact: true });
  await expect(menu).toBeVisible();
  await expect(nav.getByRole('link', { name: 'News' })).toBeHidden();
  await menu.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'News' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: 'Home' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeFocused();
  await expect(nav.getByRole('link', { name: 'News' })).toBeHidden();
});

interface Resource {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data: { id: string; type: string } | null }>;
}
const VIEWPORTS = { phone: { width: 375, height: 740 }, desktop: { width: 1280, height: 900 } } as const;

for (const [device, viewport] of Object.entries(VIEWPORTS))
  test(`a fan's path on a ${device}: home, the menu, a round's fixtures, a match going live, its club, a player, the search`, { tag: '@postgres' }, async ({ page, request }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    // Every page of the path passes axe (every rule, every impact); all are reported at the end.
    const found: Record<string, unknown> = {};
    const checkPage = async (name: string) => {
      const violations = await axeViolations(page);
      if (violations.length) found[name] = violations;
    };
    const token = await tokenFor(request, 'editor');
    const staff = async (method: 'get' | 'post' | 'delete', path: string, data?: unknown) => {
      const response = await request[method](`/api/v3/${path}`, { headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/vnd.api+json' }, ...(data ? { data } : {}) });
      expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBeTruthy();
      return response.status() === 204 ? null : ((await response.json()) as { data: Resource & Resource[]; included?: Resource[] });
    };
    // The next match to be played: it kicks off (through the staff API, as the match centre posts
    // it) while the fan looks at its round, and is put back as it was at the end.
    const doc = (await staff('get', 'matches?filter[status]=not_started&sort=kickoff_at&page[size]=1&include=round,home_squad.team.club'))!;
    const [match] = doc.data;
    expect(match, 'the demo season has matches to come').toBeTruthy();
    const included = (type: string, id: string | undefined) => doc.included!.find((r) => r.type === type && r.id === id)!;
    const round = included('rounds', match.relationships!.round.data!.id);
    const homeSquad = match.relationships!.home_squad.data!.id;
    const homeClub = included('clubs', included('teams', included('squads', homeSquad).relationships!.team.data!.id).relationships!.club.data!.id);
    const clubName = String(homeClub.attributes.name);
    const posted: string[] = [];
    const incident = async (attributes: Record<string, unknown>, squad?: string) => {
      const relationships = { match: { data: { type: 'matches', id: match.id } }, ...(squad ? { squad: { data: { type: 'squads', id: squad } } } : {}) };
      posted.push((await staff('post', 'incidents', { data: { type: 'incidents', attributes, relationships } }))!.data.id);
    };
    const nav = page.getByRole('navigation', { name: MENU.pl.nav });
    try {
      await test.step('the home page, then the fixtures through the main menu', async () => {
        await page.goto('/site/pl/');
        await expect(nav).toHaveAttribute('data-enhanced', '');
        await checkPage('home');
        // On a phone the menu is folded behind its button.
        if (device === 'phone') await nav.getByRole('button', { name: 'Menu', exact: true }).click();
        await nav.getByRole('link', { name: MENU.pl.fixtures, exact: true }).click();
        await expect(page).toHaveURL(/\/site\/pl\/terminarz$/);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terminarz');
        // (On a phone the menu is folded again on the new page: its marked link is there, hidden.)
        await expect(nav.locator('a[aria-current="page"]')).toHaveText(MENU.pl.fixtures);
        await checkPage('fixtures');
      });

      await test.step("a round chosen with the filters' form, from the keyboard", async () => {
        const filters = page.getByRole('form', { name: 'Filtry' });
        const rounds = filters.getByLabel('Kolejka');
        await rounds.focus();
        // A closed select takes the first letters of an option, as typed.
        await page.keyboard.type(String(round.attributes.name));
        await expect(rounds).toHaveValue(round.id);
        await page.keyboard.press('Tab');
        await expect(filters.getByLabel('Klub')).toBeFocused();
        await page.keyboard.press('Tab');
        await expect(filters.getByRole('button', { name: 'Pokaż' })).toBeFocused();
        await page.keyboard.press('Enter');
        await expect(page).toHaveURL(new RegExp(`/site/pl/terminarz\\?round=${round.id}(&|$)`));
        await expect(rounds).toHaveValue(round.id);
        await checkPage(`fixtures of ${String(round.attributes.name)}`);
      });

      const row = page.locator(`.u-match[data-match-id="${match.id}"]`);
      await test.step('the match kicks off while the fan looks at its round, and is opened', async () => {
        await expect(page.locator('.u-match[data-match-id]').first()).toBeVisible();
        await expect(page.locator('.u-match[data-match-id]').and(page.locator(`[data-round-id="${round.id}"]`))).toHaveCount(await page.locator('.u-match[data-match-id]').count());
        await expect(row).toHaveAttribute('data-status', 'not_started');
        await expect(page.locator('html')).toHaveAttribute('data-live-scores', 'connected');
        await incident({ incident_type: 'kick_off', occurrence_half: 1, occurrence_minute: 0 });
        await expect(row).toHaveAttribute('data-live', 'true', { timeout: 15_000 });
        await expect(row.locator('[data-status-text]')).toHaveText('Na żywo');
        await expect(row.locator('[data-score="home"]')).toHaveText('0');
        await row.getByRole('link').click();
        await expect(page).toHaveURL(new RegExp(`/site/pl/mecze/${match.id}-[a-z0-9-]+$`));
        await expect(page.getByRole('heading', { level: 1 })).toContainText(clubName);
      });

      await test.step('a goal posted through the staff API reaches the match page', async () => {
        const card = page.locator(`[data-match-id="${match.id}"][data-live]`).first();
        await expect(card).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('data-live-scores', 'connected');
        await checkPage('live match');
        const home = card.locator('[data-score="home"]');
        const before = Number(await home.textContent());
        await incident({ incident_type: 'goal', occurrence_half: 1, occurrence_minute: 12 }, homeSquad);
        await expect(home).toHaveText(String(before + 1), { timeout: 15_000 });
        await expect(page.locator('[data-announcer]')).toHaveText(/^Gol! /);
      });

      await test.step("the home side's club, from the match page", async () => {
        await page.getByRole('main').getByRole('link', { name: clubName, exact: true }).first().click();
        await expect(page).toHaveURL(new RegExp(`/site/pl/kluby/(${homeClub.id}-[a-z0-9-]+|${String(homeClub.attributes.code).toLowerCase()})$`));
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(clubName);
        await checkPage('club');
      });

      await test.step("a player of the club's squad", async () => {
        const squad = page.locator('[data-kind="squad"]');
        await expect(squad).toBeVisible();
        const player = squad.getByRole('link').first();
        const name = (await player.textContent())!.trim();
        await player.click();
        await expect(page).toHaveURL(/\/site\/pl\/zawodnicy\/\d+-[a-z0-9-]+$/);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
        await checkPage('player');
      });

      await test.step("the search from the header, for a club's name without its Polish letters", async () => {
        const header = page.getByRole('banner');
        await header.getByRole('searchbox').fill('lodz');
        await header.getByRole('searchbox').press('Enter');
        await expect(page).toHaveURL(/\/site\/pl\/search\?q=lodz$/);
        await checkPage('search');
        const clubs = page.getByRole('region', { name: /^Kluby/ });
        await clubs.getByRole('link', { name: 'Widzew Łódź', exact: true }).click();
        await expect(page).toHaveURL(/\/site\/pl\/kluby\/\d+-widzew-lodz$/);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Widzew Łódź');
      });

      await test.step("the club's address in English with the Polish word: a 301 to the English word, the same words after the id", async () => {
        const polish = new URL(page.url()).pathname;
        const key = polish.split('/').at(-1)!;
        const response = await page.goto(polish.replace('/site/pl/', '/site/en/'));
        const asked = response!.request().redirectedFrom();
        expect(asked?.url()).toMatch(new RegExp(`/site/en/kluby/${key}$`));
        expect((await asked!.response())!.status()).toBe(301);
        await expect(page).toHaveURL(new RegExp(`/site/en/clubs/${key}$`));
        await expect(page.locator('html')).toHaveAttribute('lang', 'en');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Widzew Łódź');
        await expect(page.locator('link[rel="alternate"][hreflang="pl"]')).toHaveAttribute('href', new RegExp(`${polish}$`));
        await expect(page.getByRole('navigation', { name: MENU.en.nav })).toBeAttached();
        await checkPage('club in English');
      });
    } finally {
      for (const id of posted.reverse()) await staff('delete', `incidents/${id}`);
    }
    expect(found).toEqual({});
  });

test('a live score on the website changes when an incident is posted through the staff API', { tag: '@postgres' }, async ({ page, request }) => {
  await page.goto('/site/pl/');
  const live = page.locator('[data-match-id][data-live]').first();
  await expect(live).toBeVisible();
  const matchId = await live.getAttribute('data-match-id');
  const home = live.locator('[data-score="home"]');
  const before = Number(await home.textContent());
  // The page holds its live channel before the goal is scored.
  await expect(page.locator('html')).toHaveAttribute('data-live-scores', 'connected');
  const token = await tokenFor(request, 'editor');
  const match = (await (await request.get(`/api/v3/matches/${matchId}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { data: { relationships: { home_squad: { data: { id: string } } } } };
  const posted = Date.now();
  const goal = await request.post('/api/v3/incidents', {
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/vnd.api+json' },
    data: {
      data: {
        type: 'incidents',
        attributes: { incident_type: 'goal', occurrence_half: 2, occurrence_minute: 77 },
        relationships: { match: { data: { type: 'matches', id: matchId } }, squad: { data: { type: 'squads', id: match.data.relationships.home_squad.data.id } } },
      },
    },
  });
  expect(goal.ok(), await goal.text()).toBeTruthy();
  // The target is 2 s; a shared machine gets more room here, and the time is reported
  // (bench/site.mjs measures it against the target).
  await expect(home).toHaveText(String(before + 1), { timeout: 15_000 });
  test.info().annotations.push({ type: 'score reached the page after', description: `${Date.now() - posted} ms` });
  // Said to screen readers too, in the page's language.
  await expect(page.locator('[data-announcer]')).toHaveText(/^Gol! /);
});

test('a live match centre takes an incident posted through the staff API into its timeline and counts, and drops it when deleted', { tag: '@postgres' }, async ({ page, request }) => {
  const token = await tokenFor(request, 'editor');
  const api = async (method: 'get' | 'post' | 'delete', path: string, data?: unknown) => {
    const res = await request[method](path, { headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/vnd.api+json' }, ...(data ? { data } : {}) });
    expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBeTruthy();
    return res.status() === 204 ? null : ((await res.json()) as { data: any });
  };
  // A page of its own with the match centre of a match under way (the demo's match day page shows a finished one).
  const live = (await api('get', '/api/v3/matches?filter[status]=first_half,second_half&page[size]=1'))!.data[0];
  expect(live, 'a demo match under way').toBeDefined();
  const n = Date.now();
  const type = (await api('post', '/api/v3/page_types', { data: { type: 'page_types', attributes: { name: `Mecz ${n}`, kind: 'irregular', visibility: ['web'] } } }))!.data.id;
  const pageId = (await api('post', '/api/v3/pages', { data: { type: 'pages', attributes: { title: `Na żywo ${n}`, slug: `na-zywo-${n}`, status: 'published' }, relationships: { page_type: { data: { type: 'page_types', id: type } } } } }))!.data.id;
  await api('post', '/api/v3/components', { data: { type: 'components', attributes: { kind: 'match', index: 0, settings: {} }, relationships: { page: { data: { type: 'pages', id: pageId } }, match: { data: { type: 'matches', id: live.id } } } } });
  await page.goto(`/site/pl/na-zywo-${n}`);
  await expect(page.locator('html')).toHaveAttribute('data-live-scores', 'connected');
  const lines = page.locator('[data-timeline-list] > li');
  const before = await lines.count();
  const yellows = page.locator('[data-stat="yellow_cards"] [data-stat-side="home"]');
  const yellowsBefore = Number(await yellows.textContent());
  // A yellow card for a home player of the line-up: named (and linked) as the line-ups name them.
  const squad = live.relationships.home_squad.data.id;
  const lineup = (await api('get', `/api/v3/lineups?filter[match]=${live.id}&filter[squad]=${squad}&page[size]=1`))!.data[0];
  const name = (await page.locator(`.u-lineups [data-player-id="${lineup.relationships.player.data.id}"]`).textContent())!;
  const firstHalf = live.attributes.status === 'first_half';
  const incident = (await api('post', '/api/v3/incidents', {
    data: {
      type: 'incidents',
      attributes: { incident_type: 'yellow_card', occurrence_half: firstHalf ? 1 : 2, occurrence_minute: firstHalf ? 44 : 89 },
      relationships: { match: { data: { type: 'matches', id: live.id } }, squad: { data: { type: 'squads', id: squad } }, player: { data: { type: 'players', id: lineup.relationships.player.data.id } } },
    },
  }))!.data;
  const added = page.locator(`[data-incident-id="${incident.id}"]`);
  await expect(added).toHaveText(new RegExp(`^${firstHalf ? 44 : 89}′ Żółta kartka .* ${name}$`), { timeout: 15_000 });
  await expect(added).toHaveAttribute('data-side', 'home');
  await expect(lines).toHaveCount(before + 1);
  await expect(yellows).toHaveText(String(yellowsBefore + 1));
  await api('delete', `/api/v3/incidents/${incident.id}`);
  await expect(lines).toHaveCount(before, { timeout: 15_000 });
  await expect(yellows).toHaveText(String(yellowsBefore));
});

test('a free event plays on the website; a paid one is refused until the payment provider’s webhook grants it', { tag: '@postgres' }, async ({ page, request, problems }) => {
  test.setTimeout(180_000);
  problems.expect(/status of 401 .* @ \S+\/public\/v1\/ott\/events\/\d+\/playback\?/, 'the paid event asked for without a fan account');
  problems.expect(/status of 403 .* @ \S+\/public\/v1\/ott\/events\/\d+\/playback\?/, 'the paid event asked for by a fan without a ticket');
  const admin = await tokenFor(request, 'admin');
  const api = async (method: 'get' | 'post' | 'patch', path: string, data?: unknown) => {
    const res = await request[method](path, { headers: { Authorization: `Bearer ${admin}`, 'Content-Type': 'application/vnd.api+json' }, ...(data ? { data } : {}) });
    expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBeTruthy();
    return (await res.json()) as { data: any; meta?: any };
  };
  // The demo's free highlights (its VOD is transcoded by the demo data's job), on a page of its own.
  const events = (await api('get', '/api/v3/ott/events?filter[access]=free&page[size]=50')).data as { id: string; attributes: { title: string } }[];
  const event = events.find((e) => e.attributes.title.startsWith('Skrót'))!;
  // A fresh server transcodes it at start: wait until it has something to play.
  await expect.poll(async () => (await api('get', `/api/v3/ott/events/${event.id}/playback`)).data.attributes.url, { timeout: 90_000 }).toBeTruthy();
  const n = Date.now();
  const type = (await api('post', '/api/v3/page_types', { data: { type: 'page_types', attributes: { name: `Wideo ${n}`, kind: 'standard', visibility: ['web'] } } })).data.id;
  const pageId = (await api('post', '/api/v3/pages', { data: { type: 'pages', attributes: { title: `Transmisje ${n}`, slug: `transmisje-${n}`, status: 'published' }, relationships: { page_type: { data: { type: 'page_types', id: type } } } } })).data.id;
  await api('post', '/api/v3/components', {
    data: { type: 'components', attributes: { kind: 'events', index: 0, settings: { title: 'Transmisje' } }, relationships: { page: { data: { type: 'pages', id: pageId } }, events: { data: [{ type: 'ott_events', id: event.id }] } } },
  });

  // Free: anyone presses Watch and the video plays.
  await page.goto(`/site/pl/transmisje-${n}`);
  const card = page.locator(`[data-ott-id="${event.id}"]`);
  await card.getByRole('button', { name: /^Oglądaj/ }).click();
  const video = card.locator('video.u-player');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 }).toBeGreaterThan(0);

  // The same event made pay-per-view: without an account a fan is asked to sign in, and an account without a ticket to buy one.
  await api('patch', `/api/v3/ott/events/${event.id}`, { data: { type: 'ott_events', id: event.id, attributes: { access: 'pay_per_view' } } });
  try {
    const email = `widz${n}@example.com`;
    const fan = await request.post('/public/v1/fans?client=ekstraklasa-demo', {
      headers: { 'Content-Type': 'application/vnd.api+json' },
      data: { data: { type: 'fans', attributes: { email, password: 'bardzo-tajne-haslo', display_name: 'Widz' } } },
    });
    expect(fan.ok(), await fan.text()).toBeTruthy();
    await page.reload();
    await card.getByRole('button', { name: /^Oglądaj/ }).click();
    await expect(card.getByText('Ta transmisja jest płatna. Zaloguj się na konto kibica, aby ją obejrzeć.')).toBeVisible();
    await card.getByLabel('E-mail').fill(email);
    await card.getByLabel('Hasło').fill('bardzo-tajne-haslo');
    await card.getByRole('button', { name: 'Zaloguj się' }).click();
    await expect(card.getByText('Ta transmisja jest płatna: kup bilet lub abonament, aby ją obejrzeć.')).toBeVisible();
    await expect(card.locator('video.u-player')).toHaveCount(0);

    // The payment provider says the fan paid: a signed webhook call grants the ticket.
    const secret = (await api('post', '/api/v3/ott/payment_webhook/rotate_secret')).meta.secret as string;
    const body = JSON.stringify({ id: `evt_e2e_${n}`, type: 'entitlement.granted', data: { fan_email: email, kind: 'event', event_id: event.id, external_ref: `pay_e2e_${n}` } });
    const t = Math.floor(Date.now() / 1000);
    const signature = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    const granted = await request.post('/public/v1/ott/payments/webhook?client=ekstraklasa-demo', { headers: { 'Content-Type': 'application/json', 'X-Umpire-Signature': `t=${t},v1=${signature}` }, data: body });
    expect(granted.ok(), await granted.text()).toBeTruthy();
    await card.getByRole('button', { name: /^Oglądaj/ }).click();
    await expect.poll(() => card.locator('video.u-player').evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 }).toBeGreaterThan(0);
  } finally {
    await api('patch', `/api/v3/ott/events/${event.id}`, { data: { type: 'ott_events', id: event.id, attributes: { access: 'free' } } });
  }
});

test('a library video of a page plays from its file, asked for in byte ranges', { tag: '@postgres' }, async ({ page }) => {
  // The browser asks for a video's file in ranges (Range: bytes=0-, then where it seeks): 206s.
  const statuses: number[] = [];
  page.on('response', (r) => {
    if (/\/public\/v1\/videos\/\d+\/content\?/.test(r.url())) statuses.push(r.status());
  });
  await page.goto('/site/pl/mecze/mecz-dnia');
  const video = page.locator('figure.u-video video');
  await expect(video.locator('source')).toHaveAttribute('src', /\/public\/v1\/videos\/\d+\/content\?client=ekstraklasa-demo$/);
  // Muted, as a browser plays a video started by a script only so.
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    void v.play();
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 }).toBeGreaterThan(0);
  expect(statuses).toContain(206);
  // A jump near the end plays from there.
  await video.evaluate((v: HTMLVideoElement) => (v.currentTime = Math.max(0, v.duration - 1)));
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 }).toBeGreaterThan(0.5);
});
