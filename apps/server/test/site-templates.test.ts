import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodesOf, validateJsonLd, jsonLdBlocks } from '@umpire/site/test/structured-data';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * The website's pages made from the data (issue 40): the demo's templates drawn for every match,
 * club and table at addresses of their own in each language, the fixtures and news indexes with
 * their filters and pages, the redirects of other words and the other language's words, and the
 * sitemaps of each kind.
 */
let api: TestServer;
const q = 'client=ekstraklasa-demo';
type Resource = { type: string; id: string; attributes: Record<string, any>; relationships?: Record<string, any> };

beforeAll(async () => {
  api = await startTestServer();
});
afterAll(() => api?.close());

const html = async (path: string) => {
  const res = await fetch(api.url + path, { redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location'), robots: res.headers.get('x-robots-tag'), text: await res.text() };
};
const pub = async (path: string) => (await api.get(`/public/v1/${path}${path.includes('?') ? '&' : '?'}${q}`, { token: null })).body as { data: Resource[]; included?: Resource[]; meta: any };
/** The main area of a page (what its components draw). */
const main = (text: string) => text.slice(text.indexOf('<main'), text.indexOf('</main>'));
const graphOf = (text: string) => {
  const head = text.slice(0, text.indexOf('</head>'));
  const [block] = jsonLdBlocks(head);
  expect(validateJsonLd(block.data)).toEqual([]);
  return nodesOf(block.data) as Record<string, any>[];
};

describe('pages made from the data', () => {
  it('draws a match at its address in each language, with the match centre, its event data and the way back to the fixtures', async () => {
    const doc = await pub('matches?filter[status]=finished&sort=-kickoff_at&page[size]=1&include=home_squad.team.club,away_squad.team.club');
    const [match] = doc.data;
    const club = (side: string) => {
      const squad = doc.included!.find((r) => r.type === 'squads' && r.id === match.relationships![side].data.id)!;
      const team = doc.included!.find((r) => r.type === 'teams' && r.id === squad.relationships!.team.data.id)!;
      return doc.included!.find((r) => r.type === 'clubs' && r.id === team.relationships!.club.data.id)!.attributes.name as string;
    };
    const [home, away] = [club('home_squad'), club('away_squad')];
    const words = `${home} ${away}`.toLowerCase().replace(/ł/g, 'l').normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9]+/g, '-');
    const polish = `/site/pl/mecze/${match.id}-${words}`;
    const page = await html(polish);
    expect(page.status, page.text.slice(0, 300)).toBe(200);
    expect(page.text).toContain(`<title>${home} – ${away}</title>`);
    expect(page.text).toContain(`<link rel="canonical" href="${api.url}${polish}">`);
    expect(page.text).toContain(`<link rel="alternate" hreflang="en" href="${api.url}/site/en/matches/${match.id}-${words}">`);
    expect(main(page.text)).toContain(`data-match-id="${match.id}"`);
    expect(main(page.text)).toContain(`${match.attributes.home_score}`);
    const event = graphOf(page.text).find((n) => n['@type'] === 'SportsEvent')!;
    expect(event).toMatchObject({ name: `${home} – ${away}`, startDate: match.attributes.kickoff_at });
    const crumbs = graphOf(page.text).find((n) => n['@type'] === 'BreadcrumbList')!;
    expect(crumbs.itemListElement.map((c: any) => c.item ?? c.name)).toEqual([`${api.url}/site/pl/`, `${api.url}/site/pl/terminarz`, `${home} – ${away}`].slice(0, 2).concat([`${api.url}${polish}`]));
    // The id decides: other words, no words, the other language's segment lead to the address.
    for (const [asked, location] of [
      [`/site/pl/mecze/${match.id}-inne-slowa`, polish],
      [`/site/pl/mecze/${match.id}`, polish],
      [`/site/pl/matches/${match.id}-${words}`, polish],
      [`/site/en/mecze/${match.id}`, `/site/en/matches/${match.id}`],
    ]) {
      const res = await html(asked);
      expect(res.status, asked).toBe(301);
      expect(res.location, asked).toBe(location);
    }
    expect((await html(`/site/en/matches/${match.id}-${words}`)).status).toBe(200);
    // Not a record, or not one of this league: the site's own 404.
    for (const missing of ['/site/pl/mecze/999999', '/site/pl/mecze/abc', '/site/pl/mecze/1/2', '/site/en/players/999999-nobody'])
      expect((await html(missing)).status, missing).toBe(404);
    // A template's own page is no page of the site by itself; an index's leads to the index.
    expect((await html('/site/pl/szablony/mecz')).status).toBe(404);
    expect(await html('/site/pl/szablony/terminarz')).toMatchObject({ status: 301, location: '/site/pl/terminarz' });
  });

  it("draws a club with its squad and its place in the table, and a table's page for the current season", async () => {
    const [club] = (await pub('clubs?filter[code]=LPO')).data;
    const path = `/site/en/clubs/${club.id}-lech-poznan`;
    const page = await html(path);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<title>Lech Poznań</title>');
    expect(main(page.text)).toContain('data-kind="squad"');
    expect(main(page.text)).toContain('data-kind="group"');
    expect(main(page.text)).toContain('data-kind="match_list"');
    expect(graphOf(page.text).find((n) => n['@type'] === 'SportsTeam' && n.name === 'Lech Poznań')).toBeDefined();
    // Its matches only (the list takes the club of the page).
    const matches = await pub(`matches?filter[club]=${club.id}&page[size]=1`);
    expect(matches.meta.total).toBeGreaterThan(0);
    // Its row in the table is marked; its fixtures and results come apart.
    expect(main(page.text)).toMatch(/<tr[^>]*aria-current="true"[^>]*>[\s\S]*?Lech Poznań/);
    expect(main(page.text)).toContain('>Fixtures<');
    expect(main(page.text)).toContain('>Results<');
    // A player of its squad leads to the player's page: a profile with the season's figures and career.
    const player = new RegExp(`href="(/site/en/players/\\d+-[a-z0-9-]+)"`).exec(main(page.text));
    expect(player, 'a link to a player of the squad').not.toBeNull();
    const profile = await html(player![1]);
    expect(profile.status).toBe(200);
    expect(main(profile.text)).toContain('data-kind="player"');
    const person = graphOf(profile.text).find((n) => n['@type'] === 'Person')!;
    expect(person.affiliation).toMatchObject({ '@type': 'SportsTeam', name: 'Lech Poznań' });
    expect(graphOf(profile.text).find((n) => n['@type'] === 'ProfilePage')).toMatchObject({ mainEntity: { '@id': person['@id'] } });
    // Every club at its page, from the clubs' list the menu leads to.
    const clubs = await html('/site/en/clubs');
    expect(clubs.status).toBe(200);
    expect(clubs.text).toContain('<a class="u-nav-link" href="/site/en/clubs" aria-current="page">Clubs</a>');
    const all = (await pub('clubs?page[size]=100')).data;
    for (const c of all) expect(main(clubs.text)).toMatch(new RegExp(`<a href="/site/en/clubs/${c.id}-[a-z0-9-]+">`));
    const table = await html('/site/pl/tabele');
    expect(table.status).toBe(302);
    const current = await html(table.location!);
    expect(current.status).toBe(200);
    expect(main(current.text)).toMatch(/<table[\s\S]*Lech Poznań/);
  });

  it('lists the fixtures by round and by club, and the news by category, tag and page', async () => {
    const fixtures = await html('/site/pl/terminarz');
    expect(fixtures.status).toBe(200);
    expect(fixtures.text).toMatch(/<form class="u-filters" aria-label="Filtry" action="\/site\/pl\/terminarz" method="get"/);
    const round = /<option value="(\d+)">([^<]+)<\/option>/.exec(fixtures.text.slice(fixtures.text.indexOf('name="round"')))!;
    const ofRound = await html(`/site/pl/terminarz?round=${round[1]}`);
    expect(ofRound.status).toBe(200);
    expect(ofRound.robots).toBe('noindex');
    const roundMatches = (await pub(`matches?filter[round]=${round[1]}&page[size]=50`)).data;
    const shown = [...main(ofRound.text).matchAll(/data-match-id="(\d+)"/g)].map((m) => m[1]);
    expect(new Set(shown)).toEqual(new Set(roundMatches.map((m) => m.id)));
    // Each match links to its page.
    expect(main(ofRound.text)).toMatch(new RegExp(`href="/site/pl/mecze/${roundMatches[0].id}-[a-z0-9-]+"`));
    expect(ofRound.text).toContain(`<option value="${round[1]}" selected="">`);

    const news = await html('/site/en/news');
    expect(news.status).toBe(200);
    const total = (await pub('articles?locale=en&page[size]=1')).meta.total as number;
    const limit = 12;
    if (total > limit) {
      expect(news.text).toContain('<a rel="next" href="/site/en/news?page=2">');
      const second = await html('/site/en/news?page=2');
      expect(second.status).toBe(200);
      expect(second.text).toContain('<a rel="prev" href="/site/en/news">');
    }
    expect((await html('/site/en/news?page=9999')).status).toBe(404);
    const [tag] = (await pub('tags?sort=name&page[size]=1')).data;
    const tagged = await html(`/site/pl/aktualnosci?tag=${tag.attributes.slug}`);
    expect(tagged.status).toBe(200);
    const taggedArticles = (await pub(`articles?locale=pl&filter[tag]=${tag.attributes.slug}&page[size]=${limit}`)).data;
    for (const a of taggedArticles) expect(main(tagged.text)).toContain(a.attributes.title.replace(/&/g, '&amp;').replace(/"/g, '&quot;'));
    // The English word for it leads to the same view in Polish words.
    expect(await html(`/site/pl/news?tag=${tag.attributes.slug}`)).toMatchObject({ status: 301, location: `/site/pl/aktualnosci?tag=${tag.attributes.slug}` });
  });

  it('lists every match, club and table in the sitemaps, in both languages, and the indexes with the pages', async () => {
    const index = (await html('/site/sitemap.xml')).text;
    for (const name of ['pages', 'articles', 'matches', 'clubs', 'players', 'tables']) expect(index).toContain(`<loc>${api.url}/site/sitemap-${name}.xml</loc>`);
    const matches = (await html('/site/sitemap-matches.xml')).text;
    const total = (await pub('matches?page[size]=1')).meta.total as number;
    expect([...matches.matchAll(/<url>/g)].length).toBe(total * 2);
    expect(matches).toMatch(/<loc>[^<]+\/site\/en\/matches\/\d+-[a-z0-9-]+<\/loc><lastmod>/);
    const pages = (await html('/site/sitemap-pages.xml')).text;
    expect(pages).toContain(`<loc>${api.url}/site/pl/terminarz</loc>`);
    expect(pages).toContain(`<loc>${api.url}/site/en/news</loc>`);
    expect(pages).not.toContain('szablony/');
  });
});
