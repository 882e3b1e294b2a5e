import * as ActionCable from '@rails/actioncable';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { REPO_ROOT } from '../src/config';
import { createMatch, incidentBody, type MatchFixture } from './support/fixtures';
import { apiClient, TEST_DB, type ApiClient } from './support/test-server';

// The official client, as the admin app uses it; Node lacks the browser globals it touches.
(ActionCable.adapters as { WebSocket: unknown }).WebSocket = WebSocket;
(globalThis as any).addEventListener ??= () => {};
(globalThis as any).removeEventListener ??= () => {};

/** What scripts/cluster.mjs gives (plain JavaScript, typed here). */
interface Instance {
  name: string;
  url: string;
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

beforeAll(async () => {
  if (!ON_POSTGRES) return;
  const { startCluster } = (await import(join(REPO_ROOT, 'scripts/cluster.mjs'))) as { startCluster(o: { instances: number }): Promise<Cluster> };
  cluster = await startCluster({ instances: 2 });
  lb = apiClient(cluster.url);
  a = apiClient(cluster.instances[0].url);
  b = apiClient(cluster.instances[1].url);
}, 240_000);

afterAll(async () => {
  await cluster?.stop();
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
});
