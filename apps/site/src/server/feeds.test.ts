import { describe, expect, it } from 'vitest';
import type { JsonApiDocument, ResourceObject } from '@umpire/render';
import { feedsOf, MATCH_COMMENTS_SHOWN, MATCH_EVENTS_SHOWN } from './feeds';
import type { DeliveryAnswer, DeliverySource } from './source';

/** A delivery API that answers every read from a table of paths and records what was asked. */
function source(answers: Record<string, DeliveryAnswer>) {
  const asked: string[] = [];
  const api: DeliverySource = {
    async get(path) {
      asked.push(path);
      return answers[path] ?? { status: 404, body: { errors: [{ status: '404' }] } };
    },
  };
  return { api, asked };
}

const page = (components: { id: string; kind: string; match?: string }[]) => ({
  data: { type: 'pages', id: '1', relationships: { components: { data: components.map((c) => ({ type: 'components', id: c.id })) } } },
  included: components.map((c) => ({
    type: 'components',
    id: c.id,
    attributes: { kind: c.kind, settings: {} },
    relationships: c.match ? { match: { data: { type: 'matches', id: c.match } } } : {},
  })),
});

/** A page of components with their settings and links, and the records they link to. */
const pageOf = (
  components: { id: string; kind: string; settings?: Record<string, unknown>; links?: Record<string, { type: string; id: string }> }[],
  records: { type: string; id: string; attributes: Record<string, unknown> }[] = [],
) => ({
  data: { type: 'pages', id: '1', relationships: { components: { data: components.map((c) => ({ type: 'components', id: c.id })) } } },
  included: [
    ...components.map((c) => ({
      type: 'components',
      id: c.id,
      attributes: { kind: c.kind, settings: c.settings ?? {} },
      relationships: Object.fromEntries(Object.entries(c.links ?? {}).map(([name, data]) => [name, { data }])),
    })),
    ...records,
  ],
});

describe('the lists fetched beside a page', () => {
  it('fetches a match centre’s match with its venue, round (with its season) and broadcasters, its OTT events and its newest comments as further lists', async () => {
    const matchPath = '/matches/9?include=venue,round.stage.competition_season,transmission_providers.image';
    const commentsPath = `/comments?filter[match]=9&page[size]=${MATCH_COMMENTS_SHOWN}`;
    const eventsPath = (locale: string) => `/ott/events?filter[match]=9&locale=${locale}&include=image&page[size]=${MATCH_EVENTS_SHOWN}`;
    const match = { data: { type: 'matches', id: '9' }, included: [{ type: 'venues', id: '5', attributes: { name: 'Stadion' } }] };
    const comments = { data: [{ type: 'comments', id: '1', attributes: { body: 'Brawo' } }], meta: { total: 1 } };
    const events = { data: [{ type: 'ott_events', id: '3', attributes: { title: 'Legia – Lech', access: 'pay_per_view' }, relationships: { match: { data: { type: 'matches', id: '9' } } } }] };
    const { api, asked } = source({ [matchPath]: { status: 200, body: match }, [commentsPath]: { status: 200, body: comments }, [eventsPath('pl')]: { status: 200, body: events } });
    const feeds = await feedsOf(api, page([{ id: '12', kind: 'match', match: '9' }]), 'pl');
    expect(asked.sort()).toEqual([commentsPath, eventsPath('pl'), matchPath].sort());
    expect(feeds['12']).toEqual(match);
    expect(feeds['12:events']).toEqual(events);
    expect(feeds['12:comments']).toEqual(comments);
    // The events in the reader's language (their titles are translated).
    const english = source({});
    await feedsOf(english.api, page([{ id: '12', kind: 'match', match: '9' }]), 'en');
    expect(english.asked).toContain(eventsPath('en'));
  });

  it('leaves out what could not be read (the page still renders), and asks nothing for a match centre without its match', async () => {
    const { api, asked } = source({});
    const feeds = await feedsOf(api, page([{ id: '12', kind: 'match', match: '9' }, { id: '13', kind: 'match' }]), 'pl');
    expect(asked).toHaveLength(3);
    expect(feeds).toEqual({});
  });

  it('asks the API for a news block’s category, as many articles as the block shows', async () => {
    const { api, asked } = source({});
    const category = { type: 'publication_categories', id: '2' };
    await feedsOf(
      api,
      pageOf(
        [
          { id: '5', kind: 'news', settings: { limit: 3 }, links: { publication_category: category } },
          { id: '6', kind: 'news' },
          { id: '7', kind: 'hero_thematic', links: { publication_category: category } },
        ],
        [{ ...category, attributes: { name: 'Transfery', slug: 'transfery' } }],
      ),
      'pl',
    );
    expect(asked.sort()).toEqual(
      ['/articles?locale=pl&filter[publication_category]=transfery&page[size]=3', '/articles?locale=pl&page[size]=6', '/articles?locale=pl&filter[publication_category]=transfery&page[size]=4'].sort(),
    );
  });

  it('reads what a match list shows: a round whole, a list its limit of its mode', async () => {
    const { api, asked } = source({});
    const now = Date.parse('2026-05-10T12:34:00Z');
    const include = '&include=home_squad.team.club.image,away_squad.team.club.image,round';
    await feedsOf(
      api,
      pageOf([
        { id: '1', kind: 'round', settings: { limit: 5 }, links: { round: { type: 'rounds', id: '3' } } },
        { id: '2', kind: 'match_list', settings: { match_list: 'finished', limit: 40 }, links: { club: { type: 'clubs', id: '7' } } },
        { id: '3', kind: 'schedule', settings: { match_list: 'upcoming' } },
        { id: '4', kind: 'match_list', settings: { match_list: 'all', limit: 5 }, links: { round: { type: 'rounds', id: '3' }, group: { type: 'groups', id: '2' } } },
        { id: '5', kind: 'match_list', settings: { limit: 8 }, links: { group: { type: 'groups', id: '2' } } },
      ]),
      'pl',
      now,
    );
    expect(asked.sort()).toEqual(
      [
        `/matches?filter[round]=3&sort=kickoff_at&page[size]=50${include}`,
        // A club's own list: its latest results (any competition), as "a club's matches" below reads them.
        `/matches?filter[status]=finished&filter[club]=7&sort=-kickoff_at&page[size]=40${include}`,
        `/matches?filter[kickoff_at][gte]=2026-04-26T12:00:00.000Z&filter[kickoff_at][lte]=2026-05-31T12:00:00.000Z&filter[status]=not_started,first_half,half_time,second_half,postponed&sort=kickoff_at&page[size]=10${include}`,
        `/matches?filter[round]=3&filter[group]=2&sort=kickoff_at&page[size]=5${include}`,
        `/matches?filter[group]=2&sort=kickoff_at&page[size]=8${include}`,
      ].sort(),
    );
  });
});

/**
 * The same on a delivery API in a box that answers by what is asked: a club's fixtures and
 * results, and a player's profile (the player with its squads and earlier clubs, then its
 * statistics in each competition season it played).
 */
const ref = (type: string, id: string) => ({ type, id });
const component = (id: string, kind: string, settings: Record<string, unknown>, links: Record<string, { type: string; id: string }>): ResourceObject => ({
  type: 'components',
  id,
  attributes: { kind, settings },
  relationships: Object.fromEntries(Object.entries(links).map(([name, data]) => [name, { data }])),
});
const pageWith = (...components: ResourceObject[]): JsonApiDocument => ({
  data: { type: 'pages', id: '1', attributes: { slug: 'x' }, relationships: { components: { data: components.map((c) => ref('components', c.id)) } } },
  included: components,
});

function box(answers: (path: string) => DeliveryAnswer | undefined) {
  const asked: string[] = [];
  const source: DeliverySource = {
    async get(path) {
      asked.push(path);
      return answers(path) ?? { status: 404, body: { errors: [{ status: '404' }] } };
    },
  };
  return { source, asked };
}
const ok = (body: DeliveryAnswer['body']): DeliveryAnswer => ({ status: 200, body });
const query = (path: string) => Object.fromEntries(new URL(path, 'http://api.test').searchParams);
const NOW = Date.parse('2026-11-29T10:20:00Z');

describe("a club's matches", () => {
  const match = (id: string, status: string, kickoff: string): ResourceObject => ({ type: 'matches', id, attributes: { status, kickoff_at: kickoff } });
  const played = match('147', 'finished', '2026-11-23T18:00:00Z');
  const coming = match('161', 'not_started', '2026-11-29T19:15:00Z');
  const answers = (path: string) => {
    const q = query(path);
    if (!path.startsWith('/matches?')) return undefined;
    if (q['filter[status]'] === 'finished') return ok({ data: [played], included: [{ type: 'rounds', id: '1' }] });
    return ok({ data: [coming], included: [{ type: 'rounds', id: '2' }] });
  };
  const list = (mode: string, links: Record<string, { type: string; id: string }> = {}) =>
    component('10', 'match_list', { match_list: mode, limit: 5 }, { competition_season: ref('competition_seasons', '2'), club: ref('clubs', '16'), ...links });

  it('reads its latest results and its next matches apart, in every competition, and gives them as one list', async () => {
    const { source, asked } = box(answers);
    const feeds = await feedsOf(source, pageWith(list('all')), 'pl', NOW);
    expect(asked.map(query)).toEqual([
      { 'filter[status]': 'finished', 'filter[club]': '16', sort: '-kickoff_at', 'page[size]': '5', include: 'home_squad.team.club.image,away_squad.team.club.image,round' },
      {
        'filter[status]': 'not_started,first_half,half_time,second_half,postponed',
        // Since a day ago, to the hour: a match under way is still there, and the address is the same all hour.
        'filter[kickoff_at][gte]': '2026-11-28T10:00:00.000Z',
        'filter[club]': '16',
        sort: 'kickoff_at',
        'page[size]': '5',
        include: 'home_squad.team.club.image,away_squad.team.club.image,round',
      },
    ]);
    expect(feeds['10']).toEqual({ data: [played, coming], included: [{ type: 'rounds', id: '1' }, { type: 'rounds', id: '2' }] });
  });

  it('reads only what the list shows: results, or the next matches', async () => {
    const finished = box(answers);
    expect((await feedsOf(finished.source, pageWith(list('finished')), 'pl', NOW))['10'].data).toEqual([played]);
    expect(finished.asked).toHaveLength(1);
    const upcoming = box(answers);
    expect((await feedsOf(upcoming.source, pageWith(list('upcoming')), 'pl', NOW))['10'].data).toEqual([coming]);
    expect(upcoming.asked).toHaveLength(1);
  });

  it("narrows a round's or a group's list to the club", async () => {
    const { source, asked } = box(answers);
    await feedsOf(source, pageWith(list('all', { round: ref('rounds', '7') })), 'pl', NOW);
    // The list's limit of the round's matches the club plays (a list reads what it shows).
    expect(asked.map(query)).toEqual([expect.objectContaining({ 'filter[round]': '7', 'filter[club]': '16', sort: 'kickoff_at', 'page[size]': '5' })]);
  });

  it("follows an index's club filter (the reader's) as one list of the club's year", async () => {
    const { source, asked } = box(answers);
    await feedsOf(source, pageWith(component('11', 'match_list', { match_list: 'all', limit: 100 }, { competition_season: ref('competition_seasons', '2') })), 'pl', NOW, { club: '16' });
    expect(asked.map(query)).toEqual([expect.objectContaining({ 'filter[kickoff_at][gte]': '2025-11-29T10:00:00.000Z', 'filter[club]': '16', sort: 'kickoff_at', 'page[size]': '50' })]);
  });

  it('leaves a list whose reads all fail empty, and keeps what one of two reads gave', async () => {
    expect(await feedsOf(box(() => ({ status: 500, body: {} })).source, pageWith(list('all')), 'pl', NOW)).toEqual({});
    const half = box((path) => (query(path)['filter[status]'] === 'finished' ? answers(path) : { status: 500, body: {} }));
    expect((await feedsOf(half.source, pageWith(list('all')), 'pl', NOW))['10'].data).toEqual([played]);
  });
});

describe("a player's profile", () => {
  const player: ResourceObject = {
    type: 'players',
    id: '502',
    attributes: { first_name: 'Vitaliy', last_name: 'Shevchuk' },
    relationships: { squad_players: { data: [ref('squad_players', '852'), ref('squad_players', '874')] }, career_clubs: { data: [ref('career_clubs', '389')] } },
  };
  const season = (id: string, start: string): ResourceObject => ({ type: 'competition_seasons', id, attributes: { start_date: start } });
  const squad = (id: string, seasons: string[]): ResourceObject => ({ type: 'squads', id, relationships: { competition_seasons: { data: seasons.map((s) => ref('competition_seasons', s)) } } });
  const included: ResourceObject[] = [
    { type: 'squad_players', id: '852', relationships: { squad: { data: ref('squads', '33') }, player: { data: ref('players', '502') } } },
    { type: 'squad_players', id: '874', relationships: { squad: { data: ref('squads', '34') }, player: { data: ref('players', '502') } } },
    // Last season's league, and this season's league and cup.
    squad('33', ['1']),
    squad('34', ['2', '3']),
    season('1', '2025-07-18'),
    season('2', '2026-07-17'),
    season('3', '2026-08-01'),
    { type: 'career_clubs', id: '389', attributes: { club_name: 'Zorya Luhansk' } },
  ];
  const row = (cs: string): ResourceObject => ({ type: 'statistics', id: `${cs}-34-502`, attributes: { goals: 4 }, relationships: { player: { data: ref('players', '502') } } });
  const answers = (path: string) => {
    if (path.startsWith('/players/502?')) return ok({ data: player, included });
    const q = query(path);
    if (path.startsWith('/statistics?') && q['filter[player]'] === '502')
      return q['filter[competition_season]'] === '1' ? ok({ data: [], included: [] }) : ok({ data: [row(q['filter[competition_season]'])], included: [{ type: 'squads', id: '34' }] });
    return undefined;
  };
  const profile = component('20', 'player', { layout: 'default' }, { player: ref('players', '502') });

  it('reads the player with its squads and earlier clubs, then its statistics in each competition season of its squads, the latest first', async () => {
    const { source, asked } = box(answers);
    const feeds = await feedsOf(source, pageWith(profile), 'en', NOW);
    expect(asked[0]).toBe('/players/502?include=image,squad_players.squad.team.club,squad_players.squad.season,squad_players.squad.competition_seasons,career_clubs.club');
    expect(asked.slice(1).map(query)).toEqual([
      { 'filter[competition_season]': '3', 'filter[player]': '502' },
      { 'filter[competition_season]': '2', 'filter[player]': '502' },
      { 'filter[competition_season]': '1', 'filter[player]': '502' },
    ]);
    // One document: the player first (the renderers' copy), what it included, then the statistics and theirs.
    expect(feeds['20']).toEqual({ data: [player], included: [...included, row('3'), { type: 'squads', id: '34' }, row('2'), { type: 'squads', id: '34' }] });
  });

  it('shows the player without the statistics that cannot be read, and nothing for a player that cannot be read', async () => {
    const failing = box((path) => (query(path)['filter[competition_season]'] === '3' ? { status: 503, body: {} } : answers(path)));
    expect((await feedsOf(failing.source, pageWith(profile), 'en', NOW))['20'].included!.filter((r) => r.type === 'statistics').map((r) => r.id)).toEqual(['2-34-502']);
    const missing = box(() => undefined);
    expect(await feedsOf(missing.source, pageWith(profile), 'en', NOW)).toEqual({});
    expect(missing.asked).toHaveLength(1);
  });

  it('reads nothing for a profile without its player', async () => {
    const { source, asked } = box(answers);
    expect(await feedsOf(source, pageWith(component('21', 'player', {}, {})), 'en', NOW)).toEqual({});
    expect(asked).toEqual([]);
  });
});
