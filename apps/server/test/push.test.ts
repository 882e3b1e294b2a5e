import { lookup } from 'node:dns/promises';
import { createServer, type AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import * as ActionCable from '@rails/actioncable';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ManualClock } from '../src/jobs/clock';
import { startServer, type RunningServer } from '../src/server';
import { PUSH_RUN_JOB, preparePushNotification, recipientsQuery, runPushDeliveries, sendPushNotification, type SendDeps } from '../src/push/sender';
import { DEMO_PASSWORD } from '../src/seed/demo-data';
import { spawnServer } from './support/child-server';
import { assertJsonApiDocument } from './support/jsonapi-schema';
import { startPushService, type BrowserSubscription, type PushService } from './support/push-service';
import { freshDatabase } from './support/test-server';

/**
 * Push notifications end to end: fans subscribe through the fan API with subscriptions made the
 * way a browser makes them, staff schedule a notification, the job worker sends it at its time to
 * a local push service that decrypts every message, and the counts come back.
 */
(ActionCable.adapters as { WebSocket: unknown }).WebSocket = WebSocket;
(globalThis as any).addEventListener ??= () => {};
(globalThis as any).removeEventListener ??= () => {};

const CLIENT = 'ekstraklasa-demo';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
let db: Awaited<ReturnType<typeof freshDatabase>>;
let server: RunningServer;
let push: PushService;
const clock = new ManualClock(Date.now());
const tokens = new Map<string, string>();
const ENV = { JOB_POLL_MS: '20', PUSH_ALLOW_LOOPBACK: 'true', FAN_LIMITS: 'register=1000/3600,address=10000/60' };

async function start(extra: NodeJS.ProcessEnv = {}) {
  server = await startServer({ port: 0, host: '127.0.0.1' }, { ...db.env, ...ENV, ...extra }, { clock });
  tokens.clear();
}

async function call(method: string, path: string, body?: unknown, auth: string | null | undefined = undefined, base = server.url) {
  const headers: Record<string, string> = { accept: 'application/vnd.api+json' };
  if (body !== undefined) headers['content-type'] = 'application/vnd.api+json';
  const token = auth === undefined ? await staff('admin', base) : auth;
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  const parsed = text ? JSON.parse(text) : undefined;
  if ((res.headers.get('content-type') ?? '').startsWith('application/vnd.api+json')) assertJsonApiDocument(parsed, `${method} ${path}`);
  return { status: res.status, body: parsed, text };
}

async function staff(username: string, base = server.url): Promise<string> {
  const key = `${base}:${username}`;
  if (!tokens.has(key)) {
    const res = await call('POST', '/auth/v1/sign_in', { data: { type: 'sign_in', attributes: { username, password: DEMO_PASSWORD } } }, null, base);
    tokens.set(key, res.body.data.attributes.token);
  }
  return tokens.get(key)!;
}

let serial = 0;
async function fan(base = server.url): Promise<string> {
  const res = await call('POST', `/public/v1/fans?client=${CLIENT}`, { data: { type: 'fans', attributes: { device_id: `push-device-${Date.now()}-${++serial}-xyz` } } }, null, base);
  expect(res.status, res.text).toBe(201);
  return res.body.meta.token;
}

const subscriptionBody = (json: BrowserSubscription['json'], extra: Record<string, unknown> = {}) => ({ data: { type: 'push_subscriptions', attributes: { ...json, ...extra } } });

/** A browser of a new fan, subscribed to `topics` through the fan API. */
async function subscribed(topics: string[], opts: { answer?: number; locale?: string; base?: string; service?: PushService } = {}) {
  const browser = (opts.service ?? push).subscribe({ answer: opts.answer });
  const token = await fan(opts.base);
  const res = await call('POST', `/public/v1/push/subscriptions`, subscriptionBody(browser.json, { topics, locale: opts.locale ?? 'pl' }), token, opts.base);
  expect(res.status, res.text).toBe(201);
  return { browser, token, id: res.body.data.id as string };
}

async function clubId(): Promise<string> {
  return (await call('GET', '/api/v3/clubs?page[size]=1&sort=name')).body.data[0].id;
}

async function target(attributes: Record<string, unknown>, club?: string) {
  const res = await call('POST', '/api/v3/push_notification_targets', {
    data: {
      type: 'push_notification_targets',
      attributes: { name: `Cel ${Date.now()}-${++serial}`, ...attributes },
      ...(club ? { relationships: { club: { data: { type: 'clubs', id: club } } } } : {}),
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data.id as string;
}

const notificationBody = (attributes: Record<string, unknown>, targets: string[], extra: Record<string, unknown> = {}) => ({
  data: {
    type: 'push_notifications',
    attributes: { title_pl: 'Gol!', title_en: 'Goal!', body_pl: 'Zobacz skrót.', body_en: 'Watch the highlights.', ...attributes },
    relationships: { targets: { data: targets.map((id) => ({ type: 'push_notification_targets', id })) }, ...extra },
  },
});

async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 15_000;
  let last: T = await read();
  while (!ok(last)) {
    if (Date.now() > deadline) throw new Error(`timed out waiting: ${what} (last: ${JSON.stringify(last)})`);
    await new Promise((r) => setTimeout(r, 25));
    last = await read();
  }
  return last;
}

const notification = async (id: string) => (await call('GET', `/api/v3/push_notifications/${id}`)).body.data.attributes;
const finished = (id: string) => eventually(() => notification(id), (a) => a.status === 'sent' || a.status === 'failed', `notification ${id} sent`);

beforeAll(async () => {
  db = await freshDatabase();
  push = await startPushService();
  await start();
});
afterAll(async () => {
  await server?.close();
  await push?.close();
  await db?.drop();
});

describe('fan subscriptions (/public/v1/push)', () => {
  it('gives the client VAPID public key, the same on every read', async () => {
    const first = await call('GET', `/public/v1/push/vapid_public_key?client=${CLIENT}`, undefined, null);
    expect(first.status, first.text).toBe(200);
    const key = Buffer.from(first.body.data.attributes.public_key, 'base64url');
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
    const again = await call('GET', `/public/v1/push/vapid_public_key?client=${CLIENT}`, undefined, null);
    expect(again.body.data.attributes.public_key).toBe(first.body.data.attributes.public_key);
    const other = await call('GET', '/public/v1/push/vapid_public_key?client=other-league', undefined, null);
    expect(other.body.data.attributes.public_key).not.toBe(first.body.data.attributes.public_key);
    expect((await call('GET', '/public/v1/push/vapid_public_key', undefined, null)).status).toBe(400);
  });

  it('lists the topics a fan may choose: the clubs, and the topics of the targets', async () => {
    await target({ topic: 'transfers' });
    const res = await call('GET', `/public/v1/push/topics?client=${CLIENT}`, undefined, null);
    expect(res.status, res.text).toBe(200);
    const club = (await call('GET', '/api/v3/clubs?page[size]=1&sort=name')).body.data[0];
    expect(res.body.data).toContainEqual({ type: 'push_topics', id: `club:${club.id}`, attributes: { kind: 'club', name: club.attributes.name } });
    expect(res.body.data).toContainEqual({ type: 'push_topics', id: 'transfers', attributes: { kind: 'topic', name: 'transfers' } });
    const other = await call('GET', '/public/v1/push/topics?client=other-league', undefined, null);
    expect(other.body.data.map((t: any) => t.id)).not.toContain('transfers');
  });

  it('subscribes a browser once, changes its topics, lists and removes it', async () => {
    const browser = push.subscribe();
    const token = await fan();
    const made = await call('POST', '/public/v1/push/subscriptions', subscriptionBody(browser.json, { topics: ['club:1', 'news'] }), token);
    expect(made.status, made.text).toBe(201);
    // Wanting the news topic is wanting news alerts; the match alerts start as the default kinds.
    expect(made.body.data.attributes).toEqual({ endpoint: browser.json.endpoint, platform: 'web', locale: 'pl', topics: ['club:1', 'news'], alert_kinds: ['goal', 'red_card', 'full_time', 'news'] });
    // The same browser again (after a reinstall): the same subscription, topics kept.
    const again = await call('POST', '/public/v1/push/subscriptions', subscriptionBody(browser.json), token);
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(made.body.data.id);
    expect(again.body.data.attributes.topics).toEqual(['club:1', 'news']);
    const id = made.body.data.id;
    const changed = await call('PATCH', `/public/v1/push/subscriptions/${id}`, { data: { type: 'push_subscriptions', id, attributes: { topics: ['news'], locale: 'en' } } }, token);
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.data.attributes).toMatchObject({ topics: ['news'], locale: 'en' });
    expect((await call('GET', '/public/v1/push/subscriptions', undefined, token)).body.data.map((s: any) => s.id)).toEqual([id]);
    // Another fan cannot see, change or remove it.
    const stranger = await fan();
    expect((await call('GET', '/public/v1/push/subscriptions', undefined, stranger)).body.data).toEqual([]);
    expect((await call('DELETE', `/public/v1/push/subscriptions/${id}`, undefined, stranger)).status).toBe(404);
    expect((await call('DELETE', `/public/v1/push/subscriptions/${id}`, undefined, token)).status).toBe(204);
    expect((await call('GET', '/public/v1/push/subscriptions', undefined, token)).body.data).toEqual([]);
  });

  it('keeps what a fan follows: topics and alert kinds, news as its topic, an account the same on each device', async () => {
    // A club no other test sends to: these subscriptions must not be among their recipients.
    const club = '990001';
    const competition = (await call('GET', '/api/v3/competitions?page[size]=1&sort=name')).body.data[0];
    const topics = await call('GET', `/public/v1/push/topics?client=${CLIENT}`, undefined, null);
    expect(topics.body.data).toContainEqual({ type: 'push_topics', id: `competition:${competition.id}`, attributes: { kind: 'competition', name: competition.attributes.name } });
    // A device: kinds chosen with the topics; news given as a kind becomes the news topic and back.
    const device = await fan();
    const made = await call('POST', '/public/v1/push/subscriptions', subscriptionBody(push.subscribe().json, { topics: [`club:${club}`, 'match:7'], alert_kinds: ['news', 'goal', 'kick_off'] }), device);
    expect(made.status, made.text).toBe(201);
    expect(made.body.data.attributes).toMatchObject({ topics: [`club:${club}`, 'match:7', 'news'], alert_kinds: ['goal', 'kick_off', 'news'] });
    const fewer = await call('PATCH', `/public/v1/push/subscriptions/${made.body.data.id}`, { data: { type: 'push_subscriptions', id: made.body.data.id, attributes: { alert_kinds: ['full_time'] } } }, device);
    expect(fewer.body.data.attributes).toMatchObject({ topics: [`club:${club}`, 'match:7'], alert_kinds: ['full_time'] });
    // Topics alone (an older app) keep the kinds.
    const moved = await call('PATCH', `/public/v1/push/subscriptions/${made.body.data.id}`, { data: { type: 'push_subscriptions', id: made.body.data.id, attributes: { topics: ['match:8'] } } }, device);
    expect(moved.body.data.attributes).toMatchObject({ topics: ['match:8'], alert_kinds: ['full_time'] });
    // An account: the phone follows a club; the laptop, subscribed later, starts with the same.
    const email = `follows${Date.now()}@example.com`;
    const account = await call('POST', `/public/v1/fans?client=${CLIENT}`, { data: { type: 'fans', attributes: { email, password: 'bardzo-tajne-haslo', display_name: 'Ola' } } }, null);
    expect(account.status, account.text).toBe(201);
    const phoneToken = account.body.meta.token;
    const phone = await call('POST', '/public/v1/push/subscriptions', subscriptionBody(push.subscribe().json, { topics: [`club:${club}`], alert_kinds: ['goal', 'red_card'] }), phoneToken);
    const signedIn = await call('POST', `/public/v1/fans/sign_in?client=${CLIENT}`, { data: { type: 'fans', attributes: { email, password: 'bardzo-tajne-haslo' } } }, null);
    const laptopToken = signedIn.body.meta.token;
    const laptop = await call('POST', '/public/v1/push/subscriptions', subscriptionBody(push.subscribe().json, { locale: 'en' }), laptopToken);
    expect(laptop.status, laptop.text).toBe(201);
    expect(laptop.body.data.attributes).toMatchObject({ locale: 'en', topics: [`club:${club}`], alert_kinds: ['goal', 'red_card'] });
    // Following a match on the laptop follows it on the phone; each keeps its language.
    const follows = { topics: [`club:${club}`, 'match:9'], alert_kinds: ['goal', 'full_time'] };
    await call('PATCH', `/public/v1/push/subscriptions/${laptop.body.data.id}`, { data: { type: 'push_subscriptions', id: laptop.body.data.id, attributes: follows } }, laptopToken);
    const both = (await call('GET', '/public/v1/push/subscriptions', undefined, phoneToken)).body.data;
    expect(both.map((s: any) => s.id)).toEqual([phone.body.data.id, laptop.body.data.id]);
    for (const s of both) expect(s.attributes).toMatchObject(follows);
    expect(both.map((s: any) => s.attributes.locale)).toEqual(['pl', 'en']);
    // A device fan's change stays on its device.
    expect((await call('GET', '/public/v1/push/subscriptions', undefined, device)).body.data[0].attributes.topics).toEqual(['match:8']);
  });

  it('refuses bad subscriptions with JSON:API errors, and keeps none', async () => {
    const token = await fan();
    const good = push.subscribe().json;
    const offCurve = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url');
    const cases: [string, unknown, number, string][] = [
      ['plain http elsewhere', subscriptionBody({ ...good, endpoint: 'http://push.example.com/x' }), 422, '/data/attributes/endpoint'],
      ['https on a private address', subscriptionBody({ ...good, endpoint: 'https://10.0.0.5/x' }), 422, '/data/attributes/endpoint'],
      ['not a url', subscriptionBody({ ...good, endpoint: 'push me' }), 422, '/data/attributes/endpoint'],
      ['no endpoint', { data: { type: 'push_subscriptions', attributes: { keys: good.keys } } }, 422, '/data/attributes/endpoint'],
      ['point off the curve', subscriptionBody({ ...good, keys: { ...good.keys, p256dh: offCurve } }), 422, '/data/attributes/keys/p256dh'],
      ['short p256dh', subscriptionBody({ ...good, keys: { ...good.keys, p256dh: 'BAAA' } }), 422, '/data/attributes/keys/p256dh'],
      ['15-byte auth', subscriptionBody({ ...good, keys: { ...good.keys, auth: Buffer.alloc(15, 1).toString('base64url') } }), 422, '/data/attributes/keys/auth'],
      ['no keys', subscriptionBody({ endpoint: good.endpoint } as never), 422, '/data/attributes/keys'],
      ['bad topic', subscriptionBody(good, { topics: ['Club 1'] }), 422, '/data/attributes/topics/0'],
      ['topics not a list', subscriptionBody(good, { topics: 'news' }), 422, '/data/attributes/topics'],
      ['unknown alert kind', subscriptionBody(good, { alert_kinds: ['goal', 'corner'] }), 422, '/data/attributes/alert_kinds/1'],
      ['alert kinds not a list', subscriptionBody(good, { alert_kinds: 'goal' }), 422, '/data/attributes/alert_kinds'],
      ['bad platform', subscriptionBody(good, { platform: 'fax' }), 422, '/data/attributes/platform'],
      ['unknown attribute', subscriptionBody(good, { fan_id: 1 }), 422, '/data/attributes/fan_id'],
      ['wrong type', { data: { type: 'fans', attributes: good } }, 422, '/data/type'],
    ];
    for (const [name, body, status, pointer] of cases) {
      const res = await call('POST', '/public/v1/push/subscriptions', body, token);
      expect(res.status, `${name}: ${res.text}`).toBe(status);
      expect(res.body.errors[0].source.pointer, name).toBe(pointer);
    }
    const malformed = await fetch(`${server.url}/public/v1/push/subscriptions`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: '{"data":' });
    expect(malformed.status).toBe(400);
    expect((await call('POST', '/public/v1/push/subscriptions', subscriptionBody(good), null)).status).toBe(401);
    expect((await call('POST', '/public/v1/push/subscriptions', subscriptionBody(good), await staff('admin'))).status).toBe(401);
    expect((await call('GET', '/public/v1/push/subscriptions', undefined, token)).body.data).toEqual([]);
  });
});

describe('notifications and targets (/api/v3)', () => {
  it('refuses scheduling without a target, two links, a status of the sender and another client’s target', async () => {
    const ids = async () => (await call('GET', '/api/v3/push_notifications?page[size]=100')).body.data.map((n: { id: string }) => n.id);
    // The demo's notifications are there; none is added by what follows.
    const before = await ids();
    const noTarget = await call('POST', '/api/v3/push_notifications', notificationBody({ status: 'scheduled' }, []));
    expect(noTarget.status).toBe(422);
    expect(noTarget.body.errors[0]).toMatchObject({ code: 'atLeastOneItemRequired', source: { pointer: '/data/relationships/targets' } });
    const t = await target({ platform: 'web' });
    const article = (await call('POST', '/api/v3/articles?locale=pl', { data: { type: 'articles', attributes: { title: 'Link' } } })).body.data.id;
    const match = (await call('GET', '/api/v3/matches?page[size]=1')).body.data[0].id;
    const twoLinks = await call(
      'POST',
      '/api/v3/push_notifications',
      notificationBody({}, [t], { article: { data: { type: 'articles', id: article } }, match: { data: { type: 'matches', id: match } } }),
    );
    expect(twoLinks.status).toBe(422);
    expect(twoLinks.body.errors[0]).toMatchObject({ code: 'onlyOnePushLink', source: { pointer: '/data/relationships/match' } });
    const sent = await call('POST', '/api/v3/push_notifications', notificationBody({ status: 'sent' }, [t]));
    expect(sent.status).toBe(422);
    expect(sent.body.errors[0].source.pointer).toBe('/data/attributes/status');
    const counted = await call('POST', '/api/v3/push_notifications', notificationBody({ delivered_count: 5 }, [t]));
    expect(counted.status).toBe(422);
    // A target of the other league is not there for this one.
    const foreign = await call('POST', '/api/v3/push_notification_targets', { data: { type: 'push_notification_targets', attributes: { name: 'Obcy' } } }, await staff('other-admin'));
    expect(foreign.status, foreign.text).toBe(201);
    const withForeign = await call('POST', '/api/v3/push_notifications', notificationBody({ status: 'scheduled' }, [foreign.body.data.id]));
    expect(withForeign.status).toBe(422);
    expect(withForeign.body.errors[0].source.pointer).toMatch(/^\/data\/relationships\/targets/);
    const badTopic = await call('POST', '/api/v3/push_notification_targets', { data: { type: 'push_notification_targets', attributes: { name: 'Zły', topic: 'Not A Topic' } } });
    expect(badTopic.status).toBe(422);
    expect(await ids()).toEqual(before);
  });

  it('sends at its time to the subscriptions of its targets, decrypted by the push service, and counts the outcome', async () => {
    const club = await clubId();
    const ok = await subscribed([`club:${club}`]);
    const english = await subscribed([`club:${club}`, 'news'], { locale: 'en' });
    const gone = await subscribed([`club:${club}`], { answer: 410 });
    const broken = await subscribed([`club:${club}`], { answer: 500 });
    const otherClub = await subscribed(['club:999999']);
    const mobile = await subscribed([`club:${club}`]);
    await call('PATCH', `/public/v1/push/subscriptions/${mobile.id}`, { data: { type: 'push_subscriptions', id: mobile.id, attributes: { platform: 'mobile' } } }, mobile.token);
    const t = await target({ platform: 'web' }, club);
    const article = (await call('POST', '/api/v3/articles?locale=pl', { data: { type: 'articles', attributes: { title: 'Skrót' } } })).body.data.id;
    const sendAt = new Date(clock.now().getTime() + HOUR).toISOString();
    const created = await call('POST', '/api/v3/push_notifications', notificationBody({ status: 'scheduled', send_at: sendAt }, [t], { article: { data: { type: 'articles', id: article } } }));
    expect(created.status, created.text).toBe(201);
    const id = created.body.data.id;
    expect(created.body.data.attributes).toMatchObject({ status: 'scheduled', sent_count: 0 });
    // The worker has looked since (the second poll began after the write, and ran what was due): not yet.
    await server.app.jobs!.afterPolls(2);
    expect(ok.browser.posts).toBe(0);
    clock.advance(HOUR);
    const counts = await finished(id);
    expect(counts).toMatchObject({ status: 'sent', total_count: 4, sent_count: 4, delivered_count: 2, expired_count: 1, failed_count: 1, failure_reasons: { 'HTTP 500': 1 } });
    expect(push.rejected).toEqual([]);
    expect(ok.browser.received).toEqual([{ notification_id: id, locale: 'pl', title: 'Gol!', body: 'Zobacz skrót.', image: null, link: { type: 'articles', id: article } }]);
    expect(english.browser.received).toEqual([expect.objectContaining({ locale: 'en', title: 'Goal!', body: 'Watch the highlights.' })]);
    expect(otherClub.browser.posts).toBe(0);
    expect(mobile.browser.posts).toBe(0);
    // The push service said 410: the subscription is gone.
    expect((await call('GET', '/public/v1/push/subscriptions', undefined, gone.token)).body.data).toEqual([]);
    expect((await call('GET', '/public/v1/push/subscriptions', undefined, broken.token)).body.data).toHaveLength(1);
    // Sent: it can no longer change, and running its job again sends nothing twice.
    const late = await call('PATCH', `/api/v3/push_notifications/${id}`, { data: { type: 'push_notifications', id, attributes: { title_pl: 'Inny' } } });
    expect(late.status).toBe(409);
    expect(late.body.errors[0].code).toBe('pushAlreadySent');
    await sendPushNotification({ config: server.config, database: server.database, bus: server.bus, clock }, 1, Number(id));
    expect([ok, english, gone, broken].map((s) => s.browser.posts)).toEqual([1, 1, 1, 1]);
    const history = await call('GET', `/api/v3/audit_events?filter[resource_type]=push_notifications&filter[resource_id]=${id}&filter[actor]=system:push&sort=id`);
    expect(history.body.data.map((e: any) => e.attributes.changes.status)).toEqual([
      { before: 'scheduled', after: 'sending' },
      { before: 'sending', after: 'sent' },
    ]);
  });

  it('speaks HTTP/2 to a push service offering it by ALPN, HTTP/1.1 over TLS to one that does not, and http to the loopback', async () => {
    const http1 = await startPushService({ protocols: 'http/1.1' });
    const plain = await startPushService({ protocols: 'plain' });
    try {
      const before = push.versions['2.0'] ?? 0;
      const subs = [await subscribed(['protocols']), await subscribed(['protocols'], { service: http1 }), await subscribed(['protocols'], { service: plain })];
      const t = await target({ topic: 'protocols' });
      const created = await call('POST', '/api/v3/push_notifications', notificationBody({ status: 'scheduled' }, [t]));
      expect(created.status, created.text).toBe(201);
      expect(await finished(created.body.data.id)).toMatchObject({ status: 'sent', total_count: 3, delivered_count: 3 });
      for (const s of subs) expect(s.browser.received).toEqual([expect.objectContaining({ notification_id: created.body.data.id })]);
      expect(push.versions['2.0']).toBe(before + 1);
      expect(http1.versions).toEqual({ '1.1': 1 });
      expect(plain.versions).toEqual({ '1.1': 1 });
      expect([...push.rejected, ...http1.rejected, ...plain.rejected]).toEqual([]);
    } finally {
      await http1.close();
      await plain.close();
    }
  });

  it('never calls an inside address a fan named (a name resolving to it), nor follows a redirect', async () => {
    // Server-side request forgery: the endpoint is the fan's. A name passes the subscribe check (no
    // DNS there), so the guard is where the connection is made.
    const hits: string[] = [];
    const inside = createServer((socket) => {
      hits.push('connection');
      socket.destroy();
    });
    await new Promise<void>((r) => inside.listen(0, '127.0.0.1', r));
    try {
      const port = (inside.address() as AddressInfo).port;
      const name = hostname();
      const resolved = await lookup(name, { all: true });
      expect(resolved.some((a) => a.address.startsWith('127.')), `${name} should resolve to loopback here: ${JSON.stringify(resolved)}`).toBe(true);
      const club = await clubId();
      const token = await fan();
      const browser = push.subscribe();
      const sneaky = await call('POST', '/public/v1/push/subscriptions', subscriptionBody({ ...browser.json, endpoint: `https://${name}:${port}/push/1` }, { topics: [`club:${club}`] }), token);
      expect(sneaky.status, sneaky.text).toBe(201);
      const redirecting = await subscribed([`club:${club}`], { answer: 307 });
      const t = await target({ platform: 'web' }, club);
      const created = await call('POST', '/api/v3/push_notifications', notificationBody({ status: 'scheduled' }, [t]));
      expect(created.status, created.text).toBe(201);
      const counts = await finished(created.body.data.id);
      // (Earlier tests' subscribers of the same club are reached too.)
      expect(counts.failure_reasons).toMatchObject({ EINTERNALADDRESS: 1, 'HTTP 307': 1 });
      expect(redirecting.browser.posts).toBe(1);
      expect(hits).toEqual([]);
    } finally {
      inside.close();
    }
  });

  it('sends now when scheduled without a time, with its image, announcing its counts on /cable; a draft never goes out', async () => {
    const s = await subscribed(['right-now']);
    const t = await target({ topic: 'right-now' });
    const image = (await call('GET', '/api/v3/images?page[size]=1')).body.data[0];
    const draft = await call('POST', '/api/v3/push_notifications', notificationBody({}, [t], { image: { data: { type: 'images', id: image.id } } }));
    expect(draft.body.data.attributes.status).toBe('draft');
    const id = draft.body.data.id;
    // The worker has looked since, and a draft has no job to find.
    await server.app.jobs!.afterPolls(2);
    expect(s.browser.posts).toBe(0);
    const consumer = ActionCable.createConsumer(`${server.url.replace('http', 'ws')}/cable?token=${encodeURIComponent(await staff('admin'))}`);
    const received: any[] = [];
    try {
      await new Promise<void>((resolve, reject) =>
        consumer.subscriptions.create(
          { channel: 'API::V3::ContentChannel', type: 'push_notifications' },
          { connected: () => resolve(), rejected: () => reject(new Error('rejected')), received: (m: any) => received.push(m) },
        ),
      );
      const now = await call('PATCH', `/api/v3/push_notifications/${id}`, { data: { type: 'push_notifications', id, attributes: { status: 'scheduled' } } });
      expect(now.status, now.text).toBe(200);
      expect(Date.parse(now.body.data.attributes.send_at)).toBeLessThanOrEqual(clock.now().getTime());
      expect(await finished(id)).toMatchObject({ delivered_count: 1 });
      await eventually(async () => received.filter((m) => m.id === id && m.actor === 'system:push').length, (n) => n >= 2, 'ContentChannel messages');
    } finally {
      consumer.disconnect();
    }
    expect(s.browser.received).toHaveLength(1);
    expect(s.browser.received[0].image).toBe(`/img/fit-in/720x720/${String(image.attributes.path).replace(/^\/+/, '')}`);
  });

  it('sends a notification whose time came while the server was stopped, once', async () => {
    const s = await subscribed(['restart']);
    const t = await target({ topic: 'restart' });
    const created = await call('POST', '/api/v3/push_notifications', notificationBody({ status: 'scheduled', send_at: new Date(clock.now().getTime() + HOUR).toISOString() }, [t]));
    const id = created.body.data.id;
    await server.close();
    clock.advance(2 * HOUR);
    await start();
    expect(await finished(id)).toMatchObject({ status: 'sent', delivered_count: 1 });
    expect(s.browser.posts).toBe(1);
  });

  it('resumes after a crash in the middle of sending without sending anything twice', async () => {
    await server.close();
    const child = await spawnServer({ ...db.env, ...ENV, PUSH_BATCH: '1', PUSH_CONCURRENCY: '1' });
    const subs: Awaited<ReturnType<typeof subscribed>>[] = [];
    for (let i = 0; i < 3; i++) subs.push(await subscribed(['crash'], { base: child.url }));
    const release = push.hold();
    try {
      const admin = await staff('admin', child.url);
      const t = (await call('POST', '/api/v3/push_notification_targets', { data: { type: 'push_notification_targets', attributes: { name: 'Crash', topic: 'crash' } } }, admin, child.url)).body.data.id;
      const created = await call('POST', '/api/v3/push_notifications', notificationBody({ status: 'scheduled' }, [t]), admin, child.url);
      expect(created.status, created.text).toBe(201);
      // The first message is on its way (claimed, posted, unanswered): the server dies.
      await eventually(async () => subs.reduce((n, s) => n + s.browser.posts, 0), (n) => n === 1, 'first post');
      child.process.kill('SIGKILL');
      await child.exited;
      release();
      // Another server after the job's lease (5 minutes) ran out.
      clock.set(Date.now() + 6 * MINUTE);
      await start();
      const counts = await finished(created.body.data.id);
      expect(counts).toMatchObject({ total_count: 3, sent_count: 3, delivered_count: 2, failed_count: 1, failure_reasons: { interrupted: 1 } });
      expect(subs.map((s) => s.browser.posts)).toEqual([1, 1, 1]);
    } finally {
      release();
      if (child.process.exitCode === null) child.process.kill('SIGKILL');
    }
  });
});

describe('push at scale (issue 25): topics resolved in SQL, runners sharing a send', () => {
  const deps = (push: Partial<SendDeps['config']['push']> = {}): SendDeps => ({
    config: { ...server.config, push: { ...server.config.push, ...push } },
    database: server.database,
    bus: server.bus,
    clock,
  });
  const q = () => server.database.db;
  const fanOf = async (subscriptionId: string) => Number((await q().selectFrom('push_subscriptions').select('fan_id').where('id', '=', Number(subscriptionId)).executeTakeFirstOrThrow()).fan_id);

  /** A draft with these targets, and the subscriptions its targets reach, as the sender resolves them. */
  async function resolved(targets: string[]): Promise<string[]> {
    const made = await call('POST', '/api/v3/push_notifications', notificationBody({}, targets));
    expect(made.status, made.text).toBe(201);
    const rows = await recipientsQuery(q(), server.database.dialect, 1, Number(made.body.data.id)).select('s.id').distinct().execute();
    return rows.map((r) => String(r.id)).sort((a, b) => Number(a) - Number(b));
  }

  const stopWorkers = () => Promise.all([server.app.jobs!.stop(), server.app.pushRunners!.stop()]);
  const startWorkers = async () => {
    await server.app.jobs!.start();
    await server.app.pushRunners!.start();
  };

  /** A notification `sending` with its delivery rows and runner jobs, the workers stopped so that the test runs the runners. */
  async function prepared(topic: string, browsers: Awaited<ReturnType<typeof subscribed>>[], runners = 4) {
    const t = await target({ topic });
    const made = await call('POST', '/api/v3/push_notifications', notificationBody({}, [t]));
    const id = Number(made.body.data.id);
    await stopWorkers();
    // Scheduled without its job: the test is the worker.
    await q().updateTable('push_notifications').set({ status: 'scheduled' }).where('id', '=', id).execute();
    // As many runner jobs as the setting (PUSH_RUNNERS) says.
    expect(await preparePushNotification(deps({ runners }), 1, id)).toBe(true);
    const queued = await q().selectFrom('jobs').select('key').where('key', 'like', `push:${id}:run:%`).where('status', '=', 'not_started').execute();
    expect(queued).toHaveLength(runners);
    expect((await notification(String(id))).total_count).toBe(browsers.length);
    return id;
  }
  const history = async (id: number) =>
    (await call('GET', `/api/v3/audit_events?filter[resource_type]=push_notifications&filter[resource_id]=${id}&filter[actor]=system:push&sort=id`)).body.data.map(
      (e: any) => e.attributes.changes.status,
    );

  it('resolves a club’s, a match’s and a competition’s followers by platform and segment, never a banned fan', async () => {
    const club = (await call('GET', '/api/v3/clubs?page[size]=1&sort=-name')).body.data[0].id as string;
    const match = `match:${700000 + ++serial}`;
    const competition = `competition:${700000 + ++serial}`;
    const clubFan = await subscribed([`club:${club}`]);
    const clubAndMatch = await subscribed([`club:${club}`, match]);
    const matchFan = await subscribed([match]);
    const competitionFan = await subscribed([competition]);
    const competitionAccount = await subscribed([competition]);
    const clubMobile = await subscribed([`club:${club}`]);
    const banned = await subscribed([`club:${club}`, match, competition]);
    await call('PATCH', `/public/v1/push/subscriptions/${clubMobile.id}`, { data: { type: 'push_subscriptions', id: clubMobile.id, attributes: { platform: 'mobile' } } }, clubMobile.token);
    await q().updateTable('fans').set({ kind: 'account' }).where('id', '=', await fanOf(competitionAccount.id)).execute();
    await q().updateTable('fans').set({ is_banned: server.database.dialect === 'sqlite' ? 1 : true }).where('id', '=', await fanOf(banned.id)).execute();
    const ids = (...subs: { id: string }[]) => subs.map((s) => s.id).sort((a, b) => Number(a) - Number(b));

    expect(await resolved([await target({}, club)])).toEqual(ids(clubFan, clubAndMatch, clubMobile));
    expect(await resolved([await target({ platform: 'web' }, club)])).toEqual(ids(clubFan, clubAndMatch));
    expect(await resolved([await target({ platform: 'mobile' }, club)])).toEqual(ids(clubMobile));
    expect(await resolved([await target({ topic: match })])).toEqual(ids(clubAndMatch, matchFan));
    // A club's target with a topic: both must hold.
    expect(await resolved([await target({ topic: match }, club)])).toEqual(ids(clubAndMatch));
    expect(await resolved([await target({ topic: competition })])).toEqual(ids(competitionFan, competitionAccount));
    expect(await resolved([await target({ topic: competition, segment: 'accounts' })])).toEqual(ids(competitionAccount));
    expect(await resolved([await target({ topic: competition, segment: 'devices' })])).toEqual(ids(competitionFan));
    // Two targets reaching the same subscription: one delivery.
    expect(await resolved([await target({ topic: match }), await target({}, club)])).toEqual(ids(clubFan, clubAndMatch, matchFan, clubMobile));
  });

  it('lets two runners share a send: each subscription gets one message, a 410 removes its subscription, one runner finalises', async () => {
    const browsers = [];
    for (let i = 0; i < 9; i++) browsers.push(await subscribed(['duo']));
    const gone = await subscribed(['duo'], { answer: 410 });
    browsers.push(gone);
    try {
      const id = await prepared('duo', browsers, 2);
      // Small batches, so that the two runners take turns.
      const results = await Promise.all([runPushDeliveries(deps({ batch: 2, concurrency: 2 }), 1, id), runPushDeliveries(deps({ batch: 2, concurrency: 2 }), 1, id)]);
      expect(results.filter((r) => r.state === 'finished')).toHaveLength(1);
      expect(browsers.map((b) => b.browser.posts)).toEqual(browsers.map(() => 1));
      expect(push.rejected).toEqual([]);
      expect(await notification(String(id))).toMatchObject({ status: 'sent', total_count: 10, sent_count: 10, delivered_count: 9, expired_count: 1, failed_count: 0 });
      expect((await call('GET', '/public/v1/push/subscriptions', undefined, gone.token)).body.data).toEqual([]);
      // Run again: nothing to do, nothing sent twice, finalised once.
      expect(await runPushDeliveries(deps(), 1, id)).toEqual({ state: 'idle' });
      expect(browsers.map((b) => b.browser.posts)).toEqual(browsers.map(() => 1));
      expect(await history(id)).toEqual([
        { before: 'scheduled', after: 'sending' },
        { before: 'sending', after: 'sent' },
      ]);
    } finally {
      await startWorkers();
    }
  });

  it('writes a send’s recipients a chunk at a time, in order, and finalises it only once all are written', async () => {
    const browsers = [];
    for (let i = 0; i < 6; i++) browsers.push(await subscribed(['chunked']));
    try {
      const t = await target({ topic: 'chunked' });
      const made = await call('POST', '/api/v3/push_notifications', notificationBody({}, [t]));
      const id = Number(made.body.data.id);
      await stopWorkers();
      await q().updateTable('push_notifications').set({ status: 'scheduled' }).where('id', '=', id).execute();
      // One recipient first, then 10 at a time: two chunks (no runner queued: the test is the runner).
      expect(await preparePushNotification(deps({ firstRecipients: 1 }), 1, id, { queue: false })).toBe(true);
      const rows = await q().selectFrom('push_deliveries').select(['subscription_id']).where('notification_id', '=', id).orderBy('id').execute();
      expect(rows.map((r) => String(r.subscription_id))).toEqual(browsers.map((b) => b.id).sort((x, y) => Number(x) - Number(y)));
      expect(await notification(String(id))).toMatchObject({ status: 'sending', total_count: 6 });
      // A chunk left to write: the runner sends what is there and does not finalise.
      await q().updateTable('push_notifications').set({ recipients_after: Number(rows.at(-1)!.subscription_id) }).where('id', '=', id).execute();
      expect(await runPushDeliveries(deps(), 1, id)).toEqual({ state: 'idle' });
      expect(browsers.map((b) => b.browser.posts)).toEqual(browsers.map(() => 1));
      expect((await notification(String(id))).status).toBe('sending');
      await q().updateTable('push_notifications').set({ recipients_after: null }).where('id', '=', id).execute();
      expect(await runPushDeliveries(deps(), 1, id)).toEqual({ state: 'finished' });
      expect(await notification(String(id))).toMatchObject({ status: 'sent', total_count: 6, delivered_count: 6 });
    } finally {
      await startWorkers();
    }
  });

  it('records a batch whose messages end differently: delivered, unsubscribed since, a key that cannot be used, each once', async () => {
    const browsers = [];
    for (let i = 0; i < 5; i++) browsers.push(await subscribed(['mixed']));
    try {
      const id = await prepared('mixed', browsers, 1);
      // After the rows were made: one fan unsubscribes, another subscription's key is damaged in the database.
      await call('DELETE', `/public/v1/push/subscriptions/${browsers[1].id}`, undefined, browsers[1].token);
      await q().updateTable('push_subscriptions').set({ p256dh: 'AAAA' }).where('id', '=', Number(browsers[3].id)).execute();
      expect(await runPushDeliveries(deps({ batch: 10 }), 1, id)).toEqual({ state: 'finished' });
      expect(browsers.map((b) => b.browser.posts)).toEqual([1, 0, 1, 0, 1]);
      expect(push.rejected).toEqual([]);
      expect(await notification(String(id))).toMatchObject({
        status: 'sent',
        total_count: 5,
        sent_count: 5,
        delivered_count: 3,
        failed_count: 2,
        failure_reasons: { unsubscribed: 1, 'encryption: p256dh is not a 65-byte key': 1 },
      });
      const rows = await q().selectFrom('push_deliveries').select(['status', 'reason']).where('notification_id', '=', id).orderBy('id').execute();
      expect(rows.map((r) => r.status)).toEqual(['delivered', 'failed', 'delivered', 'failed', 'delivered']);
    } finally {
      await startWorkers();
    }
  });

  it('resumes after a runner died with claimed rows: the rest are sent, its rows count as interrupted once its lease ran out, a live runner’s are left to it', async () => {
    const browsers = [];
    for (let i = 0; i < 6; i++) browsers.push(await subscribed(['lapse']));
    try {
      const id = await prepared('lapse', browsers);
      const rows = await q().selectFrom('push_deliveries').select(['id', 'subscription_id']).where('notification_id', '=', id).orderBy('id').execute();
      const lease = server.config.jobs.leaseMs;
      const at = (ms: number) => {
        const d = new Date(clock.now().getTime() + ms).toISOString();
        return server.database.dialect === 'sqlite' ? d : new Date(d);
      };
      // A runner that died two batches in, and one alive that has just claimed a row.
      await q().updateTable('push_deliveries').set({ status: 'claimed', claimed_by: 'dead', claimed_at: at(-lease - MINUTE) }).where('id', 'in', [rows[0].id, rows[1].id]).execute();
      await q().updateTable('push_deliveries').set({ status: 'claimed', claimed_by: 'alive', claimed_at: at(0) }).where('id', '=', rows[2].id).execute();
      const first = await runPushDeliveries(deps(), 1, id);
      expect(first.state).toBe('waiting');
      expect((first as { until: Date }).until.getTime()).toBeGreaterThan(clock.now().getTime() + lease - 1);
      // Claimed rows are never sent again; the rest went out once.
      expect(browsers.map((b) => b.browser.posts)).toEqual([0, 0, 0, 1, 1, 1]);
      expect(await notification(String(id))).toMatchObject({ status: 'sending', sent_count: 5, delivered_count: 3, failed_count: 2 });
      // The live runner never answers: once its lease runs out, two runners at once finalise it once.
      clock.advance(lease + 1000);
      const last = await Promise.all([runPushDeliveries(deps(), 1, id), runPushDeliveries(deps(), 1, id)]);
      expect(last.map((r) => r.state).sort()).toEqual(['finished', 'idle']);
      expect(browsers.map((b) => b.browser.posts)).toEqual([0, 0, 0, 1, 1, 1]);
      expect(await notification(String(id))).toMatchObject({ status: 'sent', total_count: 6, sent_count: 6, delivered_count: 3, failed_count: 3, failure_reasons: { interrupted: 3 } });
      expect(await history(id)).toEqual([
        { before: 'scheduled', after: 'sending' },
        { before: 'sending', after: 'sent' },
      ]);
    } finally {
      await startWorkers();
    }
  });

  it('spreads a send over two instances’ workers through the job queue, one runner at a time per instance', async () => {
    // A second instance on the same database: the runner jobs go to whichever worker claims them.
    const second = await startServer({ port: 0, host: '127.0.0.1' }, { ...db.env, ...ENV }, { clock });
    const release = push.hold();
    try {
      const browsers = [];
      for (let i = 0; i < 8; i++) browsers.push(await subscribed(['spread']));
      const t = await target({ topic: 'spread' });
      const made = await call('POST', '/api/v3/push_notifications', notificationBody({ status: 'scheduled' }, [t]));
      expect(made.status, made.text).toBe(201);
      const id = Number(made.body.data.id);
      // The first runner claimed every row (one batch) and waits for the push service's answers. One
      // runner at a time per instance, the other instance takes the other three meanwhile, and they
      // end at once (the rows are a live runner's). A worker holding all four kept the three behind
      // the first until its messages timed out: then all four had ended and none was running.
      const runners = () => q().selectFrom('jobs').select(['status', 'locked_by']).where('key', 'like', `push:${id}:run:%`).where('kind', '=', PUSH_RUN_JOB).execute();
      await expect.poll(async () => (await runners()).filter((j) => j.status === 'finished').length, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
      expect((await runners()).filter((j) => j.status === 'started')).toHaveLength(1);
      release();
      expect(await finished(String(id))).toMatchObject({ status: 'sent', total_count: 8, delivered_count: 8 });
      expect(browsers.map((b) => b.browser.posts)).toEqual(browsers.map(() => 1));
      expect(await history(id)).toHaveLength(2);
    } finally {
      release();
      await second.close();
    }
  });
});
