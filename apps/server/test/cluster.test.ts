import * as ActionCable from '@rails/actioncable';
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { REPO_ROOT } from '../src/config';
import { createMatch, incidentBody, type MatchFixture } from './support/fixtures';
import { startPushService, type BrowserSubscription, type PushService } from './support/push-service';
import { apiClient, TEST_DB, type ApiClient } from './support/test-server';

// The official client, as the admin app uses it; Node lacks the browser globals it touches.
(ActionCable.adapters as { WebSocket: unknown }).WebSocket = WebSocket;
(globalThis as any).addEventListener ??= () => {};
(globalThis as any).removeEventListener ??= () => {};

/** What scripts/cluster.mjs gives (plain JavaScript, typed here). */
interface Instance {
  name: string;
  url: string;
  process: ChildProcess;
  start(): Promise<void>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}
interface Cluster {
  url: string;
  databaseUrl: string;
  instances: Instance[];
  stop(): Promise<void>;
}

// The cluster is PostgreSQL's topology (instances share it and hear each other through NOTIFY).
const ON_POSTGRES = TEST_DB === 'postgres';
if (!ON_POSTGRES) console.log('cluster.test.ts: skipped on SQLite: several instances behind a load balancer need PostgreSQL (UMPIRE_TEST_DB=postgres)');

let cluster: Cluster;
let lb: ApiClient;
let a: ApiClient;
let b: ApiClient;
let push: PushService;
// Jobs are polled often and leased briefly, so that a takeover shows within the test.
const LEASE_MS = 3000;

beforeAll(async () => {
  if (!ON_POSTGRES) return;
  push = await startPushService();
  const { startCluster } = (await import(join(REPO_ROOT, 'scripts/cluster.mjs'))) as {
    startCluster(o: { instances: number; env: Record<string, string> }): Promise<Cluster>;
  };
  cluster = await startCluster({
    instances: 2,
    env: {
      JOB_POLL_MS: '20',
      JOB_LEASE_MS: String(LEASE_MS),
      PUSH_ALLOW_LOOPBACK: 'true',
      PUSH_BATCH: '1',
      PUSH_CONCURRENCY: '1',
      FAN_LIMITS: 'register=1000/3600,address=10000/60',
    },
  });
  lb = apiClient(cluster.url);
  a = apiClient(cluster.instances[0].url);
  b = apiClient(cluster.instances[1].url);
}, 240_000);

afterAll(async () => {
  await cluster?.stop();
  await push?.close();
}, 60_000);

const wsUrl = (base: string, token: string) => `${base.replace('http', 'ws')}/cable?token=${encodeURIComponent(token)}`;

/** Subscribes with the official client and collects what arrives. */
function subscribe(url: string, channel: string, params: Record<string, unknown>) {
  const consumer = ActionCable.createConsumer(url);
  const received: { at: number; message: any }[] = [];
  let settle: (v: 'connected' | 'rejected') => void;
  const status = new Promise<'connected' | 'rejected'>((r) => (settle = r));
  consumer.subscriptions.create(
    { channel, ...params },
    { connected: () => settle('connected'), rejected: () => settle('rejected'), received: (message: any) => received.push({ at: Date.now(), message }) },
  );
  /** The first matching message among those received after the first `since`. */
  const next = async (test: (m: any) => boolean, timeoutMs = 5000, since = 0) => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const found = received.slice(since).find((r) => test(r.message));
      if (found) return found;
      if (Date.now() > until) throw new Error(`no matching message; got ${JSON.stringify(received).slice(0, 800)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  return { consumer, status, next, count: () => received.length };
}

const names = (res: { body: any }) => (res.body.data as any[]).map((t) => t.attributes.name as string);

describe.skipIf(!ON_POSTGRES)('a cluster of two instances behind HAProxy', () => {
  it('balances requests between the instances', async () => {
    const served = new Set<string>();
    for (let i = 0; i < 6; i++) served.add((await lb.get('/healthz', { token: null })).headers.get('x-served-by') ?? '');
    expect([...served].sort()).toEqual(['umpire1', 'umpire2']);
  });

  it('shows every reader its own write on the other instance, every time, though reads there come from memory', async () => {
    const list = '/api/v3/tags?sort=-id&page[size]=5';
    for (let i = 0; i < 40; i++) {
      const [writer, reader] = i % 2 ? [a, b] : [b, a];
      // The reader's instance holds the list in memory...
      await reader.get(list);
      expect((await reader.get(list)).headers.get('x-cache')).toBe('hit');
      // ...then a write through the other one, and the very next read there must show it.
      const name = `Cluster tag ${i}`;
      expect((await writer.post('/api/v3/tags', { data: { type: 'tags', attributes: { name } } })).status).toBe(201);
      const after = await reader.get(list);
      expect(names(after)[0], `read ${i} on ${reader.url}`).toBe(name);
    }
  });

  it('through the load balancer, alternating instances: create then list, update then fetch, delete then list', async () => {
    const list = '/api/v3/tags?sort=-id&page[size]=3';
    const served: string[] = [];
    for (let i = 0; i < 30; i++) {
      const name = `Balanced tag ${i}`;
      const created = await lb.post('/api/v3/tags', { data: { type: 'tags', attributes: { name } } });
      expect(created.status).toBe(201);
      served.push(created.headers.get('x-served-by')!);
      const listed = await lb.get(list);
      served.push(listed.headers.get('x-served-by')!);
      expect(names(listed)[0]).toBe(name);
      const id = created.body.data.id as string;
      await lb.get(`/api/v3/tags/${id}`);
      expect((await lb.patch(`/api/v3/tags/${id}`, { data: { type: 'tags', id, attributes: { name: `${name} renamed` } } })).status).toBe(200);
      expect((await lb.get(`/api/v3/tags/${id}`)).body.data.attributes.name).toBe(`${name} renamed`);
      if (i % 3 === 0) {
        expect((await lb.delete(`/api/v3/tags/${id}`)).status).toBe(204);
        expect(names(await lb.get(list))).not.toContain(`${name} renamed`);
        expect((await lb.get(`/api/v3/tags/${id}`)).status).toBe(404);
      }
    }
    // Both instances took part (round robin per request).
    expect(new Set(served).size).toBe(2);
  });

  describe('realtime', () => {
    let match: MatchFixture;
    beforeAll(async () => {
      match = await createMatch(lb);
    }, 60_000);

    it('an operator connected to one instance sees a change made through the other within a second', async () => {
      const sub = subscribe(wsUrl(cluster.instances[0].url, await a.token('editor')), 'API::V3::IncidentsChannel', { match_id: Number(match.matchId) });
      try {
        expect(await sub.status).toBe('connected');
        await sub.next((m) => m.action === 'snapshot');
        for (let i = 0; i < 5; i++) {
          const sent = Date.now();
          const res = await b.post(
            '/api/v3/incidents',
            incidentBody(match, { incident_type: 'yellow_card', occurrence_half: 1, occurrence_minute: 10 + i }, { squad: match.homeSquad, player: match.homePlayers[0] }),
          );
          expect(res.status).toBe(201);
          const { at } = await sub.next((m) => m.action === 'created' && m.incident?.id === res.body.data.id, 2000);
          expect(at - sent).toBeLessThan(1000);
          expect((await b.delete(`/api/v3/incidents/${res.body.data.id}`)).status).toBe(204);
          await sub.next((m) => m.action === 'deleted' && m.id === res.body.data.id, 2000);
        }
      } finally {
        sub.consumer.disconnect();
      }
    });

    it('presence shows the operators of both instances, and who left', async () => {
      const onA = subscribe(wsUrl(cluster.instances[0].url, await a.token('editor')), 'API::V3::MatchChannel', { match_id: Number(match.matchId) });
      const onB = subscribe(wsUrl(cluster.instances[1].url, await b.token('admin')), 'API::V3::MatchChannel', { match_id: Number(match.matchId) });
      // Through the load balancer as well: HAProxy passes the WebSocket upgrade on.
      const viaLb = subscribe(wsUrl(cluster.url, await lb.token('operator')), 'API::V3::MatchChannel', { match_id: Number(match.matchId) });
      try {
        expect(await onA.status).toBe('connected');
        expect(await onB.status).toBe('connected');
        expect(await viaLb.status).toBe('connected');
        const all = (m: any) => m.action === 'presence' && m.viewers.length === 3;
        for (const sub of [onA, onB, viaLb]) expect((await sub.next(all)).message.viewers.map((v: any) => v.username).sort()).toEqual(['admin', 'editor', 'operator']);
        const since = onA.count();
        onB.consumer.disconnect();
        const left = await onA.next((m) => m.action === 'presence' && m.viewers.length === 2, 5000, since);
        expect(left.message.viewers.map((v: any) => v.username).sort()).toEqual(['editor', 'operator']);
      } finally {
        for (const sub of [onA, onB, viaLb]) sub.consumer.disconnect();
      }
    });
  });

  describe('jobs (push sending)', () => {
    let serial = 0;
    const CLIENT = 'ekstraklasa-demo';

    /** A fan's browser subscribed to `topic` through the fan API of `via`. */
    async function subscribed(via: ApiClient, topic: string) {
      const browser = push.subscribe();
      const fan = await via.post(`/public/v1/fans?client=${CLIENT}`, { data: { type: 'fans', attributes: { device_id: `cluster-device-${Date.now()}-${++serial}-xyz` } } }, { token: null });
      expect(fan.status, fan.text).toBe(201);
      const res = await via.post('/public/v1/push/subscriptions', { data: { type: 'push_subscriptions', attributes: { ...browser.json, topics: [topic], locale: 'pl' } } }, { token: fan.body.meta.token });
      expect(res.status, res.text).toBe(201);
      return browser;
    }

    async function notify(via: ApiClient, topic: string): Promise<string> {
      const target = await via.post('/api/v3/push_notification_targets', { data: { type: 'push_notification_targets', attributes: { name: `Cluster ${topic}`, topic } } });
      expect(target.status, target.text).toBe(201);
      const created = await via.post('/api/v3/push_notifications', {
        data: {
          type: 'push_notifications',
          attributes: { title_pl: 'Gol!', title_en: 'Goal!', body_pl: 'Zobacz skrót.', body_en: 'Watch the highlights.', status: 'scheduled' },
          relationships: { targets: { data: [{ type: 'push_notification_targets', id: target.body.data.id }] } },
        },
      });
      expect(created.status, created.text).toBe(201);
      return created.body.data.id as string;
    }

    async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean, what: string, timeoutMs = 20_000): Promise<T> {
      const deadline = Date.now() + timeoutMs;
      let last = await read();
      while (!ok(last)) {
        if (Date.now() > deadline) throw new Error(`timed out waiting: ${what} (last: ${JSON.stringify(last)})`);
        await new Promise((r) => setTimeout(r, 50));
        last = await read();
      }
      return last;
    }
    const finished = (via: ApiClient, id: string) =>
      eventually(async () => (await via.get(`/api/v3/push_notifications/${id}`)).body.data.attributes, (x: any) => x.status === 'sent' || x.status === 'failed', `notification ${id}`);

    it('sends each message exactly once with both instances polling the same jobs', async () => {
      const browsers: BrowserSubscription[] = [];
      for (let i = 0; i < 6; i++) browsers.push(await subscribed(i % 2 ? a : b, 'cluster-once'));
      const id = await notify(lb, 'cluster-once');
      expect(await finished(lb, id)).toMatchObject({ status: 'sent', total_count: 6, delivered_count: 6 });
      // Give a second claimer time to repeat anything it wrongly took.
      await new Promise((r) => setTimeout(r, 500));
      expect(browsers.map((x) => x.posts)).toEqual([1, 1, 1, 1, 1, 1]);
    });

    it('a job whose instance is killed with SIGKILL mid-job is taken over by the other once its lease ends', async () => {
      const [first, second] = cluster.instances;
      const browsers: BrowserSubscription[] = [];
      for (let i = 0; i < 3; i++) browsers.push(await subscribed(a, 'cluster-crash'));
      // The second instance is frozen, so the first one claims the job...
      process.kill(second.process.pid!, 'SIGSTOP');
      const release = push.hold();
      let killedAt = 0;
      try {
        const id = await notify(a, 'cluster-crash');
        // ...and dies with the first message on its way (claimed, posted, unanswered).
        await eventually(async () => browsers.reduce((n, x) => n + x.posts, 0), (n) => n === 1, 'first post');
        await first.kill('SIGKILL');
        killedAt = Date.now();
        process.kill(second.process.pid!, 'SIGCONT');
        release();
        const counts = await finished(b, id);
        // The message in flight when the instance died is counted as interrupted, never sent twice.
        expect(counts).toMatchObject({ status: 'sent', total_count: 3, sent_count: 3, delivered_count: 2, failed_count: 1, failure_reasons: { interrupted: 1 } });
        expect(browsers.map((x) => x.posts)).toEqual([1, 1, 1]);
        // Not before the lease ran out: the job was not lost, nor taken while still leased.
        expect(Date.now() - killedAt).toBeGreaterThanOrEqual(LEASE_MS - 1000);
      } finally {
        release();
        process.kill(second.process.pid!, 'SIGCONT');
        await first.start();
      }
    }, 60_000);
  });
});
