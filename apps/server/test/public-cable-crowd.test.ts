import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SEND_BUFFER_LIMIT } from '../src/realtime/cable';
import { createMatch, incidentBody, type MatchFixture } from './support/fixtures';
import { startTestServer, type TestServer } from './support/test-server';
import { waitFor } from './support/wait';

/**
 * Live scores to many fans (issue 25, point 2): a crowd on one match's public channel gets each
 * incident exactly once, and a fan who stops reading is dropped without holding up the others.
 */
const CROWD = 2000;
let api: TestServer;
let match: MatchFixture;
beforeAll(async () => {
  // Every socket of the test comes from 127.0.0.1.
  api = await startTestServer({ cablePublicConnectionsPerAddress: CROWD + 100 });
  match = await createMatch(api);
}, 120_000);
afterAll(() => api?.close());

/** A bare ActionCable client on the match's public channel; `texts` keeps every message as it came. */
interface Fan {
  ws: WebSocket;
  texts: string[];
  /** Resolves once `test` holds for a received message (checked on what came before, too). */
  until(test: (text: string) => boolean): Promise<void>;
}

function fan(identifier: string): Promise<Fan> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${api.url.replace('http', 'ws')}/cable?client=ekstraklasa-demo`, ['actioncable-v1-json'], { perMessageDeflate: false });
    const texts: string[] = [];
    const waiters = new Set<{ test: (t: string) => boolean; done: () => void }>();
    const self: Fan = {
      ws,
      texts,
      until: (test) =>
        new Promise<void>((done) => {
          if (texts.some(test)) return done();
          waiters.add({ test, done });
        }),
    };
    ws.on('error', reject);
    ws.on('message', (data) => {
      const text = data.toString();
      if (text.startsWith('{"type":"ping"')) return;
      if (text === '{"type":"welcome"}') return ws.send(JSON.stringify({ command: 'subscribe', identifier }));
      texts.push(text);
      if (text.includes('"confirm_subscription"')) resolve(self);
      if (text.includes('"reject_subscription"')) reject(new Error('rejected'));
      for (const w of waiters) if (w.test(text)) {
        waiters.delete(w);
        w.done();
      }
    });
  });
}

/** Opens `n` fans, a hundred at a time. */
async function crowd(n: number, identifier: string): Promise<Fan[]> {
  const fans: Fan[] = [];
  for (let i = 0; i < n; i += 100) fans.push(...(await Promise.all(Array.from({ length: Math.min(100, n - i) }, () => fan(identifier)))));
  return fans;
}

const created = (id: string) => (text: string) => text.includes('"action":"created"') && text.includes(`"incident":{"type":"incidents","id":"${id}"`);

describe('the public match channel under a crowd', () => {
  it(`delivers an incident to each of ${CROWD} fans exactly once`, async () => {
    const identifier = JSON.stringify({ channel: 'Public::MatchChannel', match_id: Number(match.matchId) });
    const fans = await crowd(CROWD, identifier);
    try {
      expect(api.server.app.cable.stats().connections).toBeGreaterThanOrEqual(CROWD);
      const post = (minute: number) => api.post('/api/v3/incidents', incidentBody(match, { incident_type: 'yellow_card', occurrence_half: 1, occurrence_minute: minute }, { squad: match.homeSquad, player: match.homePlayers[0] }));
      const first = await post(10);
      expect(first.status, first.text).toBe(201);
      await Promise.all(fans.map((f) => f.until(created(first.body.data.id))));
      // A second incident behind it: once each fan has that one, a repeat of the first would have come.
      const second = await post(11);
      expect(second.status, second.text).toBe(201);
      await Promise.all(fans.map((f) => f.until(created(second.body.data.id))));
      const counts = fans.map((f) => f.texts.filter(created(first.body.data.id)).length);
      expect(counts.filter((c) => c !== 1)).toEqual([]);
      const message = JSON.parse(fans[0].texts.find(created(first.body.data.id))!);
      expect(message).toMatchObject({ identifier, message: { action: 'created', match_id: match.matchId, incident: { attributes: { incident_type: 'yellow_card', occurrence_minute: 10 } } } });
    } finally {
      for (const f of fans) f.ws.terminate();
    }
  }, 180_000);

  it('gives a fan who subscribes after a change a snapshot with it, though the crowd before read one without', async () => {
    const identifier = JSON.stringify({ channel: 'Public::MatchChannel', match_id: Number(match.matchId) });
    const snapshotOf = (f: Fan) => JSON.parse(f.texts.find((t) => t.includes('"action":"snapshot"'))!).message;
    const before = await crowd(3, identifier);
    const later: Fan[] = [];
    try {
      await Promise.all(before.map((f) => f.until((t) => t.includes('"action":"snapshot"'))));
      const incident = await api.post('/api/v3/incidents', incidentBody(match, { incident_type: 'yellow_card', occurrence_half: 2, occurrence_minute: 50 }, { squad: match.awaySquad, player: match.awayPlayers[0] }));
      expect(incident.status, incident.text).toBe(201);
      const id = incident.body.data.id;
      await Promise.all(before.map((f) => f.until(created(id))));
      for (const f of before) expect(snapshotOf(f).incidents.map((i: { id: string }) => i.id)).not.toContain(id);
      later.push(await fan(identifier));
      await later[0].until((t) => t.includes('"action":"snapshot"'));
      expect(snapshotOf(later[0]).incidents.map((i: { id: string }) => i.id)).toContain(id);
    } finally {
      for (const f of [...before, ...later]) f.ws.terminate();
    }
  });

  it('drops a fan who stops reading once too much waits for them, while the others get every message', async () => {
    const identifier = JSON.stringify({ channel: 'Public::MatchChannel', match_id: Number(match.matchId) });
    const others = await crowd(5, identifier);
    const stalled = await fan(identifier);
    const cable = api.server.app.cable;
    await waitFor('the crowd of the test before to leave', async () => cable.stats().connections === 6);
    const droppedBefore = cable.stats().dropped.slow;
    // Stops reading: what the server sends piles up in the kernel's buffers (a few MB on loopback), then in the server's.
    (stalled.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    const incident = await api.post('/api/v3/incidents', incidentBody(match, { incident_type: 'goal', occurrence_half: 2, occurrence_minute: 70 }, { squad: match.homeSquad, player: match.homePlayers[0] }));
    expect(incident.status, incident.text).toBe(201);
    const row = await api.server.database.db.selectFrom('incidents').selectAll().where('id', '=', Number(incident.body.data.id)).executeTakeFirstOrThrow();
    // Real incidents make messages of about 2 kB: thousands of writes would be needed to fill those
    // buffers, so the changes are published straight to the bus, each with a 100 kB description.
    const big = 'x'.repeat(100_000);
    try {
      for (let i = 1; cable.stats().dropped.slow === droppedBefore; i++) {
        // Well past what the kernel and the bound together hold, the stalled fan must be gone.
        expect(i * big.length).toBeLessThan(20 * 1024 * 1024 + SEND_BUFFER_LIMIT);
        const marker = `bulk-${i}-`;
        await api.server.bus.publish([{ clientId: Number(row.client_id), type: 'incidents', id: String(row.id), action: 'update', actor: 'test', before: row, after: { ...row, description: marker + big } }]);
        await Promise.all(others.map((f) => f.until((t) => t.includes(marker))));
      }
      expect(cable.stats().dropped.slow).toBe(droppedBefore + 1);
      await waitFor('the stalled fan to leave', async () => cable.stats().connections === 5);
      // Operators see it on /metrics, beside the sockets still open.
      const metrics = await (await fetch(`${api.url}/metrics`)).text();
      expect(metrics).toContain(`umpire_cable_dropped_sockets_total{reason="slow"} ${droppedBefore + 1}`);
      expect(metrics).toMatch(/^umpire_cable_connections 5$/m);
      // The others are still there and still hear what follows.
      const after = await api.post('/api/v3/incidents', incidentBody(match, { incident_type: 'yellow_card', occurrence_half: 2, occurrence_minute: 80 }, { squad: match.awaySquad, player: match.awayPlayers[0] }));
      expect(after.status, after.text).toBe(201);
      await Promise.all(others.map((f) => f.until(created(after.body.data.id))));
    } finally {
      for (const f of [...others, stalled]) f.ws.terminate();
    }
  }, 120_000);

  it('closes a connection that answers no WebSocket ping, and keeps one that does', async () => {
    const identifier = JSON.stringify({ channel: 'Public::MatchChannel', match_id: Number(match.matchId) });
    // The cable's own insides: its ticks are run by hand (its timer stopped), so no wait decides the outcome.
    const cable = api.server.app.cable as unknown as { timers: NodeJS.Timeout[]; connections: Set<{ alive: boolean }>; tick(): void; stats(): { connections: number; dropped: { silent: number } } };
    for (const t of cable.timers) clearInterval(t);
    await waitFor('the fans of the tests before to leave', async () => cable.stats().connections === 0);
    const [answering, gone] = await crowd(2, identifier);
    // A peer gone without a word (no FIN, no RST) reads nothing, so answers no ping.
    (gone.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    const silentBefore = cable.stats().dropped.silent;
    const pinged = new Promise((resolve) => answering.ws.once('ping', resolve));
    // One heartbeat round reaches every connection once: each is pinged and must answer before the next.
    const round = () => {
      for (let i = 0; i < 150; i++) cable.tick();
    };
    try {
      round();
      await pinged;
      await waitFor('the pong of the fan who reads', async () => [...cable.connections].filter((c) => c.alive).length === 1);
      round();
      expect(cable.stats().dropped.silent).toBe(silentBefore + 1);
      await waitFor('the silent fan to leave', async () => cable.stats().connections === 1);
      expect(answering.ws.readyState).toBe(WebSocket.OPEN);
    } finally {
      for (const f of [answering, gone]) f.ws.terminate();
    }
  });
});
