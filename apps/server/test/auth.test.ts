import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/seed/demo-data';
import { startTestServer, type TestServer } from './support/test-server';

let api: TestServer;
beforeAll(async () => {
  api = await startTestServer();
});
afterAll(() => api?.close());

const signInBody = (username: string, password = DEMO_PASSWORD, extra: Record<string, unknown> = {}) => ({
  data: { type: 'sign_in', attributes: { username, password, ...extra } },
});
const secret = new TextEncoder().encode('test-secret-0123456789abcdef0123456789');

describe('sign-in API', () => {
  it('returns a token holding the username, the client with allowed providers, roles and abilities', async () => {
    const res = await api.post('/auth/v1/sign_in', signInBody('editor'), { token: null });
    expect(res.status).toBe(200);
    expect(res.body.data.attributes.username).toBe('editor');
    const claims: Record<string, any> = decodeJwt(res.body.data.attributes.token);
    expect(claims.username).toBe('editor');
    expect(claims.client.name).toBe('Ekstraklasa Demo');
    // internal_crm is not a player provider: filtered out.
    expect(claims.client.providers).toEqual({ opta: '1234,5678', wyscout: '901' });
    expect(claims.roles).toEqual(['editor']);
    expect(claims.abilities).toContainEqual({ action: 'read', subject: 'all' });
    expect(claims.exp - claims.iat).toBe(12 * 3600);
  });

  it('refuses wrong credentials and malformed bodies', async () => {
    const wrong = await api.post('/auth/v1/sign_in', signInBody('editor', 'nope'), { token: null, headers: { 'x-forwarded-for': '1' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.errors[0].meta.key).toBe('invalidCredentials');
    const unknown = await api.post('/auth/v1/sign_in', signInBody('nobody'), { token: null });
    expect(unknown.status).toBe(401);
    const malformed = await api.post('/auth/v1/sign_in', { data: { type: 'sign_in', attributes: { username: 5 } } }, { token: null });
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors.map((e: any) => e.source.pointer)).toEqual(['/data/attributes/username', '/data/attributes/password']);
  });

  it('stores passwords only as scrypt hashes', async () => {
    const users = await api.server.database.db.selectFrom('users').select(['username', 'password_hash']).execute();
    for (const u of users) {
      expect(u.password_hash).toMatch(/^scrypt\$/);
      expect(u.password_hash).not.toContain(DEMO_PASSWORD);
    }
  });
});

describe('tokens', () => {
  const call = (token: string) => api.get('/api/v3/clubs', { token });

  it('accepts the raw token and the Bearer form', async () => {
    const token = await api.token('viewer');
    expect((await api.request('GET', '/api/v3/current_client', { token: null, headers: { authorization: token } })).status).toBe(200);
    expect((await call(token)).status).toBe(200);
  });

  it('refuses no token, alg none, a wrong signature and an expired token with 401', async () => {
    expect((await api.get('/api/v3/clubs', { token: null })).status).toBe(401);
    const claims = decodeJwt(await api.token('admin'));
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    expect((await call(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`)).status).toBe(401);
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('another-secret-another-secret-000'));
    expect((await call(forged)).status).toBe(401);
    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 }).setProtectedHeader({ alg: 'HS256' }).sign(secret);
    const res = await call(expired);
    expect(res.status).toBe(401);
    expect(res.body.errors[0].detail).toMatch(/expired/);
    const noExpiry = await new SignJWT({ ...claims, exp: undefined }).setProtectedHeader({ alg: 'HS256' }).sign(secret);
    expect((await call(noExpiry)).status).toBe(401);
    expect((await call('garbage')).status).toBe(401);
  });

  it('refuses the token of a disabled or deleted user', async () => {
    const { db, dialect } = api.server.database;
    const cid = (await db.selectFrom('clients').select('id').where('name', '=', 'Ekstraklasa Demo').executeTakeFirstOrThrow()).id;
    const { createUser } = await import('../src/seed/seed');
    await createUser(api.server.database, Number(cid), { username: 'temp', password: 'temporary-pass', roles: ['viewer'] });
    const signIn = await api.post('/auth/v1/sign_in', signInBody('temp', 'temporary-pass'), { token: null });
    const token = signIn.body.data.attributes.token;
    expect((await call(token)).status).toBe(200);
    await db.updateTable('users').set({ disabled: dialect === 'sqlite' ? 1 : true }).where('username', '=', 'temp').execute();
    expect((await call(token)).status).toBe(401);
    await db.updateTable('users').set({ disabled: dialect === 'sqlite' ? 0 : false }).where('username', '=', 'temp').execute();
    expect((await call(token)).status).toBe(200);
    await db.deleteFrom('users').where('username', '=', 'temp').execute();
    expect((await call(token)).status).toBe(401);
  });

  it("checks a token from memory only until its user, client or revocations change, here or (SQLite) in another process", async () => {
    const { db, dialect } = api.server.database;
    const cid = (await db.selectFrom('clients').select('id').where('name', '=', 'Ekstraklasa Demo').executeTakeFirstOrThrow()).id;
    const { createUser } = await import('../src/seed/seed');
    await createUser(api.server.database, Number(cid), { username: 'kept', password: 'temporary-pass', roles: ['viewer'] });
    const token = (await api.post('/auth/v1/sign_in', signInBody('kept', 'temporary-pass'), { token: null })).body.data.attributes.token;
    const tag = () => api.post('/api/v3/tags', { data: { type: 'tags', attributes: { name: `Kept ${Date.now()}-${Math.random()}` } } }, { token });
    expect((await call(token)).status).toBe(200);
    expect((await tag()).status).toBe(403);
    // New roles count from the next request.
    await db.updateTable('users').set({ roles: JSON.stringify(['editor']) }).where('username', '=', 'kept').execute();
    expect((await tag()).status).toBe(201);
    // The client's name in the context follows a rename.
    const { authenticateToken } = await import('../src/auth/authenticate');
    const before = await authenticateToken(token, 'header', api.server.config, api.server.database);
    const name = (before as { clientName: string }).clientName;
    await db.updateTable('clients').set({ name: `${name} (renamed)` }).where('id', '=', cid).execute();
    expect(await authenticateToken(token, 'header', api.server.config, api.server.database)).toMatchObject({ clientName: `${name} (renamed)` });
    await db.updateTable('clients').set({ name }).where('id', '=', cid).execute();
    // A revocation written straight into the table (not through sign_out) is refused too.
    const { jti, exp } = decodeJwt(token) as { jti: string; exp: number };
    await db.insertInto('revoked_tokens').values({ jti, expires_at: dialect === 'sqlite' ? new Date(exp * 1000).toISOString() : new Date(exp * 1000) }).execute();
    expect((await call(token)).status).toBe(401);
    if (dialect !== 'sqlite') return;
    // Another process writing to the SQLite file (the CLI, a script): its change is seen at once.
    await db.deleteFrom('revoked_tokens').where('jti', '=', jti).execute();
    expect((await call(token)).status).toBe(200);
    const { default: Sqlite } = await import('better-sqlite3');
    const other = new Sqlite(api.server.config.sqlitePath);
    try {
      other.prepare('update users set disabled = 1 where username = ?').run('kept');
    } finally {
      other.close();
    }
    expect((await call(token)).status).toBe(401);
  });
});

describe('abilities', () => {
  it('lets each role write only its own areas', async () => {
    const tag = { data: { type: 'tags', attributes: { name: `Role test`, slug: 'role-test' } } };
    expect((await api.post('/api/v3/tags', tag, { token: await api.token('moderator') })).status).toBe(403);
    expect((await api.post('/api/v3/tags', tag, { token: await api.token('operator') })).status).toBe(403);
    const byEditor = await api.post('/api/v3/tags', tag, { token: await api.token('editor') });
    expect(byEditor.status).toBe(201);
    expect((await api.delete(`/api/v3/tags/${byEditor.body.data.id}`, { token: await api.token('viewer') })).status).toBe(403);
    expect((await api.patch('/api/v3/client', { data: { type: 'clients', attributes: { name: 'X' } } }, { token: await api.token('editor') })).status).toBe(403);
  });
});

describe('sign-in gateway page', () => {
  const form = (fields: Record<string, string>) =>
    fetch(`${api.url}/auth/v1/sign_in`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'pl' },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    });

  it('shows a form in Polish or English', async () => {
    const pl = await fetch(`${api.url}/auth/v1/sign_in?redirect=${encodeURIComponent(`${api.url}/clubs`)}`, { headers: { 'accept-language': 'pl-PL' } });
    expect(pl.status).toBe(200);
    const html = await pl.text();
    expect(html).toContain('<html lang="pl">');
    expect(html).toContain('Zaloguj się');
    const en = await (await fetch(`${api.url}/auth/v1/sign_in?lang=en&redirect=/`)).text();
    expect(en).toContain('Sign in to Umpire');
  });

  it('signs in and sends the person back to the redirect with the token', async () => {
    const target = `http://127.0.0.1:${new URL(api.url).port}/competitions/clubs?x=1`;
    const res = await form({ username: 'admin', password: DEMO_PASSWORD, redirect: target });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!);
    expect(location.origin + location.pathname).toBe(`http://127.0.0.1:${new URL(api.url).port}/competitions/clubs`);
    expect(location.searchParams.get('x')).toBe('1');
    expect(decodeJwt(location.searchParams.get('token')!).username).toBe('admin');
    const cookies = res.headers.getSetCookie().join('\n');
    expect(cookies).toMatch(/umpire_session=[^;]+;.*HttpOnly/);
    expect(cookies).toMatch(/XSRF-TOKEN=/);
  });

  it('shows the error again on wrong credentials', async () => {
    const res = await form({ username: 'admin', password: 'wrong', redirect: '/' });
    expect(res.status).toBe(401);
    expect(await res.text()).toContain('Nieprawidłowa nazwa użytkownika lub hasło');
  });

  it('never redirects to an origin that is not allowed', async () => {
    for (const redirect of ['https://evil.example.com/', '//evil.example.com/x', 'javascript:alert(1)', '/\\evil.example.com']) {
      const page = await fetch(`${api.url}/auth/v1/sign_in?redirect=${encodeURIComponent(redirect)}`);
      expect(page.status, redirect).toBe(400);
      const res = await form({ username: 'admin', password: DEMO_PASSWORD, redirect });
      expect(res.status, redirect).toBe(400);
      expect(res.headers.get('location')).toBeNull();
    }
  });

  it('signs out: clears the session and returns to the sign-in page with the redirect', async () => {
    const res = await fetch(`${api.url}/auth/v1/sign_out?redirect=${encodeURIComponent('/clubs')}`, { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toContain('/auth/v1/sign_in?redirect=');
    expect(res.headers.getSetCookie().join('\n')).toMatch(/umpire_session=;/);
  });
});

describe('cookie sessions and XSRF', () => {
  it('needs X-XSRF-TOKEN equal to the XSRF-TOKEN cookie for writes; bearer requests do not', async () => {
    const res = await fetch(`${api.url}/auth/v1/sign_in`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'editor', password: DEMO_PASSWORD, redirect: '/' }).toString(),
      redirect: 'manual',
    });
    const jar = Object.fromEntries(res.headers.getSetCookie().map((c) => c.split(';')[0].split('=') as [string, string]));
    const cookie = `umpire_session=${jar.umpire_session}; XSRF-TOKEN=${jar['XSRF-TOKEN']}`;
    const body = { data: { type: 'tags', attributes: { name: 'Cookie', slug: 'cookie' } } };
    expect((await api.get('/api/v3/tags', { token: null, headers: { cookie } })).status).toBe(200);
    const without = await api.post('/api/v3/tags', body, { token: null, headers: { cookie } });
    expect(without.status).toBe(403);
    expect(without.body.errors[0].meta.key).toBe('xsrfTokenMismatch');
    expect((await api.post('/api/v3/tags', body, { token: null, headers: { cookie, 'x-xsrf-token': 'forged' } })).status).toBe(403);
    expect((await api.post('/api/v3/tags', body, { token: null, headers: { cookie, 'x-xsrf-token': jar['XSRF-TOKEN'] } })).status).toBe(201);
    body.data.attributes = { name: 'Bearer', slug: 'bearer' };
    expect((await api.post('/api/v3/tags', body)).status).toBe(201);
  });
});

describe('signing out and rotating the secret', () => {
  const formSignIn = async (username: string) => {
    const res = await fetch(`${api.url}/auth/v1/sign_in`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username, password: DEMO_PASSWORD, redirect: '/' }).toString(),
      redirect: 'manual',
    });
    const jar = Object.fromEntries(res.headers.getSetCookie().map((c) => c.split(';')[0].split('=') as [string, string]));
    return jar.umpire_session;
  };
  const call = (token: string) => api.get('/api/v3/clubs', { token });
  const signIn = async (username: string) =>
    (await api.post('/auth/v1/sign_in', signInBody(username), { token: null })).body.data.attributes.token as string;

  it("revokes the gateway cookie's token on GET sign_out, and an app's Bearer token on POST sign_out, one token only", async () => {
    const cookieToken = await formSignIn('viewer');
    expect((await call(cookieToken)).status).toBe(200);
    const out = await fetch(`${api.url}/auth/v1/sign_out`, { redirect: 'manual', headers: { cookie: `umpire_session=${cookieToken}` } });
    expect(out.status).toBe(303);
    const refused = await call(cookieToken);
    expect(refused.status).toBe(401);
    expect(refused.body.errors[0].detail).toMatch(/signed out/);

    const app = await signIn('viewer');
    const other = await signIn('viewer');
    expect((await api.request('POST', '/auth/v1/sign_out', { token: app })).status).toBe(204);
    expect((await call(app)).status).toBe(401);
    // Another session of the same person goes on; signing out twice is harmless.
    expect((await call(other)).status).toBe(200);
    expect((await api.request('POST', '/auth/v1/sign_out', { token: app })).status).toBe(204);
    // /cable takes no revoked token either (it authenticates the same way).
    const { authenticateToken } = await import('../src/auth/authenticate');
    expect(await authenticateToken(app, 'header', api.server.config, api.server.database)).toEqual({ error: 'unauthorized.tokenRevoked' });
  });

  it('accepts tokens of the previous secret after a rotation until they expire, and signs new ones with the new secret', async () => {
    const encode = (s: string) => new TextEncoder().encode(s);
    const rotated = await startTestServer({ jwtSecret: encode('new-secret-0123456789abcdef0123456789'), jwtPreviousSecrets: [secret] });
    try {
      const fresh = await rotated.token('viewer');
      const claims = decodeJwt(fresh);
      const callOn = (token: string) => rotated.get('/api/v3/current_client', { token });
      const oldOne = await new SignJWT({ ...claims, jti: 'before-rotation' }).setProtectedHeader({ alg: 'HS256' }).sign(secret);
      expect((await callOn(oldOne)).status).toBe(200);
      const unknown = await new SignJWT({ ...claims, jti: 'unknown' }).setProtectedHeader({ alg: 'HS256' }).sign(encode('unknown-secret-0123456789abcdef0123'));
      expect((await callOn(unknown)).status).toBe(401);
      const expiredOld = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 5 }).setProtectedHeader({ alg: 'HS256' }).sign(secret);
      expect((await callOn(expiredOld)).body.errors[0].detail).toMatch(/expired/);
      // Fans' tokens follow the same rule.
      const fan = await rotated.post('/public/v1/fans?client=ekstraklasa-demo', { data: { type: 'fans', attributes: { device_id: 'rotation-device-0001' } } }, { token: null });
      const fanClaims = decodeJwt(fan.body.meta.token);
      const oldFan = await new SignJWT(fanClaims).setProtectedHeader({ alg: 'HS256' }).sign(secret);
      expect((await rotated.get('/public/v1/fans/me', { token: oldFan })).status).toBe(200);
      const unknownFan = await new SignJWT(fanClaims).setProtectedHeader({ alg: 'HS256' }).sign(encode('unknown-secret-0123456789abcdef0123'));
      expect((await rotated.get('/public/v1/fans/me', { token: unknownFan })).status).toBe(401);
    } finally {
      await rotated.close();
    }
  });
});

describe('client, current client and configuration', () => {
  it('reads the client and its configuration', async () => {
    const client = await api.get('/api/v3/client');
    expect(client.body.data).toMatchObject({ type: 'clients', attributes: { name: 'Ekstraklasa Demo', providers: { opta: '1234,5678', wyscout: '901' } } });
    const current = await api.get('/api/v3/current_client', { token: await api.token('viewer') });
    expect(current.body.data.attributes).toMatchObject({ username: 'viewer', roles: ['viewer'], client: { name: 'Ekstraklasa Demo' } });
    const config = await api.get('/api/v3/settings/configurations?resource=client&product=umpire');
    expect(config.body.data.attributes).toMatchObject({
      interface_languages: ['pl', 'en'],
      default_language: 'pl',
      umpire_api_url: `${api.url}/api/v3`,
      auth_api_url: `${api.url}/auth/v1`,
      media_library_api_url: `${api.url}/media/v1`,
      cdn_id: 'umpire',
      cdn_host: `localhost:${new URL(api.url).port}/img`,
    });
    expect((await api.get('/api/v3/settings/configurations?resource=user&product=umpire')).status).toBe(400);
    expect((await api.get('/api/v3/settings/configurations?resource=client&product=umpire', { token: null })).status).toBe(401);
  });

  it('updates the client (admin only), validated, with its history', async () => {
    const bad = await api.patch('/api/v3/client', { data: { type: 'clients', attributes: { settings: { interface_languages: [], default_language: 'de' } } } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((e: any) => e.meta.key).sort()).toEqual(['atLeastOneItemRequired', 'invalidEnum']);
    const ok = await api.patch('/api/v3/client', { data: { type: 'clients', attributes: { settings: { interface_languages: ['pl'], default_language: 'pl' } } } });
    expect(ok.status).toBe(200);
    expect(ok.body.data.attributes.settings.interface_languages).toEqual(['pl']);
    const config = await api.get('/api/v3/settings/configurations?resource=client&product=umpire');
    expect(config.body.data.attributes.interface_languages).toEqual(['pl']);
    const history = await api.get('/api/v3/audit_events?filter[resource_type]=client');
    expect(history.body.data[0].attributes.changes.settings.after.interface_languages).toEqual(['pl']);
    await api.patch('/api/v3/client', { data: { type: 'clients', attributes: { settings: { interface_languages: ['pl', 'en'] } } } });
  });

  it('lists external API keys, whole only for those who may change them', async () => {
    const { db } = api.server.database;
    const row = await db.selectFrom('clients').select(['id', 'settings']).where('name', '=', 'Ekstraklasa Demo').executeTakeFirstOrThrow();
    const settings = typeof row.settings === 'string' ? JSON.parse(row.settings) : row.settings;
    await db.updateTable('clients').set({ settings: JSON.stringify({ ...settings, external_api_keys: { opta: 'opta-secret-1234' } }) }).where('id', '=', row.id).execute();
    const admin = await api.get('/api/v3/settings/external_api_keys');
    expect(admin.body.data).toEqual([{ type: 'external_api_keys', id: 'opta', attributes: { provider: 'opta', key: 'opta-secret-1234' } }]);
    const viewer = await api.get('/api/v3/settings/external_api_keys', { token: await api.token('viewer') });
    expect(viewer.body.data[0].attributes.key).toBe('••••••••1234');
  });
});
