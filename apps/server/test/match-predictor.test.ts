import * as ActionCable from '@rails/actioncable';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createMatch, incidentBody, type MatchFixture } from './support/fixtures';
import { startTestServer, type TestServer } from './support/test-server';

let api: TestServer;
const CLIENT = 'ekstraklasa-demo';
let serial = 0;
let ranking: any;
/** The ranking of the season where test matches are made (createMatch: the first current competition season). */
let fixtureRanking: any;

const link = (type: string, id: string) => ({ data: { type, id: String(id) } });
const prediction = (matchId: string, home: unknown, away: unknown) => ({
  data: { type: 'match_predictor_predictions', attributes: { home_score: home, away_score: away }, relationships: { match: link('matches', matchId) } },
});

async function fan(name: string, client = CLIENT): Promise<string> {
  const res = await api.post(`/public/v1/fans?client=${client}`, { data: { type: 'fans', attributes: { device_id: `predictor-${Date.now().toString(36)}-${++serial}-abcdef`, display_name: name } } }, { token: null });
  expect(res.status, res.text).toBe(201);
  return res.body.meta.token;
}

/** A match of the demo's current season that kicks off tomorrow. */
async function upcomingMatch(): Promise<MatchFixture & { roundId: string }> {
  const m = await createMatch(api, { playersPerSquad: 1 });
  const res = await api.patch(`/api/v3/matches/${m.matchId}?include=round`, { data: { type: 'matches', id: m.matchId, attributes: { kickoff_at: new Date(Date.now() + 86_400_000).toISOString() } } });
  expect(res.status, res.text).toBe(200);
  return { ...m, roundId: res.body.data.relationships.round.data.id };
}

const predict = (token: string, matchId: string, home: unknown, away: unknown) => api.post('/public/v1/match_predictors/predictions', prediction(matchId, home, away), { token });
const results = async (query: string) => (await api.get(`/api/v3/match_predictors/user_results?${query}&page[size]=100`)).body.data as any[];
const standings = async (query = '', of = ranking) => {
  const res = await api.get(`/api/v3/match_predictors/rankings/${of.id}/standings?page[size]=500${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body;
};
const pointsOf = (doc: any, name: string) => doc.data.find((s: any) => s.attributes.fan_name === name)?.attributes.points;

beforeAll(async () => {
  api = await startTestServer();
  ranking = (await api.get('/api/v3/match_predictors/rankings')).body.data[0];
  const season = (await api.get('/api/v3/competition_seasons?filter[is_current]=true&page[size]=1')).body.data[0].id;
  fixtureRanking = (await api.get(`/api/v3/match_predictors/rankings?filter[competition_season]=${season}`)).body.data[0];
  if (!fixtureRanking) {
    const made = await api.post('/api/v3/match_predictors/rankings', {
      data: { type: 'match_predictor_rankings', attributes: { name: 'Typer testowy' }, relationships: { competition_season: link('competition_seasons', season) } },
    });
    expect(made.status, made.text).toBe(201);
    fixtureRanking = made.body.data;
  }
});
afterAll(() => api?.close());

describe('the demo predictor', () => {
  it('has a ranking of the current season with settled standings of demo fans', async () => {
    expect(ranking.attributes).toMatchObject({ name: 'Typer Ekstraklasy', points_exact: 3, points_outcome: 1 });
    const doc = await standings();
    expect(doc.meta.total).toBeGreaterThan(10);
    expect(doc.data[0].attributes.position).toBe(1);
    const points = doc.data.map((s: any) => s.attributes.points);
    expect(points).toEqual([...points].sort((a, b) => b - a));
    expect(doc.meta.distribution.reduce((n: number, d: any) => n + d.fans, 0)).toBe(doc.meta.total);
    expect(doc.meta.rounds.length).toBeGreaterThanOrEqual(2);
    // Per round: each round's points add up to the season's.
    const perRound = await Promise.all(doc.meta.rounds.map((r: any) => standings(`&round=${r.id}`)));
    const sum = (d: any) => d.data.reduce((n: number, s: any) => n + s.attributes.points, 0);
    expect(perRound.reduce((n, d) => n + sum(d), 0)).toBe(sum(doc));
  });

  it('lists user results with filters by fan, match, round and result', async () => {
    const settled = await results('filter[result]=exact');
    expect(settled.length).toBeGreaterThan(0);
    const first = settled[0];
    expect(first.attributes.points).toBe(3);
    for (const [filter, value] of [
      ['fan_id', first.attributes.fan_id],
      ['match', first.relationships.match.data.id],
      ['round', first.relationships.round.data.id],
    ]) {
      const found = await results(`filter[${filter}]=${value}`);
      expect(found.map((r) => r.id), filter).toContain(first.id);
    }
    const pending = await results('filter[result]=miss&sort=-points');
    expect(pending.every((r) => r.attributes.points === 0)).toBe(true);
    // Fans write them; staff cannot.
    const write = await api.post('/api/v3/match_predictors/user_results', { data: { type: 'match_predictor_user_results', attributes: {} } });
    expect(write.status).toBe(404);
  });
});

describe('fans predicting (POST /public/v1/match_predictors/predictions)', () => {
  it('makes one prediction per fan and match, changeable until kick-off, and shows it to the fan', async () => {
    const m = await upcomingMatch();
    const token = await fan('Typer Jeden');
    const made = await predict(token, m.matchId, 2, 1);
    expect(made.status, made.text).toBe(201);
    expect(made.body.data.attributes).toMatchObject({ home_score: 2, away_score: 1, result: null, points: null });
    const changed = await predict(token, m.matchId, 1, 0);
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.data.id).toBe(made.body.data.id);
    const mine = await api.get('/public/v1/match_predictors/predictions', { token });
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body.data).toHaveLength(1);
    expect(mine.body.data[0].attributes).toMatchObject({ home_score: 1, away_score: 0 });
    const open = await api.get(`/public/v1/match_predictors/matches?client=${CLIENT}`, { token });
    expect(open.body.data.map((x: any) => x.id)).toContain(m.matchId);
    expect(open.body.included.map((x: any) => x.id)).toContain(made.body.data.id);
    // Staff see it among the user results of its round.
    expect((await results(`filter[round]=${m.roundId}`)).map((r) => r.id)).toContain(made.body.data.id);
  });

  it('refuses bad input with JSON:API errors and changes nothing', async () => {
    const m = await upcomingMatch();
    const token = await fan('Typer Zły');
    const cases: [string, unknown, number, string][] = [
      ['negative score', prediction(m.matchId, -1, 0), 422, '/data/attributes/home_score'],
      ['absurd score', prediction(m.matchId, 1, 1000), 422, '/data/attributes/away_score'],
      ['fractional score', prediction(m.matchId, 1.5, 0), 422, '/data/attributes/home_score'],
      ['score as text', prediction(m.matchId, '2', 0), 422, '/data/attributes/home_score'],
      ['missing score', { data: { type: 'match_predictor_predictions', attributes: { home_score: 1 }, relationships: { match: link('matches', m.matchId) } } }, 422, '/data/attributes/away_score'],
      ['unknown attribute', { data: { type: 'match_predictor_predictions', attributes: { home_score: 1, away_score: 1, points: 3 }, relationships: { match: link('matches', m.matchId) } } }, 422, '/data/attributes/points'],
      ['no match', { data: { type: 'match_predictor_predictions', attributes: { home_score: 1, away_score: 1 } } }, 422, '/data/relationships/match'],
      ['wrong type', { data: { type: 'fans', attributes: { home_score: 1, away_score: 1 } } }, 422, '/data/type'],
      ['not an object', [1, 2], 422, '/data/type'],
    ];
    for (const [name, body, status, pointer] of cases) {
      const res = await api.post('/public/v1/match_predictors/predictions', body, { token });
      expect(res.status, `${name}: ${res.text}`).toBe(status);
      expect(res.body.errors.map((e: any) => e.source?.pointer), name).toContain(pointer);
    }
    const unknown = await predict(token, '999999999', 1, 1);
    expect(unknown.status).toBe(404);
    expect((await api.get('/public/v1/match_predictors/predictions', { token })).body.data).toEqual([]);
    // No fan token, a staff token, or a fan of another league.
    expect((await api.post('/public/v1/match_predictors/predictions', prediction(m.matchId, 1, 1), { token: null })).status).toBe(401);
    expect((await api.post('/public/v1/match_predictors/predictions', prediction(m.matchId, 1, 1))).status).toBe(401);
    const stranger = await fan('Obcy', 'other-league');
    const elsewhere = await predict(stranger, m.matchId, 1, 1);
    expect(elsewhere.status, elsewhere.text).toBe(404);
    expect(await results(`filter[match]=${m.matchId}`)).toEqual([]);
  });

  it('refuses predictions after kick-off: by its time, or by a kick_off incident before it', async () => {
    const token = await fan('Spóźniony');
    const past = await createMatch(api, { playersPerSquad: 1 }); // kicked off 20 minutes ago
    const late = await predict(token, past.matchId, 1, 0);
    expect(late.status, late.text).toBe(422);
    expect(late.body.errors[0]).toMatchObject({ code: 'predictionClosed', source: { pointer: '/data/relationships/match' } });
    const early = await upcomingMatch();
    expect((await predict(token, early.matchId, 0, 0)).status).toBe(201);
    const kickOff = await api.post('/api/v3/incidents', incidentBody(early, { incident_type: 'kick_off', occurrence_half: 1, occurrence_minute: 0 }));
    expect(kickOff.status, kickOff.text).toBe(201);
    const changed = await predict(token, early.matchId, 3, 3);
    expect(changed.status).toBe(422);
    expect((await api.get('/public/v1/match_predictors/predictions', { token })).body.data[0].attributes).toMatchObject({ home_score: 0, away_score: 0 });
  });
});

describe('settlement when a match ends', () => {
  it('settles on match_ended, recomputes after corrections, and follows the ranking rules', async () => {
    const m = await upcomingMatch();
    const fans = { exact: 'Trafił Wynik', outcome: 'Trafił Zwycięzcę', miss: 'Nie Trafił' };
    const tokens = { exact: await fan(fans.exact), outcome: await fan(fans.outcome), miss: await fan(fans.miss) };
    expect((await predict(tokens.exact, m.matchId, 1, 0)).status).toBe(201);
    expect((await predict(tokens.outcome, m.matchId, 2, 0)).status).toBe(201);
    expect((await predict(tokens.miss, m.matchId, 0, 1)).status).toBe(201);
    const incident = async (attributes: Record<string, unknown>, squad?: string) => {
      const res = await api.post('/api/v3/incidents', incidentBody(m, attributes, squad ? { squad } : {}));
      expect(res.status, res.text).toBe(201);
      return res.body.data.id as string;
    };
    await incident({ incident_type: 'goal', occurrence_half: 1, occurrence_minute: 30 }, m.homeSquad);
    // Not ended yet: nothing settled.
    expect((await results(`filter[match]=${m.matchId}`)).every((r) => r.attributes.result === null)).toBe(true);
    const ended = await incident({ incident_type: 'match_ended', occurrence_half: 2, occurrence_minute: 90 });
    const byName = async () => Object.fromEntries((await results(`filter[match]=${m.matchId}`)).map((r) => [r.attributes.fan_name, [r.attributes.result, r.attributes.points]]));
    expect(await byName()).toEqual({ [fans.exact]: ['exact', 3], [fans.outcome]: ['outcome', 1], [fans.miss]: ['miss', 0] });
    let round = await standings(`&round=${m.roundId}`, fixtureRanking);
    expect(pointsOf(round, fans.exact)).toBe(3);
    expect(round.data.find((s: any) => s.attributes.fan_name === fans.exact).attributes.position).toBe(1);

    // A goal added after the end: 2:0.
    const late = await incident({ incident_type: 'goal', occurrence_half: 2, occurrence_minute: 80 }, m.homeSquad);
    expect(await byName()).toEqual({ [fans.exact]: ['outcome', 1], [fans.outcome]: ['exact', 3], [fans.miss]: ['miss', 0] });
    // Removed again: 1:0.
    expect((await api.delete(`/api/v3/incidents/${late}`)).status).toBe(204);
    expect(await byName()).toEqual({ [fans.exact]: ['exact', 3], [fans.outcome]: ['outcome', 1], [fans.miss]: ['miss', 0] });
    // match_ended removed: unsettled, out of the standings.
    expect((await api.delete(`/api/v3/incidents/${ended}`)).status).toBe(204);
    expect(await byName()).toEqual({ [fans.exact]: [null, null], [fans.outcome]: [null, null], [fans.miss]: [null, null] });
    round = await standings(`&round=${m.roundId}`, fixtureRanking);
    expect(pointsOf(round, fans.exact)).toBeUndefined();
    await incident({ incident_type: 'match_ended', occurrence_half: 2, occurrence_minute: 90 });

    // New rules: 5 for the exact score, rescored everywhere.
    const season = await standings('', fixtureRanking);
    const before = pointsOf(season, fans.exact);
    const patched = await api.patch(`/api/v3/match_predictors/rankings/${fixtureRanking.id}`, { data: { type: 'match_predictor_rankings', id: fixtureRanking.id, attributes: { points_exact: 5 } } });
    expect(patched.status, patched.text).toBe(200);
    expect((await byName())[fans.exact]).toEqual(['exact', 5]);
    expect(pointsOf(await standings('', fixtureRanking), fans.exact)).toBe(before + 2);
    await api.patch(`/api/v3/match_predictors/rankings/${fixtureRanking.id}`, { data: { type: 'match_predictor_rankings', id: fixtureRanking.id, attributes: { points_exact: 3 } } });
  });
});

describe('staff watching (ContentChannel on /cable)', () => {
  it('hear a new prediction, and the rankings of a match’s season when it ends', async () => {
    // ActionCable in Node: the ws WebSocket, and no page events to listen to.
    (ActionCable.adapters as { WebSocket: unknown }).WebSocket = WebSocket;
    (globalThis as any).addEventListener ??= () => {};
    (globalThis as any).removeEventListener ??= () => {};
    const consumer = ActionCable.createConsumer(`${api.url.replace('http', 'ws')}/cable?token=${encodeURIComponent(await api.token('admin'))}`);
    const received: any[] = [];
    const subscribe = (type: string) =>
      new Promise<void>((resolve, reject) =>
        consumer.subscriptions.create({ channel: 'API::V3::ContentChannel', type }, { connected: () => resolve(), rejected: () => reject(new Error(`rejected ${type}`)), received: (m: any) => received.push(m) }),
      );
    const heard = async (ok: (m: any) => boolean, what: string) => {
      const deadline = Date.now() + 10_000;
      while (!received.some(ok)) {
        if (Date.now() > deadline) throw new Error(`not heard: ${what} (${JSON.stringify(received)})`);
        await new Promise((r) => setTimeout(r, 25));
      }
    };
    try {
      await subscribe('match_predictor_user_results');
      await subscribe('match_predictor_rankings');
      const m = await upcomingMatch();
      const made = await predict(await fan('Na Żywo'), m.matchId, 2, 1);
      expect(made.status, made.text).toBe(201);
      await heard((x) => x.type === 'match_predictor_user_results' && x.id === made.body.data.id && x.action === 'created', 'the prediction');
      expect(received.some((x) => x.type === 'match_predictor_rankings')).toBe(false);
      const ended = await api.post('/api/v3/incidents', incidentBody(m, { incident_type: 'match_ended', occurrence_half: 2, occurrence_minute: 90 }));
      expect(ended.status, ended.text).toBe(201);
      await heard((x) => x.type === 'match_predictor_rankings' && x.action === 'updated', 'the settled ranking');
    } finally {
      consumer.disconnect();
    }
  });
});

describe('standings reads', () => {
  it('refuses bad parameters, and another league does not see the ranking', async () => {
    const badRound = await api.get(`/api/v3/match_predictors/rankings/${ranking.id}/standings?round=abc`);
    expect(badRound.status).toBe(400);
    expect(badRound.body.errors[0].source).toEqual({ parameter: 'round' });
    expect((await api.get(`/api/v3/match_predictors/rankings/${ranking.id}/standings?page[size]=501`)).status).toBe(400);
    expect((await api.get('/api/v3/match_predictors/rankings/999999/standings')).status).toBe(404);
    expect((await api.get(`/api/v3/match_predictors/rankings/${ranking.id}/standings`, { token: await api.token('other-admin') })).status).toBe(404);
    expect((await api.get(`/api/v3/match_predictors/rankings/${ranking.id}/standings`, { token: null })).status).toBe(401);
  });

  it('gives fans the rankings and standings of their league', async () => {
    const list = await api.get(`/public/v1/match_predictors/rankings?client=${CLIENT}`, { token: null });
    expect(list.status, list.text).toBe(200);
    expect(list.body.data.map((r: any) => r.id)).toContain(ranking.id);
    const table = await api.get(`/public/v1/match_predictors/rankings/${ranking.id}/standings?client=${CLIENT}&page[size]=5`, { token: null });
    expect(table.status, table.text).toBe(200);
    expect(table.body.data).toHaveLength(5);
    expect((await api.get(`/public/v1/match_predictors/rankings/${ranking.id}/standings?client=other-league`, { token: null })).status).toBe(404);
    expect((await api.get(`/public/v1/match_predictors/rankings/${ranking.id}/standings`, { token: null })).status).toBe(400);
  });
});

describe('the match_predictor_ranking component', () => {
  it('links a ranking on a page, and /current_page delivers it with its leading fans', async () => {
    const type = await api.post('/api/v3/page_types', { data: { type: 'page_types', attributes: { name: `Typer ${++serial}`, kind: 'standard', visibility: ['web'] } } });
    expect(type.status, type.text).toBe(201);
    const slug = `typer-${serial}`;
    const page = await api.post('/api/v3/pages', {
      data: { type: 'pages', attributes: { title: 'Typer', slug, status: 'published', published_from: '2020-01-01T10:00:00Z' }, relationships: { page_type: link('page_types', type.body.data.id) } },
    });
    expect(page.status, page.text).toBe(201);
    const component = await api.post('/api/v3/components', {
      data: {
        type: 'components',
        attributes: { kind: 'match_predictor_ranking', index: 0, settings: { title: 'Najlepsi typerzy', limit: 3 } },
        relationships: { page: link('pages', page.body.data.id), match_predictor_ranking: link('match_predictor_rankings', ranking.id) },
      },
    });
    expect(component.status, component.text).toBe(201);
    const doc = await api.get(`/api/v3/current_page?slug=${slug}`);
    expect(doc.status, doc.text).toBe(200);
    const shown = doc.body.included.find((r: any) => r.type === 'components' && r.id === component.body.data.id);
    expect(shown.relationships.match_predictor_ranking.data).toEqual({ type: 'match_predictor_rankings', id: ranking.id });
    expect(doc.body.included.some((r: any) => r.type === 'match_predictor_rankings' && r.id === ranking.id)).toBe(true);
    const top = doc.body.included.filter((r: any) => r.type === 'match_predictor_standings');
    expect(top).toHaveLength(3);
    expect(top.map((s: any) => s.attributes.position)).toEqual([...top.map((s: any) => s.attributes.position)].sort((a, b) => a - b));
    expect(doc.body.meta.related[`standings:match_predictor_rankings:${ranking.id}`]).toContain(`/match_predictors/rankings/${ranking.id}/standings`);
  });
});
