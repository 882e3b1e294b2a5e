import { describe, expect, it } from 'vitest';
import { COMPONENT_TYPES } from '../enums';
import { RESOURCES, resourceByType } from '../registry';
import { EMBED_KINDS } from '../rich-text';
import { VALIDATION_KEYS } from '../validators';
import { COMPONENT_KIND_DEFS, LINK_CATALOGUE, PAGE_KIND_INCLUDE_SETS, kindsForArea, kindsForPageKind } from './component-kinds';
import { isLinkTargetAvailable, linksOfKind, usableKinds } from './links';
import { reindex, sortByIndex } from './ordering';
import { validateComponent } from './validate-component';

const SPEC_LINKS = [
  'additional_asset', 'background_photo', 'club', 'club_image', 'format', 'playlist', 'image', 'competition', 'season', 'survey', 'quiz',
  'schedule', 'group', 'round', 'squad', 'competition_season', 'match_live_image', 'match_pending_image', 'publication_category',
  'match_predictor_ranking',
];
const onPage = (pageKind: 'standard' | 'simple' | 'regular' | 'promo' | 'irregular' = 'standard') => ({ owner: 'page' as const, pageKind });
const doc = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

describe('component kinds', () => {
  it('lets articles hold exactly the kinds their text may embed (spec §3)', () => {
    const inArticles = Object.values(COMPONENT_KIND_DEFS).filter((d) => d.owners.includes('article')).map((d) => d.kind);
    expect([...inArticles].sort()).toEqual([...EMBED_KINDS].sort());
  });

  it('declares each of the 34 kinds of spec §3, the site\'s main menu and the player profile, once, with a usable place', () => {
    expect(Object.keys(COMPONENT_KIND_DEFS).sort()).toEqual([...COMPONENT_TYPES].sort());
    expect(COMPONENT_TYPES).toHaveLength(36);
    for (const def of Object.values(COMPONENT_KIND_DEFS)) {
      expect(def.owners.length, def.kind).toBeGreaterThan(0);
      if (def.owners.includes('page')) expect(def.pageKinds.length, def.kind).toBeGreaterThan(0);
      if (def.owners.includes('global_page_element')) expect(def.areas.length, def.kind).toBeGreaterThan(0);
      for (const name of Object.keys(def.links)) expect(LINK_CATALOGUE, `${def.kind}.${name}`).toHaveProperty(name);
      for (const field of Object.values(def.fields)) if (field.type === 'enum' || field.type === 'enum_list') expect(field.enum?.length).toBeGreaterThan(0);
    }
  });

  it('declares every link of spec §3', () => {
    for (const name of SPEC_LINKS) expect(LINK_CATALOGUE).toHaveProperty(name);
  });

  it('declares the player profile: one required player, on the pages about football, drawn from the player alone', () => {
    const def = COMPONENT_KIND_DEFS.player;
    expect(def.links).toEqual({ player: { required: true } });
    expect(LINK_CATALOGUE.player.target).toBe('players');
    expect(Object.keys(def.fields).sort()).toEqual(['layout', 'title']);
    expect(def.owners).toEqual(['page']);
    expect(kindsForPageKind('regular')).toContain('player');
    expect(kindsForPageKind('simple')).not.toContain('player');
    expect(usableKinds()).toContain('player');
    expect(validateComponent({ kind: 'player', index: 0, settings: { title: 'Kapitan', layout: 'horizontal' }, links: { player: '7' } }, onPage('regular'))).toEqual([]);
    expect(validateComponent({ kind: 'player', index: 0, settings: {} }, onPage('regular')).map((i) => i.key)).toContain('required');
    // On a player template's page, the page's player fills it.
    expect(validateComponent({ kind: 'player', index: 0, settings: {} }, { ...onPage('regular'), template: 'player' })).toEqual([]);
  });

  it('answers which kinds a page kind or an area may hold', () => {
    expect(kindsForPageKind('simple')).toContain('text');
    expect(kindsForPageKind('simple')).not.toContain('match_list');
    expect(kindsForPageKind('standard')).not.toContain('page_header');
    expect(kindsForArea('header_footer')).toEqual(expect.arrayContaining(['page_header', 'page_footer']));
    expect(kindsForArea('branding')).toEqual(['branding']);
    expect(PAGE_KIND_INCLUDE_SETS.simple).toEqual([]);
  });
});

describe('link targets', () => {
  it('makes a target pickable when, and only when, its resource is registered', () => {
    expect(isLinkTargetAvailable('clubs')).toBe(true);
    expect(isLinkTargetAvailable('quizzes')).toBe(true);
    expect(isLinkTargetAvailable('formats')).toBe(resourceByType('formats') !== undefined);
    expect(isLinkTargetAvailable('formats')).toBe(true);
    expect(isLinkTargetAvailable('schedules')).toBe(false);
    const registered = new Set(RESOURCES.map((r) => r.type));
    for (const def of Object.values(COMPONENT_KIND_DEFS))
      for (const link of linksOfKind(def)) expect(link.pickable, `${def.kind}.${link.name}`).toBe(registered.has(link.target));
  });

  it('offers only the kinds whose required links can be picked', () => {
    expect(usableKinds()).toContain('club');
    expect(usableKinds()).toContain('quiz');
    // OTT formats are registered (issue 11): the builder offers their components.
    expect(usableKinds()).toContain('ott_format');
  });
});

describe('validateComponent', () => {
  it('accepts a complete text component', () => {
    expect(validateComponent({ kind: 'text', index: 0, settings: { format: 'rich', body: doc('Witamy') } }, onPage())).toEqual([]);
    expect(validateComponent({ kind: 'text', index: 3, settings: { format: 'plain', body: 'Witamy' } }, onPage('simple'))).toEqual([]);
  });

  it('rejects an unknown kind and a missing kind', () => {
    expect(validateComponent({ kind: 'carousel' }, onPage())).toEqual([{ pointer: '/data/attributes/kind', field: 'kind', key: 'invalidEnum' }]);
    expect(validateComponent({ kind: undefined }, onPage())[0]?.key).toBe('required');
  });

  it('rejects a negative or fractional index', () => {
    const issue = (index: unknown) => validateComponent({ kind: 'text', index, settings: { body: 'x', format: 'plain' } }, onPage()).map((i) => i.key);
    expect(issue(-1)).toEqual(['min']);
    expect(issue(1.5)).toEqual(['invalidType']);
    expect(issue('2')).toEqual(['invalidType']);
  });

  it('refuses a kind that the page kind or area does not allow', () => {
    const notAllowed = validateComponent({ kind: 'match_list', settings: { match_list: 'all' }, links: { competition_season: '1' } }, onPage('simple'));
    expect(notAllowed.map((i) => i.key)).toEqual(['componentKindNotAllowed']);
    expect(notAllowed[0]?.params).toEqual({ kind: 'match_list', place: 'simple' });
    expect(validateComponent({ kind: 'branding', settings: { name: 'Liga' }, links: { image: '4' } }, { owner: 'global_page_element', area: 'header_footer' })[0]?.key).toBe(
      'componentKindNotAllowed',
    );
    expect(validateComponent({ kind: 'branding', settings: { name: 'Liga' }, links: { image: '4' } }, { owner: 'global_page_element', area: 'branding' })).toEqual([]);
  });

  it('checks fields with the shared validators and keys', () => {
    const keys = (settings: Record<string, unknown>) => validateComponent({ kind: 'iframe', settings }, onPage()).map((i) => `${i.pointer}:${i.key}`);
    expect(keys({})).toEqual(['/data/attributes/settings/url:required']);
    expect(keys({ url: 'ftp://example.com' })).toEqual(['/data/attributes/settings/url:invalidWebsiteUrl']);
    expect(keys({ url: 'https://example.com', height: 10 })).toEqual(['/data/attributes/settings/height:min']);
    expect(keys({ url: 'https://example.com', colour: 'red' })).toEqual(['/data/attributes/settings/colour:unknownAttribute']);
    expect(keys({ url: 'https://example.com', height: '100' })).toEqual(['/data/attributes/settings/height:invalidType']);
  });

  it('needs at least one social media account, each with a valid address', () => {
    const keys = (accounts: unknown) => validateComponent({ kind: 'social_media', settings: { accounts } }, onPage()).map((i) => `${i.pointer}:${i.key}`);
    expect(keys([])).toEqual(['/data/attributes/settings/accounts:atLeastOneItemRequired']);
    expect(keys(undefined)).toEqual(['/data/attributes/settings/accounts:atLeastOneItemRequired']);
    expect(keys([{ network: 'facebook', url: 'javascript:alert(1)' }])).toEqual(['/data/attributes/settings/accounts/0/url:invalidWebsiteUrl']);
    expect(keys([{ network: 'myspace', url: 'https://x.com/liga' }])).toEqual(['/data/attributes/settings/accounts/0/network:invalidEnum']);
    expect(keys([{ network: 'x', url: 'https://x.com/liga' }])).toEqual([]);
  });

  it('requires a custom link address only for custom links (conditional validator)', () => {
    const keys = (s: Record<string, unknown>) => validateComponent({ kind: 'image', settings: s, links: { image: '1' } }, onPage()).map((i) => i.key);
    expect(keys({ link_type: 'article' })).toEqual([]);
    expect(keys({ link_type: 'custom_link' })).toEqual(['required']);
    expect(keys({ link_type: 'custom_link', link_url: 'https://liga.pl' })).toEqual([]);
  });

  it('rejects an empty rich text and a rich text that is not a document', () => {
    expect(validateComponent({ kind: 'text', settings: { body: doc('   ') } }, onPage()).map((i) => i.key)).toEqual(['required']);
    expect(validateComponent({ kind: 'text', settings: { body: '<p>x</p>' } }, onPage()).map((i) => i.key)).toEqual(['invalidType']);
  });

  it('checks links: declared, one or many, required, well-formed, at most max', () => {
    const keys = (links: Record<string, unknown>) =>
      validateComponent({ kind: 'match_list', settings: { match_list: 'all' }, links: links as never }, onPage()).map((i) => `${i.pointer}:${i.key}`);
    expect(keys({})).toEqual(['/data/relationships/competition_season:required']);
    expect(keys({ competition_season: { type: 'competition_seasons', id: '7' } })).toEqual([]);
    expect(keys({ competition_season: { type: 'clubs', id: '7' } })).toEqual(['/data/relationships/competition_season/data/type:invalidType']);
    expect(keys({ competition_season: '7', quiz: '1' })).toEqual(['/data/relationships/quiz:unknownLink']);
    expect(keys({ competition_season: ['7'] })).toEqual(['/data/relationships/competition_season/data:invalidType']);
    expect(keys({ competition_season: '-3' })).toEqual(['/data/relationships/competition_season/data:notFound']);
    const tooMany = Array.from({ length: 41 }, (_, i) => String(i + 1));
    expect(validateComponent({ kind: 'club_list', links: { clubs: tooMany } }, onPage()).map((i) => `${i.pointer}:${i.key}`)).toEqual([
      '/data/relationships/clubs/data:maxLength',
    ]);
  });

  it('refuses links to targets that cannot be picked yet, and does not demand them', () => {
    // As before OTT formats were registered: a target that is not (yet) available.
    const withoutFormats = (target: string) => target !== 'formats' && isLinkTargetAvailable(target);
    const issues = validateComponent({ kind: 'ott_format', settings: {}, links: { format: '5' } }, onPage(), { isTargetAvailable: withoutFormats });
    expect(issues.map((i) => i.key)).toEqual(['linkNotAvailable']);
    expect(validateComponent({ kind: 'ott_format', settings: {} }, onPage(), { isTargetAvailable: withoutFormats })).toEqual([]);
    expect(validateComponent({ kind: 'ott_format', settings: {} }, onPage(), { isTargetAvailable: isLinkTargetAvailable }).map((i) => i.key)).toEqual(['required']);
  });

  it('uses only keys that both sides translate', () => {
    const all = [
      validateComponent({ kind: 'text', index: -1, settings: { body: 1, x: 1 } }, onPage()),
      validateComponent({ kind: 'social_media', settings: { accounts: [1] } }, { owner: 'article' }),
    ].flat();
    for (const issue of all) expect(VALIDATION_KEYS).toContain(issue.key);
  });
});

describe('ordering', () => {
  it('sorts by index, items without a valid non-negative index first, stably', () => {
    const items = [{ id: 'a', index: 2 }, { id: 'b', index: -1 }, { id: 'c', index: 0 }, { id: 'd' }, { id: 'e', index: 2 }, { id: 'f', index: 1.5 }];
    expect(sortByIndex(items).map((i) => i.id)).toEqual(['b', 'd', 'f', 'c', 'a', 'e']);
    expect(sortByIndex([])).toEqual([]);
  });

  it('reindexes from zero', () => {
    expect(reindex([{ id: 'x', index: 9 }, { id: 'y', index: 3 }])).toEqual([{ id: 'x', index: 0 }, { id: 'y', index: 1 }]);
  });
});
