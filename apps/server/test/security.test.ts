import { readFileSync } from 'node:fs';
import { ROLE_RULES, ROLES, type Action } from '@umpire/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abilityFor } from '../src/auth/abilities';
import { allModels } from '../src/jsonapi/model';
import { API_PREFIX } from '../src/jsonapi/routes';
import { DEMO_PASSWORD } from '../src/seed/demo-data';
import { addLibraryFile } from './support/library';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * The security review's tests (SECURITY.md), for what the other files do not already hold:
 * - what each role may do, on every route of the served OpenAPI document: a write route either
 *   belongs to a resource (its type is the ability's subject) or is listed below with the ability
 *   it needs, so a new route cannot ship without someone deciding who may call it;
 * - another client's ids in filters, includes and media addresses;
 * - limits that a changed body field or a forged header must not reset.
 */
let api: TestServer;
beforeAll(async () => {
  api = await startTestServer();
}, 120_000);
afterAll(() => api?.close());

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete' | 'head';
type Need = { action: Action; subject: string } | 'public' | 'fan' | 'signed-in';

/** Write routes outside the generic resource routes, and reads that need more than signing in: the ability each needs. */
const ROUTE_NEEDS: Record<string, Need> = {
  'POST /api/v3/competition_seasons/{id}/competitions_squads': { action: 'update', subject: 'competition_seasons' },
  'PATCH /api/v3/client': { action: 'update', subject: 'client' },
  'PATCH /api/v3/pages/{id}/relationships/components': { action: 'update', subject: 'pages' },
  'PATCH /api/v3/global_page_elements/{id}/relationships/components': { action: 'update', subject: 'global_page_elements' },
  'POST /api/v3/pages/{id}/preview': { action: 'update', subject: 'pages' },
  'POST /api/v3/global_page_elements/{id}/preview': { action: 'update', subject: 'global_page_elements' },
  'POST /api/v3/articles/{id}/preview_link': { action: 'update', subject: 'articles' },
  'POST /media/v1/uploads/files': { action: 'create', subject: 'files' },
  'PATCH /media/v1/uploads/files/{id}': { action: 'update', subject: 'files' },
  'DELETE /media/v1/uploads/files/{id}': { action: 'delete', subject: 'files' },
  'POST /media/v1/files/create_subdirectory': { action: 'create', subject: 'files' },
  'POST /media/v1/uploads/tus': { action: 'create', subject: 'files' },
  'PATCH /media/v1/uploads/tus/{id}': { action: 'create', subject: 'files' },
  'DELETE /media/v1/uploads/tus/{id}': { action: 'create', subject: 'files' },
  'POST /api/v3/ott/file_uploads': { action: 'create', subject: 'file_uploads' },
  'POST /api/v3/ott/events/{id}/recreate_encoding': { action: 'update', subject: 'ott_events' },
  'PATCH /api/v3/ott/streams/{id}/start': { action: 'update', subject: 'ott_streams' },
  'PATCH /api/v3/ott/streams/{id}/pause': { action: 'update', subject: 'ott_streams' },
  'PATCH /api/v3/ott/streams/{id}/stop': { action: 'update', subject: 'ott_streams' },
  'POST /api/v3/ott/streams/{id}/download': { action: 'update', subject: 'ott_streams' },
  'POST /api/v3/ott/streams/{id}/rotate_keys': { action: 'update', subject: 'ott_streams' },
  'POST /api/v3/delivery_keys/{id}/revoke': { action: 'update', subject: 'delivery_keys' },
  'POST /api/v3/ott/entitlements': { action: 'create', subject: 'ott_entitlements' },
  'POST /api/v3/ott/entitlements/{id}/revoke': { action: 'update', subject: 'ott_entitlements' },
  'POST /api/v3/ott/payment_webhook/rotate_secret': { action: 'update', subject: 'client' },
  // The payment provider's call: no token, its signature over the body (test/ott-entitlements.test.ts).
  'POST /public/v1/ott/payments/webhook': 'public',
  'POST /api/v3/ott/transcoding_jobs/{id}/cancel': { action: 'update', subject: 'transcoding_jobs' },
  'PUT /media/v1/file_uploads/{id}/parts/{part}': { action: 'create', subject: 'file_uploads' },
  'POST /media/v1/file_uploads/{id}/complete': { action: 'create', subject: 'file_uploads' },
  'DELETE /media/v1/file_uploads/{id}': { action: 'create', subject: 'file_uploads' },
  // An upload in progress is the uploader's business: its state is read to resume it.
  'GET /media/v1/file_uploads/{id}': { action: 'create', subject: 'file_uploads' },
  'HEAD /media/v1/uploads/tus/{id}': { action: 'create', subject: 'files' },
  // A preview writes nothing: whoever reads the matches may see what a plan would make.
  'POST /api/v3/groups/{id}/fixtures/preview': { action: 'read', subject: 'matches' },
  'POST /api/v3/groups/{id}/fixtures': { action: 'create', subject: 'matches' },
  'POST /api/v3/matches/{id}/postponement': { action: 'update', subject: 'matches' },
  'POST /api/v3/rounds/{id}/postponement': { action: 'update', subject: 'matches' },
  'POST /auth/v1/sign_in': 'public',
  'POST /auth/v1/sign_out': 'public',
  'POST /public/v1/fans': 'public',
  'POST /public/v1/fans/sign_in': 'public',
};

/** Reads anyone may make without signing in (everything else under /api and /media needs a token). */
// HLS playback is public for free events; paid ones need a signed address (test/ott.test.ts).
const isPublicPath = (path: string) => /^\/(public|auth|img|api\/docs|ott\/hls)\//.test(path) || path === '/health';

interface Route {
  method: Method;
  path: string;
  need: Need;
}

let routes: Route[] = [];
beforeAll(async () => {
  const spec = (await api.get('/api/docs/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
  const generic = new Map<string, string>();
  for (const m of allModels()) {
    generic.set(`${API_PREFIX}/${m.path}`, m.type);
    generic.set(`${API_PREFIX}/${m.path}/{id}`, m.type);
  }
  const actionOf: Partial<Record<Method, Action>> = { post: 'create', patch: 'update', put: 'update', delete: 'delete' };
  routes = Object.entries(spec.paths).flatMap(([path, ops]) =>
    (Object.keys(ops) as Method[]).map((method): Route => {
      const key = `${method.toUpperCase()} ${path}`;
      if (path.startsWith('/public/v1/')) return { method, path, need: ROUTE_NEEDS[key] ?? (method === 'get' ? 'public' : 'fan') };
      if (ROUTE_NEEDS[key]) return { method, path, need: ROUTE_NEEDS[key] };
      if (method === 'get' || method === 'head') {
        // A resource's reads need its read ability (fans' personal data is not every role's).
        const type = generic.get(path);
        return { method, path, need: isPublicPath(path) ? 'public' : type ? { action: 'read', subject: type } : 'signed-in' };
      }
      const type = generic.get(path);
      const need = type ? { action: actionOf[method]!, subject: type } : undefined;
      if (!need) throw new Error(`${key} is a write route with no ability decided: add it to ROUTE_NEEDS (and SECURITY.md)`);
      return { method, path, need };
    }),
  );
});

const concrete = (path: string) =>
  path.replace('{id}', '999999999').replace('{part}', '1').replace('{type}', 'clubs').replace('{key}', 'no-such-key').replace('{token}', 'no-such-token').replace('{request}', 'fit-in/64x64').replace('{image_path}', 'none.png');

describe('who may call what (every route of the OpenAPI document)', () => {
  it('answers 401 without a token on every staff route, and lets the public ones through', async () => {
    expect(routes.length).toBeGreaterThan(150);
    const wrong: string[] = [];
    for (const r of routes) {
      if (r.need === 'public') continue;
      const res = await api.request(r.method.toUpperCase(), concrete(r.path), { token: null, body: r.method === 'get' || r.method === 'head' ? undefined : {} });
      if (res.status !== 401) wrong.push(`${r.method.toUpperCase()} ${r.path}: ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('lets each role write exactly what its abilities allow, and read everything but what its rules keep from it', async () => {
    const wrong: string[] = [];
    for (const role of ROLES) {
      const token = await api.token(role);
      const ability = abilityFor([role]);
      for (const r of routes) {
        if (r.need === 'public') continue;
        const res = await api.request(r.method.toUpperCase(), concrete(r.path), { token, body: r.method === 'get' || r.method === 'head' ? undefined : {} });
        const where = `${role} ${r.method.toUpperCase()} ${r.path}: ${res.status}`;
        if (res.status >= 500) wrong.push(`${where} (server error)`);
        else if (r.need === 'fan') {
          // A staff token is no fan token.
          if (res.status !== 401) wrong.push(`${where} (a fan route took a staff token)`);
        } else if (r.need === 'signed-in') {
          if (res.status === 401 || res.status === 403) wrong.push(`${where} (every role reads)`);
        } else {
          const allowed = ability.can(r.need.action, r.need.subject);
          if (allowed && (res.status === 401 || res.status === 403)) wrong.push(`${where} (may ${r.need.action} ${r.need.subject})`);
          if (!allowed && res.status !== 403) wrong.push(`${where} (may not ${r.need.action} ${r.need.subject})`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});

describe("another client's ids", () => {
  it('find nothing through filters and includes, and no media file by id or content address', async () => {
    const other = await api.token('other-admin');
    const theirClub = (await api.get('/api/v3/clubs?page[size]=1', { token: other })).body.data[0].id as string;
    // Filters by a relationship: our teams of their club are none; their club is no include of ours.
    expect((await api.get(`/api/v3/teams?filter[club]=${theirClub}`)).body.data).toEqual([]);
    expect((await api.get(`/api/v3/clubs/${theirClub}?include=teams`)).status).toBe(404);
    const ours = (await api.get('/api/v3/teams?page[size]=1&include=club')).body;
    expect(ours.included.every((r: { id: string }) => r.id !== theirClub)).toBe(true);
    // Their library file: not listed, not readable by id, not downloadable, not movable or deletable.
    const file = await addLibraryFile(api.server, { client: 'other', name: 'theirs.pdf', kind: 'document', bytes: Buffer.from('%PDF-1.4 theirs'), contentType: 'application/pdf', path: '/' });
    expect((await api.get(`/media/v1/uploads/files/${file.id}`, { token: other })).status).toBe(200);
    const ourFiles = (await api.get('/media/v1/uploads/files?path=/&page[size]=100')).body.data as { id: string }[];
    expect(ourFiles.some((f) => f.id === file.id)).toBe(false);
    {
      expect((await api.get(`/media/v1/uploads/files/${file.id}`)).status).toBe(404);
      expect((await api.request('GET', `/media/v1/uploads/files/${file.id}/content`)).status).toBe(404);
      expect((await api.patch(`/media/v1/uploads/files/${file.id}`, { data: { type: 'files', id: file.id, attributes: { name: 'mine.pdf' } } })).status).toBe(404);
      expect((await api.delete(`/media/v1/uploads/files/${file.id}`)).status).toBe(404);
      expect((await api.get(`/media/v1/uploads/files/${file.id}`, { token: other })).body.data.attributes.name).toMatch(/theirs\.pdf$/);
    }
  });
});

describe('limits cannot be reset by changing the request', () => {
  it('counts sign-in failures for a username however it is spelled, and ignores X-Forwarded-For unless a proxy is trusted', async () => {
    const limited = await startTestServer({}, { SIGN_IN_LIMITS: 'pair=3/600,address=1000/600,username=1000/600' });
    try {
      const attempt = (username: string, password: string, forwarded?: string) =>
        limited.post('/auth/v1/sign_in', { data: { type: 'sign_in', attributes: { username, password } } }, { token: null, headers: forwarded ? { 'x-forwarded-for': forwarded } : {} });
      expect((await attempt('editor', 'wrong-1')).status).toBe(401);
      expect((await attempt(' Editor', 'wrong-2', '203.0.113.7')).status).toBe(401);
      expect((await attempt('EDITOR ', 'wrong-3', '198.51.100.9')).status).toBe(401);
      // The fourth, even with the right password, another spelling and another claimed address: held.
      const held = await attempt('eDiToR', DEMO_PASSWORD, '192.0.2.44');
      expect(held.status).toBe(429);
      expect(held.headers.get('retry-after')).toMatch(/^\d+$/);
      expect((await attempt('editor', DEMO_PASSWORD)).status).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it("limits fans' registrations per address whatever device or e-mail they name", async () => {
    const limited = await startTestServer({}, { FAN_LIMITS: 'register=3/600,address=1000/60' });
    try {
      const register = (attributes: Record<string, string>, forwarded?: string) =>
        limited.post('/public/v1/fans?client=ekstraklasa-demo', { data: { type: 'fans', attributes } }, { token: null, headers: forwarded ? { 'x-forwarded-for': forwarded } : {} });
      expect((await register({ device_id: 'limit-device-000001' })).status).toBe(201);
      expect((await register({ device_id: 'limit-device-000002' }, '203.0.113.8')).status).toBe(201);
      expect((await register({ email: 'fan-limit@example.com', password: 'long-enough-pass', display_name: 'Fan' })).status).toBe(201);
      expect((await register({ device_id: 'limit-device-000003' }, '198.51.100.10')).status).toBe(429);
      expect((await register({ email: 'fan-limit-2@example.com', password: 'long-enough-pass', display_name: 'Fan' })).status).toBe(429);
      // A device already known is the same fan again: no new registration to limit.
      expect((await register({ device_id: 'limit-device-000001' })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('SECURITY.md', () => {
  it('lists for each role exactly the writes its rules allow', () => {
    const doc = readFileSync(new URL('../../../SECURITY.md', import.meta.url), 'utf8');
    for (const role of ROLES) {
      const subjects = (rules: typeof ROLE_RULES.admin) => [...new Set(rules.flatMap((r) => (Array.isArray(r.subject) ? r.subject : [r.subject])))].sort();
      const writes = subjects(ROLE_RULES[role].filter((r) => r.action !== 'read'));
      const unread = subjects(ROLE_RULES[role].filter((r) => r.action === 'read' && r.inverted));
      const reads = unread.length ? `everything but ${unread.map((s) => `\`${s}\``).join(', ')}` : 'everything';
      const cell = writes.includes('all') ? 'everything, including the client, users and settings' : writes.length ? writes.map((s) => `\`${s}\``).join(', ') : 'nothing';
      expect(doc, `the row of ${role}`).toContain(`| ${role} | ${reads} | ${cell} |`);
    }
  });
});
