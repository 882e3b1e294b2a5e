import { describe, expect, it } from 'vitest';
import { feedsOf, MATCH_COMMENTS_SHOWN } from './feeds';
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
  it('fetches a match centre’s match with its venue, round (with its season) and broadcasters, and its newest comments as a second list', async () => {
    const matchPath = '/matches/9?include=venue,round.stage.competition_season,transmission_providers.image';
    const commentsPath = `/comments?filter[match]=9&page[size]=${MATCH_COMMENTS_SHOWN}`;
    const match = { data: { type: 'matches', id: '9' }, included: [{ type: 'venues', id: '5', attributes: { name: 'Stadion' } }] };
    const comments = { data: [{ type: 'comments', id: '1', attributes: { body: 'Brawo' } }], meta: { total: 1 } };
    const { api, asked } = source({ [matchPath]: { status: 200, body: match }, [commentsPath]: { status: 200, body: comments } });
    const feeds = await feedsOf(api, page([{ id: '12', kind: 'match', match: '9' }]), 'pl');
    expect(asked.sort()).toEqual([commentsPath, matchPath].sort());
    expect(feeds['12']).toEqual(match);
    expect(feeds['12:comments']).toEqual(comments);
  });

  it('leaves out what could not be read (the page still renders), and asks nothing for a match centre without its match', async () => {
    const { api, asked } = source({});
    const feeds = await feedsOf(api, page([{ id: '12', kind: 'match', match: '9' }, { id: '13', kind: 'match' }]), 'pl');
    expect(asked).toHaveLength(2);
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
        `/matches?filter[kickoff_at][gte]=2025-05-10T12:00:00.000Z&filter[club]=7&filter[status]=finished&sort=-kickoff_at&page[size]=40${include}`,
        `/matches?filter[kickoff_at][gte]=2026-04-26T12:00:00.000Z&filter[kickoff_at][lte]=2026-05-31T12:00:00.000Z&filter[status]=not_started,first_half,half_time,second_half,postponed&sort=kickoff_at&page[size]=10${include}`,
        `/matches?filter[round]=3&filter[group]=2&sort=kickoff_at&page[size]=5${include}`,
        `/matches?filter[group]=2&sort=kickoff_at&page[size]=8${include}`,
      ].sort(),
    );
  });
});
