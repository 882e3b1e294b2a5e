import { createHash } from 'node:crypto';
import { DELIVERY_SUBJECTS, ROLES } from '@umpire/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { abilityFor } from '../src/auth/abilities';
import { toDb } from '../src/db/values';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * Delivery keys (issue 24, point 2): staff make read-only keys for each website or app, shown
 * once and kept hashed; a public read with a key reads as the key's client within the key's own
 * limit; `?client=` without a key only while the client allows anonymous reads.
 */
let api: TestServer;
const CLIENT = 'ekstraklasa-demo';
const OTHER = 'other-league';
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const keyBody = (attributes: Record<string, unknown>) => ({ data: { type: 'delivery_keys', attributes } });
const setAnonymousReads = (allowed: unknown, token?: string) =>
  api.patch('/api/v3/client', { data: { type: 'clients', attributes: { settings: { public_anonymous_reads: allowed } } } }, token ? { token } : {});

beforeAll(async () => {
  api = await startTestServer();
}, 120_000);
afterAll(() => api?.close());

async function createKey(attributes: Record<string, unknown> = {}, token?: string) {
  const res = await api.post('/api/v3/delivery_keys', keyBody({ name: `Key ${Math.random().toString(36).slice(2, 8)}`, ...attributes }), token ? { token } : {});
  expect(res.status, res.text).toBe(201);
  return { id: res.body.data.id as string, secret: res.body.meta.secret as string, res };
}

/** A public read that says which league it read: the VAPID key document's id is the client's slug. */
const readAs = (headers: Record<string, string>, query = '') => api.get(`/public/v1/push/vapid_public_key${query}`, { token: null, headers });
const rowOf = (id: string) => api.server.database.db.selectFrom('delivery_keys').selectAll().where('id', '=', Number(id)).executeTakeFirstOrThrow();

describe('staff make keys (POST /api/v3/delivery_keys)', () => {
  it('shows the secret once, in the answer to the create, and keeps only its hash', async () => {
    const { id, secret, res } = await createKey({ name: 'Club website' });
    expect(secret).toMatch(/^udk_[A-Za-z0-9_-]{43}$/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('location')).toMatch(new RegExp(`/api/v3/delivery_keys/${id}$`));
    expect(res.body.data.attributes).toMatchObject({
      name: 'Club website',
      prefix: secret.slice(0, 12),
      rate_limit_per_minute: 600,
      status: 'active',
      last_used_at: null,
      revoked_at: null,
      created_by: 'admin',
    });
    expect(Object.keys(res.body.data.attributes)).not.toContain('key_hash');

    // Never again: not in the fetch, the list, a search or the history.
    const reads = [
      await api.get(`/api/v3/delivery_keys/${id}`),
      await api.get('/api/v3/delivery_keys?page[size]=100'),
      await api.get('/api/v3/delivery_keys?filter[q]=club'),
      await api.get(`/api/v3/audit_events?filter[resource_type]=delivery_keys&filter[resource_id]=${id}`),
    ];
    for (const read of reads) {
      expect(read.status, read.text).toBe(200);
      expect(read.text).not.toContain(secret);
      expect(read.text).not.toContain(sha256(secret));
    }
    expect(reads[0].body.meta?.secret).toBeUndefined();
    expect(reads[1].body.data.map((k: { id: string }) => k.id)).toContain(id);
    const history = reads[3].body.data;
    expect(history).toHaveLength(1);
    expect(history[0].attributes.changes.prefix.after).toBe(secret.slice(0, 12));

    // Stored: the SHA-256 of the secret, never the secret itself, in no column.
    const row = await rowOf(id);
    expect(row.key_hash).toBe(sha256(secret));
    expect(Object.values(row).some((v) => String(v).includes(secret))).toBe(false);
  });

  it('answers a retry with the same Idempotency-Key with the first key, and no secret (it is kept nowhere)', async () => {
    const body = keyBody({ name: 'Mobile app' });
    const headers = { 'idempotency-key': `delivery-key-${Date.now()}` };
    const first = await api.post('/api/v3/delivery_keys', body, { headers });
    expect(first.status, first.text).toBe(201);
    const again = await api.post('/api/v3/delivery_keys', body, { headers });
    expect(again.status, again.text).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(again.body.meta).toEqual({ secret: null, secret_withheld: true });
    const stored = await api.server.database.db.selectFrom('idempotency_keys').select('body').where('key', '=', headers['idempotency-key']).executeTakeFirstOrThrow();
    expect(String(stored.body)).not.toContain(first.body.meta.secret);
    const named = await api.get(`/api/v3/delivery_keys?filter[q]=${encodeURIComponent('Mobile app')}`);
    expect(named.body.meta.total).toBe(1);
  });

  it('refuses bad input with JSON:API errors naming the field, and makes nothing', async () => {
    const before = (await api.get('/api/v3/delivery_keys?page[size]=1')).body.meta.total;
    const cases: [string, unknown, number, string][] = [
      ['no name', keyBody({}), 422, '/data/attributes/name'],
      ['blank name', keyBody({ name: '   ' }), 422, '/data/attributes/name'],
      ['long name', keyBody({ name: 'x'.repeat(121) }), 422, '/data/attributes/name'],
      ['limit 0', keyBody({ name: 'A', rate_limit_per_minute: 0 }), 422, '/data/attributes/rate_limit_per_minute'],
      ['limit too high', keyBody({ name: 'A', rate_limit_per_minute: 100_001 }), 422, '/data/attributes/rate_limit_per_minute'],
      ['limit not a number', keyBody({ name: 'A', rate_limit_per_minute: '60' }), 422, '/data/attributes/rate_limit_per_minute'],
      ['limit a fraction', keyBody({ name: 'A', rate_limit_per_minute: 1.5 }), 422, '/data/attributes/rate_limit_per_minute'],
      ['a prefix of its own', keyBody({ name: 'A', prefix: 'udk_mine' }), 422, '/data/attributes/prefix'],
      ['a status', keyBody({ name: 'A', status: 'revoked' }), 422, '/data/attributes/status'],
      ['a hash', keyBody({ name: 'A', key_hash: 'x' }), 422, '/data/attributes/key_hash'],
      ['a secret', keyBody({ name: 'A', secret: 'udk_x' }), 422, '/data/attributes/secret'],
      ['another type', { data: { type: 'clubs', attributes: { name: 'A' } } }, 409, '/data/type'],
      ['an id', { data: { type: 'delivery_keys', id: '5', attributes: { name: 'A' } } }, 403, '/data/id'],
      ['no data', {}, 422, '/data'],
    ];
    for (const [name, body, status, pointer] of cases) {
      const res = await api.post('/api/v3/delivery_keys', body);
      expect(res.status, `${name}: ${res.text}`).toBe(status);
      expect(res.body.errors[0].source.pointer, name).toBe(pointer);
      expect(res.text, name).not.toMatch(/udk_[A-Za-z0-9_-]{43}/);
    }
    expect((await api.get('/api/v3/delivery_keys?page[size]=1')).body.meta.total).toBe(before);
  });

  it('lists with filters, sort and pages, and changes only the name and the limit', async () => {
    const a = await createKey({ name: 'Sort A', rate_limit_per_minute: 50 });
    const b = await createKey({ name: 'Sort B', rate_limit_per_minute: 70 });
    const ranged = await api.get('/api/v3/delivery_keys?filter[rate_limit_per_minute][gte]=50&filter[rate_limit_per_minute][lte]=70&sort=-rate_limit_per_minute');
    expect(ranged.body.data.map((k: { id: string }) => k.id)).toEqual([b.id, a.id]);
    const paged = await api.get('/api/v3/delivery_keys?sort=name&page[size]=1&page[number]=2');
    expect(paged.body.data).toHaveLength(1);
    expect(paged.body.meta.total).toBeGreaterThanOrEqual(2);
    expect((await api.get('/api/v3/delivery_keys?filter[prefix]=' + a.secret.slice(0, 12))).body.data.map((k: { id: string }) => k.id)).toEqual([a.id]);

    const renamed = await api.patch(`/api/v3/delivery_keys/${a.id}`, { data: { type: 'delivery_keys', id: a.id, attributes: { name: 'Renamed', rate_limit_per_minute: 90 } } });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.data.attributes).toMatchObject({ name: 'Renamed', rate_limit_per_minute: 90, prefix: a.secret.slice(0, 12), status: 'active' });
    expect(renamed.text).not.toContain(a.secret);
    for (const [name, value] of [['prefix', 'udk_x'], ['status', 'revoked'], ['last_used_at', new Date().toISOString()], ['created_by', 'someone']] as const) {
      const res = await api.patch(`/api/v3/delivery_keys/${a.id}`, { data: { type: 'delivery_keys', id: a.id, attributes: { [name]: value } } });
      expect(res.status, name).toBe(422);
      expect(res.body.errors[0]).toMatchObject({ code: 'readOnly', source: { pointer: `/data/attributes/${name}` } });
    }
    const bad = await api.patch(`/api/v3/delivery_keys/${a.id}`, { data: { type: 'delivery_keys', id: a.id, attributes: { rate_limit_per_minute: -1 } } });
    expect(bad.status).toBe(422);
    // The secret still works after an edit: the hash is not touched.
    expect((await readAs({ 'x-delivery-key': a.secret })).status).toBe(200);
  });
});

describe('reads with a key (X-Delivery-Key)', () => {
  it("read as the key's client, with no ?client=, and say they vary by the key", async () => {
    const own = await createKey();
    const other = await createKey({}, await api.token('other-admin'));
    const mine = await readAs({ 'x-delivery-key': own.secret });
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body.data.id).toBe(CLIENT);
    expect(mine.headers.get('vary')).toMatch(/X-Delivery-Key/i);
    const theirs = await readAs({ 'x-delivery-key': other.secret });
    expect(theirs.status, theirs.text).toBe(200);
    expect(theirs.body.data.id).toBe(OTHER);
    // The clubs a key reads are its own league's.
    const clubs = (secret: string) => api.get('/public/v1/push/topics', { token: null, headers: { 'x-delivery-key': secret } });
    const ownTopics = (await clubs(own.secret)).body.data.map((t: { id: string }) => t.id);
    const otherTopics = (await clubs(other.secret)).body.data.map((t: { id: string }) => t.id);
    expect(ownTopics.length).toBeGreaterThan(0);
    expect(ownTopics.filter((t: string) => otherTopics.includes(t) && t.startsWith('club:'))).toEqual([]);
    // A ?client= beside a key may only repeat the key's league.
    expect((await readAs({ 'x-delivery-key': own.secret }, `?client=${CLIENT}`)).status).toBe(200);
    const mixed = await readAs({ 'x-delivery-key': own.secret }, `?client=${OTHER}`);
    expect(mixed.status).toBe(400);
    expect(mixed.body.errors[0]).toMatchObject({ code: 'badRequest', source: { parameter: 'client' } });
  });

  it('keeps keyed answers out of shared caches: two leagues\' keys on one address each read their own, privately', async () => {
    const own = await createKey();
    const other = await createKey({}, await api.token('other-admin'));
    const clubsAs = (headers: Record<string, string>, query = '') => api.get(`/public/v1/clubs?page[size]=100${query}`, { token: null, headers });
    const mine = await clubsAs({ 'x-delivery-key': own.secret });
    const theirs = await clubsAs({ 'x-delivery-key': other.secret });
    expect(mine.status, mine.text).toBe(200);
    expect(theirs.status, theirs.text).toBe(200);
    const ids = (res: typeof mine) => (res.body.data as { id: string }[]).map((c) => c.id);
    expect(ids(mine).length).toBeGreaterThan(0);
    expect(ids(mine).filter((id) => ids(theirs).includes(id))).toEqual([]);
    // Private: no shared cache keeps them (whatever it does with Vary), the reader's own may.
    for (const res of [mine, theirs]) {
      const cacheControl = res.headers.get('cache-control')!;
      expect(cacheControl).toMatch(/^private,/);
      expect(cacheControl).not.toMatch(/public|s-maxage/);
      expect(res.headers.get('vary')).toMatch(/X-Delivery-Key/i);
    }
    // The same for a capability's own route (the quizzes), and for a key naming its own league.
    for (const path of ['/public/v1/quizzes', `/public/v1/clubs?client=${CLIENT}`]) {
      const res = await api.get(path, { token: null, headers: { 'x-delivery-key': own.secret } });
      expect(res.status, `${path}: ${res.text}`).toBe(200);
      expect(res.headers.get('cache-control'), path).not.toMatch(/public/);
    }
    // Without a key the address names its league, and a CDN may keep it for everyone.
    const open = await clubsAs({}, `&client=${CLIENT}`);
    expect(open.headers.get('cache-control')).toMatch(/^public,.*s-maxage=/);
    expect(ids(open)).toEqual(ids(mine));
  });

  it('refuses a wrong, unknown, revoked or deleted key with 401, never reading ?client= instead', async () => {
    const { id, secret } = await createKey();
    const unknown = `udk_${'A'.repeat(43)}`;
    for (const value of ['nonsense', `${secret}x`, unknown, secret.slice(0, -1) + (secret.endsWith('A') ? 'B' : 'A')]) {
      const res = await readAs({ 'x-delivery-key': value }, `?client=${CLIENT}`);
      expect(res.status, value).toBe(401);
      expect(res.body.errors[0]).toMatchObject({ status: '401', code: 'invalidDeliveryKey', source: { header: 'X-Delivery-Key' } });
    }
    // Fan writes with a key refused the same way: the key is checked on every /public/v1 call.
    const write = await api.post('/public/v1/fans', { data: { type: 'fans', attributes: { device_id: `device-${Date.now()}-abcdefgh` } } }, { token: null, headers: { 'x-delivery-key': unknown } });
    expect(write.status).toBe(401);

    const revoked = await api.post(`/api/v3/delivery_keys/${id}/revoke`, undefined);
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.body.data.attributes.status).toBe('revoked');
    expect(revoked.body.data.attributes.revoked_at).toEqual(expect.any(String));
    const refused = await readAs({ 'x-delivery-key': secret }, `?client=${CLIENT}`);
    expect(refused.status).toBe(401);
    expect(refused.body.errors[0].code).toBe('invalidDeliveryKey');
    expect(refused.body.errors[0].detail).toMatch(/revoked/);
    // Revoked keys stay listed as revoked; revoking again changes nothing.
    const listed = await api.get('/api/v3/delivery_keys?filter[status]=revoked');
    expect(listed.body.data.map((k: { id: string }) => k.id)).toContain(id);
    const again = await api.post(`/api/v3/delivery_keys/${id}/revoke`, {});
    expect(again.status).toBe(200);
    expect(again.body.data.attributes.revoked_at).toBe(revoked.body.data.attributes.revoked_at);
    const history = await api.get(`/api/v3/audit_events?filter[resource_type]=delivery_keys&filter[resource_id]=${id}&sort=id`);
    expect(history.body.data.map((e: { attributes: { action: string } }) => e.attributes.action)).toEqual(['create', 'update']);
    expect(history.body.data[1].attributes.changes.status).toEqual({ before: 'active', after: 'revoked' });
    expect((await api.post(`/api/v3/delivery_keys/${id}/revoke`, { data: { attributes: {} } })).status).toBe(422);

    const gone = await createKey();
    expect((await api.delete(`/api/v3/delivery_keys/${gone.id}`)).status).toBe(204);
    expect((await readAs({ 'x-delivery-key': gone.secret })).status).toBe(401);
    expect((await api.get(`/api/v3/delivery_keys/${gone.id}`)).status).toBe(404);
  });

  it("answers 429 with Retry-After past a key's own limit, which staff change at once", async () => {
    const small = await createKey({ rate_limit_per_minute: 3 });
    const big = await createKey({ rate_limit_per_minute: 1000 });
    for (let i = 0; i < 3; i++) expect((await readAs({ 'x-delivery-key': small.secret })).status, `read ${i + 1}`).toBe(200);
    const over = await readAs({ 'x-delivery-key': small.secret });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(over.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(over.body.errors[0]).toMatchObject({ status: '429', code: 'tooManyRequests' });
    expect(over.body.errors[0].detail).toMatch(/3 requests a minute/);
    // Another key of the same league is not held back.
    expect((await readAs({ 'x-delivery-key': big.secret })).status).toBe(200);
    // A higher limit holds from the next read.
    const raised = await api.patch(`/api/v3/delivery_keys/${small.id}`, { data: { type: 'delivery_keys', id: small.id, attributes: { rate_limit_per_minute: 5 } } });
    expect(raised.status).toBe(200);
    expect((await readAs({ 'x-delivery-key': small.secret })).status).toBe(200);
  });

  it('moves last_used_at on use, at most about once a minute, without touching updated_at', async () => {
    const { id, secret } = await createKey();
    const fresh = await api.get(`/api/v3/delivery_keys/${id}`);
    expect(fresh.body.data.attributes.last_used_at).toBeNull();
    const before = Date.now();
    expect((await readAs({ 'x-delivery-key': secret })).status).toBe(200);
    const used = (await api.get(`/api/v3/delivery_keys/${id}`)).body.data.attributes;
    expect(Date.parse(used.last_used_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(used.updated_at).toBe(fresh.body.data.attributes.updated_at);
    // Another read within the minute writes nothing.
    const stored = (await rowOf(id)).last_used_at;
    expect((await readAs({ 'x-delivery-key': secret })).status).toBe(200);
    expect((await rowOf(id)).last_used_at).toEqual(stored);
    expect((await api.get(`/api/v3/delivery_keys/${id}`)).body.data.attributes.last_used_at).toBe(used.last_used_at);
    // Two minutes later (as the row says), the next read moves it again.
    const { database } = api.server;
    const longAgo = new Date(Date.now() - 120_000).toISOString();
    await database.db.updateTable('delivery_keys').set({ last_used_at: toDb(database.dialect, 'datetime', longAgo) }).where('id', '=', Number(id)).execute();
    expect((await readAs({ 'x-delivery-key': secret })).status).toBe(200);
    const moved = (await api.get(`/api/v3/delivery_keys/${id}`)).body.data.attributes.last_used_at;
    expect(Date.parse(moved)).toBeGreaterThan(Date.parse(longAgo) + 60_000);
    const sorted = await api.get('/api/v3/delivery_keys?sort=-last_used_at&page[size]=1');
    expect(sorted.body.data[0].attributes.last_used_at).not.toBeNull();
  });
});

describe('reads without a key (?client=)', () => {
  it('are allowed while the client allows anonymous reads, and refused with 401 once it does not', async () => {
    const client = await api.get('/api/v3/client');
    expect(client.body.data.attributes.settings.public_anonymous_reads).toBe(true);
    expect((await readAs({}, `?client=${CLIENT}`)).status).toBe(200);
    const { secret } = await createKey();
    try {
      const off = await setAnonymousReads(false);
      expect(off.status, off.text).toBe(200);
      expect(off.body.data.attributes.settings.public_anonymous_reads).toBe(false);
      const refused = await readAs({}, `?client=${CLIENT}`);
      expect(refused.status).toBe(401);
      expect(refused.body.errors[0]).toMatchObject({ code: 'deliveryKeyRequired', source: { header: 'X-Delivery-Key' } });
      const list = await api.get(`/public/v1/articles?client=${CLIENT}`, { token: null });
      expect(list.status).toBe(401);
      // With a key the league still reads; another league is not affected.
      expect((await readAs({ 'x-delivery-key': secret })).status).toBe(200);
      expect((await api.get(`/public/v1/articles?client=${CLIENT}`, { token: null, headers: { 'x-delivery-key': secret } })).status).toBe(200);
      expect((await readAs({}, `?client=${OTHER}`)).status).toBe(200);
      // Fans' writes keep their own rules (fan tokens and limits).
      const fan = await api.post(`/public/v1/fans?client=${CLIENT}`, { data: { type: 'fans', attributes: { device_id: `device-${Date.now()}-abcdefgh` } } }, { token: null });
      expect(fan.status, fan.text).toBe(201);
      // The setting is a boolean.
      const bad = await setAnonymousReads('no');
      expect(bad.status).toBe(422);
      expect(bad.body.errors[0].source.pointer).toBe('/data/attributes/settings/public_anonymous_reads');
      // Only those who may change the client change it.
      expect((await setAnonymousReads(true, await api.token('editor'))).status).toBe(403);
    } finally {
      expect((await setAnonymousReads(true)).status).toBe(200);
    }
    expect((await readAs({}, `?client=${CLIENT}`)).status).toBe(200);
  });

  it('hold for the live channel too: /cable?client= opens for a league that requires keys only with one of its keys', async () => {
    const cable = `${api.url.replace('http', 'ws')}/cable?client=${CLIENT}`;
    /** The HTTP status of the upgrade: 101 once it opens, else the refusal's. */
    const upgrade = (headers: Record<string, string> = {}) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(cable, { headers });
        ws.once('upgrade', (res) => {
          resolve(res.statusCode ?? 0);
          ws.close();
        });
        ws.once('unexpected-response', (_req, res) => {
          resolve(res.statusCode ?? 0);
          res.resume();
          ws.terminate();
        });
        ws.once('error', () => resolve(-1));
      });
    expect(await upgrade()).toBe(101);
    const { secret } = await createKey();
    const other = await createKey({}, await api.token('other-admin'));
    try {
      expect((await setAnonymousReads(false)).status).toBe(200);
      expect(await upgrade(), 'no key').toBe(401);
      expect(await upgrade({ 'x-delivery-key': secret }), "one of the league's keys").toBe(101);
      expect(await upgrade({ 'x-delivery-key': other.secret }), "another league's key").toBe(401);
      expect(await upgrade({ 'x-delivery-key': 'udk_not-a-key' }), 'not a key').toBe(401);
      const revoked = await createKey();
      expect((await api.post(`/api/v3/delivery_keys/${revoked.id}/revoke`, undefined)).status).toBe(200);
      expect(await upgrade({ 'x-delivery-key': revoked.secret }), 'a revoked key').toBe(401);
    } finally {
      expect((await setAnonymousReads(true)).status).toBe(200);
    }
    expect(await upgrade(), 'open again once the league allows it').toBe(101);
  });
});

describe('who may manage keys', () => {
  it('lets only those with the ability make, change, revoke and delete keys; no reader sees a secret', async () => {
    const { id, secret } = await createKey();
    for (const role of ROLES) {
      const ability = abilityFor([role]);
      const token = await api.token(role);
      const may = (action: 'create' | 'update' | 'delete') => DELIVERY_SUBJECTS.every((s) => ability.can(action, s));
      const made = await api.post('/api/v3/delivery_keys', keyBody({ name: `By ${role}` }), { token });
      expect(made.status, `${role} create`).toBe(may('create') ? 201 : 403);
      const changed = await api.patch(`/api/v3/delivery_keys/${id}`, { data: { type: 'delivery_keys', id, attributes: { name: `Changed by ${role}` } } }, { token });
      expect(changed.status, `${role} update`).toBe(may('update') ? 200 : 403);
      const listed = await api.get('/api/v3/delivery_keys', { token });
      expect(listed.status, `${role} list`).toBe(200);
      expect(listed.text).not.toContain(secret);
      if (!may('update')) {
        expect((await api.post(`/api/v3/delivery_keys/${id}/revoke`, undefined, { token })).status, `${role} revoke`).toBe(403);
        expect((await api.delete(`/api/v3/delivery_keys/${id}`, { token })).status, `${role} delete`).toBe(403);
      }
    }
    expect(abilityFor(['admin']).can('manage', 'delivery_keys')).toBe(true);
    expect(abilityFor(['editor']).can('create', 'delivery_keys')).toBe(false);
    expect((await api.post('/api/v3/delivery_keys', keyBody({ name: 'Anonymous' }), { token: null })).status).toBe(401);
    // The key still works: nobody without the ability could revoke it.
    expect((await readAs({ 'x-delivery-key': secret })).status).toBe(200);
  });

  it("never shows or touches another client's keys", async () => {
    const { id } = await createKey({ name: 'Ours only' });
    const other = await api.token('other-admin');
    const list = await api.get('/api/v3/delivery_keys?page[size]=100', { token: other });
    expect(list.status).toBe(200);
    expect(list.body.data.map((k: { id: string }) => k.id)).not.toContain(id);
    expect(list.text).not.toContain('Ours only');
    expect((await api.get(`/api/v3/delivery_keys/${id}`, { token: other })).status).toBe(404);
    expect((await api.patch(`/api/v3/delivery_keys/${id}`, { data: { type: 'delivery_keys', id, attributes: { name: 'Theirs' } } }, { token: other })).status).toBe(404);
    expect((await api.post(`/api/v3/delivery_keys/${id}/revoke`, undefined, { token: other })).status).toBe(404);
    expect((await api.delete(`/api/v3/delivery_keys/${id}`, { token: other })).status).toBe(404);
    const ours = (await api.get(`/api/v3/delivery_keys/${id}`)).body.data.attributes;
    expect(ours).toMatchObject({ name: 'Ours only', status: 'active' });
  });
});
