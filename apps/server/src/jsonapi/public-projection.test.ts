import { describe, expect, it } from 'vitest';
import type { DB } from '../db/database';
import { declarePublicGuard, declarePublicType, notePublicRoute, projectDocument, projectRecordNow, type PublicDocument, type PublicReader } from './public-projection';
import type { ResourceObject } from './read';

/**
 * The projection on its own, with the real declarations (pages, components, images, clubs,
 * sponsors, rounds) and two types declared here: what stays of a document, whoever built it.
 * test/public-leaks.test.ts walks the running server; this names each rule.
 */
const API = 'http://league.test/api/v3';
const PUBLIC = 'http://league.test/public/v1';
notePublicRoute('/public/v1/pages/:id');
notePublicRoute('/public/v1/groups/:id/standings');

// A fan's own records, and a type whose rows a guard keeps out (as a paid event's videos).
declarePublicType('projection_test_own', { reach: 'own', attributes: ['score'] });
declarePublicType('projection_test_guarded', { reach: 'capability', attributes: ['name'] });
declarePublicGuard('projection_test_guarded', async (_db, ids) => new Set(ids.filter((id) => id % 2 === 0).map(String)));

const reader = (more: Partial<PublicReader> = {}): PublicReader => ({ db: null as unknown as DB, from: API, to: PUBLIC, ...more });
const obj = (type: string, id: string, attributes: Record<string, unknown> = {}, relationships: ResourceObject['relationships'] = {}): ResourceObject => ({
  type,
  id,
  attributes,
  relationships,
  links: { self: `${API}/${type}/${id}` },
});
const rel = (type: string, ...ids: string[]) => ({ data: ids.map((id) => ({ type, id })) });
const one = (type: string, id: string | null) => ({ data: id === null ? null : { type, id } });
const keys = (doc: PublicDocument | null) => [...[doc?.data ?? []].flat(), ...(doc?.included ?? [])].map((o) => `${o.type}:${o.id}`).sort();

describe('projectDocument', () => {
  const visiblePage = obj('pages', '1', { title: 'Strona', visible: true, status: 'published' }, { components: rel('components', '10') });
  const draftPage = obj('pages', '2', { title: 'Szkic', visible: false }, { components: rel('components', '20') });
  const component = (id: string, image: string) => obj('components', id, { kind: 'image', index: 0, settings: {}, owner_type: 'page' }, { image: one('images', image), page: one('pages', '1') });
  const image = (id: string) => obj('images', id, { path: `2026/11/${id}.png`, file_id: '99' });

  it('keeps an owned record only while a record that stays shows it: a draft page takes its components and pictures with it', async () => {
    const doc = { data: [visiblePage, draftPage], included: [component('10', '100'), component('20', '200'), image('100'), image('200')] };
    const out = await projectDocument(doc, reader());
    expect(keys(out)).toEqual(['components:10', 'images:100', 'pages:1']);
    // Only declared attributes, and relationships only to what stays.
    expect(out!.included!.find((o) => o.type === 'images')!.attributes).toEqual({ path: '2026/11/100.png' });
    expect((out!.data as ResourceObject[])[0].attributes).toEqual({ title: 'Strona' });
    expect((out!.data as ResourceObject[])[0].relationships).toEqual({ components: rel('components', '10') });
  });

  it('answers null for a primary record the reader may not see, and for an owned one asked for on its own', async () => {
    expect(await projectDocument({ data: draftPage, included: [component('20', '200')] }, reader())).toBeNull();
    expect(await projectDocument({ data: component('10', '100') }, reader())).toBeNull();
    expect(await projectDocument({ data: image('100') }, reader())).toBeNull();
  });

  it('drops an inactive sponsor and the logo only it shows, keeps a picture a club shows too', async () => {
    const sponsor = obj('sponsors', '5', { name: 'Dawny', is_active: false }, { image: one('images', '300') });
    const club = obj('clubs', '7', { name: 'Klub' }, { image: one('images', '301') });
    const alsoSponsor = obj('sponsors', '6', { name: 'Też dawny', is_active: false }, { image: one('images', '301') });
    const out = await projectDocument({ data: [club], included: [sponsor, alsoSponsor, image('300'), image('301')] }, reader());
    expect(keys(out)).toEqual(['clubs:7', 'images:301']);
  });

  it('keeps identifiers of records not in the answer only where the type shows every row, the record is owned by what stays, or the route checked it', async () => {
    const match = obj('matches', '3', { status: 'finished' }, { round: one('rounds', '8'), home_squad: one('squads', '9') });
    const club = obj('clubs', '7', { name: 'Klub' }, { image: one('images', '400') });
    const out = await projectDocument({ data: [match, club] }, reader());
    const [m, c] = out!.data as ResourceObject[];
    expect(m.relationships!.round).toEqual(one('rounds', '8'));
    expect(c.relationships!.image).toEqual(one('images', '400'));
    // A sponsor is public only while active: an identifier alone cannot say, unless the route checked.
    const product = obj('components', '30', { kind: 'product_list' }, { products: rel('products', '41') });
    const page = obj('pages', '1', { visible: true }, { components: rel('components', '30') });
    const unchecked = await projectDocument({ data: page, included: [product] }, reader());
    expect(unchecked!.included![0].relationships!.products).toEqual({ data: [] });
    const checked = await projectDocument({ data: page, included: [product] }, reader({ vouched: new Set(['products:41']) }));
    expect(checked!.included![0].relationships!.products).toEqual(rel('products', '41'));
  });

  it("keeps a fan's own records only in that fan's own answer", async () => {
    const doc = { data: obj('projection_test_own', '1', { score: 3, fan_id: 12 }) };
    expect(await projectDocument(doc, reader())).toBeNull();
    const own = await projectDocument(doc, reader({ fanId: 12 }));
    expect((own!.data as ResourceObject).attributes).toEqual({ score: 3 });
  });

  it('leaves out what a guard holds, as a record and as an identifier, and at once drops every guarded identifier', async () => {
    const holder = obj('clubs', '7', { name: 'Klub' });
    const doc = { data: [obj('projection_test_guarded', '1', { name: 'a' }), obj('projection_test_guarded', '2', { name: 'b' }), holder] };
    expect(keys(await projectDocument(doc, reader()))).toEqual(['clubs:7', 'projection_test_guarded:1']);
    // The live channel projects one record at once: nothing guarded leaves it, as it asks no guard.
    expect(projectRecordNow(obj('projection_test_guarded', '1', { name: 'a' }), reader())).toBeNull();
    expect(projectRecordNow(visiblePage, reader())).toMatchObject({ type: 'pages', links: { self: `${PUBLIC}/pages/1` } });
  });

  it('points links into the public side at routes that answer, and drops the others', async () => {
    const group = { ...obj('groups', '4', { name: 'Grupa' }), links: { self: `${API}/groups/4/fixtures` } };
    const doc = {
      data: [visiblePage, group],
      included: [],
      meta: { related: { standings: `${API}/groups/4/standings`, staff: `${API}/groups/4/fixtures` }, total: 2 },
      // A list no public route answers, in any process (a server started by another file of this
      // worker notes its routes too, /public/v1/pages among them).
      links: { self: `${API}/audit_events?page=1`, next: null },
    };
    const out = await projectDocument(doc, reader());
    const [page, g] = out!.data as ResourceObject[];
    expect(page.links).toEqual({ self: `${PUBLIC}/pages/1` });
    // No public route answers there: no link.
    expect(g.links).toBeUndefined();
    expect(out!.meta).toEqual({ related: { standings: `${PUBLIC}/groups/4/standings`, staff: null }, total: 2 });
    expect(out!.links).toEqual({ self: null, next: null });
  });

  it('keeps of an error what says what went wrong and where, nothing a route attached', async () => {
    const doc = { errors: [{ status: '409', code: 'usedByPages', title: 'T', detail: 'D', source: { pointer: '/data' }, meta: { key: 'usedByPages', params: { usages: [{ title: 'Szkic' }], count: 2 } }, links: { about: `${API}/pages/2` } }] };
    expect(await projectDocument(doc, reader())).toEqual({ errors: [{ status: '409', code: 'usedByPages', title: 'T', detail: 'D', source: { pointer: '/data' }, meta: { key: 'usedByPages', params: { count: 2 } } }] });
  });

  it('shows rows whatever their where to a signed preview, still cut to declared attributes', async () => {
    const out = await projectDocument({ data: draftPage, included: [component('20', '200'), image('200')] }, reader({ preview: true }));
    expect(keys(out)).toEqual(['components:20', 'images:200', 'pages:2']);
    expect((out!.data as ResourceObject).attributes).toEqual({ title: 'Szkic' });
  });
});
