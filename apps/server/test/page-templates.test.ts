import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * Pages made from the data (issue 40): a template's page delivered for a record, its components'
 * empty links filled with the record; what is not public (another league's record, a template
 * page not published) is a 404, and the parameters are checked.
 */
let api: TestServer;
const pub = (query: string) => api.get(`/public/v1/current_page?client=ekstraklasa-demo&${query}`, { token: null });
const link = (type: string, id: string | null) => ({ data: id === null ? null : { type, id: String(id) } });
type Doc = { data: any; included: any[]; meta: any; errors?: any[] };
const componentsOf = (doc: Doc) => doc.included.filter((r) => r.type === 'components');
const linkOf = (component: any, name: string) => component.relationships?.[name]?.data?.id ?? null;

let match: any;
let otherClub: any;
let club: any;
beforeAll(async () => {
  api = await startTestServer();
  match = (await api.get('/api/v3/matches?sort=id&page[size]=1')).body.data[0];
  club = (await api.get('/api/v3/clubs?sort=id&page[size]=1')).body.data[0];
  otherClub = (await api.get('/api/v3/clubs?sort=id&page[size]=1', { token: await api.token('other-admin') })).body.data[0];
});
afterAll(() => api?.close());

describe('template pages', () => {
  it("delivers the match template for a match: its components take the match, its round's season and a group", async () => {
    const res = await pub(`template=match&record=${match.id}&include=auto&locale=pl`);
    expect(res.status, res.text).toBe(200);
    const doc = res.body as Doc;
    expect(doc.meta.template).toEqual({ kind: 'match', record: { type: 'matches', id: match.id } });
    const [matchComponent] = componentsOf(doc).filter((c) => c.attributes.kind === 'match');
    expect(linkOf(matchComponent, 'match')).toBe(match.id);
    const round = (await api.get(`/api/v3/rounds/${match.relationships.round.data.id}?include=stage`)).body;
    expect(linkOf(matchComponent, 'competition_season')).toBe(round.included[0].relationships.competition_season.data.id);
    // The record, its two sides (their clubs: what the page's title and address are made of) and its incidents.
    const has = (type: string, id: string) => doc.included.some((r) => r.type === type && r.id === id);
    expect(has('matches', match.id)).toBe(true);
    expect(has('squads', match.relationships.home_squad.data.id) && has('squads', match.relationships.away_squad.data.id)).toBe(true);
    expect(doc.included.some((r) => r.type === 'clubs')).toBe(true);
    const [group] = componentsOf(doc).filter((c) => c.attributes.kind === 'group');
    expect(linkOf(group, 'group')).not.toBeNull();
    expect(doc.meta.include).toEqual(expect.arrayContaining(['incidents', 'lineups', 'standings']));
  });

  it('delivers the club template for a club with its squad of the current season', async () => {
    const res = await pub(`template=club&record=${club.id}&include=auto`);
    expect(res.status, res.text).toBe(200);
    const components = componentsOf(res.body);
    expect(components.filter((c) => c.attributes.kind === 'club').map((c) => linkOf(c, 'club'))).toEqual([club.id]);
    const squadId = linkOf(components.find((c) => c.attributes.kind === 'squad'), 'squad');
    const squad = (await api.get(`/api/v3/squads/${squadId}?include=team,season`)).body;
    expect(squad.included.find((r: any) => r.type === 'teams').relationships.club.data.id).toBe(club.id);
    expect(squad.included.find((r: any) => r.type === 'seasons').attributes.is_current).toBe(true);
    // A link staff set stays theirs: the match list keeps its fixed season and takes the club.
    const list = components.find((c) => c.attributes.kind === 'match_list');
    expect(linkOf(list, 'club')).toBe(club.id);
    expect(linkOf(list, 'competition_season')).not.toBeNull();
  });

  it('delivers the table template for a competition season and the news index without a record', async () => {
    const cs = (await api.get('/api/v3/competition_seasons?filter[is_current]=true&sort=id&page[size]=1')).body.data[0];
    const table = await pub(`template=competition_season&record=${cs.id}&include=auto`);
    expect(table.status, table.text).toBe(200);
    expect(componentsOf(table.body).map((c) => linkOf(c, 'competition_season'))).toEqual(componentsOf(table.body).map(() => cs.id));
    expect(table.body.included.some((r: any) => r.type === 'standings')).toBe(true);
    const news = await pub('template=news');
    expect(news.status, news.text).toBe(200);
    expect(news.body.meta.template).toEqual({ kind: 'news', record: null });
  });

  it("answers 404 for another league's record, an unknown record, and a template with no published page", async () => {
    const other = await pub(`template=club&record=${otherClub.id}`);
    expect(other.status).toBe(404);
    expect(JSON.stringify(other.body)).not.toContain('Springfield');
    expect((await pub('template=club&record=999999')).status).toBe(404);
    // Another league has no templates at all.
    const none = await api.get(`/public/v1/current_page?client=other-league&template=club&record=${club.id}`, { token: null });
    expect([400, 404]).toContain(none.status);
    expect(JSON.stringify(none.body)).not.toContain('"clubs"');
    // Another league's club template whose only page is a draft: its readers get a 404, its editor's preview the page.
    const theirs = await api.token('other-admin');
    const type = await api.post('/api/v3/page_types', { data: { type: 'page_types', attributes: { name: 'Szablon klubu (szkic)', kind: 'regular', template_kind: 'club' } } }, { token: theirs });
    expect(type.status, type.text).toBe(201);
    const page = await api.post(
      '/api/v3/pages',
      { data: { type: 'pages', attributes: { title: 'Klub', slug: 'szablony/klub-szkic', status: 'draft' }, relationships: { page_type: link('page_types', type.body.data.id) } } },
      { token: theirs },
    );
    expect(page.status, page.text).toBe(201);
    const draft = await api.get(`/public/v1/current_page?client=other-league&template=club&record=${otherClub.id}`, { token: null });
    expect(draft.status).toBe(404);
    expect(draft.body.errors[0].detail).toBe('No published page is a template for "club".');
    const preview = await api.get(`/api/v3/current_page?template=club&record=${otherClub.id}&preview=true`, { token: theirs });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.meta.template.record).toEqual({ type: 'clubs', id: otherClub.id });
    // Another league designs its player template before it has any player: the preview shows the page without one.
    const theirType = await api.post('/api/v3/page_types', { data: { type: 'page_types', attributes: { name: 'Zawodnik', kind: 'regular', template_kind: 'player' } } }, { token: theirs });
    const theirPage = await api.post(
      '/api/v3/pages',
      { data: { type: 'pages', attributes: { title: 'Zawodnik', slug: 'zawodnik' }, relationships: { page_type: link('page_types', theirType.body.data.id) } } },
      { token: theirs },
    );
    const empty = await api.post(`/api/v3/pages/${theirPage.body.data.id}/preview`, { data: [] }, { token: theirs });
    expect(empty.status, empty.text).toBe(200);
    expect(empty.body.meta.template).toEqual({ kind: 'player', record: null });
  });

  it('checks its parameters', async () => {
    const bad = async (query: string, parameter: string) => {
      const res = await pub(query);
      expect(res.status, `${query}: ${res.text}`).toBe(400);
      expect(res.body.errors[0].source.parameter).toBe(parameter);
    };
    await bad('template=stadium&record=1', 'template');
    await bad('template=match&record=abc', 'record');
    await bad('template=match', 'record');
    await bad(`template=match&record=${match.id}&slug=strona-glowna`, 'slug');
    await bad('template=news&record=1', 'record');
    await bad('slug=strona-glowna&record=1', 'record');
  });
});

describe('components of a template page', () => {
  it('may leave empty the links the record fills, and only those', async () => {
    const type = await api.post('/api/v3/page_types', { data: { type: 'page_types', attributes: { name: 'Szablon meczu 2', kind: 'irregular', template_kind: 'match' } } });
    const plain = await api.post('/api/v3/page_types', { data: { type: 'page_types', attributes: { name: 'Zwykła strona meczu', kind: 'irregular' } } });
    const pageOf = async (typeId: string, slug: string) =>
      (await api.post('/api/v3/pages', { data: { type: 'pages', attributes: { title: slug, slug }, relationships: { page_type: link('page_types', typeId) } } })).body.data.id;
    const templatePage = await pageOf(type.body.data.id, 'szablony/mecz-2');
    const plainPage = await pageOf(plain.body.data.id, 'mecz-bez-szablonu');
    const matchComponent = (pageId: string) =>
      api.post('/api/v3/components', { data: { type: 'components', attributes: { kind: 'match', index: 0, settings: {} }, relationships: { page: link('pages', pageId) } } });
    expect((await matchComponent(templatePage)).status).toBe(201);
    const refused = await matchComponent(plainPage);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.map((e: any) => e.source.pointer)).toContain('/data/relationships/match');
    // A link the record does not fill is still demanded: a quiz component's quiz.
    const squadOnMatch = await api.post('/api/v3/components', {
      data: { type: 'components', attributes: { kind: 'squad', index: 1, settings: {} }, relationships: { page: link('pages', templatePage) } },
    });
    expect(squadOnMatch.status).toBe(422);
    expect(squadOnMatch.body.errors.map((e: any) => e.source.pointer)).toContain('/data/relationships/squad');
    // The type stays a match template while its page's match component takes the page's match.
    const typeId = type.body.data.id;
    for (const attributes of [{ template_kind: null }, { template_kind: 'club' }]) {
      const refused = await api.patch(`/api/v3/page_types/${typeId}`, { data: { type: 'page_types', id: typeId, attributes } });
      expect(refused.status, refused.text).toBe(422);
      expect(refused.body.errors[0].source.pointer).toBe('/data/attributes/template_kind');
      expect(refused.body.errors[0].detail).toMatch(/1 component /);
      expect(refused.body.errors[0].meta).toEqual({ key: 'pageTypeInUse', params: { count: 1 } });
    }
    // A kind that does not take a match component is refused for the same reason.
    const simple = await api.patch(`/api/v3/page_types/${typeId}`, { data: { type: 'page_types', id: typeId, attributes: { kind: 'simple' } } });
    expect(simple.status).toBe(422);
    expect(simple.body.errors[0].source.pointer).toBe('/data/attributes/kind');
    // A plain type with no components changes freely, and its name always.
    expect((await api.patch(`/api/v3/page_types/${typeId}`, { data: { type: 'page_types', id: typeId, attributes: { name: 'Szablon meczu (nowy)' } } })).status).toBe(200);
    expect((await api.patch(`/api/v3/page_types/${plain.body.data.id}`, { data: { type: 'page_types', id: plain.body.data.id, attributes: { template_kind: 'match' } } })).status).toBe(200);
  });

  it("previews a template's page with the record staff pick, else one the server picks", async () => {
    const page = (await api.get('/api/v3/pages?filter[slug]=szablony/mecz')).body.data[0];
    const picked = await api.post(`/api/v3/pages/${page.id}/preview?record=${match.id}`, { data: [] });
    expect(picked.status, picked.text).toBe(200);
    expect(picked.body.meta.template).toEqual({ kind: 'match', record: { type: 'matches', id: match.id } });
    const chosen = await api.post(`/api/v3/pages/${page.id}/preview`, { data: [] });
    expect(chosen.status, chosen.text).toBe(200);
    expect(chosen.body.meta.template.record.type).toBe('matches');
    const unknown = await api.post(`/api/v3/pages/${page.id}/preview?record=999999`, { data: [] });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0].source).toEqual({ parameter: 'record' });
    const home = (await api.get('/api/v3/pages?filter[slug]=strona-glowna')).body.data[0];
    const notTemplate = await api.post(`/api/v3/pages/${home.id}/preview?record=${match.id}`, { data: [] });
    expect(notTemplate.status).toBe(400);
    expect(notTemplate.body.errors[0].source.parameter).toBe('record');
  });
});
