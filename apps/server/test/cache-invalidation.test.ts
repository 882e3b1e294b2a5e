import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommitDetail } from '../src/db/data-versions';
import { createMatch, incidentBody } from './support/fixtures';
import { startTestInstances, startTestServer, TEST_DB, type ApiClient, type TestServer } from './support/test-server';

// Finer invalidation of the cached reads (issue 25, point 5): what a change must drop, and what it
// must leave in memory. `x-cache` tells whether an answer came from memory (hit) or was computed (miss).

const cache = (res: { headers: Headers }) => res.headers.get('x-cache');

/**
 * Reads until the answer comes from memory (the second read, unless a commit of the server's own
 * background work dropped the first while it was computed).
 */
async function kept(api: ApiClient, path: string) {
  await api.get(path);
  let again = await api.get(path);
  for (let i = 0; i < 5 && cache(again) !== 'hit'; i++) again = await api.get(path);
  expect(cache(again), path).toBe('hit');
  return again;
}

const patchClub = (api: ApiClient, id: string, attributes: Record<string, unknown>) =>
  api.patch(`/api/v3/clubs/${id}`, { data: { type: 'clubs', id, attributes } });

describe('what a change drops from the cache', () => {
  let api: TestServer;
  let clubs: { id: string; name: string }[];
  let teamOf: Map<string, string>;

  beforeAll(async () => {
    api = await startTestServer();
    const list = await api.get('/api/v3/clubs?sort=id&page[size]=20');
    clubs = list.body.data.map((c: any) => ({ id: c.id, name: c.attributes.name }));
    const teams = await api.get('/api/v3/teams?page[size]=100');
    teamOf = new Map();
    for (const t of teams.body.data) if (!teamOf.has(t.relationships.club.data.id)) teamOf.set(t.relationships.club.data.id, t.id);
  });
  afterAll(() => api?.close());

  it('a club’s document and documents including it; not another club’s', async () => {
    const [a, b] = clubs.filter((c) => teamOf.has(c.id));
    const docA = `/api/v3/clubs/${a.id}`;
    const docB = `/api/v3/clubs/${b.id}`;
    const teamA = `/api/v3/teams/${teamOf.get(a.id)}?include=club`;
    const teamB = `/api/v3/teams/${teamOf.get(b.id)}?include=club`;
    for (const path of [docA, docB, teamA, teamB]) await kept(api, path);
    expect((await patchClub(api, a.id, { city: 'Changed A' })).status).toBe(200);
    // Must drop: the club itself, and a team whose document includes it.
    const afterA = await api.get(docA);
    expect(cache(afterA)).toBe('miss');
    expect(afterA.body.data.attributes.city).toBe('Changed A');
    const afterTeamA = await api.get(teamA);
    expect(cache(afterTeamA)).toBe('miss');
    expect(afterTeamA.body.included[0].attributes.city).toBe('Changed A');
    // Must not drop: the other club, and a team including the other club.
    expect(cache(await api.get(docB))).toBe('hit');
    expect(cache(await api.get(teamB))).toBe('hit');
  });

  it('lists of clubs: those holding the club, those it enters or leaves; not lists it cannot appear in', async () => {
    const page = '/api/v3/clubs?sort=name&page[size]=3';
    const others = '/api/v3/sponsors?sort=name';
    const first = await kept(api, page);
    // The total of a full page is counted (on SQLite, read from the kept row counts); a page that
    // is not full is its own total.
    const all = await api.get('/api/v3/clubs?page[size]=100');
    expect(all.body.data.length).toBeLessThan(100);
    expect(first.body.meta.total).toBe(all.body.data.length);
    await kept(api, others);
    const onPage = first.body.data[0].id;
    const offPage = clubs.find((c) => !first.body.data.some((d: any) => d.id === c.id))!;
    // A club off the page, a column the list neither filters nor sorts by: the list stays.
    await patchClub(api, offPage.id, { city: 'Elsewhere' });
    expect(cache(await api.get(page))).toBe('hit');
    // A club on the page: the list shows it, so it goes.
    await patchClub(api, onPage, { city: 'Here' });
    const shown = await api.get(page);
    expect(cache(shown)).toBe('miss');
    expect(shown.body.data[0].attributes.city).toBe('Here');
    // A club off the page renamed to sort first: it enters the page.
    await patchClub(api, offPage.id, { name: 'Aaaa Cache Club' });
    const entered = await api.get(page);
    expect(cache(entered)).toBe('miss');
    expect(entered.body.data[0].id).toBe(offPage.id);
    // A new club and a deleted one change the list and its total.
    await kept(api, page);
    const created = await api.post('/api/v3/clubs', { data: { type: 'clubs', attributes: { name: 'Aaab Cache Club', short_name: 'AAB', code: 'AAB' } } });
    expect(created.status).toBe(201);
    const withNew = await api.get(page);
    expect(cache(withNew)).toBe('miss');
    expect(withNew.body.data[1].id).toBe(created.body.data.id);
    expect(withNew.body.meta.total).toBe(first.body.meta.total + 1);
    await kept(api, page);
    expect((await api.delete(`/api/v3/clubs/${created.body.data.id}`)).status).toBe(204);
    const withoutNew = await api.get(page);
    expect(cache(withoutNew)).toBe('miss');
    expect(withoutNew.body.meta.total).toBe(first.body.meta.total);
    // A new club that sorts after the page: the same page, a total one higher (on SQLite the total
    // is the kept row count, which only the page's read of the clubs ties to their writes).
    await kept(api, page);
    const last = await api.post('/api/v3/clubs', { data: { type: 'clubs', attributes: { name: 'Zzzy Cache Club', short_name: 'ZZY', code: 'ZZY' } } });
    expect(last.status).toBe(201);
    const longer = await api.get(page);
    expect(longer.body.data.map((d: any) => d.id)).toEqual(withoutNew.body.data.map((d: any) => d.id));
    expect(longer.body.meta.total).toBe(first.body.meta.total + 1);
    expect((await api.delete(`/api/v3/clubs/${last.body.data.id}`)).status).toBe(204);
    expect((await api.get(page)).body.meta.total).toBe(first.body.meta.total);
    // Sponsors never read clubs: every change above left them in memory.
    expect(cache(await api.get(others))).toBe('hit');
  });

  it('a club’s fixture list keeps its total while a goal changes the score, and counts again when a match enters it', async () => {
    const f = await createMatch(api, { playersPerSquad: 1 });
    const squad = await api.get(`/api/v3/squads/${f.homeSquad}?include=team`);
    const club = squad.body.included.find((r: any) => r.type === 'teams').relationships.club.data.id as string;
    const page = `/api/v3/matches?filter[club]=${club}&sort=kickoff_at&page[size]=2`;
    const computed = async () => {
      const res = await api.get(page, { headers: { 'cache-control': 'no-cache' } });
      expect(cache(res)).toBe('bypass');
      return { total: res.body.meta.total as number, queries: Number(res.headers.get('x-db-queries')) };
    };
    const first = await computed();
    expect(first.total).toBeGreaterThan(2);
    const kept = await computed();
    expect(kept).toEqual({ total: first.total, queries: first.queries - 1 });
    // Kick-off and a goal: the match's status and score change, its squads do not.
    expect((await api.post('/api/v3/incidents', incidentBody(f, { incident_type: 'match_started', occurrence_half: 1, occurrence_minute: 0 }))).status).toBe(201);
    const goal = incidentBody(f, { incident_type: 'goal', occurrence_half: 1, occurrence_minute: 9 }, { squad: f.homeSquad, player: f.homePlayers[0] });
    expect((await api.post('/api/v3/incidents', goal)).status).toBe(201);
    expect((await api.get(`/api/v3/matches/${f.matchId}`)).body.data.attributes.home_score).toBe(1);
    expect(await computed()).toEqual(kept);
    // Another match of the club enters the list: the total is counted again.
    const next = await createMatch(api, { playersPerSquad: 0, squads: [f.homeSquad, f.awaySquad] });
    expect(await computed()).toEqual({ total: first.total + 1, queries: first.queries });
    expect((await api.delete(`/api/v3/matches/${next.matchId}`)).status).toBe(204);
    expect((await computed()).total).toBe(first.total);
  });

  it('a new club leaves the documents of the others', async () => {
    const doc = `/api/v3/clubs/${clubs[2].id}`;
    await kept(api, doc);
    const created = await api.post('/api/v3/clubs', { data: { type: 'clubs', attributes: { name: 'Zzz Cache Club', short_name: 'ZZZ', code: 'ZZZ' } } });
    expect(created.status).toBe(201);
    expect(cache(await api.get(doc))).toBe('hit');
    expect(cache(await api.get(`/api/v3/clubs/${created.body.data.id}`))).toBe('miss');
  });
});

describe('across instances', () => {
  let cluster: Awaited<ReturnType<typeof startTestInstances>>;
  let one: TestServer;
  let two: TestServer;

  beforeAll(async () => {
    cluster = await startTestInstances(2);
    [one, two] = cluster.instances;
  });
  afterAll(() => cluster?.close());

  it('a change through one instance is read at once on the other; what it did not touch stays there (PostgreSQL)', async () => {
    const list = await one.get('/api/v3/clubs?sort=id&page[size]=2');
    const [a, b] = list.body.data.map((c: any) => c.id as string);
    const docA = `/api/v3/clubs/${a}`;
    const docB = `/api/v3/clubs/${b}`;
    await kept(one, docA);
    await kept(one, docB);
    // The other instance's commit reaches this one through NOTIFY; wait for it, not for a time.
    const heard = new Promise<CommitDetail>((resolve) => {
      const stop = one.server.database.versions.onRemoteCommit((detail) => {
        if (detail.changes && [...detail.changes.keys()].some((k) => k.endsWith(':clubs'))) {
          stop();
          resolve(detail);
        }
      });
    });
    // A city of its own each time: a retry of this test must change the club again.
    const city = `Through two ${Date.now()}`;
    expect((await patchClub(two, a, { city })).status).toBe(200);
    // Never stale: the very next read on the first instance shows the change, NOTIFY or not.
    const fresh = await one.get(docA);
    expect(fresh.body.data.attributes.city).toBe(city);
    expect(cache(fresh)).toBe('miss');
    if (TEST_DB !== 'postgres') return;
    await heard;
    // The change said which club it touched: the other club's document stays in memory there.
    expect(cache(await one.get(docB))).toBe('hit');
    expect(cache(await one.get(docA))).toBe('hit');
  });

  it('a list’s total: right at once after a club is added through the other instance; on PostgreSQL kept while clubs only change', async () => {
    const page = '/api/v3/clubs?sort=id&page[size]=2';
    const computed = async (api: TestServer) => {
      const res = await api.get(page, { headers: { 'cache-control': 'no-cache' } });
      expect(cache(res)).toBe('bypass');
      return { total: res.body.meta.total as number, queries: Number(res.headers.get('x-db-queries')) };
    };
    const first = await computed(one);
    const [a] = (await one.get(page)).body.data.map((c: any) => c.id as string);
    const created = await two.post('/api/v3/clubs', { data: { type: 'clubs', attributes: { name: 'Across Total Club', short_name: 'ATC', code: 'ATC' } } });
    expect(created.status).toBe(201);
    // Never behind, NOTIFY or not: the total is checked against the versions of the clubs.
    const counted = await computed(one);
    expect(counted.total).toBe(first.total + 1);
    expect((await one.get(page)).body.meta.total).toBe(first.total + 1);
    if (TEST_DB === 'postgres') {
      // PostgreSQL counted the clubs for that total, and counts them no more while none enters or
      // leaves (a statement fewer: the check of the versions instead of the count and their read).
      const kept = await computed(one);
      expect(kept).toEqual({ total: first.total + 1, queries: counted.queries - 1 });
      const heard = new Promise<void>((resolve) => {
        const stop = one.server.database.versions.onRemoteCommit((detail) => {
          if (detail.changes && [...detail.changes.keys()].some((k) => k.endsWith(':clubs'))) {
            stop();
            resolve();
          }
        });
      });
      expect((await patchClub(two, a, { city: 'Total stays' })).status).toBe(200);
      await heard;
      expect(await computed(one)).toEqual({ total: first.total + 1, queries: kept.queries });
    }
    expect((await two.delete(`/api/v3/clubs/${created.body.data.id}`)).status).toBe(204);
    expect((await computed(one)).total).toBe(first.total);
  });

  it('a filtered list’s total: kept while no row may enter or leave what it counted, right at once after one does', async () => {
    const town = 'Kept Total Town';
    const page = `/api/v3/clubs?filter[city]=${encodeURIComponent(town)}&sort=id&page[size]=2`;
    const computed = async (api: TestServer) => {
      const res = await api.get(page, { headers: { 'cache-control': 'no-cache' } });
      expect(cache(res)).toBe('bypass');
      return { total: res.body.meta.total as number, queries: Number(res.headers.get('x-db-queries')) };
    };
    const ids: string[] = [];
    for (const code of ['KTA', 'KTB', 'KTC']) {
      const created = await one.post('/api/v3/clubs', { data: { type: 'clubs', attributes: { name: `Kept Total ${code}`, code, city: town } } });
      expect(created.status).toBe(201);
      ids.push(created.body.data.id as string);
    }
    // A full page: the total is counted once, then kept (a statement fewer).
    const first = await computed(one);
    expect(first.total).toBe(3);
    const kept = await computed(one);
    expect(kept).toEqual({ total: 3, queries: first.queries - 1 });
    // A column the count does not read changes: the total stays kept.
    expect((await patchClub(one, ids[0], { short_name: 'Kept' })).status).toBe(200);
    expect(await computed(one)).toEqual(kept);
    // A club leaves the town through the other instance: the very next total is right.
    expect((await patchClub(two, ids[1], { city: 'Elsewhere' })).status).toBe(200);
    expect((await computed(one)).total).toBe(2);
    // And one comes back through this one; one is deleted through the other.
    expect((await patchClub(one, ids[1], { city: town })).status).toBe(200);
    expect(await computed(one)).toEqual(first);
    expect((await two.delete(`/api/v3/clubs/${ids[2]}`)).status).toBe(204);
    expect((await computed(one)).total).toBe(2);
    for (const id of ids.slice(0, 2)) expect((await one.delete(`/api/v3/clubs/${id}`)).status).toBe(204);
  });
});
