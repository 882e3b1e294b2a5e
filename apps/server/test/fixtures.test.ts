import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_DB, type TestServer } from './support/test-server';

/**
 * Fixture generation for a group (issue 26, point 1), on the demo's 18 clubs in a group of its
 * own: preview writes nothing, commit writes exactly the preview in one transaction as an import
 * that undo removes, constraints held, bad input named where it is.
 */
let api: TestServer;
let groupId: string;
let stageId: string;
let squads: string[];
const clubOf = new Map<string, { club: string; venue: string | null }>();
const link = (type: string, id: string) => ({ data: { type, id } });

beforeAll(async () => {
  api = await startTestServer();
  const league = (await api.get('/api/v3/competitions?filter[code]=EKS')).body.data[0].id;
  const cs = (await api.get(`/api/v3/competition_seasons?filter[competition]=${league}&filter[is_current]=true`)).body.data[0].id;
  const stage = await api.post('/api/v3/stages', { data: { type: 'stages', attributes: { name: 'Generator' }, relationships: { competition_season: link('competition_seasons', cs) } } });
  stageId = stage.body.data.id;
  const group = await api.post('/api/v3/groups', { data: { type: 'groups', attributes: { name: 'Generated' }, relationships: { stage: link('stages', stageId) } } });
  groupId = group.body.data.id;
  const list = await api.get(`/api/v3/competition_seasons/${cs}/competitions_squads`);
  squads = list.body.data.map((s: { id: string }) => s.id);
  for (const id of squads) {
    const s = await api.get(`/api/v3/squads/${id}?include=team.club`);
    const club = s.body.included.find((x: { type: string }) => x.type === 'clubs');
    clubOf.set(id, { club: club.id, venue: club.relationships.venue?.data?.id ?? null });
  }
});
afterAll(() => api?.close());

const body = (attributes: Record<string, unknown>) => ({ data: { type: 'fixture_plans', attributes } });
const base = { format: 'double', second_half: 'mirrored', start_date: '2027-07-16', kickoff_slots: ['Fri 20:30', 'Sat 15:00', 'Sat 17:30', 'Sat 20:00', 'Sun 12:30', 'Sun 15:00', 'Sun 17:30', 'Sun 20:00', 'Mon 19:00'], seed: 11 };
const counts = async () => (await api.get('/api/v3/counts', { headers: { 'cache-control': 'no-cache' } })).body.meta.counts;
const check = (doc: any, id: string) => doc.data.attributes.checks.find((c: { id: string }) => c.id === id);
const groupMatches = async () => (await api.get(`/api/v3/matches?filter[group]=${groupId}&page[size]=1`)).body.meta.total;
const stageRounds = async () => (await api.get(`/api/v3/rounds?filter[stage]=${stageId}&page[size]=1`)).body.meta.total;

describe(`fixture generation (${TEST_DB})`, () => {
  it('has the 18 clubs of the demo season to work with', () => {
    expect(squads).toHaveLength(18);
  });

  it('previews a double round robin of the season’s squads and writes nothing', async () => {
    const before = await counts();
    const res = await api.post(`/api/v3/groups/${groupId}/fixtures/preview`, body(base));
    expect(res.status, res.text).toBe(200);
    const a = res.body.data.attributes;
    expect(res.body.data.type).toBe('fixture_plans');
    expect(a.round_count).toBe(34);
    expect(a.match_count).toBe(306);
    expect(a.rounds[0]).toMatchObject({ number: 1, name: '1. kolejka', date: '2027-07-16', existing_round: null, bye: null });
    expect(a.rounds[0].matches[0].kickoff_at).toBe('2027-07-16T20:30:00+02:00');
    expect(a.rounds[1].date).toBe('2027-07-23');
    expect(a.clubs.map((c: { squad: string }) => c.squad).sort()).toEqual([...squads].sort());
    for (const c of a.clubs) expect(c.pattern).toMatch(/^[HA]{34}$/);
    for (const id of ['pairings', 'home_away_balance', 'no_three_in_a_row', 'rest']) expect(check(res.body, id).status).toBe('held');
    expect(check(res.body, 'fixed_pairings').status).toBe('not_applicable');
    // Every match's venue is its home club's.
    for (const r of a.rounds) for (const m of r.matches) expect(m.venue).toBe(clubOf.get(m.home_squad)!.venue);
    expect(await counts()).toEqual(before);
    // The same request, the same plan.
    const again = await api.post(`/api/v3/groups/${groupId}/fixtures/preview`, body(base));
    expect(again.body.data.attributes.digest).toBe(a.digest);
  });

  it('keeps clubs sharing a stadium apart and a derby in its round, or says which cannot be', async () => {
    // Two pairs of clubs share a stadium from now on.
    for (const [a, b] of [[squads[0], squads[1]], [squads[2], squads[3]]]) {
      const venue = clubOf.get(a)!.venue!;
      const res = await api.patch(`/api/v3/clubs/${clubOf.get(b)!.club}`, { data: { type: 'clubs', id: clubOf.get(b)!.club, relationships: { venue: link('venues', venue) } } });
      expect(res.status, res.text).toBe(200);
      clubOf.get(b)!.venue = venue;
    }
    const fixed = [{ home: squads[4], away: squads[5], round: 10 }, { home: squads[5], away: squads[4], round: 27 }];
    const res = await api.post(`/api/v3/groups/${groupId}/fixtures/preview`, body({ ...base, fixed_pairings: fixed }));
    expect(res.status, res.text).toBe(200);
    const a = res.body.data.attributes;
    expect(a.shared_stadiums).toHaveLength(2);
    expect(check(res.body, 'shared_stadiums')).toMatchObject({ status: 'held', conflicts: [] });
    expect(check(res.body, 'fixed_pairings')).toMatchObject({ status: 'held', conflicts: [] });
    expect(a.rounds[9].matches).toContainEqual(expect.objectContaining({ home_squad: squads[4], away_squad: squads[5] }));
    expect(a.rounds[26].matches).toContainEqual(expect.objectContaining({ home_squad: squads[5], away_squad: squads[4] }));
    for (const r of a.rounds) {
      const homes = new Set(r.matches.map((m: { home_squad: string }) => m.home_squad));
      expect(homes.has(squads[0]) && homes.has(squads[1])).toBe(false);
      expect(homes.has(squads[2]) && homes.has(squads[3])).toBe(false);
    }

    // A derby asked in a round of the first half and again in the same half cannot hold twice.
    const twice = await api.post(`/api/v3/groups/${groupId}/fixtures/preview`, body({ ...base, format: 'single', fixed_pairings: [{ home: squads[4], away: squads[5], round: 3 }, { home: squads[4], away: squads[5], round: 4 }] }));
    expect(twice.status, twice.text).toBe(200);
    const conflict = check(twice.body, 'fixed_pairings');
    expect(conflict.status).toBe('violated');
    expect(conflict.conflicts).toHaveLength(1);
    expect(conflict.conflicts[0].squads).toEqual([squads[4], squads[5]]);
  });

  let preview: any;
  let importId: string;
  it('commits exactly the rounds and matches previewed, in the group’s stage, as an import', async () => {
    const attributes = { ...base, fixed_pairings: [{ home: squads[4], away: squads[5], round: 10 }] };
    preview = (await api.post(`/api/v3/groups/${groupId}/fixtures/preview`, body(attributes))).body.data.attributes;
    const before = await counts();
    const res = await api.post(`/api/v3/groups/${groupId}/fixtures`, body({ ...attributes, preview_digest: preview.digest }));
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ type: 'imports', attributes: { kind: 'generated_fixtures', status: 'committed', row_count: 306 } });
    expect(res.body.meta).toMatchObject({ matches: 306, group: groupId });
    importId = res.body.data.id;
    const after = await counts();
    expect(after.matches - before.matches).toBe(306);
    expect(after.rounds - before.rounds).toBe(34);

    const rounds = (await api.get(`/api/v3/rounds?filter[stage]=${stageId}&sort=number&page[size]=100`)).body.data;
    expect(rounds.map((r: any) => [r.attributes.number, r.attributes.name, r.attributes.start_date, r.attributes.end_date])).toEqual(
      preview.rounds.map((r: any) => [r.number, r.name, r.start_date, r.end_date]),
    );
    const roundNumber = new Map(rounds.map((r: any) => [r.id, r.attributes.number]));
    const written: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const list = await api.get(`/api/v3/matches?filter[group]=${groupId}&page[size]=100&page[number]=${page}`);
      for (const m of list.body.data)
        written.push(
          [roundNumber.get(m.relationships.round.data.id), m.relationships.home_squad.data.id, m.relationships.away_squad.data.id, Date.parse(m.attributes.kickoff_at), m.relationships.venue.data?.id ?? null].join('|'),
        );
    }
    const previewed = preview.rounds.flatMap((r: any) => r.matches.map((m: any) => [r.number, m.home_squad, m.away_squad, Date.parse(m.kickoff_at), m.venue].join('|')));
    expect(written.sort()).toEqual(previewed.sort());
    // Written through the engine: a generated match and round are in the history of changes.
    const first = (await api.get(`/api/v3/matches?filter[group]=${groupId}&page[size]=1`)).body.data[0].id;
    const history = await api.get(`/api/v3/audit_events?filter[resource_type]=matches&filter[resource_id]=${first}`);
    expect(history.status, history.text).toBe(200);
    expect(history.body.data.map((e: any) => [e.attributes.action, e.attributes.actor])).toEqual([['create', 'admin']]);
    const roundHistory = await api.get(`/api/v3/audit_events?filter[resource_type]=rounds&filter[resource_id]=${rounds[0].id}`);
    expect(roundHistory.body.meta.total).toBe(1);
  });

  it('refuses to generate again while the group has matches, naming how many, and changes nothing', async () => {
    const before = await counts();
    const res = await api.post(`/api/v3/groups/${groupId}/fixtures`, body(base), { headers: { 'accept-language': 'pl' } });
    expect(res.status).toBe(409);
    expect(res.body.errors[0]).toMatchObject({ code: 'fixtureGroupHasMatches', meta: { key: 'fixtureGroupHasMatches', params: { count: 306 } } });
    expect(res.body.errors[0].detail).toContain('306');
    expect(res.body.errors[0].detail).toMatch(/Grupa ma już mecze/);
    expect(await counts()).toEqual(before);
    // The preview still shows the plan, with the matches already there.
    const shown = await api.post(`/api/v3/groups/${groupId}/fixtures/preview`, body(base));
    expect(shown.body.data.attributes.existing_matches).toBe(306);
    expect(shown.body.data.attributes.rounds[0].existing_round).not.toBeNull();
  });

  it('undoes the generation through its import: the rounds and matches go', async () => {
    const res = await api.delete(`/api/v3/imports/${importId}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.attributes.status).toBe('undone');
    expect(await groupMatches()).toBe(0);
    expect(await stageRounds()).toBe(0);
  });

  it('writes nothing when the commit fails half-way (one transaction)', async () => {
    const db = api.server.database.db;
    // The 100th match of the group fails inside the database.
    if (TEST_DB === 'sqlite')
      await sql`CREATE TRIGGER fail_fixtures BEFORE INSERT ON matches WHEN (SELECT count(*) FROM matches WHERE group_id = NEW.group_id) >= 99 AND NEW.group_id = ${sql.lit(Number(groupId))} BEGIN SELECT RAISE(ABORT, 'fixture test failure'); END`.execute(db);
    else {
      await sql`CREATE FUNCTION fail_fixtures() RETURNS trigger AS $$ BEGIN IF (SELECT count(*) FROM matches WHERE group_id = NEW.group_id) >= 99 THEN RAISE EXCEPTION 'fixture test failure'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`.execute(db);
      await sql`CREATE TRIGGER fail_fixtures BEFORE INSERT ON matches FOR EACH ROW WHEN (NEW.group_id = ${sql.lit(Number(groupId))}) EXECUTE FUNCTION fail_fixtures()`.execute(db);
    }
    try {
      const before = await counts();
      const res = await api.post(`/api/v3/groups/${groupId}/fixtures`, body(base));
      expect(res.status).toBe(500);
      expect(await counts()).toEqual(before);
      expect(await groupMatches()).toBe(0);
      expect(await stageRounds()).toBe(0);
    } finally {
      await sql`DROP TRIGGER fail_fixtures${TEST_DB === 'postgres' ? sql` ON matches` : sql``}`.execute(db);
      if (TEST_DB === 'postgres') await sql`DROP FUNCTION fail_fixtures()`.execute(db);
    }
    // And with the failure gone, the same request goes through.
    const ok = await api.post(`/api/v3/groups/${groupId}/fixtures`, body(base));
    expect(ok.status, ok.text).toBe(201);
    expect(await groupMatches()).toBe(306);
    expect((await api.delete(`/api/v3/imports/${ok.body.data.id}`)).status).toBe(200);
  });

  it('refuses a commit whose plan differs from the preview it names', async () => {
    const shown = (await api.post(`/api/v3/groups/${groupId}/fixtures/preview`, body(base))).body.data.attributes;
    const res = await api.post(`/api/v3/groups/${groupId}/fixtures`, body({ ...base, seed: 12, preview_digest: shown.digest }));
    expect(res.status).toBe(409);
    expect(res.body.errors[0]).toMatchObject({ code: 'fixturePlanChanged', source: { pointer: '/data/attributes/preview_digest' } });
    expect(await groupMatches()).toBe(0);
  });

  it('names every mistake where it is, in the language asked, and writes nothing', async () => {
    const before = await counts();
    const errorsOf = async (attributes: Record<string, unknown>, lang = 'en') => {
      const res = await api.post(`/api/v3/groups/${groupId}/fixtures`, body(attributes), { headers: { 'accept-language': lang } });
      expect(res.status, res.text).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      return res.body.errors.map((e: any) => ({ key: e.meta.key, code: e.code, pointer: e.source?.pointer, detail: e.detail }));
    };
    expect(await errorsOf({ ...base, squads: [squads[0], '999999', squads[0]] })).toEqual([
      expect.objectContaining({ key: 'fixtureSquadTwice', pointer: '/data/attributes/squads/2' }),
    ]);
    expect(await errorsOf({ ...base, squads: [squads[0], '999999'] })).toEqual([expect.objectContaining({ key: 'notFound', pointer: '/data/attributes/squads/1' })]);
    expect(await errorsOf({ ...base, squads: [squads[0]] })).toEqual([expect.objectContaining({ key: 'fixtureClubCount', pointer: '/data/attributes/squads' })]);
    expect(await errorsOf({ ...base, squads: Array.from({ length: 41 }, (_, i) => String(i + 1)) })).toEqual([
      expect.objectContaining({ key: 'fixtureClubCount', pointer: '/data/attributes/squads', detail: expect.stringContaining('41') }),
    ]);
    expect(await errorsOf({ ...base, fixed_pairings: [{ home: squads[0], away: squads[1], round: 35 }] })).toEqual([
      expect.objectContaining({ key: 'fixtureRound', pointer: '/data/attributes/fixed_pairings/0/round', detail: expect.stringContaining('1 to 34') }),
    ]);
    expect(
      await errorsOf({ ...base, fixed_pairings: [{ home: squads[0], away: squads[1], round: 2 }, { home: squads[2], away: squads[0], round: 2 }] }),
    ).toEqual([expect.objectContaining({ key: 'fixtureSquadTwiceInRound', pointer: '/data/attributes/fixed_pairings/1/away' })]);
    expect(await errorsOf({ ...base, fixed_pairings: [{ home: squads[0], away: squads[0], round: 2 }] })).toEqual([
      expect.objectContaining({ key: 'sameSquad', pointer: '/data/attributes/fixed_pairings/0/away' }),
    ]);
    expect(await errorsOf({ ...base, squads: squads.slice(0, 4), fixed_pairings: [{ home: squads[0], away: squads[9], round: 2 }] })).toEqual([
      expect.objectContaining({ key: 'fixtureSquadNotInPlan', pointer: '/data/attributes/fixed_pairings/0/away' }),
    ]);
    const slot = await errorsOf({ ...base, kickoff_slots: ['Fri 20:30', 'Fri 25:00'] }, 'pl');
    expect(slot).toEqual([expect.objectContaining({ key: 'fixtureKickoffSlot', pointer: '/data/attributes/kickoff_slots/1' })]);
    expect(slot[0].detail).toMatch(/nie jest porą meczu/);
    expect(await errorsOf({ ...base, start_date: undefined, round_dates: ['2027-07-16', '2027-07-23', '2027-07-30'] })).toEqual([
      expect.objectContaining({ key: 'fixtureRoundDates', pointer: '/data/attributes/round_dates', detail: expect.stringContaining('34') }),
    ]);
    expect(await errorsOf({ ...base, round_dates: ['2027-07-16'] })).toEqual([expect.objectContaining({ key: 'fixtureRoundDates', pointer: '/data/attributes/round_dates' })]);
    expect(await errorsOf({ ...base, start_date: '2027-02-30', format: 'triple', kickoff_slots: [] })).toEqual([
      expect.objectContaining({ key: 'invalidEnum', pointer: '/data/attributes/format' }),
      expect.objectContaining({ key: 'invalidDate', pointer: '/data/attributes/start_date' }),
      expect.objectContaining({ key: 'atLeastOneItemRequired', pointer: '/data/attributes/kickoff_slots' }),
    ]);
    expect(await errorsOf({ ...base, colour: 'red' })).toEqual([expect.objectContaining({ key: 'unknownAttribute', pointer: '/data/attributes/colour' })]);
    expect((await api.post(`/api/v3/groups/${groupId}/fixtures`, { data: { type: 'matches', attributes: base } })).status).toBe(409);
    expect((await api.post(`/api/v3/groups/999999/fixtures/preview`, body(base))).status).toBe(404);
    expect((await api.post(`/api/v3/groups/${groupId}/fixtures`, body(base), { token: await api.token('viewer') })).status).toBe(403);
    expect(await counts()).toEqual(before);
  });
});
