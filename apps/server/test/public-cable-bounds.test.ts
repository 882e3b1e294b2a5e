import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { subscribe } from './support/cable-client';
import { createMatch, type MatchFixture } from './support/fixtures';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * A fan's /cable connection is bounded (issue 38, point 5): subscriptions held, an identifier's
 * size, new subscribes (a page's worth at once, then at a rate; past it the connection is closed,
 * reconnect: false); the public
 * snapshots' cache evicts the least recently used and remembers "no such match", so made-up ids
 * neither reach the database without end nor push out the snapshot a crowd is reading.
 */
// A rate window far longer than the test: what it refills meanwhile is a small fraction of one subscribe.
const BOUNDS = { subscriptions: 8, identifierBytes: 256, subscribeRate: { max: 4, windowSeconds: 3600 }, snapshotCache: 16 };
/** New subscribes a connection may send at once: its subscriptions and a rate's worth more. */
const BURST = BOUNDS.subscriptions + BOUNDS.subscribeRate.max;
const MADE_UP = 10_000;

let api: TestServer;
let match: MatchFixture;
beforeAll(async () => {
  api = await startTestServer({ cablePublic: BOUNDS });
  match = await createMatch(api);
});
afterAll(() => api?.close());

const fanUrl = () => `${api.url.replace('http', 'ws')}/cable?client=ekstraklasa-demo`;
const stats = () => api.server.app.cable.stats();
const matchIdentifier = (matchId: number | string, extra: Record<string, unknown> = {}) => JSON.stringify({ channel: 'Public::MatchChannel', match_id: Number(matchId), ...extra });

/** A bare ActionCable socket (as a script would open one): what it sent and what came back. */
interface RawFan {
  ws: WebSocket;
  /** Every message but pings and the welcome, parsed. */
  received: any[];
  closed: Promise<number>;
  subscribe(identifier: string): void;
  /** Resolves once `test` holds for a message received (before or after the call). */
  until(test: (m: any) => boolean): Promise<any>;
}

function rawFan(): Promise<RawFan> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(fanUrl(), ['actioncable-v1-json'], { perMessageDeflate: false });
    const received: any[] = [];
    const waiters = new Set<{ test: (m: any) => boolean; done: (m: any) => void }>();
    const fan: RawFan = {
      ws,
      received,
      closed: new Promise((r) => ws.on('close', (code) => r(code))),
      subscribe: (identifier) => ws.send(JSON.stringify({ command: 'subscribe', identifier })),
      until: (test) =>
        new Promise((done) => {
          const found = received.find(test);
          if (found) return done(found);
          waiters.add({ test, done });
        }),
    };
    ws.on('error', reject);
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString());
      if (message.type === 'ping') return;
      if (message.type === 'welcome') return resolve(fan);
      received.push(message);
      for (const w of [...waiters])
        if (w.test(message)) {
          waiters.delete(w);
          w.done(message);
        }
    });
  });
}

const answerTo = (identifier: string) => (m: any) => m.identifier === identifier && (m.type === 'confirm_subscription' || m.type === 'reject_subscription');

/** Subscribes to `identifier` and waits for the answer: confirm_subscription or reject_subscription. */
async function answer(fan: RawFan, identifier: string): Promise<string> {
  fan.subscribe(identifier);
  return (await fan.until(answerTo(identifier))).type as string;
}

/** A fan's page with the official client, on the real match: whether it was served a snapshot. */
async function crowdFan() {
  const fan = subscribe(fanUrl(), 'Public::MatchChannel', { match_id: Number(match.matchId) });
  try {
    expect(await fan.status).toBe('connected');
    const snapshot = await fan.next((m) => m.action === 'snapshot');
    expect(snapshot.match.id).toBe(match.matchId);
  } finally {
    fan.consumer.disconnect();
  }
}

describe("a fan's /cable connection", () => {
  it('a refused upgrade whose client resets the connection (as HAProxy does) leaves the server serving', async () => {
    const { port } = new URL(api.url);
    const answered = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () =>
        socket.write(`GET /cable?client=no-such-league HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: ${Buffer.alloc(16).toString('base64')}\r\n\r\n`),
      );
      socket.once('data', (data) => {
        // A reset, not a close: the server's socket sees ECONNRESET.
        socket.resetAndDestroy();
        resolve(data.toString().split('\r\n')[0]);
      });
      socket.on('error', reject);
    });
    expect(answered).toBe('HTTP/1.1 404 Not Found');
    // The reset has reached the server by the time a later request on another connection is answered.
    expect((await api.get('/healthz', { token: null })).status).toBe(200);
    const fan = await rawFan();
    try {
      expect(await answer(fan, matchIdentifier(match.matchId))).toBe('confirm_subscription');
    } finally {
      fan.ws.close();
    }
  });

  it('serves a page subscribing to all it shows at once, more than the rate, up to its number of subscriptions, and refuses an identifier larger than allowed', async () => {
    const fan = await rawFan();
    try {
      // Sent at once: those still being checked count too.
      const identifiers = Array.from({ length: BOUNDS.subscriptions + 1 }, (_, i) => matchIdentifier(match.matchId, { page: i }));
      for (const identifier of identifiers) fan.subscribe(identifier);
      const answers = await Promise.all(identifiers.map((identifier) => fan.until(answerTo(identifier))));
      expect(answers.map((m) => m.type)).toEqual([...Array(BOUNDS.subscriptions).fill('confirm_subscription'), 'reject_subscription']);
      // One given up leaves room for another.
      fan.ws.send(JSON.stringify({ command: 'unsubscribe', identifier: identifiers[0] }));
      expect(await answer(fan, matchIdentifier(match.matchId, { page: 'again' }))).toBe('confirm_subscription');
    } finally {
      fan.ws.close();
    }

    const other = await rawFan();
    try {
      const refused = stats().refused.identifier;
      const large = matchIdentifier(match.matchId, { pad: 'x'.repeat(BOUNDS.identifierBytes) });
      expect(await answer(other, large)).toBe('reject_subscription');
      expect(stats().refused.identifier).toBe(refused + 1);
      expect(await answer(other, matchIdentifier(match.matchId))).toBe('confirm_subscription');
    } finally {
      other.ws.close();
    }
  });

  it(`asking for ${MADE_UP.toLocaleString('en')} made-up matches at once is closed past its allowance, after a few lookups, and the crowd's snapshot stays cached`, async () => {
    await crowdFan();
    const readsBefore = stats().snapshots.reads;
    const attacker = await rawFan();
    const identifiers = Array.from({ length: MADE_UP }, (_, i) => matchIdentifier(1_000_000 + i));
    for (const identifier of identifiers) attacker.subscribe(identifier);
    // Closed by the server; were it not, every one of them would be answered.
    const everyAnswer = attacker.until(() => attacker.received.filter((m) => m.type === 'reject_subscription' || m.type === 'confirm_subscription').length === MADE_UP);
    await Promise.race([attacker.closed, everyAnswer]);
    expect(attacker.received.find((m) => m.type === 'disconnect')).toEqual({ type: 'disconnect', reason: 'invalid_request', reconnect: false });
    expect(await attacker.closed).toBe(1008);
    const answered = attacker.received.filter((m) => m.identifier !== undefined);
    expect(answered.every((m) => m.type === 'reject_subscription')).toBe(true);
    expect(answered.length).toBeLessThanOrEqual(BURST);
    const reads = stats().snapshots.reads;
    expect(reads - readsBefore).toBeLessThanOrEqual(BURST);
    // The next fan of the real match is served from memory: no read.
    await crowdFan();
    expect(stats().snapshots.reads).toBe(reads);
  });

  it('remembers made-up matches, and more of them than the cache holds do not push out the real one', async () => {
    await crowdFan();
    const readsBefore = stats().snapshots.reads;
    // Connections each within their bounds ask for more made-up matches than the cache holds twice.
    const PER_CONNECTION = 10;
    const CONNECTIONS = 4;
    expect(PER_CONNECTION).toBeLessThan(BURST);
    const madeUp = Array.from({ length: CONNECTIONS * PER_CONNECTION }, (_, i) => matchIdentifier(2_000_000 + i));
    expect(madeUp.length).toBeGreaterThan(2 * BOUNDS.snapshotCache);
    for (let c = 0; c < CONNECTIONS; c++) {
      const fan = await rawFan();
      try {
        for (const identifier of madeUp.slice(c * PER_CONNECTION, (c + 1) * PER_CONNECTION)) expect(await answer(fan, identifier)).toBe('reject_subscription');
      } finally {
        fan.ws.close();
      }
    }
    const asked = madeUp.length;
    expect(stats().snapshots.reads - readsBefore).toBe(asked);
    // The latest of them are answered from memory...
    const again = await rawFan();
    try {
      for (const identifier of madeUp.slice(asked - 5, asked)) expect(await answer(again, identifier)).toBe('reject_subscription');
    } finally {
      again.ws.close();
    }
    expect(stats().snapshots.reads - readsBefore).toBe(asked);
    // ...and so is the real match.
    await crowdFan();
    expect(stats().snapshots.reads - readsBefore).toBe(asked);
  });
});
