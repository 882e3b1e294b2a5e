import { describe, expect, it } from 'vitest';
import { createSite } from './site';
import type { DeliveryAnswer, DeliverySource } from './source';

/**
 * The site's addresses per language on a delivery API in a box: hreflang only to the translations
 * that exist (each at its own slug), a club's hand-made page linked in the language it exists in,
 * and a sitemap that lists the pages and the published articles.
 */
interface FakeArticle {
  id: string;
  /** The translations published now: locale → slug (null: none) and when it last changed. */
  t: Record<string, { slug: string | null; updated_at: string; old?: string[] }>;
}

const ARTICLES: FakeArticle[] = [
  { id: '1', t: { pl: { slug: 'derby-dla-gospodarzy', updated_at: '2026-05-01T10:00:00.000Z', old: ['derby-na-remis'] }, en: { slug: 'derby-for-the-hosts', updated_at: '2026-05-02T10:00:00.000Z' } } },
  { id: '2', t: { pl: { slug: 'tylko-po-polsku', updated_at: '2026-05-03T10:00:00.000Z' } } },
  { id: '3', t: { en: { slug: 'english-only', updated_at: '2026-05-04T10:00:00.000Z' } } },
];

function fakeSource(pageSlugs: string[]): DeliverySource {
  const ok = (body: DeliveryAnswer['body']): DeliveryAnswer => ({ status: 200, body });
  const missing: DeliveryAnswer = { status: 404, body: { errors: [{ status: '404' }] } };
  const article = (a: FakeArticle, locale: string) => ({
    type: 'articles',
    id: a.id,
    attributes: { locale, title: `${a.id} ${locale}`, lead: '', slug: a.t[locale].slug, updated_at: a.t[locale].updated_at, body: { type: 'doc', content: [] } },
  });
  return {
    async get(path) {
      const url = new URL(path, 'http://api.test');
      const locale = url.searchParams.get('locale') ?? 'pl';
      if (url.pathname === '/pages')
        return ok({ data: pageSlugs.map((slug, i) => ({ type: 'pages', id: String(i + 1), attributes: { slug, updated_at: '2026-04-01T00:00:00.000Z' } })), meta: { pages: 1 } });
      if (url.pathname === '/current_page') {
        const slug = url.searchParams.get('slug') ?? '';
        if (!pageSlugs.includes(slug)) return missing;
        return ok({
          data: { type: 'pages', id: '1', attributes: { title: slug, slug }, relationships: { components: { data: [{ type: 'components', id: '10' }] } } },
          included: [
            { type: 'components', id: '10', attributes: { kind: 'club_list', index: 0, settings: { title: 'Kluby' } }, relationships: { clubs: { data: [{ type: 'clubs', id: '7' }] } } },
            { type: 'clubs', id: '7', attributes: { name: 'Raków Częstochowa', code: 'RCZ' } },
          ],
        });
      }
      if (url.pathname === '/current_page_elements')
        return ok({
          data: [{ type: 'global_page_elements', id: '1', attributes: { area: 'header_footer' }, relationships: { components: { data: [{ type: 'components', id: '20' }] } } }],
          included: [
            {
              type: 'components',
              id: '20',
              attributes: {
                kind: 'main_menu',
                settings: {
                  items: [
                    { label_pl: 'Start', label_en: 'Home', page_id: '1', page_slug: 'strona-glowna' },
                    // A club's page is Polish (kluby/): the item is in the Polish menu only.
                    { label_pl: 'Raków', page_id: '2', page_slug: 'kluby/rcz' },
                  ],
                },
              },
            },
          ],
        });
      if (url.pathname === '/articles') {
        const number = Number(url.searchParams.get('page[number]') ?? 1);
        const all = ARTICLES.filter((a) => a.t[locale]);
        return ok({ data: number === 1 ? all.map((a) => article(a, locale)) : [], meta: { total: all.length, page: number, size: 100 } });
      }
      const m = /^\/articles\/([^/]+)$/.exec(url.pathname);
      if (m) {
        const key = decodeURIComponent(m[1]);
        // By id, by its slug, or by a slug it had before in that locale (the answer holds the current one).
        const found = ARTICLES.find((a) => a.t[locale] && (a.id === key || a.t[locale].slug === key || a.t[locale].old?.includes(key)));
        return found ? ok({ data: article(found, locale), included: [] }) : missing;
      }
      return missing;
    },
  };
}

const origin = 'https://liga.example';
/** The site on the fake API, its answers' bytes read as text. */
function site(pageSlugs = ['strona-glowna', 'kluby/rcz']) {
  const s = createSite({ source: fakeSource(pageSlugs), basePath: '/site', client: 'demo', apiBase: '/public/v1', cablePath: '/cable', imageBase: '/img', cacheMs: 0, hasClientScript: () => false });
  return {
    async handle(path: string, at: string) {
      const res = await s.handle(path, at);
      return { ...res, body: res.body.toString('utf8') };
    },
  };
}
const head = (html: string) => html.slice(0, html.indexOf('</head>'));
const alternates = (html: string) => [...head(html).matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map((m) => `${m[1]} ${m[2]}`);

describe('the main menu', () => {
  it('leads to the pages at the site\'s addresses in the page\'s language, the page shown marked', async () => {
    const nav = (html: string) => html.slice(html.indexOf('<nav'), html.indexOf('</nav>'));
    const club = nav((await site().handle('/pl/kluby/rcz', origin)).body);
    expect(club).toContain('aria-label="Menu główne"');
    expect(club).toContain('<a class="u-nav-link" href="/site/pl/">Start</a>');
    expect(club).toContain('<a class="u-nav-link" href="/site/pl/kluby/rcz" aria-current="page">Raków</a>');
    const home = nav((await site().handle('/en/', origin)).body);
    expect(home).toContain('aria-label="Main menu"');
    expect(home).toContain('<a class="u-nav-link" href="/site/en/" aria-current="page">Home</a>');
    expect(home.match(/aria-current/g)).toHaveLength(1);
    // An item without an English label is not in the English menu.
    expect(home).not.toContain('Raków');
  });
});

describe('an article’s addresses', () => {
  it('names each translation at its own slug, and only the translations there are', async () => {
    const pl = await site().handle('/pl/articles/derby-dla-gospodarzy', origin);
    expect(pl.status).toBe(200);
    expect(alternates(pl.body)).toEqual([
      `pl ${origin}/site/pl/articles/derby-dla-gospodarzy`,
      `en ${origin}/site/en/articles/derby-for-the-hosts`,
      `x-default ${origin}/site/pl/articles/derby-dla-gospodarzy`,
    ]);
    expect(pl.body).toContain(`<link rel="canonical" href="${origin}/site/pl/articles/derby-dla-gospodarzy">`);
    const en = await site().handle('/en/articles/derby-for-the-hosts', origin);
    expect(en.body).toContain(`<link rel="canonical" href="${origin}/site/en/articles/derby-for-the-hosts">`);
    expect(en.body).toContain(`<meta property="og:url" content="${origin}/site/en/articles/derby-for-the-hosts">`);
  });

  it('names no language an article has no translation in, and x-default only when it exists', async () => {
    const polish = await site().handle('/pl/articles/tylko-po-polsku', origin);
    expect(alternates(polish.body)).toEqual([`pl ${origin}/site/pl/articles/tylko-po-polsku`, `x-default ${origin}/site/pl/articles/tylko-po-polsku`]);
    const english = await site().handle('/en/articles/english-only', origin);
    expect(alternates(english.body)).toEqual([`en ${origin}/site/en/articles/english-only`]);
  });

  it('takes an article’s id and names its slug as the canonical address', async () => {
    const byId = await site().handle('/en/articles/1', origin);
    expect(byId.body).toContain(`<link rel="canonical" href="${origin}/site/en/articles/derby-for-the-hosts">`);
  });
});

describe('an article’s old addresses', () => {
  it('answer 301 to the current slug when the article had that slug before', async () => {
    const old = await site().handle('/pl/articles/derby-na-remis', origin);
    expect(old.status).toBe(301);
    expect(old.headers.location).toBe('/site/pl/articles/derby-dla-gospodarzy');
  });

  it('answer 301 to the translation of this language when asked by another language’s slug', async () => {
    const other = await site().handle('/en/articles/derby-dla-gospodarzy', origin);
    expect(other.status).toBe(301);
    expect(other.headers.location).toBe('/site/en/articles/derby-for-the-hosts');
    expect((await site().handle('/en/articles/tylko-po-polsku', origin)).status).toBe(404);
    expect((await site().handle('/en/articles/no-such-article', origin)).status).toBe(404);
  });
});

describe('a club’s hand-made page', () => {
  it('is linked from an English page where it exists, in Polish, and says so', async () => {
    const en = await site().handle('/en/', origin);
    expect(en.body).toContain('<a href="/site/pl/kluby/rcz" hrefLang="pl">');
    expect(en.body).not.toContain('href="/site/en/kluby/rcz"');
    const pl = await site().handle('/pl/', origin);
    expect(pl.body).toContain('<a href="/site/pl/kluby/rcz">');
  });

  it('is the reader’s language’s own when staff made one, and the two are each other’s alternates', async () => {
    const both = site(['strona-glowna', 'kluby/rcz', 'clubs/rcz']);
    expect((await both.handle('/en/', origin)).body).toContain('<a href="/site/en/clubs/rcz">');
    expect((await both.handle('/pl/', origin)).body).toContain('<a href="/site/pl/kluby/rcz">');
    const page = await both.handle('/pl/kluby/rcz', origin);
    expect(alternates(page.body)).toEqual([`pl ${origin}/site/pl/kluby/rcz`, `en ${origin}/site/en/clubs/rcz`, `x-default ${origin}/site/pl/kluby/rcz`]);
  });

  it('keeps a shared builder page in every language at its one slug', async () => {
    const page = await site().handle('/en/kluby/rcz', origin);
    expect(page.status).toBe(200);
    expect(alternates(page.body)).toEqual([`pl ${origin}/site/pl/kluby/rcz`, `en ${origin}/site/en/kluby/rcz`, `x-default ${origin}/site/pl/kluby/rcz`]);
  });
});

describe('the sitemap', () => {
  it('is an index of the pages’ sitemap and the articles’', async () => {
    const index = await site().handle('/sitemap.xml', origin);
    expect(index.status).toBe(200);
    expect(index.body).toContain('<sitemapindex');
    expect(index.body).toContain(`<sitemap><loc>${origin}/site/sitemap-pages.xml</loc><lastmod>2026-04-01T00:00:00.000Z</lastmod></sitemap>`);
    expect(index.body).toContain(`<sitemap><loc>${origin}/site/sitemap-articles.xml</loc><lastmod>2026-05-04T10:00:00.000Z</lastmod></sitemap>`);
    expect((await site().handle('/sitemap-articles-2.xml', origin)).status).toBe(404);
  });

  it('lists every page in every language', async () => {
    const pages = (await site().handle('/sitemap-pages.xml', origin)).body;
    for (const loc of ['/pl/', '/en/', '/pl/kluby/rcz', '/en/kluby/rcz']) expect(pages).toContain(`<loc>${origin}/site${loc}</loc>`);
  });

  it('lists every published article in each language it has, at its slug, with its lastmod and alternates', async () => {
    const body = (await site().handle('/sitemap-articles.xml', origin)).body;
    const locs = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1].replace(`${origin}/site`, ''));
    expect(locs.sort()).toEqual(['/en/articles/derby-for-the-hosts', '/en/articles/english-only', '/pl/articles/derby-dla-gospodarzy', '/pl/articles/tylko-po-polsku']);
    expect(body).toContain(
      `<url><loc>${origin}/site/en/articles/derby-for-the-hosts</loc><lastmod>2026-05-02T10:00:00.000Z</lastmod>` +
        `<xhtml:link rel="alternate" hreflang="pl" href="${origin}/site/pl/articles/derby-dla-gospodarzy"/>` +
        `<xhtml:link rel="alternate" hreflang="en" href="${origin}/site/en/articles/derby-for-the-hosts"/></url>`,
    );
    expect(body).toContain(`<url><loc>${origin}/site/en/articles/english-only</loc><lastmod>2026-05-04T10:00:00.000Z</lastmod><xhtml:link rel="alternate" hreflang="en" href="${origin}/site/en/articles/english-only"/></url>`);
  });
});

describe('the pages it keeps', () => {
  /** The site over the fake API, its pages kept for a minute, counting the pages it renders (each reads its page once). */
  function counted(keptPages?: number) {
    const api = fakeSource(['strona-glowna', 'kluby/rcz']);
    let renders = 0;
    let down = false;
    const source: DeliverySource = {
      async get(path, options) {
        if (path.startsWith('/current_page?')) {
          renders++;
          // Slow enough for readers to arrive while it renders.
          await new Promise((r) => setTimeout(r, 20));
          if (down) throw new Error('the delivery API is away');
        }
        return api.get(path, options);
      },
    };
    const s = createSite({ source, basePath: '/site', client: 'demo', apiBase: '/public/v1', cablePath: '/cable', imageBase: '/img', cacheMs: 60_000, keptPages, hasClientScript: () => false });
    return { s, renders: () => renders, down: (v: boolean) => (down = v) };
  }

  it('renders a page once for the readers who ask for it together', async () => {
    const { s, renders } = counted();
    const answers = await Promise.all(Array.from({ length: 5 }, () => s.handle('/pl/kluby/rcz', origin)));
    expect(renders()).toBe(1);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
  });

  it('keeps no failure: readers who waited for it and the next one render again', async () => {
    const { s, renders, down } = counted();
    down(true);
    const answers = await Promise.allSettled([s.handle('/pl/kluby/rcz', origin), s.handle('/pl/kluby/rcz', origin)]);
    expect(answers.map((a) => a.status)).toEqual(['rejected', 'rejected']);
    expect(renders()).toBe(2);
    down(false);
    expect((await s.handle('/pl/kluby/rcz', origin)).status).toBe(200);
    expect(renders()).toBe(3);
  });

  it('keeps one page for every spelling of its address, and leads addresses with extra slashes to its own', async () => {
    const { s, renders } = counted();
    const page = await s.handle('/pl/kluby/rcz', origin);
    for (const spelling of ['/pl/%6Bluby/rcz', '/pl/kluby%2Frcz', '/pl/kluby/rcz%2F']) {
      const same = await s.handle(spelling, origin);
      expect(same.status, spelling).toBe(200);
      expect(same.body, spelling).toBe(page.body);
    }
    expect(renders()).toBe(1);
    for (const [path, location] of [
      ['/pl/kluby/rcz/', '/site/pl/kluby/rcz'],
      ['/pl/kluby/rcz///', '/site/pl/kluby/rcz'],
      ['/pl//kluby//rcz', '/site/pl/kluby/rcz'],
      ['/pl//', '/site/pl/'],
      ['/pl/kluby/rcz/?utm_source=x', '/site/pl/kluby/rcz?utm_source=x'],
    ]) {
      const res = await s.handle(path, origin);
      expect(res.status, path).toBe(301);
      expect(res.headers.location, path).toBe(location);
    }
    expect(renders()).toBe(1);
    // Another language is another page.
    expect((await s.handle('/en/kluby/rcz', origin)).status).toBe(200);
    expect(renders()).toBe(2);
  });

  it('lets the oldest pages go past its bound, keeping the others', async () => {
    const { s, renders } = counted(2);
    for (const path of ['/pl/', '/pl/kluby/rcz', '/en/']) await s.handle(path, origin);
    expect(renders()).toBe(3);
    await s.handle('/pl/kluby/rcz', origin);
    await s.handle('/en/', origin);
    expect(renders()).toBe(3);
    // The oldest, let go: rendered again.
    await s.handle('/pl/', origin);
    expect(renders()).toBe(4);
  });
});

describe('the reads of a page', () => {
  it('reads the global elements beside the pages’ index, not after it', async () => {
    const api = fakeSource(['strona-glowna', 'kluby/rcz']);
    const asked: string[] = [];
    let whileIndexed: string[] = [];
    const source: DeliverySource = {
      async get(path, options) {
        asked.push(path);
        if (path.startsWith('/pages?')) {
          await new Promise((r) => setTimeout(r, 10));
          whileIndexed = [...asked];
        }
        return api.get(path, options);
      },
    };
    const s = createSite({ source, basePath: '/site', client: 'demo', apiBase: '/public/v1', cablePath: '/cable', imageBase: '/img', cacheMs: 0, hasClientScript: () => false });
    for (const path of ['/en/kluby/rcz', '/en/nie-ma-takiej-strony']) {
      asked.length = 0;
      expect((await s.handle(path, origin)).status).toBeGreaterThanOrEqual(200);
      expect(whileIndexed, path).toContain('/current_page_elements?locale=en');
      // Read once, whatever the page does with them.
      expect(asked.filter((p) => p.startsWith('/current_page_elements')), path).toHaveLength(1);
    }
  });
});
