// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { COMPONENT_KINDS, kindsForPageKind } from '@umpire/schema';
import {
  duplicateDraft,
  draftOf,
  fieldPathOf,
  fieldsOf,
  grabKey,
  hasChanges,
  initialSettings,
  insertDraft,
  issuesByField,
  linksOf,
  newDraft,
  paletteEntries,
  paletteKinds,
  planSave,
  plainText,
  relationshipsOf,
  richTextOf,
  serverIssuesByField,
  summaryOf,
  templateOf,
  templateRecordType,
  validateDraft,
  type Draft,
  type Owner,
} from './model';

const page = (pageKind: 'standard' | 'simple' = 'standard'): Owner => ({ type: 'pages', id: '1', pageKind });
const stored = (id: string, kind: string, settings: Record<string, unknown> = {}, relationships: Record<string, unknown> = {}) =>
  draftOf({ id, type: 'components', attributes: { kind, settings, updated_at: '2026-01-01T00:00:00.000Z' }, relationships: relationships as never });

describe('form model from the declaration', () => {
  it('gives every kind fields and links, with widgets by type', () => {
    for (const kind of COMPONENT_KINDS) expect(fieldsOf(kind).length + linksOf(kind).length, kind).toBeGreaterThan(0);
    const iframe = Object.fromEntries(fieldsOf('iframe').map((f) => [f.name, f]));
    expect(iframe.url).toMatchObject({ widget: 'url', required: true });
    expect(iframe.height.widget).toBe('integer');
    expect(iframe.allow_fullscreen.widget).toBe('switch');
    const news = Object.fromEntries(fieldsOf('news').map((f) => [f.name, f]));
    expect(news.list_mode).toMatchObject({ widget: 'select', choices: expect.arrayContaining(['latest', 'manual']) });
    expect(news.platforms).toMatchObject({ widget: 'multiselect', choices: ['web', 'mobile'] });
    const social = fieldsOf('social_media').find((f) => f.name === 'accounts')!;
    expect(social.widget).toBe('list');
    expect(social.item!.map((f) => [f.name, f.widget])).toEqual([['network', 'select'], ['url', 'url']]);
    expect(fieldsOf('text').find((f) => f.name === 'body')!.widget).toBe('richText');
    expect(fieldsOf('carousel')).toEqual([]);
  });

  it('marks links whose target does not exist yet as not pickable', () => {
    expect(linksOf('advertisement').find((l) => l.name === 'additional_asset')).toMatchObject({ target: 'additional_assets', pickable: false });
    // OTT formats are registered (issue 11): their components can pick them now.
    const format = linksOf('ott_format');
    expect(format.find((l) => l.name === 'format')).toMatchObject({ target: 'formats', required: true, pickable: true });
    expect(format.find((l) => l.name === 'image')).toMatchObject({ target: 'images', pickable: true });
    expect(linksOf('quiz').find((l) => l.name === 'quiz')).toMatchObject({ target: 'quizzes', required: true, pickable: true });
    expect(linksOf('gallery')[0]).toMatchObject({ name: 'images', many: true, max: 100 });
    // Surveys are registered: the builder offers them.
    expect(linksOf('survey').find((l) => l.name === 'survey')).toMatchObject({ target: 'surveys', required: true, pickable: true });
  });

  it('starts new components from the defaults, and the palette follows the page kind', () => {
    expect(initialSettings('iframe')).toEqual({ height: 480, allow_fullscreen: false });
    const draft = newDraft('club_list');
    expect(draft.links).toEqual({ clubs: [], competition_season: null });
    expect(paletteKinds(page('simple'))).toEqual(kindsForPageKind('simple'));
    expect(paletteKinds(page('simple'))).not.toContain('match_list');
    expect(paletteKinds({ type: 'global_page_elements', id: '1', area: 'branding' })).toEqual(['branding']);
    expect(paletteKinds({ type: 'pages', id: '1', pageKind: null })).toEqual([]);
  });

  it('offers the client\'s component types in their order, only those the owner may hold, or every allowed kind when it has none', () => {
    const type = (id: string, name: string, componentKind: string, position: number) => ({ id, name, componentKind, position, description: null });
    const types = [type('1', 'Tabela', 'group', 2), type('2', 'Tekst', 'text', 0), type('3', 'Akapit wyróżniony', 'text', 1), type('4', 'Mecze', 'match_list', 3)];
    expect(paletteEntries(page('standard'), types).map((e) => [e.name, e.kind])).toEqual([
      ['Tekst', 'text'],
      ['Akapit wyróżniony', 'text'],
      ['Tabela', 'group'],
      ['Mecze', 'match_list'],
    ]);
    // A simple page holds no tables or match lists.
    expect(paletteEntries(page('simple'), types).map((e) => e.name)).toEqual(['Tekst', 'Akapit wyróżniony']);
    expect(paletteEntries(page('simple'), []).map((e) => e.kind)).toEqual(kindsForPageKind('simple'));
    expect(paletteEntries(page('simple'), []).every((e) => e.name === null)).toBe(true);
  });
});

describe('validation and error mapping', () => {
  it('runs the shared validator with the server keys, by field', () => {
    const draft = newDraft('iframe');
    draft.settings.url = 'javascript:alert(1)';
    expect(issuesByField(validateDraft(draft, page()))).toEqual({ 'settings.url': { key: 'invalidWebsiteUrl' } });
    const image = newDraft('image');
    expect(issuesByField(validateDraft(image, page()))).toMatchObject({ 'links.image': { key: 'required' } });
    const social = newDraft('social_media');
    expect(issuesByField(validateDraft(social, page()))['settings.accounts'].key).toBe('atLeastOneItemRequired');
    social.settings.accounts = [{ network: 'x', url: 'ftp://x' }];
    expect(issuesByField(validateDraft(social, page()))).toEqual({ 'settings.accounts.0.url': { key: 'invalidWebsiteUrl' } });
    const match = newDraft('match_list');
    expect(issuesByField(validateDraft(match, page('simple'))).kind.key).toBe('componentKindNotAllowed');
    expect(issuesByField(validateDraft(newDraft('ott_format'), page()))).toEqual({ 'links.format': { key: 'required' } });
    expect(issuesByField(validateDraft(newDraft('quiz'), page()))).toEqual({ 'links.quiz': { key: 'required' } });
  });

  it("leaves a link empty on a template's page when the template's record fills it, and only there", () => {
    const onMatchTemplate: Owner = { type: 'pages', id: '1', pageKind: 'standard', template: 'match' };
    const match = newDraft('match');
    // An ordinary page demands the match; the match template's page takes its own.
    expect(issuesByField(validateDraft(match, page()))).toEqual({ 'links.match': { key: 'required' } });
    expect(validateDraft(match, onMatchTemplate)).toEqual([]);
    // A round needs its competition season and round: both follow from the page's match.
    expect(issuesByField(validateDraft(newDraft('round'), page()))).toEqual({ 'links.competition_season': { key: 'required' }, 'links.round': { key: 'required' } });
    expect(validateDraft(newDraft('round'), onMatchTemplate)).toEqual([]);
    // A club template fills the club, not a round.
    const onClubTemplate: Owner = { ...onMatchTemplate, template: 'club' };
    expect(validateDraft(newDraft('club'), onClubTemplate)).toEqual([]);
    expect(issuesByField(validateDraft(newDraft('round'), onClubTemplate))).toEqual({ 'links.competition_season': { key: 'required' }, 'links.round': { key: 'required' } });
    // An index template (news) has no record: nothing is filled.
    expect(issuesByField(validateDraft(newDraft('club'), { ...onMatchTemplate, template: 'news' }))).toEqual({ 'links.club': { key: 'required' } });

    // The editor's links say the same: optional, and filled by the template.
    const links = Object.fromEntries(linksOf('match', 'match').map((l) => [l.name, l]));
    expect(links.match).toMatchObject({ required: false, filledBy: 'match' });
    expect(links.competition_season).toMatchObject({ required: false, filledBy: 'match' });
    expect(links.match_live_image.filledBy).toBeUndefined();
    expect(linksOf('match').find((l) => l.name === 'match')).toMatchObject({ required: true });
    expect(linksOf('match').find((l) => l.name === 'match')?.filledBy).toBeUndefined();
  });

  it("previews a template's page with a record of its kind; an index or another page has none", () => {
    expect(templateRecordType({ type: 'pages', id: '1', pageKind: 'standard', template: 'match' })).toBe('matches');
    expect(templateRecordType({ type: 'pages', id: '1', pageKind: 'standard', template: 'competition_season' })).toBe('competition_seasons');
    expect(templateRecordType({ type: 'pages', id: '1', pageKind: 'standard', template: 'fixtures' })).toBeNull();
    expect(templateRecordType(page())).toBeNull();
    expect(templateOf({ type: 'global_page_elements', id: '1', area: 'header_footer' })).toBeNull();
  });

  it('puts server errors on the field their pointer names', () => {
    expect(fieldPathOf('/data/attributes/settings/url')).toBe('settings.url');
    expect(fieldPathOf('/data/attributes/settings/accounts/1/url')).toBe('settings.accounts.1.url');
    expect(fieldPathOf('/data/relationships/club/data/id')).toBe('links.club');
    expect(fieldPathOf('/data/attributes/kind')).toBe('kind');
    expect(fieldPathOf(undefined)).toBe('card');
    const issues = serverIssuesByField([
      { source: { pointer: '/data/relationships/image/data/id' }, meta: { key: 'notFound' }, detail: 'Nie ma takiego obrazu' },
      { source: { pointer: '/data/relationships/image' }, meta: { key: 'required' } },
      { detail: 'Coś' },
    ]);
    expect(issues).toEqual({ 'links.image': { key: 'notFound', detail: 'Nie ma takiego obrazu' }, card: { key: 'invalid', detail: 'Coś' } });
  });
});

describe('drafts and saves', () => {
  it('reads links of stored components and writes them back as relationships', () => {
    const club = stored('7', 'club', { title: 'Nasz' }, { club: { data: { type: 'clubs', id: '3' } }, club_image: { data: null }, quiz: { data: null } });
    expect(club.links).toEqual({ club: '3', club_image: null, background_photo: null });
    expect(relationshipsOf(club)).toEqual({ club: { data: { type: 'clubs', id: '3' } }, club_image: { data: null }, background_photo: { data: null } });
    const format = newDraft('ott_format');
    expect(Object.keys(relationshipsOf(format))).toEqual(['format', 'image']);
    // A link that cannot be picked yet is never written.
    expect(Object.keys(relationshipsOf(newDraft('advertisement')))).toEqual(['image']);
  });

  it('plans deletes, writes of changed components, creates at their place and one reorder', () => {
    const a = stored('1', 'text', { format: 'plain', body: 'A' });
    const b = stored('2', 'text', { format: 'plain', body: 'B' });
    const c = stored('3', 'text', { format: 'plain', body: 'C' });
    const server = ['1', '2', '3'];
    expect(hasChanges(server, [a, b, c], [])).toBe(false);
    expect(planSave(server, [a, b, c], [])).toEqual({ deletes: [], updates: [], creates: [], reorder: false });
    // Only the order changed.
    expect(planSave(server, [b, a, c], [])).toMatchObject({ updates: [], reorder: true });
    // One edited, one removed (the rest keeps its order), one added after the first.
    const edited: Draft = { ...b, settings: { ...b.settings, body: 'B2' } };
    const added = newDraft('iframe');
    const list = insertDraft([a, edited], added, '1');
    expect(list.map((d) => d.key)).toEqual(['1', added.key, '2']);
    const plan = planSave(server, list, ['3']);
    expect(plan.deletes).toEqual(['3']);
    expect(plan.updates.map((d) => d.id)).toEqual(['2']);
    expect(plan.creates).toEqual([{ draft: added, index: 1 }]);
    expect(plan.reorder).toBe(true);
    expect(planSave(server, [a, b], ['3']).reorder).toBe(false);
    // An emptied text is no change from an absent one.
    const blank: Draft = { ...a, settings: { ...a.settings, extra: '' } };
    expect(planSave(server, [blank, b, c], []).updates).toEqual([]);
  });

  it('duplicates a component as a new draft with copies of its fields and links', () => {
    const club = stored('7', 'club', { title: 'Nasz', layout: 'vertical' }, { club: { data: { type: 'clubs', id: '3' } } });
    const copy = duplicateDraft(club);
    expect(copy).toMatchObject({ id: null, saved: null, kind: 'club', settings: { title: 'Nasz', layout: 'vertical' }, links: { club: '3' } });
    expect(copy.key).not.toBe(club.key);
    // Editing the copy leaves the original alone.
    copy.settings.title = 'Inny';
    expect(club.settings.title).toBe('Nasz');
    expect(planSave(['7'], insertDraft([club], copy, '7'), []).creates).toEqual([{ draft: copy, index: 1 }]);
  });

  it('inserts at the end when nothing is selected', () => {
    const a = stored('1', 'text');
    const n = newDraft('text');
    expect(insertDraft([a], n).map((d) => d.key)).toEqual(['1', n.key]);
    expect(insertDraft([a], n, 'missing').map((d) => d.key)).toEqual(['1', n.key]);
  });
});

describe('texts of cards', () => {
  it('summarises a component by its first filled text, shortened', () => {
    expect(summaryOf({ settings: { title: 'Tabela', body: 'x' } })).toBe('Tabela');
    expect(summaryOf({ settings: { body: richTextOf('Pierwszy akapit\n\nDrugi') } })).toBe('Pierwszy akapit Drugi');
    expect(summaryOf({ settings: { quote: 'a'.repeat(100) } }, 10)).toBe(`${'a'.repeat(9)}…`);
    expect(summaryOf({ settings: {} })).toBe('');
  });

  it('turns paragraphs into a rich-text document and back', () => {
    const doc = richTextOf('Jeden\nlinia\n\nDwa');
    expect(doc.content).toHaveLength(2);
    expect(plainText(doc)).toBe('Jeden\nlinia\n\nDwa');
    expect(richTextOf('  \n\n ').content).toEqual([]);
  });
});

describe('keyboard reordering', () => {
  const keyOf = (s: string) => s;
  it('picks up, moves with arrows, drops, and puts back on Escape', () => {
    let r = grabKey(['a', 'b', 'c'], keyOf, null, 'a', 'ArrowDown');
    expect(r.event).toBeNull();
    r = grabKey(['a', 'b', 'c'], keyOf, null, 'a', ' ');
    expect(r).toMatchObject({ grab: { key: 'a', from: 0 }, event: 'picked', position: 1 });
    r = grabKey(r.items, keyOf, r.grab, 'a', 'ArrowDown');
    expect(r).toMatchObject({ items: ['b', 'a', 'c'], event: 'moved', position: 2 });
    r = grabKey(r.items, keyOf, r.grab, 'a', 'ArrowDown');
    expect(r.items).toEqual(['b', 'c', 'a']);
    // Past the end nothing moves.
    r = grabKey(r.items, keyOf, r.grab, 'a', 'ArrowDown');
    expect(r).toMatchObject({ items: ['b', 'c', 'a'], position: 3 });
    const cancelled = grabKey(r.items, keyOf, r.grab, 'a', 'Escape');
    expect(cancelled).toMatchObject({ grab: null, items: ['a', 'b', 'c'], event: 'cancelled', position: 1 });
    const dropped = grabKey(r.items, keyOf, r.grab, 'a', 'Enter');
    expect(dropped).toMatchObject({ grab: null, items: ['b', 'c', 'a'], event: 'dropped', position: 3 });
  });
});
