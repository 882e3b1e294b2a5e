import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MATCH_ALERT_TEMPLATES, matchAlertTag } from '@umpire/schema';
import { LINEUPS_ALERT_JOB } from '../src/push/match-alerts';
import { createMatch, incidentBody, type MatchFixture } from './support/fixtures';
import { startPushService, type BrowserSubscription, type PushService } from './support/push-service';
import { startTestInstances, type TestServer } from './support/test-server';

/**
 * Match alerts (issue 41) end to end, on two instances sharing one database: staff write incidents
 * through the API, the match centre makes its alerts in the same transaction, and the workers of
 * both instances send them to a local push service that decrypts every message. Fans subscribe
 * through the fan API; what the public routes cannot set yet (alert_kinds) is set in the database.
 */
const CLIENT = 'ekstraklasa-demo';
let push: PushService;
let close: () => Promise<void>;
let a: TestServer;
let b: TestServer;
const db = () => a.server.database.db;
const dialect = () => a.server.database.dialect;

beforeAll(async () => {
  push = await startPushService();
  const started = await startTestInstances(2, { JOB_POLL_MS: '100', PUSH_ALLOW_LOOPBACK: 'true', FAN_LIMITS: 'register=1000/3600,address=10000/60' });
  [a, b] = started.instances;
  close = started.close;
  // The demo fans' browsers are the vendors' push services, out of reach here.
  await db().deleteFrom('push_subscriptions').execute();
}, 120_000);
afterAll(async () => {
  await close?.();
  await push?.close();
});

let serial = 0;
async function fan(): Promise<string> {
  const res = await a.post(`/public/v1/fans?client=${CLIENT}`, { data: { type: 'fans', attributes: { device_id: `alerts-device-${Date.now()}-${++serial}-xyz` } } }, { token: null });
  expect(res.status, res.text).toBe(201);
  return res.body.meta.token;
}

/** A new fan's browser following `topics`, wanting `kinds` of alerts (the default when not given). */
async function follower(topics: string[], opts: { locale?: string; kinds?: string } = {}) {
  const browser = push.subscribe();
  const token = await fan();
  const res = await a.post('/public/v1/push/subscriptions', { data: { type: 'push_subscriptions', attributes: { ...browser.json, topics, locale: opts.locale ?? 'pl' } } }, { token });
  expect(res.status, res.text).toBe(201);
  if (opts.kinds !== undefined) await db().updateTable('push_subscriptions').set({ alert_kinds: opts.kinds }).where('id', '=', Number(res.body.data.id)).execute();
  return browser;
}

/**
 * A new match of the current season between the clubs of `pair` (the demo has 18): each test's
 * match has clubs of its own, so a club's followers hear of that test's alerts only.
 */
async function newMatch(pair: number): Promise<MatchFixture> {
  const squads = await db().selectFrom('squads as s').innerJoin('teams as t', 't.id', 's.team_id').select(['s.id', 't.club_id']).orderBy('s.id').execute();
  const firstOfClub = [...new Map(squads.reverse().map((s) => [String(s.club_id), String(s.id)])).values()].reverse();
  expect(firstOfClub.length).toBeGreaterThanOrEqual(2 * pair + 2);
  return createMatch(a, { squads: [firstOfClub[2 * pair], firstOfClub[2 * pair + 1]] });
}

interface Facts {
  home: string;
  away: string;
  homeClub: string;
  awayClub: string;
  competition: string;
  competitionName: string;
}

/** What an alert names: the clubs (short names first) and the competition of the fixture's match. */
async function factsOf(f: MatchFixture): Promise<Facts> {
  const side = async (squad: string) => {
    const c = await db()
      .selectFrom('squads as s')
      .innerJoin('teams as t', 't.id', 's.team_id')
      .innerJoin('clubs as c', 'c.id', 't.club_id')
      .select(['c.id', 'c.name', 'c.short_name'])
      .where('s.id', '=', Number(squad))
      .executeTakeFirstOrThrow();
    return { id: String(c.id), name: String(c.short_name || c.name) };
  };
  const [home, away] = [await side(f.homeSquad), await side(f.awaySquad)];
  const competition = await db()
    .selectFrom('matches as m')
    .innerJoin('rounds as r', 'r.id', 'm.round_id')
    .innerJoin('stages as st', 'st.id', 'r.stage_id')
    .innerJoin('competition_seasons as cs', 'cs.id', 'st.competition_season_id')
    .innerJoin('competitions as c', 'c.id', 'cs.competition_id')
    .select(['c.id', 'c.name'])
    .where('m.id', '=', Number(f.matchId))
    .executeTakeFirstOrThrow();
  return { home: home.name, away: away.name, homeClub: home.id, awayClub: away.id, competition: String(competition.id), competitionName: String(competition.name) };
}

async function playerName(id: string) {
  const p = await db().selectFrom('players').select(['first_name', 'last_name']).where('id', '=', Number(id)).executeTakeFirstOrThrow();
  return `${p.first_name} ${p.last_name}`;
}

async function incident(f: MatchFixture, attributes: Record<string, unknown>, rel: { squad?: string; player?: string } = {}) {
  const res = await a.post('/api/v3/incidents', incidentBody(f, attributes, rel));
  expect(res.status, res.text).toBe(201);
  return res.body.data.id as string;
}

/** The match's alerts, oldest first. */
async function alertsOf(f: MatchFixture) {
  const res = await a.get(`/api/v3/push_notifications?filter[origin]=match_alert&page[size]=100&sort=id`, { headers: { 'cache-control': 'no-cache' } });
  expect(res.status, res.text).toBe(200);
  const all = res.body.data as { id: string; attributes: Record<string, any>; relationships: Record<string, any> }[];
  const ofMatch = await db().selectFrom('push_notifications').select('id').where('alert_match_id', '=', Number(f.matchId)).execute();
  const ids = new Set(ofMatch.map((r) => String(r.id)));
  return all.filter((n) => ids.has(n.id));
}

/** Waits until every alert of the match has gone out (or there are `count` of them, all finished). */
async function allSent(f: MatchFixture, count: number) {
  await expect
    .poll(async () => (await alertsOf(f)).map((n) => n.attributes.status), { timeout: 20_000, interval: 50 })
    .toEqual(Array.from({ length: count }, () => 'sent'));
  return alertsOf(f);
}

/** The messages a browser decrypted about this match, with their Web Push headers. */
type Message = Record<string, any> & { headers: BrowserSubscription['headers'][number] };
const about = (browser: BrowserSubscription, f: MatchFixture): Message[] =>
  browser.received.flatMap((m, i) => ((m.link as { id?: string } | null)?.id === f.matchId ? [{ ...m, headers: browser.headers[i] }] : []));

describe('match alert templates', () => {
  it('refuses a template naming a field alerts do not have, with a pointer to it, and takes a good one', async () => {
    const list = await a.get('/api/v3/match_alert_templates?page[size]=20&sort=id');
    expect(list.status, list.text).toBe(200);
    // The demo league has a row per kind: goals, red cards, full time and corrections on.
    const kinds = Object.fromEntries(list.body.data.map((t: any) => [t.attributes.kind, t.attributes.enabled]));
    expect(kinds).toEqual({ goal: true, red_card: true, kick_off: false, half_time: false, full_time: true, lineups: false, correction: true });
    const goal = list.body.data.find((t: any) => t.attributes.kind === 'goal');
    const bad = await a.patch(`/api/v3/match_alert_templates/${goal.id}`, { data: { type: 'match_alert_templates', id: goal.id, attributes: { body_en: '{minute} {scorer} {player}' } } });
    expect(bad.status, bad.text).toBe(422);
    expect(bad.body.errors).toEqual([expect.objectContaining({ code: 'unknownAlertField', source: { pointer: '/data/attributes/body_en' }, meta: { key: 'unknownAlertField', params: { names: ['scorer'] } } })]);
    const polish = await a.post(
      '/api/v3/match_alert_templates',
      { data: { type: 'match_alert_templates', attributes: { kind: 'goal', title_pl: 'Gol {druzyna}', title_en: 'Goal' } } },
      { token: await a.token('other-admin'), headers: { 'accept-language': 'pl' } },
    );
    expect(polish.status, polish.text).toBe(422);
    expect(polish.body.errors[0]).toMatchObject({ code: 'unknownAlertField', source: { pointer: '/data/attributes/title_pl' } });
    expect(polish.body.errors[0].detail).toMatch(/^Pole „title_pl”/);
    const good = await a.patch(`/api/v3/match_alert_templates/${goal.id}`, { data: { type: 'match_alert_templates', id: goal.id, attributes: { body_en: '{minute} {player} ({team})' } } });
    expect(good.status, good.text).toBe(200);
    const back = await a.patch(`/api/v3/match_alert_templates/${goal.id}`, { data: { type: 'match_alert_templates', id: goal.id, attributes: { body_en: DEFAULT_MATCH_ALERT_TEMPLATES.goal.en.body } } });
    expect(back.status, back.text).toBe(200);
  });

  it('never shows the templates nor a match’s alerts_muted on the public API', async () => {
    const f = await newMatch(0);
    expect((await a.patch(`/api/v3/matches/${f.matchId}`, { data: { type: 'matches', id: f.matchId, attributes: { alerts_muted: true } } })).status).toBe(200);
    const match = await a.get(`/public/v1/matches/${f.matchId}?client=${CLIENT}`, { token: null });
    expect(match.status, match.text).toBe(200);
    expect(match.text).not.toContain('alerts_muted');
    expect((await a.get(`/public/v1/match_alert_templates?client=${CLIENT}`, { token: null })).status).toBe(404);
  });
});

describe('alerts from incidents', () => {
  it('sends a goal once to each follower of the match, its clubs or competition who wants goals, in their language, with its tag as the Topic', async () => {
    const f = await newMatch(1);
    const x = await factsOf(f);
    const everything = await follower([`match:${f.matchId}`, `club:${x.homeClub}`, `club:${x.awayClub}`, `competition:${x.competition}`]);
    const matchOnly = await follower([`match:${f.matchId}`], { locale: 'en' });
    const awayClub = await follower([`club:${x.awayClub}`]);
    const elsewhere = await follower(['club:999999', 'match:999999', 'news']);
    const noGoals = await follower([`match:${f.matchId}`], { kinds: 'red_card,full_time' });
    const scorer = f.homePlayers[0];
    const id = await incident(f, { incident_type: 'goal', occurrence_half: 2, occurrence_minute: 67 }, { squad: f.homeSquad, player: scorer });
    // Made with the incident, in its transaction: there before anything is sent.
    const made = await alertsOf(f);
    expect(made).toHaveLength(1);
    const tag = matchAlertTag(f.matchId, { incidentId: id });
    expect(made[0].attributes).toMatchObject({ origin: 'match_alert', alert_kind: 'goal', alert_tag: tag });
    const [sent] = await allSent(f, 1);
    const name = await playerName(scorer);
    expect(sent.attributes).toMatchObject({
      title_pl: `GOL! ${x.home} 1:0 ${x.away}`,
      body_pl: `67' ${name}`,
      title_en: `GOAL! ${x.home} 1-0 ${x.away}`,
      total_count: 3,
      delivered_count: 3,
    });
    // The match it tells of is its match link.
    const withMatch = await a.get(`/api/v3/push_notifications/${sent.id}?include=match`);
    expect(withMatch.body.data.relationships.match.data).toEqual({ type: 'matches', id: f.matchId });
    const payload = { notification_id: sent.id, image: null, link: { type: 'matches', id: f.matchId }, tag, kind: 'goal' };
    const headers = { topic: tag, urgency: 'high', ttl: expect.any(String) };
    expect(about(everything, f)).toEqual([{ ...payload, locale: 'pl', title: `GOL! ${x.home} 1:0 ${x.away}`, body: `67' ${name}`, headers }]);
    expect(about(matchOnly, f)).toEqual([{ ...payload, locale: 'en', title: `GOAL! ${x.home} 1-0 ${x.away}`, body: `67' ${name}`, headers }]);
    expect(about(awayClub, f)).toHaveLength(1);
    expect([elsewhere.posts, noGoals.posts]).toEqual([0, 0]);
    expect(push.rejected).toEqual([]);
    // Two instances' workers, one send: the history says scheduled → sending once.
    const history = await a.get(`/api/v3/audit_events?filter[resource_type]=push_notifications&filter[resource_id]=${sent.id}&sort=id`);
    expect(history.body.data.map((e: any) => [e.attributes.actor, e.attributes.changes.status])).toEqual([
      ['system:push', { before: null, after: 'scheduled' }],
      ['system:push', { before: 'scheduled', after: 'sending' }],
      ['system:push', { before: 'sending', after: 'sent' }],
    ]);
    // The score after each incident, the away side's own goal counting for the home side; 90+3'.
    const own = await incident(f, { incident_type: 'own_goal', occurrence_half: 2, occurrence_minute: 90, stoppage_minute: 3 }, { squad: f.awaySquad, player: f.awayPlayers[0] });
    const late = await allSent(f, 2);
    expect(late[1].attributes).toMatchObject({ alert_tag: matchAlertTag(f.matchId, { incidentId: own }), title_pl: `GOL! ${x.home} 2:0 ${x.away}`, body_pl: `90+3' ${await playerName(f.awayPlayers[0])}` });
    expect(about(everything, f).map((m) => m.notification_id)).toEqual([sent.id, late[1].id]);
  });

  it('sends a corrected goal under the same tag to those who got it, and a deleted one’s correction with the score after it', async () => {
    const f = await newMatch(2);
    const x = await factsOf(f);
    const first = await follower([`match:${f.matchId}`]);
    const english = await follower([`club:${x.awayClub}`], { locale: 'en' });
    const id = await incident(f, { incident_type: 'goal', occurrence_half: 1, occurrence_minute: 20 }, { squad: f.awaySquad, player: f.awayPlayers[0] });
    const tag = matchAlertTag(f.matchId, { incidentId: id });
    await allSent(f, 1);
    // A fan who follows the match since: never told of a goal they never heard of, nor of its correction.
    const since = await follower([`match:${f.matchId}`]);
    // Another scorer, another minute; a description alone changes nothing fans read.
    const described = await a.patch(`/api/v3/incidents/${id}`, { data: { type: 'incidents', id, attributes: { description: 'Strzał z dystansu' } } });
    expect(described.status, described.text).toBe(200);
    expect(await alertsOf(f)).toHaveLength(1);
    const corrected = await a.patch(`/api/v3/incidents/${id}`, {
      data: { type: 'incidents', id, attributes: { occurrence_minute: 21 }, relationships: { player: { data: { type: 'players', id: f.awayPlayers[1] } } } },
    });
    expect(corrected.status, corrected.text).toBe(200);
    const two = await allSent(f, 2);
    expect(two[1].attributes).toMatchObject({ alert_kind: 'goal', alert_tag: tag, title_pl: `GOL! ${x.home} 0:1 ${x.away}`, body_pl: `21' ${await playerName(f.awayPlayers[1])}` });
    // Those who got the goal, no one else.
    expect(two[1].attributes.total_count).toBe(two[0].attributes.delivered_count);
    // An equaliser, then the first goal is disallowed.
    await incident(f, { incident_type: 'penalty', occurrence_half: 2, occurrence_minute: 50 }, { squad: f.homeSquad, player: f.homePlayers[0] });
    expect((await a.delete(`/api/v3/incidents/${id}`)).status).toBe(204);
    const all = await allSent(f, 4);
    expect(all[3].attributes).toMatchObject({
      alert_kind: 'correction',
      alert_tag: tag,
      title_pl: `Korekta: ${x.home} 1:0 ${x.away}`,
      title_en: `Correction: ${x.home} 1-0 ${x.away}`,
      total_count: two[0].attributes.delivered_count,
    });
    for (const browser of [first, english]) {
      const got = about(browser, f).filter((m) => m.tag === tag);
      expect(got.map((m) => [m.kind, m.headers.topic])).toEqual([
        ['goal', tag],
        ['goal', tag],
        ['correction', tag],
      ]);
    }
    expect(about(english, f).at(-1)).toMatchObject({ locale: 'en', title: `Correction: ${x.home} 1-0 ${x.away}`, body: DEFAULT_MATCH_ALERT_TEMPLATES.correction.en.body });
    // The newcomer heard of the penalty only.
    expect(about(since, f).map((m) => m.kind)).toEqual(['goal']);
    expect(about(since, f)[0].tag).not.toBe(tag);
  });

  it('rewrites or removes an alert not sent yet, so nobody gets two', async () => {
    const f = await newMatch(3);
    const x = await factsOf(f);
    const fanOfMatch = await follower([`match:${f.matchId}`]);
    await Promise.all([a.server.app.jobs!.stop(), b.server.app.jobs!.stop()]);
    try {
      const id = await incident(f, { incident_type: 'goal', occurrence_half: 1, occurrence_minute: 5 }, { squad: f.homeSquad, player: f.homePlayers[0] });
      const made = await alertsOf(f);
      expect(made.map((n) => n.attributes.status)).toEqual(['scheduled']);
      await a.patch(`/api/v3/incidents/${id}`, { data: { type: 'incidents', id, attributes: { occurrence_minute: 6 } } });
      const rewritten = await alertsOf(f);
      expect(rewritten.map((n) => [n.id, n.attributes.body_pl])).toEqual([[made[0].id, `6' ${await playerName(f.homePlayers[0])}`]]);
      // The goal is deleted before anything went out: its alert goes, no correction; then a red card.
      expect((await a.delete(`/api/v3/incidents/${id}`)).status).toBe(204);
      expect(await alertsOf(f)).toEqual([]);
      await incident(f, { incident_type: 'red_card', occurrence_half: 1, occurrence_minute: 30 }, { squad: f.awaySquad, player: f.awayPlayers[0] });
      const left = await alertsOf(f);
      expect(left.map((n) => n.attributes.alert_kind)).toEqual(['red_card']);
      expect(left[0].attributes.title_pl).toBe(`Czerwona kartka · ${x.home} 0:0 ${x.away}`);
      const jobs = await db().selectFrom('jobs').select('key').where('key', '=', `push:${made[0].id}`).where('status', '=', 'not_started').execute();
      expect(jobs).toEqual([]);
    } finally {
      await Promise.all([a.server.app.jobs!.start(), b.server.app.jobs!.start()]);
    }
    await allSent(f, 1);
    expect(about(fanOfMatch, f).map((m) => m.kind)).toEqual(['red_card']);
  });

  it('sends nothing for a muted match, a competition with alerts off, or a kind the league turned off', async () => {
    const x = await factsOf(await newMatch(4));
    const watcher = await follower([`competition:${x.competition}`, `club:${x.homeClub}`], { kinds: 'goal,red_card,full_time,kick_off' });
    const muted = await newMatch(4);
    expect((await a.patch(`/api/v3/matches/${muted.matchId}`, { data: { type: 'matches', id: muted.matchId, attributes: { alerts_muted: true } } })).status).toBe(200);
    await incident(muted, { incident_type: 'goal', occurrence_half: 1, occurrence_minute: 10 }, { squad: muted.homeSquad, player: muted.homePlayers[0] });
    expect(await alertsOf(muted)).toEqual([]);
    // kick_off is off in the demo league; goals are turned off for a while.
    const off = await newMatch(4);
    await incident(off, { incident_type: 'kick_off', occurrence_half: 1, occurrence_minute: 0 });
    const templates = (await a.get('/api/v3/match_alert_templates?filter[kind]=goal')).body.data;
    const goal = templates[0].id;
    await a.patch(`/api/v3/match_alert_templates/${goal}`, { data: { type: 'match_alert_templates', id: goal, attributes: { enabled: false } } });
    try {
      await incident(off, { incident_type: 'goal', occurrence_half: 1, occurrence_minute: 11 }, { squad: off.homeSquad, player: off.homePlayers[0] });
    } finally {
      await a.patch(`/api/v3/match_alert_templates/${goal}`, { data: { type: 'match_alert_templates', id: goal, attributes: { enabled: true } } });
    }
    expect(await alertsOf(off)).toEqual([]);
    // A red card is on, in a competition whose alerts staff turn off.
    const competition = await a.patch(`/api/v3/competitions/${x.competition}`, { data: { type: 'competitions', id: x.competition, attributes: { match_alerts: false } } });
    expect(competition.status, competition.text).toBe(200);
    try {
      const quiet = await newMatch(4);
      await incident(quiet, { incident_type: 'red_card', occurrence_half: 1, occurrence_minute: 12 }, { squad: quiet.homeSquad, player: quiet.homePlayers[0] });
      expect(await alertsOf(quiet)).toEqual([]);
    } finally {
      await a.patch(`/api/v3/competitions/${x.competition}`, { data: { type: 'competitions', id: x.competition, attributes: { match_alerts: true } } });
    }
    // The same red card with alerts on again does go out, to the same fan.
    const loud = await newMatch(4);
    await incident(loud, { incident_type: 'red_card', occurrence_half: 1, occurrence_minute: 12 }, { squad: loud.homeSquad, player: loud.homePlayers[0] });
    await allSent(loud, 1);
    expect(about(watcher, loud).map((m) => m.kind)).toEqual(['red_card']);
    expect(watcher.received.filter((m) => [muted.matchId, off.matchId].includes((m.link as { id: string }).id))).toEqual([]);
  });

  it('sends the alerts of one match in order: the second waits while the first is still being sent', async () => {
    const f = await newMatch(5);
    const watcher = await follower([`match:${f.matchId}`]);
    const release = push.hold();
    try {
      await incident(f, { incident_type: 'goal', occurrence_half: 1, occurrence_minute: 3 }, { squad: f.homeSquad, player: f.homePlayers[0] });
      // The first alert's message is at the push service, unanswered: its send is not over.
      await expect.poll(() => watcher.posts, { timeout: 20_000, interval: 20 }).toBe(1);
      await incident(f, { incident_type: 'goal', occurrence_half: 1, occurrence_minute: 4 }, { squad: f.awaySquad, player: f.awayPlayers[0] });
      // Both instances' workers have looked since (the second poll began after the write): still waiting.
      await Promise.all([a.server.app.jobs!.afterPolls(2), b.server.app.jobs!.afterPolls(2)]);
      expect((await alertsOf(f)).map((n) => n.attributes.status)).toEqual(['sending', 'scheduled']);
      expect(watcher.posts).toBe(1);
    } finally {
      release();
    }
    const sent = await allSent(f, 2);
    expect(about(watcher, f).map((m) => m.notification_id)).toEqual(sent.map((n) => n.id));
    expect(about(watcher, f).map((m) => m.title)).toEqual([expect.stringMatching(/ 1:0 /), expect.stringMatching(/ 1:1 /)]);
  });
});

describe('line-ups alert', () => {
  it('is planned a minute after the last line-up row and sent once when both elevens are in', async () => {
    const f = await newMatch(6);
    const watcher = await follower([`match:${f.matchId}`], { kinds: 'lineups' });
    const lineups = (await a.get('/api/v3/match_alert_templates?filter[kind]=lineups')).body.data[0].id;
    await a.patch(`/api/v3/match_alert_templates/${lineups}`, { data: { type: 'match_alert_templates', id: lineups, attributes: { enabled: true } } });
    try {
      const row = async (squad: string, player: string, place: number) => {
        const res = await a.post('/api/v3/lineups', {
          data: {
            type: 'lineups',
            attributes: { is_starting: true, formation_place: place },
            relationships: { match: { data: { type: 'matches', id: f.matchId } }, squad: { data: { type: 'squads', id: squad } }, player: { data: { type: 'players', id: player } } },
          },
        });
        expect(res.status, res.text).toBe(201);
      };
      const planned = () => db().selectFrom('jobs').select(['run_at']).where('kind', '=', LINEUPS_ALERT_JOB).where('status', '=', 'not_started').where('key', 'like', `%:${f.matchId}`).execute();
      await row(f.homeSquad, f.homePlayers[0], 1);
      await row(f.homeSquad, f.homePlayers[1], 2);
      // One job, a minute on: no alert yet.
      const jobs = await planned();
      expect(jobs).toHaveLength(1);
      expect(Date.parse(String(jobs[0].run_at instanceof Date ? jobs[0].run_at.toISOString() : jobs[0].run_at))).toBeGreaterThan(Date.now() + 30_000);
      expect(await alertsOf(f)).toEqual([]);
      // Its minute is up with one squad's line-up only: nothing.
      const due = () => db().updateTable('jobs').set({ run_at: dialect() === 'postgres' ? new Date(Date.now() - 1000) : new Date(Date.now() - 1000).toISOString() }).where('kind', '=', LINEUPS_ALERT_JOB).where('key', 'like', `%:${f.matchId}`).where('status', '=', 'not_started').execute();
      await due();
      await expect.poll(async () => (await planned()).length, { timeout: 20_000 }).toBe(0);
      expect(await alertsOf(f)).toEqual([]);
      await row(f.awaySquad, f.awayPlayers[0], 1);
      await due();
      const [sent] = await allSent(f, 1);
      expect(sent.attributes).toMatchObject({ alert_kind: 'lineups', alert_tag: matchAlertTag(f.matchId, { kind: 'lineups' }) });
      // Once per match: another row plans nothing.
      await row(f.awaySquad, f.awayPlayers[1], 2);
      expect(await planned()).toEqual([]);
      expect(about(watcher, f).map((m) => m.kind)).toEqual(['lineups']);
    } finally {
      await a.patch(`/api/v3/match_alert_templates/${lineups}`, { data: { type: 'match_alert_templates', id: lineups, attributes: { enabled: false } } });
    }
  });
});
