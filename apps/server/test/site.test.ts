import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server';
import { waitFor } from './support/wait';
import { addLibraryFile, makeVideo } from './support/library';

/**
 * The league's website (issue 24, points 6 and 7) as `npm start` serves it at /site: every
 * published page in both languages, server-rendered from the delivery API, with its SEO and
 * sharing tags, a sitemap, and 404s that are pages of the site.
 */
let api: TestServer;
beforeAll(async () => {
  api = await startTestServer();
});
afterAll(() => api?.close());

const html = async (path: string) => {
  const res = await fetch(api.url + path, { redirect: 'manual' });
  return { status: res.status, headers: res.headers, text: await res.text() };
};
const q = 'client=ekstraklasa-demo';

/** A GET with the Host and X-Forwarded-* headers an attacker writes (fetch keeps Host to itself). */
const forged = (server: TestServer, path: string, host: string) =>
  new Promise<{ status: number; text: string }>((resolve, reject) => {
    const headers = { host, 'x-forwarded-host': host, 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' };
    const req = httpRequest(server.url + path, { headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end();
  });

/** The site's pages, its 404, an article, the sitemap and robots.txt, as a forged Host asks them: only `origin` is named. */
async function expectOnlyOrigin(server: TestServer, origin: string) {
  const article = (await server.get(`/public/v1/articles?${q}&locale=pl&page[size]=1`, { token: null })).body.data[0] as { id: string; attributes: { slug: string | null } };
  const paths: [string, number][] = [
    ['/site/pl/', 200],
    ['/site/en/news', 200],
    [`/site/pl/articles/${article.attributes.slug ?? article.id}`, 200],
    ['/site/pl/nie-ma-takiej-strony', 404],
    ['/site/sitemap.xml', 200],
    ['/site/sitemap-pages.xml', 200],
    ['/site/sitemap-articles.xml', 200],
    ['/site/robots.txt', 200],
  ];
  for (const [path, status] of paths)
    for (const host of ['evil.example', `evil.example:${new URL(server.url).port}`]) {
      const res = await forged(server, path, host);
      expect(res.status, path).toBe(status);
      expect(res.text, path).not.toContain('evil.example');
      // Every absolute address it names of itself (canonical, og:url, og:image, hreflang, <loc>, Sitemap:) is on the configured origin.
      const own = res.text.includes('</head>') ? res.text.slice(0, res.text.indexOf('</head>')) : res.text;
      const named = [...own.matchAll(/(?:href="|content="|<loc>|Sitemap: )(https?:\/\/[^"<\s]+)/g)].map((m) => m[1]);
      expect(named.length, path).toBeGreaterThan(0);
      for (const url of named) expect(url.startsWith(`${origin}/`), `${path}: ${url}`).toBe(true);
    }
  const home = await forged(server, '/site/pl/', 'evil.example');
  expect(home.text).toContain(`<link rel="canonical" href="${origin}/site/pl/">`);
  expect(home.text).toContain(`<link rel="alternate" hreflang="en" href="${origin}/site/en/">`);
  expect(home.text).toContain(`<meta property="og:url" content="${origin}/site/pl/">`);
  expect((await forged(server, '/site/sitemap.xml', 'evil.example')).text).toContain(`<loc>${origin}/site/sitemap-pages.xml</loc>`);
  expect((await forged(server, '/site/sitemap-pages.xml', 'evil.example')).text).toContain(`<loc>${origin}/site/pl/</loc>`);
  expect((await forged(server, '/site/robots.txt', 'evil.example')).text).toContain(`Sitemap: ${origin}/site/sitemap.xml`);
}

describe('the website at /site', () => {
  it('renders every published page in Polish and English, with its title, canonical address, languages and sharing tags', async () => {
    // Those staff made (a template's page is drawn at its kind's addresses: see the template pages' tests).
    const doc = (await api.get(`/public/v1/pages?${q}&include=page_type`, { token: null })).body as {
      data: { attributes: { slug: string; title: string; seo_title: string | null }; relationships: { page_type: { data: { id: string } } } }[];
      included: { id: string; attributes: { template_kind: string | null } }[];
    };
    const templates = new Set(doc.included.filter((t) => t.attributes.template_kind).map((t) => t.id));
    const pages = doc.data.filter((p) => !templates.has(p.relationships.page_type.data.id));
    expect(pages.length).toBeGreaterThanOrEqual(3);
    for (const page of pages)
      for (const locale of ['pl', 'en']) {
        const path = page.attributes.slug === 'strona-glowna' ? `/site/${locale}/` : `/site/${locale}/${page.attributes.slug}`;
        const res = await html(path);
        // A club's page made in Polish leads English readers to the club's English page (the template's).
        if (locale === 'en' && page.attributes.slug.startsWith('kluby/')) {
          expect(res.status, path).toBe(301);
          continue;
        }
        expect(res.status, path).toBe(200);
        expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
        expect(res.text).toMatch(new RegExp(`^<!doctype html><html lang="${locale}"`));
        expect(res.text).toContain(`<title>${page.attributes.seo_title ?? page.attributes.title}</title>`);
        expect(res.text).toContain(`<link rel="canonical" href="${api.url}${path}">`);
        expect(res.text).toContain('hreflang="pl"');
        expect(res.text).toContain('hreflang="en"');
        expect(res.text).toContain('<meta property="og:title"');
        expect(res.text).toMatch(/<main id="u-main"/);
        // Only what the delivery API shows: no staff field reaches a page.
        expect(res.text).not.toMatch(/is_correct|external_ids|password|stream_key/);
        expect(res.headers.get('content-security-policy')).toContain('frame-src https:');
      }
  });

  it('draws the demo home page from its components: matches with scores, the table, the header and its menu', async () => {
    const res = await html('/site/pl/');
    const again = await fetch(`${api.url}/site/pl/`, { headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect(res.text).toContain('data-kind="page_header"');
    // The demo's main menu: its pages at the site's addresses, the home marked, the league's site with its sub-items.
    const nav = res.text.slice(res.text.indexOf('<nav class="u-nav"'), res.text.indexOf('</nav>'));
    expect(nav).toContain('aria-label="Menu główne"');
    expect(nav).toContain('<a class="u-nav-link" href="/site/pl/" aria-current="page">Strona główna</a>');
    for (const link of ['href="/site/pl/aktualnosci">Aktualności', 'href="/site/pl/mecze/mecz-dnia">Mecz dnia', 'href="/site/pl/kluby/rcz">', 'href="https://www.ekstraklasa.org/">O lidze', 'href="https://www.ekstraklasa.org/bilety">Bilety'])
      expect(nav).toContain(link);
    expect((await html('/site/en/news')).text).toContain('<a class="u-nav-link" href="/site/en/news" aria-current="page">News</a>');
    expect(res.text).toContain('data-match-id=');
    expect(res.text).toMatch(/<table[^>]*>[\s\S]*Pogoń Szczecin/);
    expect(res.text).toMatch(/<meta property="og:image" content="http[^"]+\/img\//);
  });

  it('shows a change on the page within its second: the site reads each answer again, reusing what has not changed', async () => {
    const page = (await api.get(`/public/v1/pages?${q}&filter[slug]=aktualnosci`, { token: null })).body.data[0] as { id: string; attributes: { seo_title: string } };
    const before = await html('/site/pl/aktualnosci');
    expect(before.text).toContain(`<title>${page.attributes.seo_title}</title>`);
    const title = `Aktualności ${Date.now()}`;
    const changed = await api.patch(`/api/v3/pages/${page.id}`, { data: { type: 'pages', id: page.id, attributes: { seo_title: title } } });
    expect(changed.status, changed.text).toBe(200);
    await waitFor('the new title on the site', async () => (await html('/site/pl/aktualnosci')).text.includes(`<title>${title}</title>`), 10_000);
    await api.patch(`/api/v3/pages/${page.id}`, { data: { type: 'pages', id: page.id, attributes: { seo_title: page.attributes.seo_title } } });
  });

  it('plays a library video of a page: its file streamed to viewers with byte ranges, an AVI refused with a reason', async () => {
    const res = await html('/site/pl/mecze/mecz-dnia');
    const source = /<video[^>]*data-video-id="(\d+)"[^>]*>\s*<source src="([^"]+)" type="video\/mp4"/.exec(res.text);
    expect(source, 'a <source> in the video component').not.toBeNull();
    const [, id, src] = source!;
    expect(src).toBe(`/public/v1/videos/${id}/content?client=ekstraklasa-demo`);
    const whole = await fetch(api.url + src);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('cache-control')).toContain('public');
    const bytes = Buffer.from(await whole.arrayBuffer());
    expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
    const part = await fetch(api.url + src, { headers: { range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(0, 100));
    expect((await fetch(api.url + src, { headers: { 'if-none-match': whole.headers.get('etag')! } })).status).toBe(304);
    // Not for a league that is not there, nor a record that is not there.
    expect((await fetch(`${api.url}/public/v1/videos/${id}/content?client=other-client`)).status).toBe(400);
    expect((await fetch(`${api.url}/public/v1/videos/999999/content?client=ekstraklasa-demo`)).status).toBe(404);

    // An AVI plays in no browser: 415 with a reason (the site draws no <source> for one: its poster stays).
    const avi = await addLibraryFile(api.server, { name: 'stary.avi', kind: 'video', bytes: await makeVideo({ format: 'avi', seconds: 1 }), contentType: 'video/x-msvideo' });
    const made = await api.post('/api/v3/videos', { data: { type: 'videos', attributes: { file_id: avi.id, name: 'Stare nagranie' } } });
    expect(made.status, made.text).toBe(201);
    const content = `${api.url}/public/v1/videos/${made.body.data.id}/content?client=ekstraklasa-demo`;
    // A library video nothing public shows is not there for readers, whoever guesses its id.
    expect((await fetch(content)).status).toBe(404);
    const page = (await api.get(`/public/v1/pages?${q}&filter[slug]=mecze/mecz-dnia`, { token: null })).body.data[0] as { id: string };
    const shown = await api.post('/api/v3/components', {
      data: { type: 'components', attributes: { kind: 'video', index: 99, settings: { title: 'Stare nagranie' } }, relationships: { page: { data: { type: 'pages', id: page.id } }, video: { data: { type: 'videos', id: made.body.data.id } } } },
    });
    expect(shown.status, shown.text).toBe(201);
    const refused = await fetch(content);
    expect(refused.status).toBe(415);
    expect(((await refused.json()) as { errors: { code: string }[] }).errors[0].code).toBe('videoNotPlayableInBrowsers');
    await api.delete(`/api/v3/components/${shown.body.data.id}`);
  });

  it('draws the match day page as a match centre: competition, venue, broadcasters and the fans’ comments, read from the delivery API', async () => {
    const res = await html('/site/pl/mecze/mecz-dnia');
    expect(res.status).toBe(200);
    const id = /<div class="u-match-card u-match-centre" data-match-id="(\d+)" data-match-centre=""/.exec(res.text)?.[1];
    expect(id, 'the match centre of the page').toBeDefined();
    const match = (await api.get(`/public/v1/matches/${id}?${q}&include=venue,round.stage.competition_season,transmission_providers.image`, { token: null })).body;
    const included = match.included as { type: string; id: string; attributes: Record<string, unknown> }[];
    const of = (type: string) => included.filter((r) => r.type === type);
    // The competition season, the venue and every broadcaster, as the API names them.
    expect(res.text).toContain(String(of('competition_seasons')[0].attributes.name));
    expect(res.text).toContain(`<dd>${String(of('venues')[0].attributes.name)}`);
    expect(of('transmission_providers').length).toBeGreaterThan(0);
    for (const p of of('transmission_providers')) expect(res.text).toContain(`>${String(p.attributes.name)}</`);
    // The comments readers may see, newest first; none that moderation keeps back.
    const comments = (await api.get(`/public/v1/comments?${q}&filter[match]=${id}&page[size]=20`, { token: null })).body.data as { id: string; attributes: { body: string } }[];
    const shown = [...res.text.matchAll(/<li data-comment-id="(\d+)"/g)].map((m) => m[1]);
    expect(shown).toEqual(comments.map((c) => c.id));
    expect(res.text).toContain('data-hydrate="comments"');
    const everyComment = (await api.get(`/api/v3/comments?filter[match]=${id}&page[size]=100`)).body.data as { id: string; attributes: { status: string } }[];
    for (const c of everyComment.filter((c) => c.attributes.status !== 'approved')) expect(shown).not.toContain(c.id);
    // In English too, with the timeline and line-ups the page's include sets bring.
    const en = await html('/site/en/mecze/mecz-dnia');
    expect(en.text).toContain('<h3>Fans’ comments</h3>');
    expect(en.text).toContain('data-timeline-list=""');
    expect(en.text).toContain('<h3>Line-ups</h3>');
  });

  it('shows an article in both languages where it has them', async () => {
    const articles = (await api.get(`/public/v1/articles?${q}&locale=pl&page[size]=1`, { token: null })).body.data as { id: string; attributes: { slug: string | null; title: string } }[];
    const article = articles[0];
    const res = await html(`/site/pl/articles/${article.attributes.slug ?? article.id}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain(`<title>${article.attributes.title}</title>`);
    expect(res.text).toContain('<meta property="og:type" content="article">');
  });

  it('names an article’s translations, each at its own slug, and no language it is not published in', async () => {
    type Listed = { id: string; attributes: { slug: string | null } };
    const list = async (locale: string) => (await api.get(`/public/v1/articles?${q}&locale=${locale}&page[size]=100`, { token: null })).body.data as Listed[];
    const [pl, en] = [await list('pl'), await list('en')];
    const english = new Map(en.map((a) => [a.id, a.attributes.slug ?? a.id]));
    const both = pl.filter((a) => english.has(a.id) && english.get(a.id) !== a.attributes.slug);
    const polishOnly = pl.filter((a) => !english.has(a.id));
    expect(both.length).toBeGreaterThan(0);
    expect(polishOnly.length).toBeGreaterThan(0);
    const translated = both[0];
    const page = await html(`/site/pl/articles/${translated.attributes.slug}`);
    expect(page.text).toContain(`<link rel="alternate" hreflang="en" href="${api.url}/site/en/articles/${english.get(translated.id)}">`);
    expect(page.text).toContain(`<link rel="alternate" hreflang="x-default" href="${api.url}/site/pl/articles/${translated.attributes.slug}">`);
    // The address it names answers, in English.
    const there = await html(`/site/en/articles/${english.get(translated.id)}`);
    expect(there.status).toBe(200);
    expect(there.text).toContain(`<link rel="canonical" href="${api.url}/site/en/articles/${english.get(translated.id)}">`);
    const alone = await html(`/site/pl/articles/${polishOnly[0].attributes.slug ?? polishOnly[0].id}`);
    expect(alone.status).toBe(200);
    expect(alone.text).not.toContain('hreflang="en"');
  });

  it('answers an article’s old address with 301 to its current slug, and a draft’s old address with 404', async () => {
    const stamp = Date.now();
    const past = new Date(Date.now() - 3600_000).toISOString().slice(0, 14) + '00:00.000Z';
    const made = await api.post('/api/v3/articles', {
      data: { type: 'articles', attributes: { status: 'published', title: 'Pierwszy tytuł', slug: `pierwszy-${stamp}`, publish_from: past } },
    });
    expect(made.status, made.text).toBe(201);
    const id = made.body.data.id as string;
    const rename = async (slug: string, extra: Record<string, unknown> = {}) =>
      expect((await api.patch(`/api/v3/articles/${id}?locale=pl`, { data: { type: 'articles', id, attributes: { slug, ...extra } } })).status).toBe(200);
    await rename(`drugi-${stamp}`);
    await rename(`trzeci-${stamp}`);
    // The delivery API finds it by any slug it had, answering its current one.
    for (const old of [`pierwszy-${stamp}`, `drugi-${stamp}`]) {
      const found = await api.get(`/public/v1/articles/${old}?${q}&locale=pl`, { token: null });
      expect(found.status, old).toBe(200);
      expect(found.body.data.attributes.slug).toBe(`trzeci-${stamp}`);
      const page = await html(`/site/pl/articles/${old}`);
      expect(page.status, old).toBe(301);
      expect(page.headers.get('location')).toBe(`/site/pl/articles/trzeci-${stamp}`);
    }
    // Only in its locale: no English translation, no English address.
    expect((await api.get(`/public/v1/articles/pierwszy-${stamp}?${q}&locale=en`, { token: null })).status).toBe(404);
    // Back to its first slug: that is its address again, and the one it left leads to it.
    await rename(`pierwszy-${stamp}`);
    expect((await html(`/site/pl/articles/pierwszy-${stamp}`)).status).toBe(200);
    expect((await html(`/site/pl/articles/trzeci-${stamp}`)).headers.get('location')).toBe(`/site/pl/articles/pierwszy-${stamp}`);
    // A draft is found by no slug, old or current.
    expect((await api.patch(`/api/v3/articles/${id}`, { data: { type: 'articles', id, attributes: { status: 'draft' } } })).status).toBe(200);
    for (const slug of [`pierwszy-${stamp}`, `drugi-${stamp}`, `trzeci-${stamp}`]) {
      expect((await api.get(`/public/v1/articles/${slug}?${q}&locale=pl`, { token: null })).status, slug).toBe(404);
      // The site keeps a rendered page for a second.
      await waitFor(`${slug} off the site`, async () => (await html(`/site/pl/articles/${slug}`)).status === 404, 5000);
    }
  });

  it('answers an article asked by another language’s slug with 301 to its translation in this language', async () => {
    const list = async (locale: string) => (await api.get(`/public/v1/articles?${q}&locale=${locale}&page[size]=100`, { token: null })).body.data as { id: string; attributes: { slug: string } }[];
    const english = new Map((await list('en')).map((a) => [a.id, a.attributes.slug]));
    const translated = (await list('pl')).find((a) => english.has(a.id) && english.get(a.id) !== a.attributes.slug)!;
    const res = await html(`/site/en/articles/${translated.attributes.slug}`);
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(`/site/en/articles/${english.get(translated.id)}`);
  });

  it('links a club’s page made by hand in Polish from Polish pages, and the club template’s page from English ones', async () => {
    const [rcz] = (await api.get(`/public/v1/clubs?${q}&filter[code]=RCZ`, { token: null })).body.data as { id: string; attributes: { name: string } }[];
    const en = await html('/site/en/');
    const english = `/site/en/clubs/${rcz.id}-rakow-czestochowa`;
    expect(en.text).toContain(`<a href="${english}">`);
    expect(en.text).not.toContain('href="/site/en/kluby/rcz"');
    expect((await html(english)).status).toBe(200);
    expect((await html('/site/pl/')).text).toContain('<a href="/site/pl/kluby/rcz">');
    // Its Polish page under /en/ leads to its English page (by its code, then its address).
    const wrongFolder = await html('/site/en/kluby/rcz');
    expect(wrongFolder.status).toBe(301);
    expect(wrongFolder.headers.get('location')).toBe('/site/en/clubs/rcz');
    const byCode = await html('/site/en/clubs/rcz');
    expect(byCode.status).toBe(301);
    expect(byCode.headers.get('location')).toBe(english);
    expect((await html('/site/en/clubs/xyz')).status).toBe(404);
    // In Polish the club's own page stands for the template's.
    const polish = await html(`/site/pl/kluby/${rcz.id}-rakow-czestochowa`);
    expect(polish.status).toBe(301);
    expect(polish.headers.get('location')).toBe('/site/pl/kluby/rcz');
  });

  it('answers a page that is not there with the site’s own 404 page, and redirects the bare addresses', async () => {
    const missing = await html('/site/pl/nie-ma-takiej-strony');
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('Nie ma takiej strony');
    expect(missing.text).toContain('data-kind="page_header"');
    expect((await html('/site/en/articles/no-such-article')).status).toBe(404);
    expect((await html('/site/xx/')).status).toBe(404);
    const bare = await html('/site');
    expect(bare.status).toBe(302);
    expect(bare.headers.get('location')).toBe('/site/pl/');
  });

  it('leads an address with extra slashes to the page’s own, and answers every spelling of a page from the one it keeps', async () => {
    for (const [path, location] of [
      ['/site/pl/aktualnosci/', '/site/pl/aktualnosci'],
      ['/site/pl//kluby//rcz//', '/site/pl/kluby/rcz'],
      ['/site/pl//', '/site/pl/'],
      ['/site/en/fixtures/?round=1', '/site/en/fixtures?round=1'],
    ]) {
      const res = await html(path);
      expect(res.status, path).toBe(301);
      expect(res.headers.get('location'), path).toBe(location);
    }
    const page = await html('/site/pl/kluby/rcz');
    for (const spelling of ['/site/pl/%6Bluby/rcz', '/site/pl/kluby%2Frcz']) {
      const same = await html(spelling);
      expect(same.status, spelling).toBe(200);
      expect(same.headers.get('etag'), spelling).toBe(page.headers.get('etag'));
    }
  });

  it('keeps a draft page off the site and out of the sitemap', async () => {
    const type = (await api.get('/api/v3/page_types?page[size]=1')).body.data[0].id as string;
    const slug = `szkic-${Date.now()}`;
    const made = await api.post('/api/v3/pages', { data: { type: 'pages', attributes: { title: 'Szkic', slug, status: 'draft' }, relationships: { page_type: { data: { type: 'page_types', id: type } } } } });
    expect(made.status, made.text).toBe(201);
    expect((await html(`/site/pl/${slug}`)).status).toBe(404);
    expect((await html('/site/sitemap-pages.xml')).text).not.toContain(slug);
  });

  it('lists every page in both languages and every published article in each language it has, in the sitemaps that sitemap.xml and robots.txt name', async () => {
    const sitemap = await html('/site/sitemap.xml');
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(sitemap.text).toContain(`<sitemap><loc>${api.url}/site/sitemap-pages.xml</loc>`);
    expect(sitemap.text).toContain(`<sitemap><loc>${api.url}/site/sitemap-articles.xml</loc>`);
    const pages = await html('/site/sitemap-pages.xml');
    expect(pages.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(pages.text).toContain(`<loc>${api.url}/site/pl/</loc>`);
    // A club's hand-made page is listed with the clubs, in its own language only, beside the template's page in the other.
    expect(pages.text).not.toContain('kluby/rcz');
    const clubs = (await html('/site/sitemap-clubs.xml')).text;
    expect(clubs).toContain(`<loc>${api.url}/site/pl/kluby/rcz</loc>`);
    expect(clubs).not.toContain('/site/en/kluby/rcz');
    expect(clubs).toMatch(new RegExp(`<loc>${api.url}/site/en/clubs/\\d+-rakow-czestochowa</loc>`));
    expect(pages.text).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}T/);
    // The articles: exactly those the delivery API publishes now, per language, at their own slugs.
    const published: string[] = [];
    for (const locale of ['pl', 'en'])
      for (const a of (await api.get(`/public/v1/articles?${q}&locale=${locale}&page[size]=100`, { token: null })).body.data as { id: string; attributes: { slug: string | null } }[])
        published.push(`${api.url}/site/${locale}/articles/${a.attributes.slug ?? a.id}`);
    expect(published.length).toBeGreaterThanOrEqual(15);
    const articles = await html('/site/sitemap-articles.xml');
    const locs = [...articles.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs.sort()).toEqual(published.sort());
    expect(articles.text).toMatch(/<url><loc>[^<]+<\/loc><lastmod>\d{4}-\d{2}-\d{2}T[^<]+<\/lastmod>/);
    const robots = await html('/site/robots.txt');
    expect(robots.text).toContain(`Sitemap: ${api.url}/site/sitemap.xml`);
  });

  it('names the address it listens on in its links when none is configured, never the Host or X-Forwarded-Host of a request', async () => {
    // A CDN keeps one copy of a page for everyone: a forged Host must not put another site's address in it.
    await expectOnlyOrigin(api, api.url);
  });

  it('names PUBLIC_URL in its links when it is set, whatever the request says', async () => {
    const configured = await startTestServer({}, { PUBLIC_URL: 'https://liga.example/' });
    try {
      await expectOnlyOrigin(configured, 'https://liga.example');
      // A plain request (its Host the server's own address) too.
      expect((await fetch(`${configured.url}/site/pl/`).then((r) => r.text()))).toContain('<link rel="canonical" href="https://liga.example/site/pl/">');
    } finally {
      await configured.close();
    }
  });

  it('serves its stylesheet', async () => {
    const css = await html('/site/assets/site.css');
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(css.text).toContain('.u-site');
    expect((await html('/site/assets/..%2Fsecret.js')).status).toBe(404);
  });
});

/**
 * Search on the website: `/site/{locale}/search?q=…`, inside the site's shell, reading only the
 * delivery API with the league's folding (`lodz` finds Łódź), articles in the page's language only.
 */
describe('search on the website', () => {
  const get = async (path: string) => (await api.get(path, { token: null })).body as { data: { id: string; type: string; attributes: Record<string, unknown>; relationships?: Record<string, { data: { id: string } }> }[]; included?: { id: string; type: string; attributes: Record<string, unknown>; relationships?: Record<string, { data: { id: string } | null }> }[]; meta: { total: number } };
  /** The search page's own part (the results, not the header's or footer's links). */
  const results = (page: string) => {
    const start = page.indexOf('<div class="u-search-page">');
    expect(start, 'the search page').toBeGreaterThan(0);
    return page.slice(start, page.indexOf('</main>'));
  };

  it('points the header’s search form at the site’s search page in the page’s language', async () => {
    for (const locale of ['pl', 'en']) {
      const page = await html(`/site/${locale}/`);
      expect(page.text).toMatch(new RegExp(`<form class="u-search" role="search" action="/site/${locale}/search" method="get">`));
      expect(page.text).not.toContain('action="/search"');
    }
  });

  it('finds the club and the matches of Łódź for `lodz`, grouped and counted, with no link that leads nowhere', async () => {
    const res = await html('/site/pl/search?q=lodz');
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/^<!doctype html><html lang="pl"/);
    expect(res.text).toContain('<meta name="robots" content="noindex">');
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    expect(res.text).toContain('<title>Wyniki wyszukiwania: lodz</title>');
    // Inside the site's shell: its header (with the form) and the query in the page's own form.
    expect(res.text).toContain('data-kind="page_header"');
    expect(res.text).toContain('value="lodz"');
    const found = results(res.text);

    // The delivery API's answers are what the page counts: the club of Łódź and the matches it plays.
    const clubs = await get(`/public/v1/clubs?${q}&filter[q]=lodz`);
    expect(clubs.data.map((c) => c.attributes.name)).toContain('Widzew Łódź');
    const widzew = clubs.data.find((c) => c.attributes.name === 'Widzew Łódź')!;
    const ofWidzew = await get(`/public/v1/matches?${q}&filter[club]=${widzew.id}&page[size]=1`);
    const byName = await get(`/public/v1/matches?${q}&filter[club_search]=${encodeURIComponent('ŁÓDŹ')}&page[size]=1`);
    expect(ofWidzew.meta.total).toBeGreaterThan(0);
    expect(byName.meta.total).toBe(ofWidzew.meta.total);
    expect(found).toMatch(new RegExp(`<h2 class="u-heading" id="u-search-clubs">Kluby <span class="u-search-count">\\(${clubs.meta.total}\\)</span></h2>`));
    expect(found).toMatch(/<a href="\/site\/pl\/kluby\/\d+-widzew-lodz">Widzew Łódź<\/a><\/h3>/);
    expect(found).toContain('Miasto: Łódź');
    expect(found).toMatch(new RegExp(`<h2 class="u-heading" id="u-search-matches">Mecze <span class="u-search-count">\\(${ofWidzew.meta.total}\\)</span></h2>`));
    const matches = found.slice(found.indexOf('id="u-search-matches"'));
    const lines = [...matches.matchAll(/<h3 class="u-search-result-title">(?:<a href="[^"]+">)?([^<]*)(?:<\/a>)?<\/h3>/g)].map((m) => m[1]);
    expect(lines.length).toBe(Math.min(10, ofWidzew.meta.total));
    for (const line of lines) expect(line).toMatch(/Widzew Łódź/);
    if (ofWidzew.meta.total > 10) expect(matches).toContain(`Pokazujemy 10 z ${ofWidzew.meta.total}.`);

    // Every link of the results leads to a page of the site; a club or match without one is text.
    const links = [...found.matchAll(/href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
    for (const link of links) expect((await html(link)).status, link).toBe(200);
  });

  it('finds the same with case and accents, and through the Polish word for the page', async () => {
    const upper = await html('/site/en/search?q=%C5%81%C3%B3d%C5%BA');
    expect(upper.status).toBe(200);
    expect(results(upper.text)).toMatch(/<a href="\/site\/en\/clubs\/\d+-widzew-lodz">Widzew Łódź<\/a><\/h3>/);
    expect(results(upper.text)).toContain('City: Łódź');
    const alias = await html('/site/pl/szukaj?q=lodz');
    expect(alias.status).toBe(301);
    expect(alias.headers.get('location')).toBe('/site/pl/search?q=lodz');
  });

  it('finds articles only in the reader’s language', async () => {
    const [en] = (await get(`/public/v1/articles?${q}&locale=en&filter[q]=${encodeURIComponent('full HOUSE')}`)).data;
    expect(en.attributes.title).toBe('Widzew held by Zagłębie in front of a full house');
    expect((await get(`/public/v1/articles?${q}&locale=pl&filter[q]=${encodeURIComponent('full house')}`)).data).toEqual([]);
    const pl = (await get(`/public/v1/articles/${en.id}?${q}&locale=pl`)) as unknown as { data: { attributes: { title: string } } };

    const english = results((await html('/site/en/search?q=full+house')).text);
    expect(english).toContain('id="u-search-articles">Articles <span class="u-search-count">(1)</span>');
    expect(english).toContain(`>${en.attributes.title}</a></h3>`);
    expect(english).not.toContain(pl.data.attributes.title);
    const polish = results((await html('/site/pl/search?q=full+house')).text);
    expect(polish).not.toContain('u-search-articles');
    expect(polish).toContain('Nic nie znaleźliśmy dla „full house”.');
    // A Polish word finds the Polish text, linked at its Polish address.
    const remis = results((await html('/site/pl/search?q=remisuje')).text);
    expect(remis).toContain(`>${pl.data.attributes.title}</a></h3>`);
    expect((await html('/site/en/search?q=remisuje')).text).toContain('We found nothing for “remisuje”.');
  });

  it('never finds a draft article, in either language', async () => {
    const title = `Szkic wyszukiwarki ${Date.now()}`;
    const made = await api.post('/api/v3/articles', { data: { type: 'articles', attributes: { status: 'draft', title, lead: 'Nie dla kibiców.', slug: `szkic-wyszukiwarki-${Date.now()}` } } });
    expect(made.status, made.text).toBe(201);
    for (const locale of ['pl', 'en']) {
      const page = await html(`/site/${locale}/search?q=${encodeURIComponent('szkic wyszukiwarki')}`);
      expect(page.status).toBe(200);
      expect(results(page.text)).not.toContain('u-search-articles');
      expect((await get(`/public/v1/articles?${q}&locale=${locale}&filter[q]=wyszukiwarki`)).data).toEqual([]);
    }
  });

  it('shows the form alone without a query, escapes what it is given and cuts a long query', async () => {
    const empty = await html('/site/pl/search');
    expect(empty.status).toBe(200);
    expect(results(empty.text)).not.toContain('role="status"');
    expect(results(empty.text)).not.toContain('u-search-group');
    expect(empty.text).toContain('<title>Wyszukiwanie</title>');

    const evil = await html(`/site/en/search?q=${encodeURIComponent('"><script>alert(1)</script>')}`);
    expect(evil.status).toBe(200);
    expect(evil.text).not.toContain('<script>alert(1)');
    expect(evil.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');

    // More than ten words and a hundred characters: the first ten words, at most a hundred characters, searched.
    const long = await html(`/site/pl/search?q=${encodeURIComponent(`widzew ${'ł'.repeat(150)} a b c d e f g h i j k`)}`);
    expect(long.status).toBe(200);
    const value = /<input id="u-search-q"[^>]* value="([^"]*)"/.exec(long.text)?.[1] ?? '';
    expect([...value].length).toBe(100);
    expect(value.startsWith('widzew ł')).toBe(true);
    expect(long.text).toContain('Szukamy najwyżej 10 słów i 100 znaków');
    const words = await html(`/site/pl/search?q=${encodeURIComponent('lodz 1 2 3 4 5 6 7 8 9 10 11 12')}`);
    expect(words.status).toBe(200);
    expect(words.text).toContain('value="lodz 1 2 3 4 5 6 7 8 9"');
    // Letters the API's folding splits in two (¨ is a space and a mark) count as the words they make there.
    const split = Array.from({ length: 10 }, (_, i) => `a${i}\u00a8b${i}`).join(' ');
    expect((await html(`/site/pl/search?q=${encodeURIComponent(split)}`)).status).toBe(200);
  });

  it('declares its filters in the public OpenAPI, searching only public text', async () => {
    const openapi = (await fetch(`${api.url}/public/v1/openapi.json`).then((r) => r.json())) as { paths: Record<string, { get: { parameters?: { name: string }[] } }> };
    const names = (path: string) => (openapi.paths[path].get.parameters ?? []).map((p) => p.name);
    expect(names('/public/v1/clubs')).toContain('filter[q]');
    expect(names('/public/v1/players')).toContain('filter[q]');
    expect(names('/public/v1/matches')).toEqual(expect.arrayContaining(['filter[club]', 'filter[club_search]']));
    expect(names('/public/v1/articles')).toContain('filter[q]');
    // A club's e-mail is not public, and so not searchable: no club answers for its address.
    const email = await get(`/public/v1/clubs?${q}&filter[q]=${encodeURIComponent('@')}`);
    expect(email.data).toEqual([]);
  });
});
