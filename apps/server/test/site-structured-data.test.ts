import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonLdBlocks, nodesOf, validateJsonLd } from '@umpire/site/test/structured-data';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * The website's structured data (schema.org JSON-LD in each page's head), read from every page of
 * the demo site as search engines fetch them: each block parses, cannot close its <script>, and
 * validates against the schema.org vocabulary excerpt and the properties each type must have
 * (apps/site/test/structured-data.ts); the facts in it are the pages' own.
 */
let api: TestServer;
beforeAll(async () => {
  api = await startTestServer();
});
afterAll(() => api?.close());

const q = 'client=ekstraklasa-demo';
type Node = Record<string, unknown>;
type Listed = { type: string; id: string; attributes: Record<string, unknown> };

const list = async (path: string) => (await api.get(`/public/v1/${path}${path.includes('?') ? '&' : '?'}${q}`, { token: null })).body.data as Listed[];

/** A page of the site with its one JSON-LD block, parsed and validated. */
async function structured(path: string, status = 200): Promise<{ html: string; graph: Node[]; nodes: Node[] }> {
  const res = await fetch(api.url + path, { redirect: 'manual' });
  expect(res.status, path).toBe(status);
  const html = await res.text();
  const head = html.slice(0, html.indexOf('</head>'));
  const blocks = jsonLdBlocks(head);
  expect(blocks, path).toHaveLength(1);
  expect(jsonLdBlocks(html.slice(head.length)), `${path}: JSON-LD only in the head`).toHaveLength(0);
  // Written for a <script>: no character that could end it or open a comment in it.
  expect(blocks[0].text, path).not.toMatch(/[<>]/);
  expect(validateJsonLd(blocks[0].data), path).toEqual([]);
  return { html, graph: (blocks[0].data as { '@graph': Node[] })['@graph'], nodes: nodesOf(blocks[0].data) };
}

/** The published pages that are no template's (those are drawn at their records' addresses). */
async function ownPages(): Promise<Listed[]> {
  const doc = (await api.get(`/public/v1/pages?${q}&page[size]=100&include=page_type`, { token: null })).body as { data: Listed[]; included?: Listed[] };
  const templates = new Set((doc.included ?? []).filter((t) => t.type === 'page_types' && t.attributes.template_kind).map((t) => t.id));
  return doc.data.filter((p) => !templates.has((p as unknown as { relationships: { page_type: { data: { id: string } } } }).relationships.page_type.data.id));
}

const ofType = (nodes: Node[], type: string) => nodes.filter((n) => n['@type'] === type);
/** The nodes of the page's graph itself (not those nested in them: an article's author, a team's league). */
const top = (graph: Node[], type: string) => ofType(graph, type);

describe('the structured data of the website', () => {
  it('validates on every page of the demo site in both languages: builder pages, articles, search, not found', async () => {
    // The pages staff made (a template's page is drawn at its records' addresses: the test below).
    const pages = await ownPages();
    expect(pages.length).toBeGreaterThanOrEqual(3);
    let checked = 0;
    for (const locale of ['pl', 'en']) {
      for (const page of pages) {
        const slug = String(page.attributes.slug);
        // A club's page made in Polish is no English page (301 to the club template's page, checked in site.test.ts).
        if (locale === 'en' && slug.startsWith('kluby/')) continue;
        const { graph: nodes } = await structured(slug === 'strona-glowna' ? `/site/${locale}/` : `/site/${locale}/${slug}`);
        expect(top(nodes, 'WebSite'), slug).toHaveLength(1);
        expect(top(nodes, 'SportsOrganization'), slug).toHaveLength(1);
        expect(top(nodes, 'WebPage'), slug).toHaveLength(1);
        checked++;
      }
      const articles = await list(`articles?locale=${locale}&page[size]=100`);
      expect(articles.length).toBeGreaterThan(0);
      for (const article of articles) {
        const { graph: nodes } = await structured(`/site/${locale}/articles/${encodeURIComponent(String(article.attributes.slug ?? article.id))}`);
        expect(top(nodes, 'NewsArticle')).toHaveLength(1);
        checked++;
      }
      for (const path of [`/site/${locale}/search`, `/site/${locale}/search?q=Pogo%C5%84`]) {
        const { graph } = await structured(path);
        expect(top(graph, 'WebSite')).toHaveLength(1);
      }
      await structured(`/site/${locale}/nie-ma-takiej-strony`, 404);
      checked += 3;
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('names the league and its search, which leads to the site’s search in the page’s language', async () => {
    for (const locale of ['pl', 'en']) {
      const { graph: nodes } = await structured(`/site/${locale}/`);
      const [website] = top(nodes, 'WebSite');
      expect(website).toMatchObject({ name: 'PKO BP Ekstraklasa', url: `${api.url}/site/${locale}/`, inLanguage: locale });
      const template = ((website.potentialAction as Node).target as Node).urlTemplate as string;
      expect(template).toBe(`${api.url}/site/${locale}/search?q={search_term_string}`);
      const search = await fetch(template.replace('{search_term_string}', encodeURIComponent('Pogoń')));
      expect(search.status).toBe(200);
      expect(await search.text()).toContain(`<html lang="${locale}"`);
      const [league] = top(nodes, 'SportsOrganization');
      expect(league.name).toBe('PKO BP Ekstraklasa');
      expect(String(league.logo)).toMatch(new RegExp(`^${api.url}/img/fit-in/512x512/`));
      expect((await fetch(String(league.logo))).status).toBe(200);
    }
  });

  it('describes an article with the facts its page reads: title, lead, the og:image picture, its dates and language', async () => {
    const [article] = await list('articles?locale=en&page[size]=1');
    const a = article.attributes;
    const url = `${api.url}/site/en/articles/${encodeURIComponent(String(a.slug))}`;
    const { html, graph: nodes } = await structured(`/site/en/articles/${encodeURIComponent(String(a.slug))}`);
    const [news] = top(nodes, 'NewsArticle');
    const ogImage = /<meta property="og:image" content="([^"]+)">/.exec(html)?.[1];
    expect(ogImage).toBeDefined();
    expect(news).toMatchObject({ headline: a.title, datePublished: a.publish_from, dateModified: a.updated_at, inLanguage: 'en', url, mainEntityOfPage: url, image: [ogImage] });
    if (a.lead) expect(news.description).toBe(a.lead);
    expect(news.author).toMatchObject({ '@type': 'SportsOrganization', name: 'PKO BP Ekstraklasa' });
    const [crumbs] = top(nodes, 'BreadcrumbList');
    expect((crumbs.itemListElement as Node[]).map((c) => [c.name, c.item])).toEqual([
      ['Home', `${api.url}/site/en/`],
      ['Aktualności', `${api.url}/site/en/news`],
      [a.title, url],
    ]);
  });

  it("describes the club a club's page shows and the match the match page shows, from what the pages show", async () => {
    const [club] = await list('clubs?filter[code]=RCZ');
    const { graph: clubNodes } = await structured('/site/pl/kluby/rcz');
    const [team] = top(clubNodes, 'SportsTeam');
    expect(team).toMatchObject({ name: club.attributes.name, url: `${api.url}/site/pl/kluby/rcz`, memberOf: { name: 'PKO BP Ekstraklasa' } });
    if (club.attributes.city) expect(team.location).toEqual({ '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: club.attributes.city } });
    const crumbs = (top(clubNodes, 'BreadcrumbList')[0].itemListElement as Node[]).map((c) => c.item);
    expect(crumbs).toEqual([`${api.url}/site/pl/`, `${api.url}/site/pl/kluby/rcz`]);

    const { html, graph: nodes } = await structured('/site/pl/mecze/mecz-dnia');
    const [event] = top(nodes, 'SportsEvent');
    const id = /data-match-id="(\d+)"/.exec(html)?.[1];
    expect(event['@id']).toBe(`${api.url}/site/pl/mecze/mecz-dnia#match-${id}`);
    const match = (await api.get(`/public/v1/matches/${id}?${q}&include=venue`, { token: null })).body as { data: Listed; included?: Listed[] };
    const m = match.data.attributes;
    const status = { postponed: 'EventPostponed', cancelled: 'EventCancelled', abandoned: 'EventCancelled' }[String(m.status)] ?? 'EventScheduled';
    expect(event).toMatchObject({ startDate: m.kickoff_at, eventStatus: `https://schema.org/${status}` });
    expect(String(event.name)).toMatch(/^.+ – .+$/);
    expect(html).toContain(String((event.homeTeam as Node).name));
    expect(html).toContain(String((event.awayTeam as Node).name));
    // The venue by the name the card shows, when it shows one, never its address (it shows none).
    const venue = match.included?.find((r) => r.type === 'venues');
    if (venue && html.includes(`<dd>${String(venue.attributes.name)}</dd>`)) expect(event.location).toEqual({ '@type': 'Place', name: venue.attributes.name });
    else expect(event.location).toBeUndefined();
    if (venue?.attributes.address) expect(JSON.stringify(nodes)).not.toContain(String(venue.attributes.address));
    // No other page of the demo shows one match card: no event is made up from a list of matches.
    expect(ofType((await structured('/site/pl/')).nodes, 'SportsEvent')).toEqual([]);
  });
});
