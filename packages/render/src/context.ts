import { imageUrlPath, snapImageSize } from '@umpire/schema/image-service';
import { isSafeLink } from '@umpire/schema/rich-text';
import { createResolver, primaryRecords, text, num, type JsonApiDocument, type ResourceObject, type Resolver } from './document';
import { DEFAULT_TIME_ZONE, formatsFor, siteLocale, textsFor, type Formats, type SiteLocale, type Texts } from './texts';

/**
 * What a host gives the renderers besides the document: the reader's language, where images and
 * pages live, and lists it fetched for list components. The website passes its own addresses;
 * the builder's preview passes the admin's image service and leaves the rest as they are.
 */
export interface RenderOptions {
  /** The reader's language (`pl`, `en`); words the renderers write and dates follow it. */
  locale: string;
  /**
   * The image service's base address, up to and including `/img` (thumbor-style URLs are built
   * after it): `https://umpire.cdn.example.org/img`. Default `/img`, the server's own.
   */
  imageBase?: string;
  /** The time zone dates are written in (default Europe/Warsaw). */
  timeZone?: string;
  /** Addresses of the site's own pages (defaults: see DEFAULT_HREFS). */
  hrefs?: Partial<Hrefs>;
  /**
   * Lists fetched beside the page, by component id: the articles of a `news` component, the
   * matches of a `match_list`, `schedule` or `round`, the events, formats or playlists of an
   * automatic OTT list (JSON:API collection documents, their `included` resolved too). A second
   * list of one component is keyed `{component id}:{part}` (a match's comments: `12:comments`).
   */
  feeds?: Record<string, JsonApiDocument | undefined>;
  /** Where a video plays from: its HLS playlist (hls.js takes it once hydrated) and a file a browser plays natively. */
  videoSources?: (video: ResourceObject) => { hls?: string; src?: string; type?: string } | undefined;
  /**
   * The record a template's page is made for (the match of a match page, the club of a club page):
   * renderers mark it where it appears among others (the club's row in a table).
   */
  record?: ResourceObject;
  /** The moment the page is drawn for (a player's age, a squad member who has left by then); default now. */
  now?: Date;
}

export interface CallToAction {
  link_type?: unknown;
  link_url?: unknown;
  link_target?: unknown;
}

export interface Hrefs {
  home: () => string;
  search: () => string;
  /** A page of the site by its slug. */
  page: (slug: string) => string;
  article: (article: ResourceObject) => string | undefined;
  category: (category: ResourceObject) => string | undefined;
  /**
   * The pages of records (on the site: their templates' addresses). `resolve` reaches what the
   * address is made of beyond the record (a match's clubs); the render context passes its own.
   */
  club: (club: ResourceObject, resolve?: Resolver) => string | undefined;
  match: (match: ResourceObject, resolve?: Resolver) => string | undefined;
  player: (player: ResourceObject, resolve?: Resolver) => string | undefined;
  /** A competition season's table page. */
  table: (competitionSeason: ResourceObject, resolve?: Resolver) => string | undefined;
  /** Where a call to action leads (`link_type`, `link_url`, `link_target` of a component). */
  cta: (cta: CallToAction) => string | undefined;
  /**
   * The language of what an address of the site shows when it is not the page's own (a club page
   * that exists only in Polish, linked from an English page): the link says so with `hreflang`.
   */
  hreflang: (href: string) => string | undefined;
}

/** Only addresses a reader may follow: http(s), mailto, or a path of the site. */
export function safeHref(href: unknown): string | undefined {
  if (typeof href !== 'string' || !href.trim()) return undefined;
  const value = href.trim();
  if (/^\/(?!\/)/.test(value) || /^#[\w-]*$/.test(value)) return value;
  return isSafeLink(value) ? value : undefined;
}

const slugPath = (slug: string) => `/${slug.replace(/^\/+/, '')}`;

export const DEFAULT_HREFS: Hrefs = {
  home: () => '/',
  search: () => '/search',
  page: slugPath,
  article: (a) => (text(a, 'slug') ? `/articles/${encodeURIComponent(text(a, 'slug'))}` : `/articles/${encodeURIComponent(a.id)}`),
  category: (c) => (text(c, 'slug') ? `/news/${encodeURIComponent(text(c, 'slug'))}` : undefined),
  club: (c) => (text(c, 'code') ? `/clubs/${encodeURIComponent(text(c, 'code').toLowerCase())}` : undefined),
  match: (m) => `/matches/${encodeURIComponent(m.id)}`,
  player: () => undefined,
  table: () => undefined,
  cta: (cta) => {
    const target = typeof cta.link_target === 'string' ? cta.link_target.trim() : '';
    if (cta.link_type === 'custom_link') return safeHref(cta.link_url);
    if (cta.link_type === 'article' && target) return `/articles/${encodeURIComponent(target)}`;
    if (cta.link_type === 'page_type' && target) return safeHref(slugPath(target));
    return safeHref(cta.link_url);
  },
  hreflang: () => undefined,
};

export interface ImageSource {
  src: string;
  srcSet: string;
  width: number;
  height: number | undefined;
  /** The picture's alternative text in the reader's language ('' when it has none). */
  alt: string;
}

export interface RenderContext {
  locale: SiteLocale;
  t: Texts;
  format: Formats;
  resolve: Resolver;
  hrefs: Hrefs;
  /** The address of the page shown (the menu marks its link with aria-current), when it has one. */
  current?: string;
  /** The record a template's page is made for (RenderOptions.record). */
  record?: ResourceObject;
  /** The moment the page is drawn for (RenderOptions.now). */
  now: Date;
  /** An image record as a picture `width` CSS pixels wide (2× in srcset); undefined without a usable path. */
  image(record: ResourceObject | undefined, width: number, height?: number): ImageSource | undefined;
  /**
   * The records of the list fetched for a component (see RenderOptions.feeds); `part` names a
   * second list of the same component, fed as `{component id}:{part}` (a match's comments).
   */
  feed(component: ResourceObject, part?: string): ResourceObject[];
  /**
   * The `meta` of that list (a total, a page size; `{}` when it has none), or undefined when the
   * host fetched no such list: an empty list is not a list left out.
   */
  feedMeta(component: ResourceObject, part?: string): Record<string, unknown> | undefined;
  videoSources(video: ResourceObject): { hls?: string; src?: string; type?: string } | undefined;
}

/** Alternative text of an image record in a language: `alt_text_{locale}`, the other language's, `alt_text`. */
export function altText(image: ResourceObject | undefined, locale: SiteLocale): string {
  if (!image) return '';
  return text(image, `alt_text_${locale}`) || text(image, 'alt_text') || text(image, locale === 'pl' ? 'alt_text_en' : 'alt_text_pl');
}

/** The hrefs of records with the context's resolver given to them (renderers name only the record). */
function withResolver(hrefs: Hrefs, resolve: Resolver): Hrefs {
  return {
    ...hrefs,
    club: (r, given) => hrefs.club(r, given ?? resolve),
    match: (r, given) => hrefs.match(r, given ?? resolve),
    player: (r, given) => hrefs.player(r, given ?? resolve),
    table: (r, given) => hrefs.table(r, given ?? resolve),
  };
}

export function createRenderContext(options: RenderOptions, ...docs: (JsonApiDocument | null | undefined)[]): RenderContext {
  const locale = siteLocale(options.locale);
  const feeds = options.feeds ?? {};
  const resolve = createResolver(...docs, ...Object.values(feeds));
  const base = (options.imageBase ?? '/img').replace(/\/+$/, '');
  const url = (path: string, width: number, height: number) =>
    `${base}/${imageUrlPath({ fitIn: true, width, height, format: 'webp', path: path.replace(/^\/+/, '').split('/').map(encodeURIComponent).join('/') })}`;
  return {
    locale,
    t: textsFor(locale),
    format: formatsFor(locale, options.timeZone ?? DEFAULT_TIME_ZONE),
    resolve,
    hrefs: withResolver({ ...DEFAULT_HREFS, ...options.hrefs }, resolve),
    record: options.record,
    now: options.now ?? new Date(),
    image(record, width, height) {
      const path = text(record, 'path');
      if (!record || !path || record.type !== 'images') return undefined;
      const w = snapImageSize(width);
      const h = height ? snapImageSize(height) : 0;
      const w2 = snapImageSize(width * 2);
      const h2 = height ? snapImageSize(height * 2) : 0;
      const natural = { width: num(record, 'width'), height: num(record, 'height') };
      return {
        src: url(path, w, h),
        srcSet: `${url(path, w, h)} 1x, ${url(path, w2, h2)} 2x`,
        width: w,
        height: height ? h : natural.width && natural.height ? Math.round((w * natural.height) / natural.width) : undefined,
        alt: altText(record, locale),
      };
    },
    feed(component, part) {
      return primaryRecords(feeds[part ? `${component.id}:${part}` : component.id]);
    },
    feedMeta(component, part) {
      const doc = feeds[part ? `${component.id}:${part}` : component.id];
      if (!doc || typeof doc !== 'object') return undefined;
      return doc.meta && typeof doc.meta === 'object' && !Array.isArray(doc.meta) ? doc.meta : {};
    },
    videoSources(video) {
      return options.videoSources?.(video);
    },
  };
}
