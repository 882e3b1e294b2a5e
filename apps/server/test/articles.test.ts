import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { richTextFromParagraphs } from '@umpire/schema';
import { EMBED_GRACE_MS } from '../src/content/article-components';
import { richTextToHtml } from '../src/content/rich-text-html';
import { ManualClock } from '../src/jobs/clock';
import { startTestServer, type TestServer } from './support/test-server';

let api: TestServer;
let category: string;
let otherCategory: string;
let tags: string[];
let image: string;
let venue: string;

beforeAll(async () => {
  api = await startTestServer();
  category = (await api.post('/api/v3/publication_categories', { data: { type: 'publication_categories', attributes: { name: 'Wiadomości testowe' } } })).body.data.id;
  tags = [];
  for (const name of ['Derby testowe', 'Transfery testowe'])
    tags.push((await api.post('/api/v3/tags', { data: { type: 'tags', attributes: { name } } })).body.data.id);
  image = (await api.get('/api/v3/images?page[size]=1')).body.data[0].id;
  venue = (await api.get('/api/v3/venues?page[size]=1')).body.data[0].id;
  const other = await api.token('other-admin');
  otherCategory = (await api.post('/api/v3/publication_categories', { data: { type: 'publication_categories', attributes: { name: 'Cudza kategoria' } } }, { token: other })).body.data.id;
});
afterAll(() => api?.close());

const body = (text: string) => richTextFromParagraphs([text]);
let serial = 0;

function articleBody(attributes: Record<string, unknown>, relationships: Record<string, unknown> = {}, id?: string) {
  return { data: { type: 'articles', ...(id ? { id } : {}), attributes, relationships } };
}

async function createArticle(title = 'Lech wygrywa derby', extra: Record<string, unknown> = {}) {
  const res = await api.post(
    '/api/v3/articles?include=tags',
    articleBody(
      { title, lead: 'Emocje do ostatniej minuty.', slug: `lech-wygrywa-derby-${++serial}`, body: body('Gospodarze strzelili w doliczonym czasie.'), ...extra },
      {
        image: { data: { type: 'images', id: image } },
        publication_category: { data: { type: 'publication_categories', id: category } },
        venue: { data: { type: 'venues', id: venue } },
        tags: { data: tags.map((id) => ({ type: 'tags', id })) },
      },
    ),
  );
  expect(res.status, res.text).toBe(201);
  return res.body;
}

describe('demo articles', () => {
  it('has twenty in Polish, half in English, some scheduled with their jobs waiting', async () => {
    const all = await api.get('/api/v3/articles?page[size]=100&filter[created_at][lte]=' + new Date().toISOString());
    const demo = all.body.data.filter((a: any) => !a.attributes.title?.includes('test'));
    expect(demo.length).toBeGreaterThanOrEqual(20);
    expect((await api.get('/api/v3/articles?filter[locale]=pl&page[size]=1')).body.meta.total).toBeGreaterThanOrEqual(20);
    expect((await api.get('/api/v3/articles?filter[locale]=en&page[size]=1')).body.meta.total).toBeGreaterThanOrEqual(10);
    const scheduled = demo.filter((a: any) => a.attributes.status === 'published' && Date.parse(a.attributes.publish_from) > Date.now());
    expect(scheduled.length).toBeGreaterThanOrEqual(3);
    expect(scheduled.every((a: any) => a.attributes.visible === false && a.relationships.image.data && a.relationships.publication_category.data)).toBe(true);
    const jobs = await api.server.database.db.selectFrom('jobs').select('key').where('kind', '=', 'publication.boundary').where('status', '=', 'not_started').execute();
    for (const a of scheduled) expect(jobs.map((j) => j.key)).toContain(`publication:articles:${a.id}:pl`);
    const pub = await api.get('/public/v1/articles?client=ekstraklasa-demo&locale=pl&page[size]=100', { token: null });
    expect(pub.body.meta.total).toBeGreaterThanOrEqual(14);
  });
});

describe('articles with translations per locale', () => {
  it('creates an article in Polish with its image, category, venue and tags', async () => {
    const doc = await createArticle();
    const a = doc.data;
    expect(a.attributes).toMatchObject({ locale: 'pl', title: 'Lech wygrywa derby', status: 'draft', available_translations: ['pl'], visible: false });
    expect(a.attributes.translations_updated_at.pl).toEqual(expect.any(String));
    expect(a.relationships.publication_category.data).toEqual({ type: 'publication_categories', id: category });
    expect(a.relationships.tags.data.map((t: any) => t.id).sort()).toEqual([...tags].sort());
    expect(doc.included.map((t: any) => t.type)).toEqual(['tags', 'tags']);
  });

  it('adds, reads, and deletes a translation by locale; the record stays with an empty list', async () => {
    const id = (await createArticle('Tłumaczenie')).data.id;
    const en = await api.patch(`/api/v3/articles/${id}?locale=en`, articleBody({ title: 'Lech win the derby', body: body('The hosts scored in stoppage time.') }, {}, id));
    expect(en.status, en.text).toBe(200);
    expect(en.body.data.attributes).toMatchObject({ locale: 'en', title: 'Lech win the derby', available_translations: ['pl', 'en'] });

    const pl = await api.get(`/api/v3/articles/${id}?locale=pl`);
    expect(pl.body.data.attributes).toMatchObject({ locale: 'pl', title: 'Tłumaczenie', available_translations: ['pl', 'en'] });
    expect((await api.get(`/api/v3/articles/${id}?locale=en`)).body.data.attributes.title).toBe('Lech win the derby');
    // The locale may also be named in the body.
    const viaBody = await api.patch(`/api/v3/articles/${id}`, articleBody({ locale: 'en', lead: 'Drama to the end.' }, {}, id));
    expect(viaBody.body.data.attributes).toMatchObject({ locale: 'en', title: 'Lech win the derby', lead: 'Drama to the end.' });
    expect((await api.get(`/api/v3/articles/${id}?locale=pl`)).body.data.attributes.lead).toBe('Emocje do ostatniej minuty.');

    expect((await api.get(`/api/v3/articles?filter[locale]=en&filter[id]=${id}`)).body.meta.total).toBe(1);
    expect((await api.delete(`/api/v3/articles/${id}?locale=en`)).status).toBe(204);
    const afterEn = await api.get(`/api/v3/articles/${id}`);
    expect(afterEn.body.data.attributes).toMatchObject({ locale: 'pl', available_translations: ['pl'] });
    expect((await api.get(`/api/v3/articles?filter[locale]=en&filter[id]=${id}`)).body.meta.total).toBe(0);
    expect((await api.delete(`/api/v3/articles/${id}?locale=en`)).status).toBe(404);

    expect((await api.delete(`/api/v3/articles/${id}?locale=pl`)).status).toBe(204);
    const empty = await api.get(`/api/v3/articles/${id}`);
    expect(empty.status).toBe(200);
    expect(empty.body.data.attributes).toMatchObject({ locale: null, title: null, available_translations: [] });

    // The history names the locale of each change.
    const history = await api.get(`/api/v3/audit_events?filter[resource_type]=articles&filter[resource_id]=${id}&sort=id&page[size]=20`);
    const keys = history.body.data.flatMap((e: any) => Object.keys(e.attributes.changes));
    expect(keys).toEqual(expect.arrayContaining(['title[pl]', 'title[en]', 'lead[en]']));

    expect((await api.delete(`/api/v3/articles/${id}`)).status).toBe(204);
    expect((await api.get(`/api/v3/articles/${id}`)).status).toBe(404);
  });

  it('needs a title for a new translation and knows only its locales', async () => {
    const id = (await createArticle('Języki')).data.id;
    const noTitle = await api.patch(`/api/v3/articles/${id}?locale=en`, articleBody({ lead: 'Only a lead' }, {}, id));
    expect(noTitle.status).toBe(422);
    expect(noTitle.body.errors[0]).toMatchObject({ code: 'required', source: { pointer: '/data/attributes/title' } });

    const param = await api.get(`/api/v3/articles/${id}?locale=de`);
    expect(param.status).toBe(400);
    expect(param.body.errors[0].source).toEqual({ parameter: 'locale' });
    expect((await api.delete(`/api/v3/articles/${id}?locale=de`)).status).toBe(400);
    expect((await api.get('/api/v3/articles?filter[locale]=xx')).status).toBe(400);

    const attr = await api.patch(`/api/v3/articles/${id}`, articleBody({ locale: 'de', title: 'Deutsch' }, {}, id));
    expect(attr.status).toBe(422);
    expect(attr.body.errors[0]).toMatchObject({ code: 'unknownLocale', source: { pointer: '/data/attributes/locale' } });
    expect((await api.get(`/api/v3/articles/${id}`)).body.data.attributes.available_translations).toEqual(['pl']);
  });

  it('finds articles by words of their translations and filters by status and category', async () => {
    const id = (await createArticle('Żółta kartka dla bramkarza')).data.id;
    const found = await api.get('/api/v3/articles?filter[q]=zolta bramkarz');
    expect(found.body.data.map((a: any) => a.id)).toContain(id);
    expect((await api.get('/api/v3/articles?filter[q]=nieistniejacesłowo')).body.meta.total).toBe(0);
    const filtered = await api.get(`/api/v3/articles?filter[status]=draft&filter[publication_category]=${category}&sort=-updated_at`);
    expect(filtered.status).toBe(200);
    expect(filtered.body.data.map((a: any) => a.id)).toContain(id);
    const byTag = await api.get(`/api/v3/articles?filter[tags]=${tags[0]}&page[size]=100`);
    expect(byTag.body.data.map((a: any) => a.id)).toContain(id);
    const otherTag = (await api.post('/api/v3/tags', { data: { type: 'tags', attributes: { name: 'Nieużywany tag' } } })).body.data.id;
    expect((await api.get(`/api/v3/articles?filter[tags]=${otherTag}`)).body.meta.total).toBe(0);
    expect((await api.get('/api/v3/articles?filter[tags]=abc')).status).toBe(400);
  });

  it('refuses a stale save with 409', async () => {
    const a = (await createArticle('Stara wersja')).data;
    const first = await api.patch(`/api/v3/articles/${a.id}?locale=pl`, { data: { type: 'articles', id: a.id, attributes: { title: 'Nowa' }, meta: { updated_at: a.attributes.updated_at } } });
    expect(first.status).toBe(200);
    const stale = await api.patch(`/api/v3/articles/${a.id}?locale=pl`, { data: { type: 'articles', id: a.id, attributes: { title: 'Spóźniona' }, meta: { updated_at: a.attributes.updated_at } } });
    expect(stale.status).toBe(409);
    expect(stale.body.errors[0].code).toBe('staleRecord');
  });
});

describe('bad input leaves nothing changed', () => {
  it('refuses HTML and scripts in the body, as a string or as a node, and unsafe links', async () => {
    const a = (await createArticle('Bezpieczna treść')).data;
    const attempts: [unknown, string][] = [
      ['<p>Hi</p><script>alert(1)</script>', 'unsafeRichText'],
      [{ type: 'doc', content: [{ type: 'html', content: [{ type: 'text', text: '<script>alert(1)</script>' }] }] }, 'unsafeRichText'],
      [{ type: 'doc', content: [{ type: 'script', attrs: { src: 'https://evil.example/x.js' } }] }, 'unsafeRichText'],
      [{ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x <script>alert(1)</script>' }] }] }, 'unsafeRichText'],
      [{ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'klik', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] }] }] }, 'unsafeRichText'],
      [{ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'klik', marks: [{ type: 'link', attrs: { href: 'ftp://example.com' } }] }] }] }, 'invalidRichText'],
      [{ type: 'doc', content: [{ type: 'embed', attrs: { kind: 'iframe', component_id: '1' } }] }, 'invalidRichText'],
      [{ type: 'doc', content: [{ type: 'embed', attrs: { kind: 'image' } }] }, 'invalidRichText'],
      [{ type: 'doc', content: [{ type: 'embed', attrs: { kind: 'image', component_id: '999999' } }] }, 'embedNotInArticle'],
    ];
    for (const [value, code] of attempts) {
      const res = await api.patch(`/api/v3/articles/${a.id}?locale=pl`, articleBody({ title: 'Zmieniony', body: value }, {}, a.id));
      expect(res.status, JSON.stringify(value)).toBe(422);
      expect(res.body.errors[0].code).toBe(code);
      expect(res.body.errors[0].source.pointer).toMatch(/^\/data\/attributes\/body/);
    }
    const after = (await api.get(`/api/v3/articles/${a.id}`)).body.data;
    expect(after.attributes.title).toBe('Bezpieczna treść');
    expect(after.attributes.body).toEqual(a.attributes.body);
    expect(after.attributes.updated_at).toBe(a.attributes.updated_at);
  });

  it('keeps only known attributes of nodes (an onclick, an embed\'s settings are dropped)', async () => {
    const res = await createArticle('Czyszczenie', {
      body: {
        type: 'doc',
        content: [
          { type: 'paragraph', attrs: { onclick: 'alert(1)', style: 'x' }, content: [{ type: 'text', text: 'Tekst', marks: [{ type: 'bold' }, { type: 'link', attrs: { href: 'https://ekstraklasa.org', onmouseover: 'x' } }] }] },
          { type: 'heading', attrs: { level: 2, id: 'h' }, content: [{ type: 'text', text: 'Nagłówek' }] },
        ],
      },
    });
    expect(res.data.attributes.body).toEqual({
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'Tekst', marks: [{ type: 'bold' }, { type: 'link', attrs: { href: 'https://ekstraklasa.org' } }] }] },
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Nagłówek' }] },
      ],
    });
  });

  it('refuses a window that ends before it starts, and a date without its hour', async () => {
    const a = (await createArticle('Okno')).data;
    const order = await api.patch(`/api/v3/articles/${a.id}?locale=pl`, articleBody({ publish_from: '2026-06-02T10:00:00Z', publish_until: '2026-06-01T10:00:00Z' }, {}, a.id));
    expect(order.status).toBe(422);
    expect(order.body.errors[0]).toMatchObject({ code: 'publicationWindowOrder', source: { pointer: '/data/attributes/publish_until' } });
    const noHour = await api.patch(`/api/v3/articles/${a.id}?locale=pl`, articleBody({ publish_from: '2026-06-02' }, {}, a.id), { headers: { 'accept-language': 'pl' } });
    expect(noHour.status).toBe(422);
    expect(noHour.body.errors[0]).toMatchObject({ code: 'publicationDateWithoutHour', source: { pointer: '/data/attributes/publish_from' } });
    expect(noHour.body.errors[0].detail).toContain('godzin');
    const en = await api.patch(`/api/v3/articles/${a.id}?locale=pl`, articleBody({ publish_until: '01.06.2026' }, {}, a.id));
    expect(en.body.errors[0].detail).toContain('hour');
    const after = (await api.get(`/api/v3/articles/${a.id}`)).body.data.attributes;
    expect(after).toMatchObject({ publish_from: null, publish_until: null, updated_at: a.attributes.updated_at });
  });

  it("refuses a link to another client's category as if it did not exist", async () => {
    const a = (await createArticle('Cudze')).data;
    const res = await api.patch(`/api/v3/articles/${a.id}`, articleBody({}, { publication_category: { data: { type: 'publication_categories', id: otherCategory } } }, a.id));
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ code: 'notFound', source: { pointer: '/data/relationships/publication_category/data/id' } });
    expect((await api.get(`/api/v3/articles/${a.id}`)).body.data.relationships.publication_category.data.id).toBe(category);
    // The other client does not see this client's articles either.
    expect((await api.get(`/api/v3/articles/${a.id}`, { token: await api.token('other-admin') })).status).toBe(404);
  });
});

describe('preview of a draft and the public list', () => {
  it('gives a signed link that shows the draft without sign-in; a tampered one is refused', async () => {
    const a = (await createArticle('Szkic <b>pogrubiony</b>?', { body: body('Tekst z <3 i & znakami') })).data;
    const link = await api.post(`/api/v3/articles/${a.id}/preview_link?locale=pl`, {});
    expect(link.status).toBe(201);
    const url = new URL(link.body.data.attributes.url);
    expect(Date.parse(link.body.data.attributes.expires_at) - Date.now()).toBeGreaterThan(50 * 60_000);
    const preview = await api.get(url.pathname, { token: null });
    expect(preview.status).toBe(200);
    expect(preview.body.data.attributes.title).toBe('Szkic <b>pogrubiony</b>?');
    expect(preview.body.data.attributes.body_html).toBe('<p>Tekst z &lt;3 i &amp; znakami</p>');
    const token = link.body.data.attributes.token as string;
    const tampered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    const bad = await api.get(`/public/v1/article_previews/${tampered}`, { token: null });
    expect(bad.status).toBe(404);
    expect(bad.body.errors[0].code).toBe('previewInvalid');
    const forged = Buffer.from(JSON.stringify({ c: 1, a: Number(a.id), l: 'pl', e: 9999999999 })).toString('base64url') + '.' + token.split('.')[1];
    expect((await api.get(`/public/v1/article_previews/${forged}`, { token: null })).status).toBe(404);
    // Making a link needs the right to edit articles.
    expect((await api.post(`/api/v3/articles/${a.id}/preview_link`, {}, { token: await api.token('viewer') })).status).toBe(403);
  });

  it('lists only what is published now, per locale', async () => {
    const now = Date.now();
    const live = (await createArticle('Opublikowany', { publish_from: new Date(now - 3600_000).toISOString() })).data;
    const draft = (await createArticle('Nadal szkic')).data;
    const later = (await createArticle('Na jutro', { publish_from: new Date(now + 86_400_000).toISOString() })).data;
    for (const a of [live, later])
      expect((await api.patch(`/api/v3/articles/${a.id}`, articleBody({ status: 'published' }, {}, a.id))).status).toBe(200);
    const list = await api.get('/public/v1/articles?client=ekstraklasa-demo&locale=pl&page[size]=100', { token: null });
    expect(list.status).toBe(200);
    const ids = list.body.data.map((x: any) => x.id);
    expect(ids).toContain(live.id);
    expect(ids).not.toContain(draft.id);
    expect(ids).not.toContain(later.id);
    const item = list.body.data.find((x: any) => x.id === live.id);
    expect(item.attributes).toMatchObject({ locale: 'pl', title: 'Opublikowany', publication_category: { name: 'Wiadomości testowe' } });
    expect(item.attributes.tags.map((t: any) => t.name)).toEqual(['Derby testowe', 'Transfery testowe']);
    expect((await api.get('/public/v1/articles?client=ekstraklasa-demo&locale=en', { token: null })).body.data.map((x: any) => x.id)).not.toContain(live.id);
    expect((await api.get('/public/v1/articles?client=nobody', { token: null })).status).toBe(400);
    expect((await api.get('/public/v1/articles?client=ekstraklasa-demo&locale=fr', { token: null })).status).toBe(400);
    // Another league's list does not hold this one's articles.
    expect((await api.get('/public/v1/articles?client=other-league', { token: null })).body.data.map((x: any) => x.id)).not.toContain(live.id);
  });
});

describe('components embedded in the text', () => {
  const embed = (kind: string, id: string) => ({ type: 'embed', attrs: { kind, component_id: id } });
  const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
  const addComponent = (articleId: string, kind: string, relationships: Record<string, unknown>, settings: Record<string, unknown> = {}) =>
    api.post('/api/v3/components', { data: { type: 'components', attributes: { kind, index: 0, settings }, relationships: { article: { data: { type: 'articles', id: articleId } }, ...relationships } } });

  it('embeds the article\'s own image and gallery, shows them resolved to fans, and deletes those no text embeds any more', async () => {
    const a = (await createArticle('Z galerią', { slug: 'z-galeria', publish_from: new Date(Date.now() - 3600_000).toISOString() })).data;
    const img = { data: { type: 'images', id: image } };
    const picture = await addComponent(a.id, 'image', { image: img }, { caption: 'Kibice na trybunach' });
    expect(picture.status, JSON.stringify(picture.body)).toBe(201);
    expect(picture.body.data.attributes).toMatchObject({ owner_type: 'article', owner_id: a.id });
    const gallery = await addComponent(a.id, 'gallery', { images: { data: [img.data] } }, { title: 'Galeria meczu' });
    expect(gallery.status, JSON.stringify(gallery.body)).toBe(201);
    // A kind articles may not hold is refused by the same declaration as on pages.
    const banner = await addComponent(a.id, 'advertisement', {});
    expect(banner.status).toBe(422);
    expect(banner.body.errors[0].meta.key).toBe('componentKindNotAllowed');
    // The text must name the component with its own kind.
    const wrongKind = await api.patch(`/api/v3/articles/${a.id}`, articleBody({ body: { type: 'doc', content: [embed('gallery', picture.body.data.id)] } }, {}, a.id));
    expect(wrongKind.status).toBe(422);
    expect(wrongKind.body.errors[0]).toMatchObject({ code: 'embedNotInArticle', source: { pointer: '/data/attributes/body' } });
    const other = (await createArticle('Cudzy komponent')).data;
    const foreign = await api.patch(`/api/v3/articles/${other.id}`, articleBody({ body: { type: 'doc', content: [embed('image', picture.body.data.id)] } }, {}, other.id));
    expect(foreign.status).toBe(422);

    const body = { type: 'doc', content: [paragraph('Przed zdjęciem.'), embed('image', picture.body.data.id), paragraph('Po zdjęciu.'), embed('gallery', gallery.body.data.id)] };
    expect((await api.patch(`/api/v3/articles/${a.id}`, articleBody({ body, status: 'published' }, {}, a.id))).status).toBe(200);
    const read = await api.get('/public/v1/articles/z-galeria?client=ekstraklasa-demo', { token: null });
    expect(read.status).toBe(200);
    expect(read.body.data.relationships.components.data).toEqual([
      { type: 'components', id: picture.body.data.id },
      { type: 'components', id: gallery.body.data.id },
    ]);
    const included = read.body.included.find((i: any) => i.type === 'components' && i.id === picture.body.data.id);
    expect(included.attributes.settings.caption).toBe('Kibice na trybunach');
    expect(read.body.included.some((i: any) => i.type === 'images' && i.id === image)).toBe(true);
    expect(read.body.data.attributes.body_html).toContain(`data-component-id="${picture.body.data.id}"`);
    // The image is now used by the article: deleting it is refused, naming the article.
    const refused = await api.delete(`/api/v3/images/${image}`);
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0].detail).toContain('Z galerią');

    // The gallery leaves the text: once saved, its component is gone; the picture stays.
    const shorter = { type: 'doc', content: [paragraph('Przed zdjęciem.'), embed('image', picture.body.data.id)] };
    expect((await api.patch(`/api/v3/articles/${a.id}`, articleBody({ body: shorter }, {}, a.id))).status).toBe(200);
    expect((await api.get(`/api/v3/components/${gallery.body.data.id}`)).status).toBe(404);
    expect((await api.get(`/api/v3/components/${picture.body.data.id}`)).status).toBe(200);
    // Deleting the article deletes its components.
    expect((await api.delete(`/api/v3/articles/${a.id}`)).status).toBe(204);
    expect((await api.get(`/api/v3/components/${picture.body.data.id}`)).status).toBe(404);
  });
});

describe('embedding a gallery or a video', () => {
  const component = (articleId: string, kind: string, relationships: Record<string, unknown>, token?: string) =>
    api.post('/api/v3/components', { data: { type: 'components', attributes: { kind, index: 0, settings: {} }, relationships: { article: { data: { type: 'articles', id: articleId } }, ...relationships } } }, token ? { token } : {});
  const owned = async (articleId: string, token?: string) =>
    (await api.get(`/api/v3/components?filter[owner_type]=article&filter[owner_id]=${articleId}`, token ? { token } : {})).body.data.length as number;

  it('makes a gallery of several images and a video of the league, with their links', async () => {
    const a = (await createArticle('Galeria i wideo')).data;
    const images = (await api.get('/api/v3/images?page[size]=3')).body.data.map((i: any) => ({ type: 'images', id: i.id }));
    expect(images.length).toBeGreaterThan(1);
    const gallery = await component(a.id, 'gallery', { images: { data: images } });
    expect(gallery.status, gallery.text).toBe(201);
    expect(gallery.body.data.relationships.images.data).toEqual(images);
    const video = (await api.get('/api/v3/videos?page[size]=1')).body.data[0];
    const clip = await component(a.id, 'video', { video: { data: { type: 'videos', id: video.id } } });
    expect(clip.status, clip.text).toBe(201);
    // What the editor's card reads: the video with its poster.
    const read = await api.get(`/api/v3/components/${clip.body.data.id}?include=video.poster`);
    expect(read.status, read.text).toBe(200);
    expect(read.body.included.map((i: any) => i.type).sort()).toEqual(['images', 'videos']);
    // A gallery needs images, a video its video.
    for (const [kind, relationships, pointer] of [
      ['gallery', { images: { data: [] } }, '/data/relationships/images'],
      ['video', {}, '/data/relationships/video'],
    ] as const) {
      const empty = await component(a.id, kind, relationships);
      expect(empty.status).toBe(422);
      expect(empty.body.errors[0].source.pointer).toContain(pointer);
    }
  });

  it("refuses another league's images or video and changes nothing", async () => {
    const other = await api.token('other-admin');
    const theirs = await api.post('/api/v3/articles', articleBody({ title: 'Cudza galeria' }), { token: other });
    expect(theirs.status, theirs.text).toBe(201);
    const articleId = theirs.body.data.id;
    const ours = (await api.get('/api/v3/images?page[size]=2')).body.data.map((i: any) => ({ type: 'images', id: i.id }));
    const gallery = await component(articleId, 'gallery', { images: { data: ours } }, other);
    expect(gallery.status).toBe(422);
    expect(gallery.body.errors[0]).toMatchObject({ status: '422', source: { pointer: '/data/relationships/images/data/0/id' }, meta: { key: 'notFound' } });
    expect(gallery.body.errors[0].detail).toEqual(expect.any(String));
    const video = (await api.get('/api/v3/videos?page[size]=1')).body.data[0];
    const clip = await component(articleId, 'video', { video: { data: { type: 'videos', id: video.id } } }, other);
    expect(clip.status).toBe(422);
    expect(clip.body.errors[0]).toMatchObject({ source: { pointer: '/data/relationships/video/data/id' }, meta: { key: 'notFound' } });
    expect(await owned(articleId, other)).toBe(0);
    // Nor may one league embed in another's article, even its own images.
    const ourArticle = (await createArticle('Nasza galeria')).data;
    const intoOurs = await component(ourArticle.id, 'gallery', { images: { data: ours } }, other);
    expect(intoOurs.status).toBe(422);
    expect(await owned(ourArticle.id)).toBe(0);
  });
});

describe('an embed inserted in the editor and not saved yet', () => {
  // A server of its own, whose clock the test moves past the grace period.
  const clock = new ManualClock(Date.now());
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({}, {}, { clock });
  });
  afterAll(() => server?.close());
  const save = (id: string, locale: string, attributes: Record<string, unknown>) =>
    server.patch(`/api/v3/articles/${id}?locale=${locale}`, articleBody(attributes, {}, id));

  it('survives a save of the other language; one never saved is swept once older than the grace period', async () => {
    const created = await server.post('/api/v3/articles?locale=pl', articleBody({ title: 'Wyścig', body: body('Tekst.') }));
    expect(created.status, created.text).toBe(201);
    const id = created.body.data.id;
    expect((await save(id, 'en', { title: 'Race', body: body('Text.') })).status).toBe(200);
    const picture = (await server.get('/api/v3/images?page[size]=1')).body.data[0].id;
    // Inserted in the Polish editor: the component exists, the Polish text naming it is not saved yet.
    const embedded = await server.post('/api/v3/components', {
      data: { type: 'components', attributes: { kind: 'image', index: 0, settings: {} }, relationships: { article: { data: { type: 'articles', id } }, image: { data: { type: 'images', id: picture } } } },
    });
    expect(embedded.status, embedded.text).toBe(201);
    const componentId = embedded.body.data.id;
    // The server's clock at the wall clock's time, so the component is not younger than "now".
    clock.set(Date.now());
    expect((await save(id, 'en', { lead: 'Saved meanwhile.' })).status).toBe(200);
    expect((await server.get(`/api/v3/components/${componentId}`)).status).toBe(200);
    // The Polish text is saved with it: accepted.
    const withEmbed = { type: 'doc', content: [{ type: 'embed', attrs: { kind: 'image', component_id: componentId } }] };
    expect((await save(id, 'pl', { body: withEmbed })).status).toBe(200);

    // Another one inserted and abandoned (the tab closed): kept within the grace period, then swept.
    const abandoned = await server.post('/api/v3/components', {
      data: { type: 'components', attributes: { kind: 'image', index: 0, settings: {} }, relationships: { article: { data: { type: 'articles', id } }, image: { data: { type: 'images', id: picture } } } },
    });
    expect(abandoned.status).toBe(201);
    clock.set(Date.now());
    clock.advance(EMBED_GRACE_MS - 60_000);
    expect((await save(id, 'en', { lead: 'Almost a day later.' })).status).toBe(200);
    expect((await server.get(`/api/v3/components/${abandoned.body.data.id}`)).status).toBe(200);
    clock.advance(2 * 60_000);
    expect((await save(id, 'en', { lead: 'A day later.' })).status).toBe(200);
    expect((await server.get(`/api/v3/components/${abandoned.body.data.id}`)).status).toBe(404);
    // The embedded one is in the Polish text: it stays, however old.
    expect((await server.get(`/api/v3/components/${componentId}`)).status).toBe(200);
  });
});

describe('slugs and the public read of one article', () => {
  it('keeps a slug to one article per locale, and lets another locale or league use it', async () => {
    const first = (await createArticle('Pierwszy ze slugiem', { slug: 'jeden-adres' })).data;
    const clash = await api.post('/api/v3/articles', articleBody({ title: 'Drugi ze slugiem', slug: 'jeden-adres' }));
    expect(clash.status).toBe(422);
    expect(clash.body.errors[0]).toMatchObject({ status: '422', source: { pointer: '/data/attributes/slug' }, meta: { key: 'unique' } });
    // The same article may keep its own slug, and its English translation may use it too.
    expect((await api.patch(`/api/v3/articles/${first.id}`, articleBody({ slug: 'jeden-adres', lead: 'Nowy lead.' }, {}, first.id))).status).toBe(200);
    expect((await api.patch(`/api/v3/articles/${first.id}?locale=en`, articleBody({ title: 'First', slug: 'jeden-adres' }, {}, first.id))).status).toBe(200);
    const other = await api.post('/api/v3/articles', articleBody({ title: 'Inna liga', slug: 'jeden-adres' }), { token: await api.token('other-admin') });
    expect(other.status, JSON.stringify(other.body)).toBe(201);
  });

  it('reads one published article by id or slug, with a self link that works, and 404 for a draft', async () => {
    const live = (await createArticle('Czytany pojedynczo', { slug: 'czytany-pojedynczo', publish_from: new Date(Date.now() - 3600_000).toISOString() })).data;
    expect((await api.patch(`/api/v3/articles/${live.id}`, articleBody({ status: 'published' }, {}, live.id))).status).toBe(200);
    const bySlug = await api.get('/public/v1/articles/czytany-pojedynczo?client=ekstraklasa-demo&locale=pl', { token: null });
    expect(bySlug.status).toBe(200);
    expect(bySlug.body.data).toMatchObject({ id: live.id, attributes: { title: 'Czytany pojedynczo', locale: 'pl' } });
    expect(bySlug.body.data.attributes.body_html).toContain('Gospodarze strzelili');
    const self = new URL(bySlug.body.data.links.self);
    const byId = await api.get(self.pathname + self.search, { token: null });
    expect(byId.status).toBe(200);
    expect(byId.body.data.id).toBe(live.id);
    const draft = (await createArticle('Szkic pojedynczy', { slug: 'szkic-pojedynczy' })).data;
    const hidden = await api.get('/public/v1/articles/szkic-pojedynczy?client=ekstraklasa-demo', { token: null });
    expect(hidden.status).toBe(404);
    expect(hidden.body.errors[0]).toMatchObject({ status: '404', meta: { key: 'notFound' } });
    expect((await api.get(`/public/v1/articles/${draft.id}?client=ekstraklasa-demo`, { token: null })).status).toBe(404);
    expect((await api.get('/public/v1/articles/czytany-pojedynczo?client=ekstraklasa-demo&locale=en', { token: null })).status).toBe(404);
    expect((await api.get('/public/v1/articles/czytany-pojedynczo?client=other-league', { token: null })).status).toBe(404);
    expect((await api.get('/public/v1/articles/czytany-pojedynczo', { token: null })).status).toBe(400);
  });
});

describe('rich text to HTML', () => {
  it('escapes every text and attribute and writes only safe links', () => {
    const html = richTextToHtml({
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: '<img src=x onerror=alert(1)>' }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'a', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] }, { type: 'text', text: 'b', marks: [{ type: 'link', attrs: { href: 'https://x.pl/?a="b"' } }] }] },
        { type: 'script', content: [{ type: 'text', text: 'alert(1)' }] },
        { type: 'embed', attrs: { kind: 'quiz', component_id: '"><script>' } },
      ],
    });
    expect(html).toBe(
      '<p>&lt;img src=x onerror=alert(1)&gt;</p><p>a<a href="https://x.pl/?a=&quot;b&quot;" rel="noopener noreferrer nofollow">b</a></p>' +
        '<div class="umpire-embed" data-kind="quiz" data-component-id="&quot;&gt;&lt;script&gt;"></div>',
    );
  });
});
