import * as ActionCable from '@rails/actioncable';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { REPO_ROOT } from '../src/config';
import { DEMO_PASSWORD } from '../src/seed/demo-data';
import { makeClip } from './support/clip';
import { createMatch, incidentBody, type MatchFixture } from './support/fixtures';
import { contributions } from './support/contribution';
import { multipart } from './support/multipart';
import { startPushService, type BrowserSubscription, type PushService } from './support/push-service';
import { startS3Proxy, type S3Proxy } from './support/s3-proxy';
import { startTestCluster, type Cluster, type ClusterInstance } from './support/cluster';
import { apiClient, TEST_DB, type ApiClient } from './support/test-server';

// The official client, as the admin app uses it; Node lacks the browser globals it touches.
(ActionCable.adapters as { WebSocket: unknown }).WebSocket = WebSocket;
(globalThis as any).addEventListener ??= () => {};
(globalThis as any).removeEventListener ??= () => {};


// The cluster is PostgreSQL's topology (instances share it and hear each other through NOTIFY).
const ON_POSTGRES = TEST_DB === 'postgres';
if (!ON_POSTGRES) console.log('cluster.test.ts: skipped on SQLite: several instances behind a load balancer need PostgreSQL (UMPIRE_TEST_DB=postgres)');

let cluster: Cluster;
let lb: ApiClient;
let a: ApiClient;
let b: ApiClient;
let push: PushService;
// The instances' storage, behind a proxy that sees (and can hold) every object they write.
let s3: { endpoint: string; env: Record<string, string>; stop(): Promise<void> };
let s3proxy: S3Proxy;
// The cluster's database, read directly for what the API does not show (job rows).
let sql: pg.Client;
let work: string;
// Jobs are polled often and leased briefly, so that a takeover shows within the test.
const LEASE_MS = 3000;
// A live stream's lease (OTT_LIVE_LEASE_MS): a dead owner's streams are taken over once it lapses.
const LIVE_LEASE_MS = 4000;
// A fan's writes per minute (FAN_LIMITS), small so that the test reaches it.
const FAN_WRITES = 12;
// Limits per address, small so that the test reaches them: fans' registrations an hour (the
// default), failed staff sign-ins, and fans' /cable connections on each instance.
const REGISTRATIONS = 30;
const SIGN_IN_FAILURES = 5;
const CABLE_PER_ADDRESS = 3;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  if (!ON_POSTGRES) return;
  push = await startPushService();
  work = mkdtempSync(join(tmpdir(), 'umpire-cluster-test-'));
  const { startTempS3 } = (await import(join(REPO_ROOT, 'scripts/s3-temp.mjs'))) as { startTempS3(): Promise<typeof s3> };
  s3 = await startTempS3();
  s3proxy = await startS3Proxy(() => s3.endpoint);
  cluster = await startTestCluster({
    instances: 2,
    env: {
      JOB_POLL_MS: '20',
      JOB_LEASE_MS: String(LEASE_MS),
      PUSH_ALLOW_LOOPBACK: 'true',
      PUSH_BATCH: '1',
      PUSH_CONCURRENCY: '1',
      FAN_LIMITS: `register=${REGISTRATIONS}/3600,address=10000/60,fan=${FAN_WRITES}/60`,
      SIGN_IN_LIMITS: `address=${SIGN_IN_FAILURES}/3600`,
      CABLE_PUBLIC_CONNECTIONS_PER_ADDRESS: String(CABLE_PER_ADDRESS),
      ...s3.env,
      S3_ENDPOINT: s3proxy.url,
      OTT_LIVE_LEASE_MS: String(LIVE_LEASE_MS),
      OTT_LIVE_PRESET: 'ultrafast',
      OTT_LIVE_LADDER: '320x180@300',
    },
    // Each instance takes camera crews on an address of its own, as separate machines would.
    instanceEnv: (n) => ({ OTT_INGEST_HOST: `127.0.0.${n}`, OTT_INGEST_PUBLIC_HOST: `127.0.0.${n}` }),
  });
  lb = apiClient(cluster.url);
  a = apiClient(cluster.instances[0].url);
  b = apiClient(cluster.instances[1].url);
  sql = new pg.Client({ connectionString: cluster.databaseUrl });
  await sql.connect();
}, 240_000);

afterAll(async () => {
  await sql?.end();
  await cluster?.stop();
  await s3proxy?.close();
  await s3?.stop();
  await push?.close();
  if (work) rmSync(work, { recursive: true, force: true });
}, 60_000);

async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = await read();
  while (!ok(last)) {
    if (Date.now() > deadline) throw new Error(`timed out waiting: ${what} (last: ${JSON.stringify(last)})`);
    await sleep(50);
    last = await read();
  }
  return last;
}

/** The row of the jobs table behind a key (the API does not show the queue). */
async function jobRows(keyPattern: string): Promise<{ key: string; status: string; attempts: number; locked_by: string | null }[]> {
  return (await sql.query('select key, status, attempts, locked_by from jobs where key like $1 order by id', [keyPattern])).rows;
}

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
  return { consumer, status, next, count: () => received.length, messages: () => received.map((r) => r.message) };
}

const names = (res: { body: any }) => (res.body.data as any[]).map((t) => t.attributes.name as string);

describe.skipIf(!ON_POSTGRES)('a cluster of two instances behind HAProxy', () => {
  it('balances requests between the instances', async () => {
    const served = new Set<string>();
    for (let i = 0; i < 6; i++) served.add((await lb.get('/healthz', { token: null })).headers.get('x-served-by') ?? '');
    expect([...served].sort()).toEqual(['umpire1', 'umpire2']);
  });

  describe('addresses through the balancer', () => {
    // Every request of the tests comes from 127.0.0.1; what each claims in X-Forwarded-For, HAProxy replaces.
    const forged = (i: number) => ({ 'x-forwarded-for': `203.0.113.${i + 1}` });
    // The counters of 127.0.0.1 start and end empty, so that the other tests' registrations and sign-ins fit.
    const clear = async () => {
      await sql.query("delete from rate_limit_hits where key like 'register:%'");
      await sql.query("delete from sign_in_failures where key like 'ip:%' or key like 'pair:forged-%' or key like 'user:forged-%'");
    };
    beforeAll(() => clear());
    afterAll(() => clear());

    it(`holds ${REGISTRATIONS + 10} fan registrations from one machine, each claiming another address, to the limit of one address`, async () => {
      const statuses: number[] = [];
      for (let i = 0; i < REGISTRATIONS + 10; i++) {
        const res = await lb.post('/public/v1/fans?client=ekstraklasa-demo', { data: { type: 'fans', attributes: { device_id: `cluster-forged-${Date.now()}-${i}` } } }, { token: null, headers: forged(i) });
        statuses.push(res.status);
        if (res.status === 429) expect(res.body.errors[0].meta.key).toBe('tooManyRequests');
      }
      expect(statuses, statuses.join()).toEqual([...Array(REGISTRATIONS).fill(201), ...Array(10).fill(429)]);
    });

    it('counts failed staff sign-ins against the machine, whatever address each claims', async () => {
      const signIn = (username: string, password: string, i: number) =>
        lb.post('/auth/v1/sign_in', { data: { type: 'sign_in', attributes: { username, password } } }, { token: null, headers: forged(100 + i) });
      // Another username each time: only the address's counter can fill.
      for (let i = 0; i < SIGN_IN_FAILURES; i++) expect((await signIn(`forged-${i}`, 'wrong password', i)).status).toBe(401);
      const held = await signIn('admin', DEMO_PASSWORD, SIGN_IN_FAILURES);
      expect(held.status, held.text).toBe(429);
      expect(held.body.errors[0].meta.key).toBe('tooManyRequests');
    });

    it("counts fans' /cable connections against the machine, whatever address each upgrade claims", async () => {
      const sockets: WebSocket[] = [];
      const open = (i: number) =>
        new Promise<number>((resolve) => {
          const ws = new WebSocket(`${cluster.url.replace('http', 'ws')}/cable?client=ekstraklasa-demo`, ['actioncable-v1-json'], { headers: forged(200 + i) });
          sockets.push(ws);
          ws.on('open', () => resolve(101));
          ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
          ws.on('error', () => resolve(0));
        });
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 2 * CABLE_PER_ADDRESS + 4; i++) statuses.push(await open(i));
        // Round robin: each instance holds its limit, and refuses the rest.
        expect([...statuses].sort((x, y) => x - y), statuses.join()).toEqual([...Array(2 * CABLE_PER_ADDRESS).fill(101), ...Array(4).fill(429)]);
      } finally {
        for (const ws of sockets) ws.close();
      }
    });
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

  it("refuses on one instance a token signed out, and a quiz unpublished, on the other, though that instance had them in memory (NOTIFY of the commit)", async () => {
    const viewer = await apiClient(cluster.instances[0].url).token('viewer');
    expect((await b.get('/api/v3/clubs', { token: viewer })).status).toBe(200);
    expect((await b.get('/api/v3/clubs', { token: viewer })).status).toBe(200);
    expect((await a.request('POST', '/auth/v1/sign_out', { token: viewer })).status).toBe(204);
    // Heard by NOTIFY a moment after the commit; well before the 5 s bound on a kept check (db/watched-cache.ts).
    await eventually(() => b.get('/api/v3/clubs', { token: viewer }), (r) => r.status === 401, 'the signed-out token refused on the other instance', 1000);

    const quiz = await a.post('/api/v3/quizzes', { data: { type: 'quizzes', attributes: { title: 'Cluster quiz', is_published: true, time_limit_seconds: 60, attempts_per_fan: 5 } } });
    expect(quiz.status, quiz.text).toBe(201);
    const fan = await a.post('/public/v1/fans?client=ekstraklasa-demo', { data: { type: 'fans', attributes: { device_id: `cluster-quiz-${Date.now()}-abcdef` } } }, { token: null });
    const started = await b.post(`/public/v1/quizzes/${quiz.body.data.id}/attempt_starts`, {}, { token: fan.body.meta.token });
    expect(started.status, started.text).toBe(201);
    const id = quiz.body.data.id as string;
    expect((await a.patch(`/api/v3/quizzes/${id}`, { data: { type: 'quizzes', id, attributes: { is_published: false } } })).status).toBe(200);
    await eventually(() => b.post(`/public/v1/quizzes/${id}/attempt_starts`, {}, { token: fan.body.meta.token }), (r) => r.status === 404, 'the unpublished quiz refused on the other instance', 1000);
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

    const finished = (via: ApiClient, id: string) =>
      eventually(async () => (await via.get(`/api/v3/push_notifications/${id}`)).body.data.attributes, (x: any) => x.status === 'sent' || x.status === 'failed', `notification ${id}`);

    it('sends each message exactly once with both instances polling the same jobs', async () => {
      const browsers: BrowserSubscription[] = [];
      for (let i = 0; i < 6; i++) browsers.push(await subscribed(i % 2 ? a : b, 'cluster-once'));
      const id = await notify(lb, 'cluster-once');
      expect(await finished(lb, id)).toMatchObject({ status: 'sent', total_count: 6, delivered_count: 6 });
      // The job's row has ended, run once: a second claimer would have counted an attempt, and held
      // the row until its own run (and its messages) were over.
      const rows = await eventually(() => jobRows(`push:${id}`), (r) => r.length > 0 && r.every((x) => x.status === 'finished' || x.status === 'failed'), `job row of ${id}`);
      expect(rows).toMatchObject([{ status: 'finished', attempts: 1 }]);
      expect(browsers.map((x) => x.posts)).toEqual([1, 1, 1, 1, 1, 1]);
    });

    it('a job whose instance is killed with SIGKILL mid-job is taken over by the other once its lease ends', async () => {
      const [first, second] = cluster.instances;
      const browsers: BrowserSubscription[] = [];
      for (let i = 0; i < 3; i++) browsers.push(await subscribed(a, 'cluster-crash'));
      // The second instance is frozen, so the first one claims the job...
      process.kill(second.process.pid!, 'SIGSTOP');
      const release = push.hold();
      let killedAt: number;
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

  describe('jobs (scheduled publication)', () => {
    const CLIENT = 'ekstraklasa-demo';
    const iso = (t: number) => new Date(t).toISOString();
    const publicIds = async (via: ApiClient) =>
      ((await via.get(`/public/v1/articles?client=${CLIENT}&locale=pl&page[size]=100`, { token: null })).body.data as any[]).map((x) => x.id as string);

    it('publishes and unpublishes each record exactly once at its time, and both instances show it at once', async () => {
      const token = await a.token('editor');
      const channels = cluster.instances.map((i) => subscribe(wsUrl(i.url, token), 'API::V3::ContentChannel', { type: 'articles' }));
      try {
        for (const c of channels) expect(await c.status).toBe('connected');
        // Everything through the first instance, due a few seconds ahead.
        const at = Date.now() + 6000;
        const article = async (title: string, attributes: Record<string, unknown>) => {
          const res = await a.post('/api/v3/articles?locale=pl', { data: { type: 'articles', attributes: { title, status: 'published', ...attributes } } });
          expect(res.status, res.text).toBe(201);
          return res.body.data.id as string;
        };
        const starting: string[] = [];
        for (let i = 0; i < 3; i++) starting.push(await article(`Cluster scheduled ${i}`, { publish_from: iso(at) }));
        const ending = await article('Cluster ending', { publish_from: iso(Date.now() - 3_600_000), publish_until: iso(at) });
        const type = await a.post('/api/v3/page_types', { data: { type: 'page_types', attributes: { name: `Cluster ${Date.now()}`, kind: 'standard', visibility: ['web'] } } });
        expect(type.status, type.text).toBe(201);
        const slug = `cluster-page-${Date.now()}`;
        const page = await a.post('/api/v3/pages', {
          data: { type: 'pages', attributes: { title: 'Cluster page', slug, status: 'published', published_from: iso(at) }, relationships: { page_type: { data: { type: 'page_types', id: type.body.data.id } } } },
        });
        expect(page.status, page.text).toBe(201);
        // The boundary must still lie ahead, or nothing here would be scheduled.
        expect(Date.now()).toBeLessThan(at - 1000);

        // Both instances poll the jobs; readers on both, their reads cached before the boundary.
        const seen: { via: number; sent: number; received: number; ids: string[]; page: number }[] = [];
        const look = async (via: number) => {
          const api = via ? b : a;
          const sent = Date.now();
          const ids = await publicIds(api);
          const pageStatus = (await api.get(`/api/v3/current_page?slug=${slug}`)).status;
          seen.push({ via, sent, received: Date.now(), ids, page: pageStatus });
          return seen.at(-1)!;
        };
        const done = (o: { ids: string[]; page: number }) => starting.every((id) => o.ids.includes(id)) && !o.ids.includes(ending) && o.page === 200;
        const shownAt = [0, 0];
        const deadline = at + 10_000;
        while ((!shownAt[0] || !shownAt[1]) && Date.now() < deadline) {
          for (const via of [0, 1]) if (!shownAt[via] && done(await look(via))) shownAt[via] = seen.at(-1)!.received;
          await sleep(20);
        }
        // Not before its time: every answer received before the boundary showed the old state.
        const before = seen.filter((o) => o.received < at);
        expect(before.length).toBeGreaterThan(2);
        for (const o of before) {
          expect(starting.filter((id) => o.ids.includes(id)), `instance ${o.via + 1} at ${o.received - at} ms`).toEqual([]);
          expect(o.ids).toContain(ending);
          expect(o.page).toBe(404);
        }
        // Then both instances showed all of it within a few seconds, whichever one ran the jobs.
        for (const via of [0, 1]) {
          expect(shownAt[via], `instance ${via + 1}`).toBeGreaterThanOrEqual(at);
          expect(shownAt[via] - at, `instance ${via + 1}`).toBeLessThan(5000);
        }
        for (const api of [a, b]) {
          for (const id of starting) expect((await api.get(`/api/v3/articles/${id}`)).body.data.attributes.visible).toBe(true);
          expect((await api.get(`/api/v3/articles/${ending}`)).body.data.attributes.visible).toBe(false);
        }

        // Exactly once: one history entry by the publication actor per record, one job attempt, one message per instance.
        // Once the jobs' rows have ended (a second run would have counted an attempt and held its row),
        // each channel hears a later change made through the other instance: the bus (LISTEN/NOTIFY)
        // delivers in commit order, so what the jobs announced has reached both channels before it.
        const jobsOf = [...[...starting, ending].map((x) => ['articles', x]), ['pages', page.body.data.id as string]];
        for (const [resource, id] of jobsOf)
          await eventually(() => jobRows(`publication:${resource}:${id}:%`), (rows) => rows.length > 0 && rows.every((r) => r.status === 'finished' || r.status === 'failed'), `the job of ${resource} ${id}`);
        const later = async (via: ApiClient) => {
          const res = await via.post('/api/v3/articles?locale=pl', { data: { type: 'articles', attributes: { title: `Cluster later ${Date.now()}` } } });
          expect(res.status, res.text).toBe(201);
          return res.body.data.id as string;
        };
        const heard = [await later(b), await later(a)]; // channels[0] listens on a, channels[1] on b
        for (const [i, c] of channels.entries()) await c.next((m) => m.id === heard[i] && m.action === 'created');
        const history = async (resource: string, id: string) =>
          (await lb.get(`/api/v3/audit_events?filter[resource_type]=${resource}&filter[resource_id]=${id}&filter[actor]=system:publication`)).body.data.map((e: any) => e.attributes.changes);
        for (const id of starting) expect(await history('articles', id)).toEqual([{ 'visible[pl]': { before: false, after: true } }]);
        expect(await history('articles', ending)).toEqual([{ 'visible[pl]': { before: true, after: false } }]);
        expect(await history('pages', page.body.data.id)).toHaveLength(1);
        for (const [resource, id] of jobsOf)
          expect(await jobRows(`publication:${resource}:${id}:%`), `${resource} ${id}`).toMatchObject([{ status: 'finished', attempts: 1 }]);
        for (const c of channels)
          for (const id of [...starting, ending]) {
            expect(c.messages().filter((m) => m.id === id && m.actor === 'system:publication'), `article ${id}`).toHaveLength(1);
          }
      } finally {
        for (const c of channels) c.consumer.disconnect();
      }
    }, 60_000);
  });

  describe('jobs (transcoding)', () => {
    const fresh = { headers: { 'cache-control': 'no-cache' } };

    /** A tiny clip in the library through `via`'s media API, and an event that queues its transcoding. */
    async function eventWithClip(via: ApiClient, name: string): Promise<{ eventId: string; jobId: string }> {
      const { body, contentType } = multipart({ name, content: await makeClip(work, name, '160x90', 2), type: 'video/mp4' });
      const up = await fetch(`${via.url}/media/v1/uploads/files`, { method: 'POST', headers: { authorization: `Bearer ${await via.token()}`, 'content-type': contentType, accept: 'application/vnd.api+json' }, body });
      const file: any = await up.json();
      expect(up.status, JSON.stringify(file)).toBe(201);
      const video = await via.post('/api/v3/videos', { data: { type: 'videos', attributes: { file_id: file.data.id } } });
      expect(video.status, video.text).toBe(201);
      const event = await via.post('/api/v3/ott/events', { data: { type: 'ott_events', attributes: { title: name }, relationships: { video: { data: { type: 'videos', id: video.body.data.id } } } } });
      expect(event.status, event.text).toBe(201);
      const jobs = await via.get(`/api/v3/ott/transcoding_jobs?filter[event_id]=${event.body.data.id}`, fresh);
      expect(jobs.body.data).toHaveLength(1);
      return { eventId: event.body.data.id, jobId: jobs.body.data[0].id };
    }

    const state = async (via: ApiClient, jobId: string) => (await via.get(`/api/v3/ott/transcoding_jobs/${jobId}`, fresh)).body.data.attributes;
    const ended = (via: ApiClient, jobId: string) => eventually(() => state(via, jobId), (x: any) => ['FINISHED', 'ERROR', 'CANCELED', 'TRANSFER_ERROR'].includes(x.state), `transcoding ${jobId}`, 40_000);
    /** The objects stored under the job's output, with how many writes reached the store for each. */
    const writes = (jobId: string) => {
      const counts = new Map<string, number>();
      for (const r of s3proxy.requests) if (r.method === 'PUT' && r.reached && new RegExp(`^ott/c\\d+/j${jobId}/`).test(r.key)) counts.set(r.key, (counts.get(r.key) ?? 0) + 1);
      return counts;
    };
    const isOutput = (r: { method: string; key: string }) => r.method === 'PUT' && /^ott\/c\d+\/j\d+\//.test(r.key);
    const finishedJob = (jobId: string) => eventually(() => jobRows(`ott.transcoding:${jobId}`), (rows) => rows[0]?.status !== 'started', `job row of ${jobId}`, 5000);
    /** The first write of an output, or a clear failure when none comes. */
    const storing = (caught: Promise<unknown>) =>
      Promise.race([caught, sleep(40_000).then(() => Promise.reject(new Error(`no output written; last requests: ${JSON.stringify(s3proxy.requests.slice(-5))}`)))]);

    it('runs a transcoding on exactly one instance, whose lease holds while it works however long', async () => {
      // Caught storing its output: the job is leased by one worker...
      const caught = s3proxy.hold(isOutput);
      const { jobId } = await eventWithClip(lb, 'cluster-once.mp4');
      await storing(caught);
      const [running] = await jobRows(`ott.transcoding:${jobId}`);
      expect(running).toMatchObject({ status: 'started', attempts: 1 });
      // ...and stays with it past several leases, renewed by the running job: the other instance never takes it.
      const holders = new Set<string>();
      for (const until = Date.now() + 2 * LEASE_MS; Date.now() < until; await sleep(100)) holders.add((await jobRows(`ott.transcoding:${jobId}`))[0].locked_by ?? '');
      expect([...holders]).toEqual([running.locked_by]);
      s3proxy.release(true);
      expect(await ended(lb, jobId)).toMatchObject({ state: 'FINISHED', progress: 100, attempts: 1, renditions: ['90p'] });
      // The queue's row ends just after the handler's (finished by the worker that ran it).
      expect(await finishedJob(jobId)).toMatchObject([{ status: 'finished', attempts: 1 }]);
      // Each object of the output written once, and served by both instances.
      const stored = writes(jobId);
      expect([...stored.keys()].some((k) => k.endsWith('/master.m3u8'))).toBe(true);
      expect([...stored.values()].every((n) => n === 1), JSON.stringify([...stored])).toBe(true);
      for (const api of [a, b]) expect((await api.get(`/ott/hls/vod/${jobId}/master.m3u8`, { token: null })).text).toContain('90p/index.m3u8');
    }, 60_000);

    it('a transcoding whose instance is killed with SIGKILL mid-job is taken over once its lease ends, and finishes once', async () => {
      const [first, second] = cluster.instances;
      // The second instance is frozen, so the first one takes the job...
      process.kill(second.process.pid!, 'SIGSTOP');
      // ...and dies while storing its output (ffmpeg has run; the first object is on its way).
      const caught = s3proxy.hold(isOutput);
      let killedAt = 0;
      try {
        const { jobId } = await eventWithClip(a, 'cluster-crash.mp4');
        await storing(caught);
        const [taken] = await jobRows(`ott.transcoding:${jobId}`);
        expect(taken).toMatchObject({ status: 'started', attempts: 1 });
        await first.kill('SIGKILL');
        killedAt = Date.now();
        process.kill(second.process.pid!, 'SIGCONT');
        s3proxy.release();
        const done = await ended(b, jobId);
        expect(done).toMatchObject({ state: 'FINISHED', progress: 100, attempts: 2, error: null });
        expect(await finishedJob(jobId)).toMatchObject([{ status: 'finished', attempts: 2 }]);
        // Taken over only once the dead instance's lease had run out: never two at once.
        const after = s3proxy.requests.filter((r) => isOutput(r) && r.reached && r.key.includes(`/j${jobId}/`));
        expect(after.length).toBeGreaterThan(0);
        expect(Math.min(...after.map((r) => r.at)) - killedAt).toBeGreaterThanOrEqual(LEASE_MS - 1000);
        // The output is whole, each object written once (the dead instance's write never landed).
        expect(s3proxy.requests.filter((r) => r.held && r.key.includes(`/j${jobId}/`)).map((r) => r.reached)).toEqual([false]);
        expect([...writes(jobId).values()].every((n) => n === 1)).toBe(true);
        expect((await b.get(`/ott/hls/vod/${jobId}/master.m3u8`, { token: null })).text).toContain('90p/index.m3u8');
      } finally {
        s3proxy.release();
        process.kill(second.process.pid!, 'SIGCONT');
        if (killedAt) await first.start();
      }
    }, 90_000);
  });

  describe('fan rate limits', () => {
    it("holds a fan's write limit across instances: alternating requests are refused after the configured number, not twice it", async () => {
      // Windows are whole minutes: start well inside one, so none of the counts fades meanwhile.
      const into = Date.now() % 60_000;
      if (into > 45_000) await sleep(60_000 - into + 200);
      const fan = await a.post('/public/v1/fans?client=ekstraklasa-demo', { data: { type: 'fans', attributes: { device_id: `cluster-limit-${Date.now()}-abcdef` } } }, { token: null });
      expect(fan.status, fan.text).toBe(201);
      const browser = push.subscribe();
      const statuses: number[] = [];
      for (let i = 0; i < FAN_WRITES * 2 + 2; i++) {
        const res = await (i % 2 ? b : a).post('/public/v1/push/subscriptions', { data: { type: 'push_subscriptions', attributes: { ...browser.json, topics: ['cluster-limit'], locale: 'pl' } } }, { token: fan.body.meta.token });
        statuses.push(res.status);
        if (res.status === 429) {
          expect(res.body.errors[0].meta.key).toBe('tooManyRequests');
          expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
        }
      }
      expect(statuses.slice(0, FAN_WRITES).every((s) => s === 200 || s === 201), statuses.join()).toBe(true);
      expect(statuses.slice(FAN_WRITES), statuses.join()).toEqual(Array(FAN_WRITES + 2).fill(429));
    });
  });

  describe('resumable uploads', () => {
    it('a tus upload started through one instance resumes through the other, and the file is whole', async () => {
      const token = await lb.token();
      const auth = { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' };
      const head = Buffer.from('%PDF-1.7\n', 'latin1');
      const source = Buffer.concat([head, Buffer.alloc(6 * 1024 * 1024 - head.length, 7), Buffer.from('\n%%EOF\n')]);
      const meta = `filename ${Buffer.from('cluster-resumed.pdf').toString('base64')}`;
      const created = await fetch(`${a.url}/media/v1/uploads/tus`, { method: 'POST', headers: { ...auth, 'upload-length': String(source.length), 'upload-metadata': meta } });
      expect(created.status).toBe(201);
      const path = new URL(created.headers.get('location')!).pathname;
      const patch = (base: string, offset: number, bytes: Buffer) =>
        fetch(`${base}${path}`, { method: 'PATCH', headers: { ...auth, 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset) }, body: new Uint8Array(bytes) });
      // The first part through one instance...
      const half = 5 * 1024 * 1024;
      expect((await patch(a.url, 0, source.subarray(0, half))).status).toBe(204);
      // ...the offset and the rest through the other.
      const offset = await fetch(`${b.url}${path}`, { method: 'HEAD', headers: auth });
      expect(offset.headers.get('upload-offset')).toBe(String(half));
      const rest = await patch(b.url, half, source.subarray(half));
      expect(rest.status).toBe(204);
      const fileId = rest.headers.get('media-file-id');
      expect(fileId).toMatch(/^\d+$/);
      // The library file holds the bytes of both parts, in order (ingest hashed what it stored).
      const [row] = (await sql.query('select size, sha256 from media_files where id = $1', [Number(fileId)])).rows;
      expect(Number(row.size)).toBe(source.length);
      expect(row.sha256).toBe(createHash('sha256').update(source).digest('hex'));
    });
  });

  describe('live streams', () => {
    const crews = contributions();
    const { contribute } = crews;
    afterAll(() => crews.stopAll());

    /** ffmpeg processes started by an instance's server (ingest listeners and encoders). */
    /** Whether a process runs (a zombie waiting for its parent to reap it does not). */
    function running(pid: number): boolean {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
      } catch {
        return false;
      }
    }

    function ffmpegOf(instance: ClusterInstance): number[] {
      return readdirSync('/proc')
        .filter((d) => /^\d+$/.test(d))
        .filter((d) => {
          try {
            const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
            const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
            return readFileSync(`/proc/${d}/comm`, 'utf8').trim() === 'ffmpeg' && ppid === instance.process.pid;
          } catch {
            return false;
          }
        })
        .map(Number);
    }

    const segmentNumbers = (text: string) => [...text.matchAll(/seg_(\d+)\.ts/g)].map((m) => Number(m[1]));
    const body = (stream: string) => ({ data: { id: stream, type: 'ott_stream', attributes: { use_backup: false } } });

    it('one owner runs a stream, every instance gives its addresses and takes its control, viewers play it through any instance, and another instance takes it over when the owner is killed', async () => {
      const created = await lb.post('/api/v3/ott/streams', { data: { type: 'ott_streams', attributes: { protocol: 'rtmp', encryption: 'none' } } });
      expect(created.status, created.text).toBe(201);
      const id = created.body.data.id as string;
      const event = await lb.post('/api/v3/ott/events', { data: { type: 'ott_events', attributes: { title: 'Cluster live', access: 'free' }, relationships: { stream: { data: { type: 'ott_streams', id } } } } });
      expect(event.status, event.text).toBe(201);
      const read = async (via: ApiClient) => (await via.get(`/api/v3/ott/streams/${id}`, { headers: { 'cache-control': 'no-cache' } })).body;

      // 1. One owner: every read, through the balancer twice and each instance, gives the same addresses.
      const first = await read(lb);
      const ingest = first.meta.ingest;
      expect(ingest.primary.rtmp).toMatch(/^rtmp:\/\/127\.0\.0\.[12]:\d+\/live\//);
      for (const via of [lb, a, b]) expect((await read(via)).meta.ingest).toEqual(ingest);
      const ownerIndex = Number(/127\.0\.0\.(\d)/.exec(ingest.primary.rtmp)![1]) - 1;
      const owner = cluster.instances[ownerIndex];
      const other = cluster.instances[1 - ownerIndex];
      const viaOther = ownerIndex === 0 ? b : a;
      const row = (await sql.query('select instance, generation, lease_until from ott_live_owners where stream_id = $1', [Number(id)])).rows;
      expect(row).toHaveLength(1);
      expect(Number(row[0].generation)).toBe(1);
      // Only the owner opened listeners for it.
      expect(ffmpegOf(owner).length).toBeGreaterThan(0);
      expect(ffmpegOf(other)).toEqual([]);

      // 2. Control through the instance that does not own it; the state is read back at once everywhere.
      let pushing = contribute(ingest.primary.rtmp, 120);
      await eventually(() => read(viaOther), (doc: any) => doc.meta.health?.connected?.primary === true, 'the contribution, seen through the other instance');
      const started = await viaOther.patch(`/api/v3/ott/streams/${id}/start`, body(id));
      expect(started.status, started.text).toBe(200);
      for (const via of [a, b]) expect((await read(via)).meta.output_state).toBe('live');
      const marker = await viaOther.post('/api/v3/ott/markers', { data: { type: 'markers', attributes: { kind: 'chapter', start_at: new Date().toISOString(), title: 'Kick-off' }, relationships: { stream: { data: { type: 'ott_streams', id } } } } });
      expect(marker.status, marker.text).toBe(201);
      const markerTag = `ID="marker-${marker.body.data.id}"`;
      const ownerGeneration = async () => (await lb.get(`/api/v3/ott/events/${event.body.data.id}/status`)).body.data.attributes.owner_generation;
      expect(await ownerGeneration()).toBe(1);

      // 3. Viewers through any instance: the playlists and segments answer 200 every time, the same bytes from each.
      const hls = `/ott/hls/live/${id}`;
      const media = await eventually(() => lb.get(`${hls}/r0/index.m3u8`, { token: null }), (r) => r.status === 200 && segmentNumbers(r.text).length >= 2, 'two live segments', 30_000);
      // The marker was in the playlists by the time its write answered.
      expect(media.text).toContain(markerTag);
      const statuses: number[] = [];
      const servedBy = new Set<string>();
      for (let i = 0; i < 20; i++) {
        const file = i % 3 === 0 ? 'master.m3u8' : i % 3 === 1 ? 'r0/index.m3u8' : `r0/seg_${String(segmentNumbers(media.text)[0]).padStart(6, '0')}.ts`;
        const res = await fetch(`${cluster.url}${hls}/${file}`);
        statuses.push(res.status);
        servedBy.add(res.headers.get('x-served-by') ?? '');
        await res.arrayBuffer();
      }
      expect(statuses).toEqual(Array(20).fill(200));
      expect(servedBy.size).toBe(2);
      const segment = `${hls}/r0/seg_${String(segmentNumbers(media.text)[0]).padStart(6, '0')}.ts`;
      const bytes = await Promise.all([a, b].map(async (via) => Buffer.from(await (await fetch(`${via.url}${segment}`)).arrayBuffer())));
      expect(bytes[0].length).toBeGreaterThan(1000);
      expect(bytes[0].equals(bytes[1])).toBe(true);
      const segmentHead = await fetch(`${cluster.url}${segment}`);
      expect(segmentHead.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect((await fetch(`${cluster.url}${hls}/r0/index.m3u8`)).headers.get('cache-control')).toBe('public, max-age=1');

      // 4. The owner is killed: another instance takes the stream within the lease and a heartbeat.
      await crews.stop(pushing);
      const recordingBefore = (await lb.get(`${hls}/r0/recording.m3u8`, { token: null })).text;
      const last = Math.max(...segmentNumbers(recordingBefore));
      const encoders = ffmpegOf(owner);
      expect(encoders.length).toBeGreaterThan(0);
      await owner.kill('SIGKILL');
      const killedAt = Date.now();
      let restarted = false;
      try {
        // Its ffmpeg went with it: never two encoders of one stream. (Asked by process id: a
        // survivor would now be another process's child.)
        await eventually(async () => encoders.filter(running), (left) => left.length === 0, 'no ffmpeg of the killed instance');
        const moved = await eventually(() => read(viaOther), (doc: any) => doc.meta.health !== null && doc.meta.ingest?.primary.rtmp !== ingest.primary.rtmp, 'the stream taken over', 30_000);
        const tookMs = Date.now() - killedAt;
        expect(tookMs).toBeLessThan(30_000);
        // The event page shows the new addresses and those the crews still push to.
        expect(moved.meta.ingest.primary.rtmp).toMatch(new RegExp(`^rtmp://127\\.0\\.0\\.${2 - ownerIndex}:\\d+/live/`));
        expect(moved.meta.ingest.previous).toEqual({ primary: ingest.primary, backup: ingest.backup });
        expect(moved.meta.output_state).toBe('live');
        expect(Number((await sql.query('select generation from ott_live_owners where stream_id = $1', [Number(id)])).rows[0].generation)).toBe(2);
        // The event page, polling the status, reads the addresses again when this moves.
        expect(await ownerGeneration()).toBe(2);

        // The crew's encoder reconnects to the address shown: on air again, after one discontinuity.
        pushing = contribute(moved.meta.ingest.primary.rtmp, 120);
        await eventually(() => read(lb), (doc: any) => doc.meta.health?.connected?.primary === true, 'the contribution to the new owner', 30_000);
        const grown = await eventually(() => lb.get(`${hls}/r0/recording.m3u8`, { token: null }), (r) => segmentNumbers(r.text).filter((n) => n > last).length >= 3, 'segments after the takeover', 40_000);
        const numbers = segmentNumbers(grown.text);
        expect(numbers.slice(0, segmentNumbers(recordingBefore).length)).toEqual(segmentNumbers(recordingBefore));
        expect(Math.min(...numbers.filter((n) => n > last))).toBe(last + 1);
        expect(grown.text.split('#EXT-X-DISCONTINUITY').length - 1).toBe(1);
        expect((await lb.get(`${hls}/r0/index.m3u8`, { token: null })).text).toContain(markerTag);
        for (let i = 0; i < 6; i++) expect((await fetch(`${cluster.url}${hls}/r0/index.m3u8`)).status).toBe(200);
        // The killed instance comes back and leaves the stream to its new owner.
        await owner.start();
        restarted = true;
        for (const via of [a, b]) expect((await read(via)).meta.ingest).toEqual(moved.meta.ingest);
        // No encoder of the stream on it: what ffmpeg it has is the slates its engine draws at start, gone in a moment.
        await eventually(async () => ffmpegOf(owner), (left) => left.length === 0, 'no ffmpeg left on the instance back', 15_000);

        // Stopped through the balancer: the recording is closed and its MP4 holds both owners' parts.
        await crews.stop(pushing);
        const stopped = await lb.patch(`/api/v3/ott/streams/${id}/stop`, body(id));
        expect(stopped.status, stopped.text).toBe(200);
        const closed = (await lb.get(`${hls}/r0/recording.m3u8`, { token: null })).text;
        expect(closed).toContain('#EXT-X-ENDLIST');
        const seconds = [...closed.matchAll(/#EXTINF:([\d.]+)/g)].reduce((sum, m) => sum + Number(m[1]), 0);
        for (const via of [a, b]) expect((await read(via)).meta.output_state).toBe('ended');
        const job = await lb.post(`/api/v3/ott/streams/${id}/download`, undefined);
        expect(job.status, job.text).toBe(202);
        const done = await eventually(
          async () => (await lb.get(`/api/v3/ott/transcoding_jobs/${job.body.data.id}`, { headers: { 'cache-control': 'no-cache' } })).body.data.attributes,
          (j: any) => ['FINISHED', 'ERROR', 'CANCELED', 'TRANSFER_ERROR'].includes(j.state),
          'the MP4',
          60_000,
        );
        expect(done.state, done.error).toBe('FINISHED');
        const mp4 = join(work, `live-${id}.mp4`);
        writeFileSync(mp4, Buffer.from(await (await fetch(`${cluster.url}${done.output_url}`)).arrayBuffer()));
        const { stdout } = await promisify(execFile)('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', mp4]);
        expect(Math.abs(Number(stdout.trim()) - seconds)).toBeLessThan(3);
        // The recording plays as HLS VOD through every instance.
        for (const via of [a, b]) expect((await fetch(`${via.url}${hls}/vod.m3u8`)).status).toBe(200);
      } finally {
        if (!restarted) await owner.start();
      }
    }, 240_000);
  });

  it('an instance killed: every request through the balancer goes to the other at once, a write too, and the instance is back in turn once restarted', async () => {
    const [first] = cluster.instances;
    await first.kill('SIGKILL');
    try {
      // Within the two seconds that two failed health checks take: without a redispatch, every
      // other request would be sent to the dead instance and answered 503.
      for (let i = 0; i < 8; i++) {
        const listed = await lb.get('/api/v3/tags?page[size]=1');
        expect(listed.status, listed.text).toBe(200);
        expect(listed.headers.get('x-served-by')).toBe('umpire2');
        const created = await lb.post('/api/v3/tags', { data: { type: 'tags', attributes: { name: `Failover tag ${i}` } } });
        expect(created.status, created.text).toBe(201);
      }
    } finally {
      await first.start();
    }
    await eventually(() => lb.get('/healthz', { token: null }), (r) => r.headers.get('x-served-by') === 'umpire1', 'the restarted instance served again');
  }, 120_000);
  it('a read in the hands of an instance that dies is answered by the other; a write is not sent twice', async () => {
    const [first] = cluster.instances;
    const token = await lb.token();
    const headers = { authorization: `Bearer ${token}`, accept: 'application/vnd.api+json', 'content-type': 'application/vnd.api+json' };
    // Frozen, the instance still takes connections (its kernel does) and answers nothing.
    process.kill(first.process.pid!, 'SIGSTOP');
    /** Two requests side by side: round robin gives one to each instance; the other's answers, the frozen one's waits. */
    const held = async (send: (i: number) => Promise<Response>) => {
      const sent = [0, 1].map((i) => ({ i, settled: false, response: send(i) }));
      for (const s of sent) void s.response.then(() => (s.settled = true), () => (s.settled = true));
      const answered = await Promise.race(sent.map((s) => s.response.then((r) => ({ i: s.i, by: r.headers.get('x-served-by') }))));
      expect(answered.by).toBe('umpire2');
      return sent[1 - answered.i];
    };
    let killed = false;
    try {
      const read = await held(() => fetch(`${cluster.url}/api/v3/tags?page[size]=1`, { headers }));
      const name = `Held write ${Date.now()}`;
      const write = await held((i) =>
        fetch(`${cluster.url}/api/v3/tags`, { method: 'POST', headers: { ...headers, 'idempotency-key': `held-${name}-${i}` }, body: JSON.stringify({ data: { type: 'tags', attributes: { name: `${name} ${i}` } } }) }),
      );
      // Both still wait on the frozen instance (it has not been taken out yet) when it dies.
      expect([read.settled, write.settled]).toEqual([false, false]);
      await first.kill('SIGKILL');
      killed = true;
      // The read, closed without an answer, was sent to the other instance.
      const res = await read.response;
      expect(res.status, await res.clone().text()).toBe(200);
      expect(res.headers.get('x-served-by')).toBe('umpire2');
      // The write was not: the instance might have acted on it. HAProxy answers 502, or closes the
      // client's connection without an answer when it had sent the write over a reused one (as
      // keep-alive does, for the client to decide); its client retries with its key.
      const outcome = await write.response.then((r) => r.status, () => 'closed without an answer');
      console.log(`cluster.test.ts: a write held by an instance that died: ${outcome}, not sent again`);
      expect([502, 'closed without an answer']).toContain(outcome);
      const listed = await lb.get(`/api/v3/tags?filter[name]=${encodeURIComponent(`${name} ${write.i}`)}`, { headers: { 'cache-control': 'no-cache' } });
      expect(listed.body.meta.total).toBe(0);
    } finally {
      if (!killed) process.kill(first.process.pid!, 'SIGCONT');
      await first.kill('SIGKILL');
      await first.start();
    }
    await eventually(() => lb.get('/healthz', { token: null }), (r) => r.headers.get('x-served-by') === 'umpire1', 'the restarted instance served again');
  }, 120_000);
});
