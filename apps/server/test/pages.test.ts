import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server';

let api: TestServer;
const link = (type: string, id: string | null) => ({ data: id === null ? null : { type, id: String(id) } });
const links = (type: string, ids: string[]) => ({ data: ids.map((id) => ({ type, id })) });
const doc = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });
let serial = 0;

async function first(type: string, token?: string): Promise<any> {
  const res = await api.get(`/api/v3/${type}?page[size]=2&sort=id`, token ? { token } : {});
  expect(res.status, res.text).toBe(200);
  return res.body.data[0];
}

async function pageType(kind: string): Promise<string> {
  const res = await api.post('/api/v3/page_types', { data: { type: 'page_types', attributes: { name: `Typ ${kind} ${++serial}`, kind, visibility: ['web', 'mobile'] } } });
  expect(res.status, res.text).toBe(201);
  return res.body.data.id;
}

async function page(typeId: string, attributes: Record<string, unknown> = {}): Promise<any> {
  const res = await api.post('/api/v3/pages', {
    data: { type: 'pages', attributes: { title: `Strona ${++serial}`, slug: `strona-${serial}`, ...attributes }, relationships: { page_type: link('page_types', typeId) } },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data;
}

function component(pageId: string, kind: string, index: number, settings: Record<string, unknown>, rels: Record<string, unknown> = {}) {
  return api.post('/api/v3/components', {
    data: { type: 'components', attributes: { kind, index, settings }, relationships: { page: link('pages', pageId), ...rels } },
  });
}

async function componentCount(): Promise<number> {
  return (await api.get('/api/v3/components?page[size]=1')).body.meta.total;
}

let standard: string;
let simple: string;
let club: any;
let image: any;
let otherClub: any;
beforeAll(async () => {
  api = await startTestServer();
  standard = await pageType('standard');
  simple = await pageType('simple');
  club = await first('clubs');
  image = await first('images');
  otherClub = await first('clubs', await api.token('other-admin'));
});
afterAll(() => api?.close());

describe('page types and component types', () => {
  it('keeps a visibility list (mobile included) and includes image and publication categories', async () => {
    const category = await first('publication_categories');
    const res = await api.post('/api/v3/page_types?include=image,publication_categories', {
      data: {
        type: 'page_types',
        attributes: { name: `Aplikacja ${++serial}`, kind: 'promo', visibility: ['mobile'] },
        relationships: { image: link('images', image.id), publication_categories: links('publication_categories', [category.id]) },
      },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.attributes.visibility).toEqual(['mobile']);
    expect(res.body.included.map((i: any) => i.type).sort()).toEqual(['images', 'publication_categories']);
    const bad = await api.post('/api/v3/page_types', { data: { type: 'page_types', attributes: { name: 'Zła', kind: 'promo', visibility: ['tv'] } } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].source.pointer).toMatch(/^\/data\/attributes\/visibility/);
  });

  it('lists component types by kind (filter[kind]=page_type)', async () => {
    for (const [kind, name] of [['page_type', 'Tekst'], ['article', 'Galeria']] as const) {
      const res = await api.post('/api/v3/component_types', { data: { type: 'component_types', attributes: { name: `${name} ${++serial}`, kind, component_kind: 'text' } } });
      expect(res.status, res.text).toBe(201);
    }
    const list = await api.get('/api/v3/component_types?filter[kind]=page_type&page[size]=100');
    expect(list.body.data.length).toBeGreaterThan(0);
    expect(list.body.data.every((c: any) => c.attributes.kind === 'page_type')).toBe(true);
    const unknown = await api.post('/api/v3/component_types', { data: { type: 'component_types', attributes: { name: 'X', kind: 'page_type', component_kind: 'carousel' } } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors[0].meta.key).toBe('invalidEnum');
  });
});

describe('pages and components', () => {
  it('finds a page by filter[slug] and keeps slugs unique per client', async () => {
    const p = await page(standard);
    const res = await api.get(`/api/v3/pages?filter[slug]=${p.attributes.slug}&include=page_type`);
    expect(res.body.data.map((d: any) => d.id)).toEqual([p.id]);
    expect(res.body.included[0]).toMatchObject({ type: 'page_types', id: standard });
    const again = await api.post('/api/v3/pages', { data: { type: 'pages', attributes: { title: 'Inna', slug: p.attributes.slug }, relationships: { page_type: link('page_types', standard) } } });
    expect(again.status).toBe(422);
    expect(again.body.errors[0].meta.key).toBe('unique');
    const badSlug = await api.post('/api/v3/pages', { data: { type: 'pages', attributes: { title: 'Inna', slug: 'Zła Ścieżka' }, relationships: { page_type: link('page_types', standard) } } });
    expect(badSlug.body.errors[0]).toMatchObject({ status: '422', source: { pointer: '/data/attributes/slug' }, meta: { key: 'pattern' } });
  });

  it('creates components with links shown as relationships, and includes what they link to', async () => {
    const p = await page(standard);
    const text = await component(p.id, 'text', 0, { format: 'rich', body: doc('Witamy') });
    expect(text.status, text.text).toBe(201);
    expect(text.body.data.attributes).toMatchObject({ kind: 'text', index: 0, owner_type: 'page', owner_id: p.id });
    const clubComponent = await api.post('/api/v3/components?include=club,background_photo', {
      data: {
        type: 'components',
        attributes: { kind: 'club', index: 1, settings: { title: 'Nasz klub', layout: 'horizontal' } },
        relationships: { page: link('pages', p.id), club: link('clubs', club.id), background_photo: link('images', image.id) },
      },
    });
    expect(clubComponent.status, clubComponent.text).toBe(201);
    expect(clubComponent.body.data.relationships.club.data).toEqual({ type: 'clubs', id: club.id });
    expect(clubComponent.body.data.relationships.club_image.data).toBeNull();
    expect(clubComponent.body.data.relationships).not.toHaveProperty('quiz');
    expect(clubComponent.body.included.map((i: any) => `${i.type}:${i.id}`).sort()).toEqual([`clubs:${club.id}`, `images:${image.id}`].sort());
    const full = await api.get(`/api/v3/pages/${p.id}?include=components.club,components.background_photo`);
    expect(full.status, full.text).toBe(200);
    expect(full.body.data.relationships.components.data.map((c: any) => c.id)).toEqual([text.body.data.id, clubComponent.body.data.id]);
    expect(full.body.included.some((i: any) => i.type === 'clubs' && i.id === club.id)).toBe(true);
  });

  it('refuses bad components with JSON:API errors and changes nothing', async () => {
    const p = await page(simple);
    const before = await componentCount();
    const cases: [string, Promise<any>, string, string][] = [
      ['a kind the page type does not allow', component(p.id, 'match_list', 0, { match_list: 'all' }), '/data/attributes/kind', 'componentKindNotAllowed'],
      ['an unknown kind', component(p.id, 'carousel', 0, {}), '/data/attributes/kind', 'invalidEnum'],
      ['a negative index', component(p.id, 'text', -1, { format: 'plain', body: 'x' }), '/data/attributes/index', 'min'],
      ['an iframe address that is not http(s)', component(p.id, 'iframe', 0, { url: 'javascript:alert(1)' }), '/data/attributes/settings/url', 'invalidWebsiteUrl'],
      ['social media without accounts', component(p.id, 'social_media', 0, { accounts: [] }), '/data/attributes/settings/accounts', 'atLeastOneItemRequired'],
      ['an unknown field', component(p.id, 'text', 0, { format: 'plain', body: 'x', colour: 'red' }), '/data/attributes/settings/colour', 'unknownAttribute'],
      ['a required link missing', component(p.id, 'image', 0, {}), '/data/relationships/image', 'required'],
      ['a link the kind does not have', component(p.id, 'image', 0, {}, { image: link('images', image.id), club: link('clubs', club.id) }), '/data/relationships/club', 'unknownLink'],
      ['a link to another client\'s record', component(p.id, 'image', 0, {}, { image: link('images', '999999') }), '/data/relationships/image/data/id', 'notFound'],
      ['a link whose resource does not exist yet', component(p.id, 'advertisement', 0, { slot: 'top', format: 'billboard' }, { additional_asset: link('additional_assets', '1') }), '/data/relationships/additional_asset/data', 'linkNotAvailable'],
      ['a link of the wrong type', component(p.id, 'image', 0, {}, { image: link('clubs', club.id) }), '/data/relationships/image/data', 'invalidType'],
    ];
    for (const [what, promise, pointer, key] of cases) {
      const res = await promise;
      expect(res.status, `${what}: ${res.text}`).toBe(422);
      expect(res.body.errors.map((e: any) => `${e.source.pointer} ${e.meta.key}`), what).toContain(`${pointer} ${key}`);
      for (const e of res.body.errors) expect(e).toMatchObject({ status: '422', code: expect.any(String), detail: expect.any(String) });
    }
    const standardPage = await page(standard);
    const foreign = await api.post('/api/v3/components', {
      data: { type: 'components', attributes: { kind: 'club', index: 0 }, relationships: { page: link('pages', standardPage.id), club: link('clubs', otherClub.id) } },
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors[0]).toMatchObject({ source: { pointer: '/data/relationships/club/data/id' }, meta: { key: 'notFound' } });
    const element = await api.post('/api/v3/global_page_elements', { data: { type: 'global_page_elements', attributes: { name: 'Stopka X', slug: `stopka-x-${++serial}`, area: 'header_footer' } } });
    const twoOwners = await api.post('/api/v3/components', {
      data: {
        type: 'components',
        attributes: { kind: 'text', index: 0, settings: { format: 'plain', body: 'x' } },
        relationships: { page: link('pages', p.id), global_page_element: link('global_page_elements', element.body.data.id) },
      },
    });
    expect(twoOwners.status).toBe(422);
    expect(twoOwners.body.errors[0].meta.key).toBe('oneOwnerRequired');
    const noOwner = await api.post('/api/v3/components', { data: { type: 'components', attributes: { kind: 'text', index: 0, settings: { format: 'plain', body: 'x' } } } });
    expect(noOwner.body.errors[0]).toMatchObject({ source: { pointer: '/data/relationships/page' }, meta: { key: 'oneOwnerRequired' } });
    expect(await componentCount()).toBe(before);
  });

  it('refuses a kind change the page type does not allow, and a link change the kind does not have', async () => {
    const p = await page(simple);
    const c = await component(p.id, 'text', 0, { format: 'plain', body: 'Tekst' });
    const res = await api.patch(`/api/v3/components/${c.body.data.id}`, { data: { type: 'components', id: c.body.data.id, attributes: { kind: 'match_list', settings: { match_list: 'all' } } } });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].meta.key).toBe('componentKindNotAllowed');
    const after = await api.get(`/api/v3/components/${c.body.data.id}`);
    expect(after.body.data.attributes).toMatchObject({ kind: 'text', settings: { format: 'plain', body: 'Tekst' } });
  });

  it('sanitises rich text before storing it', async () => {
    const p = await page(standard);
    const body = {
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'Bilety', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }, { type: 'bold' }] }] },
        { type: 'script', content: [{ type: 'text', text: 'alert(1)' }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'Sklep', marks: [{ type: 'link', attrs: { href: 'https://sklep.liga.pl', onclick: 'x' } }] }] },
      ],
    };
    const res = await component(p.id, 'text', 0, { format: 'rich', body });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.attributes.settings.body).toEqual({
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'Bilety', marks: [{ type: 'bold' }] }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'Sklep', marks: [{ type: 'link', attrs: { href: 'https://sklep.liga.pl', target: '_blank', rel: 'noopener noreferrer nofollow' } }] }] },
      ],
    });
  });

  it('records every change of a page and of a component (links included) in its history', async () => {
    const p = await page(standard);
    const c = await component(p.id, 'club', 0, {}, { club: link('clubs', club.id) });
    const second = (await api.get('/api/v3/clubs?page[size]=2&sort=id')).body.data[1];
    const patched = await api.patch(`/api/v3/components/${c.body.data.id}`, { data: { type: 'components', id: c.body.data.id, relationships: { club: link('clubs', second.id) } } });
    expect(patched.status, patched.text).toBe(200);
    const history = await api.get(`/api/v3/audit_events?filter[resource_type]=components&filter[resource_id]=${c.body.data.id}&sort=id`);
    expect(history.body.data.map((e: any) => e.attributes.action)).toEqual(['create', 'update']);
    expect(history.body.data[0].attributes.changes.club).toEqual({ before: null, after: club.id });
    expect(history.body.data[1].attributes.changes.club).toEqual({ before: club.id, after: second.id });
    await api.patch(`/api/v3/pages/${p.id}`, { data: { type: 'pages', id: p.id, attributes: { title: 'Nowy tytuł' } } });
    const pageHistory = await api.get(`/api/v3/audit_events?filter[resource_type]=pages&filter[resource_id]=${p.id}&sort=id`);
    expect(pageHistory.body.data[1].attributes.changes.title).toEqual({ before: p.attributes.title, after: 'Nowy tytuł' });
  });

  it('answers a stale save of a page or a component with 409 and keeps the newer version', async () => {
    const p = await page(standard);
    const c = await component(p.id, 'text', 0, { format: 'plain', body: 'Pierwsza' });
    for (const [type, record, attributes] of [
      ['pages', p, { title: 'Zmiana A' }],
      ['components', c.body.data, { settings: { format: 'plain', body: 'Zmiana A' } }],
    ] as const) {
      const seen = record.attributes.updated_at;
      const ok = await api.patch(`/api/v3/${type}/${record.id}`, { data: { type, id: record.id, attributes, meta: { updated_at: seen } } });
      expect(ok.status, ok.text).toBe(200);
      const stale = await api.patch(`/api/v3/${type}/${record.id}`, { data: { type, id: record.id, attributes: type === 'pages' ? { title: 'Zmiana B' } : { settings: { format: 'plain', body: 'Zmiana B' } }, meta: { updated_at: seen } } });
      expect(stale.status).toBe(409);
      expect(stale.body.errors[0]).toMatchObject({ status: '409', meta: { key: 'staleRecord' } });
      expect(stale.body.errors[0].detail).toMatch(/reload/i);
      const now = await api.get(`/api/v3/${type}/${record.id}`);
      expect(JSON.stringify(now.body.data.attributes)).toContain('Zmiana A');
    }
  });
});

describe('OTT components pick their targets', () => {
  async function ott(path: string, type: string, title: string, token?: string): Promise<string> {
    const res = await api.post(`/api/v3/ott/${path}`, { data: { type, attributes: { title } } }, token ? { token } : {});
    expect(res.status, res.text).toBe(201);
    return res.body.data.id;
  }
  const ids = (rel: any) => [rel.data].flat().map((d: any) => `${d.type}:${d.id}`);

  it('links formats, playlists, events and a video, in order, and reads them back with their records', async () => {
    const promo = await pageType('promo');
    const p = await page(promo);
    const [f1, f2, f3] = [await ott('formats', 'formats', 'Studio E2E'), await ott('formats', 'formats', 'Skróty E2E'), await ott('formats', 'formats', 'Kulisy E2E')];
    const [l1, l2] = [await ott('playlists', 'playlists', 'Weekend'), await ott('playlists', 'playlists', 'Kolejka')];
    const [e1, e2] = [await ott('events', 'ott_events', 'Legia – Lech'), await ott('events', 'ott_events', 'Raków – Pogoń')];
    const video = await first('videos');
    const made: [string, Record<string, unknown>, Record<string, unknown>][] = [
      ['ott_format', { title: 'Format' }, { format: link('formats', f2) }],
      ['ott_format_list', { list_mode: 'manual' }, { formats: links('formats', [f3, f1, f2]) }],
      ['ott_playlist', { title: 'Playlista' }, { playlist: link('playlists', l1) }],
      ['ott_playlist_list', { list_mode: 'manual' }, { playlists: links('playlists', [l2, l1]) }],
      ['ott_hero_main', { title: 'Na żywo' }, { format: link('formats', f1), playlist: link('playlists', l2), background_photo: link('images', image.id) }],
      ['ott_external_content', { title: 'Zewnętrzne', url: 'https://example.com/wideo' }, {}],
      ['events', { title: 'Transmisje' }, { events: links('ott_events', [e2, e1]) }],
      ['video', { title: 'Wideo' }, { video: link('videos', video.id) }],
    ];
    const created: string[] = [];
    for (const [index, [kind, settings, rels]] of made.entries()) {
      const res = await component(p.id, kind, index, settings, rels);
      expect(res.status, `${kind}: ${res.text}`).toBe(201);
      created.push(res.body.data.id);
    }
    const full = await api.get(`/api/v3/pages/${p.id}?include=components.format,components.formats,components.playlist,components.playlists,components.events,components.video`);
    expect(full.status, full.text).toBe(200);
    const byId = new Map<string, any>(full.body.included.filter((i: any) => i.type === 'components').map((c: any) => [c.id, c]));
    const rel = (i: number, name: string) => ids(byId.get(created[i])!.relationships[name]);
    expect(rel(0, 'format')).toEqual([`formats:${f2}`]);
    expect(rel(1, 'formats')).toEqual([`formats:${f3}`, `formats:${f1}`, `formats:${f2}`]);
    expect(rel(2, 'playlist')).toEqual([`playlists:${l1}`]);
    expect(rel(3, 'playlists')).toEqual([`playlists:${l2}`, `playlists:${l1}`]);
    expect([...rel(4, 'format'), ...rel(4, 'playlist')]).toEqual([`formats:${f1}`, `playlists:${l2}`]);
    expect(byId.get(created[5])!.attributes.settings.url).toBe('https://example.com/wideo');
    expect(rel(6, 'events')).toEqual([`ott_events:${e2}`, `ott_events:${e1}`]);
    expect(rel(7, 'video')).toEqual([`videos:${video.id}`]);
    const included = new Set(full.body.included.map((i: any) => `${i.type}:${i.id}`));
    for (const key of [`formats:${f1}`, `formats:${f2}`, `formats:${f3}`, `playlists:${l1}`, `playlists:${l2}`, `ott_events:${e1}`, `ott_events:${e2}`, `videos:${video.id}`])
      expect(included.has(key), key).toBe(true);
    expect(full.body.included.find((i: any) => i.type === 'ott_events' && i.id === e2).attributes.title).toBe('Raków – Pogoń');

    // /current_page gives linked records' texts in ?locale= (a reader's language), each record's first without it.
    const english = await api.patch(`/api/v3/ott/events/${e2}?locale=en`, { data: { type: 'ott_events', id: e2, attributes: { title: 'Raków v Pogoń' } } });
    expect(english.status, english.text).toBe(200);
    const eventIn = async (query: string) => {
      const res = await api.get(`/api/v3/current_page?slug=${p.attributes.slug}&preview=true${query}`);
      expect(res.status, res.text).toBe(200);
      return res.body.included.find((i: any) => i.type === 'ott_events' && i.id === e2).attributes;
    };
    expect(await eventIn('&locale=en')).toMatchObject({ title: 'Raków v Pogoń', locale: 'en', available_translations: ['pl', 'en'] });
    expect(await eventIn('&locale=pl')).toMatchObject({ title: 'Raków – Pogoń', locale: 'pl' });
    expect((await eventIn('')).title).toBe('Raków – Pogoń');
    const unknown = await api.get(`/api/v3/current_page?slug=${p.attributes.slug}&preview=true&locale=de`);
    expect(unknown.status, unknown.text).toBe(400);
    expect(unknown.body.errors[0]).toMatchObject({ status: '400', source: { parameter: 'locale' } });
    expect(unknown.body.errors[0].detail).toMatch(/pl, en/);

    // Reordered, one dropped: the new order is what is read back.
    const patched = await api.patch(`/api/v3/components/${created[6]}`, { data: { type: 'components', id: created[6], relationships: { events: links('ott_events', [e1]) } } });
    expect(patched.status, patched.text).toBe(200);
    expect(ids(patched.body.data.relationships.events)).toEqual([`ott_events:${e1}`]);
    // A linked event cannot be deleted while the page shows it.
    expect((await api.delete(`/api/v3/ott/events/${e1}`)).status).toBe(409);
  });

  it('refuses another client\'s targets, missing ones, wrong types and too many with JSON:API errors, in both languages', async () => {
    const p = await page(await pageType('promo'));
    const other = await api.token('other-admin');
    const theirs = { playlist: await ott('playlists', 'playlists', 'Cudza', other), event: await ott('events', 'ott_events', 'Cudzy mecz', other) };
    const mine = await ott('events', 'ott_events', 'Nasz mecz');
    const before = await componentCount();
    const foreign = await component(p.id, 'ott_playlist', 0, {}, { playlist: link('playlists', theirs.playlist) });
    expect(foreign.status, foreign.text).toBe(422);
    expect(foreign.body.errors[0]).toMatchObject({ status: '422', code: 'notFound', source: { pointer: '/data/relationships/playlist/data/id' }, meta: { key: 'notFound' } });
    const foreignEvent = await component(p.id, 'events', 0, {}, { events: links('ott_events', [mine, theirs.event]) });
    expect(foreignEvent.status, foreignEvent.text).toBe(422);
    expect(foreignEvent.body.errors.map((e: any) => e.source.pointer)).toEqual(['/data/relationships/events/data/1/id']);
    const english = await api.post(
      '/api/v3/components',
      { data: { type: 'components', attributes: { kind: 'ott_format_list', index: 0, settings: {} }, relationships: { page: link('pages', p.id), formats: links('formats', ['999999999']) } } },
      { headers: { 'accept-language': 'en' } },
    );
    expect(english.status, english.text).toBe(422);
    const polish = await api.post(
      '/api/v3/components',
      { data: { type: 'components', attributes: { kind: 'ott_format_list', index: 0, settings: {} }, relationships: { page: link('pages', p.id), formats: links('formats', ['999999999']) } } },
      { headers: { 'accept-language': 'pl' } },
    );
    expect(polish.status, polish.text).toBe(422);
    expect(english.body.errors[0].meta.key).toBe('notFound');
    expect(polish.body.errors[0].meta.key).toBe('notFound');
    expect(polish.body.errors[0].detail).not.toBe(english.body.errors[0].detail);
    const wrongType = await component(p.id, 'events', 0, {}, { events: links('formats', [mine]) });
    expect(wrongType.status).toBe(422);
    expect(wrongType.body.errors[0].source.pointer).toBe('/data/relationships/events/data/0');
    const one = await component(p.id, 'ott_playlist', 0, {}, { playlist: links('playlists', [theirs.playlist]) });
    expect(one.status).toBe(422);
    const missing = await component(p.id, 'ott_playlist', 0, {}, {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0]).toMatchObject({ code: 'required', source: { pointer: '/data/relationships/playlist' } });
    const many: string[] = [];
    for (let i = 0; i < 25; i++) many.push(await ott('events', 'ott_events', `Mecz ${i}`));
    const tooMany = await component(p.id, 'events', 0, {}, { events: links('ott_events', many) });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors[0]).toMatchObject({ code: 'maxLength', source: { pointer: '/data/relationships/events/data' }, meta: { key: 'maxLength' } });
    expect(tooMany.body.errors[0].detail).toMatch(/24 items/);
    expect(await componentCount()).toBe(before);
  });
});

describe('reordering', () => {
  it('rewrites the indexes in one call, in the history, and refuses a list that is not the page\'s components', async () => {
    const p = await page(standard);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push((await component(p.id, 'text', i * 10, { format: 'plain', body: `Akapit ${i}` })).body.data.id);
    const current = await api.get(`/api/v3/pages/${p.id}/relationships/components`);
    expect(current.body.data.map((d: any) => d.id)).toEqual(ids);
    const order = [ids[3], ids[1], ids[0], ids[2]];
    const res = await api.patch(`/api/v3/pages/${p.id}/relationships/components`, { data: order.map((id) => ({ type: 'components', id })), meta: { updated_at: current.body.meta.updated_at } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.map((d: any) => d.id)).toEqual(order);
    const read = await api.get(`/api/v3/pages/${p.id}?include=components`);
    expect(read.body.data.relationships.components.data.map((d: any) => d.id)).toEqual(order);
    expect(read.body.included.filter((i: any) => i.type === 'components').map((c: any) => [c.id, c.attributes.index])).toEqual(order.map((id, i) => [id, i]));
    const history = await api.get(`/api/v3/audit_events?filter[resource_type]=pages&filter[resource_id]=${p.id}&sort=-id`);
    expect(history.body.data[0].attributes.changes.components).toEqual({ before: ids, after: order });
    const moved = await api.get(`/api/v3/audit_events?filter[resource_type]=components&filter[resource_id]=${ids[3]}&sort=-id`);
    expect(moved.body.data[0].attributes.changes.index).toEqual({ before: 30, after: 0 });

    const stale = await api.patch(`/api/v3/pages/${p.id}/relationships/components`, { data: ids.map((id) => ({ type: 'components', id })), meta: { updated_at: current.body.meta.updated_at } });
    expect(stale.status).toBe(409);
    expect(stale.body.errors[0].meta.key).toBe('staleRecord');
    for (const bad of [ids.slice(1), [...ids, ids[0]], [...ids.slice(1), '999999'], ids.map((id) => ({ type: 'clubs', id }))]) {
      const data = (bad as unknown[]).map((x) => (typeof x === 'string' ? { type: 'components', id: x } : x));
      const r = await api.patch(`/api/v3/pages/${p.id}/relationships/components`, { data });
      expect(r.status).toBe(422);
      expect(r.body.errors[0]).toMatchObject({ source: { pointer: '/data' }, meta: { key: 'reorderMismatch' } });
    }
    const unchanged = await api.get(`/api/v3/pages/${p.id}/relationships/components`);
    expect(unchanged.body.data.map((d: any) => d.id)).toEqual(order);
    const viewer = await api.token('viewer');
    expect((await api.patch(`/api/v3/pages/${p.id}/relationships/components`, { data: [] }, { token: viewer })).status).toBe(403);
    expect((await api.patch(`/api/v3/pages/999999/relationships/components`, { data: [] })).status).toBe(404);
  });
});

describe('global page elements', () => {
  it('are found by slug, patched, include their components and links, and preview resolved', async () => {
    const slug = `naglowek-${++serial}`;
    const created = await api.post('/api/v3/global_page_elements', { data: { type: 'global_page_elements', attributes: { name: 'Nagłówek', slug, area: 'header_footer' } } });
    expect(created.status, created.text).toBe(201);
    const id = created.body.data.id;
    const header = await api.post('/api/v3/components', {
      data: { type: 'components', attributes: { kind: 'page_header', index: 0, settings: { title: 'Liga' } }, relationships: { global_page_element: link('global_page_elements', id), image: link('images', image.id) } },
    });
    expect(header.status, header.text).toBe(201);
    expect(header.body.data.attributes).toMatchObject({ owner_type: 'global_page_element', owner_id: id });
    const notHere = await api.post('/api/v3/components', {
      data: { type: 'components', attributes: { kind: 'branding', index: 1, settings: { name: 'Liga' } }, relationships: { global_page_element: link('global_page_elements', id), image: link('images', image.id) } },
    });
    expect(notHere.body.errors[0].meta.key).toBe('componentKindNotAllowed');
    const found = await api.get(`/api/v3/global_page_elements?filter[slug]=${slug}&include=components.image`);
    expect(found.body.data.map((d: any) => d.id)).toEqual([id]);
    expect(found.body.included.map((i: any) => i.type).sort()).toEqual(['components', 'images']);
    const patched = await api.patch(`/api/v3/global_page_elements/${id}`, { data: { type: 'global_page_elements', id, attributes: { name: 'Nagłówek strony' } } });
    expect(patched.body.data.attributes.name).toBe('Nagłówek strony');
    const badArea = await api.patch(`/api/v3/global_page_elements/${id}`, { data: { type: 'global_page_elements', id, attributes: { area: 'sidebar' } } });
    expect(badArea.body.errors[0]).toMatchObject({ source: { pointer: '/data/attributes/area' }, meta: { key: 'invalidEnum' } });
    const preview = await api.get(`/api/v3/global_page_elements/${id}/preview`);
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.data.relationships.components.data).toEqual([{ type: 'components', id: header.body.data.id }]);
    expect(preview.body.included.some((i: any) => i.type === 'images' && i.id === image.id)).toBe(true);
  });
});

describe('GET /current_page', () => {
  async function publishedPage(count: number, attributes: Record<string, unknown> = {}) {
    const p = await page(standard, { status: 'published', published_from: '2020-01-01T10:00:00Z', ...attributes });
    const clubs = (await api.get('/api/v3/clubs?page[size]=3&sort=id')).body.data;
    const competitionSeason = await first('competition_seasons');
    for (let i = 0; i < count; i++) {
      const kind = i % 3;
      const res =
        kind === 0
          ? await component(p.id, 'club', count - i, { title: `Klub ${i}` }, { club: link('clubs', clubs[i % clubs.length].id), background_photo: link('images', image.id) })
          : kind === 1
            ? await component(p.id, 'text', count - i, { format: 'plain', body: `Akapit ${i}` })
            : await component(p.id, 'match_list', count - i, { match_list: 'upcoming' }, { competition_season: link('competition_seasons', competitionSeason.id) });
      expect(res.status, res.text).toBe(201);
    }
    return p;
  }

  it('answers a published page with its components in order and what they link to, in a fixed number of queries', async () => {
    const small = await publishedPage(3);
    const big = await publishedPage(9);
    const a = await api.get(`/api/v3/current_page?slug=${small.attributes.slug}`, { headers: { 'cache-control': 'no-cache' } });
    const b = await api.get(`/api/v3/current_page?slug=${big.attributes.slug}`, { headers: { 'cache-control': 'no-cache' } });
    expect(a.status, a.text).toBe(200);
    expect(b.status, b.text).toBe(200);
    expect(Number(a.headers.get('x-db-queries'))).toBe(Number(b.headers.get('x-db-queries')));
    const components = b.body.included.filter((i: any) => i.type === 'components');
    expect(components.map((c: any) => c.attributes.index)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(b.body.data.relationships.components.data.map((c: any) => c.id)).toEqual(components.map((c: any) => c.id));
    for (const c of components)
      for (const rel of Object.values<any>(c.relationships))
        for (const item of [rel.data].flat().filter(Boolean))
          expect([b.body.data, ...b.body.included].some((i: any) => i.type === item.type && i.id === item.id), `${item.type} ${item.id}`).toBe(true);
    expect(b.body.included.some((i: any) => i.type === 'page_types' && i.id === standard)).toBe(true);
  });

  it('shows only published pages inside their window, and drafts to an editor who previews', async () => {
    const draft = await page(standard);
    expect((await api.get(`/api/v3/current_page?slug=${draft.attributes.slug}`)).status).toBe(404);
    const notFound = await api.get(`/api/v3/current_page?slug=${draft.attributes.slug}`);
    expect(notFound.body.errors[0]).toMatchObject({ status: '404', meta: { key: 'notFound' } });
    const preview = await api.get(`/api/v3/current_page?slug=${draft.attributes.slug}&preview=true`);
    expect(preview.status, preview.text).toBe(200);
    const viewer = await api.token('viewer');
    expect((await api.get(`/api/v3/current_page?slug=${draft.attributes.slug}&preview=true`, { token: viewer })).status).toBe(403);
    const ended = await page(standard, { status: 'published', published_from: '2020-01-01T10:00:00Z', published_until: '2021-01-01T10:00:00Z' });
    expect((await api.get(`/api/v3/current_page?slug=${ended.attributes.slug}`)).status).toBe(404);
    const future = await page(standard, { status: 'published', published_from: '2999-01-01T10:00:00Z' });
    expect((await api.get(`/api/v3/current_page?slug=${future.attributes.slug}`)).status).toBe(404);
    const other = await api.token('other-admin');
    const live = await publishedPage(1);
    expect((await api.get(`/api/v3/current_page?slug=${live.attributes.slug}`, { token: other })).status).toBe(404);
  });

  it('refuses bad parameters with JSON:API errors', async () => {
    const p = await publishedPage(1);
    const simplePage = await page(simple, { status: 'published' });
    const cases: [string, number, string][] = [
      ['', 400, 'slug'],
      [`slug=${p.attributes.slug}&include=everything`, 400, 'include'],
      [`slug=${simplePage.attributes.slug}&include=lineups`, 400, 'include'],
      [`slug=${p.attributes.slug}&season_id=abc`, 400, 'season_id'],
      [`slug=${p.attributes.slug}&season_id=999999`, 400, 'season_id'],
      [`slug=${p.attributes.slug}&preview=maybe`, 400, 'preview'],
      [`slug=${p.attributes.slug}&colour=red`, 400, 'colour'],
    ];
    for (const [query, status, parameter] of cases) {
      const res = await api.get(`/api/v3/current_page?${query}`);
      expect(res.status, query).toBe(status);
      expect(res.body.errors[0].source.parameter, query).toBe(parameter);
    }
  });

  /** A published standard page whose first component is the table of the first group, with that group's competition season. */
  async function publishedPageWithTable() {
    const group = (await api.get('/api/v3/groups?page[size]=1&sort=id&include=stage')).body;
    const groupId = group.data[0].id;
    const competitionSeasonId = group.included.find((i: any) => i.type === 'stages').relationships.competition_season.data.id;
    const p = await page(standard, { status: 'published', published_from: '2020-01-01T10:00:00Z' });
    const cs = link('competition_seasons', competitionSeasonId);
    expect((await component(p.id, 'group', 0, { title: 'Tabela' }, { competition_season: cs, group: link('groups', groupId) })).status).toBe(201);
    return { group, groupId, competitionSeasonId, p, cs };
  }

  it('includes the table of a linked group and the leading scorers of a linked season, as their own views compute them', async () => {
    const { group, groupId, competitionSeasonId, p, cs } = await publishedPageWithTable();
    expect((await component(p.id, 'competition_season_statistics', 1, { title: 'Strzelcy' }, { competition_season: cs })).status).toBe(201);
    const res = await api.get(`/api/v3/current_page?slug=${p.attributes.slug}&include=standings,statistics`);
    expect(res.status, res.text).toBe(200);
    const table = (await api.get(`/api/v3/groups/${groupId}/standings`)).body.data;
    expect(table.length).toBeGreaterThan(0);
    const standings = res.body.included.filter((i: any) => i.type === 'standings');
    expect(standings.map((r: any) => [r.id, r.attributes.position, r.attributes.points])).toEqual(table.map((r: any) => [r.id, r.attributes.position, r.attributes.points]));
    const leaders = (await api.get(`/api/v3/statistics?filter[competition_season]=${competitionSeasonId}&page[size]=10`)).body.data;
    expect(leaders.length).toBeGreaterThan(0);
    const statistics = res.body.included.filter((i: any) => i.type === 'statistics');
    expect(statistics.map((r: any) => [r.id, r.attributes.goals])).toEqual(leaders.map((r: any) => [r.id, r.attributes.goals]));
    // Every squad and player they point at is included, once.
    const keys = res.body.included.map((i: any) => `${i.type}:${i.id}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const r of [...standings, ...statistics])
      for (const rel of ['squad', 'player'].filter((n) => r.relationships[n]))
        expect(keys, `${r.id} ${rel}`).toContain(`${r.relationships[rel].data.type}:${r.relationships[rel].data.id}`);
    expect(res.body.meta.related[`standings:groups:${groupId}`]).toContain(`/groups/${groupId}/standings`);

    // A second group and season cost no more statements (computed together, uncached).
    const second = await api.post('/api/v3/groups', { data: { type: 'groups', attributes: { name: `Grupa ${++serial}` }, relationships: { stage: group.data[0].relationships.stage } } });
    expect(second.status, second.text).toBe(201);
    const two = await page(standard, { status: 'published', published_from: '2020-01-01T10:00:00Z' });
    for (const [i, g] of [groupId, second.body.data.id].entries()) {
      const made = await component(two.id, 'group', i, { title: `Tabela ${i}` }, { competition_season: cs, group: link('groups', g) });
      expect(made.status, made.text).toBe(201);
    }
    expect((await component(two.id, 'competition_season_statistics', 2, { title: 'Strzelcy' }, { competition_season: cs })).status).toBe(201);
    const queries = async (slug: string) =>
      Number((await api.get(`/api/v3/current_page?slug=${slug}&include=standings,statistics`, { headers: { 'cache-control': 'no-cache' } })).headers.get('x-db-queries'));
    expect(await queries(two.attributes.slug)).toBe(await queries(p.attributes.slug));
  });

  it('include=auto adds the sets its components draw, and only those: a table gets its standings, not the statistics', async () => {
    const { p } = await publishedPageWithTable();
    const auto = await api.get(`/api/v3/current_page?slug=${p.attributes.slug}&include=auto`);
    expect(auto.status, auto.text).toBe(200);
    expect(auto.body.meta.include).toEqual(['standings']);
    const named = await api.get(`/api/v3/current_page?slug=${p.attributes.slug}&include=standings`);
    expect(auto.body.included).toEqual(named.body.included);
    expect(auto.body.included.some((i: any) => i.type === 'statistics')).toBe(false);
    // A page of a kind that offers no sets gets none, and `auto` is not mixed with names.
    const simplePage = await page(simple, { status: 'published' });
    expect((await api.get(`/api/v3/current_page?slug=${simplePage.attributes.slug}&include=auto`)).body.meta.include).toEqual([]);
    const mixed = await api.get(`/api/v3/current_page?slug=${p.attributes.slug}&include=auto,standings`);
    expect(mixed.status).toBe(400);
    expect(mixed.body.errors[0].source.parameter).toBe('include');
  });

  it('adds the include sets the page kind offers, and follows season_id to the same competition', async () => {
    const p = await publishedPage(3);
    const res = await api.get(`/api/v3/current_page?slug=${p.attributes.slug}&include=tickets_match,standings`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.meta.include).toEqual(['standings', 'tickets_match']);
    const seasons = (await api.get('/api/v3/seasons?page[size]=1&sort=id')).body.data;
    const withSeason = await api.get(`/api/v3/current_page?slug=${p.attributes.slug}&season_id=${seasons[0].id}`);
    expect(withSeason.status, withSeason.text).toBe(200);
    expect(withSeason.body.meta.season_id).toBe(seasons[0].id);
    for (const c of withSeason.body.included.filter((i: any) => i.type === 'components' && i.attributes.kind === 'match_list')) {
      const cs = withSeason.body.included.find((i: any) => i.type === 'competition_seasons' && i.id === c.relationships.competition_season.data?.id);
      if (cs) expect(cs.relationships.season.data.id).toBe(seasons[0].id);
    }
  });

  it('is cached until anything it shows changes', async () => {
    const p = await publishedPage(3);
    const url = `/api/v3/current_page?slug=${p.attributes.slug}`;
    expect((await api.get(url)).headers.get('x-cache')).toBe('miss');
    expect((await api.get(url)).headers.get('x-cache')).toBe('hit');
    const clubId = (await api.get(url)).body.included.find((i: any) => i.type === 'clubs').id;
    const renamed = await api.patch(`/api/v3/clubs/${clubId}`, { data: { type: 'clubs', id: clubId, attributes: { short_name: `Nowa ${++serial}` } } });
    expect(renamed.status, renamed.text).toBe(200);
    const fresh = await api.get(url);
    expect(fresh.headers.get('x-cache')).toBe('miss');
    expect(fresh.body.included.find((i: any) => i.type === 'clubs' && i.id === clubId).attributes.short_name).toBe(renamed.body.data.attributes.short_name);
    expect((await api.get(url)).headers.get('x-cache')).toBe('hit');
  });
});

describe('live preview of drafts (POST /{pages|global_page_elements}/{id}/preview)', () => {
  it('delivers the page as /current_page would with the posted drafts, writing nothing', async () => {
    const p = await page(standard);
    const stored = await component(p.id, 'text', 0, { format: 'plain', body: 'Zapisany akapit' });
    expect(stored.status, stored.text).toBe(201);
    const before = await componentCount();
    const historyOf = async () => (await api.get(`/api/v3/audit_events?filter[resource_type]=components&filter[resource_id]=${stored.body.data.id}`)).body.data.length;
    const history = await historyOf();
    const res = await api.post(`/api/v3/pages/${p.id}/preview`, {
      data: [
        { type: 'components', lid: 'new-1', attributes: { kind: 'club', settings: { title: 'Nowy klub' } }, relationships: { club: link('clubs', club.id), background_photo: link('images', image.id) } },
        { type: 'components', id: stored.body.data.id, attributes: { kind: 'text', settings: { format: 'plain', body: 'Zmieniony akapit <script>alert(1)</script>' } } },
        // Not finished: a text without its body is still shown, its issue named in meta.
        { type: 'components', lid: 'new-2', attributes: { kind: 'text', settings: { format: 'plain' } } },
      ],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
    expect(res.body.data.relationships.components.data.map((c: any) => c.id)).toEqual(['new-1', stored.body.data.id, 'new-2']);
    const components = res.body.included.filter((i: any) => i.type === 'components');
    expect(components.map((c: any) => c.attributes.index)).toEqual([0, 1, 2]);
    expect(components[0].relationships.club.data).toEqual({ type: 'clubs', id: club.id });
    expect(res.body.included.some((i: any) => i.type === 'clubs' && i.id === club.id)).toBe(true);
    expect(res.body.included.some((i: any) => i.type === 'images' && i.id === image.id)).toBe(true);
    expect(res.body.meta).toMatchObject({ draft: true, preview: true });
    expect(Object.keys(res.body.meta.issues)).toEqual(['new-2']);
    expect(res.body.meta.issues['new-2'][0]).toMatchObject({ pointer: '/data/2/attributes/settings/body', key: 'required' });
    // Nothing written: no new component, the stored one unchanged, no history entry.
    expect(await componentCount()).toBe(before);
    expect((await api.get(`/api/v3/components/${stored.body.data.id}`)).body.data.attributes.settings.body).toBe('Zapisany akapit');
    expect(await historyOf()).toBe(history);
  });

  it('resolves only the client\'s own records, and previews global elements the same way', async () => {
    const p = await page(standard);
    const res = await api.post(`/api/v3/pages/${p.id}/preview`, {
      data: [{ type: 'components', lid: 'a', attributes: { kind: 'club', settings: {} }, relationships: { club: link('clubs', otherClub.id) } }],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.included.filter((i: any) => i.type === 'components')[0].relationships.club.data).toBeNull();
    expect(res.body.included.some((i: any) => i.type === 'clubs')).toBe(false);
    const element = await api.post('/api/v3/global_page_elements', { data: { type: 'global_page_elements', attributes: { name: 'Stopka', slug: `stopka-${++serial}`, area: 'header_footer' } } });
    const footer = await api.post(`/api/v3/global_page_elements/${element.body.data.id}/preview`, {
      data: [{ type: 'components', lid: 'f', attributes: { kind: 'page_footer', settings: { copyright: '© Liga' } }, relationships: { image: link('images', image.id) } }],
    });
    expect(footer.status, footer.text).toBe(200);
    expect(footer.body.data.relationships.components.data).toEqual([{ type: 'components', id: 'f' }]);
  });

  it('refuses what cannot be shown with JSON:API errors', async () => {
    const p = await page(simple);
    const viewer = await api.token('viewer');
    const other = await api.token('other-admin');
    const one = (attributes: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ data: [{ type: 'components', lid: 'x', attributes, ...extra }] });
    const cases: [string, unknown, number, string | undefined, Record<string, unknown>][] = [
      ['unknown kind', one({ kind: 'hologram' }), 422, '/data/0/attributes/kind', {}],
      ['kind not allowed', one({ kind: 'match_list', settings: { match_list: 'all' } }), 422, '/data/0/attributes/kind', {}],
      ['settings not an object', one({ kind: 'text', settings: 'hello' }), 422, '/data/0/attributes/settings', {}],
      ['link the kind lacks', one({ kind: 'text', settings: {} }, { relationships: { club: link('clubs', club.id) } }), 422, '/data/0/relationships/club', {}],
      ['bad link id', one({ kind: 'image', settings: {} }, { relationships: { image: link('images', 'abc') } }), 422, '/data/0/relationships/image/data/id', {}],
      ['no identity', { data: [{ type: 'components', attributes: { kind: 'text' } }] }, 422, '/data/0/lid', {}],
      ['twice the same', { data: [{ type: 'components', lid: 'a', attributes: { kind: 'text' } }, { type: 'components', lid: 'a', attributes: { kind: 'text' } }] }, 422, '/data/1/lid', {}],
      ['not a list', { data: {} }, 422, '/data', {}],
      ['too many', { data: Array.from({ length: 301 }, (_, i) => ({ type: 'components', lid: `c${i}`, attributes: { kind: 'text' } })) }, 422, '/data', {}],
      ['a viewer', one({ kind: 'text' }), 403, undefined, { token: viewer }],
      ['another client', one({ kind: 'text' }), 404, undefined, { token: other }],
    ];
    for (const [name, body, status, pointer, opts] of cases) {
      const res = await api.post(`/api/v3/pages/${p.id}/preview`, body, opts);
      expect(res.status, `${name}: ${res.text}`).toBe(status);
      expect(res.body.errors[0], name).toMatchObject({ status: String(status) });
      if (pointer) expect(res.body.errors[0].source.pointer, name).toBe(pointer);
    }
    expect((await api.post(`/api/v3/pages/${p.id}/preview?include=lineups`, { data: [] })).body.errors[0].source.parameter).toBe('include');
    expect((await api.post('/api/v3/pages/999999/preview', { data: [] })).status).toBe(404);
  });
});

describe('usages and deletes', () => {
  it('lists the pages that link to a record, and refuses to delete it while they do (409 naming them)', async () => {
    const c = await api.post('/api/v3/clubs', { data: { type: 'clubs', attributes: { name: `Klub usuwany ${++serial}` } } });
    expect(c.status, c.text).toBe(201);
    const clubId = c.body.data.id;
    const p = await page(standard, { title: 'Strona klubu usuwanego' });
    const comp = await component(p.id, 'club', 0, {}, { club: link('clubs', clubId) });
    expect(comp.status, comp.text).toBe(201);
    const usages = await api.get(`/api/v3/clubs/${clubId}/usages`);
    expect(usages.status).toBe(200);
    expect(usages.body.data).toEqual([{ type: 'pages', id: p.id, field: 'components', title: 'Strona klubu usuwanego' }]);
    const refused = await api.delete(`/api/v3/clubs/${clubId}`);
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0]).toMatchObject({ status: '409', meta: { key: 'usedByPages' } });
    expect(refused.body.errors[0].detail).toContain('Strona klubu usuwanego');
    expect((await api.get(`/api/v3/clubs/${clubId}`)).status).toBe(200);
    const imageUsages = await api.get(`/api/v3/images/${image.id}/usages`);
    expect(imageUsages.status).toBe(200);
    expect((await api.delete(`/api/v3/components/${comp.body.data.id}`)).status).toBe(204);
    expect((await api.get(`/api/v3/clubs/${clubId}/usages`)).body.data).toEqual([]);
    expect((await api.delete(`/api/v3/clubs/${clubId}`)).status).toBe(204);
  });

  it('deletes a page with its components and their links', async () => {
    const c = await api.post('/api/v3/clubs', { data: { type: 'clubs', attributes: { name: `Klub strony ${++serial}` } } });
    const p = await page(standard);
    const comp = await component(p.id, 'club', 0, {}, { club: link('clubs', c.body.data.id) });
    expect((await api.delete(`/api/v3/pages/${p.id}`)).status).toBe(204);
    expect((await api.get(`/api/v3/components/${comp.body.data.id}`)).status).toBe(404);
    // The component's history ends with its deletion, though the database removed it with the page.
    const history = await api.get(`/api/v3/audit_events?filter[resource_type]=components&filter[resource_id]=${comp.body.data.id}&sort=id`);
    expect(history.body.data.map((e: any) => e.attributes.action)).toEqual(['create', 'delete']);
    expect(history.body.data[1].attributes.changes.page).toEqual({ before: p.id, after: null });
    expect((await api.delete(`/api/v3/clubs/${c.body.data.id}`)).status).toBe(204);
    expect((await api.get(`/api/v3/page_types/999999/usages`)).status).toBe(404);
  });
});

describe('demo content', () => {
  it('serves the seeded home, club, match and news pages and the global page elements', async () => {
    const kinds = (await api.get('/api/v3/page_types?page[size]=100')).body.data.map((t: any) => t.attributes.kind);
    for (const kind of ['standard', 'regular', 'irregular', 'simple', 'promo']) expect(kinds).toContain(kind);
    const pages = (await api.get('/api/v3/pages?page[size]=100&filter[status]=published')).body.data.map((p: any) => p.attributes.slug);
    for (const slug of ['strona-glowna', 'aktualnosci', 'mecze/mecz-dnia']) expect(pages).toContain(slug);
    const clubPage = pages.find((s: string) => s.startsWith('kluby/'));
    expect(clubPage).toBeDefined();
    for (const slug of ['strona-glowna', 'aktualnosci', 'mecze/mecz-dnia', clubPage]) {
      const res = await api.get(`/api/v3/current_page?slug=${encodeURIComponent(slug)}`);
      expect(res.status, `${slug}: ${res.text}`).toBe(200);
      expect(res.body.data.relationships.components.data.length, slug).toBeGreaterThan(1);
    }
    const home = await api.get('/api/v3/current_page?slug=strona-glowna');
    const types = new Set(home.body.included.map((i: any) => i.type));
    for (const type of ['components', 'images', 'clubs', 'competition_seasons', 'products']) expect(types, type).toContain(type);
    // The news page shows the predictor's ranking with its five best fans.
    const news = await api.get('/api/v3/current_page?slug=aktualnosci');
    expect(news.body.included.filter((i: any) => i.type === 'match_predictor_standings')).toHaveLength(5);
    const match = await api.get('/api/v3/current_page?slug=mecze/mecz-dnia&include=incidents,lineups');
    expect(match.status, match.text).toBe(200);
    expect(match.body.included.some((i: any) => i.type === 'matches')).toBe(true);
    for (const [slug, area] of [['naglowek', 'header_footer'], ['stopka', 'header_footer'], ['marka', 'branding'], ['pod-trescia', 'elements_below_content']]) {
      const res = await api.get(`/api/v3/global_page_elements?filter[slug]=${slug}&include=components.image`);
      expect(res.body.data[0]?.attributes.area, slug).toBe(area);
      expect(res.body.data[0].relationships.components.data.length, slug).toBeGreaterThan(0);
    }
    expect((await api.get('/api/v3/component_types?filter[kind]=page_type')).body.meta.total).toBeGreaterThan(10);
  });

  it('includes what a reader sees beside the linked records: the sides of a match, the players of line-ups, incidents and squads, and the pictures', async () => {
    const match = await api.get('/api/v3/current_page?slug=mecze/mecz-dnia&include=incidents,lineups');
    expect(match.status, match.text).toBe(200);
    const has = (doc: any, type: string, id: string | undefined) => doc.included.some((i: any) => i.type === type && i.id === id);
    const m = match.body.included.find((i: any) => i.type === 'matches');
    for (const side of ['home_squad', 'away_squad']) {
      const squad = match.body.included.find((i: any) => i.type === 'squads' && i.id === m.relationships[side].data.id);
      expect(squad, side).toBeDefined();
      expect(has(match.body, 'teams', squad.relationships.team.data.id), `${side} team`).toBe(true);
    }
    for (const r of match.body.included.filter((i: any) => i.type === 'lineups' || (i.type === 'incidents' && i.relationships.player.data)))
      expect(has(match.body, 'players', r.relationships.player.data.id), `${r.type} ${r.id}`).toBe(true);
    // Every picture an included record points at is included too (crests, portraits, the video's poster).
    for (const r of match.body.included)
      for (const rel of Object.values<any>(r.relationships ?? {}))
        for (const ref of [rel.data].flat().filter((d: any) => d?.type === 'images')) expect(has(match.body, 'images', ref.id), `${r.type} ${r.id}`).toBe(true);
    // A squad component brings its players.
    const pages = (await api.get('/api/v3/pages?page[size]=100&filter[status]=published')).body.data.map((p: any) => p.attributes.slug);
    const club = await api.get(`/api/v3/current_page?slug=${encodeURIComponent(pages.find((s: string) => s.startsWith('kluby/')))}`);
    const squadComponent = club.body.included.find((i: any) => i.type === 'components' && i.attributes.kind === 'squad');
    const members = club.body.included.filter((i: any) => i.type === 'squad_players');
    expect(members.length).toBeGreaterThan(10);
    for (const member of members) {
      expect(member.relationships.squad.data.id).toBe(squadComponent.relationships.squad.data.id);
      expect(has(club.body, 'players', member.relationships.player.data.id)).toBe(true);
    }
  });

  it('links the video page to OTT playlists, formats and events, included with their titles', async () => {
    const res = await api.get('/api/v3/pages?filter[slug]=wideo&include=components.playlist,components.playlists,components.formats,components.events');
    expect(res.status, res.text).toBe(200);
    const components = res.body.included.filter((i: any) => i.type === 'components');
    expect(components.map((c: any) => c.attributes.kind)).toEqual(['ott_playlist', 'ott_playlist_list', 'ott_format_list', 'events']);
    const linked = res.body.included.filter((i: any) => ['playlists', 'formats', 'ott_events'].includes(i.type));
    expect(new Set(linked.map((i: any) => i.type))).toEqual(new Set(['playlists', 'formats', 'ott_events']));
    for (const record of linked) expect(record.attributes.title, `${record.type} ${record.id}`).toEqual(expect.stringMatching(/\S/));
    const events = components.find((c: any) => c.attributes.kind === 'events');
    expect(events.relationships.events.data.length).toBeGreaterThan(0);
  });
});
