import {
  CONTENT_KINDS, DATA_SOURCES, FILTER_KINDS, HIERARCHY_LEVELS, LAYOUTS, LINK_TYPES, LIST_MODES, MATCH_LISTS,
  PAGE_INCLUDE_SETS, PLATFORMS, PLAYLIST_FILTER_KINDS,
} from '../enums';
import { Validators, type Validator } from '../validators';
import {
  AD_FORMATS, COMPONENT_KINDS, PAGE_KINDS, SOCIAL_NETWORKS, TEXT_FORMATS,
  type ComponentKind, type ComponentOwnerType, type PageArea, type PageKind,
} from './enums';
import { MENU_LABEL_MAX_LENGTH, MENU_MAX_ITEMS, MENU_MAX_SUB_ITEMS } from './menu';

/**
 * Every component kind of spec §3, declared once: its fields (kept in `settings`), its links (to
 * other records, kept in the component links table), where it may be used, and the enumerations
 * that apply. The server validates and resolves components from this, the admin's page builder
 * draws its forms from it, and `/current_page` follows from it.
 */

export type ComponentFieldType =
  | 'string'
  | 'text'
  /** Structured rich text (the editor's JSON document) or a plain text, per `format`. */
  | 'rich_text'
  | 'url'
  | 'integer'
  | 'boolean'
  | 'enum'
  /** Several values of an enumeration. */
  | 'enum_list'
  | 'datetime'
  /** A list of small objects, each with its own fields (social media accounts, filters). */
  | 'object_list'
  /** The id of one of the league's builder pages (where a menu item leads). */
  | 'page';

export interface ComponentFieldDef {
  type: ComponentFieldType;
  required?: boolean;
  /** Allowed values of `enum` and `enum_list` fields. */
  enum?: readonly string[];
  /** Extra validators of spec §5 (failure keys shared with forms and the API). */
  validators?: readonly Validator[];
  /** Value the builder starts from and the reader assumes when the field is absent. */
  default?: unknown;
  /** Fields of each item of an `object_list` (none: only its validators say what it may hold). */
  item?: Record<string, ComponentFieldDef>;
  /** Checked but not edited: a place that must stay empty (a sub-item's own sub-items). */
  hidden?: boolean;
}

/**
 * The links a component may have, by name (spec §3's list, plus a few the components below
 * need: a match, several clubs, images, products, formats, playlists, a video). `target` is the
 * JSON:API type of the linked record. A target whose resource is not registered yet (quizzes,
 * surveys, OTT formats…) is declared here already; it becomes pickable once its resource is
 * registered (see `isLinkTargetAvailable` in links.ts).
 */
export const LINK_CATALOGUE = {
  additional_asset: { target: 'additional_assets' },
  background_photo: { target: 'images' },
  club: { target: 'clubs' },
  club_image: { target: 'images' },
  format: { target: 'formats' },
  playlist: { target: 'playlists' },
  image: { target: 'images' },
  competition: { target: 'competitions' },
  season: { target: 'seasons' },
  survey: { target: 'surveys' },
  quiz: { target: 'quizzes' },
  schedule: { target: 'schedules' },
  group: { target: 'groups' },
  round: { target: 'rounds' },
  squad: { target: 'squads' },
  competition_season: { target: 'competition_seasons' },
  match_live_image: { target: 'images' },
  match_pending_image: { target: 'images' },
  publication_category: { target: 'publication_categories' },
  match_predictor_ranking: { target: 'match_predictor_rankings' },
  // Beyond the specification's list, needed by the kinds below.
  match: { target: 'matches' },
  // The player a player profile shows (on a player template, the page's own).
  player: { target: 'players' },
  clubs: { target: 'clubs', many: true },
  images: { target: 'images', many: true },
  products: { target: 'products', many: true },
  formats: { target: 'formats', many: true },
  playlists: { target: 'playlists', many: true },
  video: { target: 'videos' },
  // OTT events an `events` component shows, in the editor's order.
  events: { target: 'ott_events', many: true },
} as const satisfies Record<string, { target: string; many?: boolean }>;
export type LinkName = keyof typeof LINK_CATALOGUE;
export const LINK_NAMES = Object.keys(LINK_CATALOGUE) as LinkName[];

export interface ComponentLinkDef {
  required?: boolean;
  /** Most records of a `many` link. */
  max?: number;
}

export interface ComponentKindDef {
  kind: ComponentKind;
  fields: Record<string, ComponentFieldDef>;
  links: Partial<Record<LinkName, ComponentLinkDef>>;
  /** What may own it. */
  owners: readonly ComponentOwnerType[];
  /** Page kinds whose pages may hold it (owner `page`). */
  pageKinds: readonly PageKind[];
  /** Areas of global page elements that may hold it (owner `global_page_element`). */
  areas: readonly PageArea[];
  /** Resource include sets (spec §3) this component makes a site load with the page. */
  includeSets?: readonly (typeof PAGE_INCLUDE_SETS)[number][];
}

const ALL_PAGES: readonly PageKind[] = PAGE_KINDS;
/** Pages about football: fixtures, tables, clubs. */
const FOOTBALL_PAGES: readonly PageKind[] = ['standard', 'regular', 'irregular'];
/** Pages that sell or stream: promotions and the OTT hub. */
const VIDEO_PAGES: readonly PageKind[] = ['standard', 'promo', 'irregular'];
const EDITORIAL_PAGES: readonly PageKind[] = ['standard', 'regular', 'promo', 'simple'];

const title = (max = 160): ComponentFieldDef => ({ type: 'string', validators: [Validators.notBlank(), Validators.maxLength(max)] });
const requiredTitle = (max = 160): ComponentFieldDef => ({ ...title(max), required: true });
const layout: ComponentFieldDef = { type: 'enum', enum: LAYOUTS, default: 'default' };
const listMode: ComponentFieldDef = { type: 'enum', enum: LIST_MODES, default: 'latest' };
const limit = (max = 50, def = 6): ComponentFieldDef => ({ type: 'integer', default: def, validators: [Validators.min(1), Validators.max(max)] });
const platforms: ComponentFieldDef = { type: 'enum_list', enum: PLATFORMS, default: ['web', 'mobile'] };
const dataSource: ComponentFieldDef = { type: 'enum', enum: DATA_SOURCES, default: 'opta' };
const url = (required = false): ComponentFieldDef => ({ type: 'url', required, validators: [Validators.websiteUrl(), Validators.maxLength(2048)] });
/** A call to action: where it leads (another page's type, an article or any address). */
const cta: Record<string, ComponentFieldDef> = {
  link_type: { type: 'enum', enum: LINK_TYPES },
  link_label: title(60),
  link_url: {
    type: 'url',
    validators: [
      Validators.websiteUrl(),
      Validators.conditional((parent) => parent.link_type === 'custom_link', Validators.required()),
    ],
  },
  link_target: { type: 'string', validators: [Validators.maxLength(200)] },
};

/**
 * A menu item's fields: a label per language (at least one: a language without one does not show
 * the item), and where it leads, a builder page or an https address (exactly one of them).
 */
const menuLabel: ComponentFieldDef = {
  type: 'string',
  validators: [
    Validators.notBlank(),
    Validators.maxLength(MENU_LABEL_MAX_LENGTH),
    (_value, context) => {
      const p = context?.parent ?? {};
      const has = (v: unknown) => typeof v === 'string' && v.trim() !== '';
      return has(p.label_pl) || has(p.label_en) ? null : { key: 'menuLabelRequired' };
    },
  ],
};
const menuItemFields = (children: ComponentFieldDef): Record<string, ComponentFieldDef> => ({
  label_pl: menuLabel,
  label_en: { type: 'string', validators: [Validators.notBlank(), Validators.maxLength(MENU_LABEL_MAX_LENGTH)] },
  page_id: { type: 'page' },
  url: {
    type: 'url',
    validators: [
      (_value, context) => {
        const p = context?.parent ?? {};
        const given = (v: unknown) => v !== undefined && v !== null && v !== '';
        return given(p.page_id) === given(p.url) ? { key: 'menuItemTarget' } : null;
      },
      Validators.httpsUrl(),
      Validators.maxLength(2048),
    ],
  },
  children,
});
const menuItems: ComponentFieldDef = {
  type: 'object_list',
  required: true,
  validators: [Validators.atLeastOneItem(), Validators.maxItems(MENU_MAX_ITEMS)],
  item: menuItemFields({
    type: 'object_list',
    validators: [Validators.maxItems(MENU_MAX_SUB_ITEMS)],
    item: menuItemFields({
      type: 'object_list',
      hidden: true,
      validators: [(value) => (Array.isArray(value) && value.length > 0 ? { key: 'menuTooDeep' } : null)],
    }),
  }),
};

const declare = (defs: ComponentKindDef[]) => Object.fromEntries(defs.map((d) => [d.kind, d])) as Record<ComponentKind, ComponentKindDef>;
const onPages = (pageKinds: readonly PageKind[], alsoArticles = false): Pick<ComponentKindDef, 'owners' | 'pageKinds' | 'areas'> => ({
  owners: alsoArticles ? ['page', 'article'] : ['page'],
  pageKinds,
  areas: [],
});

export const COMPONENT_KIND_DEFS: Record<ComponentKind, ComponentKindDef> = declare([
  {
    kind: 'advertisement',
    fields: { slot: { type: 'string', required: true, validators: [Validators.notBlank(), Validators.pattern(/[a-z0-9_-]{1,64}/)] }, format: { type: 'enum', enum: AD_FORMATS, required: true }, platforms, ...cta },
    links: { image: {}, additional_asset: {} },
    owners: ['page', 'global_page_element'],
    pageKinds: ALL_PAGES,
    areas: ['elements_below_content'],
  },
  {
    kind: 'competition_season_statistics',
    fields: { title: title(), data_source: dataSource, level: { type: 'enum', enum: HIERARCHY_LEVELS, default: 'competition_season' }, limit: limit(50, 10) },
    links: { competition_season: { required: true }, group: {}, round: {} },
    ...onPages(FOOTBALL_PAGES),
    includeSets: ['statistics', 'standings'],
  },
  {
    kind: 'club',
    fields: { title: title(), content_kind: { type: 'enum', enum: CONTENT_KINDS, default: 'club' }, layout },
    links: { club: { required: true }, club_image: {}, background_photo: {} },
    ...onPages(FOOTBALL_PAGES),
  },
  {
    kind: 'gallery',
    fields: { title: title(), layout, show_captions: { type: 'boolean', default: true } },
    links: { images: { required: true, max: 100 } },
    ...onPages(ALL_PAGES, true),
  },
  {
    kind: 'page_header',
    fields: { title: title(), show_search: { type: 'boolean', default: true }, platforms },
    links: { image: {}, background_photo: {} },
    owners: ['global_page_element'],
    pageKinds: [],
    areas: ['header_footer'],
  },
  {
    kind: 'hero_main',
    fields: { title: requiredTitle(), subtitle: title(240), layout, ...cta },
    links: { image: { required: true }, background_photo: {}, publication_category: {} },
    ...onPages(['standard', 'regular', 'promo']),
  },
  {
    kind: 'hero_thematic',
    fields: { title: requiredTitle(), subtitle: title(240), list_mode: listMode, limit: limit(12, 4) },
    links: { publication_category: { required: true }, background_photo: {} },
    ...onPages(['standard', 'regular', 'promo']),
  },
  {
    kind: 'round',
    fields: { title: title(), data_source: dataSource },
    links: { competition_season: { required: true }, round: { required: true } },
    ...onPages(FOOTBALL_PAGES),
    includeSets: ['standings'],
  },
  {
    kind: 'group',
    fields: { title: title(), data_source: dataSource, show_standings: { type: 'boolean', default: true } },
    links: { competition_season: { required: true }, group: { required: true } },
    ...onPages(FOOTBALL_PAGES),
    includeSets: ['standings'],
  },
  {
    kind: 'schedule',
    fields: { title: title(), match_list: { type: 'enum', enum: MATCH_LISTS, default: 'upcoming' }, limit: limit(100, 10) },
    links: { schedule: {}, competition_season: { required: true }, season: {} },
    ...onPages(FOOTBALL_PAGES),
    includeSets: ['tickets_match'],
  },
  {
    kind: 'social_media',
    fields: {
      title: title(),
      accounts: {
        type: 'object_list',
        required: true,
        validators: [Validators.atLeastOneItem()],
        item: { network: { type: 'enum', enum: SOCIAL_NETWORKS, required: true }, url: url(true) },
      },
    },
    links: {},
    owners: ['page', 'global_page_element'],
    pageKinds: ALL_PAGES,
    areas: ['header_footer', 'elements_below_content'],
  },
  { kind: 'quiz', fields: { title: title(), platforms }, links: { quiz: { required: true }, image: {} }, ...onPages(EDITORIAL_PAGES, true) },
  {
    kind: 'match',
    fields: { title: title(), data_source: dataSource, show_lineups: { type: 'boolean', default: true }, show_incidents: { type: 'boolean', default: true } },
    links: { match: { required: true }, match_live_image: {}, match_pending_image: {}, competition_season: {} },
    ...onPages(FOOTBALL_PAGES),
    includeSets: ['incidents', 'lineups', 'tickets_match'],
  },
  {
    kind: 'iframe',
    fields: {
      title: title(),
      url: url(true),
      height: { type: 'integer', default: 480, validators: [Validators.min(50), Validators.max(4000)] },
      allow_fullscreen: { type: 'boolean', default: false },
    },
    links: {},
    ...onPages(ALL_PAGES),
  },
  {
    kind: 'image',
    fields: { caption: title(300), alt_text: title(300), layout, ...cta },
    links: { image: { required: true } },
    ...onPages(ALL_PAGES, true),
  },
  {
    kind: 'news',
    fields: { title: title(), list_mode: listMode, limit: limit(48, 6), layout, platforms },
    links: { publication_category: {} },
    ...onPages(ALL_PAGES),
  },
  {
    kind: 'quotation',
    fields: { quote: { type: 'text', required: true, validators: [Validators.notBlank(), Validators.maxLength(1000)] }, author: title(120), role: title(120) },
    links: { image: {} },
    ...onPages(ALL_PAGES),
  },
  {
    kind: 'text',
    fields: {
      format: { type: 'enum', enum: TEXT_FORMATS, default: 'rich' },
      body: { type: 'rich_text', required: true },
    },
    links: {},
    ...onPages(ALL_PAGES),
  },
  { kind: 'ott_format', fields: { title: title(), layout }, links: { format: { required: true }, image: {} }, ...onPages(VIDEO_PAGES) },
  { kind: 'ott_format_list', fields: { title: title(), list_mode: listMode, limit: limit(48, 12) }, links: { formats: { max: 48 } }, ...onPages(VIDEO_PAGES) },
  {
    kind: 'ott_playlist',
    fields: { title: title(), layout, filter_kind: { type: 'enum', enum: PLAYLIST_FILTER_KINDS } },
    links: { playlist: { required: true } },
    ...onPages(VIDEO_PAGES),
  },
  { kind: 'ott_playlist_list', fields: { title: title(), list_mode: listMode, limit: limit(24, 6) }, links: { playlists: { max: 24 } }, ...onPages(VIDEO_PAGES) },
  {
    kind: 'ott_hero_main',
    fields: { title: requiredTitle(), subtitle: title(240), ...cta },
    links: { format: {}, playlist: {}, background_photo: { required: true } },
    ...onPages(VIDEO_PAGES),
  },
  {
    kind: 'ott_external_content',
    fields: { title: requiredTitle(), url: url(true), data_source: { type: 'enum', enum: DATA_SOURCES, default: 'external_data_provider' } },
    links: { image: {} },
    ...onPages(VIDEO_PAGES),
  },
  {
    kind: 'club_list',
    fields: { title: title(), list_mode: { type: 'enum', enum: LIST_MODES, default: 'manual' }, layout },
    links: { clubs: { max: 40 }, competition_season: {} },
    ...onPages(FOOTBALL_PAGES),
  },
  {
    kind: 'match_list',
    fields: {
      title: title(),
      match_list: { type: 'enum', enum: MATCH_LISTS, required: true, default: 'upcoming' },
      limit: limit(100, 10),
      filters: {
        type: 'object_list',
        item: { kind: { type: 'enum', enum: FILTER_KINDS, required: true }, label: requiredTitle(60) },
      },
    },
    links: { competition_season: { required: true }, round: {}, group: {}, club: {} },
    ...onPages(FOOTBALL_PAGES),
    includeSets: ['tickets_match'],
  },
  { kind: 'survey', fields: { title: title(), platforms }, links: { survey: { required: true } }, ...onPages(EDITORIAL_PAGES, true) },
  {
    kind: 'product_list',
    fields: { title: title(), layout, list_mode: { type: 'enum', enum: LIST_MODES, default: 'manual' } },
    links: { products: { required: true, max: 24 } },
    ...onPages(['standard', 'regular', 'promo']),
    includeSets: ['tickets_season'],
  },
  {
    kind: 'events',
    fields: { title: title(), match_list: { type: 'enum', enum: MATCH_LISTS, default: 'all' }, data_source: dataSource },
    // Picked OTT events, in order; with none, the events of the competition season or season.
    links: { events: { max: 24 }, competition_season: {}, season: {} },
    ...onPages(VIDEO_PAGES),
  },
  {
    kind: 'squad',
    fields: { title: title(), content_kind: { type: 'enum', enum: CONTENT_KINDS, default: 'player' }, layout },
    links: { squad: { required: true }, season: {} },
    ...onPages(FOOTBALL_PAGES),
  },
  {
    kind: 'video',
    fields: { title: title(), autoplay: { type: 'boolean', default: false }, platforms },
    links: { video: { required: true }, image: {} },
    ...onPages(ALL_PAGES, true),
  },
  {
    kind: 'page_footer',
    fields: { copyright: title(200), ...cta },
    links: { image: {} },
    owners: ['global_page_element'],
    pageKinds: [],
    areas: ['header_footer'],
  },
  {
    kind: 'branding',
    fields: {
      name: requiredTitle(120),
      primary_color: { type: 'string', validators: [Validators.pattern(/#[0-9a-fA-F]{6}/)] },
      secondary_color: { type: 'string', validators: [Validators.pattern(/#[0-9a-fA-F]{6}/)] },
    },
    links: { image: { required: true }, background_photo: {} },
    owners: ['global_page_element'],
    pageKinds: [],
    areas: ['branding'],
  },
  {
    // The site's main navigation (content/menu.ts): drawn in the header, delivered with the global elements.
    kind: 'main_menu',
    fields: { items: menuItems },
    links: {},
    owners: ['global_page_element'],
    pageKinds: [],
    areas: ['header_footer'],
  },
  {
    kind: 'match_predictor_ranking',
    fields: { title: title(), limit: limit(100, 10) },
    links: { match_predictor_ranking: { required: true } },
    ...onPages(EDITORIAL_PAGES, true),
  },
  {
    // A player's profile (issue 40): photo, facts, current club and number, career and season
    // statistics. On a player template's page the page's player fills the link.
    kind: 'player',
    fields: { title: title(), layout },
    links: { player: { required: true } },
    ...onPages(FOOTBALL_PAGES),
  },
]);

export function componentKindDef(kind: string): ComponentKindDef | undefined {
  return (COMPONENT_KIND_DEFS as Record<string, ComponentKindDef | undefined>)[kind];
}

export const isComponentKind = (kind: unknown): kind is ComponentKind =>
  typeof kind === 'string' && (COMPONENT_KINDS as readonly string[]).includes(kind);

/** The JSON:API type of every record a component may link to. */
export const LINK_TARGET_TYPES = [...new Set(Object.values(LINK_CATALOGUE).map((l) => l.target))];

/** Kinds that pages of this kind may hold. */
export const kindsForPageKind = (pageKind: PageKind): ComponentKind[] =>
  COMPONENT_KINDS.filter((k) => COMPONENT_KIND_DEFS[k].owners.includes('page') && COMPONENT_KIND_DEFS[k].pageKinds.includes(pageKind));

/** Kinds that a global page element of this area may hold. */
export const kindsForArea = (area: PageArea): ComponentKind[] =>
  COMPONENT_KINDS.filter((k) => COMPONENT_KIND_DEFS[k].owners.includes('global_page_element') && COMPONENT_KIND_DEFS[k].areas.includes(area));

/** Include sets (spec §3) each page kind offers a reader. */
export const PAGE_KIND_INCLUDE_SETS: Record<PageKind, readonly (typeof PAGE_INCLUDE_SETS)[number][]> = {
  standard: PAGE_INCLUDE_SETS,
  regular: ['standings', 'statistics', 'incidents', 'lineups'],
  irregular: ['incidents', 'lineups', 'standings'],
  promo: ['tickets_match', 'tickets_season'],
  simple: [],
};
