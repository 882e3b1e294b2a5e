import { RESOURCES, foreignKeyOf, type AttributeDef, type ResourceDef } from '@umpire/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLibraryFile, makeVideo } from './support/library';
import { startTestServer, type TestServer } from './support/test-server';

const POLISH = new Intl.Collator('pl', { sensitivity: 'accent' });

/**
 * One suite for every resource in the registry: the declaration alone decides what is sent,
 * filtered, sorted and included, so a new resource is tested without new test code.
 */
// Records the server alone creates (fans' quiz attempts) are tested with their capability (quizzes.test.ts).
const resources = (RESOURCES as unknown as ResourceDef[]).filter((r) => !r.readOnly && !r.serverCreated);

let api: TestServer;
/** Attribute values a declaration's example cannot give: ids of library files of the demo client. */
const ATTRIBUTE_FIXTURES: Record<string, Record<string, unknown>> = {};
beforeAll(async () => {
  api = await startTestServer();
  const crest = await api.server.database.db.selectFrom('media_files').select('id').where('kind', '=', 'image').orderBy('id').executeTakeFirstOrThrow();
  ATTRIBUTE_FIXTURES.images = { file_id: String(crest.id) };
  const video = await addLibraryFile(api.server, { name: 'skrot.mp4', kind: 'video', bytes: await makeVideo(), contentType: 'video/mp4' });
  ATTRIBUTE_FIXTURES.videos = { file_id: video.id };
});
afterAll(() => api?.close());

const attributesOf = (def: ResourceDef) => Object.entries<AttributeDef>(def.attributes);
/** A translated resource's per-locale attributes (written to its first locale when no locale is named). */
const translatedOf = (def: ResourceDef) => Object.entries<AttributeDef>(def.translations?.attributes ?? {});
const examples = (def: ResourceDef) => ({
  ...Object.fromEntries([...attributesOf(def), ...translatedOf(def)].filter(([, a]) => a.example !== undefined && !a.readOnly).map(([n, a]) => [n, a.example])),
  ...ATTRIBUTE_FIXTURES[def.type],
});
/** Examples as the API answers them: instants in UTC. */
const answered = (def: ResourceDef) =>
  Object.fromEntries(
    Object.entries(examples(def)).map(([n, v]) => [n, (def.attributes[n] ?? def.translations?.attributes[n])?.type === 'datetime' ? new Date(v as string).toISOString() : v]),
  );
const belongsTo = (def: ResourceDef) =>
  Object.entries(def.relationships).filter(([, r]) => r.kind === 'belongsTo') as [string, { type: string; required?: boolean }][];

/** Changed values that the declaration's own validator accepts, for the update test. */
function changedValues(def: ResourceDef): [string, unknown][] {
  const out: [string, unknown][] = [];
  for (const [name, a] of attributesOf(def)) {
    if (a.readOnly || a.unique || a.uniqueWith || a.example === undefined) continue;
    const candidates =
      a.type === 'string' || a.type === 'text' ? [`${a.example} (zmiana)`, `${a.example}x`] : a.type === 'integer' || a.type === 'number' ? [Number(a.example) + 1, Number(a.example) - 1] : a.type === 'boolean' ? [!a.example] : [];
    for (const c of candidates) if (a.schema.safeParse(c).success) out.push([name, c]);
  }
  return out;
}

type Linkage = Record<string, { data: { type: string; id: string } }>;
const link = (type: string, id: string) => ({ data: { type, id: String(id) } });
let serial = 0;

/** The id of a record of `type`: the first one there is, or one created from its declaration. */
const pathOf = (type: string) => resources.find((r) => r.type === type)?.path ?? type;

async function anyRecord(type: string): Promise<string> {
  const list = await api.get(`/api/v3/${pathOf(type)}?page[size]=1`);
  if (list.body.data[0]) return list.body.data[0].id;
  return freshRecord(type);
}

async function freshRecord(type: string, extra: Record<string, unknown> = {}): Promise<string> {
  const def = resources.find((r) => r.type === type)!;
  const attributes = { ...examples(def), ...extra };
  for (const [name, a] of attributesOf(def))
    if ((a.unique || a.uniqueWith) && typeof attributes[name] === 'string') attributes[name] = `${attributes[name]} ${++serial}`;
  const res = await api.post(`/api/v3/${pathOf(type)}`, { data: { type, attributes, relationships: await relationshipsFor(def) } });
  if (res.status !== 201) throw new Error(`cannot create a ${type}: ${res.text}`);
  return res.body.data.id;
}

/** A player who belongs to `squad`, made for the test so no rule or unique number is in the way. */
async function playerInSquad(squad: string): Promise<string> {
  const player = await freshRecord('players');
  const res = await api.post('/api/v3/squad_players', {
    data: { type: 'squad_players', attributes: { shirt_number: 90 + (++serial % 9) }, relationships: { squad: link('squads', squad), player: link('players', player) } },
  });
  if (res.status !== 201) throw new Error(`cannot add a player to squad ${squad}: ${res.text}`);
  return player;
}

/** A match of two different squads, with no lineups yet. */
async function freshMatch(): Promise<{ id: string; home: string; away: string }> {
  const squads = (await api.get('/api/v3/squads?page[size]=2')).body.data;
  const round = await anyRecord('rounds');
  const res = await api.post('/api/v3/matches', {
    data: {
      type: 'matches',
      attributes: { kickoff_at: '2027-05-29T18:00:00+02:00' },
      relationships: { round: link('rounds', round), home_squad: link('squads', squads[0].id), away_squad: link('squads', squads[1].id) },
    },
  });
  if (res.status !== 201) throw new Error(`cannot create a match: ${res.text}`);
  return { id: res.body.data.id, home: squads[0].id, away: squads[1].id };
}

/** Resources whose rules tie their links together (an incident's player plays for its squad, which plays the match). */
const FIXTURES: Record<string, () => Promise<Linkage>> = {
  async matches() {
    const round = await anyRecord('rounds');
    const squads = (await api.get('/api/v3/squads?page[size]=2')).body.data;
    return { round: link('rounds', round), home_squad: link('squads', squads[0].id), away_squad: link('squads', squads[1].id), venue: link('venues', await anyRecord('venues')) };
  },
  async incidents() {
    const match = await freshMatch();
    const player = await playerInSquad(match.home);
    return { match: link('matches', match.id), squad: link('squads', match.home), player: link('players', player) };
  },
  async lineups() {
    const match = await freshMatch();
    const player = await playerInSquad(match.home);
    return { match: link('matches', match.id), squad: link('squads', match.home), player: link('players', player) };
  },
  async squad_players() {
    return { squad: link('squads', await freshRecord('squads')), player: link('players', await freshRecord('players')) };
  },
  // A component has one owner (a page here); its kind's links are tested in pages.test.ts.
  async components() {
    const page = await api.post('/api/v3/pages', {
      data: { type: 'pages', attributes: { title: 'Strona testowa', slug: `strona-testowa-${++serial}` }, relationships: { page_type: link('page_types', await anyRecord('page_types')) } },
    });
    if (page.status !== 201) throw new Error(`cannot create a page: ${page.text}`);
    return { page: link('pages', page.body.data.id) };
  },
  // A comment is about one article or one match.
  async comments() {
    return { article: link('articles', await anyRecord('articles')) };
  },
  // A survey of its own, with no required question the declaration's example (no answers) would miss.
  async survey_user_answers() {
    return { survey: link('surveys', await freshRecord('surveys')) };
  },
  // One row per kind and league, and the demo has them all: its row of the example's kind makes room.
  async match_alert_templates() {
    const seeded = (await api.get('/api/v3/match_alert_templates?filter[kind]=goal')).body.data;
    for (const row of seeded) expect((await api.delete(`/api/v3/match_alert_templates/${row.id}`)).status).toBe(204);
    return {};
  },
  async competition_season_squads() {
    return { competition_season: link('competition_seasons', await anyRecord('competition_seasons')), squad: link('squads', await freshRecord('squads')) };
  },
};

async function relationshipsFor(def: ResourceDef): Promise<Linkage> {
  if (FIXTURES[def.type]) return FIXTURES[def.type]();
  const out: Linkage = {};
  for (const [name, rel] of belongsTo(def)) out[name] = link(rel.type, await anyRecord(rel.type));
  return out;
}

describe.each(resources.map((r) => [r.type, r] as const))('%s', (type, def) => {
  const base = `/api/v3/${def.path ?? type}`;
  let created: any;
  let relationships: Linkage = {};

  it('declares an example for every required attribute', () => {
    for (const [name, a] of attributesOf(def)) if (a.required) expect(a.example, `${type}.${name}`).toBeDefined();
  });

  it('creates a record from the declaration (201, Location, the values sent)', async () => {
    relationships = await relationshipsFor(def);
    const res = await api.post(base, { data: { type, attributes: examples(def), relationships } });
    expect(res.status, res.text).toBe(201);
    expect(res.headers.get('location')).toBe(`${api.url}${base}/${res.body.data.id}`);
    expect(res.body.data.attributes).toMatchObject(answered(def));
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
      const res = await api.get(`${base}?filter[${name}]=${encodeURIComponent(String(a.example))}&page[size]=100&sort=-id`);
      expect(res.status, `${name}: ${res.text}`).toBe(200);
      expect(res.body.data.map((d: any) => d.id), name).toContain(created.id);
      if (a.filter === 'range') {
        const ge = await api.get(`${base}?filter[${name}][gte]=${encodeURIComponent(String(a.example))}&filter[${name}][lte]=${encodeURIComponent(String(a.example))}&sort=-id`);
        expect(ge.body.data.map((d: any) => d.id), `${name} range`).toContain(created.id);
      }
    }
    const searchable = attributesOf(def).find(([, a]) => a.search && typeof a.example === 'string');
    if (searchable) {
      const text = String(searchable[1].example).slice(1, 6);
      const res = await api.get(`${base}?filter[q]=${encodeURIComponent(text)}&page[size]=100&sort=-id`);
      expect(res.body.data.map((d: any) => d.id)).toContain(created.id);
    }
    for (const [name] of belongsTo(def)) {
      if (!relationships[name]) continue;
      const res = await api.get(`${base}?filter[${name}]=${relationships[name].data.id}&page[size]=100&sort=-id`);
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
        // Text reads in the demo client's language (case ignored); enumerations are codes in code order.
        else if ((a.schema.def as { type?: string }).type !== 'enum')
          for (let i = 1; i < values.length; i++)
            expect(Math.sign(POLISH.compare(values[i - 1], values[i])) * (desc ? -1 : 1), `${name}: ${values[i - 1]} before ${values[i]}`).toBeLessThanOrEqual(0);
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

  it('updates it and records the change in the history', async ({ skip }) => {
    // The first change the resource's rules accept (a half alone may not fit its minute).
    let applied: [string, unknown] | null = null;
    for (const [name, value] of changedValues(def)) {
      const res = await api.patch(`${base}/${created.id}`, { data: { type, id: created.id, attributes: { [name]: value } } });
      if (res.status === 422) continue;
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.attributes[name]).toEqual(value);
      applied = [name, value];
      break;
    }
    if (!applied) {
      expect(changedValues(def), `${type} has attributes to change but none was accepted`).toEqual([]);
      // Nothing was updated, so nothing was shown: skipped, not passed.
      return skip(`${type}: no attribute that changedValues() can vary (each is read-only, unique, without an example, or of a kind it does not vary)`);
    }
    const [name, value] = applied;
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
