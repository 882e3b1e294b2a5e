import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { GLOBALS } from '../test/fixtures';
import { cutQuery, renderSearchPage, searchTitle, type SearchGroup } from './search';
import type { JsonApiDocument, ResourceObject } from './document';

/** The search page as the website renders it: its form, the results by kind, the site around them. */
const hrefs = {
  search: () => '/site/pl/search',
  article: (a: ResourceObject) => `/site/pl/articles/${String(a.attributes?.slug)}`,
  club: (c: ResourceObject) => (c.attributes?.code === 'RCZ' ? '/site/pl/kluby/rcz' : undefined),
  match: () => undefined,
};

const list = (data: ResourceObject[], total: number, included: ResourceObject[] = []): JsonApiDocument => ({ data, included, meta: { total } });
const rel = (type: string, id: string) => ({ data: { type, id } });

const groups: SearchGroup[] = [
  {
    kind: 'articles',
    document: list([{ type: 'articles', id: '1', attributes: { title: 'Widzew remisuje <b>u siebie</b>', lead: 'W Łodzi.', slug: 'widzew-remisuje', publish_from: '2026-07-18T10:00:00Z' } }], 1),
  },
  {
    kind: 'clubs',
    document: list(
      [
        { type: 'clubs', id: '7', attributes: { name: 'Widzew Łódź', code: 'WID', city: 'Łódź', founded: 1910 } },
        { type: 'clubs', id: '8', attributes: { name: 'Raków Częstochowa', code: 'RCZ', city: 'Częstochowa' } },
      ],
      2,
    ),
  },
  {
    kind: 'players',
    document: list(
      [{ type: 'players', id: '3', attributes: { first_name: 'Jan', last_name: 'Łódzki', position: 'forward' }, relationships: { squad_players: { data: [{ type: 'squad_players', id: '30' }, { type: 'squad_players', id: '31' }] } } }],
      1,
      [
        { type: 'squad_players', id: '30', attributes: { left_on: '2025-06-30' }, relationships: { squad: rel('squads', '100') } },
        { type: 'squad_players', id: '31', attributes: { left_on: null }, relationships: { squad: rel('squads', '101') } },
        { type: 'squads', id: '100', attributes: { name: 'Legia 2024/25' }, relationships: { team: rel('teams', '200') } },
        { type: 'squads', id: '101', attributes: { name: 'Widzew 2025/26' }, relationships: { team: rel('teams', '201') } },
        { type: 'teams', id: '200', attributes: { name: 'Legia Warszawa' }, relationships: { club: rel('clubs', '9') } },
        { type: 'teams', id: '201', attributes: { name: 'Widzew Łódź' }, relationships: { club: rel('clubs', '7') } },
      ],
    ),
  },
  {
    kind: 'matches',
    document: list(
      [{ type: 'matches', id: '5', attributes: { kickoff_at: '2026-07-19T15:00:00Z', status: 'finished', home_score: 2, away_score: 1 }, relationships: { home_squad: rel('squads', '101'), away_squad: rel('squads', '100') } }],
      34,
      [
        { type: 'squads', id: '100', attributes: { name: 'Legia 2024/25' }, relationships: { team: rel('teams', '200') } },
        { type: 'squads', id: '101', attributes: { name: 'Widzew 2025/26' }, relationships: { team: rel('teams', '201') } },
        { type: 'teams', id: '200', attributes: { name: 'Legia Warszawa' } },
        { type: 'teams', id: '201', attributes: { name: 'Widzew Łódź' } },
      ],
    ),
  },
];

const render = (query: string, found: SearchGroup[], locale = 'pl', cut = false) => renderToString(renderSearchPage({ query, cut, groups: found }, { locale, globals: GLOBALS, hrefs }));
const main = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));

describe('the search page', () => {
  it('groups the results by kind, each heading counting all of its kind, inside the site with its header', () => {
    const html = render('lodz', groups);
    expect(html).toContain('data-kind="page_header"');
    expect(main(html)).toContain('<h1 class="u-page-title">Wyniki wyszukiwania: lodz</h1>');
    const h2 = [...main(html).matchAll(/<h2 class="u-heading" id="u-search-(\w+)">([^<]*)<span class="u-search-count">\((\d+)\)<\/span><\/h2>/g)].map((m) => [m[1], m[2].trim(), Number(m[3])]);
    expect(h2).toEqual([
      ['articles', 'Artykuły', 1],
      ['clubs', 'Kluby', 2],
      ['players', 'Zawodnicy', 1],
      ['matches', 'Mecze', 34],
    ]);
    expect(main(html)).toContain('<p class="u-search-summary" role="status">Wyniki: 38</p>');
    expect(main(html)).toContain('Pokazujemy 1 z 34.');
  });

  it('links what has an address on the site and writes the others as text with their facts', () => {
    const html = main(render('lodz', groups));
    expect(html).toContain('<a href="/site/pl/articles/widzew-remisuje">Widzew remisuje &lt;b&gt;u siebie&lt;/b&gt;</a>');
    // A club with its page is a link; one without is its name, city, code and year, with no link.
    expect(html).toContain('<a href="/site/pl/kluby/rcz">Raków Częstochowa</a>');
    expect(html).toContain('<h3 class="u-search-result-title">Widzew Łódź</h3>');
    expect(html).toContain('Miasto: Łódź');
    expect(html).toContain('Rok założenia: 1910');
    // A player: the club they play for now (not the one they left).
    expect(html).toMatch(/<h3 class="u-search-result-title">Jan Łódzki<\/h3><p class="u-search-facts"><span class="u-search-fact">napastnik<\/span><span class="u-search-fact">Klub: Widzew Łódź<\/span>/);
    // A match: its teams, date, score and how it ended.
    expect(html).toContain('<h3 class="u-search-result-title">Widzew Łódź – Legia Warszawa</h3>');
    expect(html).toContain('Wynik: 2:1');
    expect(html).toContain('Koniec meczu');
    expect(html).toMatch(/<time dateTime="2026-07-19T15:00:00Z">19 lip 2026, 17:00<\/time>/);
    const links = [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map((m) => m[1]);
    expect(links).toEqual(['/site/pl/articles/widzew-remisuje', '/site/pl/kluby/rcz']);
  });

  it('is a GET form of the site that keeps the query, and shows the form alone without one', () => {
    const html = main(render('lodz', groups));
    expect(html).toMatch(/<form class="u-search-form" role="search" aria-label="Szukaj w serwisie" action="\/site\/pl\/search" method="get">/);
    expect(html).toMatch(/<input id="u-search-q" type="search"[^>]* name="q" value="lodz"\/>/);
    const empty = main(render('', []));
    expect(empty).toContain('<h1 class="u-page-title">Wyszukiwanie</h1>');
    expect(empty).toContain('u-search-form');
    expect(empty).not.toContain('role="status"');
    expect(empty).not.toContain('<h2');
  });

  it('says when nothing was found, in the page’s language, with the query escaped', () => {
    const pl = main(render('<img src=x onerror=alert(1)>', [{ kind: 'clubs', document: list([], 0) }]));
    expect(pl).toContain('Nic nie znaleźliśmy dla „&lt;img src=x onerror=alert(1)&gt;”.');
    expect(pl).not.toContain('<img src=x');
    const en = main(render('xyz', [{ kind: 'clubs', document: list([], 0) }], 'en'));
    expect(en).toContain('<h1 class="u-page-title">Search results: xyz</h1>');
    expect(en).toContain('We found nothing for “xyz”.');
    expect(searchTitle('en', '')).toBe('Search');
  });

  it('cuts a long query to ten words and a hundred characters, never inside a letter, and says so', () => {
    expect(cutQuery('  Widzew   Łódź ')).toEqual({ query: 'Widzew Łódź', cut: false });
    expect(cutQuery(null)).toEqual({ query: '', cut: false });
    expect(cutQuery('1 2 3 4 5 6 7 8 9 10 11 12')).toEqual({ query: '1 2 3 4 5 6 7 8 9 10', cut: true });
    // A letter that is a space and a mark in its compatibility form counts as the words it makes.
    expect(cutQuery('a\u00a8b c').query.split(' ')).toHaveLength(3);
    const long = cutQuery(`${'ź'.repeat(99)}😀😀`);
    expect([...long.query]).toHaveLength(100);
    expect(long.query.endsWith('ź😀')).toBe(true);
    expect(long.cut).toBe(true);
    expect(main(render(long.query, [], 'pl', true))).toContain('Szukamy najwyżej 10 słów i 100 znaków');
  });
});
