import { RESOURCES, foreignKeyOf, type AttributeDef, type ResourceDef } from '@umpire/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * One suite for every resource in the registry: the declaration alone decides what is sent,
 * filtered, sorted and included, so a new resource is tested without new test code.
 */
const resources = (RESOURCES as unknown as ResourceDef[]).filter((r) => !r.readOnly);

let api: TestServer;
beforeAll(async () => {
  api = await startTestServer();
});
afterAll(() => api?.close());

const attributesOf = (def: ResourceDef) => Object.entries(def.attributes) as [string, AttributeDef][];
const examples = (def: ResourceDef) =>
  Object.fromEntries(attributesOf(def).filter(([, a]) => a.example !== undefined && !a.readOnly).map(([n, a]) => [n, a.example]));
const belongsTo = (def: ResourceDef) =>
  Object.entries(def.relationships).filter(([, r]) => r.kind === 'belongsTo') as [string, { type: string; required?: boolean }][];

/** A changed value that the declaration's own validator accepts, for the update test. */
function changedValue(def: ResourceDef): [string, unknown] | null {
  for (const [name, a] of attributesOf(def)) {
    if (a.readOnly || a.unique || a.example === undefined) continue;
    const candidates =
      a.type === 'string' || a.type === 'text' ? [`${a.example} (zmiana)`, `${a.example}x`] : a.type === 'integer' || a.type === 'number' ? [Number(a.example) + 1, Number(a.example) - 1] : a.type === 'boolean' ? [!a.example] : [];
    for (const c of candidates) if (a.schema.safeParse(c).success) return [name, c];
  }
  return null;
}

describe.each(resources.map((r) => [r.type, r] as const))('%s', (type, def) => {
  const base = `/api/v3/${def.path ?? type}`;
  let created: any;
  const relationships: Record<string, { data: { type: string; id: string } }> = {};

  it('declares an example for every required attribute', () => {
    for (const [name, a] of attributesOf(def)) if (a.required) expect(a.example, `${type}.${name}`).toBeDefined();
  });

  it('creates a record from the declaration (201, Location, the values sent)', async () => {
    for (const [name, rel] of belongsTo(def)) {
      const list = await api.get(`/api/v3/${rel.type}?page[size]=1`);
      expect(list.status).toBe(200);
      if (list.body.data[0]) relationships[name] = { data: { type: rel.type, id: list.body.data[0].id } };
    }
    const res = await api.post(base, { data: { type, attributes: examples(def), relationships } });
    expect(res.status, res.text).toBe(201);
    expect(res.headers.get('location')).toBe(`${api.url}${base}/${res.body.data.id}`);
    expect(res.body.data.attributes).toMatchObject(examples(def));
    for (const [name, link] of Object.entries(relationships)) expect(res.body.data.relationships[name].data).toEqual(link.data);
    created = res.body.data;
  });

  it('fetches it', async () => {
    const res = await api.get(`${base}/${created.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(created);
  });

  it('finds it by each filterable attribute and by text search', async () => {
    for (const [name, a] of attributesOf(def)) {
      if (!a.filter || a.example === undefined) continue;
      const res = await api.get(`${base}?filter[${name}]=${encodeURIComponent(String(a.example))}&page[size]=100`);
      expect(res.status, `${name}: ${res.text}`).toBe(200);
      expect(res.body.data.map((d: any) => d.id), name).toContain(created.id);
      if (a.filter === 'range') {
        const ge = await api.get(`${base}?filter[${name}][gte]=${encodeURIComponent(String(a.example))}&filter[${name}][lte]=${encodeURIComponent(String(a.example))}`);
        expect(ge.body.data.map((d: any) => d.id), `${name} range`).toContain(created.id);
      }
    }
    const searchable = attributesOf(def).find(([, a]) => a.search && typeof a.example === 'string');
    if (searchable) {
      const text = String(searchable[1].example).slice(1, 6);
      const res = await api.get(`${base}?filter[q]=${encodeURIComponent(text)}&page[size]=100`);
      expect(res.body.data.map((d: any) => d.id)).toContain(created.id);
    }
    for (const [name] of belongsTo(def)) {
      if (!relationships[name]) continue;
      const res = await api.get(`${base}?filter[${name}]=${relationships[name].data.id}&page[size]=100`);
      expect(res.body.data.map((d: any) => d.id), name).toContain(created.id);
    }
  });

  it('sorts by each sortable attribute, both ways', async () => {
    for (const [name, a] of [...attributesOf(def), ['id', { sort: true, type: 'integer' }] as [string, AttributeDef]]) {
      if (!a.sort) continue;
      for (const desc of [false, true]) {
        const res = await api.get(`${base}?sort=${desc ? '-' : ''}${name}&page[size]=100`);
        expect(res.status, `${name}: ${res.text}`).toBe(200);
        const values = res.body.data.map((d: any) => (name === 'id' ? Number(d.id) : d.attributes[name])).filter((v: unknown) => v !== null);
        const sorted = [...values].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
        if (desc) sorted.reverse();
        if (a.type !== 'string' && a.type !== 'text') expect(values, `${name} ${desc ? 'desc' : 'asc'}`).toEqual(sorted);
      }
    }
  });

  it('includes each relationship', async () => {
    for (const [name, rel] of Object.entries(def.relationships)) {
      const res = await api.get(`${base}/${created.id}?include=${name}`);
      expect(res.status, `${name}: ${res.text}`).toBe(200);
      const linkage = res.body.data.relationships?.[name]?.data;
      expect(linkage, name).toBeDefined();
      for (const item of [linkage].flat().filter(Boolean)) {
        expect(item.type).toBe(rel.type);
        expect(res.body.included.some((i: any) => i.type === item.type && i.id === item.id), `${name} included`).toBe(true);
      }
    }
  });

  it('pages with totals and links', async () => {
    const res = await api.get(`${base}?page[size]=1&page[number]=1`);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.meta.total).toBeGreaterThanOrEqual(1);
    expect(res.body.meta.pages).toBe(res.body.meta.total);
    expect(decodeURIComponent(res.body.links.first)).toContain('page[number]=1');
    expect(decodeURIComponent(res.body.links.last)).toContain(`page[number]=${res.body.meta.pages}`);
  });

  it('updates it and records the change in the history', async () => {
    const change = changedValue(def);
    if (!change) return;
    const [name, value] = change;
    const res = await api.patch(`${base}/${created.id}`, { data: { type, id: created.id, attributes: { [name]: value } } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.attributes[name]).toEqual(value);
    const history = await api.get(`/api/v3/audit_events?filter[resource_type]=${type}&filter[resource_id]=${created.id}&sort=id`);
    expect(history.body.data.map((e: any) => e.attributes.action)).toEqual(['create', 'update']);
    expect(history.body.data[1].attributes.changes[name]).toEqual({ before: created.attributes[name], after: value });
    expect(history.body.data[1].attributes.actor).toBe('admin');
  });

  it("is invisible to another client's token (404, never 403) and to its lists", async () => {
    const other = await api.token('other-admin');
    expect((await api.get(`${base}/${created.id}`, { token: other })).status).toBe(404);
    expect((await api.patch(`${base}/${created.id}`, { data: { type, id: created.id, attributes: {} } }, { token: other })).status).toBe(404);
    expect((await api.delete(`${base}/${created.id}`, { token: other })).status).toBe(404);
    const list = await api.get(`${base}?filter[id]=${created.id}`, { token: other });
    expect(list.body.data).toEqual([]);
    for (const [name, link] of Object.entries(relationships)) {
      const res = await api.post(base, { data: { type, attributes: examples(def), relationships: { ...relationships, [name]: link } } }, { token: other });
      expect(res.status, `linking ${name} of another client`).toBe(422);
      expect(res.body.errors.some((e: any) => e.source.pointer === `/data/relationships/${name}/data/id` && e.meta.key === 'notFound')).toBe(true);
    }
  });

  it('refuses bad input with a JSON:API error for each field', async () => {
    const required = attributesOf(def).filter(([, a]) => a.required).map(([n]) => n);
    const empty = await api.post(base, { data: { type, attributes: {} } });
    expect(empty.status).toBe(422);
    for (const name of required)
      expect(empty.body.errors.find((e: any) => e.source.pointer === `/data/attributes/${name}`)?.meta.key, name).toBe('required');
    for (const [name, rel] of belongsTo(def))
      if (rel.required) expect(empty.body.errors.some((e: any) => e.source.pointer === `/data/relationships/${name}`), name).toBe(true);

    const unknown = await api.post(base, { data: { type, attributes: { ...examples(def), no_such_field: 1 }, relationships } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors[0]).toMatchObject({ status: '422', source: { pointer: '/data/attributes/no_such_field' }, meta: { key: 'unknownAttribute' } });

    for (const [name, a] of attributesOf(def)) {
      if (a.readOnly) continue;
      const wrong = a.type === 'string' || a.type === 'text' || a.type === 'date' || a.type === 'datetime' ? 12345 : 'not-a-number';
      const res = await api.post(base, { data: { type, attributes: { ...examples(def), [name]: wrong }, relationships } });
      expect(res.status, `${name}=${JSON.stringify(wrong)}`).toBe(422);
      expect(res.body.errors[0].source.pointer).toBe(`/data/attributes/${name}`);
    }
    expect((await api.get(`${base}?include=no_such_relationship`)).body.errors[0].source.parameter).toBe('include');
    expect((await api.get(`${base}?sort=no_such_attribute`)).body.errors[0].source.parameter).toBe('sort');
    expect((await api.get(`${base}?filter[no_such_attribute]=1`)).status).toBe(400);
    expect((await api.request('POST', base, { rawBody: '{"data": ' })).status).toBe(400);
    expect((await api.request('POST', base, { rawBody: '{}', contentType: 'text/plain' })).status).toBe(415);
    expect((await api.get(`${base}/999999`)).status).toBe(404);
    expect((await api.get(`${base}/abc`)).status).toBe(404);
  });

  it("is read-only for a viewer, whatever the admin app shows (403)", async () => {
    const viewer = await api.token('viewer');
    expect((await api.get(`${base}/${created.id}`, { token: viewer })).status).toBe(200);
    const res = await api.post(base, { data: { type, attributes: examples(def), relationships } }, { token: viewer });
    expect(res.status).toBe(403);
    expect(res.body.errors[0].meta.key).toBe('forbidden');
    expect((await api.delete(`${base}/${created.id}`, { token: viewer })).status).toBe(403);
  });

  it('deletes it (204), then it is gone and the deletion is in the history', async () => {
    const res = await api.delete(`${base}/${created.id}`);
    expect(res.status).toBe(204);
    expect((await api.get(`${base}/${created.id}`)).status).toBe(404);
    const history = await api.get(`/api/v3/audit_events?filter[resource_type]=${type}&filter[resource_id]=${created.id}&sort=-id`);
    expect(history.body.data[0].attributes.action).toBe('delete');
  });
});

it('keeps the migrations in step with the declarations (every attribute and link has a column)', async () => {
  for (const def of RESOURCES as unknown as ResourceDef[]) {
    const row = await api.server.database.db.selectFrom(def.table).selectAll().limit(1).execute();
    const columns = new Set(
      row[0] ? Object.keys(row[0]) : (await api.server.database.db.introspection.getTables()).find((t) => t.name === def.table)!.columns.map((c) => c.name),
    );
    for (const name of Object.keys(def.attributes)) expect(columns.has(name), `${def.table}.${name}`).toBe(true);
    for (const [name, rel] of Object.entries(def.relationships))
      if (rel.kind === 'belongsTo') expect(columns.has(foreignKeyOf(name, rel)), `${def.table}.${name}`).toBe(true);
  }
});
