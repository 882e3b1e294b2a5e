import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allModels } from '../src/jsonapi/model';
import { publicModelOf, routedPublicModels } from '../src/jsonapi/public-projection';
import { startTestServer, type TestServer } from './support/test-server';
import { waitFor } from './support/wait';

/**
 * The delivery API (issue 24, points 1 and 3): what websites read under /public/v1 without a staff
 * token, cut to what is public, with the headers a CDN needs and the purge hook.
 */
const CLIENT = 'ekstraklasa-demo';
const q = `client=${CLIENT}`;

/**
 * What each public type may show, written out here on purpose: a declaration that makes one more
 * attribute public fails this test until someone has looked at it and added it here.
 */
const MAY_SHOW: Record<string, string[]> = {
  images: ['path', 'name', 'alt_text_pl', 'alt_text_en', 'focal_x', 'focal_y', 'credit', 'width', 'height'],
  competitions: ['name', 'short_name', 'code', 'kind', 'country', 'is_active', 'display_order', 'points_for_win', 'points_for_draw', 'points_for_loss', 'tiebreakers', 'head_to_head_only_when_complete'],
  seasons: ['name', 'start_date', 'end_date', 'is_current'],
  competition_seasons: ['name', 'start_date', 'end_date', 'is_current'],
  clubs: ['name', 'short_name', 'code', 'founded', 'website', 'city', 'country', 'primary_color', 'secondary_color'],
  teams: ['name', 'short_name', 'kind'],
  squads: ['name'],
  venues: ['name', 'city', 'address', 'country', 'capacity', 'latitude', 'longitude', 'opened', 'surface'],
  sponsors: ['name', 'website', 'tier', 'display_order'],
  products: ['name', 'kind', 'description', 'price', 'currency', 'url'],
  tags: ['name', 'slug'],
  staff_roles: ['name', 'kind', 'display_order'],
  transmission_providers: ['name', 'kind', 'website'],
  publication_categories: ['name', 'slug', 'description', 'display_order'],
  stages: ['name', 'kind', 'display_order', 'start_date', 'end_date'],
  groups: ['name', 'display_order', 'promotion_places', 'relegation_places'],
  rounds: ['name', 'number', 'start_date', 'end_date'],
  matches: ['kickoff_at', 'status', 'home_score', 'away_score', 'home_half_time_score', 'away_half_time_score', 'home_formation', 'away_formation', 'attendance', 'referee'],
  incidents: ['incident_type', 'occurrence_half', 'occurrence_minute', 'stoppage_minute', 'component_kind', 'description', 'home_squad', 'own_goal', 'section', 'sort_key'],
  lineups: ['is_starting', 'position', 'shirt_number', 'is_captain', 'formation_place'],
  players: ['first_name', 'last_name', 'nickname', 'birth_date', 'nationality', 'second_nationality', 'position', 'height_cm', 'weight_kg', 'preferred_foot', 'biography'],
  career_clubs: ['club_name', 'start_year', 'end_year', 'appearances', 'goals', 'is_loan'],
  staff_members: ['first_name', 'last_name', 'nationality', 'biography'],
  squad_players: ['shirt_number', 'position', 'is_captain', 'joined_on', 'left_on'],
  squad_staff_members: ['since'],
  point_deductions: ['points', 'reason', 'decided_on'],
  videos: ['name', 'duration', 'width', 'height', 'content_type'],
  page_types: ['name', 'kind', 'template_kind'],
  components: ['kind', 'index', 'settings'],
  pages: ['title', 'slug', 'published_from', 'published_until', 'seo_title', 'seo_description'],
  global_page_elements: ['name', 'slug', 'area'],
  articles: ['title', 'lead', 'slug', 'body', 'publish_from', 'publish_until', 'locale', 'body_html', 'image_path', 'image_alt_text', 'publication_category', 'tags'],
  surveys: ['title', 'description', 'status', 'opens_at', 'closes_at', 'open', 'questions'],
  survey_questions: ['prompt', 'kind', 'required', 'position'],
  survey_answers: ['text', 'position'],
  match_predictor_rankings: ['name', 'points_exact', 'points_outcome'],
  quizzes: ['title', 'description', 'time_limit_seconds', 'attempts_per_fan', 'open_from', 'open_until', 'is_open', 'image', 'question_count'],
  quiz_prizes: ['name', 'description', 'rank_from', 'rank_to'],
  ott_events: ['status', 'access', 'allowed_country', 'starts_at', 'title', 'description', 'locale'],
  formats: ['segments_order', 'title', 'description', 'locale'],
  segments: ['name', 'description'],
  playlists: ['title', 'description', 'locale'],
  playlist_events: ['position'],
  comments: ['body', 'author_name', 'created_at'],
  quiz_questions: ['text', 'position', 'image'],
  quiz_answers: ['text', 'position', 'image'],
  quiz_user_attempts: ['score', 'max_score', 'time_taken_ms', 'submitted_at', 'rank'],
  survey_user_answers: ['answers'],
};
/** Computed documents published whole: the figures readers see. */
const COMPUTED = ['standings', 'statistics', 'match_stats', 'squad_stats', 'match_predictor_standings'];
/** Names that must never reach the public side, whatever declares them. */
const NEVER = /(^|_)(author|notes?|secret|password|passphrase|token|hash|email|is_correct|external_ids|file_id|fan_id|stream_id|created_by|visible|visibility)($|_)|(^|_)(api|stream|secret|private|delivery|ingest)_keys?$/;

/** Every attribute of every record of a document is one its type may show. */
function expectOnlyPublic(doc: { data: unknown; included?: unknown[] }, where: string) {
  const objects = [...(Array.isArray(doc.data) ? doc.data : doc.data ? [doc.data] : []), ...(doc.included ?? [])] as { type: string; attributes?: Record<string, unknown> }[];
  for (const o of objects) {
    if (COMPUTED.includes(o.type)) continue;
    const allowed = MAY_SHOW[o.type];
    expect(allowed, `${where}: ${o.type} is not a type the public may see`).toBeDefined();
    for (const name of Object.keys(o.attributes ?? {})) {
      expect(name === 'updated_at' || allowed.includes(name), `${where}: ${o.type}.${name} is not public`).toBe(true);
      if (name !== 'updated_at') expect(NEVER.test(name), `${where}: ${o.type}.${name}`).toBe(false);
    }
  }
  return objects;
}

let api: TestServer;
let purges: { keys: string[]; authorization: string | undefined }[] = [];
let receiver: Server;

beforeAll(async () => {
  // A CDN's purge endpoint, here: it records each call.
  receiver = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      purges.push({ keys: (JSON.parse(body) as { surrogate_keys: string[] }).surrogate_keys, authorization: req.headers.authorization });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const port = (receiver.address() as { port: number }).port;
  api = await startTestServer({
    delivery: { maxAge: 0, sharedMaxAge: 600, staleWhileRevalidate: 30, purgeUrl: `http://127.0.0.1:${port}/purge`, purgeToken: 'cdn-purge-token' },
  });
});
afterAll(async () => {
  await api?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

describe('what is public', () => {
  it('lists in MAY_SHOW exactly the types whose declarations are public', () => {
    const declared = allModels().filter((m) => m.def.public).map((m) => m.type).sort();
    expect(declared).toEqual(Object.keys(MAY_SHOW).sort());
    for (const type of declared) {
      const pm = publicModelOf(type)!;
      expect([...pm.attributes].filter((a) => a !== 'updated_at').sort(), type).toEqual([...MAY_SHOW[type]].sort());
    }
  });

  it('answers every public type with its public fields only, through every public relationship', async () => {
    for (const pm of routedPublicModels()) {
      // Every relationship of the declaration at once (hasMany and links included).
      const include = [...pm.relationships].filter((r) => pm.model.relationships.has(r)).join(',');
      const res = await api.get(`/public/v1/${pm.model.path}?${q}&page[size]=5${include ? `&include=${include}` : ''}`, { token: null });
      expect(res.status, `${pm.model.type}: ${res.text}`).toBe(200);
      expectOnlyPublic(res.body, pm.model.type);
      for (const o of res.body.data as { links: { self: string } }[]) expect(o.links.self).toContain(`/public/v1/${pm.model.path}/`);
      const first = res.body.data[0];
      if (first) {
        const one = await api.get(`/public/v1/${pm.model.path}/${first.id}?${q}`, { token: null });
        expect(one.status, `${pm.model.type}/${first.id}: ${one.text}`).toBe(200);
        expectOnlyPublic(one.body, `${pm.model.type}/${first.id}`);
      }
    }
  });

  it('serves every published demo page with everything its kind may include, cut to what is public', async () => {
    const pages = await api.get(`/public/v1/pages?${q}`, { token: null });
    expect(pages.body.data.length).toBeGreaterThanOrEqual(4);
    const sets = ['incidents', 'lineups', 'standings', 'statistics', 'tickets_match', 'tickets_season'];
    for (const page of pages.body.data as { attributes: { slug: string } }[]) {
      const staff = await api.get(`/api/v3/current_page?slug=${page.attributes.slug}`);
      const allowed = (staff.status === 200 ? sets : []).filter(() => true);
      let res = await api.get(`/public/v1/current_page?${q}&slug=${page.attributes.slug}&include=${allowed.join(',')}&locale=pl`, { token: null });
      // Each page kind allows its own include sets: ask for none where the kind allows fewer.
      if (res.status === 400) res = await api.get(`/public/v1/current_page?${q}&slug=${page.attributes.slug}&locale=pl`, { token: null });
      expect(res.status, res.text).toBe(200);
      const objects = expectOnlyPublic(res.body, page.attributes.slug);
      // Nothing is lost but what is private: the same records as the staff document.
      const full = await api.get(`/api/v3/current_page?slug=${page.attributes.slug}&locale=pl${res.body.meta.include.length ? `&include=${res.body.meta.include.join(',')}` : ''}`);
      const count = (list: { type: string }[]) => list.length;
      expect(count(objects)).toBe(1 + count(full.body.included));
    }
  });

  it('refuses to include, filter, sort or select what is not public', async () => {
    const cases: [string, string][] = [
      [`/public/v1/ott/events?${q}&include=stream`, 'include'],
      [`/public/v1/ott/events?${q}&include=transcoding_jobs`, 'include'],
      [`/public/v1/clubs?${q}&filter[email]=biuro@legia.pl`, 'filter[email]'],
      [`/public/v1/clubs?${q}&sort=email`, 'sort'],
      [`/public/v1/players?${q}&fields[players]=external_ids`, 'fields[players]'],
      [`/public/v1/matches?${q}&fields[ott_streams]=status`, 'fields[ott_streams]'],
    ];
    for (const [path, parameter] of cases) {
      const res = await api.get(path, { token: null });
      expect(res.status, path).toBe(400);
      expect(res.body.errors[0].source, path).toEqual({ parameter });
    }
    // Staff-only types have no public route at all.
    for (const path of ['/public/v1/ott/streams', '/public/v1/audit_events', '/public/v1/push_notifications', '/public/v1/quiz_user_attempts']) {
      const res = await api.get(`${path}?${q}`, { token: null });
      expect(res.status, path).toBe(404);
      expect(res.body.errors[0].status).toBe('404');
    }
  });

  it('lists a club’s fixtures and results, home and away, by round and by date', async () => {
    const club = (await api.get(`/public/v1/clubs?${q}&page[size]=1&sort=name`, { token: null })).body.data[0].id as string;
    const res = await api.get(`/public/v1/matches?${q}&filter[club]=${club}&page[size]=100&include=home_squad.team,away_squad.team`, { token: null });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(5);
    const teams = new Map((res.body.included as { type: string; id: string; relationships?: any }[]).filter((o) => o.type === 'teams').map((t) => [t.id, t.relationships.club.data.id as string]));
    const squads = new Map((res.body.included as { type: string; id: string; relationships?: any }[]).filter((o) => o.type === 'squads').map((s) => [s.id, teams.get(s.relationships.team.data.id)]));
    for (const m of res.body.data as { relationships: { home_squad: { data: { id: string } }; away_squad: { data: { id: string } } } }[])
      expect([squads.get(m.relationships.home_squad.data.id), squads.get(m.relationships.away_squad.data.id)]).toContain(club);
    const round = res.body.data[0].relationships.round.data.id as string;
    const inRound = await api.get(`/public/v1/matches?${q}&filter[club]=${club}&filter[round]=${round}`, { token: null });
    expect(inRound.body.data.length).toBe(1);
    const from = res.body.data[0].attributes.kickoff_at as string;
    const dated = await api.get(`/public/v1/matches?${q}&filter[kickoff_at][gte]=${encodeURIComponent(from)}&filter[kickoff_at][lte]=${encodeURIComponent(from)}&filter[club]=${club}`, { token: null });
    expect(dated.body.data.map((m: { id: string }) => m.id)).toEqual([res.body.data[0].id]);
    expect((await api.get(`/public/v1/matches?${q}&filter[club]=abc`, { token: null })).status).toBe(400);
  });

  it('needs the league: no client, an unknown one', async () => {
    expect((await api.get('/public/v1/clubs', { token: null })).status).toBe(400);
    expect((await api.get('/public/v1/clubs?client=no-such-league', { token: null })).status).toBe(400);
  });
});

describe('drafts and windows', () => {
  it('shows a page only while it is published and inside its window', async () => {
    const slug = `delivery-${Date.now()}`;
    const type = (await api.get('/api/v3/page_types?page[size]=1')).body.data[0].id as string;
    const made = await api.post('/api/v3/pages', {
      data: { type: 'pages', attributes: { title: 'Szkic', slug, status: 'draft' }, relationships: { page_type: { data: { type: 'page_types', id: type } } } },
    });
    expect(made.status, made.text).toBe(201);
    const id = made.body.data.id as string;
    expect((await api.get(`/public/v1/current_page?${q}&slug=${slug}`, { token: null })).status).toBe(404);
    expect((await api.get(`/public/v1/pages/${id}?${q}`, { token: null })).status).toBe(404);
    expect((await api.get(`/public/v1/pages?${q}`, { token: null })).body.data.map((p: { id: string }) => p.id)).not.toContain(id);

    const published = await api.patch(`/api/v3/pages/${id}`, { data: { type: 'pages', id, attributes: { status: 'published', published_from: new Date(Date.now() - 60_000).toISOString() } } });
    expect(published.status, published.text).toBe(200);
    await waitFor('the page is public once published', async () => (await api.get(`/public/v1/current_page?${q}&slug=${slug}`, { token: null })).status === 200);
    expect((await api.get(`/public/v1/pages/${id}?${q}`, { token: null })).status).toBe(200);

    // Its window closed: gone again.
    const closed = await api.patch(`/api/v3/pages/${id}`, { data: { type: 'pages', id, attributes: { published_until: new Date(Date.now() - 1000).toISOString() } } });
    expect(closed.status, closed.text).toBe(200);
    await waitFor('the page leaves with its window', async () => (await api.get(`/public/v1/current_page?${q}&slug=${slug}`, { token: null })).status === 404);
  });

  it('delivers the main menu with the global elements, items leading to pages readers may not see left out', async () => {
    const type = (await api.get('/api/v3/page_types?page[size]=1')).body.data[0].id as string;
    const slug = `menu-szkic-${Date.now()}`;
    const draft = await api.post('/api/v3/pages', {
      data: { type: 'pages', attributes: { title: 'Tytuł szkicu w menu', slug, status: 'draft' }, relationships: { page_type: { data: { type: 'page_types', id: type } } } },
    });
    expect(draft.status, draft.text).toBe(201);
    const draftId = draft.body.data.id as string;
    const home = (await api.get('/api/v3/pages?filter[slug]=strona-glowna')).body.data[0].id as string;
    const header = (await api.get('/api/v3/global_page_elements?filter[slug]=naglowek')).body.data[0].id as string;
    const items = [
      { label_pl: 'Start', label_en: 'Home', page_id: home },
      { label_pl: 'Etykieta szkicu', label_en: 'Draft label', page_id: draftId, children: [{ label_pl: 'Pod szkicem', page_id: home }] },
      { label_pl: 'Liga', label_en: 'League', url: 'https://liga.example.org/', children: [{ label_pl: 'Podpozycja szkicu', page_id: draftId }, { label_pl: 'Bilety', url: 'https://bilety.example.org/' }] },
    ];
    const made = await api.post('/api/v3/components', {
      data: { type: 'components', attributes: { kind: 'main_menu', index: 7, settings: { items } }, relationships: { global_page_element: { data: { type: 'global_page_elements', id: header } } } },
    });
    expect(made.status, made.text).toBe(201);
    const id = made.body.data.id as string;
    const menuFor = async (locale: string) => {
      const res = await api.get(`/public/v1/current_page_elements?${q}&locale=${locale}`, { token: null });
      expect(res.status, res.text).toBe(200);
      expectOnlyPublic(res.body, 'current_page_elements');
      return { text: res.text, menu: res.body.included.find((r: { type: string; id: string }) => r.type === 'components' && r.id === id) };
    };
    try {
      const { text, menu } = await menuFor('pl');
      expect(menu.attributes.kind).toBe('main_menu');
      expect(menu.attributes.settings.items).toEqual([
        { label_pl: 'Start', label_en: 'Home', page_id: home, page_slug: 'strona-glowna' },
        { label_pl: 'Liga', label_en: 'League', url: 'https://liga.example.org/', children: [{ label_pl: 'Bilety', url: 'https://bilety.example.org/' }] },
      ]);
      for (const secret of [slug, 'Tytuł szkicu', 'Etykieta szkicu', 'Podpozycja szkicu', `"page_id":"${draftId}"`]) expect(text).not.toContain(secret);
      // A route that does not resolve the menu (the elements' generic include, a fieldset without the
      // kind) shows no item naming a page at all.
      const generic = await api.get(`/public/v1/global_page_elements?${q}&include=components&fields[components]=settings`, { token: null });
      expect(generic.status, generic.text).toBe(200);
      for (const secret of [slug, 'Tytuł szkicu', 'Etykieta szkicu', 'Podpozycja szkicu', `"page_id":"${draftId}"`]) expect(generic.text).not.toContain(secret);
      const bare = generic.body.included.find((r: { type: string; id: string }) => r.type === 'components' && r.id === id);
      expect(bare.attributes.settings.items).toEqual([{ label_pl: 'Liga', label_en: 'League', url: 'https://liga.example.org/', children: [{ label_pl: 'Bilety', url: 'https://bilety.example.org/' }] }]);
      // The builder's preview shows staff every item, the draft's too.
      const preview = (await api.get(`/api/v3/global_page_elements/${header}/preview`)).body;
      const drafted = preview.included.find((r: { id: string }) => r.id === id).attributes.settings.items;
      expect(drafted[1]).toMatchObject({ label_pl: 'Etykieta szkicu', page_id: draftId, page_slug: slug });

      // Once the page is published, its items are delivered too.
      const published = await api.patch(`/api/v3/pages/${draftId}`, { data: { type: 'pages', id: draftId, attributes: { status: 'published', published_from: new Date(Date.now() - 60_000).toISOString() } } });
      expect(published.status, published.text).toBe(200);
      await waitFor('the published page joins the menu', async () => (await menuFor('en')).menu.attributes.settings.items.length === 3);
      expect((await menuFor('en')).menu.attributes.settings.items[2].children[0]).toEqual({ label_pl: 'Podpozycja szkicu', page_id: draftId, page_slug: slug });
    } finally {
      expect((await api.delete(`/api/v3/components/${id}`)).status).toBe(204);
    }
  });

  it('refuses a menu item leading to a page the league does not have, or to an address that is not https', async () => {
    const header = (await api.get('/api/v3/global_page_elements?filter[slug]=naglowek')).body.data[0].id as string;
    const attempt = (items: unknown[], language = 'en') =>
      api.post(
        '/api/v3/components',
        { data: { type: 'components', attributes: { kind: 'main_menu', index: 8, settings: { items } }, relationships: { global_page_element: { data: { type: 'global_page_elements', id: header } } } } },
        { headers: { 'accept-language': language } },
      );
    const missing = await attempt([{ label_pl: 'Nigdzie', page_id: '999999' }]);
    expect(missing.status, missing.text).toBe(422);
    expect(missing.body.errors[0]).toMatchObject({ source: { pointer: '/data/attributes/settings/items/0/page_id' }, meta: { key: 'notFound' } });
    const http = await attempt([{ label_pl: 'Liga', url: 'http://liga.example.org/' }], 'pl');
    expect(http.status, http.text).toBe(422);
    expect(http.body.errors[0]).toMatchObject({ source: { pointer: '/data/attributes/settings/items/0/url' }, meta: { key: 'httpsUrlRequired' } });
    expect(http.body.errors[0].detail).toContain('https');
    const deep = await attempt([{ label_pl: 'A', url: 'https://a.example.org/', children: [{ label_pl: 'B', url: 'https://b.example.org/', children: [{ label_pl: 'C', url: 'https://c.example.org/' }] }] }]);
    expect(deep.status, deep.text).toBe(422);
    expect(deep.body.errors[0]).toMatchObject({ source: { pointer: '/data/attributes/settings/items/0/children/0/children' }, meta: { key: 'menuTooDeep' } });
  });

  it('keeps inactive sponsors out of lists and fetches', async () => {
    const made = await api.post('/api/v3/sponsors', { data: { type: 'sponsors', attributes: { name: `Ukryty ${Date.now()}`, is_active: false } } });
    expect(made.status, made.text).toBe(201);
    const id = made.body.data.id as string;
    expect((await api.get(`/public/v1/sponsors/${id}?${q}`, { token: null })).status).toBe(404);
    const all = await api.get(`/public/v1/sponsors?${q}&page[size]=100`, { token: null });
    expect(all.body.data.map((s: { id: string }) => s.id)).not.toContain(id);
    expect(all.body.meta.total).toBe(all.body.data.length);
    await api.patch(`/api/v3/sponsors/${id}`, { data: { type: 'sponsors', id, attributes: { is_active: true } } });
    expect((await api.get(`/public/v1/sponsors/${id}?${q}`, { token: null })).status).toBe(200);
  });

  it('keeps public rows public under a sparse fieldset that leaves out their condition (a visible page asked for its slug alone)', async () => {
    const whole = await api.get(`/public/v1/pages?${q}&page[size]=100&sort=id`, { token: null });
    const slim = await api.get(`/public/v1/pages?${q}&page[size]=100&sort=id&fields[pages]=slug`, { token: null });
    expect(slim.status, slim.text).toBe(200);
    expect(whole.body.data.length).toBeGreaterThan(0);
    expect(slim.body.data.map((p: { id: string; attributes: object }) => [p.id, Object.keys(p.attributes)])).toEqual(whole.body.data.map((p: { id: string }) => [p.id, ['slug']]));
    const one = await api.get(`/public/v1/pages/${whole.body.data[0].id}?${q}&fields[pages]=title`, { token: null });
    expect(one.status, one.text).toBe(200);
    expect(one.body.data.attributes).toEqual({ title: whole.body.data[0].attributes.title });
  });

  it('delivers a quiz a page links to without its correct answers, and never once unpublished', async () => {
    const link = (type: string, id: string) => ({ data: { type, id } });
    const create = async (type: string, attributes: Record<string, unknown>, relationships: Record<string, unknown> = {}) => {
      const res = await api.post(`/api/v3/${type}`, { data: { type, attributes, relationships } });
      expect(res.status, res.text).toBe(201);
      return res.body.data.id as string;
    };
    const n = Date.now();
    const quiz = await create('quizzes', { title: `Quiz dostawy ${n}`, is_published: true, time_limit_seconds: 60, attempts_per_fan: 1 });
    const question = await create('quiz_questions', { text: 'Kto wygrał Ekstraklasę 2023/24?', position: 0 }, { quiz: link('quizzes', quiz) });
    await create('quiz_answers', { text: 'Jagiellonia', is_correct: true, position: 0 }, { quiz_question: link('quiz_questions', question) });
    await create('quiz_answers', { text: 'Śląsk', position: 1 }, { quiz_question: link('quiz_questions', question) });
    const type = await create('page_types', { name: `Quizy ${n}`, kind: 'simple', visibility: ['web'] });
    const page = await create('pages', { title: `Quiz ${n}`, slug: `quiz-dostawy-${n}`, status: 'published' }, { page_type: link('page_types', type) });
    await create('components', { kind: 'quiz', index: 0, settings: { title: 'Zagraj' } }, { page: link('pages', page), quiz: link('quizzes', quiz) });
    const read = () => api.get(`/public/v1/current_page?${q}&slug=quiz-dostawy-${n}`, { token: null });
    await waitFor('the page is public', async () => (await read()).status === 200);
    const shown = await read();
    expectOnlyPublic(shown.body, 'quiz page');
    expect(shown.text).toContain(`"type":"quizzes","id":"${quiz}"`);
    expect(shown.text).not.toContain('is_correct');
    expect((await api.patch(`/api/v3/quizzes/${quiz}`, { data: { type: 'quizzes', id: quiz, attributes: { is_published: false } } })).status).toBe(200);
    const hidden = await read();
    expect(hidden.text).not.toContain(`"type":"quizzes","id":"${quiz}"`);
  });
});

describe('articles in the delivery API', () => {
  it('lists them by category and by tag (slug or id), with the headers a CDN needs, and refuses other filters', async () => {
    const all = (await api.get(`/public/v1/articles?${q}&locale=pl&page[size]=100`, { token: null })).body.data as { id: string; attributes: { publication_category: { slug: string } | null; tags: { slug: string }[] } }[];
    const category = all.find((a) => a.attributes.publication_category)!.attributes.publication_category!.slug;
    const byCategory = await api.get(`/public/v1/articles?${q}&locale=pl&page[size]=100&filter[publication_category]=${category}`, { token: null });
    expect(byCategory.status).toBe(200);
    expect(byCategory.headers.get('cache-control')).toContain('s-maxage=');
    expect(byCategory.headers.get('surrogate-key')).toContain('umpire:c1:article_translations');
    expect(byCategory.body.data.length).toBe(all.filter((a) => a.attributes.publication_category?.slug === category).length);
    expect(byCategory.body.meta.total).toBe(byCategory.body.data.length);
    const tag = all.flatMap((a) => a.attributes.tags).map((t) => t.slug)[0];
    const byTag = await api.get(`/public/v1/articles?${q}&locale=pl&page[size]=100&filter[tag]=${tag}`, { token: null });
    expect(byTag.body.data.map((a: { id: string }) => a.id).sort()).toEqual(all.filter((a) => a.attributes.tags.some((t) => t.slug === tag)).map((a) => a.id).sort());
    expect(byTag.body.data.length).toBeGreaterThan(0);
    const tagId = (await api.get(`/public/v1/tags?${q}&filter[slug]=${tag}`, { token: null })).body.data[0]?.id as string | undefined;
    if (tagId) expect((await api.get(`/public/v1/articles?${q}&locale=pl&page[size]=100&filter[tag]=${tagId}`, { token: null })).body.data.length).toBe(byTag.body.data.length);
    const nothing = await api.get(`/public/v1/articles?${q}&locale=pl&filter[tag]=no-such-tag`, { token: null });
    expect(nothing.body.data).toEqual([]);
    const bad = await api.get(`/public/v1/articles?${q}&filter[author]=admin`, { token: null });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].source).toEqual({ parameter: 'filter[author]' });
    // One article: 304 when the reader holds it already.
    const one = await api.get(`/public/v1/articles/${all[0].id}?${q}&locale=pl`, { token: null });
    expect((await api.get(`/public/v1/articles/${all[0].id}?${q}&locale=pl`, { token: null, headers: { 'if-none-match': one.headers.get('etag')! } })).status).toBe(304);
  });
});

describe('ready for a CDN', () => {
  it('answers with public caching, a strong ETag, 304, and surrogate keys of what it read', async () => {
    const path = `/public/v1/matches?${q}&include=home_squad.team.club&page[size]=3`;
    const first = await api.get(path, { token: null });
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=600, stale-while-revalidate=30, stale-if-error=86400');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const keys = first.headers.get('surrogate-key')!.split(' ');
    expect(keys).toEqual(expect.arrayContaining(['umpire', 'umpire:c1', 'umpire:c1:matches', 'umpire:c1:squads', 'umpire:c1:teams', 'umpire:c1:clubs', 'umpire:matches']));
    expect(first.headers.get('cache-tag')).toBe(keys.join(','));
    expect(first.headers.get('vary')).toBe('X-Delivery-Key');
    const again = await api.get(path, { token: null, headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    // Another page of results is another body.
    const other = await api.get(path.replace('page[size]=3', 'page[size]=4'), { token: null, headers: { 'if-none-match': etag } });
    expect(other.status).toBe(200);
  });

  it('shows a change at the origin on the next request, and calls the purge hook with its keys', async () => {
    const club = (await api.get(`/public/v1/clubs?${q}&page[size]=1`, { token: null })).body.data[0] as { id: string; attributes: { name: string } };
    const path = `/public/v1/clubs/${club.id}?${q}`;
    const before = await api.get(path, { token: null });
    expect(before.headers.get('x-cache')).toMatch(/hit|miss/);
    purges = [];
    const name = `${club.attributes.name} (zmiana)`;
    expect((await api.patch(`/api/v3/clubs/${club.id}`, { data: { type: 'clubs', id: club.id, attributes: { name } } })).status).toBe(200);
    const after = await api.get(path, { token: null, headers: { 'if-none-match': before.headers.get('etag')! } });
    expect(after.status).toBe(200);
    expect(after.body.data.attributes.name).toBe(name);
    await waitFor('the purge hook hears of the club', async () => purges.some((p) => p.keys.includes('umpire:c1:clubs')));
    expect(purges[0].authorization).toBe('Bearer cdn-purge-token');
    // A write no public answer reads purges nothing.
    purges = [];
    const fan = await api.post(`/public/v1/fans?${q}`, { data: { type: 'fans', attributes: { device_id: `delivery-${Date.now()}-abcdefgh` } } }, { token: null });
    expect(fan.status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(purges.flatMap((p) => p.keys).filter((k) => k.includes('fans'))).toEqual([]);
    await api.patch(`/api/v3/clubs/${club.id}`, { data: { type: 'clubs', id: club.id, attributes: { name: club.attributes.name } } });
  });

  it('lets a website on another host read with its key and fans write with their token (CORS, no cookies)', async () => {
    const res = await fetch(`${api.url}/public/v1/clubs`, { method: 'OPTIONS', headers: { origin: 'https://www.example.com', 'access-control-request-headers': 'x-delivery-key' } });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-headers')).toContain('X-Delivery-Key');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    // A fan's write from the website's own host: allowed with the fan's token, and its answer readable there.
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    expect(res.headers.get('access-control-allow-headers')).toContain('Authorization');
    const fan = await fetch(`${api.url}/public/v1/fans?${q}`, {
      method: 'POST',
      headers: { origin: 'https://www.example.com', 'content-type': 'application/vnd.api+json' },
      body: JSON.stringify({ data: { type: 'fans', attributes: { device_id: `cors-${Date.now()}-abcdefgh` } } }),
    });
    expect(fan.status).toBe(201);
    expect(fan.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('published computed reads and the OpenAPI', () => {
  it('serves every global page element with its components in order and what they link to', async () => {
    const res = await api.get(`/public/v1/current_page_elements?${q}&locale=en`, { token: null });
    expect(res.status, res.text).toBe(200);
    expect(res.body.meta.locale).toBe('en');
    expectOnlyPublic(res.body, 'current_page_elements');
    const staff = (await api.get('/api/v3/global_page_elements?sort=id&page[size]=100')).body.data as { id: string }[];
    expect(res.body.data.map((e: { id: string }) => e.id)).toEqual(staff.map((e) => e.id));
    const keys = new Set(res.body.included.map((r: { type: string; id: string }) => `${r.type}:${r.id}`));
    for (const element of staff) {
      const preview = (await api.get(`/api/v3/global_page_elements/${element.id}/preview`)).body;
      const mine = res.body.data.find((e: { id: string }) => e.id === element.id);
      expect(mine.relationships.components.data, element.id).toEqual(preview.data.relationships.components.data);
      // Each linked record of its components is included.
      for (const c of preview.included.filter((r: { type: string }) => r.type === 'components'))
        for (const rel of Object.values<{ data: { type: string; id: string } | { type: string; id: string }[] | null }>(c.relationships ?? {}))
          for (const target of [rel.data ?? []].flat()) if (target.type === 'images') expect(keys.has(`images:${target.id}`), `${c.id} → images:${target.id}`).toBe(true);
    }
    expect(res.body.data.some((e: any) => e.relationships.components.data.length > 0)).toBe(true);
    expect((await api.get(`/public/v1/current_page_elements?${q}&colour=red`, { token: null })).status).toBe(400);
  });

  it('serves standings and statistics to the public', async () => {
    const group = (await api.get(`/public/v1/groups?${q}`, { token: null })).body.data[0].id as string;
    const standings = await api.get(`/public/v1/groups/${group}/standings?${q}`, { token: null });
    expect(standings.status, standings.text).toBe(200);
    expect(standings.body.data.length).toBeGreaterThan(10);
    expect(standings.headers.get('surrogate-key')).toContain('umpire:c1:matches');
    expectOnlyPublic(standings.body, 'standings');
    const statistics = await api.get(`/public/v1/statistics?${q}&page[size]=5`, { token: null });
    expect(statistics.status, statistics.text).toBe(200);
    expectOnlyPublic(statistics.body, 'statistics');
    const match = (await api.get(`/public/v1/matches?${q}&filter[status]=finished&page[size]=1`, { token: null })).body.data[0].id as string;
    const stats = await api.get(`/public/v1/matches/${match}/stats?${q}`, { token: null });
    expect(stats.status, stats.text).toBe(200);
    expectOnlyPublic(stats.body, 'match stats');
  });

  it('describes the delivery API in its own OpenAPI, with public attributes only', async () => {
    const res = await api.get('/public/v1/openapi.json', { token: null });
    expect(res.status).toBe(200);
    const doc = res.body as { paths: Record<string, unknown>; components: { schemas: Record<string, { properties: { attributes: { properties: Record<string, unknown> } } }> } };
    for (const pm of routedPublicModels()) {
      expect(doc.paths[`/public/v1/${pm.model.path}`], pm.model.type).toBeDefined();
      const attributes = Object.keys(doc.components.schemas[pm.model.type].properties.attributes.properties).filter((a) => a !== 'updated_at');
      expect(attributes.sort(), pm.model.type).toEqual([...MAY_SHOW[pm.model.type]].sort());
    }
    expect(doc.paths['/public/v1/current_page']).toBeDefined();
    expect(doc.paths['/public/v1/fans']).toBeDefined();
    expect(Object.keys(doc.paths).every((p) => p.startsWith('/public/v1/'))).toBe(true);
  });
});
