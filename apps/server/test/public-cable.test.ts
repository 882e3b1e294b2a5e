import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { subscribe } from './support/cable-client';
import { createMatch, incidentBody, type MatchFixture } from './support/fixtures';
import { startTestServer, type TestServer } from './support/test-server';
import { waitFor } from './support/wait';

/**
 * Live scores for fans (issue 24, point 4): /cable without a token, for one league, on the public
 * channels of a match and of a round; the official client as a website would use it.
 */
let api: TestServer;
let match: MatchFixture;
let round: string;
beforeAll(async () => {
  api = await startTestServer({ cablePublicConnectionsPerAddress: 3 });
  match = await createMatch(api);
  round = (await api.get(`/api/v3/matches/${match.matchId}`)).body.data.relationships.round.data.id as string;
});
afterAll(() => api?.close());

const fanUrl = (slug = 'ekstraklasa-demo') => `${api.url.replace('http', 'ws')}/cable?client=${slug}`;

describe('the public live channels', () => {
  it('sends a match snapshot, then each incident and the new score, with public fields only and no staff presence', async () => {
    const staff = subscribe(`${api.url.replace('http', 'ws')}/cable?token=${await api.token('editor')}`, 'API::V3::MatchChannel', { match_id: Number(match.matchId) });
    const fan = subscribe(fanUrl(), 'Public::MatchChannel', { match_id: Number(match.matchId) });
    try {
      expect(await staff.status).toBe('connected');
      expect(await fan.status).toBe('connected');
      const snapshot = await fan.next((m) => m.action === 'snapshot');
      expect(snapshot.match).toMatchObject({ type: 'matches', id: match.matchId });
      expect(snapshot.match.links.self).toContain('/public/v1/matches/');
      expect(snapshot.incidents).toEqual([]);
      const goal = await api.post('/api/v3/incidents', incidentBody(match, { incident_type: 'goal', occurrence_half: 1, occurrence_minute: 12 }, { squad: match.homeSquad, player: match.homePlayers[0] }));
      expect(goal.status, goal.text).toBe(201);
      const incident = await fan.next((m) => m.action === 'created' && m.incident);
      expect(incident.incident).toMatchObject({ type: 'incidents', id: goal.body.data.id, attributes: { incident_type: 'goal', occurrence_minute: 12 } });
      const score = await fan.next((m) => m.match?.attributes?.home_score === 1);
      expect(score.match_id).toBe(match.matchId);
      // Only what the delivery API shows of a match; never who of the staff is watching.
      expect(Object.keys(score.match.attributes)).not.toContain('created_at');
      await staff.next((m) => m.action === 'presence');
      expect(fan.received.some((m) => m.action === 'presence' || JSON.stringify(m).includes('editor'))).toBe(false);
    } finally {
      staff.consumer.disconnect();
      fan.consumer.disconnect();
    }
  });

  it('sends a round snapshot and each of its matches as its score changes', async () => {
    const fan = subscribe(fanUrl(), 'Public::RoundChannel', { round_id: Number(round) });
    try {
      expect(await fan.status).toBe('connected');
      const snapshot = await fan.next((m) => m.action === 'snapshot');
      expect(snapshot.matches.map((m: { id: string }) => m.id)).toContain(match.matchId);
      const goal = await api.post('/api/v3/incidents', incidentBody(match, { incident_type: 'goal', occurrence_half: 2, occurrence_minute: 60 }, { squad: match.awaySquad, player: match.awayPlayers[0] }));
      expect(goal.status, goal.text).toBe(201);
      const changed = await fan.next((m) => m.match?.id === match.matchId && typeof m.match.attributes.away_score === 'number' && m.match.attributes.away_score >= 1);
      expect(changed.action).toBe('updated');
      expect(await fan.next((m) => m.incident?.id === goal.body.data.id)).toMatchObject({ action: 'created', match_id: match.matchId });
    } finally {
      fan.consumer.disconnect();
    }
  });

  it('refuses staff channels, unknown leagues, other leagues’ matches, and more connections per address than allowed', async () => {
    const staffOnly = subscribe(fanUrl(), 'API::V3::IncidentsChannel', { match_id: Number(match.matchId) });
    const elsewhere = subscribe(fanUrl('other-league'), 'Public::MatchChannel', { match_id: Number(match.matchId) });
    try {
      expect(await staffOnly.status).toBe('rejected');
      expect(await elsewhere.status).toBe('rejected');
    } finally {
      staffOnly.consumer.disconnect();
      elsewhere.consumer.disconnect();
    }
    const status = (url: string) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(url, ['actioncable-v1-json']);
        ws.on('open', () => resolve(101));
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.on('error', () => {});
        opened.push(ws);
      });
    const opened: WebSocket[] = [];
    // The connections of the tests before are closed (a close takes a moment to reach the server).
    const open = () => api.server.app.cable.stats().connections;
    await waitFor('the earlier connections to close', async () => open() === 0);
    try {
      expect(await status(fanUrl('no-such-league'))).toBe(404);
      // The limit is 3 here: the fourth from one address waits for one to close.
      for (let i = 0; i < 3; i++) expect(await status(fanUrl())).toBe(101);
      expect(await status(fanUrl())).toBe(429);
      opened[1].close();
      await waitFor('the closed connection to leave', async () => open() === 2);
      expect(await status(fanUrl())).toBe(101);
    } finally {
      for (const ws of opened) ws.close();
    }
  });
});

describe('a server that stops', () => {
  it('tells each client to reconnect (a restart) before it closes the socket, as Rails does; the official client goes on reconnecting', async () => {
    const own = await startTestServer();
    const url = `${own.url.replace('http', 'ws')}/cable?client=ekstraklasa-demo`;
    const official = subscribe(url, 'Public::MatchChannel', { match_id: Number((await createMatch(own)).matchId) });
    try {
      const ws = new WebSocket(url, ['actioncable-v1-json']);
      const got: string[] = [];
      ws.on('message', (data) => {
        const text = data.toString();
        if (!text.includes('"ping"')) got.push(text);
      });
      await new Promise((r) => ws.once('open', r));
      await waitFor('the welcome', async () => got.includes('{"type":"welcome"}'));
      expect(await official.status).toBe('connected');
      const closed = new Promise<number>((r) => ws.once('close', (code) => r(code)));
      await own.server.close();
      expect(await closed).toBe(1001);
      expect(got.map((t) => JSON.parse(t))).toEqual([{ type: 'welcome' }, { type: 'disconnect', reason: 'server_restart', reconnect: true }]);
      // The official client took the message as a restart: its monitor keeps running, to reconnect.
      expect((official.consumer as unknown as { connection: { monitor: { isRunning(): boolean } } }).connection.monitor.isRunning()).toBe(true);
    } finally {
      official.consumer.disconnect();
      await own.close();
    }
  });
});
