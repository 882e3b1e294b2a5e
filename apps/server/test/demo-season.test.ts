import { DEFAULT_TIEBREAKERS } from '../src/competition/standings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WriteContext } from '../src/jsonapi/context';
import { deriveIncident, HALF_MINUTES, matchStateFrom, STATUS_TYPES, validateIncident } from '../src/matches/incident-rules';
import { DEMO_FANS } from '../src/seed/fan-season';
import { startTestServer, type TestServer } from './support/test-server';

/** The demo season as seeded on start: squads, the schedule, results that follow from incidents. */

let api: TestServer;
let clientId: number;
let currentSeason: string;
const flag = (v: unknown) => v === true || v === 1;

beforeAll(async () => {
  api = await startTestServer();
  clientId = Number((await api.get('/api/v3/client')).body.data.id);
  currentSeason = (await api.get('/api/v3/seasons?filter[is_current]=true')).body.data[0].id;
});
afterAll(() => api?.close());

const db = () => api.server.database.db;
const rows = (table: string) => db().selectFrom(table).selectAll().where('client_id', '=', clientId);

async function leagueMatches() {
  return db()
    .selectFrom('matches')
    .innerJoin('rounds', 'rounds.id', 'matches.round_id')
    .selectAll('matches')
    .select('rounds.number as round')
    .where('matches.client_id', '=', clientId)
    .execute();
}

describe('seasons', () => {
  it('makes the season containing today the current one, with the previous one before it', async () => {
    const seasons = (await api.get('/api/v3/seasons?sort=start_date')).body.data.map((s: any) => s.attributes);
    expect(seasons).toHaveLength(2);
    const [previous, current] = seasons;
    const today = new Date().toISOString().slice(0, 10);
    expect(current.is_current).toBe(true);
    expect(current.start_date <= today && today <= current.end_date).toBe(true);
    expect(previous.end_date < current.start_date).toBe(true);
    const startYear = Number(current.name.slice(0, 4));
    expect(current.name).toBe(`${startYear}/${String((startYear + 1) % 100).padStart(2, '0')}`);
    expect(previous.name.startsWith(String(startYear - 1))).toBe(true);
    const names = (await api.get('/api/v3/competition_seasons')).body.data.map((c: any) => c.attributes.name);
    expect(names).toContain(`PKO BP Ekstraklasa ${current.name}`);
    expect(names).toContain(`PKO BP Ekstraklasa ${previous.name}`);
  });

  it('configures the Ekstraklasa tiebreakers and one point deduction', async () => {
    const competition = await rows('competitions').where('code', '=', 'EKS').executeTakeFirstOrThrow();
    const tiebreakers = typeof competition.tiebreakers === 'string' ? JSON.parse(competition.tiebreakers) : competition.tiebreakers;
    expect(tiebreakers).toEqual(DEFAULT_TIEBREAKERS);
    const deductions = (await api.get('/api/v3/point_deductions')).body.data;
    expect(deductions).toHaveLength(1);
    expect(deductions[0].attributes).toMatchObject({ points: 1, reason: 'Zaległości finansowe — decyzja Komisji Licencyjnej' });
  });
});

describe('squads', () => {
  it('gives every current squad about 26 players with unique numbers, three keepers and one captain', async () => {
    const squads = (await api.get(`/api/v3/squads?filter[season]=${currentSeason}&page[size]=100`)).body.data;
    expect(squads).toHaveLength(18);
    for (const squad of squads) {
      const members = await rows('squad_players').where('squad_id', '=', Number(squad.id)).execute();
      expect(members.length, squad.attributes.name).toBeGreaterThanOrEqual(24);
      expect(members.length, squad.attributes.name).toBeLessThanOrEqual(28);
      const numbers = members.map((m) => Number(m.shirt_number));
      expect(new Set(numbers).size, squad.attributes.name).toBe(numbers.length);
      expect(numbers.every((n) => n >= 1 && n <= 99)).toBe(true);
      expect(members.filter((m) => flag(m.is_captain))).toHaveLength(1);
      const count = (p: string) => members.filter((m) => m.position === p).length;
      expect(count('goalkeeper')).toBe(3);
      expect(count('defender')).toBeGreaterThanOrEqual(8);
      expect(count('midfielder')).toBeGreaterThanOrEqual(8);
      expect(count('forward')).toBeGreaterThanOrEqual(5);
    }
    const sample = await api.get(`/api/v3/squads/${squads[0].id}?include=squad_players.player,squad_staff_members.staff_role`);
    expect(sample.status).toBe(200);
    const players = sample.body.included.filter((r: any) => r.type === 'players');
    expect(players.length).toBeGreaterThanOrEqual(24);
    for (const p of players) {
      expect(p.attributes.birth_date >= '1990-01-01' && p.attributes.birth_date <= '2007-12-31').toBe(true);
      expect(p.attributes.nationality).toMatch(/^[A-Z]{2}$/);
    }
    const roles = sample.body.included.filter((r: any) => r.type === 'staff_roles').map((r: any) => r.attributes.name);
    expect(roles).toEqual(expect.arrayContaining(['Pierwszy trener', 'Asystent trenera', 'Trener bramkarzy', 'Fizjoterapeuta', 'Analityk wideo']));
  });

  it('keeps most players in last season’s squads with the same numbers', async () => {
    const all = await db()
      .selectFrom('squad_players')
      .innerJoin('squads', 'squads.id', 'squad_players.squad_id')
      .select(['squad_players.player_id', 'squad_players.shirt_number', 'squads.team_id', 'squads.season_id'])
      .where('squad_players.client_id', '=', clientId)
      .execute();
    const current = all.filter((r) => String(r.season_id) === currentSeason);
    const before = all.filter((r) => String(r.season_id) !== currentSeason);
    expect(new Set(before.map((r) => r.team_id)).size).toBe(18);
    let kept = 0;
    for (const r of current) {
      const same = before.find((b) => b.player_id === r.player_id && b.team_id === r.team_id);
      if (same) {
        kept++;
        expect(same.shirt_number).toBe(r.shirt_number);
      }
    }
    expect(kept).toBeGreaterThanOrEqual(18 * 18);
  });
});

describe('schedule', () => {
  it('has 34 rounds of nine matches, every squad once a round, every pair home and away', async () => {
    expect((await api.get('/api/v3/rounds')).body.meta.total).toBe(34);
    expect((await api.get('/api/v3/matches')).body.meta.total).toBe(306);
    const matches = await leagueMatches();
    const squads = new Set(matches.flatMap((m) => [m.home_squad_id, m.away_squad_id]));
    expect(squads.size).toBe(18);
    for (let round = 1; round <= 34; round++) {
      const these = matches.filter((m) => Number(m.round) === round);
      expect(these, `round ${round}`).toHaveLength(9);
      expect(new Set(these.flatMap((m) => [m.home_squad_id, m.away_squad_id])).size, `round ${round}`).toBe(18);
    }
    const pairs = new Set(matches.map((m) => `${m.home_squad_id}-${m.away_squad_id}`));
    expect(pairs.size).toBe(306);
    for (const m of matches) expect(pairs.has(`${m.away_squad_id}-${m.home_squad_id}`)).toBe(true);
    expect(matches.every((m) => m.group_id != null && m.venue_id != null)).toBe(true);
    const transmissions = await rows('match_transmissions').execute();
    for (const m of matches) {
      const n = transmissions.filter((t) => t.match_id === m.id).length;
      expect(n).toBeGreaterThanOrEqual(1);
      expect(n).toBeLessThanOrEqual(2);
    }
  });

  it('has finished rounds 1–17, one match live now, the rest to come', async () => {
    const now = Date.now();
    const matches = await leagueMatches();
    const kickoff = (m: any) => new Date(m.kickoff_at).getTime();
    for (const m of matches.filter((x) => Number(x.round) <= 17)) {
      expect(m.status).toBe('finished');
      expect(kickoff(m) + 2 * 3_600_000).toBeLessThan(now);
    }
    for (const m of matches.filter((x) => Number(x.round) >= 19)) {
      expect(m.status).toBe('not_started');
      expect(kickoff(m)).toBeGreaterThan(now);
    }
    const live = await api.get('/api/v3/matches?filter[status]=first_half');
    expect(live.body.meta.total).toBe(1);
    const liveMatch = matches.find((m) => String(m.id) === live.body.data[0].id)!;
    expect(Number(liveMatch.round)).toBe(18);
    expect(now - kickoff(liveMatch)).toBeGreaterThan(30 * 60_000);
    expect(now - kickoff(liveMatch)).toBeLessThan(45 * 60_000 + 10 * 60_000);
    for (const m of matches.filter((x) => Number(x.round) === 18 && x.id !== liveMatch.id)) {
      expect(m.status).toBe('not_started');
      expect(kickoff(m)).toBeGreaterThan(now);
    }
    for (const status of ['half_time', 'second_half']) expect((await api.get(`/api/v3/matches?filter[status]=${status}`)).body.meta.total).toBe(0);
  });
});

describe('played matches', () => {
  it('derive their score and status from their incidents, which pass the rules of the API', async () => {
    const { database } = api.server;
    const ctx = { db: database.db, dialect: database.dialect, clientId, apiBase: '', actor: 'test' } as WriteContext;
    const matches = (await leagueMatches()).filter((m) => m.status !== 'not_started');
    expect(matches).toHaveLength(154);
    const incidents = await rows('incidents').orderBy('id').execute();
    const squadPlayers = await rows('squad_players').execute();
    const inSquad = new Set(squadPlayers.map((s) => `${s.squad_id}:${s.player_id}`));
    for (const m of matches) {
      const mine = incidents.filter((i) => i.match_id === m.id);
      const state = matchStateFrom(mine, Number(m.home_squad_id), Number(m.away_squad_id));
      expect({ status: m.status, home: m.home_score, away: m.away_score, homeHt: m.home_half_time_score, awayHt: m.away_half_time_score }).toEqual({
        status: state.status, home: state.home_score, away: state.away_score, homeHt: state.home_half_time_score, awayHt: state.away_half_time_score,
      });
      // The goals, counted by hand: an own goal counts for the other team.
      const goalsFor = (squad: unknown) =>
        mine.filter((i) => (['goal', 'penalty'].includes(String(i.incident_type)) && i.squad_id === squad) || (i.incident_type === 'own_goal' && i.squad_id !== squad)).length;
      expect(Number(m.home_score)).toBe(goalsFor(m.home_squad_id));
      expect(Number(m.away_score)).toBe(goalsFor(m.away_squad_id));
      const types = mine.map((i) => String(i.incident_type));
      expect(types[0]).toBe('kick_off');
      if (m.status === 'finished') {
        for (const t of ['half_time', 'second_half_started', 'match_ended']) expect(types.filter((x) => x === t)).toHaveLength(1);
        const yellows = types.filter((t) => t === 'yellow_card').length;
        expect(yellows).toBeGreaterThanOrEqual(2);
        expect(yellows).toBeLessThanOrEqual(5);
        for (const squad of [m.home_squad_id, m.away_squad_id]) {
          const subs = mine.filter((i) => i.incident_type === 'substitution' && i.squad_id === squad);
          expect(subs.length).toBeGreaterThanOrEqual(3);
          expect(subs.length).toBeLessThanOrEqual(5);
          expect(subs.every((s) => Number(s.occurrence_half) === 2 && s.player_id != null && s.related_player_id != null)).toBe(true);
        }
      } else {
        expect(mine.every((i) => Number(i.occurrence_half) === 1 && Number(i.occurrence_minute) <= 40)).toBe(true);
      }
    }
    for (const i of incidents) {
      const label = `incident ${i.id} (${i.incident_type} ${i.occurrence_half}/${i.occurrence_minute}+${i.stoppage_minute ?? 0})`;
      expect(await validateIncident(ctx, i), label).toEqual([]);
      const [from, to] = HALF_MINUTES[Number(i.occurrence_half)];
      expect(Number(i.occurrence_minute) >= from && Number(i.occurrence_minute) <= to, label).toBe(true);
      if (i.player_id != null) expect(inSquad.has(`${i.squad_id}:${i.player_id}`), label).toBe(true);
      if (i.related_player_id != null) expect(inSquad.has(`${i.squad_id}:${i.related_player_id}`), label).toBe(true);
      expect(STATUS_TYPES.has(String(i.incident_type)), label).toBe(i.squad_id == null);
      const derived = await deriveIncident(ctx, i);
      expect({ home_squad: i.home_squad, own_goal: i.own_goal, section: i.section, sort_key: Number(i.sort_key) }, label).toEqual({
        ...derived,
        sort_key: Number(derived.sort_key),
      });
    }
  }, 120_000);

  it('have lineups: eleven starters in the formation with one captain and seven substitutes a side', async () => {
    const matches = (await leagueMatches()).filter((m) => m.status !== 'not_started');
    const lineups = await rows('lineups').execute();
    const squadPlayers = await rows('squad_players').execute();
    const shirt = new Map(squadPlayers.map((s) => [`${s.squad_id}:${s.player_id}`, Number(s.shirt_number)]));
    for (const m of matches) {
      for (const [squad, formation] of [[m.home_squad_id, m.home_formation], [m.away_squad_id, m.away_formation]]) {
        expect(formation).toMatch(/^[1-6](-[1-6]){1,4}$/);
        const team = lineups.filter((l) => l.match_id === m.id && l.squad_id === squad);
        const starters = team.filter((l) => flag(l.is_starting));
        expect(starters).toHaveLength(11);
        expect(team.filter((l) => !flag(l.is_starting))).toHaveLength(7);
        expect(starters.map((l) => Number(l.formation_place)).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
        expect(starters.find((l) => Number(l.formation_place) === 1)!.position).toBe('GK');
        expect(starters.filter((l) => l.position === 'GK')).toHaveLength(1);
        // The back line as the formation says: 4-2-3-1 has four defenders, 3-4-3 three (wing-backs play in midfield).
        const defenders = starters.filter((l) => ['RB', 'CB', 'LB'].includes(String(l.position))).length;
        expect(defenders).toBe(Number(String(formation).split('-')[0]));
        expect(team.filter((l) => flag(l.is_captain))).toHaveLength(1);
        expect(starters.filter((l) => flag(l.is_captain))).toHaveLength(1);
        for (const l of team) expect(Number(l.shirt_number)).toBe(shirt.get(`${squad}:${l.player_id}`));
      }
    }
    const unplayed = new Set((await leagueMatches()).filter((m) => m.status === 'not_started').map((m) => m.id));
    expect(lineups.some((l) => unplayed.has(l.match_id))).toBe(false);
  });

  it('shows the live match with its lineups through the API', async () => {
    const live = (await api.get('/api/v3/matches?filter[status]=first_half&include=incidents,lineups,home_squad,away_squad')).body;
    const match = live.data[0];
    expect(match.attributes.home_half_time_score).toBeNull();
    expect(match.relationships.lineups.data).toHaveLength(36);
    const incidents = live.included.filter((r: any) => r.type === 'incidents');
    expect(incidents.length).toBeGreaterThanOrEqual(2);
    expect(incidents.some((i: any) => i.attributes.incident_type === 'kick_off')).toBe(true);
  });
});

describe('fans', () => {
  const at = (v: unknown) => new Date(v as string).getTime();

  it('are one set of demo fans, registered through the fan API, whose activity is all the demo has', async () => {
    const fans = await rows('fans').orderBy('id').execute();
    expect(fans.map((f) => f.display_name)).toEqual([...DEMO_FANS]);
    // Registration through POST /public/v1/fans stamps when a fan was last seen; a written row would not have it.
    expect(fans.every((f) => f.kind === 'device' && f.last_seen_at != null && /^demo-fan-device-\d{4}$/.test(String(f.device_id)))).toBe(true);
    const ids = new Set(fans.map((f) => f.id));
    for (const table of ['quiz_user_attempts', 'survey_user_answers', 'comments', 'match_predictor_user_results', 'push_subscriptions']) {
      const made = await rows(table).select('fan_id').execute();
      expect(made.length, table).toBeGreaterThan(0);
      expect(made.every((r) => ids.has(r.fan_id)), table).toBe(true);
    }
    // The fans' writes are in the history under their own names, as the fan API records them.
    const history = await db().selectFrom('audit_events').select(['actor', 'resource_type']).where('client_id', '=', clientId).where('actor', 'like', 'fan:%').execute();
    expect(new Set(history.map((h) => h.resource_type))).toEqual(new Set(['comments', 'survey_user_answers']));
  });

  it('predicted every match before its kick-off, and the played ones are settled', async () => {
    const predictions = await db()
      .selectFrom('match_predictor_user_results as u')
      .innerJoin('matches as m', 'm.id', 'u.match_id')
      .select(['u.created_at', 'u.updated_at', 'u.points', 'u.result', 'm.kickoff_at', 'm.status'])
      .where('u.client_id', '=', clientId)
      .execute();
    expect(predictions.length).toBeGreaterThan(200);
    for (const p of predictions) expect(at(p.updated_at)).toBeLessThan(at(p.kickoff_at));
    const played = predictions.filter((p) => p.status === 'finished');
    expect(played.length).toBeGreaterThan(100);
    expect(played.every((p) => p.points != null && p.result != null)).toBe(true);
    expect(played.some((p) => Number(p.points) === 3)).toBe(true);
    expect(predictions.filter((p) => p.status === 'not_started').every((p) => p.points == null)).toBe(true);
  });

  it('took the quizzes (one attempt banned, one refused), answered the surveys, commented and subscribed to push', async () => {
    const quizzes = await rows('quizzes').execute();
    expect(quizzes.reduce((n, q) => n + Number(q.refused_attempts), 0)).toBe(1);
    const attempts = await rows('quiz_user_attempts').execute();
    expect(attempts.filter((a) => flag(a.is_banned)).map((a) => a.fan_name)).toEqual(['Szybki Bill']);
    expect(attempts.every((a) => at(a.submitted_at) < Date.now())).toBe(true);
    expect(await rows('survey_user_answers').execute()).toHaveLength(8);
    const comments = await rows('comments').execute();
    expect(new Set(comments.map((c) => c.status))).toEqual(new Set(['approved', 'pending', 'hidden']));
    // One browser of the eleven unsubscribed: the first notification found it gone (410) and removed it.
    const subscriptions = await rows('push_subscriptions').execute();
    expect(subscriptions.length).toBe(Math.ceil(DEMO_FANS.length / 3) - 1);
    expect(subscriptions.every((s) => String(s.endpoint).startsWith('https://') && Buffer.from(String(s.p256dh), 'base64url').length === 65)).toBe(true);
  });
});

describe('push notifications', () => {
  it('were sent by the sender to the targets’ subscriptions, one more is scheduled and one is a draft', async () => {
    const list = (await api.get('/api/v3/push_notifications?sort=send_at&include=targets&page[size]=50')).body;
    const byStatus = (status: string) => list.data.filter((n: any) => n.attributes.status === status);
    expect(byStatus('sent')).toHaveLength(2);
    expect(byStatus('scheduled')).toHaveLength(1);
    expect(byStatus('draft')).toHaveLength(1);
    const [first, second] = byStatus('sent');
    expect(first.attributes).toMatchObject({ total_count: 11, delivered_count: 10, expired_count: 1, failed_count: 0, sent_count: 11 });
    expect(second.attributes.delivered_count).toBeGreaterThan(0);
    expect(second.attributes.delivered_count).toBe(second.attributes.total_count);
    for (const n of list.data) expect(n.relationships.targets.data.length, n.attributes.title_pl).toBeGreaterThan(0);
    // The counts are the sender's own records, one delivery row per subscription reached.
    const deliveries = await rows('push_deliveries').execute();
    expect(deliveries.filter((d) => String(d.notification_id) === first.id && d.status === 'delivered')).toHaveLength(10);
    expect(deliveries.filter((d) => String(d.notification_id) === second.id)).toHaveLength(second.attributes.total_count);
    // Tomorrow's waits for the server's job worker.
    const jobs = await db().selectFrom('jobs').selectAll().execute();
    expect(jobs.filter((j) => String(j.key ?? '').startsWith('push:')).map((j) => j.key)).toEqual([`push:${byStatus('scheduled')[0].id}`]);
  });
});
