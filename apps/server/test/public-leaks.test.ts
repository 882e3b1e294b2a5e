import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toDb } from '../src/db/values';
import { addLibraryFile, clientIdOf, makeVideo } from './support/library';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * The leak crawler (issue 38, point 3): what must never be public is seeded (drafts, scheduled and
 * expired pages and articles with components linking pictures, videos, quizzes and surveys; an
 * article only in Polish; paid events with their sources and outputs; inactive sponsors and
 * products; unpublished quizzes and draft surveys; hidden comments and comments of an article taken
 * down; another league's data), then every route of /public/v1/openapi.json, every page, article
 * and include, every fieldset and sort, the website's pages, the API reference and the content routes are walked. Any
 * id, path or text of a non-public record anywhere in an answer (data, included, relationships,
 * links, meta, errors, HTML) fails, and so does any byte of one served. The check is on what comes
 * back, not on attribute names: a new route, type or include is walked without anyone adding it here.
 */
const CLIENT = 'ekstraklasa-demo';
const q = `client=${CLIENT}`;
const LOCALES = ['pl', 'en'] as const;

type Locale = (typeof LOCALES)[number];

/** What must not be seen: texts (markers, paths, slugs) and records, some only by readers of one locale. */
class Secrets {
  readonly texts = new Map<string, string>();
  readonly records = new Map<string, string>();
  /** Secret to readers of this locale only (an article only in Polish, for English readers). */
  readonly textsFor = new Map<Locale, Map<string, string>>();
  readonly recordsFor = new Map<Locale, Map<string, string>>();

  marker(what: string, locale?: Locale): string {
    const value = `sekret${randomBytes(5).toString('hex')}`;
    this.text(value, what, locale);
    return value;
  }

  text(value: string, what: string, locale?: Locale): void {
    if (!locale) this.texts.set(value, what);
    else {
      const map = this.textsFor.get(locale) ?? new Map<string, string>();
      map.set(value, what);
      this.textsFor.set(locale, map);
    }
  }

  record(type: string, id: string, what: string, locale?: Locale): void {
    if (!locale) this.records.set(`${type}:${id}`, what);
    else {
      const map = this.recordsFor.get(locale) ?? new Map<string, string>();
      map.set(`${type}:${id}`, what);
      this.recordsFor.set(locale, map);
    }
  }

  /** What an answer read in `locale` (or in none) shows that it must not. */
  leaksIn(text: string, locale: Locale | null, asked: string): string[] {
    const found: string[] = [];
    const texts = [...this.texts, ...(locale ? (this.textsFor.get(locale) ?? []) : [])];
    // What the reader wrote in the address may come back (a 404 naming the slug asked for).
    for (const [value, what] of texts) if (text.includes(value) && !asked.includes(value)) found.push(`text of ${what} (${value})`);
    if (!text.trimStart().startsWith('{')) return found;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return found;
    }
    const records = new Map([...this.records, ...(locale ? (this.recordsFor.get(locale) ?? []) : [])]);
    const walk = (v: unknown) => {
      if (Array.isArray(v)) return v.forEach(walk);
      if (!v || typeof v !== 'object') return;
      const o = v as Record<string, unknown>;
      if (typeof o.type === 'string' && typeof o.id === 'string') {
        const what = records.get(`${o.type}:${o.id}`);
        if (what) found.push(`${o.type} ${o.id}: ${what}`);
      }
      Object.values(o).forEach(walk);
    };
    walk(parsed);
    return found;
  }
}

/** A filter that searches text (`filter[q]`, `filter[club_search]`), rather than naming values or ids. */
const isTextSearch = (name: string) => /^filter\[(q|[a-z_]+_search)\]$/.test(name);

const later = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().replace(/\.\d{3}Z$/, '.000Z');

describe('the public side leaks nothing that is not public (a crawler)', () => {
  let api: TestServer;
  const secrets = new Secrets();
  /** Ids that must answer no byte: library videos and paid output. */
  const secretVideos: string[] = [];
  const publicVideos: string[] = [];
  const secretOutputs: { jobId: string; file: string }[] = [];
  /** Slugs of pages and keys of articles to ask for, public or not. */
  const pageSlugs = new Set<string>();
  /** Ids of pages, public or not: the site leads a notification's page by id to its address (issue 41). */
  const pageIds = new Set<string>();
  const articleKeys = new Set<string>();
  /** Records asked at their template's addresses: kind, id and the status expected (null: any, only nothing secret). */
  const templateRecords: [string, string, number | null][] = [];
  const ids = new Map<string, Set<string>>();
  const idsOf = (type: string) => {
    let set = ids.get(type);
    if (!set) ids.set(type, (set = new Set()));
    return set;
  };
  let fanToken = '';
  /** The match the paid events broadcast. */
  let broadcastMatch = '';

  const ok = (res: { status: number; text: string }, what: string, status = 201) => {
    if (res.status !== status) throw new Error(`${what}: ${res.status} ${res.text}`);
    return (res as unknown as { body: any }).body;
  };
  const rel = (type: string, id: string) => ({ data: { type, id } });
  let clipBytes: Promise<Buffer> | null = null;
  const clip = () => (clipBytes ??= makeVideo({ seconds: 1 }));

  async function secretImage(what: string, client: 'demo' | 'other' = 'demo', locale?: Locale): Promise<string> {
    const bytes = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#8e24aa' } }).png().toBuffer();
    const file = await addLibraryFile(api.server, { client, name: `${secrets.marker(`${what}: its file`, locale)}.png`, kind: 'image', bytes, contentType: 'image/png', width: 16, height: 16 });
    const token = client === 'other' ? await api.token('other-admin') : undefined;
    const image = ok(await api.post('/api/v3/images', { data: { type: 'images', attributes: { file_id: file.id, alt_text_pl: secrets.marker(`${what}: alt text`, locale), credit: secrets.marker(`${what}: credit`, locale) } } }, token ? { token } : {}), `image of ${what}`);
    secrets.text(file.imagePath!, `${what}: its path`, locale);
    secrets.record('images', image.data.id, what, locale);
    return image.data.id as string;
  }

  /** A library video whose bytes hold a marker, so that serving any of them shows. */
  async function secretVideo(what: string): Promise<string> {
    const marker = secrets.marker(`${what}: its bytes`);
    // A real clip (the library probes it) with the marker after its last box.
    const bytes = Buffer.concat([await clip(), Buffer.from(marker.repeat(64))]);
    const file = await addLibraryFile(api.server, { name: `${secrets.marker(`${what}: its file`)}.mp4`, kind: 'video', bytes, contentType: 'video/mp4' });
    const video = ok(await api.post('/api/v3/videos', { data: { type: 'videos', attributes: { file_id: file.id, name: secrets.marker(`${what}: name`) } } }), `video of ${what}`);
    secrets.record('videos', video.data.id, what);
    secretVideos.push(video.data.id);
    return video.data.id as string;
  }

  async function publicVideo(): Promise<string> {
    const file = await addLibraryFile(api.server, { name: 'skrot.mp4', kind: 'video', bytes: await clip(), contentType: 'video/mp4' });
    const video = ok(await api.post('/api/v3/videos', { data: { type: 'videos', attributes: { file_id: file.id, name: 'Skrót meczu' } } }), 'a public video');
    publicVideos.push(video.data.id);
    return video.data.id as string;
  }

  async function component(owner: { page?: string; article?: string }, kind: string, settings: Record<string, unknown>, links: Record<string, unknown>, index = 0) {
    const relationships = { ...(owner.page ? { page: rel('pages', owner.page) } : { article: rel('articles', owner.article!) }), ...links };
    return ok(await api.post('/api/v3/components', { data: { type: 'components', attributes: { kind, index, settings }, relationships } }), `${kind} component`).data.id as string;
  }

  /** A quiz nobody may see yet, with its picture and prize. */
  async function unpublishedQuiz(): Promise<string> {
    const image = await secretImage('an unpublished quiz\'s picture');
    const quiz = ok(await api.post('/api/v3/quizzes', { data: { type: 'quizzes', attributes: { title: secrets.marker('an unpublished quiz'), is_published: false }, relationships: { image: rel('images', image) } } }), 'quiz');
    secrets.record('quizzes', quiz.data.id, 'an unpublished quiz');
    const prize = ok(await api.post('/api/v3/quiz_prizes', { data: { type: 'quiz_prizes', attributes: { name: secrets.marker('an unpublished quiz\'s prize'), rank_from: 1, rank_to: 1 }, relationships: { quiz: rel('quizzes', quiz.data.id) } } }), 'prize');
    secrets.record('quiz_prizes', prize.data.id, 'an unpublished quiz\'s prize');
    idsOf('quizzes').add(quiz.data.id);
    return quiz.data.id as string;
  }

  async function draftSurvey(): Promise<string> {
    const survey = ok(await api.post('/api/v3/surveys', { data: { type: 'surveys', attributes: { title: secrets.marker('a draft survey'), description: secrets.marker('a draft survey\'s description') } } }), 'survey');
    secrets.record('surveys', survey.data.id, 'a draft survey');
    const question = ok(await api.post('/api/v3/surveys/questions', { data: { type: 'survey_questions', attributes: { prompt: secrets.marker('a draft survey\'s question') }, relationships: { survey: rel('surveys', survey.data.id) } } }), 'question');
    secrets.record('survey_questions', question.data.id, 'a draft survey\'s question');
    idsOf('surveys').add(survey.data.id);
    return survey.data.id as string;
  }

  /** A page that is not public, with components linking what only it uses. */
  async function hiddenPage(what: string, pageType: string, attributes: Record<string, unknown>): Promise<string> {
    const slug = `${secrets.marker(`${what}: slug`)}-strona`;
    const page = ok(
      await api.post('/api/v3/pages', {
        data: {
          type: 'pages',
          attributes: { title: secrets.marker(`${what}: title`), slug, seo_description: secrets.marker(`${what}: description`), ...attributes },
          relationships: { page_type: rel('page_types', pageType), seo_image: rel('images', await secretImage(`${what}'s SEO picture`)) },
        },
      }),
      what,
    ).data;
    secrets.record('pages', page.id, what);
    pageSlugs.add(slug);
    pageIds.add(String(page.id));
    const owner = { page: page.id as string };
    const parts = [
      await component(owner, 'text', { format: 'plain', body: secrets.marker(`${what}: a text component`) }, {}, 0),
      await component(owner, 'image', { caption: secrets.marker(`${what}: a caption`) }, { image: rel('images', await secretImage(`${what}'s picture`)) }, 1),
      await component(owner, 'video', { title: secrets.marker(`${what}: a video's title`) }, { video: rel('videos', await secretVideo(`${what}'s video`)) }, 2),
      await component(owner, 'gallery', { title: secrets.marker(`${what}: a gallery`) }, { images: { data: [{ type: 'images', id: await secretImage(`${what}'s gallery picture`) }] } }, 3),
      await component(owner, 'quiz', { title: secrets.marker(`${what}: a quiz component`) }, { quiz: rel('quizzes', await unpublishedQuiz()) }, 4),
      await component(owner, 'survey', { title: secrets.marker(`${what}: a survey component`) }, { survey: rel('surveys', await draftSurvey()) }, 5),
    ];
    for (const id of parts) secrets.record('components', id, `${what}'s component`);
    return page.id as string;
  }

  /**
   * An article readers may not see (in `locale` only, when given), with embedded components in its
   * text, renamed once: its first slug is an old address (article_slug_history) that must lead nowhere.
   */
  async function hiddenArticle(what: string, translation: Record<string, unknown>, status: string, locale?: Locale): Promise<string> {
    const slug = `${secrets.marker(`${what}: slug`, locale)}-artykul`;
    const article = ok(
      await api.post('/api/v3/articles', {
        data: {
          type: 'articles',
          attributes: { status, title: secrets.marker(`${what}: title`, locale), lead: secrets.marker(`${what}: lead`, locale), slug, ...translation },
          relationships: { image: rel('images', await secretImage(`${what}'s main picture`, 'demo', locale)) },
        },
      }),
      what,
    ).data;
    secrets.record('articles', article.id, what, locale);
    articleKeys.add(article.id).add(slug);
    const picture = await component({ article: article.id }, 'image', { caption: secrets.marker(`${what}: an embedded caption`, locale) }, { image: rel('images', await secretImage(`${what}'s embedded picture`, 'demo', locale)) });
    secrets.record('components', picture, `${what}'s embedded component`, locale);
    const body = {
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: secrets.marker(`${what}: body`, locale) }] },
        { type: 'embed', attrs: { kind: 'image', component_id: picture } },
      ],
    };
    const renamed = `${secrets.marker(`${what}: its new slug`, locale)}-artykul`;
    articleKeys.add(renamed);
    ok(await api.patch(`/api/v3/articles/${article.id}`, { data: { type: 'articles', id: article.id, attributes: { body, slug: renamed, ...translation } } }), `${what}'s body`, 200);
    return article.id as string;
  }

  beforeAll(async () => {
    api = await startTestServer();
    const token = await api.token('admin');
    const fresh = { headers: { 'cache-control': 'no-cache' }, token };
    const pageType = ok(await api.post('/api/v3/page_types', { data: { type: 'page_types', attributes: { name: 'Strony do sprawdzenia', kind: 'standard', visibility: ['web', 'mobile'] } } }), 'page type').data.id;

    // Pages: a draft, one scheduled for later and one whose window has closed.
    const hiddenPages = {
      'a draft page': await hiddenPage('a draft page', pageType, { status: 'draft' }),
      'a scheduled page': await hiddenPage('a scheduled page', pageType, { status: 'published', published_from: later(30) }),
      'an expired page': await hiddenPage('an expired page', pageType, { status: 'published', published_from: later(-60), published_until: later(-30) }),
    };

    // Articles: a draft, a scheduled and an expired one, and one only in Polish (hidden from English readers).
    await hiddenArticle('a draft article', {}, 'draft');
    await hiddenArticle('a scheduled article', { publish_from: later(30) }, 'published');
    const expired = await hiddenArticle('an expired article', { publish_from: later(-60), publish_until: later(-30) }, 'published');
    await hiddenArticle('an article only in Polish', { publish_from: later(-1) }, 'published', 'en');

    // Paid events: their source videos (one of them also placed on a published page) and their output.
    // Both broadcast a match, so its events list and its match centre on the website show them.
    const paidSource = await secretVideo('a pay-per-view event\'s source');
    const subscriptionSource = await secretVideo('a subscription event\'s source');
    broadcastMatch = (await api.get(`/public/v1/matches?${q}&sort=-kickoff_at&page[size]=1`, { token: null })).body.data[0].id as string;
    const broadcast = { match: rel('matches', broadcastMatch) };
    const ppv = ok(await api.post('/api/v3/ott/events', { data: { type: 'ott_events', attributes: { title: 'Mecz płatny', access: 'pay_per_view' }, relationships: { video: rel('videos', paidSource), ...broadcast } } }), 'ppv event').data.id;
    const sub = ok(await api.post('/api/v3/ott/events', { data: { type: 'ott_events', attributes: { title: 'Mecz w abonamencie', access: 'subscription' }, relationships: { video: rel('videos', subscriptionSource), ...broadcast } } }), 'subscription event').data.id;
    const clientId = await clientIdOf(api.server);
    for (const eventId of [ppv, sub]) {
      const at = toDb(api.server.database.dialect, 'datetime', new Date().toISOString());
      const outputKey = `c${clientId}/ott/leaks-${eventId}`;
      const job = await api.server.database.db
        .insertInto('ott_transcoding_jobs')
        .values({ client_id: clientId, event_id: Number(eventId), video_id: Number(eventId === ppv ? paidSource : subscriptionSource), source: 'vod', state: 'FINISHED', progress: 100, attempts: 1, output_key: outputKey, output_url: `/ott/hls/vod/x/master.m3u8`, created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      const marker = secrets.marker('a paid event\'s output');
      for (const file of ['master.m3u8', 'r0/seg0.ts', 'recording.mp4']) {
        const bytes = Buffer.from(`#EXTM3U\n# ${marker}\n`);
        await api.server.storage.put(`${outputKey}/${file}`, Readable.from([bytes]), { contentType: 'application/octet-stream', size: bytes.length });
        secretOutputs.push({ jobId: String(job.id), file });
      }
    }

    // A published page: what it links to that is not public stays out (the paid source, an
    // unpublished quiz, a draft survey, an inactive product), what is public shows.
    const slug = `widoczna-${randomBytes(3).toString('hex')}`;
    const page = ok(await api.post('/api/v3/pages', { data: { type: 'pages', attributes: { title: 'Strona widoczna', slug, status: 'published', published_from: later(-1) }, relationships: { page_type: rel('page_types', pageType) } } }), 'published page').data.id;
    pageSlugs.add(slug);
    const product = ok(await api.post('/api/v3/products', { data: { type: 'products', attributes: { name: secrets.marker('an inactive product'), kind: 'merchandise', is_active: false }, relationships: { image: rel('images', await secretImage('an inactive product\'s picture')) } } }), 'product').data.id;
    secrets.record('products', product, 'an inactive product');
    await component({ page }, 'video', { title: 'Skrót płatny' }, { video: rel('videos', paidSource) }, 0);
    await component({ page }, 'video', { title: 'Skrót' }, { video: rel('videos', await publicVideo()) }, 1);
    await component({ page }, 'quiz', { title: 'Quiz' }, { quiz: rel('quizzes', await unpublishedQuiz()) }, 2);
    await component({ page }, 'survey', { title: 'Ankieta' }, { survey: rel('surveys', await draftSurvey()) }, 3);
    await component({ page }, 'product_list', { title: 'Sklep' }, { products: { data: [{ type: 'products', id: product }] } }, 4);

    // The site's main menu (in the header, delivered with the global elements): items and a sub-item
    // leading to each hidden page, each labelled with a secret, beside public ones.
    const header = (await api.get('/api/v3/global_page_elements?filter[slug]=naglowek', { token })).body.data[0].id as string;
    const label = (what: string) => ({ label_pl: secrets.marker(`${what}: its label`), label_en: secrets.marker(`${what}: its English label`) });
    const items = [
      { label_pl: 'Strona widoczna', label_en: 'Visible page', page_id: page, children: [{ ...label('a menu sub-item leading to a draft page'), page_id: hiddenPages['a draft page'] }] },
      ...Object.entries(hiddenPages).map(([what, id]) => ({ ...label(`a menu item leading to ${what}`), page_id: id, children: [{ label_pl: 'Widoczna', page_id: page }] })),
      { label_pl: 'Liga', label_en: 'League', url: 'https://liga.example.org/' },
    ];
    ok(
      await api.post('/api/v3/components', { data: { type: 'components', attributes: { kind: 'main_menu', index: 9, settings: { items } }, relationships: { global_page_element: rel('global_page_elements', header) } } }),
      'a menu leading to hidden pages',
    );

    // Sponsors no longer shown.
    const sponsor = ok(await api.post('/api/v3/sponsors', { data: { type: 'sponsors', attributes: { name: secrets.marker('an inactive sponsor'), is_active: false }, relationships: { image: rel('images', await secretImage('an inactive sponsor\'s logo')) } } }), 'sponsor').data.id;
    secrets.record('sponsors', sponsor, 'an inactive sponsor');

    // Comments: hidden ones on a public article and a match, and approved ones of an article taken down.
    const fan = ok(await api.post(`/public/v1/fans?${q}`, { data: { type: 'fans', attributes: { device_id: `leaks-${randomBytes(8).toString('hex')}`, display_name: 'Kibic' } } }, { token: null }), 'fan');
    fanToken = fan.meta.token;
    const visibleArticle = (await api.get(`/public/v1/articles?${q}&page[size]=1`, { token: null })).body.data[0].id as string;
    const match = (await api.get(`/public/v1/matches?${q}&page[size]=1`, { token: null })).body.data[0].id as string;
    const comment = async (target: Record<string, unknown>, what: string, status: string) => {
      const made = ok(await api.post('/public/v1/comments', { data: { type: 'comments', attributes: { body: secrets.marker(what) }, relationships: target } }, { token: fanToken }), what).data.id;
      ok(await api.patch(`/api/v3/comments/${made}`, { data: { type: 'comments', id: made, attributes: { status } } }), `${what}: ${status}`, 200);
      secrets.record('comments', made, what);
    };
    await comment({ article: rel('articles', visibleArticle) }, 'a hidden comment on an article', 'hidden');
    await comment({ match: rel('matches', match) }, 'a hidden comment on a match', 'hidden');
    const takenDown = ok(await api.post('/api/v3/articles', { data: { type: 'articles', attributes: { status: 'published', title: secrets.marker('an article taken down'), slug: `${secrets.marker('an article taken down: slug')}-zdjety`, publish_from: later(-1) } } }), 'article').data.id;
    await comment({ article: rel('articles', takenDown) }, 'an approved comment of an article taken down', 'approved');
    ok(await api.patch(`/api/v3/articles/${takenDown}`, { data: { type: 'articles', id: takenDown, attributes: { status: 'draft' } } }), 'take the article down', 200);
    secrets.record('articles', takenDown, 'an article taken down');
    articleKeys.add(takenDown);
    articleKeys.add(expired);

    // Another league's published records.
    const other = await api.token('other-admin');
    const theirType = ok(await api.post('/api/v3/page_types', { data: { type: 'page_types', attributes: { name: 'Ich strony', kind: 'standard', visibility: ['web'] } } }, { token: other }), 'their page type').data.id;
    const theirSlug = `${secrets.marker('another league\'s page: slug')}-obca`;
    const theirPage = ok(await api.post('/api/v3/pages', { data: { type: 'pages', attributes: { title: secrets.marker('another league\'s page'), slug: theirSlug, status: 'published', published_from: later(-1) }, relationships: { page_type: rel('page_types', theirType) } } }, { token: other }), 'their page').data.id;
    secrets.record('pages', theirPage, 'another league\'s page');
    pageIds.add(String(theirPage));
    pageSlugs.add(theirSlug);
    const theirClub = ok(await api.post('/api/v3/clubs', { data: { type: 'clubs', attributes: { name: secrets.marker('another league\'s club') }, relationships: { image: rel('images', await secretImage('another league\'s crest', 'other')) } } }, { token: other }), 'their club').data.id;
    secrets.record('clubs', theirClub, 'another league\'s club');
    idsOf('clubs').add(theirClub);
    const theirArticle = ok(await api.post('/api/v3/articles', { data: { type: 'articles', attributes: { status: 'published', title: secrets.marker('another league\'s article'), slug: `${secrets.marker('another league\'s article: slug')}-obcy`, publish_from: later(-1) } } }, { token: other }), 'their article').data.id;
    secrets.record('articles', theirArticle, 'another league\'s article');
    articleKeys.add(theirArticle);

    // A template's page that is a draft (a player's), its title and text secret: no record's page shows it.
    const templateType = ok(await api.post('/api/v3/page_types', { data: { type: 'page_types', attributes: { name: 'Szablon (szkic)', kind: 'regular', template_kind: 'player' } } }, { token }), 'a draft template type').data.id;
    const draftTemplate = ok(
      await api.post('/api/v3/pages', { data: { type: 'pages', attributes: { title: secrets.marker('a draft template page'), slug: 'szablony/szkic-zawodnika', status: 'draft' }, relationships: { page_type: rel('page_types', templateType) } } }, { token }),
      'a draft template page',
    ).data.id;
    secrets.record('pages', draftTemplate, 'a draft template page');
    pageIds.add(String(draftTemplate));
    await component({ page: draftTemplate }, 'text', { format: 'plain', body: secrets.marker('a draft template page: its text') }, {});
    // Another league's club and a match that is not there answer 404; a player's page (404 while the
    // draft is the kind's only template, else the published one's) shows nothing of the draft.
    templateRecords.push(['club', theirClub, 404], ['match', '999999', 404], ['player', String((await api.get('/api/v3/players?page[size]=1&sort=id', { token })).body.data[0].id), null]);

    // The publication jobs flip what is inside its window; the scheduled and expired ones stay out.
    await api.get('/api/v3/pages?page[size]=1', fresh);
  }, 180_000);

  afterAll(async () => {
    await api?.close();
  });

  /** Fetches `path` as a reader would (no staff token) and records what it shows that it must not. */
  function crawler() {
    const leaks: string[] = [];
    let requests = 0;
    const seenUrls = new Set<string>();
    const fetchAs = async (path: string, opts: { locale?: Locale | null; fan?: boolean; headers?: Record<string, string> } = {}) => {
      requests++;
      const headers: Record<string, string> = { 'cache-control': 'no-cache', ...opts.headers };
      if (opts.fan) headers.authorization = `Bearer ${fanToken}`;
      const res = await fetch(api.url + path, { headers, redirect: 'manual' });
      const text = await res.text();
      const locale = opts.locale === undefined ? (/[?&]locale=(pl|en)/.exec(path)?.[1] as Locale | undefined) ?? (/^\/site\/(pl|en)\//.exec(path)?.[1] as Locale | undefined) ?? null : opts.locale;
      for (const leak of secrets.leaksIn(text, locale, path)) leaks.push(`${path} (${res.status}): ${leak}`);
      if (text.includes('/api/v3')) leaks.push(`${path} (${res.status}): a link into the staff API`);
      seenUrls.add(path);
      return { status: res.status, text, headers: res.headers, json: text.trimStart().startsWith('{') ? (JSON.parse(text)) : null };
    };
    return { leaks, fetchAs, count: () => requests };
  }

  /** Runs `tasks` a few at a time. */
  async function inTurns(tasks: (() => Promise<unknown>)[], width = 6) {
    let next = 0;
    await Promise.all(Array.from({ length: width }, async () => {
      while (next < tasks.length) await tasks[next++]();
    }));
  }

  it('finds nothing of a non-public record on any public route, include, fieldset, sort, page or article', async () => {
    const { leaks, fetchAs, count } = crawler();
    const openapi = (await fetchAs('/public/v1/openapi.json')).json;
    const paths = Object.entries(openapi.paths as Record<string, Record<string, any>>).filter(([, ops]) => ops.get);
    const paramOf = (op: any, name: string) => (op.parameters ?? []).find((p: any) => p.name === name);
    const listsOf = (param: any): string[] => param?.schema?.items?.enum ?? param?.schema?.enum ?? [];

    // 1. The lists: every documented include alone and all together, every sort, every fieldset.
    const tasks: (() => Promise<unknown>)[] = [];
    const typeOfList = new Map<string, string>();
    const listPaths = paths.filter(([p]) => !p.includes('{'));
    for (const [path, ops] of listPaths) {
      const op = ops.get;
      if (path === '/public/v1/openapi.json') continue;
      const base = `${path}?${q}&page[size]=100`;
      const variants = [''];
      const includes = listsOf(paramOf(op, 'include'));
      variants.push(...includes.map((i) => `&include=${i}`));
      if (includes.length > 1) variants.push(`&include=${includes.join(',')}`);
      for (const s of listsOf(paramOf(op, 'sort'))) variants.push(`&sort=${s}`, `&sort=-${s}`);
      for (const p of op.parameters ?? []) if (/^fields\[/.test(p.name)) variants.push(`&${p.name}=${listsOf(p).join(',')}`);
      for (const locale of paramOf(op, 'locale') ? LOCALES : []) variants.push(`&locale=${locale}`);
      // Text searches, for what every secret's text begins with: a record that must stay out and is
      // searched would come back with its text.
      for (const p of op.parameters ?? [])
        if (isTextSearch(p.name)) for (const locale of paramOf(op, 'locale') ? LOCALES : ['']) variants.push(`${locale ? `&locale=${locale}` : ''}&${p.name}=sekret`);
      for (const v of variants)
        tasks.push(async () => {
          const res = await fetchAs(base + v, { fan: true });
          for (const o of [res.json?.data ?? []].flat())
            if (o?.type && o?.id) {
              idsOf(o.type).add(o.id);
              typeOfList.set(path, o.type);
            }
        });
    }
    await inTurns(tasks);

    // 2. One record at a time, public ones and those that must stay out, with all includes.
    const one: (() => Promise<unknown>)[] = [];
    for (const [path, ops] of paths.filter(([p]) => /\{(id|key)\}/.test(p))) {
      const op = ops.get;
      const type = typeOfList.get(path.replace(/\/\{(id|key)\}.*$/, ''));
      const candidates = new Set<string>(['1', '2', '999999']);
      for (const key of [...secrets.records.keys(), ...[...secrets.recordsFor.values()].flatMap((m) => [...m.keys()])]) {
        const [t, id] = key.split(':');
        if (!type || t === type) candidates.add(id);
      }
      if (type) for (const id of [...idsOf(type)].slice(0, 8)) candidates.add(id);
      const includes = listsOf(paramOf(op, 'include'));
      for (const id of candidates) {
        const at = path.replace(/\{(id|key)\}/, id);
        one.push(() => fetchAs(`${at}?${q}`, { fan: true }));
        if (includes.length) one.push(() => fetchAs(`${at}?${q}&include=${includes.join(',')}`, { fan: true }));
      }
    }
    // Pages by slug, articles by id and slug, comments of every article, in each language.
    for (const slug of pageSlugs)
      for (const locale of [null, ...LOCALES])
        for (const include of ['', '&include=auto']) one.push(() => fetchAs(`/public/v1/current_page?${q}&slug=${slug}${locale ? `&locale=${locale}` : ''}${include}`));
    for (const locale of [null, ...LOCALES]) one.push(() => fetchAs(`/public/v1/current_page_elements?${q}${locale ? `&locale=${locale}` : ''}`));
    const listedArticles = [...idsOf('articles')];
    for (const key of [...articleKeys, ...listedArticles])
      for (const locale of [null, ...LOCALES]) one.push(() => fetchAs(`/public/v1/articles/${key}?${q}${locale ? `&locale=${locale}` : ''}`));
    for (const id of [...articleKeys, ...listedArticles].filter((k) => /^\d+$/.test(k))) one.push(() => fetchAs(`/public/v1/comments?${q}&filter[article]=${id}`));
    for (const id of [...idsOf('matches')].slice(0, 10)) one.push(() => fetchAs(`/public/v1/comments?${q}&filter[match]=${id}`));
    // A match's broadcasts, as its match centre asks for them and with every include.
    const eventIncludes = listsOf(paramOf(openapi.paths['/public/v1/ott/events'].get, 'include')).join(',');
    for (const id of new Set([broadcastMatch, ...[...idsOf('matches')].slice(0, 10)]))
      for (const locale of LOCALES) one.push(() => fetchAs(`/public/v1/ott/events?${q}&filter[match]=${id}&locale=${locale}&include=${eventIncludes}`, { fan: true }));
    await inTurns(one);

    // 3. The website: every page and article in both languages, the sitemap and the feeds.
    const site: (() => Promise<unknown>)[] = [];
    for (const locale of LOCALES) {
      site.push(() => fetchAs(`/site/${locale}/`));
      for (const slug of pageSlugs) site.push(() => fetchAs(`/site/${locale}/${slug}`));
      for (const key of [...articleKeys, ...listedArticles]) site.push(() => fetchAs(`/site/${locale}/articles/${key}`));
    }
    for (const path of ['/site/sitemap.xml', '/site/robots.txt']) site.push(() => fetchAs(path, { locale: null }));
    // The fans' app (issue 41): its manifest, service worker, icons and "My alerts" page; a page by
    // id (where a notification leads) answers 404 for what readers may not see, and its redirect names nothing hidden.
    for (const path of ['/site/sw.js', '/site/icon-96.png', '/site/icon-512.png']) site.push(() => fetchAs(path, { locale: null }));
    for (const [i, locale] of LOCALES.entries()) {
      site.push(() => fetchAs(`/site/${locale}/manifest.webmanifest`));
      site.push(() => fetchAs(`/site/${locale}/${['moje-alerty', 'my-alerts'][i]}`));
      for (const id of pageIds)
        site.push(async () => {
          const path = `/site/${locale}/pages/${id}`;
          const res = await fetchAs(path);
          if (res.status !== 404) leaks.push(`${path} (a page readers may not see) answered ${res.status}`);
          for (const leak of secrets.leaksIn(res.headers.get('location') ?? '', locale, path)) leaks.push(`${path}: its redirect: ${leak}`);
        });
    }
    // The delivery API's interactive reference: its page and every script and stylesheet it loads.
    site.push(async () => {
      const page = await fetchAs('/public/v1/docs', { locale: null });
      if (page.status !== 200) leaks.push(`/public/v1/docs answered ${page.status}`);
      const assets = [...page.text.matchAll(/\s(?:src|href)="(\/public\/v1\/docs\/assets\/[^"]+)"/g)].map((m) => m[1]);
      if (assets.length < 4) leaks.push(`/public/v1/docs loads ${assets.length} assets, not its 4`);
      for (const asset of assets) {
        const res = await fetchAs(asset, { locale: null });
        if (res.status !== 200) leaks.push(`${asset} (an asset of /public/v1/docs) answered ${res.status}`);
      }
    });
    // The sitemaps of pages and articles: nothing hidden at all, and an address under a language
    // names nothing hidden from that language's readers (an article only in Polish under /en/).
    for (const path of ['/site/sitemap-pages.xml', '/site/sitemap-articles.xml'])
      site.push(async () => {
        const { text } = await fetchAs(path, { locale: null });
        for (const [, url] of text.matchAll(/(?:<loc>|href=")([^<"]+)/g)) {
          const locale = /\/site\/(pl|en)\//.exec(url)?.[1] as Locale | undefined;
          if (locale) for (const leak of secrets.leaksIn(url, locale, '')) leaks.push(`${path}: ${url}: ${leak}`);
        }
      });
    // Pages made from the data: a sample of every record sitemap the index names, the indexes with
    // their filters, and the template addresses of what readers may not see (another league's club,
    // the kind whose only template is a draft, a record that is not there): 404 and nothing of it.
    site.push(async () => {
      const { text } = await fetchAs('/site/sitemap.xml', { locale: null });
      const files = [...text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname).filter((p) => !/sitemap-(pages|articles)/.test(p));
      if (files.length < 3) leaks.push(`sitemap.xml names ${files.length} sitemaps of records`);
      for (const file of files) {
        const { text: urls } = await fetchAs(file, { locale: null });
        const paths = [...urls.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
        for (const path of paths.filter((_, i) => i % Math.max(1, Math.ceil(paths.length / 10)) === 0)) {
          const res = await fetchAs(path);
          if (res.status !== 200) leaks.push(`${path} (listed in ${file}) answered ${res.status}`);
        }
      }
    });
    for (const locale of LOCALES) {
      const index = locale === 'pl' ? ['terminarz', 'aktualnosci'] : ['fixtures', 'news'];
      for (const path of [index[0], `${index[0]}?round=1`, `${index[0]}?club=${idsOf('clubs').values().next().value}`, index[1], `${index[1]}?page=2`, `${index[1]}?tag=transfery`])
        site.push(() => fetchAs(`/site/${locale}/${path}`));
    }
    const segments: Record<string, [string, string]> = { club: ['kluby', 'clubs'], player: ['zawodnicy', 'players'], match: ['mecze', 'matches'] };
    for (const [kind, id, status] of templateRecords)
      for (const [i, locale] of LOCALES.entries())
        site.push(async () => {
          for (const path of [`/site/${locale}/${segments[kind][i]}/${id}`, `/public/v1/current_page?${q}&template=${kind}&record=${id}&locale=${locale}`]) {
            const res = await fetchAs(path);
            if (status !== null && res.status !== status) leaks.push(`${path} answered ${res.status}, not ${status}`);
          }
        });

    // The match centre of the match the paid events broadcast: their cards, nothing of their sources.
    for (const [i, locale] of LOCALES.entries())
      site.push(async () => {
        const moved = await fetchAs(`/site/${locale}/${segments.match[i]}/${broadcastMatch}`);
        const res = await fetchAs(moved.headers.get('location') ?? '');
        if (res.status !== 200) leaks.push(`the page of match ${broadcastMatch} (${locale}) answered ${res.status}`);
        else if ((res.text.match(/data-access="(pay_per_view|subscription)"/g) ?? []).length < 2) leaks.push(`the page of match ${broadcastMatch} (${locale}) shows no paid event's card`);
      });

    // The site's search, for every secret's title and name and for what all secrets begin with.
    let searched = 0;
    const titles = (texts: Map<string, string>) => [...texts].filter(([, what]) => !what.includes(':') || /: (title|name|lead|slug)$/.test(what)).map(([value]) => value);
    for (const locale of LOCALES)
      for (const query of ['sekret', ...titles(secrets.texts), ...titles(secrets.textsFor.get(locale) ?? new Map())])
        site.push(async () => {
          const res = await fetchAs(`/site/${locale}/search?q=${encodeURIComponent(query)}`);
          if (res.status !== 200) leaks.push(`/site/${locale}/search?q=${query} answered ${res.status}`);
          searched++;
        });
    await inTurns(site);
    expect(leaks).toEqual([]);
    expect(searched).toBeGreaterThan(20);
    expect(count()).toBeGreaterThan(500);
  }, 600_000);

  it('serves no byte of a non-public video or of a paid event\'s output, and the public ones', async () => {
    const { leaks, fetchAs } = crawler();
    for (const id of secretVideos) {
      const res = await fetchAs(`/public/v1/videos/${id}/content?${q}`, { headers: { range: 'bytes=0-' } });
      if (res.status < 300) leaks.push(`video ${id}'s content answered ${res.status}`);
    }
    for (const id of publicVideos) expect((await fetchAs(`/public/v1/videos/${id}/content?${q}`)).status).toBe(200);
    for (const { jobId, file } of secretOutputs) {
      for (const path of [`/ott/hls/vod/${jobId}/${file}`, `/ott/hls/vod/${jobId}/s/9999999999/${'A'.repeat(43)}/${file}`]) {
        const res = await fetchAs(path);
        if (res.status < 300) leaks.push(`${path} answered ${res.status}`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it('offers in the public OpenAPI only includes, sorts, fieldsets and filters that answer', async () => {
    const { fetchAs } = crawler();
    const openapi = (await fetchAs('/public/v1/openapi.json')).json;
    const refused: string[] = [];
    let tried = 0;
    for (const [path, ops] of Object.entries(openapi.paths as Record<string, Record<string, any>>)) {
      const op = ops.get;
      if (!op || path.includes('{') || path.endsWith('openapi.json')) continue;
      const first = (await fetchAs(`${path}?${q}&page[size]=1`)).json?.data?.[0];
      for (const p of op.parameters ?? []) {
        const values: string[] = p.schema?.items?.enum ?? [];
        const name = p.name as string;
        const filter = /^filter\[([a-z_]+)\]$/.exec(name)?.[1];
        const asked: string[] = [];
        if (name === 'include' || name === 'sort' || name.startsWith('fields[')) asked.push(...values.map((v) => `${name}=${v}`));
        else if (filter) {
          // A value a record of the list holds (its attribute, its relationship's id), or one of the
          // type the filter names: what a reader would filter by.
          const own = first?.attributes?.[filter] ?? first?.relationships?.[filter]?.data?.id ?? (filter === 'id' ? first?.id : undefined);
          const value = isTextSearch(name) ? 'a' : filter === 'locale' ? 'pl' : (own ?? [...idsOf(`${filter}s`)][0]);
          if (value === undefined || value === null || typeof value === 'object') continue;
          asked.push(`${name}=${encodeURIComponent(String(value))}`);
        }
        for (const a of asked) {
          tried++;
          const res = await fetchAs(`${path}?${q}&${a}&page[size]=1`);
          if (res.status !== 200) refused.push(`${path}?${a}: ${res.status} ${res.text.slice(0, 200)}`);
        }
      }
    }
    expect(refused).toEqual([]);
    expect(tried).toBeGreaterThan(200);
  });
});
