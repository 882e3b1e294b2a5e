import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument as openApi } from '../src/ops/openapi';
import { startTestServer, TEST_DB, type ApiResponse, type TestServer } from './support/test-server';

/**
 * Property-based fuzzing of every endpoint (issue 12, point 5), driven by the server's own OpenAPI
 * document, so a route added later is fuzzed without anyone writing its test. For each operation,
 * requests are generated (valid and invalid path ids, query parameters and bodies: values from
 * the attribute schemas and hostile ones) and the server must:
 * - never answer 5xx;
 * - answer every error with a JSON:API error document whose errors carry a status and a
 *   translation key (the test client also validates each document against the JSON:API schema);
 * - change nothing when it refuses a write (the counts of every type, and the record itself);
 * - give back, when a write is accepted, the same attributes on the next read.
 * FUZZ_SEED replays a run (the seed is printed, and fast-check names the failing case's path);
 * FUZZ_RUNS sets the cases per operation.
 */
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const RUNS = Number(process.env.FUZZ_RUNS ?? 4);

type Json = Record<string, unknown>;
interface Operation {
  method: string;
  path: string;
  /** The resource a generic route serves (its schema gives the body's attributes). */
  resource: string | null;
  queryNames: string[];
}

let api: TestServer;
let spec: { paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>; components: { schemas: Record<string, Json> } };
/** Ids that exist, per type: what a valid path or relationship names. */
const known = new Map<string, string[]>();
/** Records this test created (the only ones it may delete for real). */
const created = new Map<string, string[]>();

beforeAll(async () => {
  // Limits high enough for the fuzzer's pace; the limits have their own tests.
  api = await startTestServer({
    fanLimits: { fan: { max: 100_000, windowSeconds: 60 }, address: { max: 100_000, windowSeconds: 60 }, register: { max: 100_000, windowSeconds: 60 } },
  });
  spec = (await api.get('/api/docs/openapi.json')).body;
  for (const [name, schema] of Object.entries(spec.components.schemas)) {
    if (name === 'Errors' || !isObject(schema.properties)) continue;
    const path = pathOfType(name);
    if (!path) continue;
    const res = await api.get(`${path}?page[size]=5`);
    if (res.status === 200 && Array.isArray(res.body?.data)) known.set(name, res.body.data.map((d: Json) => String(d.id)));
  }
  console.log(`fuzz (${TEST_DB}): seed ${SEED}, ${RUNS} cases per operation; replay with FUZZ_SEED=${SEED}`);
}, 120_000);
/** Answers per status class, printed at the end: a run that only ever reached 404s would show it. */
const tally = new Map<string, number>();
afterAll(async () => {
  console.log(`fuzz (${TEST_DB}) answers: ${[...tally].sort().map(([k, n]) => `${k} ${n}`).join(', ')}`);
  await api?.close();
});

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The collection path of a resource type, read from the document (`/api/v3/ott/playlists` for `playlists`). */
const collectionPaths = new Map<string, string | null>();
function pathOfType(type: string): string | null {
  if (!collectionPaths.has(type)) collectionPaths.set(type, findCollectionPath(type));
  return collectionPaths.get(type)!;
}
function findCollectionPath(type: string): string | null {
  for (const [path, ops] of Object.entries(spec.paths)) {
    const post = ops.post ?? ops.get;
    if (!post || path.includes('{')) continue;
    const schema = (ops.get as Json | undefined)?.responses as Json | undefined;
    const ref = JSON.stringify(schema ?? {}).match(/#\/components\/schemas\/([a-z_]+)/)?.[1];
    if (ref === type) return path;
  }
  return null;
}

/** Why the sign-in gateway (/auth/v1/) is not fuzzed: its tests are reported as skipped with this. */
const SKIPPED_GATEWAY =
  "the sign-in gateway counts failures per address and name: fuzzing it would lock the test's own account (its refusals have their own tests: auth, sign-in-limit)";

let listed: Operation[] | null = null;
/** The operations of the served document, read once. */
function operations(): Operation[] {
  return (listed ??= readOperations());
}
function readOperations(): Operation[] {
  const out: Operation[] = [];
  for (const [path, ops] of Object.entries(spec.paths)) {
    if (path.startsWith('/auth/v1/')) continue; // SKIPPED_GATEWAY
    for (const [method, op] of Object.entries(ops)) {
      const ref = JSON.stringify(op).match(/#\/components\/schemas\/([a-z_]+)/)?.[1] ?? null;
      out.push({ method, path, resource: ref && ref !== 'Errors' ? ref : null, queryNames: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name) });
    }
  }
  return out;
}

// Values a careless or hostile client sends.
const hostile = fc.constantFrom<unknown>(
  '', ' ', '\u0000', '../../etc/passwd', '%2e%2e%2f', '<script>alert(1)</script>', "' or 1=1 --", '\u202Egnp.exe', 'ł'.repeat(3000),
  -1, 0, 1e308, -1e308, Number.MAX_SAFE_INTEGER, 2 ** 31, 0.5, true, false, null, [], {}, [null], { $ne: 1 }, 'NaN', '2026-02-30T25:61:00Z',
);
const wild: fc.Arbitrary<unknown> = fc.oneof(hostile, fc.jsonValue({ maxDepth: 2 }), fc.string({ unit: 'grapheme', maxLength: 30 }));

/** A value that the attribute's JSON schema allows, most of the time. */
function valueFor(schema: Json): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.enum) && schema.enum.length) return fc.constantFrom(...(schema.enum as unknown[]));
  if (Array.isArray(schema.anyOf) && schema.anyOf.length) return fc.oneof(...(schema.anyOf as Json[]).map(valueFor));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'date-time') return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
      if (schema.format === 'date') return fc.date({ min: new Date('1950-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.format === 'uri') return fc.webUrl();
      return fc.string({ minLength: Number(schema.minLength ?? 1), maxLength: Math.min(Number(schema.maxLength ?? 40), 40) });
    case 'integer':
      return fc.integer({ min: Number(schema.minimum ?? -1000), max: Number(schema.maximum ?? 100_000) });
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: Number(schema.minimum ?? -1e6), max: Number(schema.maximum ?? 1e6) });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(isObject(schema.items) ? valueFor(schema.items) : wild, { maxLength: 3 });
    case 'object':
      return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 });
    default:
      return wild;
  }
}

/** A JSON:API body for a resource: its attributes (mostly plausible, sometimes hostile) and links to existing or made-up records. */
function resourceBody(type: string, id: string | null): fc.Arbitrary<unknown> {
  const schema = spec.components.schemas[type];
  const props = ((schema.properties as Json).attributes as Json).properties as Record<string, Json>;
  const writable = Object.entries(props).filter(([, p]) => !p.readOnly);
  const attributes = fc.record(Object.fromEntries(writable.map(([n, p]) => [n, fc.oneof({ weight: 4, arbitrary: valueFor(p) }, { weight: 1, arbitrary: wild })])), { requiredKeys: [] });
  const rels = Object.entries(((schema.properties as Json).relationships as Json).properties as Record<string, { description?: string }>);
  const relationships = fc.record(
    Object.fromEntries(
      rels.map(([name, r]) => {
        const target = r.description?.split(' ')[1] ?? name;
        const ids = known.get(target) ?? [];
        const identifier = fc.record({ type: fc.oneof(fc.constant(target), fc.constant('clubs')), id: fc.oneof(ids.length ? fc.constantFrom(...ids) : fc.constant('1'), fc.string({ maxLength: 6 }), fc.constant('999999999')) });
        return [name, fc.record({ data: r.description?.startsWith('hasMany') ? fc.array(identifier, { maxLength: 2 }) : fc.option(identifier, { nil: null }) })];
      }),
    ),
    { requiredKeys: [] },
  );
  const document = fc.record({ data: fc.record({ type: fc.oneof({ weight: 5, arbitrary: fc.constant(type) }, { weight: 1, arbitrary: fc.string({ maxLength: 8 }) }), attributes, relationships }) }).map((d) =>
    id === null ? d : { data: { ...d.data, id } },
  );
  return fc.oneof({ weight: 6, arbitrary: document }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) });
}

interface Generated {
  path: string;
  query: string;
  body: unknown;
  contentType: string | null;
  /** The existing record the path names, to compare after a refused write. */
  target: string | null;
}

function requestFor(op: Operation): fc.Arbitrary<Generated> {
  const ids = op.resource ? (known.get(op.resource) ?? []) : [...known.values()].flat().slice(0, 5);
  const deletable = op.resource ? (created.get(op.resource) ?? []) : [];
  // A path id: existing (not for DELETE, which only removes what the fuzzer made), made up, or hostile.
  const existing = op.method === 'delete' ? deletable : ids;
  const idArb = fc.oneof(
    { weight: existing.length ? 4 : 0, arbitrary: existing.length ? fc.constantFrom(...existing) : fc.constant('1') },
    { weight: 1, arbitrary: fc.constantFrom('0', '999999999', '-1', '1.5', '1e3', 'abc', '%00', '..%2F..', '9'.repeat(40)) },
    { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 12 }).map(encodeURIComponent) },
  );
  const segments = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
  const pathArb = fc.tuple(...segments.map((name) => (name === 'type' ? fc.constantFrom(...Object.keys(spec.components.schemas).filter((t) => t !== 'Errors'), 'nope') : name === 'id' ? idArb : fc.string({ minLength: 1, maxLength: 16 }).map(encodeURIComponent))));
  const queryArb = fc
    .array(
      fc.tuple(
        fc.oneof({ weight: 4, arbitrary: op.queryNames.length ? fc.constantFrom(...op.queryNames) : fc.constant('x') }, { weight: 1, arbitrary: fc.constantFrom('filter[nope]', 'page[offset]', 'include', 'sort', 'fields[clubs]', 'client', 'locale') }),
        fc.oneof(fc.constantFrom('1', '0', '-1', '100', '101', 'name', '-name', 'id,-id', 'image', 'a.b.c.d.e', 'ekstraklasa-demo', 'pl', 'en', 'true'), fc.string({ maxLength: 12 })),
      ),
      { maxLength: 3 },
    )
    .map((pairs) => pairs.map(([k, v]) => `${encodeURI(k)}=${encodeURIComponent(v)}`).join('&'));
  const write = ['post', 'patch', 'put'].includes(op.method);
  const bodyArb: fc.Arbitrary<unknown> = !write ? fc.constant(undefined) : op.resource ? fc.constant(null) : fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.record({ data: fc.record({ type: fc.string({ maxLength: 10 }), attributes: fc.dictionary(fc.string({ maxLength: 10 }), wild, { maxKeys: 4 }) }) }));
  return fc.tuple(pathArb, queryArb, bodyArb, fc.constantFrom('application/vnd.api+json', 'application/json', 'text/plain', 'multipart/form-data; boundary=x', 'application/offset+octet-stream')).chain(([values, query, body, contentType]) => {
    let path = op.path;
    segments.forEach((name, i) => (path = path.replace(`{${name}}`, String(values[i]))));
    const targetId = segments.includes('id') ? String(values[segments.indexOf('id')]) : null;
    const target = op.resource && targetId && ids.includes(targetId) ? targetId : null;
    const resourceBodyArb = write && op.resource ? resourceBody(op.resource, op.method === 'patch' ? (targetId ?? '1') : null) : fc.constant(body);
    return resourceBodyArb.map((b) => ({ path, query, body: b, contentType: write ? contentType : null, target }));
  });
}

/**
 * A 503 the server means: a part this server does not run (the live engine is off here: a
 * recording can only be made where it runs) or is too busy for now (image renders). Not a failure
 * of what the client sent; any other 5xx is.
 */
const DELIBERATE_503 = new Set(['liveEngineUnavailable', 'tooManyRequests.imageRenders']);
function deliberatelyUnavailable(res: ApiResponse): boolean {
  const errors = (res.body as { errors?: Json[] } | undefined)?.errors;
  return res.status === 503 && Array.isArray(errors) && errors.every((e) => DELIBERATE_503.has(String(e.code)) || DELIBERATE_503.has(String((e.meta as Json | undefined)?.key)));
}

/** Everything a refused write must leave as it was: the counts of every type, and the record it named. */
async function snapshot(op: Operation, g: Generated) {
  const counts = (await api.get('/api/v3/counts', { headers: { 'cache-control': 'no-cache' } })).body?.meta?.counts;
  const record = op.resource && g.target ? (await api.get(`${pathOfType(op.resource)}/${g.target}`)).body?.data : null;
  return { counts, record };
}

function checkError(res: ApiResponse, where: string) {
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('json') || !res.body || res.status === 304) return;
  const errors = (res.body as { errors?: Json[] }).errors;
  if (!Array.isArray(errors)) return; // a JSON answer of another format (tus, usages) with no error list
  expect(errors.length, where).toBeGreaterThan(0);
  for (const e of errors) {
    expect(typeof e.status, where).toBe('string');
    expect(typeof (e.meta as Json | undefined)?.key === 'string' || typeof e.code === 'string', `${where}: an error without a translation key: ${JSON.stringify(e)}`).toBe(true);
  }
}

describe(`fuzzing every operation of the OpenAPI document (${TEST_DB})`, () => {
  it('covers the documented routes', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(100);
  });

  // One test per operation, so a failure names its route. The list is read at collection time from
  // the same generator the server serves, without starting a server.
  for (const op of documentedOperations()) {
    it(`${op.method.toUpperCase()} ${op.path}`, { timeout: 120_000 }, async ({ skip }) => {
      const full = operations().find((o) => o.method === op.method && o.path === op.path);
      // Reported as skipped, not passed: nothing was sent.
      if (!full) return skip(op.path.startsWith('/auth/v1/') ? SKIPPED_GATEWAY : 'not in the document this server serves');
      await fc.assert(
        fc.asyncProperty(requestFor(full), async (g) => {
          const url = g.query ? `${g.path}?${g.query}` : g.path;
          const where = `${op.method.toUpperCase()} ${url} ${g.body === undefined ? '' : JSON.stringify(g.body).slice(0, 300)}`;
          const write = op.method !== 'get' && op.method !== 'head';
          const before = write ? await snapshot(full, g) : null;
          const res = await api.request(op.method.toUpperCase(), url, {
            ...(g.body === undefined ? {} : typeof g.body === 'string' ? { rawBody: g.body } : { body: g.body }),
            ...(g.contentType ? { contentType: g.contentType } : {}),
          });
          const kind = `${Math.floor(res.status / 100)}xx`;
          tally.set(kind, (tally.get(kind) ?? 0) + 1);
          if (!deliberatelyUnavailable(res)) expect(res.status, `${where} → ${res.status} ${res.text.slice(0, 500)}`).toBeLessThan(500);
          if (res.status >= 400) checkError(res, where);
          if (!write || !before) return;
          if (res.status >= 400) {
            const after = await snapshot(full, g);
            expect(after.counts, `${where}: a refused write changed the counts`).toEqual(before.counts);
            expect(after.record, `${where}: a refused write changed the record`).toEqual(before.record);
          } else if (full.resource && (res.status === 200 || res.status === 201) && isObject(res.body?.data) && res.body.data.type === full.resource) {
            const id = String(res.body.data.id);
            if (res.status === 201) created.set(full.resource, [...(created.get(full.resource) ?? []), id]);
            const read = await api.get(`${pathOfType(full.resource)}/${id}`);
            expect(read.status, `${where}: an accepted write cannot be read back`).toBe(200);
            expect(read.body.data.attributes, `${where}: what was read back differs from what the write answered`).toEqual(res.body.data.attributes);
          }
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true, includeErrorInReport: true },
      );
    });
  }
});

/** The operations of the document the server generates, listed without a running server (for test names). */
function documentedOperations(): { method: string; path: string }[] {
  // The generator is pure: importing it here keeps the list in step with the server's.
  const doc = openApi();
  return Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) => Object.keys(ops).map((method) => ({ method, path })));
}


describe('cases the fuzzer found, kept as plain tests', () => {
  it('an emptied attribute with a default takes it again, instead of failing in the database', async () => {
    const res = await api.post('/api/v3/component_types', { data: { type: 'component_types', attributes: { name: `Pusta pozycja ${Date.now()}`, kind: 'page_type', component_kind: 'text', position: null } } });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.attributes.position).toBe(0);
  });

  it('a body that is no multipart form is refused as unreadable', async () => {
    const res = await api.request('POST', '/media/v1/uploads/files', { body: { data: {} }, contentType: 'multipart/form-data; boundary=x' });
    expect(res.status, res.text).toBe(400);
    expect(res.body.errors[0].code).toBe('badRequest');
  });

  it('escapes ~ and / of a name the client sent in an error pointer (RFC 6901)', async () => {
    const tag = (await api.get('/api/v3/tags?page[size]=1')).body.data[0];
    const res = await api.patch(`/api/v3/tags/${tag.id}`, { data: { type: 'tags', id: tag.id, attributes: { 'a/b~c': 1 } } });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].source.pointer).toBe('/data/attributes/a~1b~0c');
  });
});
