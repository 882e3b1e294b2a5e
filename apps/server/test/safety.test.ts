import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../src/server';
import { DEMO_PASSWORD } from '../src/seed/demo-data';
import { spawnServer } from './support/child-server';
import { assertJsonApiDocument } from './support/jsonapi-schema';
import { freshDatabase, startTestServer, TEST_DB, type TestServer } from './support/test-server';
import { waitFor } from './support/wait';

const tag = (name: string) => ({ data: { type: 'tags', attributes: { name } } });

describe('idempotent POST', () => {
  let api: TestServer;
  beforeAll(async () => {
    api = await startTestServer();
  });
  afterAll(() => api?.close());

  const count = async (name: string) => (await api.get(`/api/v3/tags?filter[name]=${encodeURIComponent(name)}`)).body.meta.total;

  it('answers a repeated POST with the first response and creates nothing twice', async () => {
    const headers = { 'idempotency-key': 'retry-1' };
    const first = await api.post('/api/v3/tags', tag('Idempotent'), { headers });
    const second = await api.post('/api/v3/tags', tag('Idempotent'), { headers });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('location')).toBe(first.headers.get('location'));
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await count('Idempotent')).toBe(1);
  });

  it('creates once when the same key arrives twice at the same moment', async () => {
    const headers = { 'idempotency-key': 'race-1' };
    const results = await Promise.all([1, 2, 3].map(() => api.post('/api/v3/tags', tag('Race'), { headers })));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
    expect(await count('Race')).toBe(1);
  });

  it('refuses a key reused for another request, and keys of other clients are separate', async () => {
    await api.post('/api/v3/tags', tag('Key A'), { headers: { 'idempotency-key': 'k-2' } });
    const reused = await api.post('/api/v3/tags', tag('Key B'), { headers: { 'idempotency-key': 'k-2' } });
    expect(reused.status).toBe(422);
    expect(reused.body.errors[0].meta.key).toBe('idempotencyKeyReused');
    const other = await api.post('/api/v3/tags', tag('Key A'), { headers: { 'idempotency-key': 'k-2' }, token: await api.token('other-admin') });
    expect(other.status).toBe(201);
    expect((await api.post('/api/v3/tags', tag('X'), { headers: { 'idempotency-key': 'k'.repeat(300) } })).status).toBe(400);
  });

  it('does not keep a failed attempt: the corrected retry with the same key succeeds', async () => {
    const headers = { 'idempotency-key': 'fix-1' };
    expect((await api.post('/api/v3/tags', { data: { type: 'tags', attributes: { name: '  ' } } }, { headers })).status).toBe(422);
    // A different body under the same key is refused only once a response was stored.
    expect((await api.post('/api/v3/tags', tag('Fixed'), { headers })).status).toBe(201);
  });
});

describe('history of changes', () => {
  let api: TestServer;
  beforeAll(async () => {
    api = await startTestServer();
  });
  afterAll(() => api?.close());

  it('records who changed which fields, before and after, per record and per resource', async () => {
    const created = await api.post('/api/v3/venues', { data: { type: 'venues', attributes: { name: 'Stadion Śląski', city: 'Chorzów', capacity: 54378 } } }, { token: await api.token('editor') });
    const id = created.body.data.id;
    await api.patch(`/api/v3/venues/${id}`, { data: { type: 'venues', id, attributes: { capacity: 55211, city: 'Chorzów' } } });
    const history = await api.get(`/api/v3/audit_events?filter[resource_type]=venues&filter[resource_id]=${id}&sort=id`);
    expect(history.body.data.map((e: any) => [e.attributes.action, e.attributes.actor])).toEqual([
      ['create', 'editor'],
      ['update', 'admin'],
    ]);
    expect(history.body.data[0].attributes.changes.name).toEqual({ before: null, after: 'Stadion Śląski' });
    // Only what changed: the city was sent again but is the same.
    expect(history.body.data[1].attributes.changes).toEqual({ capacity: { before: 54378, after: 55211 } });
    const perResource = await api.get('/api/v3/audit_events?filter[resource_type]=venues');
    expect(perResource.body.meta.total).toBe(2);
    expect((await api.post('/api/v3/audit_events', { data: { type: 'audit_events', attributes: {} } })).status).toBe(404);
    const other = await api.get('/api/v3/audit_events', { token: await api.token('other-admin') });
    expect(other.body.data.every((e: any) => e.attributes.resource_type !== 'venues')).toBe(true);
  });

  it('writes the change and its history together or not at all', async () => {
    const before = (await api.get('/api/v3/audit_events')).body.meta.total;
    const bad = await api.post('/api/v3/venues', { data: { type: 'venues', attributes: { name: 'X' } } });
    expect(bad.status).toBe(422);
    expect((await api.get('/api/v3/audit_events')).body.meta.total).toBe(before);
  });
});

describe('several instances on one database', () => {
  it('serve the same data side by side, migrating and seeding once', async () => {
    const db = await freshDatabase();
    const opts = { port: 0, host: '127.0.0.1' };
    // PostgreSQL takes a migration lock, so both may start at once; SQLite instances start in turn.
    const [a, b] =
      TEST_DB === 'postgres'
        ? await Promise.all([startServer(opts, db.env), startServer(opts, db.env)])
        : [await startServer(opts, db.env), await startServer(opts, db.env)];
    try {
      const signIn = await fetch(`${a.url}/auth/v1/sign_in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data: { type: 'sign_in', attributes: { username: 'admin', password: DEMO_PASSWORD } } }),
      });
      const token = (await signIn.json()).data.attributes.token;
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/vnd.api+json' };
      const created = await fetch(`${a.url}/api/v3/tags`, { method: 'POST', headers, body: JSON.stringify(tag('Shared')) });
      const id = (await created.json()).data.id;
      const read = await fetch(`${b.url}/api/v3/tags/${id}`, { headers });
      expect(read.status).toBe(200);
      const clubs = await (await fetch(`${b.url}/api/v3/clubs`, { headers })).json();
      expect(clubs.meta.total).toBe(18);
    } finally {
      await a.close();
      await b.close();
      await db.drop();
    }
  });
});

// Each test starts real server processes (each seeds its database): more than the default 30 s on a busy machine.
describe('durability and shutdown (a real process)', { timeout: 90_000 }, () => {
  const signIn = async (url: string) => {
    const res = await fetch(`${url}/auth/v1/sign_in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: { type: 'sign_in', attributes: { username: 'admin', password: DEMO_PASSWORD } } }),
    });
    return (await res.json()).data.attributes.token as string;
  };
  const create = (url: string, token: string, name: string) =>
    fetch(`${url}/api/v3/tags`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/vnd.api+json' },
      body: JSON.stringify(tag(name)),
    });

  it('loses no acknowledged write when killed with SIGKILL', async () => {
    const db = await freshDatabase();
    try {
      const first = await spawnServer(db.env);
      const token = await signIn(first.url);
      const acknowledged: string[] = [];
      for (let i = 0; i < 40; i++) {
        const res = await create(first.url, token, `Durable ${i}`);
        expect(res.status).toBe(201);
        acknowledged.push((await res.json()).data.id);
      }
      // Writes still in flight when the process dies may or may not land; acknowledged ones must.
      void create(first.url, token, 'In flight').catch(() => {});
      first.process.kill('SIGKILL');
      expect(await first.exited).toBe('SIGKILL');
      const second = await spawnServer(db.env);
      try {
        const headers = { authorization: `Bearer ${token}` };
        const res = await fetch(`${second.url}/api/v3/tags?filter[id]=${acknowledged.join(',')}&page[size]=100`, { headers });
        const body = await res.json();
        assertJsonApiDocument(body, 'after restart');
        expect(body.data.map((t: any) => t.id).sort()).toEqual([...acknowledged].sort());
      } finally {
        second.process.kill('SIGTERM');
        await second.exited;
      }
    } finally {
      await db.drop();
    }
  });

  it('finishes requests in flight on SIGTERM, then exits cleanly with the database closed', async () => {
    const db = await freshDatabase();
    try {
      const server = await spawnServer(db.env);
      const token = await signIn(server.url);
      const inFlight = Array.from({ length: 20 }, (_, i) => create(server.url, token, `Graceful ${i}`).then((r) => r.status).catch(() => 0));
      // Signal once the first answer is back, so the others are under way whatever the machine's load.
      await Promise.race(inFlight);
      server.process.kill('SIGTERM');
      const statuses = await Promise.all(inFlight);
      expect(await server.exited, server.output()).toBe(0);
      // Each request got a whole answer: created, or refused because the server was closing.
      for (const s of statuses) expect([201, 503, 0]).toContain(s);
      expect(statuses.filter((s) => s === 201).length).toBeGreaterThan(0);
      if (TEST_DB === 'sqlite') {
        const wal = join(db.env.DATA_DIR!, 'umpire.sqlite-wal');
        expect(!existsSync(wal) || statSync(wal).size === 0).toBe(true);
      }
      const again = await spawnServer(db.env);
      const res = await fetch(`${again.url}/api/v3/tags?filter[q]=Graceful&page[size]=100`, { headers: { authorization: `Bearer ${token}` } });
      expect((await res.json()).meta.total).toBe(statuses.filter((s) => s === 201).length);
      again.process.kill('SIGTERM');
      await again.exited;
    } finally {
      await db.drop();
    }
  });
  it('drains on SIGTERM: health says so at once while requests are still answered; a second SIGTERM ends it', async () => {
    const db = await freshDatabase();
    try {
      // A drain longer than the test: what the balancer sees while it takes the instance out.
      const server = await spawnServer({ ...db.env, SHUTDOWN_DRAIN_MS: '600000' });
      const token = await signIn(server.url);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      server.process.kill('SIGTERM');
      const health = await waitFor('health to answer 503', async () => {
        const res = await fetch(`${server.url}/healthz`).catch(() => null);
        return res?.status === 503 ? { body: await res.json(), cache: res.headers.get('cache-control') } : null;
      });
      expect(health).toEqual({ body: { status: 'draining' }, cache: 'no-store' });
      // Whatever still comes (the balancer has not noticed yet) is answered: a write and a read.
      const created = await create(server.url, token, 'While draining');
      expect(created.status).toBe(201);
      const read = await fetch(`${server.url}/api/v3/tags/${(await created.json()).data.id}`, { headers: { authorization: `Bearer ${token}` } });
      expect(read.status).toBe(200);
      // A second signal does not wait for the drain to end.
      server.process.kill('SIGTERM');
      expect(await server.exited, server.output()).toBe(1);
    } finally {
      await db.drop();
    }
  });
});
