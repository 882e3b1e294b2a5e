import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sameJson } from '@umpire/schema';
import { startTestServer, TEST_DB, type TestServer } from './support/test-server';

/**
 * JSON attributes (an article's rich text, a component's settings, the client's settings) read back
 * equal as data, whatever order their keys come back in: PostgreSQL's jsonb gives them in its own
 * order (shorter keys first), SQLite as written. Writing the same value again with its keys in
 * another order is no change: the history records none (issue 22: the admin crashed, and a save
 * recorded changes nobody made, where documents were compared as text).
 */
let api: TestServer;
let pageId: string;

/** A body whose text nodes have `type` before `text`, as the editor writes them; jsonb turns that round. */
const written = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Derby' }] },
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'Gol w ', marks: [{ type: 'bold' }] },
        { type: 'text', text: 'doliczonym czasie', marks: [{ type: 'link', attrs: { href: 'https://example.com/gol' } }] },
      ],
    },
  ],
};

/** The same value with every object's keys in reverse order. */
function reversedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversedKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).reverse().map(([k, v]) => [k, reversedKeys(v)]));
}

async function changesOf(type: string, id: string): Promise<Record<string, unknown>[]> {
  const history = await api.get(`/api/v3/audit_events?filter[resource_type]=${type}&filter[resource_id]=${id}&sort=id&page[size]=50`);
  expect(history.status, history.text).toBe(200);
  return history.body.data.map((e: any) => e.attributes.changes);
}

beforeAll(async () => {
  api = await startTestServer();
  const type = await api.post('/api/v3/page_types', { data: { type: 'page_types', attributes: { name: `JSON ${Date.now()}`, kind: 'standard', visibility: ['web'] } } });
  const page = await api.post('/api/v3/pages', {
    data: { type: 'pages', attributes: { title: 'JSON', slug: `json-${Date.now()}` }, relationships: { page_type: { data: { type: 'page_types', id: type.body.data.id } } } },
  });
  expect(page.status, page.text).toBe(201);
  pageId = page.body.data.id;
});
afterAll(() => api?.close());

describe(`JSON attributes on ${TEST_DB}`, () => {
  it('an article body reads back equal as data, and the same body with its keys reordered changes nothing', async () => {
    const created = await api.post('/api/v3/articles', { data: { type: 'articles', attributes: { title: 'Derby JSON', body: written } } });
    expect(created.status, created.text).toBe(201);
    const id = created.body.data.id as string;
    const read = (await api.get(`/api/v3/articles/${id}?locale=pl`)).body.data.attributes.body;
    expect(read).toEqual(written);
    expect(sameJson(read, written)).toBe(true);
    // The premise, on PostgreSQL: the same document, another text.
    if (TEST_DB === 'postgres') expect(JSON.stringify(read)).not.toBe(JSON.stringify(written));

    const before = (await changesOf('articles', id)).length;
    const again = await api.patch(`/api/v3/articles/${id}?locale=pl`, { data: { type: 'articles', id, attributes: { body: reversedKeys(read) } } });
    expect(again.status, again.text).toBe(200);
    expect(again.body.data.attributes.body).toEqual(written);
    const history = await changesOf('articles', id);
    expect(history.slice(before).flatMap((c) => Object.keys(c))).not.toContain('body[pl]');

    // A real change is still one.
    const edited = structuredClone(written);
    edited.content[0].content[0].text = 'Wielkie derby';
    expect((await api.patch(`/api/v3/articles/${id}?locale=pl`, { data: { type: 'articles', id, attributes: { body: edited } } })).status).toBe(200);
    expect((await changesOf('articles', id)).at(-1)).toHaveProperty(['body[pl]']);
  });

  it("a component's settings read back equal as data, and rewriting them in another key order records no change", async () => {
    const settings = { format: 'rich', body: written };
    const created = await api.post('/api/v3/components', {
      data: { type: 'components', attributes: { kind: 'text', index: 0, settings }, relationships: { page: { data: { type: 'pages', id: pageId } } } },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.data.id as string;
    // As the server keeps it (its links get target and rel), read back the same.
    const stored = created.body.data.attributes.settings;
    expect(stored.body.content[1].content[0].text).toBe('Gol w ');
    const read = (await api.get(`/api/v3/components/${id}`)).body.data.attributes.settings;
    expect(read).toEqual(stored);

    const before = (await changesOf('components', id)).length;
    const again = await api.patch(`/api/v3/components/${id}`, { data: { type: 'components', id, attributes: { settings: reversedKeys(read) } } });
    expect(again.status, again.text).toBe(200);
    expect(again.body.data.attributes.settings).toEqual(stored);
    const history = await changesOf('components', id);
    expect(history.slice(before).flatMap((c) => Object.keys(c))).not.toContain('settings');
  });

  it("the client's settings sent again in another key order record no change", async () => {
    const settings = { interface_languages: ['pl', 'en'], default_language: 'pl', comment_moderation: 'pre' };
    const count = async () => (await api.get('/api/v3/audit_events?filter[resource_type]=client&page[size]=1')).body.meta.total as number;
    expect((await api.patch('/api/v3/client', { data: { type: 'clients', attributes: { settings } } })).status).toBe(200);
    const before = await count();
    const again = await api.patch('/api/v3/client', { data: { type: 'clients', attributes: { settings: reversedKeys(settings) } } });
    expect(again.status, again.text).toBe(200);
    expect(again.body.data.attributes.settings).toMatchObject(settings);
    const events = await api.get(`/api/v3/audit_events?filter[resource_type]=client&sort=-id&page[size]=${Math.max(1, (await count()) - before)}`);
    const added = (await count()) > before ? events.body.data.map((e: any) => e.attributes.changes) : [];
    expect(added.flatMap((c: Record<string, unknown>) => Object.keys(c))).not.toContain('settings');
  });
});
