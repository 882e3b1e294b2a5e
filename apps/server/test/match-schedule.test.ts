import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { incidentBody, type MatchFixture } from './support/fixtures';
import { startPushService, type PushService } from './support/push-service';
import { startTestServer, TEST_DB, type TestServer } from './support/test-server';

/**
 * Bulk edit and rescheduling of matches (issue 26, point 3): PATCH /api/v3/matches by ids or by
 * the list's filters, its dry run, all or nothing, the conflicts and the cap; postponing a match
 * and a round, kept in the history with the reason and announced by push to the clubs' followers;
 * the statuses staff set.
 */
let api: TestServer;
let push: PushService;
const CLIENT = 'ekstraklasa-demo';
const link = (type: string, id: string) => ({ data: { type, id: String(id) } });

beforeAll(async () => {
  push = await startPushService();
  api = await startTestServer({}, { PUSH_ALLOW_LOOPBACK: 'true', JOB_POLL_MS: '20' });
}, 120_000);
afterAll(async () => {
  await api?.close();
  await push?.close();
});

/** Squads of distinct clubs (the demo's first teams), with their clubs. */
let squadsCache: { id: string; club: string }[] | null = null;
async function squads(): Promise<{ id: string; club: string }[]> {
  if (squadsCache) return squadsCache;
  const res = await api.get('/api/v3/squads?page[size]=100&sort=id&include=team');
  const clubOfTeam = new Map(res.body.included.filter((r: any) => r.type === 'teams').map((t: any) => [t.id, t.relationships.club.data.id]));
  const seen = new Set<string>();
  squadsCache = [];
  for (const s of res.body.data) {
    const club = clubOfTeam.get(s.relationships.team.data.id) as string;
    if (seen.has(club)) continue;
    seen.add(club);
    squadsCache.push({ id: s.id, club });
  }
  expect(squadsCache.length).toBeGreaterThanOrEqual(6);
  return squadsCache;
}

let serial = 0;
async function create(type: string, attributes: Record<string, unknown>, relationships: Record<string, unknown> = {}): Promise<string> {
  const res = await api.post(`/api/v3/${type}`, { data: { type, attributes, relationships } });
  expect(res.status, res.text).toBe(201);
  return res.body.data.id;
}

/** A round of its own with matches between the given squad pairs at the given kickoffs (and venues). */
async function round(games: { home: number; away: number; at: string; venue?: string }[]) {
  const n = ++serial;
  const competitionSeason = (await api.get('/api/v3/competition_seasons?filter[is_current]=true&page[size]=1')).body.data[0].id;
  const stage = await create('stages', { name: `Schedule stage ${n}` }, { competition_season: link('competition_seasons', competitionSeason) });
  const group = await create('groups', { name: `Schedule group ${n}` }, { stage: link('stages', stage) });
  const roundId = await create('rounds', { name: `Schedule round ${n}`, number: 100 + n }, { stage: link('stages', stage) });
  const all = await squads();
  const matches: string[] = [];
  for (const g of games)
    matches.push(
      await create('matches', { kickoff_at: g.at }, {
        round: link('rounds', roundId), group: link('groups', group), home_squad: link('squads', all[g.home].id), away_squad: link('squads', all[g.away].id),
        ...(g.venue ? { venue: link('venues', g.venue) } : {}),
      }),
    );
  return { round: roundId, group, stage, matches };
}

const match = async (id: string) => (await api.get(`/api/v3/matches/${id}`)).body.data;
const auditCount = async () => (await api.get('/api/v3/audit_events?page[size]=1')).body.meta.total as number;
const history = async (id: string) =>
  (await api.get(`/api/v3/audit_events?filter[resource_type]=matches&filter[resource_id]=${id}&sort=id&page[size]=100`)).body.data.map((e: any) => e.attributes.changes);
const venues = async () => (await api.get('/api/v3/venues?page[size]=2&sort=id')).body.data.map((v: any) => v.id) as string[];

describe(`bulk edit of matches (${TEST_DB})`, () => {
  it('previews a change by ids (nothing written), then applies it in one go with the history', async () => {
    const [v1] = await venues();
    // Saturday 2 May 2026, 18:00 and 20:30 in Warsaw.
    const r = await round([{ home: 0, away: 1, at: '2026-05-02T16:00:00Z' }, { home: 2, away: 3, at: '2026-05-02T18:30:00Z' }]);
    const body = { data: r.matches.map((id) => ({ type: 'matches', id })), meta: { kickoff_shift: '+1 day', kickoff_time: '15:00', relationships: { venue: link('venues', v1) } } };
    const audits = await auditCount();
    const preview = await api.patch('/api/v3/matches?dry_run=true', body);
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.data).toBeUndefined();
    expect(preview.body.meta).toMatchObject({ dry_run: true, count: 2, valid: true, errors: [] });
    expect(preview.body.meta.matches.map((m: any) => [m.id, m.before.kickoff_at, m.after.kickoff_at, m.after.venue?.id])).toEqual([
      [r.matches[0], '2026-05-02T16:00:00.000Z', '2026-05-03T13:00:00.000Z', v1],
      [r.matches[1], '2026-05-02T18:30:00.000Z', '2026-05-03T13:00:00.000Z', v1],
    ]);
    // Both at one venue at one time: named, not refused.
    expect(preview.body.meta.conflicts).toContainEqual(expect.objectContaining({ kind: 'venue_same_time', venue: expect.objectContaining({ id: v1 }), matches: r.matches }));
    expect(preview.body.meta.matches[0].home).toMatchObject({ name: expect.any(String) });
    // A dry run writes nothing: the matches and the history are as they were.
    expect((await match(r.matches[0])).attributes.kickoff_at).toBe('2026-05-02T16:00:00.000Z');
    expect(await auditCount()).toBe(audits);

    const applied = await api.patch('/api/v3/matches', body);
    expect(applied.status, applied.text).toBe(200);
    expect(applied.body.data.map((m: any) => [m.id, m.attributes.kickoff_at, m.relationships.venue.data.id])).toEqual([
      [r.matches[0], '2026-05-03T13:00:00.000Z', v1],
      [r.matches[1], '2026-05-03T13:00:00.000Z', v1],
    ]);
    expect(applied.body.meta.conflicts.length).toBeGreaterThan(0);
    expect((await match(r.matches[1])).attributes.kickoff_at).toBe('2026-05-03T13:00:00.000Z');
    expect((await history(r.matches[0])).at(-1)).toMatchObject({ kickoff_at: { before: '2026-05-02T16:00:00.000Z', after: '2026-05-03T13:00:00.000Z' }, venue_id: { after: v1 } });
  });

  it('selects by the list’s filters: a round, a club, a day', async () => {
    const r = await round([{ home: 0, away: 1, at: '2026-06-06T16:00:00Z' }, { home: 2, away: 3, at: '2026-06-07T16:00:00Z' }, { home: 4, away: 5, at: '2026-06-07T18:00:00Z' }]);
    const all = await squads();
    const byRound = await api.patch(`/api/v3/matches?filter[round]=${r.round}`, { meta: { attributes: { status: 'postponed' } } });
    expect(byRound.status, byRound.text).toBe(200);
    expect(byRound.body.data.map((m: any) => [m.id, m.attributes.status])).toEqual(r.matches.map((id) => [id, 'postponed']));
    // The club's matches in this round only (the filters combine as in the list).
    const byClub = await api.patch(`/api/v3/matches?filter[round]=${r.round}&filter[club]=${all[2].club}`, { meta: { attributes: { status: 'not_started' } } });
    expect(byClub.status, byClub.text).toBe(200);
    expect(byClub.body.data.map((m: any) => m.id)).toEqual([r.matches[1]]);
    // One day in Warsaw: 7 June.
    const byDay = await api.patch(`/api/v3/matches?filter[round]=${r.round}&filter[kickoff_at][gte]=2026-06-06T22:00:00Z&filter[kickoff_at][lt]=2026-06-07T22:00:00Z`, {
      meta: { kickoff_shift: '-2 hours' },
    });
    expect(byDay.status, byDay.text).toBe(200);
    expect(byDay.body.data.map((m: any) => [m.id, m.attributes.kickoff_at])).toEqual([
      [r.matches[1], '2026-06-07T14:00:00.000Z'],
      [r.matches[2], '2026-06-07T16:00:00.000Z'],
    ]);
    // What the list shows under the same filter is what was changed; the postponed match given a
    // new kickoff is scheduled again.
    const listed = await api.get(`/api/v3/matches?filter[round]=${r.round}&filter[status]=postponed`);
    expect(listed.body.data.map((m: any) => m.id)).toEqual([r.matches[0]]);
    expect((await history(r.matches[2])).at(-1)).toEqual({ status: { before: 'postponed', after: 'not_started' } });
    // One date for the round: each match keeps its time of day.
    const oneDate = await api.patch(`/api/v3/matches?filter[round]=${r.round}`, { meta: { kickoff_date: '2026-06-13' } });
    expect(oneDate.status, oneDate.text).toBe(200);
    expect(oneDate.body.data.map((m: any) => m.attributes.kickoff_at)).toEqual(['2026-06-13T16:00:00.000Z', '2026-06-13T14:00:00.000Z', '2026-06-13T16:00:00.000Z']);
  });

  it('changes all or nothing: one refused match refuses them all, named where it is', async () => {
    const r = await round([{ home: 0, away: 1, at: '2026-07-04T16:00:00Z' }, { home: 2, away: 3, at: '2026-07-04T18:00:00Z' }]);
    const all = await squads();
    const f: MatchFixture = { matchId: r.matches[1], homeSquad: all[2].id, awaySquad: all[3].id, homePlayers: [], awayPlayers: [] };
    expect((await api.post('/api/v3/incidents', incidentBody(f, { incident_type: 'match_started', occurrence_half: 1, occurrence_minute: 0 }))).status).toBe(201);
    const audits = await auditCount();
    const body = { data: r.matches.map((id) => ({ type: 'matches', id })), meta: { attributes: { status: 'postponed' }, kickoff_shift: '+7 days' } };
    const refused = await api.patch('/api/v3/matches', body, { headers: { 'accept-language': 'pl' } });
    expect(refused.status, refused.text).toBe(422);
    expect(refused.body.errors).toEqual([
      expect.objectContaining({ code: 'matchStatusNotSettable', source: { pointer: '/meta/attributes/status' }, meta: { key: 'matchStatusNotSettable', params: { status: 'postponed', match: r.matches[1] } } }),
    ]);
    expect(refused.body.errors[0].detail).toMatch(/rozpoczął/);
    expect((await match(r.matches[0])).attributes).toMatchObject({ status: 'not_started', kickoff_at: '2026-07-04T16:00:00.000Z' });
    expect(await auditCount()).toBe(audits);
    // The preview names the same refusal on its match's row.
    const preview = await api.patch('/api/v3/matches?dry_run=true', body);
    expect(preview.status).toBe(200);
    expect(preview.body.meta.valid).toBe(false);
    expect(preview.body.meta.matches.map((m: any) => m.errors.map((e: any) => e.code))).toEqual([[], ['matchStatusNotSettable']]);
  });

  it('names a club playing twice on one day', async () => {
    // Far from the demo season, whose matches would be named too.
    const r = await round([{ home: 0, away: 1, at: '2031-08-02T16:00:00Z' }, { home: 0, away: 2, at: '2031-08-09T16:00:00Z' }]);
    const all = await squads();
    const res = await api.patch('/api/v3/matches?dry_run=true', { data: [{ type: 'matches', id: r.matches[1] }], meta: { kickoff_shift: '-7 days', kickoff_time: '20:00' } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.meta.conflicts).toContainEqual({ kind: 'club_same_day', club: { id: all[0].club, name: expect.any(String) }, date: '2031-08-02', matches: r.matches });
  });

  it('refuses bad requests with JSON:API errors at their place, and changes nothing', async () => {
    const r = await round([{ home: 0, away: 1, at: '2026-09-05T16:00:00Z' }]);
    const audits = await auditCount();
    const cases: [string, string, unknown, number, Record<string, string>][] = [
      ['nothing selected', '/api/v3/matches', { meta: { attributes: { status: 'postponed' } } }, 422, { pointer: '/data' }],
      ['empty selection', '/api/v3/matches', { data: [], meta: { attributes: { status: 'postponed' } } }, 422, { pointer: '/data' }],
      ['nothing to change', `/api/v3/matches?filter[round]=${r.round}`, { meta: {} }, 422, { pointer: '/meta' }],
      ['bad shift', `/api/v3/matches?filter[round]=${r.round}`, { meta: { kickoff_shift: 'two days later' } }, 422, { pointer: '/meta/kickoff_shift' }],
      ['bad time', `/api/v3/matches?filter[round]=${r.round}`, { meta: { kickoff_time: '25:00' } }, 422, { pointer: '/meta/kickoff_time' }],
      ['bad date', `/api/v3/matches?filter[round]=${r.round}`, { meta: { kickoff_date: '2026-02-29' } }, 422, { pointer: '/meta/kickoff_date' }],
      ['date and shift', `/api/v3/matches?filter[round]=${r.round}`, { meta: { kickoff_date: '2026-09-12', kickoff_shift: '+1 day' } }, 422, { pointer: '/meta/kickoff_date' }],
      ['kickoff and shift', `/api/v3/matches?filter[round]=${r.round}`, { meta: { attributes: { kickoff_at: '2026-09-06T18:00:00+02:00' }, kickoff_shift: '+1 day' } }, 422, { pointer: '/meta/kickoff_shift' }],
      ['derived status', `/api/v3/matches?filter[round]=${r.round}`, { meta: { attributes: { status: 'finished' } } }, 422, { pointer: '/meta/attributes/status' }],
      ['unknown attribute', `/api/v3/matches?filter[round]=${r.round}`, { meta: { attributes: { home_score: 3 } } }, 422, { pointer: '/meta/attributes/home_score' }],
      ['missing venue', `/api/v3/matches?filter[round]=${r.round}`, { meta: { relationships: { venue: link('venues', '999999') } } }, 422, { pointer: '/meta/relationships/venue/data/id' }],
      ['unknown id', '/api/v3/matches', { data: [{ type: 'matches', id: r.matches[0] }, { type: 'matches', id: '999999' }], meta: { attributes: { status: 'postponed' } } }, 422, { pointer: '/data/1/id' }],
      ['wrong type', '/api/v3/matches', { data: [{ type: 'rounds', id: r.round }], meta: { attributes: { status: 'postponed' } } }, 422, { pointer: '/data/0/type' }],
      ['unknown filter', '/api/v3/matches?filter[colour]=red', { meta: { attributes: { status: 'postponed' } } }, 400, { parameter: 'filter[colour]' }],
      ['bad dry_run', `/api/v3/matches?filter[round]=${r.round}&dry_run=maybe`, { meta: { attributes: { status: 'postponed' } } }, 400, { parameter: 'dry_run' }],
    ];
    for (const [name, path, body, status, source] of cases) {
      const res = await api.patch(path, body);
      expect(res.status, `${name}: ${res.text}`).toBe(status);
      expect(res.body.errors[0].source, name).toEqual(source);
      expect(res.body.errors[0].meta.key, name).toEqual(expect.any(String));
    }
    // Another league's staff select nothing of this one.
    const foreign = await api.patch('/api/v3/matches', { data: [{ type: 'matches', id: r.matches[0] }], meta: { attributes: { status: 'postponed' } } }, { token: await api.token('other-admin') });
    expect(foreign.status, foreign.text).toBe(422);
    expect(foreign.body.errors[0].source).toEqual({ pointer: '/data/0/id' });
    expect((await match(r.matches[0])).attributes.status).toBe('not_started');
    expect(await auditCount()).toBe(audits);
  });

  it('caps the selection at 500 matches with a clear error', async () => {
    const r = await round([{ home: 0, away: 1, at: '2026-10-03T16:00:00Z' }]);
    const template = await match(r.matches[0]);
    // 501 matches in one round, written straight into the database (the API would take minutes).
    const db = api.server.database.db;
    const row = await db.selectFrom('matches').selectAll().where('id', '=', Number(r.matches[0])).executeTakeFirstOrThrow();
    const { id: _id, ...rest } = row as Record<string, unknown>;
    await db.insertInto('matches').values(Array.from({ length: 500 }, () => ({ ...rest }))).execute();
    const res = await api.patch(`/api/v3/matches?filter[round]=${r.round}`, { meta: { attributes: { status: 'postponed' } } });
    expect(res.status, res.text).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ code: 'matchSelectionTooLarge', source: { parameter: `filter[round]` }, meta: { params: { count: 501, max: 500 } } });
    expect((await match(r.matches[0])).attributes.status).toBe(template.attributes.status);
    await db.deleteFrom('matches').where('round_id', '=', Number(r.round)).where('id', '!=', Number(r.matches[0])).execute();
  });
});

describe(`statuses staff set (${TEST_DB})`, () => {
  it('refuses postponing a match with incidents and incidents on a postponed match; abandons a started one', async () => {
    const r = await round([{ home: 0, away: 1, at: '2026-04-04T16:00:00Z' }, { home: 2, away: 3, at: '2026-04-04T18:00:00Z' }]);
    const all = await squads();
    const [started, idle] = r.matches as [string, string];
    const f = (matchId: string, h: number, a: number): MatchFixture => ({ matchId, homeSquad: all[h].id, awaySquad: all[a].id, homePlayers: [], awayPlayers: [] });
    expect((await api.post('/api/v3/incidents', incidentBody(f(started, 0, 1), { incident_type: 'match_started', occurrence_half: 1, occurrence_minute: 0 }))).status).toBe(201);
    const refused = await api.patch(`/api/v3/matches/${started}`, { data: { type: 'matches', id: started, attributes: { status: 'postponed' } } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0]).toMatchObject({ code: 'matchStatusNotSettable', source: { pointer: '/data/attributes/status' } });
    expect((await api.post(`/api/v3/matches/${started}/postponement`, { data: { type: 'match_postponements', attributes: {} } })).status).toBe(422);
    // Abandoned: incidents keep coming (corrections), the status stays.
    const abandoned = await api.patch(`/api/v3/matches/${started}`, { data: { type: 'matches', id: started, attributes: { status: 'abandoned' } } });
    expect(abandoned.status, abandoned.text).toBe(200);
    expect((await api.post('/api/v3/incidents', incidentBody(f(started, 0, 1), { incident_type: 'half_time', occurrence_half: 1, occurrence_minute: 45 }))).status).toBe(201);
    expect((await match(started)).attributes.status).toBe('abandoned');
    // Reopened, it follows its incidents again.
    await api.patch(`/api/v3/matches/${started}`, { data: { type: 'matches', id: started, attributes: { status: 'not_started' } } });
    expect((await match(started)).attributes.status).toBe('half_time');
    // A match that has not started cannot be abandoned, and a postponed one takes no incidents.
    expect((await api.patch(`/api/v3/matches/${idle}`, { data: { type: 'matches', id: idle, attributes: { status: 'abandoned' } } })).status).toBe(422);
    expect((await api.patch(`/api/v3/matches/${idle}`, { data: { type: 'matches', id: idle, attributes: { status: 'cancelled' } } })).status).toBe(200);
    const onCancelled = await api.post('/api/v3/incidents', incidentBody(f(idle, 2, 3), { incident_type: 'match_started', occurrence_half: 1, occurrence_minute: 0 }));
    expect(onCancelled.status).toBe(422);
    expect(onCancelled.body.errors[0]).toMatchObject({ code: 'matchNotPlayable', source: { pointer: '/data/relationships/match' } });
  });

  it('leaves postponed and abandoned matches out of standings and statistics', async () => {
    const r = await round([{ home: 0, away: 1, at: '2026-04-11T16:00:00Z' }, { home: 2, away: 3, at: '2026-04-11T18:00:00Z' }]);
    const all = await squads();
    const [abandonedMatch, postponedMatch] = r.matches as [string, string];
    const player = await create('players', { first_name: 'Strzelec', last_name: `Przerwany ${serial}` });
    await create('squad_players', {}, { squad: link('squads', all[0].id), player: link('players', player) });
    const f: MatchFixture = { matchId: abandonedMatch, homeSquad: all[0].id, awaySquad: all[1].id, homePlayers: [player], awayPlayers: [] };
    expect((await api.post('/api/v3/incidents', incidentBody(f, { incident_type: 'goal', occurrence_half: 1, occurrence_minute: 10 }, { squad: f.homeSquad, player }))).status).toBe(201);
    const stats = async () => (await api.get(`/api/v3/matches/${abandonedMatch}/stats`, { headers: { 'cache-control': 'no-cache' } })).body;
    const squadStats = async () =>
      (await api.get(`/api/v3/squads/${all[0].id}/stats`, { headers: { 'cache-control': 'no-cache' } })).body.data.attributes.players.find((p: any) => p.player === player);
    expect((await squadStats()) ?? null).toBeNull(); // live: not finished, not in the squad's totals
    // Under way, the goal counts in the match's statistics; abandoned, it does not.
    expect((await stats()).data.attributes.players.find((p: any) => p.player === player)).toMatchObject({ goals: 1 });
    expect((await api.patch(`/api/v3/matches/${abandonedMatch}`, { data: { type: 'matches', id: abandonedMatch, attributes: { status: 'abandoned' } } })).status).toBe(200);
    expect((await api.post(`/api/v3/matches/${postponedMatch}/postponement`, { data: { type: 'match_postponements', attributes: { reason: 'Zalane boisko' } } })).status).toBe(200);
    expect((await stats()).data.attributes.players.find((p: any) => p.player === player)?.goals ?? 0).toBe(0);
    const table = await api.get(`/api/v3/groups/${r.group}/standings`, { headers: { 'cache-control': 'no-cache' } });
    expect(table.status, table.text).toBe(200);
    for (const row of table.body.data) expect(row.attributes.played, row.relationships.squad.data.id).toBe(0);
    expect(table.body.meta.finished_matches).toBe(0);
    // The season's player statistics count no goal of the abandoned match.
    const season = (await api.get('/api/v3/competition_seasons?filter[is_current]=true&page[size]=1')).body.data[0].id;
    const seasonStats = await api.get(`/api/v3/statistics?filter[competition_season]=${season}&filter[player]=${player}`, { headers: { 'cache-control': 'no-cache' } });
    expect(seasonStats.status, seasonStats.text).toBe(200);
    expect(seasonStats.body.data.filter((s: any) => s.attributes.goals > 0)).toEqual([]);
  });
});

describe(`postponements (${TEST_DB})`, () => {
  it('postpones a match to a date not known yet, then to a new kickoff, each in the history with its reason', async () => {
    const r = await round([{ home: 0, away: 1, at: '2026-03-07T17:00:00Z' }]);
    const id = r.matches[0];
    const first = await api.post(`/api/v3/matches/${id}/postponement`, { data: { type: 'match_postponements', attributes: { reason: 'Opady śniegu' } } });
    expect(first.status, first.text).toBe(200);
    expect(first.body.data.attributes).toMatchObject({ status: 'postponed', kickoff_at: '2026-03-07T17:00:00.000Z' });
    expect((await history(id)).slice(-2)).toEqual([
      { status: { before: 'not_started', after: 'postponed' } },
      { postponement: { before: '2026-03-07T17:00:00.000Z', after: null }, reason: { before: null, after: 'Opady śniegu' } },
    ]);
    // A new date keeps the time of day (18:00 in Warsaw, summer time by then) and schedules it again.
    const preview = await api.post(`/api/v3/matches/${id}/postponement?dry_run=true`, { data: { type: 'match_postponements', attributes: { date: '2026-04-15' } } });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.meta.matches[0].after).toMatchObject({ kickoff_at: '2026-04-15T16:00:00.000Z', status: 'not_started' });
    expect((await match(id)).attributes.status).toBe('postponed');
    const second = await api.post(`/api/v3/matches/${id}/postponement`, { data: { type: 'match_postponements', attributes: { date: '2026-04-15', reason: 'Nowy termin ustalony' } } });
    expect(second.status, second.text).toBe(200);
    expect(second.body.data.attributes).toMatchObject({ status: 'not_started', kickoff_at: '2026-04-15T16:00:00.000Z' });
    expect((await history(id)).at(-1)).toEqual({ postponement: { before: '2026-03-07T17:00:00.000Z', after: '2026-04-15T16:00:00.000Z' }, reason: { before: null, after: 'Nowy termin ustalony' } });
    // A postponed match moved by hand is scheduled again too.
    await api.post(`/api/v3/matches/${id}/postponement`, { data: { type: 'match_postponements', attributes: {} } });
    const moved = await api.patch(`/api/v3/matches/${id}`, { data: { type: 'matches', id, attributes: { kickoff_at: '2026-04-22T18:00:00+02:00' } } });
    expect(moved.body.data.attributes.status).toBe('not_started');
  });

  it('refuses bad postponements at their place', async () => {
    const r = await round([{ home: 0, away: 1, at: '2026-03-14T17:00:00Z' }]);
    const id = r.matches[0];
    const cases: [unknown, string][] = [
      [{ data: { type: 'match_postponements', attributes: { date: '2026-02-30' } } }, '/data/attributes/date'],
      [{ data: { type: 'match_postponements', attributes: { kickoff_at: 'soon' } } }, '/data/attributes/kickoff_at'],
      [{ data: { type: 'match_postponements', attributes: { kickoff_at: '2026-04-01T18:00:00Z', date: '2026-04-01' } } }, '/data/attributes/date'],
      [{ data: { type: 'match_postponements', attributes: { notify: 'yes' } } }, '/data/attributes/notify'],
      [{ data: { type: 'match_postponements', attributes: { reason: 'x'.repeat(301) } } }, '/data/attributes/reason'],
      [{ data: { type: 'match_postponements', attributes: { colour: 'red' } } }, '/data/attributes/colour'],
      [{ data: { type: 'matches', attributes: {} } }, '/data/type'],
      [{}, '/data'],
    ];
    for (const [body, pointer] of cases) {
      const res = await api.post(`/api/v3/matches/${id}/postponement`, body);
      expect(res.status, `${pointer}: ${res.text}`).toBe(422);
      expect(res.body.errors[0].source.pointer).toBe(pointer);
    }
    expect((await api.post('/api/v3/matches/999999/postponement', { data: { type: 'match_postponements', attributes: {} } })).status).toBe(404);
    expect((await api.post('/api/v3/rounds/999999/postponement', { data: { type: 'match_postponements', attributes: {} } })).status).toBe(404);
    expect((await match(id)).attributes.status).toBe('not_started');
  });

  it('postpones a round by a date (each match keeps its day and time), skips a played one and announces it to both clubs’ followers', async () => {
    const r = await round([
      { home: 0, away: 1, at: '2026-05-08T16:30:00Z' }, // Friday 18:30
      { home: 2, away: 3, at: '2026-05-09T13:00:00Z' }, // Saturday 15:00
      { home: 4, away: 5, at: '2026-05-07T16:00:00Z' }, // Thursday, already played
    ]);
    const all = await squads();
    const played: MatchFixture = { matchId: r.matches[2], homeSquad: all[4].id, awaySquad: all[5].id, homePlayers: [], awayPlayers: [] };
    await api.post('/api/v3/incidents', incidentBody(played, { incident_type: 'match_ended', occurrence_half: 2, occurrence_minute: 90 }));
    // Followers: one of the first match's home club (Polish), one of the second's away club (English), one of another topic.
    const fan = async () => (await api.post(`/public/v1/fans?client=${CLIENT}`, { data: { type: 'fans', attributes: { device_id: `schedule-device-${Date.now()}-${++serial}-abc` } } }, { token: null })).body.meta.token;
    const follow = async (topics: string[], locale: string) => {
      const browser = push.subscribe();
      const res = await api.post('/public/v1/push/subscriptions', { data: { type: 'push_subscriptions', attributes: { ...browser.json, topics, locale } } }, { token: await fan() });
      expect(res.status, res.text).toBe(201);
      return browser;
    };
    const homeFan = await follow([`club:${all[0].club}`], 'pl');
    const awayFan = await follow([`club:${all[3].club}`], 'en');
    const stranger = await follow(['news'], 'pl');

    const res = await api.post(`/api/v3/rounds/${r.round}/postponement`, {
      data: { type: 'match_postponements', attributes: { date: '2026-05-15', reason: 'Żałoba narodowa', notify: true } },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.map((m: any) => [m.id, m.attributes.kickoff_at, m.attributes.status])).toEqual([
      [r.matches[0], '2026-05-15T16:30:00.000Z', 'not_started'],
      [r.matches[1], '2026-05-16T13:00:00.000Z', 'not_started'],
    ]);
    expect(res.body.meta.skipped).toEqual([{ id: r.matches[2], status: 'finished' }]);
    expect(res.body.meta.notifications).toHaveLength(2);
    for (const id of r.matches.slice(0, 2)) expect((await history(id)).at(-1).reason).toEqual({ before: null, after: 'Żałoba narodowa' });

    // One notification per match, to both clubs' followers, linked to the match, and it goes out.
    const first = await api.get(`/api/v3/push_notifications/${res.body.meta.notifications[0]}`);
    expect(first.body.data.attributes).toMatchObject({ title_pl: expect.stringMatching(/^Mecz przełożony: /), title_en: expect.stringMatching(/^Match postponed: /) });
    expect(first.body.data.attributes.body_pl).toMatch(/Nowy termin: piątek, 15 maja 2026.*18:30.*Powód: Żałoba narodowa/);
    expect(first.body.data.relationships.targets.data).toHaveLength(2);
    expect(first.body.data.relationships.match.data).toEqual({ type: 'matches', id: r.matches[0] });
    const deadline = Date.now() + 15_000;
    while ((homeFan.received.length < 1 || awayFan.received.length < 1) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(homeFan.received).toEqual([expect.objectContaining({ locale: 'pl', title: expect.stringMatching(/^Mecz przełożony: /), link: { type: 'matches', id: r.matches[0] } })]);
    expect(awayFan.received).toEqual([expect.objectContaining({ locale: 'en', body: expect.stringMatching(/^New kickoff: Saturday, 16 May 2026/), link: { type: 'matches', id: r.matches[1] } })]);
    expect(stranger.received).toEqual([]);
    // The clubs' targets are found again next time, not made twice.
    const again = await api.post(`/api/v3/rounds/${r.round}/postponement`, { data: { type: 'match_postponements', attributes: { notify: true } } });
    expect(again.status, again.text).toBe(200);
    const second = await api.get(`/api/v3/push_notifications/${again.body.meta.notifications[0]}`);
    expect(second.body.data.relationships.targets.data).toEqual(first.body.data.relationships.targets.data);
    expect(second.body.data.attributes.body_en).toBe('The new date will be announced.');
  });
});
