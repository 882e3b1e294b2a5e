import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelOf } from '../src/jsonapi/model';
import { columnsOf } from '../src/jsonapi/read';
import { startTestServer, TEST_DB, type TestServer } from './support/test-server';

let api: TestServer;
beforeAll(async () => {
  api = await startTestServer();
});
afterAll(() => api?.close());

const ids = (res: { body: any }) => res.body.data.map((d: any) => d.id);
const clientId = async () => Number((await api.get('/api/v3/client')).body.data.id);

describe('include', () => {
  it('loads nested paths with a deduplicated included', async () => {
    const res = await api.get('/api/v3/competition_seasons?include=image,season,competition,season.squads,competition.image');
    expect(res.status).toBe(200);
    const keys = res.body.included.map((r: any) => `${r.type}:${r.id}`);
    expect(new Set(keys).size).toBe(keys.length);
    const seasonIds = new Set(res.body.data.map((cs: any) => cs.relationships.season.data.id));
    for (const id of seasonIds) {
      const season = res.body.included.find((r: any) => r.type === 'seasons' && r.id === id);
      expect(season.relationships.squads.data.length).toBe(18);
      for (const squad of season.relationships.squads.data)
        expect(keys).toContain(`squads:${squad.id}`);
    }
    expect(keys.filter((k: string) => k.startsWith('competitions:')).length).toBe(2);
  });

  it('fetches a season with its competition seasons and competitions (many-to-many)', async () => {
    const current = (await api.get('/api/v3/seasons?filter[is_current]=true')).body.data[0];
    const res = await api.get(`/api/v3/seasons/${current.id}?include=competition_seasons,competitions`);
    expect(res.status).toBe(200);
    expect(res.body.data.relationships.competition_seasons.data).toHaveLength(2);
    expect(res.body.data.relationships.competitions.data.map((c: any) => c.id).sort()).toHaveLength(2);
    expect(res.body.included.filter((r: any) => r.type === 'competitions')).toHaveLength(2);
  });

  it('never lists a primary record again in included', async () => {
    const res = await api.get('/api/v3/clubs?include=teams.club&page[size]=5');
    const primary = new Set(ids(res).map((id: string) => `clubs:${id}`));
    for (const r of res.body.included) expect(primary.has(`${r.type}:${r.id}`)).toBe(false);
  });

  it('runs the same number of SQL queries at page size 10 and 100', async () => {
    const { db } = api.server.database;
    const cid = await clientId();
    const season = await db.selectFrom('seasons').select('id').where('client_id', '=', cid).executeTakeFirstOrThrow();
    const competition = await db.selectFrom('competitions').select('id').where('client_id', '=', cid).executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const bool = api.server.database.dialect === 'sqlite' ? 0 : false;
    await db
      .insertInto('competition_seasons')
      .values(Array.from({ length: 110 }, (_, i) => ({ client_id: cid, name: `Bulk ${i}`, is_current: bool, competition_id: competition.id, season_id: season.id, created_at: now, updated_at: now })))
      .execute();
    const url = (size: number) => `/api/v3/competition_seasons?include=image,season,competition,season.squads,competition.image&page[size]=${size}`;
    // PostgreSQL counts the rows for the first total and keeps it: both compared reads come after.
    await api.get(url(5));
    const small = await api.get(url(10));
    const large = await api.get(url(100));
    expect(large.body.data).toHaveLength(100);
    expect(Number(small.headers.get('x-db-queries'))).toBeGreaterThan(0);
    expect(large.headers.get('x-db-queries')).toBe(small.headers.get('x-db-queries'));
  });

  it('reads both sides of a match together when they include the same path, and includes no more than each path asks', async () => {
    const url = (include: string) => `/api/v3/matches?sort=id&page[size]=10&include=${include}`;
    const key = (r: { type: string; id: string }) => `${r.type}:${r.id}`;
    // The first total is counted on PostgreSQL, and kept: both compared reads come after it.
    await api.get(url(''));
    const both = await api.get(url('home_squad.team.club,away_squad.team.club'));
    const one = await api.get(url('home_squad.team.club'));
    expect(both.status, both.text).toBe(200);
    // One query per level for the two sides: as many as for one side.
    expect(both.headers.get('x-db-queries')).toBe(one.headers.get('x-db-queries'));
    const clubs = new Set(both.body.included.filter((r: any) => r.type === 'clubs').map(key));
    const teams = new Map(both.body.included.filter((r: any) => r.type === 'teams').map((r: any) => [r.id, r]));
    const squads = new Map(both.body.included.filter((r: any) => r.type === 'squads').map((r: any) => [r.id, r]));
    for (const m of both.body.data)
      for (const side of ['home_squad', 'away_squad']) {
        const squad: any = squads.get(m.relationships[side].data.id);
        const team: any = teams.get(squad.relationships.team.data.id);
        expect(clubs.has(`clubs:${team.relationships.club.data.id}`), `${m.id} ${side}`).toBe(true);
      }
    // Different paths below the two sides: the away squads' teams are not included unless also a home squad's.
    const mixed = await api.get(url('home_squad.team,away_squad'));
    const homeTeams = new Set(mixed.body.data.map((m: any) => m.relationships.home_squad.data.id));
    const squadTeams = new Map(mixed.body.included.filter((r: any) => r.type === 'squads').map((r: any) => [r.id, r.relationships.team.data.id]));
    const wanted = new Set([...homeTeams].map((id) => `teams:${squadTeams.get(id)}`));
    expect(new Set(mixed.body.included.filter((r: any) => r.type === 'teams').map(key))).toEqual(wanted);
  });

  it('refuses unknown and too deep paths with source.parameter', async () => {
    for (const include of ['nope', 'season.nope', 'season.squads.season.squads']) {
      const res = await api.get(`/api/v3/competition_seasons?include=${include}`);
      expect(res.status, include).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ source: { parameter: 'include' }, meta: { key: 'unknownInclude' } });
    }
  });
});

describe('fields, filters, sort, pages', () => {
  it('returns only the requested fields', async () => {
    const res = await api.get('/api/v3/clubs?fields[clubs]=name,venue&include=venue&fields[venues]=capacity');
    expect(Object.keys(res.body.data[0].attributes)).toEqual(['name']);
    expect(Object.keys(res.body.data[0].relationships)).toEqual(['venue']);
    expect(Object.keys(res.body.included[0].attributes)).toEqual(['capacity']);
    expect((await api.get('/api/v3/clubs?fields[clubs]=nope')).status).toBe(400);
    expect((await api.get('/api/v3/clubs?fields[nope]=name')).status).toBe(400);
  });

  it('reads only the columns sparse fieldsets show, and still follows includes through keys not shown', async () => {
    // The document of a request with fields is the full one with each resource object cut down to them.
    const cut = (o: any, fields: Record<string, string[]>) => {
      const allowed = fields[o.type];
      if (!allowed) return o;
      const pick = (m?: Record<string, unknown>) => m && Object.fromEntries(Object.entries(m).filter(([k]) => allowed.includes(k)));
      const relationships = pick(o.relationships);
      return { ...o, attributes: pick(o.attributes), ...(relationships && Object.keys(relationships).length ? { relationships } : { relationships: undefined }) };
    };
    const plain = (v: unknown) => JSON.parse(JSON.stringify(v));
    // The statements select the id, the fields and the keys of what is included from there.
    const fields = new Map([['competition_seasons', new Set(['name', 'season'])]]);
    expect(columnsOf(modelOf('competition_seasons'), fields, { image: {} })).toEqual(['id', 'client_id', 'name', 'season_id', 'image_id']);
    expect(columnsOf(modelOf('competition_seasons'), new Map(), { image: {} })).toBe(modelOf('competition_seasons').readColumns);
    const season = (await api.get('/api/v3/seasons?filter[is_current]=true')).body.data[0];
    const cases: [string, Record<string, string[]>][] = [
      [
        '/api/v3/competition_seasons?include=image,season,competition,season.squads,competition.image',
        { competition_seasons: ['name'], seasons: ['name'], competitions: ['short_name'], squads: ['team'], images: ['path', 'width'] },
      ],
      [`/api/v3/seasons/${season.id}?include=competition_seasons,competitions`, { seasons: ['competitions'], competitions: ['name'] }],
      ['/api/v3/matches?include=home_squad.team,away_squad.team&page[size]=5', { matches: ['home_squad'], squads: ['name'], teams: ['name'] }],
      ['/api/v3/clubs?include=venue&sort=-name', { clubs: Object.keys((await api.get('/api/v3/clubs')).body.data[0].attributes), venues: ['capacity'] }],
    ];
    for (const [url, fields] of cases) {
      const full = await api.get(url);
      const sparse = await api.get(`${url}&${Object.entries(fields).map(([type, names]) => `fields[${type}]=${names.join(',')}`).join('&')}`);
      expect(sparse.status).toBe(200);
      expect(full.body.included?.length).toBeGreaterThan(0);
      const data = Array.isArray(full.body.data) ? full.body.data.map((o: any) => cut(o, fields)) : cut(full.body.data, fields);
      expect(plain(sparse.body.data)).toEqual(plain(data));
      expect(plain(sparse.body.included)).toEqual(plain(full.body.included.map((o: any) => cut(o, fields))));
      expect(sparse.headers.get('x-db-queries')).toBe(full.headers.get('x-db-queries'));
    }
  });

  it('filters by comma lists, ranges, relationships, null and text', async () => {
    const all = await api.get('/api/v3/clubs?page[size]=100');
    const [a, b] = all.body.data;
    expect(ids(await api.get(`/api/v3/clubs?filter[id]=${a.id},${b.id}`)).sort()).toEqual([a.id, b.id].sort());
    expect(ids(await api.get(`/api/v3/clubs?filter[code]=${a.attributes.code},${b.attributes.code}`)).sort()).toEqual([a.id, b.id].sort());
    const old = await api.get('/api/v3/clubs?filter[founded][lt]=1920&page[size]=100');
    expect(old.body.data.length).toBeGreaterThan(0);
    for (const c of old.body.data) expect(c.attributes.founded).toBeLessThan(1920);
    const range = await api.get('/api/v3/venues?filter[capacity][gte]=20000&filter[capacity][lte]=30000&page[size]=100');
    for (const v of range.body.data) expect(v.attributes.capacity).toBeGreaterThanOrEqual(20000);
    expect(range.body.data.every((v: any) => v.attributes.capacity <= 30000)).toBe(true);
    const search = await api.get('/api/v3/clubs?filter[q]=warsz');
    expect(search.body.data.map((c: any) => c.attributes.name)).toEqual(['Legia Warszawa']);
    const wildcard = await api.get('/api/v3/clubs?filter[q]=%25');
    expect(wildcard.body.data).toEqual([]);
    const club = a;
    const teams = await api.get(`/api/v3/teams?filter[club]=${club.id}`);
    expect(teams.body.data.every((t: any) => t.relationships.club.data.id === club.id)).toBe(true);
    const noImage = await api.get('/api/v3/competition_seasons?filter[image]=null');
    expect(noImage.body.data.every((cs: any) => cs.relationships.image.data === null)).toBe(true);
    expect(noImage.body.meta.total).toBeGreaterThan(0);
    expect((await api.get('/api/v3/seasons?filter[is_current]=maybe')).status).toBe(400);
    expect((await api.get('/api/v3/clubs?filter[founded][gte]=abc')).body.errors[0].source.parameter).toBe('filter[founded][gte]');
    expect((await api.get('/api/v3/clubs?filter[name][gte]=A')).status).toBe(400);
  });

  it('sorts by several keys, descending with -', async () => {
    const res = await api.get('/api/v3/venues?sort=-capacity,name&page[size]=100');
    const caps = res.body.data.map((v: any) => v.attributes.capacity ?? -1);
    expect(caps).toEqual([...caps].sort((x: number, y: number) => y - x));
    expect((await api.get('/api/v3/venues?sort=-nope')).body.errors[0].meta.key).toBe('unknownSort');
  });

  it('pages with meta and first/prev/next/last links', async () => {
    const res = await api.get('/api/v3/clubs?page[size]=5&page[number]=2&sort=name');
    expect(res.body.meta).toEqual({ total: 18, pages: 4, page: 2, size: 5 });
    const link = (k: string) => decodeURIComponent(res.body.links[k]);
    expect(link('prev')).toContain('page[number]=1');
    expect(link('next')).toContain('page[number]=3');
    expect(link('last')).toContain('page[number]=4');
    expect(link('next')).toContain('sort=name');
    const next = await api.get(new URL(res.body.links.next).pathname + new URL(res.body.links.next).search);
    expect(next.body.meta.page).toBe(3);
    const all = await api.get('/api/v3/clubs?page[size]=100&sort=name');
    expect(ids(res)).toEqual(ids(all).slice(5, 10));
    expect((await api.get('/api/v3/clubs')).body.meta.size).toBe(25);
    for (const bad of ['page[size]=101', 'page[size]=0', 'page[number]=0', 'page[number]=x', 'page[offset]=3'])
      expect((await api.get(`/api/v3/clubs?${bad}`)).status, bad).toBe(400);
  });

  it('gives the same meta.total on a full page, the last partial one, one past the end and a filtered one', async () => {
    const meta = async (query: string) => (await api.get(`/api/v3/clubs?${query}`, { headers: { 'cache-control': 'no-cache' } })).body.meta;
    expect(await meta('page[size]=5&page[number]=1')).toEqual({ total: 18, pages: 4, page: 1, size: 5 });
    expect(await meta('page[size]=5&page[number]=4')).toEqual({ total: 18, pages: 4, page: 4, size: 5 });
    expect(await meta('page[size]=5&page[number]=9')).toEqual({ total: 18, pages: 4, page: 9, size: 5 });
    expect(await meta('page[size]=6&page[number]=3')).toEqual({ total: 18, pages: 3, page: 3, size: 6 });
    expect(await meta('page[size]=25')).toEqual({ total: 18, pages: 1, page: 1, size: 25 });
    expect((await meta('page[size]=25&filter[q]=nonexistent-club-name')).total).toBe(0);
    expect((await meta('page[size]=1&filter[city]=Kraków')).total).toBe((await meta('page[size]=25&filter[city]=Kraków')).total);
  });
});

describe('documents and errors', () => {
  it('answers with the JSON:API media type and accepts application/json bodies', async () => {
    const res = await api.get('/api/v3/tags');
    expect(res.headers.get('content-type')).toMatch(/^application\/vnd\.api\+json/);
    const created = await api.post('/api/v3/tags', { data: { type: 'tags', attributes: { name: 'JSON', slug: 'json' } } }, { contentType: 'application/json' });
    expect(created.status).toBe(201);
  });

  it('refuses media type parameters, unknown types, client ids and mismatched ids', async () => {
    const body = JSON.stringify({ data: { type: 'tags', attributes: { name: 'X' } } });
    expect((await api.request('POST', '/api/v3/tags', { rawBody: body, contentType: 'application/vnd.api+json; ext=bulk' })).status).toBe(415);
    expect((await api.request('POST', '/api/v3/tags', { rawBody: body, contentType: 'application/xml' })).status).toBe(415);
    const wrongType = await api.post('/api/v3/tags', { data: { type: 'clubs', attributes: { name: 'X' } } });
    expect(wrongType.status).toBe(409);
    expect(wrongType.body.errors[0].source.pointer).toBe('/data/type');
    expect((await api.post('/api/v3/tags', { data: { type: 'tags', id: '5', attributes: { name: 'X' } } })).status).toBe(403);
    const tag = (await api.get('/api/v3/tags')).body.data[0];
    expect((await api.patch(`/api/v3/tags/${tag.id}`, { data: { type: 'tags', id: '999', attributes: {} } })).status).toBe(409);
    const noData = await api.post('/api/v3/tags', { nothing: true });
    expect(noData.status).toBe(422);
    expect(noData.body.errors[0].source.pointer).toBe('/data');
  });

  it('gives one error per invalid field, with pointers and translation keys', async () => {
    const res = await api.post('/api/v3/clubs', {
      data: { type: 'clubs', attributes: { name: '   ', website: 'ftp://example.com', founded: 1500, primary_color: 'red', email: `${'a'.repeat(65)}@example.com` } },
    });
    expect(res.status).toBe(422);
    const byPointer = Object.fromEntries(res.body.errors.map((e: any) => [e.source.pointer, e.meta.key]));
    expect(byPointer).toMatchObject({
      '/data/attributes/name': 'whitespace',
      '/data/attributes/website': 'invalidWebsiteUrl',
      '/data/attributes/founded': 'min',
      '/data/attributes/primary_color': 'invalidColor',
      '/data/attributes/email': 'email',
    });
    for (const e of res.body.errors) expect(e).toMatchObject({ status: '422', code: e.meta.key, detail: expect.any(String), title: expect.any(String) });
    const empty = await api.post('/api/v3/clubs', { data: { type: 'clubs', attributes: { name: 'Empty Website FC', website: '' } } });
    expect(empty.status).toBe(201);
    expect(empty.body.data.attributes.website).toBeNull();
  });

  it('keeps unique values unique per client, ignoring case', async () => {
    const res = await api.post('/api/v3/clubs', { data: { type: 'clubs', attributes: { name: 'legia warszawa' } } });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ source: { pointer: '/data/attributes/name' }, meta: { key: 'unique' } });
    // The other client has a club of this name; ours may too.
    expect((await api.post('/api/v3/clubs', { data: { type: 'clubs', attributes: { name: 'Springfield Rovers' } } })).status).toBe(201);
  });

  it('refuses to delete a record still in use, with a clear message, and clears optional links', async () => {
    const club = (await api.get('/api/v3/clubs?filter[code]=LEG&include=image')).body.data[0];
    const refused = await api.delete(`/api/v3/clubs/${club.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0].meta.key).toBe('stillReferenced');
    expect(refused.body.errors[0].detail).toContain('teams');
    const venueId = club.relationships.venue.data.id;
    expect((await api.delete(`/api/v3/venues/${venueId}`)).status).toBe(204);
    expect((await api.get(`/api/v3/clubs/${club.id}`)).body.data.relationships.venue.data).toBeNull();
  });

  it('answers 404 for unknown ids and routes, never a stack trace', async () => {
    for (const path of ['/api/v3/clubs/0', '/api/v3/clubs/99999999999999999999', '/api/v3/clubs/1%27%20OR%201=1', '/api/v3/nothing-here']) {
      const res = await api.get(path);
      expect(res.status, path).toBe(404);
      expect(res.text).not.toMatch(/at .*\.ts:\d+/);
    }
  });

  it('answers 413 to a body over the limit', async () => {
    const big = { data: { type: 'tags', attributes: { name: 'x'.repeat(2 * 1024 * 1024) } } };
    const res = await api.post('/api/v3/tags', big);
    expect(res.status).toBe(413);
    expect(res.body.errors[0].meta.key).toBe('payloadTooLarge');
  });

  it('never answers 500 to anything a client can send', async () => {
    const bodies = [
      null, 42, 'text', [], {}, { data: null }, { data: [] }, { data: 'x' }, { data: { type: 'clubs' } },
      { data: { type: 'clubs', attributes: [] } }, { data: { type: 'clubs', attributes: { name: { nested: true } } } },
      { data: { type: 'clubs', attributes: { name: 'N', founded: 1e308 } } }, { data: { type: 'clubs', attributes: { name: 'N', founded: '1900' } } },
      { data: { type: 'clubs', attributes: { name: 'N' }, relationships: { venue: { data: { type: 'venues', id: '-1' } } } } },
      { data: { type: 'clubs', attributes: { name: 'N' }, relationships: { venue: { data: { type: 'venues', id: 'abc' } } } } },
      { data: { type: 'clubs', attributes: { name: 'N' }, relationships: { venue: { data: { type: 'clubs', id: '1' } } } } },
      { data: { type: 'clubs', attributes: { name: 'N' }, relationships: { venue: 'x' } } },
      { data: { type: 'clubs', attributes: { name: 'N' }, relationships: { teams: { data: [] } } } },
      JSON.parse('{"data":{"type":"clubs","attributes":{"name":"N","__proto__":{"admin":true}}}}'),
      { data: { type: 'clubs', attributes: { name: 'N', constructor: 1 } } },
    ];
    for (const body of bodies) {
      const res = await api.post('/api/v3/clubs', body);
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(body)).toBeLessThan(500);
    }
    const queries = [
      'filter', 'filter[]=1', 'filter[name]=a&filter[name]=b', 'sort=', 'sort=,', 'include=,', 'include=..', 'fields=x', 'page=1',
      'page[size]=1e3', 'filter[id]=1,a', 'filter[founded][between]=1', 'filter[q][gte]=a', 'filter[created_at][gte]=notadate',
      `filter[name]=${'a'.repeat(5000)}`, 'filter[name]=%00', 'include=venue,venue,venue', 'sort=-', 'sort=--name',
    ];
    for (const q of queries) {
      const res = await api.get(`/api/v3/clubs?${q}`);
      expect(res.status, q).toBeLessThan(500);
    }
  });
});

describe('characters no database stores', () => {
  it('refuses NUL characters in the address and in bodies alike on both databases', async () => {
    expect((await api.get('/api/v3/clubs?filter[name]=%00')).status).toBe(400);
    const res = await api.post('/api/v3/tags', { data: { type: 'tags', attributes: { name: 'a\u0000b' } } });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].source.pointer).toBe('/data/attributes/name');
    const signIn = await api.post('/auth/v1/sign_in', { data: { type: 'sign_in', attributes: { username: 'ad\u0000min', password: 'x' } } }, { token: null });
    expect(signIn.status).toBe(422);
  });
});

describe('reads from memory', () => {
  it('answers a repeated read from memory until the client’s data changes', async () => {
    const url = '/api/v3/sponsors?include=image&sort=name';
    const first = await api.get(url);
    const second = await api.get(url);
    expect(second.headers.get('x-cache')).toBe('hit');
    // With PostgreSQL, one statement compares the data versions (another instance may have written).
    expect(second.headers.get('x-db-queries')).toBe(api.server.database.dialect === 'postgres' ? '1' : '0');
    expect(second.body).toEqual(first.body);
    const fresh = await api.get(url, { headers: { 'cache-control': 'no-cache' } });
    expect(fresh.headers.get('x-cache')).toBe('bypass');
    expect(Number(fresh.headers.get('x-db-queries'))).toBeGreaterThan(0);
    const created = await api.post('/api/v3/sponsors', { data: { type: 'sponsors', attributes: { name: 'Aaa Cache Test' } } });
    const third = await api.get(url);
    expect(third.headers.get('x-cache')).toBe('miss');
    expect(third.body.data[0].id).toBe(created.body.data.id);
    // A change of a table this read never touched (a tag of the same client) leaves it in memory.
    await api.post('/api/v3/tags', { data: { type: 'tags', attributes: { name: 'Unrelated to sponsors' } } });
    expect((await api.get(url)).headers.get('x-cache')).toBe('hit');
    // Another client's change leaves this client's reads alone, and its reads are its own.
    await api.post('/api/v3/tags', { data: { type: 'tags', attributes: { name: 'Other cache' } } }, { token: await api.token('other-admin') });
    expect((await api.get(url)).headers.get('x-cache')).toBe('hit');
    const other = await api.get(url, { token: await api.token('other-admin') });
    expect(other.body.data.map((s: any) => s.attributes.name)).toEqual(['Acme Corp']);
  });

  it('answers 304 to a client that already holds the current version, and 200 once it changed', async () => {
    const url = '/api/v3/venues?sort=name&page[size]=5';
    const first = await api.get(url);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const again = await api.get(url, { headers: { 'if-none-match': `W/"other", W/${etag}` } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    // Another client's copy of the same address is its own: its tag does not match ours.
    expect((await api.get(url, { token: await api.token('other-admin'), headers: { 'if-none-match': etag } })).status).toBe(200);
    await api.post('/api/v3/venues', { data: { type: 'venues', attributes: { name: 'Aaa Etag Arena', city: 'Łódź' } } });
    const changed = await api.get(url, { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(changed.body.data[0].attributes.name).toBe('Aaa Etag Arena');
  });

  it.runIf(TEST_DB === 'sqlite')('notices a write by another process to the same SQLite file', async () => {
    const url = '/api/v3/tags?sort=name';
    await api.get(url);
    expect((await api.get(url)).headers.get('x-cache')).toBe('hit');
    const SQLite = (await import('better-sqlite3')).default;
    const other = new SQLite(api.server.config.sqlitePath);
    const now = new Date().toISOString();
    other.prepare('insert into tags (client_id, name, slug, created_at, updated_at) values (?, ?, ?, ?, ?)').run(await clientId(), 'Aaaa external', 'aaaa-external', now, now);
    other.close();
    const after = await api.get(url);
    expect(after.headers.get('x-cache')).toBe('miss');
    expect(after.body.data[0].attributes.name).toBe('Aaaa external');
  });
});
