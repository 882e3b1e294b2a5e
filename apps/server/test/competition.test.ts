import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMatch, incidentBody, type MatchFixture } from './support/fixtures';
import { startTestServer, type TestServer } from './support/test-server';

let api: TestServer;
beforeAll(async () => {
  api = await startTestServer();
});
afterAll(() => api?.close());

const link = (type: string, id: string) => ({ data: { type, id } });
const goal = (f: MatchFixture, side: 'home' | 'away', minute: number, half = minute > 45 ? 2 : 1) =>
  api.post(
    '/api/v3/incidents',
    incidentBody(f, { incident_type: 'goal', occurrence_half: half, occurrence_minute: minute }, side === 'home' ? { squad: f.homeSquad, player: f.homePlayers[0] } : { squad: f.awaySquad, player: f.awayPlayers[0] }),
  );
const status = (f: MatchFixture, type: string, half: number, minute: number) =>
  api.post('/api/v3/incidents', incidentBody(f, { incident_type: type, occurrence_half: half, occurrence_minute: minute }));

describe('incidents by the rules of spec §3/§4', () => {
  let f: MatchFixture;
  beforeAll(async () => {
    f = await createMatch(api, { playersPerSquad: 4 });
  });

  it('derives the home-squad and own-goal flags, the section and the sort key', async () => {
    const g = await goal(f, 'home', 12);
    expect(g.status, g.text).toBe(201);
    expect(g.body.data.attributes).toMatchObject({ home_squad: true, own_goal: false, section: 'goal', sort_key: 112 });
    const own = await api.post('/api/v3/incidents', incidentBody(f, { incident_type: 'own_goal', occurrence_half: 1, occurrence_minute: 20 }, { squad: f.homeSquad, player: f.homePlayers[1] }));
    expect(own.body.data.attributes).toMatchObject({ home_squad: true, own_goal: true, section: 'goal' });
    const ht = await status(f, 'half_time', 1, 45);
    expect(ht.body.data.attributes).toMatchObject({ sort_key: 198, section: 'match_status', home_squad: null });
    const sh = await status(f, 'second_half_started', 2, 45);
    expect(sh.body.data.attributes.sort_key).toBe(199);
    const sub = await api.post('/api/v3/incidents', incidentBody(f, { incident_type: 'substitution', occurrence_half: 2, occurrence_minute: 60 }, { squad: f.awaySquad, player: f.awayPlayers[0], related_player: f.awayPlayers[3] }));
    expect(sub.body.data.attributes).toMatchObject({ section: 'substitution', home_squad: false, sort_key: 260 });
    const component = await api.post('/api/v3/incidents', incidentBody(f, { incident_type: 'component', component_kind: 'match_status', occurrence_half: 2, occurrence_minute: 70 }));
    expect(component.body.data.attributes.section).toBe('match_status');
  });

  it('keeps extra-time halves in their own blocks', async () => {
    const { incidentSortKey } = await import('../src/matches/incident-rules');
    expect(incidentSortKey('goal', 3, 100)).toBeLessThan(incidentSortKey('half_time', 3, 105));
    expect(incidentSortKey('half_time', 3, 105)).toBeLessThan(incidentSortKey('second_half_started', 4, 105));
    expect(incidentSortKey('second_half_started', 4, 105)).toBeLessThan(incidentSortKey('goal', 4, 110));
    expect(incidentSortKey('goal', 4, 120)).toBeLessThan(incidentSortKey('second_half_started', 5, 120));
    expect(incidentSortKey('goal', 2, 60)).toBe(260);
  });

  it('takes stoppage time naturally and sorts it between the halves', async () => {
    const late = await api.post('/api/v3/incidents', incidentBody(f, { incident_type: 'yellow_card', occurrence_half: 1, occurrence_minute: 45, stoppage_minute: 3 }, { squad: f.awaySquad, player: f.awayPlayers[1] }));
    expect(late.status, late.text).toBe(201);
    const list = await api.get(`/api/v3/incidents?filter[match]=${f.matchId}&page[size]=100`);
    const order = list.body.data.map((i: any) => `${i.attributes.incident_type}@${i.attributes.occurrence_minute}${i.attributes.stoppage_minute ? `+${i.attributes.stoppage_minute}` : ''}`);
    expect(order.indexOf('yellow_card@45+3')).toBeLessThan(order.indexOf('half_time@45'));
    expect(order.indexOf('half_time@45')).toBeLessThan(order.indexOf('second_half_started@45'));
    expect(order.indexOf('second_half_started@45')).toBeLessThan(order.indexOf('substitution@60'));
  });

  it('makes the score and status follow from the incidents', async () => {
    const m = await api.get(`/api/v3/matches/${f.matchId}`);
    // Home scored at 12; the home own goal at 20 counts for the away side.
    expect(m.body.data.attributes).toMatchObject({ home_score: 1, away_score: 1, status: 'second_half', home_half_time_score: 1, away_half_time_score: 1 });
    const end = await status(f, 'match_ended', 2, 90);
    // After everything in the second half, stoppage time included.
    expect(end.body.data.attributes.sort_key).toBe(299);
    const ended = await api.get(`/api/v3/matches/${f.matchId}`);
    expect(ended.body.data.attributes.status).toBe('finished');
    // A goal changes the score, not the match's own updated_at: an edit loaded before it is not stale.
    const loaded = (await api.get(`/api/v3/matches/${f.matchId}`)).body.data;
    const winner = await goal(f, 'away', 90);
    const edit = await api.patch(`/api/v3/matches/${f.matchId}`, { data: { type: 'matches', id: f.matchId, attributes: { referee: 'Tomasz Kwiatkowski' }, meta: { updated_at: loaded.attributes.updated_at } } });
    expect(edit.status, edit.text).toBe(200);
    expect((await api.get(`/api/v3/matches/${f.matchId}`)).body.data.attributes).toMatchObject({ home_score: 1, away_score: 2 });
    await api.delete(`/api/v3/incidents/${winner.body.data.id}`);
    expect((await api.get(`/api/v3/matches/${f.matchId}`)).body.data.attributes.away_score).toBe(1);
    const res = await api.patch(`/api/v3/matches/${f.matchId}`, { data: { type: 'matches', id: f.matchId, attributes: { home_score: 5 } } });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].meta.key).toBe('readOnly');
  });

  it('refuses bad input with a JSON:API error and changes nothing', async () => {
    const other = (await api.get('/api/v3/squads?page[size]=5&sort=-id')).body.data.find((s: any) => s.id !== f.homeSquad && s.id !== f.awaySquad).id;
    const before = (await api.get(`/api/v3/incidents?filter[match]=${f.matchId}`)).body.meta.total;
    const cases: [string, unknown, string, string][] = [
      ['unknown squad', incidentBody(f, { incident_type: 'goal', occurrence_half: 1, occurrence_minute: 10 }, { squad: '99999' }), '/data/relationships/squad/data/id', 'notFound'],
      ['squad not in the match', incidentBody(f, { incident_type: 'goal', occurrence_half: 1, occurrence_minute: 10 }, { squad: other }), '/data/relationships/squad/data/id', 'squadNotInMatch'],
      ['player of the other squad', incidentBody(f, { incident_type: 'goal', occurrence_half: 1, occurrence_minute: 10 }, { squad: f.homeSquad, player: f.awayPlayers[0] }), '/data/relationships/player/data/id', 'playerNotInSquad'],
      ['minute out of range', incidentBody(f, { incident_type: 'yellow_card', occurrence_half: 1, occurrence_minute: 131 }, { squad: f.homeSquad }), '/data/attributes/occurrence_minute', 'max'],
      ['minute outside its half', incidentBody(f, { incident_type: 'yellow_card', occurrence_half: 1, occurrence_minute: 70 }, { squad: f.homeSquad }), '/data/attributes/occurrence_minute', 'minuteOutOfHalf'],
      ['wrong half', incidentBody(f, { incident_type: 'yellow_card', occurrence_half: 7, occurrence_minute: 10 }, { squad: f.homeSquad }), '/data/attributes/occurrence_half', 'max'],
      ['stoppage mid-half', incidentBody(f, { incident_type: 'yellow_card', occurrence_half: 1, occurrence_minute: 30, stoppage_minute: 2 }, { squad: f.homeSquad }), '/data/attributes/stoppage_minute', 'stoppageOnlyAtEndOfHalf'],
      ['a goal without a squad', incidentBody(f, { incident_type: 'goal', occurrence_half: 1, occurrence_minute: 10 }), '/data/relationships/squad', 'required'],
      ['unknown type', incidentBody(f, { incident_type: 'dive', occurrence_half: 1, occurrence_minute: 10 }), '/data/attributes/incident_type', 'invalidEnum'],
    ];
    for (const [name, body, pointer, key] of cases) {
      const res = await api.post('/api/v3/incidents', body);
      expect(res.status, name).toBe(422);
      expect(res.body.errors.map((e: any) => [e.source.pointer, e.meta.key]), name).toContainEqual([pointer, key]);
    }
    expect((await api.get(`/api/v3/incidents?filter[match]=${f.matchId}`)).body.meta.total).toBe(before);
  });

  it('keeps shirt numbers unique within a squad', async () => {
    const player = async () => (await api.post('/api/v3/players', { data: { type: 'players', attributes: { first_name: 'Nowy', last_name: 'Zawodnik' } } })).body.data.id;
    const add = async (squad: string, shirt: number) =>
      api.post('/api/v3/squad_players', {
        data: { type: 'squad_players', attributes: { shirt_number: shirt }, relationships: { squad: link('squads', squad), player: link('players', await player()) } },
      });
    expect((await add(f.homeSquad, 77)).status).toBe(201);
    const dup = await add(f.homeSquad, 77);
    expect(dup.status).toBe(422);
    expect(dup.body.errors[0]).toMatchObject({ source: { pointer: '/data/attributes/shirt_number' }, meta: { key: 'unique' } });
    // The same number in another squad is fine.
    expect((await add(f.awaySquad, 77)).status).toBe(201);
  });

  it('refuses a match between a squad and itself, and lineups of players from elsewhere', async () => {
    const match = (await api.get(`/api/v3/matches/${f.matchId}`)).body.data;
    const same = await api.post('/api/v3/matches', {
      data: { type: 'matches', attributes: { kickoff_at: '2027-01-01T12:00:00Z' }, relationships: { round: match.relationships.round, home_squad: link('squads', f.homeSquad), away_squad: link('squads', f.homeSquad) } },
    });
    expect(same.status).toBe(422);
    expect(same.body.errors[0].meta.key).toBe('sameSquad');
    const lineup = await api.post('/api/v3/lineups', {
      data: { type: 'lineups', attributes: { is_starting: true }, relationships: { match: link('matches', f.matchId), squad: link('squads', f.homeSquad), player: link('players', f.awayPlayers[0]) } },
    });
    expect(lineup.status).toBe(422);
    expect(lineup.body.errors[0].meta.key).toBe('playerNotInSquad');
    const ok = await api.post('/api/v3/lineups', {
      data: { type: 'lineups', attributes: { is_starting: true, position: 'CF', formation_place: 11 }, relationships: { match: link('matches', f.matchId), squad: link('squads', f.homeSquad), player: link('players', f.homePlayers[0]) } },
    });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.data.attributes.shirt_number).not.toBeNull();
    const withLineups = await api.get(`/api/v3/matches/${f.matchId}?include=lineups`);
    expect(withLineups.body.data.relationships.lineups.data).toHaveLength(1);
  });

  it('computes match statistics for the charts', async () => {
    const res = await api.get(`/api/v3/matches/${f.matchId}/stats`);
    expect(res.status).toBe(200);
    expect(res.body.data.attributes.home.goal).toBe(1);
    expect(res.body.data.attributes.timeline.map((t: any) => [t.home, t.away])).toEqual([[1, 0], [1, 1]]);
    expect(res.body.included.some((r: any) => r.type === 'squads' && r.id === f.homeSquad)).toBe(true);
    expect((await api.get('/api/v3/matches/999999/stats')).status).toBe(404);
  });
});

let competitionSeason = '';

describe('standings', () => {
  it('ranks a group from its finished matches with the competition’s tiebreakers, deductions and explanations', async () => {
    const squads = (await api.get('/api/v3/squads?page[size]=3&sort=id')).body.data.map((s: any) => s.id);
    const ab = await createMatch(api, { squads: [squads[0], squads[1]], playersPerSquad: 1 });
    // The other two matches go in the same group and round.
    const abMatch = (await api.get(`/api/v3/matches/${ab.matchId}`)).body.data;
    const group = abMatch.relationships.group.data.id;
    const round = abMatch.relationships.round.data.id;
    const mk = async (home: string, away: string) => {
      const res = await api.post('/api/v3/matches', {
        data: { type: 'matches', attributes: { kickoff_at: new Date().toISOString() }, relationships: { round: link('rounds', round), group: link('groups', group), home_squad: link('squads', home), away_squad: link('squads', away) } },
      });
      expect(res.status, res.text).toBe(201);
      return { ...ab, matchId: res.body.data.id, homeSquad: home, awaySquad: away };
    };
    const bc = await mk(squads[1], squads[2]);
    const ca = await mk(squads[2], squads[0]);
    const addPlayer = async (squad: string) => {
      const p = await api.post('/api/v3/players', { data: { type: 'players', attributes: { first_name: 'T', last_name: squad } } });
      await api.post('/api/v3/squad_players', { data: { type: 'squad_players', attributes: {}, relationships: { squad: link('squads', squad), player: link('players', p.body.data.id) } } });
      return p.body.data.id;
    };
    const scorer: Record<string, string> = {};
    for (const s of squads) scorer[s] = await addPlayer(s);
    const play = async (f: MatchFixture, home: number, away: number) => {
      for (let i = 0; i < home; i++) await api.post('/api/v3/incidents', incidentBody(f, { incident_type: 'goal', occurrence_half: 1, occurrence_minute: 10 + i }, { squad: f.homeSquad, player: scorer[f.homeSquad] }));
      for (let i = 0; i < away; i++) await api.post('/api/v3/incidents', incidentBody(f, { incident_type: 'goal', occurrence_half: 2, occurrence_minute: 50 + i }, { squad: f.awaySquad, player: scorer[f.awaySquad] }));
      await api.post('/api/v3/incidents', incidentBody(f, { incident_type: 'match_ended', occurrence_half: 2, occurrence_minute: 90 }));
    };
    // A beats B 1-0, B beats C 3-0, C beats A 1-0: three teams on 3 points. A is booked twice and
    // sent off once on the way: fair play counts 1 per yellow card and 3 per red.
    for (const minute of [20, 30]) await api.post('/api/v3/incidents', incidentBody(ab, { incident_type: 'yellow_card', occurrence_half: 1, occurrence_minute: minute }, { squad: ab.homeSquad, player: scorer[ab.homeSquad] }));
    await api.post('/api/v3/incidents', incidentBody(ab, { incident_type: 'red_card', occurrence_half: 1, occurrence_minute: 40 }, { squad: ab.homeSquad, player: scorer[ab.homeSquad] }));
    await play(ab, 1, 0);
    await play(bc, 3, 0);
    await play(ca, 1, 0);
    const table = await api.get(`/api/v3/groups/${group}/standings`);
    expect(table.status, table.text).toBe(200);
    const rows = table.body.data.map((r: any) => ({ squad: r.relationships.squad.data.id, ...r.attributes }));
    // Head-to-head is level all round (3 points, GD 0 each... B +2, A 0, C -2 in the mini-league).
    expect(rows.map((r: any) => r.squad)).toEqual([squads[1], squads[0], squads[2]]);
    expect(rows[0]).toMatchObject({ played: 2, won: 1, lost: 1, points: 3, goals_for: 3, goals_against: 1, form: ['L', 'W'].length ? expect.any(Array) : [] });
    expect(rows[0].decided_by.rule).toBe('head_to_head_goal_difference');
    expect(rows.map((r: any) => r.fair_play_points)).toEqual([0, 5, 0]);
    expect(table.body.included.some((r: any) => r.type === 'squads' && r.id === squads[0])).toBe(true);
    expect(table.body.meta).toMatchObject({ finished_matches: 3, points: { win: 3, draw: 1, loss: 0 } });

    // A deduction with a reason moves B down.
    const ded = await api.post('/api/v3/point_deductions', {
      data: { type: 'point_deductions', attributes: { points: 1, reason: 'Walkower administracyjny' }, relationships: { group: link('groups', group), squad: link('squads', squads[1]) } },
    });
    expect(ded.status, ded.text).toBe(201);
    const after = (await api.get(`/api/v3/groups/${group}/standings`)).body.data;
    expect(after.at(-1).relationships.squad.data.id).toBe(squads[1]);
    expect(after.at(-1).attributes).toMatchObject({ points: 2, deducted_points: 1, deductions: [{ points: 1, reason: 'Walkower administracyjny' }] });

    // A deduction decided after the round counts in the current table, not in the table of that round.
    const roundNumber = (await api.get(`/api/v3/rounds/${round}`)).body.data.attributes.number;
    await api.patch(`/api/v3/point_deductions/${ded.body.data.id}`, { data: { type: 'point_deductions', id: ded.body.data.id, attributes: { decided_on: '2099-01-01' } } });
    const current = (await api.get(`/api/v3/groups/${group}/standings`)).body.data;
    expect(current.find((r: any) => r.relationships.squad.data.id === squads[1]).attributes.deducted_points).toBe(1);
    const thatRound = (await api.get(`/api/v3/groups/${group}/standings?round=${roundNumber}`)).body.data;
    expect(thatRound.find((r: any) => r.relationships.squad.data.id === squads[1]).attributes.deducted_points).toBe(0);

    // Points per result come from the competition of the group.
    const chain = await api.get(`/api/v3/groups/${group}?include=stage.competition_season.competition`);
    const competition = chain.body.included.find((r: any) => r.type === 'competitions');
    competitionSeason = chain.body.included.find((r: any) => r.type === 'competition_seasons').id;
    await api.patch(`/api/v3/competitions/${competition.id}`, { data: { type: 'competitions', id: competition.id, attributes: { points_for_win: 2 } } });
    const twoPoints = (await api.get(`/api/v3/groups/${group}/standings`)).body;
    expect(twoPoints.meta.points.win).toBe(2);
    expect(twoPoints.data[0].attributes.points).toBe(2);
    await api.patch(`/api/v3/competitions/${competition.id}`, { data: { type: 'competitions', id: competition.id, attributes: { points_for_win: 3, tiebreakers: ['goal_difference', 'goals_scored'] } } });
    const byGd = (await api.get(`/api/v3/groups/${group}/standings`)).body;
    expect(byGd.meta.tiebreakers).toEqual(['goal_difference', 'goals_scored']);
    const bad = await api.patch(`/api/v3/competitions/${competition.id}`, { data: { type: 'competitions', id: competition.id, attributes: { tiebreakers: ['coin_toss'] } } });
    expect(bad.status).toBe(422);

    // Ekstraklasa: head-to-head waits until the teams level on points have played each other in full.
    await api.delete(`/api/v3/point_deductions/${ded.body.data.id}`);
    const rules = (attributes: Record<string, unknown>) =>
      api.patch(`/api/v3/competitions/${competition.id}`, { data: { type: 'competitions', id: competition.id, attributes } });
    await rules({ tiebreakers: ['head_to_head_points', 'head_to_head_goal_difference', 'goal_difference'], head_to_head_only_when_complete: false });
    await mk(squads[1], squads[0]); // B–A, the return match, still to play
    const first = async () => {
      const doc = (await api.get(`/api/v3/groups/${group}/standings`)).body;
      return { squad: doc.data[0].relationships.squad.data.id, rule: doc.data[0].attributes.decided_by.rule, flag: doc.meta.head_to_head_only_when_complete };
    };
    expect(await first()).toEqual({ squad: squads[1], rule: 'head_to_head_goal_difference', flag: false });
    expect((await rules({ head_to_head_only_when_complete: true })).status).toBe(200);
    expect(await first()).toEqual({ squad: squads[1], rule: 'goal_difference', flag: true });
    expect((await rules({ head_to_head_only_when_complete: 'yes' })).status).toBe(422);

    expect((await api.get('/api/v3/groups/999999/standings')).status).toBe(404);
    expect((await api.get(`/api/v3/groups/${group}/standings`, { token: await api.token('other-admin') })).status).toBe(404);
  });
});

describe('statistics, ratings and competition squads', () => {
  it('computes player statistics per competition season from incidents and lineups', async () => {
    const types = await api.get('/api/v3/statistics/types');
    expect(types.body.data.map((t: any) => t.id)).toEqual(expect.arrayContaining(['goals', 'assists', 'yellow_cards', 'red_cards', 'minutes_played', 'clean_sheets']));
    const res = await api.get(`/api/v3/statistics?filter[competition_season]=${competitionSeason}&sort=-goals&page[size]=5`);
    expect(res.status, res.text).toBe(200);
    const top = res.body.data[0];
    expect(top.attributes.goals).toBeGreaterThan(0);
    const goals = res.body.data.map((r: any) => r.attributes.goals);
    expect(goals).toEqual([...goals].sort((a: number, b: number) => b - a));
    expect(res.body.included.some((r: any) => r.type === 'players' && r.id === top.relationships.player.data.id)).toBe(true);
    const one = await api.get(`/api/v3/statistics?filter[competition_season]=${competitionSeason}&filter[player]=${top.relationships.player.data.id}`);
    expect(one.body.data.every((r: any) => r.relationships.player.data.id === top.relationships.player.data.id)).toBe(true);
    expect((await api.get('/api/v3/statistics?sort=-speed')).status).toBe(400);
    const byRating = await api.get(`/api/v3/statistics?filter[competition_season]=${competitionSeason}&sort=-rating`);
    const ratings2 = byRating.body.data.map((r: any) => r.attributes.rating ?? -1);
    expect(ratings2).toEqual([...ratings2].sort((a: number, b: number) => b - a));
    expect((await api.get('/api/v3/statistics?filter[team]=1')).status).toBe(400);
    const ratings = await api.get(`/api/v3/squad_players/ratings?filter[competition_season]=${competitionSeason}&filter[squad]=${top.relationships.squad.data.id}`);
    expect(ratings.status).toBe(200);
    expect(ratings.body.data.some((r: any) => typeof r.attributes.rating === 'number')).toBe(true);
    const squadStats = await api.get(`/api/v3/squads/${top.relationships.squad.data.id}/stats`);
    expect(squadStats.body.data.attributes.played).toBeGreaterThan(0);
    expect(squadStats.body.data.attributes.players.length).toBeGreaterThan(0);
  });

  it('counts a new goal at once in a season’s statistics kept for the public /statistics and a table page', async () => {
    const q = 'client=ekstraklasa-demo';
    const f = await createMatch(api, { playersPerSquad: 1 });
    const cs = (await api.get(`/api/v3/matches/${f.matchId}?include=round.stage`)).body.included.find((r: any) => r.type === 'stages').relationships.competition_season.data.id as string;
    const scorer = f.homePlayers[0];
    const publicGoals = async () => {
      const res = await api.get(`/public/v1/statistics?${q}&filter[competition_season]=${cs}&filter[player]=${scorer}`, { token: null });
      expect(res.status, res.text).toBe(200);
      return { goals: (res.body.data[0]?.attributes.goals ?? 0) as number, cache: res.headers.get('x-cache') };
    };
    const tablePage = `/public/v1/current_page?template=competition_season&record=${cs}&locale=pl&include=auto&${q}`;
    const leaders = async () => {
      const res = await api.get(tablePage, { token: null });
      expect(res.status, res.text).toBe(200);
      return res.body.included.filter((r: any) => r.type === 'statistics').map((r: any) => [r.relationships.player.data.id, r.attributes.goals]);
    };
    // Read and kept before the goals.
    expect((await publicGoals()).goals).toBe(0);
    expect(await publicGoals()).toEqual({ goals: 0, cache: 'hit' });
    const before = await leaders();
    expect(await leaders()).toEqual(before);
    // Enough goals to lead the season's scorers.
    const goals = Number(before[0]?.[1] ?? 0) + 1;
    for (let i = 0; i < goals; i++) {
      const res = await api.post('/api/v3/incidents', incidentBody(f, { incident_type: 'goal', occurrence_half: 1, occurrence_minute: 1 + i }, { squad: f.homeSquad, player: scorer }));
      expect(res.status, res.text).toBe(201);
    }
    expect(await publicGoals()).toEqual({ goals, cache: 'miss' });
    expect((await leaders())[0]).toEqual([scorer, goals]);
  });

  it('lists and adds the squads of a competition season', async () => {
    const cs = (await api.get('/api/v3/competition_seasons?filter[is_current]=true&page[size]=1')).body.data[0].id;
    const before = await api.get(`/api/v3/competition_seasons/${cs}/competitions_squads`);
    expect(before.status).toBe(200);
    const candidate = (await api.get('/api/v3/squads?page[size]=100')).body.data.find((s: any) => !before.body.data.some((b: any) => b.id === s.id));
    const added = await api.post(`/api/v3/competition_seasons/${cs}/competitions_squads`, { data: [{ type: 'squads', id: candidate.id }] });
    expect(added.status, added.text).toBe(201);
    expect(added.body.data.map((s: any) => s.id)).toContain(candidate.id);
    expect(added.body.data.length).toBe(before.body.data.length + 1);
    const again = await api.post(`/api/v3/competition_seasons/${cs}/competitions_squads`, { data: { type: 'squads', id: candidate.id } });
    expect(again.body.data.length).toBe(added.body.data.length);
    const bad = await api.post(`/api/v3/competition_seasons/${cs}/competitions_squads`, { data: [{ type: 'squads', id: '999999' }] });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].source.pointer).toBe('/data/0/id');
    expect((await api.post(`/api/v3/competition_seasons/${cs}/competitions_squads`, { data: [] })).status).toBe(422);
    expect((await api.post(`/api/v3/competition_seasons/${cs}/competitions_squads`, { data: [{ type: 'squads', id: candidate.id }] }, { token: await api.token('viewer') })).status).toBe(403);
  });

  it('fetches a round with its matches, their squads and the squads’ club images', async () => {
    const round = (await api.get('/api/v3/rounds?page[size]=1')).body.data[0].id;
    const res = await api.get(`/api/v3/rounds/${round}?include=matches.home_squad.team.club.image,matches.away_squad.team.club.image`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.included.some((r: any) => r.type === 'clubs')).toBe(true);
  });
});
