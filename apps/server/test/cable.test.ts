import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startServer } from '../src/server';
import { subscribe } from './support/cable-client';
import { createMatch, incidentBody, type MatchFixture } from './support/fixtures';
import { freshDatabase, startTestServer, TEST_DB, type TestServer } from './support/test-server';

let api: TestServer;
let match: MatchFixture;
beforeAll(async () => {
  api = await startTestServer();
  match = await createMatch(api);
});
afterAll(() => api?.close());

const wsUrl = (base: string, token: string) => `${base.replace('http', 'ws')}/cable?token=${encodeURIComponent(token)}`;

describe('/cable with the official @rails/actioncable client', () => {
  it('confirms a subscription to a match, sends a snapshot, then an incident created over HTTP', async () => {
    const sub = subscribe(wsUrl(api.url, await api.token('editor')), 'API::V3::IncidentsChannel', { match_id: Number(match.matchId) });
    try {
      expect(await sub.status).toBe('connected');
      const snapshot = await sub.next((m) => m.action === 'snapshot');
      expect(Array.isArray(snapshot.incidents)).toBe(true);
      const res = await api.post(
        '/api/v3/incidents',
        incidentBody(match, { incident_type: 'yellow_card', occurrence_half: 1, occurrence_minute: 12 }, { squad: match.homeSquad, player: match.homePlayers[0] }),
      );
      expect(res.status).toBe(201);
      const message = await sub.next((m) => m.action === 'created');
      expect(message.incident).toMatchObject({ type: 'incidents', id: res.body.data.id, attributes: { incident_type: 'yellow_card', occurrence_minute: 12 } });
      expect(message.actor).toBe('admin');
      await api.delete(`/api/v3/incidents/${res.body.data.id}`);
      expect((await sub.next((m) => m.action === 'deleted')).id).toBe(res.body.data.id);
    } finally {
      sub.consumer.disconnect();
    }
  });

  it('tells the match channel the new score and who else has the match open', async () => {
    const a = subscribe(wsUrl(api.url, await api.token('editor')), 'API::V3::MatchChannel', { match_id: Number(match.matchId) });
    const b = subscribe(wsUrl(api.url, await api.token('admin')), 'API::V3::MatchChannel', { match_id: Number(match.matchId) });
    try {
      expect(await a.status).toBe('connected');
      expect(await b.status).toBe('connected');
      const presence = await a.next((m) => m.action === 'presence' && m.viewers.length === 2);
      expect(presence.viewers.map((v: any) => v.username)).toEqual(['admin', 'editor']);
      const goal = await api.post(
        '/api/v3/incidents',
        incidentBody(match, { incident_type: 'goal', occurrence_half: 1, occurrence_minute: 30 }, { squad: match.awaySquad, player: match.awayPlayers[0] }),
      );
      expect(goal.status).toBe(201);
      const update = await a.next((m) => m.action === 'updated' && m.match?.attributes.away_score === 1);
      expect(update.match.attributes).toMatchObject({ home_score: 0, away_score: 1, status: 'first_half' });
      // Broadcasters are links through a join table: they come with the match too.
      const provider = (await api.get('/api/v3/transmission_providers?page[size]=1&sort=id')).body.data[0].id;
      const linked = await api.patch(`/api/v3/matches/${match.matchId}`, {
        data: { type: 'matches', id: match.matchId, relationships: { transmission_providers: { data: [{ type: 'transmission_providers', id: provider }] } } },
      });
      expect(linked.status, linked.text).toBe(200);
      const relinked = await a.next((m) => m.action === 'updated' && m.match?.relationships?.transmission_providers?.data.length === 1);
      expect(relinked.match.relationships.transmission_providers.data).toEqual([{ type: 'transmission_providers', id: provider }]);
      b.consumer.disconnect();
      const left = await a.next((m) => m.action === 'presence' && m.viewers.length === 1);
      expect(left.viewers[0].username).toBe('editor');
      await api.delete(`/api/v3/incidents/${goal.body.data.id}`);
    } finally {
      a.consumer.disconnect();
      b.consumer.disconnect();
    }
  });

  it("rejects another client's match, an unknown channel and a bad identifier", async () => {
    const other = subscribe(wsUrl(api.url, await api.token('other-admin')), 'API::V3::IncidentsChannel', { match_id: Number(match.matchId) });
    const unknown = subscribe(wsUrl(api.url, await api.token('admin')), 'API::V3::NothingChannel', { match_id: Number(match.matchId) });
    const missing = subscribe(wsUrl(api.url, await api.token('admin')), 'API::V3::MatchChannel', { match_id: 99999999 });
    try {
      expect(await other.status).toBe('rejected');
      expect(await unknown.status).toBe('rejected');
      expect(await missing.status).toBe('rejected');
    } finally {
      for (const s of [other, unknown, missing]) s.consumer.disconnect();
    }
  });
});

describe('/cable refuses', () => {
  const raw = (url: string, headers: Record<string, string> = {}) =>
    new Promise<{ messages: any[]; code?: number; status?: number }>((resolve) => {
      const ws = new WebSocket(url, ['actioncable-v1-json'], { headers });
      const messages: any[] = [];
      ws.on('message', (d) => messages.push(JSON.parse(d.toString())));
      ws.on('close', (code) => resolve({ messages, code }));
      ws.on('unexpected-response', (_req, res) => resolve({ messages, status: res.statusCode }));
      ws.on('error', () => {});
    });

  it('a connection without a valid token: disconnect "unauthorized", no reconnect, close code 4401', async () => {
    for (const token of ['', 'not-a-token']) {
      const res = await raw(`${api.url.replace('http', 'ws')}/cable${token ? `?token=${token}` : ''}`);
      expect(res.messages).toEqual([{ type: 'disconnect', reason: 'unauthorized', reconnect: false }]);
      expect(res.code).toBe(4401);
    }
  });

  it('a connection from an origin that is not allowed (403)', async () => {
    const res = await raw(wsUrl(api.url, await api.token('admin')), { origin: 'https://evil.example.com' });
    expect(res.status).toBe(403);
    const allowed = new WebSocket(wsUrl(api.url, await api.token('admin')), ['actioncable-v1-json'], { headers: { origin: api.url } });
    const first = await new Promise<any>((resolve) => allowed.once('message', (d) => resolve(JSON.parse(d.toString()))));
    expect(first).toEqual({ type: 'welcome' });
    allowed.close();
  });

  it('answers a repeated subscribe once, as Rails does', async () => {
    const ws = new WebSocket(wsUrl(api.url, await api.token('admin')), ['actioncable-v1-json']);
    const identifier = JSON.stringify({ channel: 'API::V3::MatchChannel', match_id: Number(match.matchId) });
    // The server reads a connection's messages in order and drops a repeat as soon as it reads it
    // (cable.ts, subscribe). The answer to another subscription, asked for once the first is
    // confirmed, is the sign that the repeat was dealt with: it takes the same path (a lookup of the
    // match, then the answer), which a repeat the server answered would have started a round trip
    // earlier (and SQLite runs the lookups in order).
    const later = JSON.stringify({ channel: 'API::V3::IncidentsChannel', match_id: Number(match.matchId) });
    const answers: string[] = [];
    let askedLater = false;
    let answered: () => void;
    const laterAnswered = new Promise<void>((r) => (answered = r));
    ws.on('message', (d) => {
      const m = JSON.parse(d.toString());
      if (m.type === 'welcome') for (let i = 0; i < 2; i++) ws.send(JSON.stringify({ command: 'subscribe', identifier }));
      else if (m.type && m.type !== 'ping') {
        answers.push(`${m.type} ${m.identifier ? JSON.parse(m.identifier).channel : ''}`);
        if (m.identifier === identifier && !askedLater) {
          askedLater = true;
          ws.send(JSON.stringify({ command: 'subscribe', identifier: later }));
        }
        if (m.identifier === later) answered();
      }
    });
    try {
      await laterAnswered;
      expect(answers).toEqual(['confirm_subscription API::V3::MatchChannel', 'confirm_subscription API::V3::IncidentsChannel']);
    } finally {
      ws.close();
    }
  });

  it('pings every few seconds so clients can tell a stale connection', async () => {
    const ws = new WebSocket(wsUrl(api.url, await api.token('admin')), ['actioncable-v1-json']);
    const ping = await new Promise<any>((resolve) =>
      ws.on('message', (d) => {
        const m = JSON.parse(d.toString());
        if (m.type === 'ping') resolve(m);
      }),
    );
    expect(typeof ping.message).toBe('number');
    expect(ws.protocol).toBe('actioncable-v1-json');
    ws.close();
  });
});

describe('stale edits', () => {
  it('answer 409 when the incident changed since it was loaded, never a silent overwrite', async () => {
    const created = await api.post(
      '/api/v3/incidents',
      incidentBody(match, { incident_type: 'yellow_card', occurrence_half: 2, occurrence_minute: 50 }, { squad: match.homeSquad, player: match.homePlayers[1] }),
    );
    const loaded = created.body.data;
    const first = await api.patch(`/api/v3/incidents/${loaded.id}`, {
      data: { type: 'incidents', id: loaded.id, attributes: { occurrence_minute: 51 }, meta: { updated_at: loaded.attributes.updated_at } },
    });
    expect(first.status).toBe(200);
    const second = await api.patch(`/api/v3/incidents/${loaded.id}`, {
      data: { type: 'incidents', id: loaded.id, attributes: { occurrence_minute: 52 }, meta: { updated_at: loaded.attributes.updated_at } },
    });
    expect(second.status).toBe(409);
    expect(second.body.errors[0].meta.key).toBe('staleRecord');
    expect((await api.get(`/api/v3/incidents/${loaded.id}`)).body.data.attributes.occurrence_minute).toBe(51);
    await api.delete(`/api/v3/incidents/${loaded.id}`);
  });
});

describe.runIf(TEST_DB === 'postgres')('several instances', () => {
  it('deliver a change made through one instance to the clients of another (LISTEN/NOTIFY)', async () => {
    const db = await freshDatabase();
    // One after the other: seeding side by side is safety.test's subject; here it only costs time.
    const a = await startServer({ port: 0, host: '127.0.0.1' }, db.env);
    const b = await startServer({ port: 0, host: '127.0.0.1' }, db.env);
    try {
      const signIn = await fetch(`${a.url}/auth/v1/sign_in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data: { type: 'sign_in', attributes: { username: 'admin', password: 'umpire-demo' } } }),
      });
      const token = (await signIn.json()).data.attributes.token;
      const viaA: TestServer = { ...api, url: a.url, token: async () => token, request: (m, p, o) => api.request(m, p, o) };
      const post = (path: string, body: unknown) =>
        fetch(a.url + path, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/vnd.api+json' }, body: JSON.stringify(body) }).then(async (r) => ({ status: r.status, body: await r.json() }));
      void viaA;
      const squads = await (await fetch(`${a.url}/api/v3/squads?page[size]=2&sort=id`, { headers: { authorization: `Bearer ${token}` } })).json();
      const cs = await (await fetch(`${a.url}/api/v3/competition_seasons?filter[is_current]=true&page[size]=1`, { headers: { authorization: `Bearer ${token}` } })).json();
      const stage = await post('/api/v3/stages', { data: { type: 'stages', attributes: { name: 'S' }, relationships: { competition_season: { data: { type: 'competition_seasons', id: cs.data[0].id } } } } });
      const round = await post('/api/v3/rounds', { data: { type: 'rounds', attributes: { name: 'R', number: 1 }, relationships: { stage: { data: { type: 'stages', id: stage.body.data.id } } } } });
      const m = await post('/api/v3/matches', {
        data: {
          type: 'matches',
          attributes: { kickoff_at: new Date().toISOString() },
          relationships: { round: { data: { type: 'rounds', id: round.body.data.id } }, home_squad: { data: { type: 'squads', id: squads.data[0].id } }, away_squad: { data: { type: 'squads', id: squads.data[1].id } } },
        },
      });
      const sub = subscribe(wsUrl(b.url, token), 'API::V3::IncidentsChannel', { match_id: Number(m.body.data.id) });
      expect(await sub.status).toBe('connected');
      const res = await post('/api/v3/incidents', { data: { type: 'incidents', attributes: { incident_type: 'kick_off', occurrence_half: 1, occurrence_minute: 0 }, relationships: { match: { data: { type: 'matches', id: m.body.data.id } } } } });
      expect(res.status).toBe(201);
      const message = await sub.next((x) => x.action === 'created');
      expect(message.incident.id).toBe(res.body.data.id);
      sub.consumer.disconnect();
    } finally {
      await a.close();
      await b.close();
      await db.drop();
    }
  });
});
