import { describe, expect, it } from 'vitest';
import { createResolver, type JsonApiDocument, type ResourceObject } from '@umpire/render';
import { hasProperty, jsonLdBlocks, nodesOf, validateJsonLd } from '../../test/structured-data';
import {
  articleGraph, eventStatus, FOOTBALL, jsonLdScript, leagueOf, newsPage, organization, pageGraph, scriptSafeJson, siteGraph, sportsEvent, webSite, type JsonLd, type StructuredSite,
} from './structured-data';

const site: StructuredSite = { origin: 'https://liga.example', basePath: '/site', imageBase: '/img', locale: 'pl' };
const graph = (nodes: JsonLd[]) => ({ '@context': 'https://schema.org', '@graph': nodes });
const byType = (nodes: JsonLd[], type: string) => nodes.filter((n) => n['@type'] === type);
const rel = (type: string, id: string) => ({ data: { type, id } });
const image = (id: string, path: string): ResourceObject => ({ type: 'images', id, attributes: { path } });

/** The global page elements as `/current_page_elements` answers them: a header, and a branding unless left out. */
function globals({ branding = true, header = true } = {}): JsonApiDocument {
  const elements: ResourceObject[] = [];
  const included: ResourceObject[] = [image('1', 'logos/liga.png'), image('2', 'logos/naglowek.png')];
  if (header) {
    elements.push({ type: 'global_page_elements', id: '10', attributes: { area: 'header_footer' }, relationships: { components: { data: [{ type: 'components', id: '100' }] } } });
    included.push({ type: 'components', id: '100', attributes: { kind: 'page_header', settings: { title: 'Liga z nagłówka', show_search: true } }, relationships: { image: rel('images', '2') } });
  }
  if (branding) {
    elements.push({ type: 'global_page_elements', id: '11', attributes: { area: 'branding' }, relationships: { components: { data: [{ type: 'components', id: '101' }] } } });
    included.push({ type: 'components', id: '101', attributes: { kind: 'branding', settings: { name: 'PKO BP Ekstraklasa', primary_color: '#0B2340' } }, relationships: { image: rel('images', '1') } });
  }
  return { data: elements, included };
}

/** A match with both sides (team → club → crest) and a venue, as a page's `include=auto` brings it. */
function matchDocument(attributes: Record<string, unknown>, { venue = true } = {}): { match: ResourceObject; included: ResourceObject[] } {
  const match: ResourceObject = {
    type: 'matches',
    id: '7',
    attributes: { kickoff_at: '2026-08-01T18:00:00.000Z', status: 'not_started', home_score: null, away_score: null, ...attributes },
    relationships: { home_squad: rel('squads', '1'), away_squad: rel('squads', '2'), ...(venue ? { venue: rel('venues', '5') } : {}) },
  };
  const included: ResourceObject[] = [
    { type: 'squads', id: '1', attributes: { name: 'Kadra 2026' }, relationships: { team: rel('teams', '1') } },
    { type: 'squads', id: '2', attributes: { name: 'Kadra 2026' }, relationships: { team: rel('teams', '2') } },
    { type: 'teams', id: '1', attributes: { name: 'Pogoń Szczecin' }, relationships: { club: rel('clubs', '1') } },
    { type: 'teams', id: '2', attributes: { name: 'Lech Poznań' }, relationships: { club: rel('clubs', '2') } },
    { type: 'clubs', id: '1', attributes: { name: 'Pogoń Szczecin', code: 'POG', city: 'Szczecin' }, relationships: { image: rel('images', '31') } },
    { type: 'clubs', id: '2', attributes: { name: 'Lech Poznań', code: 'LPO', city: 'Poznań' } },
    image('31', 'herby/pogon.png'),
    { type: 'venues', id: '5', attributes: { name: 'Stadion Miejski im. Floriana Krygiera', city: 'Szczecin', address: 'ul. Karłowicza 28' } },
  ];
  return { match, included };
}

const eventOf = (attributes: Record<string, unknown>, options?: { venue?: boolean }) => {
  const { match, included } = matchDocument(attributes, options);
  return sportsEvent(match, { site, resolve: createResolver({ data: match, included }), url: 'https://liga.example/site/pl/mecze/mecz-dnia', league: { name: 'PKO BP Ekstraklasa' } });
};

/** A builder page with the given components (and what they link to). */
function pageDocument(slug: string, components: ResourceObject[], included: ResourceObject[] = []): JsonApiDocument {
  return {
    data: { type: 'pages', id: '3', attributes: { title: `Strona ${slug}`, slug }, relationships: { components: { data: components.map((c) => ({ type: 'components', id: c.id })) } } },
    included: [...components, ...included],
  };
}

describe('structured data (JSON-LD) of the site', () => {
  it('writes JSON that cannot end its <script> element, nor be read as another line, and reads back the same', () => {
    const value = { name: '</script><script>alert(1)</script><!-- & -->', text: 'line\u2028separator\u2029paragraph' };
    const json = scriptSafeJson(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(json).toContain('\\u003c/script\\u003e');
    expect(json).toContain('\\u2028');
    expect(JSON.parse(json)).toEqual(value);
    const script = jsonLdScript([{ '@type': 'WebPage', name: value.name }]);
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    expect(jsonLdBlocks(`<head>${script}</head>`)[0].data).toEqual({ '@context': 'https://schema.org', '@graph': [{ '@type': 'WebPage', name: value.name }] });
    expect(jsonLdScript([])).toBe('');
  });

  it('names the league from the branding (its logo through the image service), else from the header, else not at all', () => {
    expect(leagueOf(site, globals())).toEqual({ name: 'PKO BP Ekstraklasa', logo: 'https://liga.example/img/fit-in/512x512/logos/liga.png' });
    expect(leagueOf(site, globals({ branding: false }))).toEqual({ name: 'Liga z nagłówka', logo: 'https://liga.example/img/fit-in/512x512/logos/naglowek.png' });
    expect(leagueOf(site, globals({ branding: false, header: false }))).toBeUndefined();
    expect(leagueOf(site, null)).toBeUndefined();
    // A CDN's absolute base is used as it is.
    expect(leagueOf({ ...site, imageBase: 'https://cdn.example/img' }, globals())?.logo).toBe('https://cdn.example/img/fit-in/512x512/logos/liga.png');
  });

  it('describes the site with the search it offers, and the league as a sports organisation', () => {
    const league = { name: 'PKO BP Ekstraklasa', logo: 'https://liga.example/img/fit-in/512x512/logos/liga.png' };
    const site_ = webSite({ ...site, locale: 'en' }, league);
    expect(site_).toMatchObject({
      '@type': 'WebSite',
      name: 'PKO BP Ekstraklasa',
      url: 'https://liga.example/site/en/',
      inLanguage: 'en',
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: 'https://liga.example/site/en/search?q={search_term_string}' },
        'query-input': 'required name=search_term_string',
      },
    });
    expect(organization(site, league)).toEqual({ '@type': 'SportsOrganization', '@id': 'https://liga.example/site/#organization', name: 'PKO BP Ekstraklasa', url: 'https://liga.example/site/pl/', sport: FOOTBALL, logo: league.logo });
    expect(validateJsonLd(graph(siteGraph(site, globals())))).toEqual([]);
    // Nothing names the league: no site or organisation is made up.
    expect(siteGraph(site, globals({ branding: false, header: false }))).toEqual([]);
  });

  it("maps a match's status to schema.org's: scheduled, postponed, cancelled; a live or finished match took place as scheduled", () => {
    const table: Record<string, string> = {
      not_started: 'EventScheduled', first_half: 'EventScheduled', half_time: 'EventScheduled', second_half: 'EventScheduled', finished: 'EventScheduled',
      postponed: 'EventPostponed', cancelled: 'EventCancelled', abandoned: 'EventCancelled', '': 'EventScheduled',
    };
    for (const [status, expected] of Object.entries(table)) expect(eventStatus(status), status).toBe(`https://schema.org/${expected}`);
  });

  it('makes a SportsEvent of a match: "Home – Away", kick-off, teams with crests, venue, status, and the score where the card shows one', () => {
    const scheduled = eventOf({});
    expect(scheduled).toEqual({
      '@type': 'SportsEvent',
      '@id': 'https://liga.example/site/pl/mecze/mecz-dnia#match-7',
      name: 'Pogoń Szczecin – Lech Poznań',
      sport: FOOTBALL,
      startDate: '2026-08-01T18:00:00.000Z',
      eventStatus: 'https://schema.org/EventScheduled',
      homeTeam: expect.objectContaining({ '@type': 'SportsTeam', name: 'Pogoń Szczecin', logo: 'https://liga.example/img/fit-in/512x512/herby/pogon.png', sport: FOOTBALL }),
      awayTeam: expect.objectContaining({ '@type': 'SportsTeam', name: 'Lech Poznań' }),
      location: { '@type': 'Place', name: 'Stadion Miejski im. Floriana Krygiera' },
      organizer: expect.objectContaining({ '@type': 'SportsOrganization', name: 'PKO BP Ekstraklasa' }),
    });
    // Only the venue's name: the card shows no address.
    expect(JSON.stringify(scheduled)).not.toContain('Karłowicza');
    expect((scheduled?.awayTeam as JsonLd).logo).toBeUndefined();
    expect(eventOf({ status: 'finished', home_score: 2, away_score: 1 })).toMatchObject({ eventStatus: 'https://schema.org/EventScheduled', description: 'Pogoń Szczecin 2:1 Lech Poznań' });
    expect(eventOf({ status: 'second_half', home_score: 0, away_score: 0 })).toMatchObject({ eventStatus: 'https://schema.org/EventScheduled', description: 'Pogoń Szczecin 0:0 Lech Poznań' });
    expect(eventOf({ status: 'postponed' })).toMatchObject({ eventStatus: 'https://schema.org/EventPostponed' });
    expect(eventOf({ status: 'postponed' })?.description).toBeUndefined();
    expect(eventOf({ status: 'cancelled' })).toMatchObject({ eventStatus: 'https://schema.org/EventCancelled' });
    expect(eventOf({ status: 'abandoned', home_score: 1, away_score: 0 })).toMatchObject({ eventStatus: 'https://schema.org/EventCancelled', description: 'Pogoń Szczecin 1:0 Lech Poznań' });
    // Without a venue it still has its status (Google's Event needs location or eventStatus).
    expect(eventOf({}, { venue: false })?.location).toBeUndefined();
    for (const event of [scheduled, eventOf({ status: 'finished', home_score: 2, away_score: 1 }), eventOf({ status: 'cancelled' }, { venue: false })])
      expect(validateJsonLd(graph([event!]))).toEqual([]);
    // An event must have its name and start: nothing without a side or a kick-off.
    expect(eventOf({ kickoff_at: null })).toBeUndefined();
    const { match } = matchDocument({});
    expect(sportsEvent(match, { site, resolve: createResolver({ data: match }), url: 'https://liga.example/site/pl/x' })).toBeUndefined();
  });

  it('describes a builder page with its breadcrumb, none on the home page', () => {
    const doc = pageDocument('aktualnosci', [{ type: 'components', id: '1', attributes: { kind: 'text', settings: { body: 'Tekst' } } }]);
    const nodes = pageGraph(site, { globals: globals(), document: doc, slug: 'aktualnosci', url: 'https://liga.example/site/pl/aktualnosci', isHome: false, title: 'Aktualności ligi', description: 'Wiadomości ligi.' });
    expect(byType(nodes, 'WebPage')).toEqual([
      {
        '@type': 'WebPage',
        '@id': 'https://liga.example/site/pl/aktualnosci#webpage',
        url: 'https://liga.example/site/pl/aktualnosci',
        name: 'Aktualności ligi',
        description: 'Wiadomości ligi.',
        inLanguage: 'pl',
        isPartOf: { '@id': 'https://liga.example/site/pl/#website' },
        breadcrumb: { '@id': 'https://liga.example/site/pl/aktualnosci#breadcrumb' },
      },
    ]);
    expect(byType(nodes, 'BreadcrumbList')[0].itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Strona główna', item: 'https://liga.example/site/pl/' },
      { '@type': 'ListItem', position: 2, name: 'Strona aktualnosci', item: 'https://liga.example/site/pl/aktualnosci' },
    ]);
    expect(byType(nodes, 'WebSite')).toHaveLength(1);
    expect(byType(nodes, 'SportsOrganization')).toHaveLength(1);
    expect(validateJsonLd(graph(nodes))).toEqual([]);
    const home = pageGraph({ ...site, locale: 'en' }, { globals: globals(), document: doc, slug: 'strona-glowna', url: 'https://liga.example/site/en/', isHome: true, title: 'Home', description: '' });
    expect(byType(home, 'BreadcrumbList')).toEqual([]);
    expect(byType(home, 'WebPage')[0]).not.toHaveProperty('breadcrumb');
    expect(validateJsonLd(graph(home))).toEqual([]);
  });

  it("describes the club a club's page shows as a SportsTeam of the league, and no club elsewhere", () => {
    const club: ResourceObject = { type: 'clubs', id: '3', attributes: { name: 'Raków Częstochowa', code: 'RCZ', city: 'Częstochowa', founded: 1921, website: 'https://rakow.com' }, relationships: { image: rel('images', '40') } };
    const component: ResourceObject = { type: 'components', id: '1', attributes: { kind: 'club', settings: { title: 'Raków' } }, relationships: { club: rel('clubs', '3'), club_image: rel('images', '41') } };
    const doc = pageDocument('kluby/rcz', [component], [club, image('40', 'herby/rakow.png'), image('41', 'herby/rakow-duzy.png')]);
    const url = 'https://liga.example/site/pl/kluby/rcz';
    const nodes = pageGraph(site, { globals: globals(), document: doc, slug: 'kluby/rcz', url, isHome: false, title: 'Raków Częstochowa', description: '' });
    expect(byType(nodes, 'SportsTeam')).toEqual([
      {
        '@type': 'SportsTeam',
        '@id': `${url}#team`,
        name: 'Raków Częstochowa',
        sport: FOOTBALL,
        url,
        logo: 'https://liga.example/img/fit-in/512x512/herby/rakow-duzy.png',
        location: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: 'Częstochowa' } },
        foundingDate: '1921',
        sameAs: 'https://rakow.com',
        memberOf: expect.objectContaining({ '@type': 'SportsOrganization', '@id': 'https://liga.example/site/#organization', name: 'PKO BP Ekstraklasa' }),
      },
    ]);
    expect(byType(nodes, 'WebPage')[0].about).toEqual({ '@id': `${url}#team` });
    expect(validateJsonLd(graph(nodes))).toEqual([]);
    // The English folder too; a page elsewhere showing a club is no club page; a club page showing another club's component and its own picks its own.
    expect(byType(pageGraph({ ...site, locale: 'en' }, { globals: globals(), document: doc, slug: 'clubs/rcz', url, isHome: false, title: 'Raków', description: '' }), 'SportsTeam')).toHaveLength(1);
    expect(byType(pageGraph(site, { globals: globals(), document: doc, slug: 'o-lidze', url, isHome: false, title: 'O lidze', description: '' }), 'SportsTeam')).toEqual([]);
    const other: ResourceObject = { type: 'clubs', id: '4', attributes: { name: 'Lech Poznań', code: 'LPO' } };
    const two = pageDocument('kluby/rcz', [{ ...component, id: '2', relationships: { club: rel('clubs', '4') } }, component], [club, other]);
    expect(byType(pageGraph(site, { globals: globals(), document: two, slug: 'kluby/rcz', url, isHome: false, title: 'Raków', description: '' }), 'SportsTeam').map((t) => t.name)).toEqual(['Raków Częstochowa']);
    // A component not shown on the web is not the page's.
    const hidden = pageDocument('kluby/rcz', [{ ...component, attributes: { kind: 'club', settings: { platforms: ['mobile'] } } }], [club]);
    expect(byType(pageGraph(site, { globals: globals(), document: hidden, slug: 'kluby/rcz', url, isHome: false, title: 'Raków', description: '' }), 'SportsTeam')).toEqual([]);
  });

  it('describes the match a page shows in its one match card, and none where it shows two', () => {
    const { match, included } = matchDocument({ status: 'finished', home_score: 3, away_score: 0 });
    const card = (id: string): ResourceObject => ({ type: 'components', id, attributes: { kind: 'match', settings: { title: 'Mecz dnia' } }, relationships: { match: rel('matches', '7') } });
    const url = 'https://liga.example/site/pl/mecze/mecz-dnia';
    const one = pageGraph(site, { globals: globals(), document: pageDocument('mecze/mecz-dnia', [card('1')], [match, ...included]), slug: 'mecze/mecz-dnia', url, isHome: false, title: 'Mecz dnia', description: '' });
    expect(byType(one, 'SportsEvent')).toEqual([expect.objectContaining({ name: 'Pogoń Szczecin – Lech Poznań', description: 'Pogoń Szczecin 3:0 Lech Poznań' })]);
    expect(byType(one, 'WebPage')[0].about).toEqual({ '@id': `${url}#match-7` });
    expect(validateJsonLd(graph(one))).toEqual([]);
    const two = pageGraph(site, { globals: globals(), document: pageDocument('mecze', [card('1'), card('2')], [match, ...included]), slug: 'mecze', url, isHome: false, title: 'Mecze', description: '' });
    expect(byType(two, 'SportsEvent')).toEqual([]);
  });

  it('describes an article as a NewsArticle of the league with its picture, dates and breadcrumb through the news page', () => {
    const article: ResourceObject = {
      type: 'articles',
      id: '12',
      attributes: { title: 'Pogoń wygrywa w Poznaniu', lead: 'Trzy punkty po golu w doliczonym czasie.', slug: 'pogon-wygrywa', publish_from: '2026-07-30T08:00:00.000Z', updated_at: '2026-07-30T09:15:00.000Z', body: null },
    };
    const url = 'https://liga.example/site/pl/articles/pogon-wygrywa';
    const picture = 'https://liga.example/img/1280x640/smart/zdjecia/mecz.jpg';
    const news = newsPage(site, [{ slug: 'strona-glowna', updatedAt: null }, { slug: 'aktualnosci', updatedAt: null, title: 'Aktualności' }]);
    expect(news).toEqual({ name: 'Aktualności', url: 'https://liga.example/site/pl/aktualnosci' });
    const nodes = articleGraph(site, { globals: globals(), article, url, image: picture, news });
    const [newsArticle] = byType(nodes, 'NewsArticle');
    expect(newsArticle).toEqual({
      '@type': 'NewsArticle',
      '@id': `${url}#article`,
      headline: 'Pogoń wygrywa w Poznaniu',
      description: 'Trzy punkty po golu w doliczonym czasie.',
      image: [picture],
      datePublished: '2026-07-30T08:00:00.000Z',
      dateModified: '2026-07-30T09:15:00.000Z',
      inLanguage: 'pl',
      url,
      mainEntityOfPage: url,
      author: expect.objectContaining({ '@type': 'SportsOrganization', name: 'PKO BP Ekstraklasa', url: 'https://liga.example/site/pl/' }),
      publisher: expect.objectContaining({ '@type': 'SportsOrganization', name: 'PKO BP Ekstraklasa', logo: 'https://liga.example/img/fit-in/512x512/logos/liga.png' }),
      isPartOf: { '@id': 'https://liga.example/site/pl/#website' },
    });
    expect(byType(nodes, 'BreadcrumbList')[0].itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Strona główna', item: 'https://liga.example/site/pl/' },
      { '@type': 'ListItem', position: 2, name: 'Aktualności', item: 'https://liga.example/site/pl/aktualnosci' },
      { '@type': 'ListItem', position: 3, name: 'Pogoń wygrywa w Poznaniu', item: url },
    ]);
    expect(validateJsonLd(graph(nodes))).toEqual([]);
    // No news page: home › the article. No picture, no publication date: left out, and the validator says so.
    expect(newsPage(site, [{ slug: 'strona-glowna', updatedAt: null }])).toBeUndefined();
    const bare = articleGraph({ ...site, locale: 'en' }, { globals: globals(), article: { ...article, attributes: { ...article.attributes, publish_from: null } }, url });
    expect(byType(bare, 'BreadcrumbList')[0].itemListElement).toHaveLength(2);
    expect((byType(bare, 'BreadcrumbList')[0].itemListElement as JsonLd[])[0].name).toBe('Home');
    expect(validateJsonLd(graph(bare)).sort()).toEqual(['@graph[2] (NewsArticle): has no datePublished', '@graph[2] (NewsArticle): has no image']);
  });

  it('validates against the vocabulary excerpt: unknown types and properties, missing ones, crumbs out of order, bad addresses and dates', () => {
    expect(hasProperty('SportsEvent', 'homeTeam')).toBe(true);
    expect(hasProperty('SportsEvent', 'score')).toBe(false);
    expect(hasProperty('SearchAction', 'query-input')).toBe(true);
    expect(hasProperty('WebSite', 'logo')).toBe(false);
    const problems = validateJsonLd({
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'SportsEvent', name: 'A – B', startDate: 'jutro', homeScore: 2, eventStatus: 'https://schema.org/EventFinished' },
        { '@type': 'BreadcrumbList', itemListElement: [{ '@type': 'ListItem', position: 2, name: 'Start' }, { '@type': 'ListItem', position: 1, name: 'Tu' }] },
        { '@type': 'Newspaper', name: 'X' },
        { '@type': 'WebPage', name: 'Y', url: '/site/pl/', isPartOf: { '@id': 'https://liga.example/#nowhere' } },
      ],
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('homeScore is no property of SportsEvent'),
        expect.stringContaining('"jutro" is not an ISO 8601 date'),
        expect.stringContaining('is no EventStatusType'),
        expect.stringContaining('position 2, not 1'),
        expect.stringContaining('no item (only the last crumb may go without)'),
        expect.stringContaining('@type "Newspaper" is not in the vocabulary excerpt'),
        expect.stringContaining('"/site/pl/" is not an absolute address'),
        expect.stringContaining('a reference to https://liga.example/#nowhere'),
      ]),
    );
    expect(validateJsonLd({ '@context': 'http://schema.org', '@type': 'WebSite', url: 'https://x.example/' })).toEqual([
      '@context is "http://schema.org", not https://schema.org',
      '@graph[0] (WebSite): has no name',
    ]);
    expect(nodesOf(graph([{ '@type': 'WebSite', name: 'X', url: 'https://x.example/', potentialAction: { '@type': 'SearchAction' } }])).map((n) => n['@type'])).toEqual(['WebSite', 'SearchAction']);
  });
});
