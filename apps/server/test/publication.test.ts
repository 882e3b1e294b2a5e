import * as ActionCable from '@rails/actioncable';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ManualClock } from '../src/jobs/clock';
import { startServer, type RunningServer } from '../src/server';
import { DEMO_PASSWORD } from '../src/seed/demo-data';
import { freshDatabase } from './support/test-server';
import { assertJsonApiDocument } from './support/jsonapi-schema';

(ActionCable.adapters as { WebSocket: unknown }).WebSocket = WebSocket;
(globalThis as any).addEventListener ??= () => {};
(globalThis as any).removeEventListener ??= () => {};

/**
 * Publication windows driven by the job worker and an injectable clock: the server's clock is
 * moved, its worker (polling every 20 ms) runs the boundary jobs, and the public list follows;
 * also when the server process restarts in between (the jobs are rows).
 */
const HOUR = 3_600_000;
let db: Awaited<ReturnType<typeof freshDatabase>>;
let server: RunningServer;
const clock = new ManualClock(Date.now());
let token: string;

async function start() {
  server = await startServer({ port: 0, host: '127.0.0.1' }, { ...db.env, JOB_POLL_MS: '20' }, { clock });
  const res = await call('POST', '/auth/v1/sign_in', { data: { type: 'sign_in', attributes: { username: 'admin', password: DEMO_PASSWORD } } }, null);
  token = res.body.data.attributes.token;
}

async function call(method: string, path: string, body?: unknown, auth: string | null = token) {
  const headers: Record<string, string> = { accept: 'application/vnd.api+json' };
  if (body !== undefined) headers['content-type'] = 'application/vnd.api+json';
  if (auth) headers.authorization = `Bearer ${auth}`;
  const res = await fetch(server.url + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  const parsed = text ? JSON.parse(text) : undefined;
  if ((res.headers.get('content-type') ?? '').startsWith('application/vnd.api+json')) assertJsonApiDocument(parsed, `${method} ${path}`);
  return { status: res.status, body: parsed };
}

const publicIds = async (locale = 'pl') =>
  (await call('GET', `/public/v1/articles?client=ekstraklasa-demo&locale=${locale}&page[size]=100`, undefined, null)).body.data.map((a: any) => a.id) as string[];

async function eventually(check: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting: ${what}`);
}

async function scheduled(title: string, from: number, until: number | null, locale = 'pl') {
  const created = await call('POST', `/api/v3/articles?locale=${locale}`, {
    data: {
      type: 'articles',
      attributes: {
        title,
        status: 'published',
        publish_from: new Date(clock.now().getTime() + from).toISOString(),
        publish_until: until === null ? null : new Date(clock.now().getTime() + until).toISOString(),
      },
    },
  });
  expect(created.status).toBe(201);
  expect(created.body.data.attributes.visible).toBe(from <= 0);
  return created.body.data.id as string;
}

beforeAll(async () => {
  db = await freshDatabase();
  await start();
});
afterAll(async () => {
  await server?.close();
  await db?.drop();
});

describe('publication windows', () => {
  it('makes a scheduled article visible at its start and invisible at its end, announced on the ContentChannel', async () => {
    const consumer = ActionCable.createConsumer(`${server.url.replace('http', 'ws')}/cable?token=${encodeURIComponent(token)}`);
    const received: any[] = [];
    const connected = new Promise<void>((resolve, reject) =>
      consumer.subscriptions.create({ channel: 'API::V3::ContentChannel', type: 'articles' }, { connected: () => resolve(), rejected: () => reject(new Error('rejected')), received: (m: any) => received.push(m) }),
    );
    try {
      await connected;
      const id = await scheduled('Zapowiedź kolejki', HOUR, 2 * HOUR);
      const versionBefore = (await call('GET', '/public/v1/articles?client=ekstraklasa-demo', undefined, null)).body.meta.content_version;
      expect(await publicIds()).not.toContain(id);
      clock.advance(HOUR - 1000);
      // The worker has looked since the clock moved (the second poll began after it): still before the start.
      await server.app.jobs!.afterPolls(2);
      expect(await publicIds()).not.toContain(id);
      clock.advance(1000);
      await eventually(async () => (await publicIds()).includes(id), 'visible at the start');
      expect((await call('GET', `/api/v3/articles/${id}`)).body.data.attributes.visible).toBe(true);
      await eventually(async () => received.some((m) => m.id === id && m.actor === 'system:publication'), 'ContentChannel message');
      expect(received.find((m) => m.id === id && m.actor === 'system:publication')).toMatchObject({ action: 'updated', type: 'articles' });
      expect((await call('GET', '/public/v1/articles?client=ekstraklasa-demo', undefined, null)).body.meta.content_version).toBeGreaterThan(versionBefore);

      clock.advance(HOUR);
      await eventually(async () => !(await publicIds()).includes(id), 'invisible at the end');
      const history = await call('GET', `/api/v3/audit_events?filter[resource_type]=articles&filter[resource_id]=${id}&filter[actor]=system:publication&sort=id`);
      expect(history.body.data.map((e: any) => e.attributes.changes)).toEqual([
        { 'visible[pl]': { before: false, after: true } },
        { 'visible[pl]': { before: true, after: false } },
      ]);
      // Nothing is left waiting for it.
      const waiting = await server.database.db.selectFrom('jobs').select('id').where('key', 'like', `publication:articles:${id}:%`).where('status', '=', 'not_started').execute();
      expect(waiting).toHaveLength(0);
    } finally {
      consumer.disconnect();
    }
  });

  it('keeps each locale to its own window', async () => {
    const id = await scheduled('Tylko po polsku teraz', -HOUR, null);
    const en = await call('PATCH', `/api/v3/articles/${id}?locale=en`, {
      data: { type: 'articles', id, attributes: { title: 'English later', publish_from: new Date(clock.now().getTime() + HOUR).toISOString() } },
    });
    expect(en.status).toBe(200);
    expect(await publicIds('pl')).toContain(id);
    expect(await publicIds('en')).not.toContain(id);
    clock.advance(HOUR);
    await eventually(async () => (await publicIds('en')).includes(id), 'English visible at its own start');
    // Back to draft: gone from both at once, and its jobs are cancelled.
    expect((await call('PATCH', `/api/v3/articles/${id}`, { data: { type: 'articles', id, attributes: { status: 'draft' } } })).status).toBe(200);
    expect(await publicIds('pl')).not.toContain(id);
    expect(await publicIds('en')).not.toContain(id);
  });

  it('opens a window whose start passed while the server was stopped, once it runs again', async () => {
    const id = await scheduled('Po restarcie', HOUR, 3 * HOUR);
    await server.close();
    clock.advance(HOUR + 60_000);
    await start();
    await eventually(async () => (await publicIds()).includes(id), 'visible after the restart');
    await server.close();
    clock.advance(2 * HOUR);
    await start();
    await eventually(async () => !(await publicIds()).includes(id), 'invisible after the second restart');
  });

  it('opens and closes a scheduled page on /current_page, even when the page was already cached', async () => {
    const pageType = (await call('GET', '/api/v3/page_types?filter[kind]=standard&page[size]=1')).body.data[0];
    const slug = `zapowiedz-${Date.now()}`;
    const created = await call('POST', '/api/v3/pages', {
      data: {
        type: 'pages',
        attributes: {
          title: 'Zapowiedź sezonu',
          slug,
          status: 'published',
          published_from: new Date(clock.now().getTime() + HOUR).toISOString(),
          published_until: new Date(clock.now().getTime() + 2 * HOUR).toISOString(),
        },
        relationships: { page_type: { data: { type: 'page_types', id: pageType.id } } },
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.attributes.visible).toBe(false);
    const read = async () => {
      const res = await fetch(`${server.url}/api/v3/current_page?slug=${slug}`, { headers: { authorization: `Bearer ${token}` } });
      return { status: res.status, cache: res.headers.get('x-cache') };
    };
    expect((await read()).status).toBe(404);
    clock.advance(HOUR);
    await eventually(async () => (await read()).status === 200, 'the page is served at its start');
    // Now cached: the end of the window changes no row a reader wrote, yet it must drop this copy.
    // (The window's opening job may commit just after the first 200 and drop that first copy: the
    // page is read until a copy is kept.)
    await eventually(async () => (await read()).cache === 'hit', 'the open page is cached');
    clock.advance(HOUR);
    await eventually(async () => (await read()).status === 404, 'the cached page is gone at its end');
    const wrong = await call('PATCH', `/api/v3/pages/${created.body.data.id}`, {
      data: { type: 'pages', id: created.body.data.id, attributes: { published_until: '2020-01-01T10:00:00Z' } },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors[0]).toMatchObject({ source: { pointer: '/data/attributes/published_until' } });
  });

  it('lets a preview link expire after an hour', async () => {
    const id = await scheduled('Podgląd', HOUR, null);
    const link = await call('POST', `/api/v3/articles/${id}/preview_link`, {});
    expect(link.status).toBe(201);
    const path = new URL(link.body.data.attributes.url).pathname;
    expect((await call('GET', path, undefined, null)).status).toBe(200);
    clock.advance(HOUR + 1000);
    const expired = await call('GET', path, undefined, null);
    expect(expired.status).toBe(401);
    expect(expired.body.errors[0]).toMatchObject({ code: 'previewExpired', source: { parameter: 'token' } });
  });
});
