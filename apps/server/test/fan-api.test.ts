import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signFanToken } from '../src/fan-api/fan-tokens';
import { startTestServer, type TestServer } from './support/test-server';

let api: TestServer;
const CLIENT = 'ekstraklasa-demo';
let serial = 0;
const deviceId = () => `device-${Date.now().toString(36)}-${++serial}-abcdefgh`;
const fanBody = (attributes: Record<string, unknown>) => ({ data: { type: 'fans', attributes } });

beforeAll(async () => {
  // Small limits, so that the test reaches them.
  api = await startTestServer({ fanLimits: { fan: { max: 5, windowSeconds: 60 }, address: { max: 1000, windowSeconds: 60 }, register: { max: 12, windowSeconds: 3600 } } });
});
afterAll(() => api?.close());

describe('fan identities (POST /public/v1/fans)', () => {
  it('registers a device once: the same device again is the same fan with a new token', async () => {
    const id = deviceId();
    const first = await api.post(`/public/v1/fans?client=${CLIENT}`, fanBody({ device_id: id, display_name: 'Kibic' }), { token: null });
    expect(first.status, first.text).toBe(201);
    expect(first.body.data.attributes).toEqual({ kind: 'device', display_name: 'Kibic', is_banned: false });
    expect(first.headers.get('cache-control')).toBe('no-store');
    const again = await api.post(`/public/v1/fans?client=${CLIENT}`, fanBody({ device_id: id }), { token: null });
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(first.body.data.id);
    const me = await api.get('/public/v1/fans/me', { token: again.body.meta.token });
    expect(me.status, me.text).toBe(200);
    expect(me.body.data.id).toBe(first.body.data.id);
  });

  it('creates an account, refuses its e-mail twice, and signs it in', async () => {
    const email = `kibic${Date.now()}@example.com`;
    const made = await api.post(`/public/v1/fans?client=${CLIENT}`, fanBody({ email, password: 'bardzo-tajne-haslo', display_name: 'Ola' }), { token: null });
    expect(made.status, made.text).toBe(201);
    expect(made.body.data.attributes.kind).toBe('account');
    const twice = await api.post(`/public/v1/fans?client=${CLIENT}`, fanBody({ email: email.toUpperCase(), password: 'inne-haslo-123', display_name: 'Ola' }), { token: null });
    expect(twice.status).toBe(409);
    expect(twice.body.errors[0]).toMatchObject({ code: 'fanEmailTaken', source: { pointer: '/data/attributes/email' } });
    const signedIn = await api.post(`/public/v1/fans/sign_in?client=${CLIENT}`, fanBody({ email, password: 'bardzo-tajne-haslo' }), { token: null });
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(signedIn.body.data.id).toBe(made.body.data.id);
    const wrong = await api.post(`/public/v1/fans/sign_in?client=${CLIENT}`, fanBody({ email, password: 'nie-to-haslo' }), { token: null });
    expect(wrong.status).toBe(401);
    expect(wrong.body.errors[0].code).toBe('invalidCredentials');
    // The same account name in another league is another fan.
    const elsewhere = await api.post('/public/v1/fans/sign_in?client=other-league', fanBody({ email, password: 'bardzo-tajne-haslo' }), { token: null });
    expect(elsewhere.status).toBe(401);
  });

  it('refuses bad input with JSON:API errors, and creates nothing', async () => {
    const cases: [string, unknown, number, string][] = [
      ['no client', null, 400, 'client'],
      ['short device id', fanBody({ device_id: 'abc' }), 422, '/data/attributes/device_id'],
      ['device id with a slash', fanBody({ device_id: '../../etc/passwd/xxxxxxxx' }), 422, '/data/attributes/device_id'],
      ['bad e-mail', fanBody({ email: 'not-an-email', password: 'bardzo-tajne-haslo', display_name: 'X' }), 422, '/data/attributes/email'],
      ['short password', fanBody({ email: 'a@example.com', password: 'krotkie', display_name: 'X' }), 422, '/data/attributes/password'],
      ['unknown attribute', fanBody({ device_id: deviceId(), is_banned: false }), 422, '/data/attributes/is_banned'],
      ['wrong type', { data: { type: 'users', attributes: { device_id: deviceId() } } }, 422, '/data/type'],
    ];
    for (const [name, body, status, where] of cases) {
      const path = name === 'no client' ? '/public/v1/fans' : `/public/v1/fans?client=${CLIENT}`;
      const res = await api.post(path, body ?? fanBody({ device_id: deviceId() }), { token: null });
      expect(res.status, `${name}: ${res.text}`).toBe(status);
      const source = res.body.errors[0].source;
      expect(source.pointer ?? source.parameter, name).toBe(where);
    }
  });

  it('never takes a staff token for a fan, nor a fan token for staff', async () => {
    const staff = await api.token('admin');
    expect((await api.get('/public/v1/fans/me', { token: staff })).status).toBe(401);
    expect((await api.get('/public/v1/fans/me', { token: null })).status).toBe(401);
    const fan = await api.post(`/public/v1/fans?client=${CLIENT}`, fanBody({ device_id: deviceId() }), { token: null });
    const res = await api.get('/api/v3/clubs', { token: fan.body.meta.token });
    expect(res.status).toBe(401);
  });
});

describe("a fan's token, checked from memory", () => {
  it('refuses a write of a fan banned, and any call of a fan deleted, right after the fan was accepted', async () => {
    const fan = await api.post(`/public/v1/fans?client=${CLIENT}`, fanBody({ device_id: deviceId(), display_name: 'Kibic' }), { token: null });
    const token = fan.body.meta.token as string;
    const id = Number(fan.body.data.id);
    expect((await api.get('/public/v1/fans/me', { token })).status).toBe(200);
    expect((await api.get('/public/v1/fans/me', { token })).body.data.attributes.is_banned).toBe(false);
    const { db, dialect } = api.server.database;
    await db.updateTable('fans').set({ is_banned: dialect === 'sqlite' ? 1 : true }).where('id', '=', id).execute();
    expect((await api.get('/public/v1/fans/me', { token })).body.data.attributes.is_banned).toBe(true);
    const write = await api.post(`/public/v1/quizzes/1/attempt_starts`, {}, { token });
    expect(write.status).toBe(403);
    expect(write.body.errors[0].code).toBe('fanBanned');
    await db.deleteFrom('fans').where('id', '=', id).execute();
    expect((await api.get('/public/v1/fans/me', { token })).status).toBe(401);
  });
});

describe('limits', () => {
  it('limits registrations per address, with Retry-After', async () => {
    let refused: Awaited<ReturnType<TestServer['post']>> | null = null;
    for (let i = 0; i < 20 && !refused; i++) {
      const res = await api.post(`/public/v1/fans?client=${CLIENT}`, fanBody({ device_id: deviceId() }), { token: null });
      if (res.status === 429) refused = res;
      else expect(res.status, res.text).toBe(201);
    }
    expect(refused, 'a registration is refused before 20').not.toBeNull();
    expect(refused!.body.errors[0].code).toBe('tooManyRequests');
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('writes with an Authorization that is not a valid fan token', () => {
  // An address allowed 4 writes a minute without a fan's token; each fan 3 of its own.
  let tight: TestServer;
  beforeAll(async () => {
    tight = await startTestServer({ fanLimits: { fan: { max: 3, windowSeconds: 60 }, address: { max: 4, windowSeconds: 60 }, register: { max: 30, windowSeconds: 3600 } } });
  });
  afterAll(() => tight?.close());

  const comment = { data: { type: 'comments', attributes: { body: 'Hej' } } };
  const write = (authorization?: string) => tight.request('POST', '/public/v1/comments', { token: null, body: comment, headers: authorization ? { authorization } : {} });

  it('counts them per address, as writes without one, while real fan tokens are counted per fan', async () => {
    const fans: { token: string; device: string }[] = [];
    for (let i = 0; i < 2; i++) {
      const device = deviceId();
      const res = await tight.post(`/public/v1/fans?client=${CLIENT}`, fanBody({ device_id: device }), { token: null });
      expect(res.status, res.text).toBe(201);
      fans.push({ token: res.body.meta.token, device });
    }
    // Garbage, another scheme, a staff token, a fan token another installation signed: none is a fan's here.
    const foreign = await signFanToken({ fanId: 1, clientId: 1 }, new TextEncoder().encode(`another-installation-${Date.now()}-secret`), 3600, new Date());
    const shown = ['Bearer garbage', 'Basic YWRtaW46cGFzc3dvcmQ=', `Bearer ${await tight.token('admin')}`, `Bearer ${foreign}`];
    const statuses: number[] = [];
    for (const authorization of shown) statuses.push((await write(authorization)).status);
    expect(statuses).toEqual([401, 401, 401, 401]);
    // The address has had its 4: a fifth is refused, whatever it shows.
    for (const authorization of [...shown, undefined]) {
      const refused = await write(authorization);
      expect(refused.status, `${authorization}: ${refused.text}`).toBe(429);
      expect(refused.body.errors[0]).toMatchObject({ status: '429', code: 'tooManyRequests', meta: { key: 'tooManyRequests' } });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Fans with their own tokens still write from that address, each up to its own limit.
    for (const fan of fans) {
      const own: number[] = [];
      for (let i = 0; i < 4; i++) {
        const keys = { p256dh: createECDH('prime256v1').generateKeys('base64url'), auth: randomBytes(16).toString('base64url') };
        const body = { data: { type: 'push_subscriptions', attributes: { endpoint: `https://push.example.com/${fan.device}/${i}`, keys, topics: ['news'] } } };
        own.push((await tight.post('/public/v1/push/subscriptions', body, { token: fan.token })).status);
      }
      expect(own).toEqual([201, 201, 201, 429]);
    }
  });
});
