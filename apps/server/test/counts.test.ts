import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES } from '@umpire/schema';
import { createUser } from '../src/seed/seed';
import { startTestServer, type TestServer } from './support/test-server';

let api: TestServer;
beforeAll(async () => {
  api = await startTestServer();
});
afterAll(() => api?.close());

const counts = async (query: string, token?: string) => {
  const res = await api.get(`/api/v3/counts${query}`, token ? { token } : {});
  expect(res.status, res.text).toBe(200);
  return res;
};
/** What the list of a type says it holds (meta.total), for the same user; a type's path may differ from it (`match_predictors/rankings`). */
const pathOf = (type: string) => (RESOURCES as readonly { type: string; path?: string }[]).find((r) => r.type === type)?.path ?? type;
const listTotal = async (type: string, token?: string) =>
  (await api.get(`/api/v3/${pathOf(type)}?page[size]=1`, token ? { token } : {})).body.meta.total as number;
/**
 * A type's list total and its count, read while nothing wrote to it: the demo seed's background
 * work (jobs, renders) may still add rows of some type as the test reads, and a total read across
 * such a write says nothing. The total is taken again until the counts before and after it agree
 * (five tries), so a count that differs from its list still fails.
 */
async function countBesideListTotal(type: string, countBefore: number): Promise<{ count: number; total: number }> {
  let before = countBefore;
  for (let tries = 1; ; tries++) {
    const total = await listTotal(type);
    const after = (await counts(`?types=${type}`)).body.meta.counts[type] as number;
    if (after === before || tries === 5) return { count: after, total };
    before = after;
  }
}
const clientIdOf = async (name: string) =>
  Number((await api.server.database.db.selectFrom('clients').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id);

describe('GET /api/v3/counts', () => {
  it('counts every readable type, the same as each list’s total, in one statement', async () => {
    const res = await counts('');
    expect(Object.keys(res.body.meta.counts).sort()).toEqual(RESOURCES.map((r) => r.type).sort());
    // With PostgreSQL, other instances write too: one more statement compares the data versions.
    expect(res.headers.get('x-db-queries')).toBe(api.server.database.dialect === 'postgres' ? '2' : '1');
    for (const [type, n] of Object.entries(res.body.meta.counts)) {
      const { count, total } = await countBesideListTotal(type, n as number);
      expect(total, type).toBe(count);
    }
    expect(res.body.meta.counts.clubs).toBeGreaterThan(0);
  });

  it('answers the types asked for, in their order, once each', async () => {
    const res = await counts('?types=players,%20clubs,players,matches,');
    expect(Object.keys(res.body.meta.counts)).toEqual(['players', 'clubs', 'matches']);
    expect(res.body.meta.counts.players).toBe(await listTotal('players'));
  });

  it("never counts another client's rows", async () => {
    const { db } = api.server.database;
    const ours = await clientIdOf('Ekstraklasa Demo');
    const everyone = Number((await db.selectFrom('clubs').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const mine = Number((await db.selectFrom('clubs').select((eb) => eb.fn.countAll().as('n')).where('client_id', '=', ours).executeTakeFirstOrThrow()).n);
    expect(everyone).toBeGreaterThan(mine);
    expect((await counts('?types=clubs')).body.meta.counts.clubs).toBe(mine);
    const other = await api.token('other-admin');
    const theirs = (await counts('?types=clubs,sponsors,tags,players', other)).body.meta.counts;
    expect(theirs).toEqual({ clubs: 1, sponsors: 1, tags: 1, players: 0 });
  });

  it('counts for the viewer and the moderator what they may list, and leaves out what a user may not read', async () => {
    const admin = (await counts('?types=clubs,tags,audit_events')).body.meta.counts;
    for (const username of ['viewer', 'moderator']) {
      const token = await api.token(username);
      const res = await counts('?types=clubs,tags,audit_events', token);
      expect(res.body.meta.counts, username).toEqual(admin);
      for (const type of Object.keys(admin)) expect(await listTotal(type, token)).toBe(res.body.meta.counts[type]);
    }
    // A user whose roles grant nothing: every list refuses them, and no count is given.
    await createUser(api.server.database, await clientIdOf('Ekstraklasa Demo'), { username: 'no-rights', password: 'no-rights-pass', roles: [] });
    const signIn = await api.post('/auth/v1/sign_in', { data: { type: 'sign_in', attributes: { username: 'no-rights', password: 'no-rights-pass' } } }, { token: null });
    const token = signIn.body.data.attributes.token as string;
    expect((await api.get('/api/v3/clubs', { token })).status).toBe(403);
    // The admin's answer for the same types is in memory; it must not be handed out.
    expect((await counts('?types=clubs,tags,audit_events', token)).body).toEqual({ meta: { counts: {} } });
    expect((await counts('', token)).body).toEqual({ meta: { counts: {} } });
  });

  it('refuses a request without a token', async () => {
    const res = await api.get('/api/v3/counts?types=clubs', { token: null });
    expect(res.status).toBe(401);
    expect(res.body.errors[0].code).toBe('unauthorized');
  });

  it('refuses bad input with JSON:API errors naming the parameter, in the language asked for', async () => {
    const cases: [query: string, parameter: string, en: string, pl: string][] = [
      ['?types=clubs,nope', 'types', 'types names "nope", which is not a resource type.', 'Parametr types wskazuje „nope”, który nie jest typem zasobu.'],
      ['?types=', 'types', 'types must name at least one resource type.', 'Parametr types musi wskazywać co najmniej jeden typ zasobu.'],
      ['?types=,%20,', 'types', 'types must name at least one resource type.', 'Parametr types musi wskazywać co najmniej jeden typ zasobu.'],
      ['?types=clubs&types=tags', 'types', 'The parameter types may be given once.', 'Parametr types można podać tylko raz.'],
      ['?type=clubs', 'type', 'The parameter type is not known here; this call takes types.', 'Nieznany parametr type; to wywołanie przyjmuje: types.'],
      ['?types=clubs&filter[name]=x', 'filter[name]', 'The parameter filter[name] is not known here; this call takes types.', 'Nieznany parametr filter[name]; to wywołanie przyjmuje: types.'],
      [`?types=${'x'.repeat(3000)}`, 'types', `types names "${'x'.repeat(3000)}", which is not a resource type.`, `Parametr types wskazuje „${'x'.repeat(3000)}”, który nie jest typem zasobu.`],
    ];
    for (const [query, parameter, en, pl] of cases) {
      const english = await api.get(`/api/v3/counts${query}`, { headers: { 'accept-language': 'en' } });
      const polish = await api.get(`/api/v3/counts${query}`, { headers: { 'accept-language': 'pl-PL,pl;q=0.9' } });
      for (const [res, detail] of [[english, en], [polish, pl]] as const) {
        expect(res.status, query).toBe(400);
        expect(res.headers.get('content-type')).toMatch(/^application\/vnd\.api\+json/);
        expect(res.body.errors).toHaveLength(1);
        expect(res.body.errors[0], query).toMatchObject({ status: '400', code: 'badRequest', source: { parameter }, meta: { key: 'badRequest' }, detail });
      }
    }
  });

  it('answers from memory until the client’s data changes, and a change shows at once', async () => {
    const query = '?types=tags,clubs';
    const before = (await counts(query)).body.meta.counts;
    const again = await counts(query);
    expect(again.headers.get('x-cache')).toBe('hit');
    expect(again.headers.get('x-db-queries')).toBe(api.server.database.dialect === 'postgres' ? '1' : '0');
    expect(again.body.meta.counts).toEqual(before);

    // 304 for a client that holds this version.
    const etag = again.headers.get('etag')!;
    expect((await api.get(`/api/v3/counts${query}`, { headers: { 'if-none-match': etag } })).status).toBe(304);

    // Another client's change leaves ours in memory.
    await api.post('/api/v3/tags', { data: { type: 'tags', attributes: { name: 'Other counted tag' } } }, { token: await api.token('other-admin') });
    expect((await counts(query)).headers.get('x-cache')).toBe('hit');

    const created = await api.post('/api/v3/tags', { data: { type: 'tags', attributes: { name: 'Counted tag' } } });
    expect(created.status).toBe(201);
    const after = await counts(query);
    expect(after.headers.get('x-cache')).toBe('miss');
    expect(after.body.meta.counts).toEqual({ ...before, tags: before.tags + 1 });
    expect((await api.get(`/api/v3/counts${query}`, { headers: { 'if-none-match': etag } })).status).toBe(200);

    // A tag renamed: no count changes, the answer stays in memory (on SQLite the counts are kept by
    // triggers, and the answer depends on the tables' inserts and deletes alone).
    const renamed = await api.patch(`/api/v3/tags/${created.body.data.id}`, { data: { type: 'tags', id: created.body.data.id, attributes: { name: 'Counted tag, renamed' } } });
    expect(renamed.status).toBe(200);
    const afterRename = await counts(query);
    expect(afterRename.headers.get('x-cache')).toBe('hit');
    expect(afterRename.body.meta.counts).toEqual(after.body.meta.counts);

    expect((await api.delete(`/api/v3/tags/${created.body.data.id}`)).status).toBe(204);
    expect((await counts(query)).body.meta.counts).toEqual(before);
    const fresh = await api.get(`/api/v3/counts${query}`, { headers: { 'cache-control': 'no-cache' } });
    expect(fresh.headers.get('x-cache')).toBe('bypass');
    expect(fresh.body.meta.counts).toEqual(before);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await api.get('/api/docs/openapi.json')).body;
    const op = doc.paths['/api/v3/counts'].get;
    expect(op.parameters.map((p: { name: string }) => p.name)).toEqual(['types']);
  });
});
