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
});
