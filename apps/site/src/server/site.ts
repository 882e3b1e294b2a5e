import { createHash } from 'node:crypto';
import { renderToString } from 'react-dom/server';
import { imageUrlPath, snapImageSize } from '@umpire/schema/image-service';
import { BROWSER_VIDEO_TYPES } from '@umpire/schema/media';
import { createElement } from 'react';
import { addressId, isTemplateKind, TEMPLATE_DEFS, templateOfSegment, type TemplateKind } from '@umpire/schema';
import {
  createResolver, cutQuery, IndexFilters, pageMeta, Pagination, primaryRecords, renderPage, renderSearchPage, searchTitle, SITE_LOCALES, textsFor,
  type Hrefs, type IndexFilter, type JsonApiDocument, type RenderContext, type ResourceObject, type SearchGroup, type SearchKind,
} from '@umpire/render';
import { articleIndex, CLUB_FOLDERS, clubPages, latest, pageAlternates, sitemapIndex, SITEMAP_MAX_URLS, urlset, type PageIndexEntry, type SitemapUrl } from './addresses';
import { feedsOf, type IndexView } from './feeds';
import type { DeliverySource } from './source';
import { articleGraph, jsonLdScript, newsPage, pageGraph, recordGraph, siteGraph, type StructuredSite } from './structured-data';
import { isRecordKind, RECORD_KINDS, recordIndex, recordKey, recordName, templatePath, type RecordKind } from './templates';
import { brandingOf, DEFAULT_THEME, iconPng, ICON_SIZES, iconsOf, manifestFor } from './pwa';
import { MY_ALERTS, myAlertsPath, followTopic } from './alerts';

/**
 * The league's website (issue 24, point 6): every published page of the page builder, rendered on
 * the server with the same renderers as the builder's preview, built only on the delivery API.
 * Addresses are `{base}/{locale}/{slug}` (Polish and English), articles `{base}/{locale}/articles/{slug}`,
 * the search `{base}/{locale}/search?q=…` (`szukaj` leads there too), with `sitemap.xml` and `robots.txt`. Pages are readable without JavaScript; the live and
 * interactive parts are hydrated by the browser script (src/client/).
 */
export interface SiteOptions {
  source: DeliverySource;
  /** Where the site is mounted: `/site` inside Umpire, `` on its own host. */
  basePath: string;
  /** The league's slug, for the browser (`?client=` of its calls). */
  client: string;
  /** The delivery API and /cable as the browser reaches them. */
  apiBase: string;
  cablePath: string;
  /** The image service's base (thumbor-style URLs after it). */
  imageBase: string;
  /** The slug of the home page (default: `strona-glowna`, `home` or `index`, else the first page). */
  homeSlug?: string;
  /** How long a rendered page is served as it is before its content is read again (ms; 0: never kept). */
  cacheMs?: number;
  /** The most rendered pages kept at once (default 2,000): past it, the oldest are let go. */
  keptPages?: number;
  /** Whether the browser script exists (a build made it): pages link it only then. */
  hasClientScript: () => boolean;
}

export interface SiteResponse {
  status: number;
  headers: Record<string, string>;
  /**
   * The answer's bytes, encoded once when it was made: a kept page is sent as it is to every
   * reader (encoding a club's 95 kB page to UTF-8 again for each answer was half a cached answer's CPU).
   */
  body: Buffer;
}

const EMPTY = Buffer.alloc(0);
/**
 * The most rendered pages kept at once, and their bytes. Each is kept for a second (cacheMs), and
 * every render puts its page last, so the first are the oldest: those let go when there are more.
 */
const KEPT_PAGES = 2000;
const KEPT_BYTES = 64 * 1024 * 1024;

const LOCALES: readonly string[] = SITE_LOCALES;
const HOME_SLUGS = ['strona-glowna', 'home', 'index'];
const OG_LOCALE: Record<string, string> = { pl: 'pl_PL', en: 'en_GB' };
/** Results of each kind a search page shows (its heading counts them all). */
const SEARCH_PAGE_SIZE = 10;
/** A path as the site writes its addresses: no repeated slashes, none at the end but the home's (`/pl/`). */
const tidyPath = (path: string) => {
  if (!/^\/[a-z]{2}\//.test(path)) return path;
  const single = path.replace(/\/{2,}/g, '/');
  return /^\/[a-z]{2}\/$/.test(single) ? single : single.replace(/\/$/, '');
};
const isSearchPath = (path: string) => {
  try {
    return /^\/[a-z]{2}\/search\/*$/.test(decodeURIComponent(path));
  } catch {
    return false;
  }
};

/** A share picture of a stored image: 1200 wide (or the nearest size the image service makes), cropped to 1.91:1. */
const sharePath = (path: string) => imageUrlPath({ fitIn: false, width: snapImageSize(1200), height: snapImageSize(630), smart: true, format: null, path });

/**
 * One request's page as it is drawn: its language, the origin its addresses are on, the published
 * pages, and the global elements around it (read once, when first asked).
 */
interface Visit {
  locale: string;
  origin: string;
  pages: PageIndexEntry[];
  globals: () => Promise<JsonApiDocument | null>;
}

/** `f`'s promise, made on the first call and the same on every later one. */
const once = <T>(f: () => Promise<T>): (() => Promise<T>) => {
  let made: Promise<T> | undefined;
  return () => (made ??= f());
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function createSite(options: SiteOptions) {
  const { source, basePath } = options;
  const cacheMs = options.cacheMs ?? 1000;
  const keptPages = options.keptPages ?? KEPT_PAGES;
  /** Pages rendered (200s) by their key, in the order they were rendered: the oldest first. */
  const rendered = new Map<string, { at: number; response: SiteResponse }>();
  let renderedBytes = 0;
  /** Renders under way by their key: readers who ask for the same page meanwhile wait for it. */
  const rendering = new Map<string, Promise<SiteResponse>>();

  /** Keeps a page for its `cacheMs`; past `keptPages` pages or KEPT_BYTES, the oldest are let go. */
  function keep(key: string, response: SiteResponse) {
    const before = rendered.get(key);
    if (before) {
      rendered.delete(key);
      renderedBytes -= before.response.body.length;
    }
    rendered.set(key, { at: Date.now(), response });
    renderedBytes += response.body.length;
    for (const [oldest, { response: r }] of rendered) {
      if (rendered.size <= keptPages && renderedBytes <= KEPT_BYTES) break;
      rendered.delete(oldest);
      renderedBytes -= r.body.length;
    }
  }

  /** Every published page: its address and when it last changed (for the sitemap). */
  async function pageIndex(): Promise<PageIndexEntry[]> {
    const entries: PageIndexEntry[] = [];
    for (let n = 1; n <= 50; n++) {
      const answer = await source.get(`/pages?fields[pages]=slug,updated_at,title,page_type&include=page_type&fields[page_types]=template_kind&page[size]=100&page[number]=${n}&sort=id`);
      if (answer.status !== 200) throw new Error(`the delivery API answered ${answer.status} for the pages`);
      const doc = answer.body as JsonApiDocument;
      const resolve = createResolver(doc);
      for (const page of primaryRecords(doc)) {
        const template = resolve.one(page, 'page_type')?.attributes?.template_kind;
        entries.push({
          slug: String(page.attributes?.slug ?? ''),
          updatedAt: (page.attributes?.updated_at as string | undefined) ?? null,
          title: typeof page.attributes?.title === 'string' ? page.attributes.title : undefined,
          ...(isTemplateKind(template) ? { template } : {}),
        });
      }
      if (n >= Number((doc.meta as { pages?: number } | undefined)?.pages ?? 1)) break;
    }
    return entries;
  }

  const homeOf = (pages: PageIndexEntry[]) => {
    const own = pages.filter((p) => !p.template);
    return own.find((p) => p.slug === options.homeSlug) ?? own.find((p) => HOME_SLUGS.includes(p.slug)) ?? own[0];
  };
  /** The kinds of record the league has a published template for (the first page of each). */
  const templatesOf = (pages: PageIndexEntry[]) => new Set(pages.flatMap((p) => (p.template ? [p.template] : [])));

  function hrefsFor(locale: string, pages: PageIndexEntry[]): Partial<Hrefs> {
    const at = (path: string) => `${basePath}/${locale}/${path}`;
    const slugs = new Set(pages.map((p) => p.slug));
    const home = homeOf(pages);
    const templates = templatesOf(pages);
    const templateOf = new Map(pages.flatMap((p) => (p.template ? [[p.slug, p.template] as const] : [])));
    /** A record's page when the league has its kind's template. */
    const recordHref = (kind: RecordKind) => (record: ResourceObject, resolve?: Parameters<Hrefs['match']>[1]) =>
      templates.has(kind) ? templatePath(basePath, locale, kind, resolve ? recordKey(kind, record, resolve) : record.id) : undefined;
    return {
      home: () => at(''),
      search: () => at('search'),
      page: (slug) => {
        const clean = slug.replace(/^\/+/, '');
        // A template's page (a menu item may lead to one): its kind's address, not its slug.
        const template = templateOf.get(clean);
        if (template) return templatePath(basePath, locale, template);
        return home && clean === home.slug ? at('') : at(clean);
      },
      article: (a) => at(`articles/${encodeURIComponent(String(a.attributes?.slug || a.id))}`),
      category: () => undefined,
      // A club has its page when the league made one, per language (kluby/<code>, clubs/<code>):
      // the reader's language's, else the one there is, linked in its own language (hreflang says so),
      // not under this locale's address, where its hand-written text would pass for this language.
      // With a club template, every club has its page in this language; a page staff made for a
      // club in this language stands for it (editors' pages on top of the template).
      club: (c, resolve) => {
        const own = clubPages(String(c.attributes?.code ?? ''), slugs, [locale, ...LOCALES.filter((l) => l !== locale)]);
        if (own[locale]) return `${basePath}/${locale}/${own[locale]}`;
        const templated = recordHref('club')(c, resolve);
        if (templated) return templated;
        const [l, slug] = Object.entries(own)[0] ?? [];
        return l && slug ? `${basePath}/${l}/${slug}` : undefined;
      },
      match: recordHref('match'),
      player: recordHref('player'),
      table: recordHref('competition_season'),
      hreflang: (href) => {
        const l = href.startsWith(`${basePath}/`) ? href.slice(basePath.length + 1).split('/')[0] : undefined;
        return l && l !== locale && LOCALES.includes(l) ? l : undefined;
      },
    };
  }

  /**
   * What every page is drawn with: its language, links, pictures, and the files of library videos
   * browsers play themselves (the delivery API streams them; others show their poster).
   */
  function drawing(locale: string, pages: PageIndexEntry[]) {
    return {
      locale,
      imageBase: options.imageBase,
      hrefs: hrefsFor(locale, pages),
      videoSources: (video: ResourceObject) => {
        const type = video.attributes?.content_type;
        return typeof type === 'string' && BROWSER_VIDEO_TYPES.includes(type)
          ? { src: `${options.apiBase}/videos/${encodeURIComponent(video.id)}/content?client=${encodeURIComponent(options.client)}`, type }
          : undefined;
      },
    };
  }

  /**
   * The document around a page's body. `locales`: the languages the same content exists in (its
   * `hreflang` alternates, each at `path(locale)`; default every locale, as builder pages are shared);
   * `x-default` only when the first locale is one of them; canonical is the page's own address.
   */
  function shell(p: { locale: string; path: (locale: string) => string; locales?: readonly string[]; origin: string; title: string; description: string; image?: string; body: string; type?: string; noindex?: boolean; jsonLd?: string }): string {
    const url = (locale: string) => `${p.origin}${p.path(locale)}`;
    const exists = p.locales ?? LOCALES;
    const alternates =
      exists.map((l) => `<link rel="alternate" hreflang="${l}" href="${escapeHtml(url(l))}">`).join('') +
      (exists.includes(LOCALES[0]) ? `<link rel="alternate" hreflang="x-default" href="${escapeHtml(url(LOCALES[0]))}">` : '');
    const script = options.hasClientScript() ? `<script type="module" src="${basePath}/assets/site.js"></script>` : '';
    const meta = [
      p.noindex ? '<meta name="robots" content="noindex">' : '',
      `<meta property="og:type" content="${p.type ?? 'website'}">`,
      `<meta property="og:title" content="${escapeHtml(p.title)}">`,
      p.description ? `<meta name="description" content="${escapeHtml(p.description)}"><meta property="og:description" content="${escapeHtml(p.description)}">` : '',
      `<meta property="og:url" content="${escapeHtml(url(p.locale))}">`,
      `<meta property="og:locale" content="${OG_LOCALE[p.locale] ?? p.locale}">`,
      p.image ? `<meta property="og:image" content="${escapeHtml(p.image)}"><meta name="twitter:card" content="summary_large_image">` : '<meta name="twitter:card" content="summary">',
    ].join('');
    return (
      `<!doctype html><html lang="${p.locale}" data-client="${escapeHtml(options.client)}" data-api="${escapeHtml(options.apiBase)}" data-cable="${escapeHtml(options.cablePath)}" data-site-base="${escapeHtml(basePath)}">` +
      `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(p.title)}</title>` +
      `<link rel="canonical" href="${escapeHtml(url(p.locale))}">${alternates}${meta}${p.jsonLd ?? ''}` +
      // The league's app (issue 41): installable from any page, starting at this language's home.
      `<link rel="manifest" href="${basePath}/${p.locale}/manifest.webmanifest"><link rel="icon" type="image/png" href="${basePath}/icon-96.png">` +
      `<link rel="stylesheet" href="${basePath}/assets/site.css">${script}</head><body>${p.body}</body></html>`
    );
  }

  /** A shareable picture: the page's SEO image, else the first picture it shows, 1200×630. */
  function ogImage(origin: string, doc: JsonApiDocument): string | undefined {
    const resolve = createResolver(doc);
    const [page] = primaryRecords(doc);
    const image = resolve.one(page, 'seo_image') ?? resolve.all('images')[0];
    const path = image?.attributes?.path;
    return typeof path === 'string' && path ? `${origin}${options.imageBase}/${sharePath(path)}` : undefined;
  }

  /** What a page's structured data (JSON-LD, ./structured-data.ts) builds its addresses from. */
  const structured = (origin: string, locale: string): StructuredSite => ({ origin, basePath, imageBase: options.imageBase, locale });

  function html(status: number, text: string, extra: Record<string, string> = {}): SiteResponse {
    const body = Buffer.from(text);
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    return {
      status,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': status === 200 ? 'public, max-age=0, s-maxage=60, stale-while-revalidate=30' : 'no-store',
        etag,
        ...extra,
      },
      body,
    };
  }

  async function elements(locale: string): Promise<JsonApiDocument | null> {
    const answer = await source.get(`/current_page_elements?locale=${locale}`);
    return answer.status === 200 ? (answer.body as JsonApiDocument) : null;
  }

  async function notFound(v: Visit): Promise<SiteResponse> {
    const { locale, origin, pages } = v;
    const title = locale === 'pl' ? 'Nie ma takiej strony' : 'Page not found';
    const doc: JsonApiDocument = { data: { type: 'pages', id: '0', attributes: { title }, relationships: { components: { data: [] } } } };
    const globals = await v.globals();
    const body = renderToString(renderPage(doc, { ...drawing(locale, pages), globals: [globals] }));
    const jsonLd = jsonLdScript(siteGraph(structured(origin, locale), globals));
    return html(404, shell({ locale, path: (l) => `${basePath}/${l}/`, origin, title, description: '', body, jsonLd }));
  }

  async function page(v: Visit, slug: string): Promise<SiteResponse> {
    const { locale, origin, pages } = v;
    const entry = pages.find((p) => p.slug === slug);
    if (!entry) return notFound(v);
    // `include=auto`: the page with the include sets its own components draw (a table's standings, a
    // match's line-ups), in one read; the season's statistics cost more than the rest of a page.
    const [answer, globals] = await Promise.all([source.get(`/current_page?slug=${encodeURIComponent(slug)}&locale=${locale}&include=auto`), v.globals()]);
    if (answer.status === 404) return notFound(v);
    if (answer.status !== 200) throw new Error(`the delivery API answered ${answer.status} for the page ${slug}`);
    const doc = answer.body as JsonApiDocument;
    const feeds = await feedsOf(source, doc, locale);
    const body = renderToString(renderPage(doc, { ...drawing(locale, pages), globals: [globals], feeds }));
    const meta = pageMeta(doc);
    const pathOf = pagePaths(slug, pages);
    const jsonLd = jsonLdScript(
      pageGraph(structured(origin, locale), { globals, document: doc, slug, url: `${origin}${pathOf(locale)}`, isHome: homeOf(pages)?.slug === slug, title: meta.title, description: meta.description }),
    );
    return html(200, shell({ locale, path: pathOf, origin, title: meta.title, description: meta.description, image: ogImage(origin, doc), body, jsonLd }));
  }

  async function article(v: Visit, key: string): Promise<SiteResponse> {
    const { locale, origin, pages } = v;
    const [answer, globals] = await Promise.all([source.get(`/articles/${encodeURIComponent(key)}?locale=${locale}`), v.globals()]);
    if (answer.status === 404) return (await movedArticle(locale, key)) ?? notFound(v);
    if (answer.status !== 200) throw new Error(`the delivery API answered ${answer.status} for the article ${key}`);
    const art = answer.body.data as ResourceObject;
    const a = art.attributes ?? {};
    // Found by a slug it had before: its address is the current one.
    if (!/^\d+$/.test(key) && typeof a.slug === 'string' && a.slug && a.slug !== key.toLowerCase()) return moved(articlePath(locale, a.slug));
    // Its address in each language it is published in now: that translation's own slug.
    const slugs = await articleSlugs(locale, art);
    // The article as a page of one text block: the site's own layout, header and footer around it.
    const doc: JsonApiDocument = {
      data: { type: 'pages', id: `article-${art.id}`, attributes: { title: a.title, seo_description: a.lead ?? '' }, relationships: { components: { data: [{ type: 'components', id: `article-${art.id}` }] } } },
      included: [{ type: 'components', id: `article-${art.id}`, attributes: { kind: 'text', index: 0, settings: { body: a.body } } }, ...((answer.body.included as ResourceObject[] | undefined) ?? [])],
    };
    const body = renderToString(renderPage(doc, { ...drawing(locale, pages), globals: [globals] }));
    const image = typeof a.image_path === 'string' && a.image_path ? `${origin}${options.imageBase}/${sharePath(a.image_path)}` : undefined;
    const site = structured(origin, locale);
    const jsonLd = jsonLdScript(articleGraph(site, { globals, article: art, url: `${origin}${articlePath(locale, slugs[locale] ?? key)}`, image, news: newsCrumb(origin, locale, pages) }));
    return html(200, shell({ locale, path: (l) => articlePath(l, slugs[l] ?? key), locales: LOCALES.filter((l) => slugs[l]), origin, title: String(a.title ?? ''), description: String(a.lead ?? ''), image, body, type: 'article', jsonLd }));
  }

  /**
   * What the delivery API finds for a query, kind by kind, each read as the site's other reads are
   * (the API's folding: `lodz` finds Łódź): articles in the page's language, clubs, players with
   * their clubs, matches of the clubs the query names.
   */
  async function searchGroups(locale: string, query: string): Promise<SearchGroup[]> {
    const q = encodeURIComponent(query);
    const size = `page[size]=${SEARCH_PAGE_SIZE}`;
    const reads: [SearchKind, string][] = [
      ['articles', `/articles?locale=${locale}&filter[q]=${q}&${size}`],
      ['clubs', `/clubs?filter[q]=${q}&${size}&sort=name&fields[clubs]=name,short_name,code,city,founded`],
      [
        'players',
        `/players?filter[q]=${q}&${size}&sort=last_name,first_name&include=squad_players.squad.team.club` +
          '&fields[players]=first_name,last_name,nickname,position,squad_players&fields[squad_players]=left_on,squad&fields[squads]=name,team&fields[teams]=name,short_name,club&fields[clubs]=name,short_name',
      ],
      [
        'matches',
        `/matches?filter[club_search]=${q}&${size}&sort=-kickoff_at&include=home_squad.team.club,away_squad.team.club` +
          '&fields[matches]=kickoff_at,status,home_score,away_score,home_squad,away_squad&fields[squads]=name,team&fields[teams]=name,short_name,club&fields[clubs]=name,short_name',
      ],
    ];
    return Promise.all(
      reads.map(async ([kind, path]) => {
        // Not kept for revalidation: a query is seldom asked again as it was, and would push out the pages' reads.
        const answer = await source.get(path, { keep: false });
        if (answer.status !== 200) throw new Error(`the delivery API answered ${answer.status} for the search of ${kind}`);
        return { kind, document: answer.body as JsonApiDocument };
      }),
    );
  }

  /** The search page: the form alone without a query, else what each kind holds (never indexed by search engines). */
  async function search(v: Visit, raw: string | null): Promise<SiteResponse> {
    const { locale, origin, pages } = v;
    const { query, cut } = cutQuery(raw);
    const [groups, globals] = await Promise.all([query ? searchGroups(locale, query) : Promise.resolve([]), v.globals()]);
    const body = renderToString(renderSearchPage({ query, cut, groups }, { ...drawing(locale, pages), globals: [globals] }));
    const path = (l: string) => `${basePath}/${l}/search${query ? `?q=${encodeURIComponent(query)}` : ''}`;
    const jsonLd = jsonLdScript(siteGraph(structured(origin, locale), globals));
    return html(200, shell({ locale, path, origin, title: searchTitle(locale, query), description: '', body, noindex: true, jsonLd }), { 'x-robots-tag': 'noindex' });
  }


  /** The news index an article's breadcrumb passes through: the news template's, else a page staff made. */
  function newsCrumb(origin: string, locale: string, pages: PageIndexEntry[]) {
    const template = pages.find((p) => p.template === 'news');
    if (template) return { name: template.title || textsFor(locale).articles, url: `${origin}${templatePath(basePath, locale, 'news')}` };
    return newsPage(structured(origin, locale), pages);
  }

  // ---- pages made from the data (templates.ts) ---------------------------------------------------

  /** `/{locale}/{segment}` and `/{locale}/{segment}/{id}-{words}`: a template's kind, in the segment's language. */
  async function templateRoute(v: Visit, kind: TemplateKind, segmentLocale: string, key: string | undefined, query: URLSearchParams): Promise<SiteResponse> {
    const { locale, pages } = v;
    // Another language's word for it: the same page in this language's words.
    if (segmentLocale !== locale) {
      const search = query.toString();
      return moved(`${templatePath(basePath, locale, kind, key)}${search ? `?${search}` : ''}`);
    }
    if (!templatesOf(pages).has(kind)) return notFound(v);
    if (isRecordKind(kind)) return key === undefined ? recordsIndex(v, kind) : recordPage(v, kind, key);
    if (key !== undefined) return notFound(v);
    return indexPage(v, kind, query);
  }

  /** A record kind's address without a record: the matches lead to the fixtures, the tables to the current one. */
  async function recordsIndex(v: Visit, kind: RecordKind): Promise<SiteResponse> {
    const { locale, pages } = v;
    const found = (location: string): SiteResponse => ({ status: 302, headers: { location, 'cache-control': 'public, max-age=60' }, body: EMPTY });
    if (kind === 'match' && templatesOf(pages).has('fixtures')) return found(templatePath(basePath, locale, 'fixtures'));
    if (kind === 'competition_season') {
      const answer = await source.get('/competition_seasons?filter[is_current]=true&sort=id&page[size]=1&include=competition&fields[competition_seasons]=name,competition&fields[competitions]=name');
      const doc = answer.status === 200 ? (answer.body as JsonApiDocument) : null;
      const [current] = primaryRecords(doc);
      if (current) return found(templatePath(basePath, locale, kind, recordKey(kind, current, createResolver(doc))));
    }
    if (kind === 'club') return clubsPage(v);
    return notFound(v);
  }

  /** Every club of the league, each leading to its page: the site's own page of one club list. */
  async function clubsPage(v: Visit): Promise<SiteResponse> {
    const { locale, origin, pages } = v;
    const title = textsFor(locale).clubs;
    // The club template's slug: the menu's item leading to it is marked as the page shown.
    const slug = pages.find((p) => p.template === 'club')?.slug;
    const doc: JsonApiDocument = {
      data: { type: 'pages', id: 'clubs', attributes: { title, slug }, relationships: { components: { data: [{ type: 'components', id: 'clubs' }] } } },
      included: [{ type: 'components', id: 'clubs', attributes: { kind: 'club_list', index: 0, settings: { title, list_mode: 'latest', layout: 'default' } } }],
    };
    const [feeds, globals] = await Promise.all([feedsOf(source, doc, locale), v.globals()]);
    const body = renderToString(renderPage(doc, { ...drawing(locale, pages), globals: [globals], feeds }));
    const path = (l: string) => templatePath(basePath, l, 'club');
    const jsonLd = jsonLdScript(pageGraph(structured(origin, locale), { globals, document: doc, slug: '', url: `${origin}${path(locale)}`, isHome: false, title, description: '' }));
    return html(200, shell({ locale, path, origin, title, description: '', body, jsonLd }));
  }

  /** A record's page: its kind's template with the record, at the record's canonical address. */
  async function recordPage(v: Visit, kind: RecordKind, key: string): Promise<SiteResponse> {
    const { locale, origin, pages } = v;
    const id = addressId(key);
    // A club by its code (`/en/clubs/rcz`, where a Polish page's address in English leads): its address.
    if (id === null && kind === 'club' && /^[a-z0-9]{2,10}$/.test(key)) {
      const answer = await source.get(`/clubs?filter[code]=${key.toUpperCase()}&page[size]=1&fields[clubs]=name,code`);
      const [club] = answer.status === 200 ? primaryRecords(answer.body as JsonApiDocument) : [];
      if (club && String(club.attributes?.code ?? '').toLowerCase() === key) return moved(templatePath(basePath, locale, kind, recordKey(kind, club, createResolver(answer.body as JsonApiDocument))));
    }
    if (id === null) return notFound(v);
    const [answer, globals] = await Promise.all([source.get(`/current_page?template=${kind}&record=${id}&locale=${locale}&include=auto`), v.globals()]);
    if (answer.status === 404) return notFound(v);
    if (answer.status !== 200) throw new Error(`the delivery API answered ${answer.status} for the ${kind} ${id}`);
    const doc = answer.body as JsonApiDocument;
    const resolve = createResolver(doc);
    const record = resolve.get(TEMPLATE_DEFS[kind].record!, String(id));
    if (!record) return notFound(v);
    const canonical = recordKey(kind, record, resolve);
    if (key !== canonical) return moved(templatePath(basePath, locale, kind, canonical));
    // A club staff gave a page of their own in this language: that page is the club's.
    if (kind === 'club') {
      const own = clubPages(String(record.attributes?.code ?? ''), new Set(pages.map((p) => p.slug)), [locale]);
      if (own[locale]) return moved(`${basePath}/${locale}/${own[locale]}`);
    }
    const meta = pageMeta(doc);
    const name = recordName(kind, record, resolve) || meta.title;
    const [page] = primaryRecords(doc);
    // The page's title is the record's: "Raków Częstochowa – Lech Poznań", not the template's "Mecz".
    const shown: JsonApiDocument = { ...doc, data: { ...page, attributes: { ...page.attributes, title: name } } };
    const feeds = await feedsOf(source, doc, locale);
    // What a fan may follow on this page (issue 41): the club, the match, a table's competition; the browser draws the button.
    const follow = followTopic(kind, record);
    const lead = follow ? () => createElement('div', { className: 'u-follow', 'data-follow': follow, 'data-follow-name': kind === 'competition_season' ? String(resolve.one(record, 'competition')?.attributes?.name ?? name) : name }) : undefined;
    const body = renderToString(renderPage(shown, { ...drawing(locale, pages), globals: [globals], feeds, record, lead }));
    const path = (l: string) => templatePath(basePath, l, kind, canonical);
    const description = [name, meta.description].filter(Boolean).join('. ');
    const templates = templatesOf(pages);
    const t = textsFor(locale);
    const parent =
      kind === 'match' && templates.has('fixtures')
        ? { name: t.schedule, url: `${origin}${templatePath(basePath, locale, 'fixtures')}` }
        : undefined;
    const jsonLd = jsonLdScript(recordGraph(structured(origin, locale), { globals, kind, record, resolve, url: `${origin}${path(locale)}`, title: name, description, parent }));
    return html(200, shell({ locale, path, origin, title: name, description, image: ogImage(origin, doc), body, jsonLd, type: kind === 'player' ? 'profile' : 'website' }));
  }

  /** What an index's address asks for: the fixtures' round and club (ids), the news' category and tag (slugs) and page. */
  function indexView(kind: 'fixtures' | 'news', query: URLSearchParams): IndexView {
    const id = (name: string) => {
      const v = query.get(name) ?? '';
      return /^[1-9]\d{0,14}$/.test(v) ? v : undefined;
    };
    const slug = (name: string) => {
      const v = query.get(name) ?? '';
      return /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(v) && v.length <= 120 ? v : undefined;
    };
    if (kind === 'fixtures') return { round: id('round'), club: id('club') };
    const n = Number(query.get('page') ?? '1');
    return { category: slug('category'), tag: slug('tag'), page: Number.isInteger(n) && n > 1 && n <= 10_000 ? n : undefined };
  }

  /** The query of an index view as its address writes it (known filters, in a fixed order). */
  const viewQuery = (view: IndexView) =>
    new URLSearchParams(
      Object.entries({ round: view.round, club: view.club, category: view.category, tag: view.tag, page: view.page ? String(view.page) : undefined }).filter(
        (e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '',
      ),
    ).toString();

  /** The filters an index offers: the fixtures' rounds of its season and the clubs; the news' categories and tags. */
  async function indexFilters(kind: 'fixtures' | 'news', locale: string, view: IndexView, doc: JsonApiDocument): Promise<IndexFilter[]> {
    const t = textsFor(locale);
    const list = async (path: string) => {
      const answer = await source.get(path);
      return answer.status === 200 ? (answer.body as JsonApiDocument) : null;
    };
    const options = (records: ResourceObject[], value: (r: ResourceObject) => string, label: (r: ResourceObject) => string) =>
      records.map((r) => ({ value: value(r), label: label(r) })).filter((o) => o.value && o.label);
    const str = (r: ResourceObject, name: string) => String(r.attributes?.[name] ?? '');
    if (kind === 'fixtures') {
      const resolve = createResolver(doc);
      const [page] = primaryRecords(doc);
      const season = (page ? resolve.many(page, 'components') : []).map((c) => resolve.one(c, 'competition_season')).find((r) => r);
      const [rounds, clubs] = await Promise.all([
        season ? list(`/competition_seasons/${season.id}?include=stages.rounds&fields[competition_seasons]=stages&fields[stages]=rounds&fields[rounds]=name,number`) : null,
        list('/clubs?sort=name&page[size]=100&fields[clubs]=name'),
      ]);
      const roundRecords = (rounds?.included ?? []).filter((r) => r.type === 'rounds').sort((a, b) => Number(a.attributes?.number ?? 0) - Number(b.attributes?.number ?? 0));
      return [
        { name: 'round', label: t.filterRound, options: options(roundRecords, (r) => r.id, (r) => str(r, 'name')), selected: view.round },
        { name: 'club', label: t.filterClub, options: options(primaryRecords(clubs), (r) => r.id, (r) => str(r, 'name')), selected: view.club },
      ];
    }
    const [categories, tags] = await Promise.all([
      list('/publication_categories?sort=name&page[size]=100&fields[publication_categories]=name,slug'),
      list('/tags?sort=name&page[size]=100&fields[tags]=name,slug'),
    ]);
    return [
      { name: 'category', label: t.filterCategory, options: options(primaryRecords(categories), (r) => str(r, 'slug'), (r) => str(r, 'name')), selected: view.category },
      { name: 'tag', label: t.filterTag, options: options(primaryRecords(tags), (r) => str(r, 'slug'), (r) => str(r, 'name')), selected: view.tag },
    ];
  }

  /** The fixtures or the news: the template's page, its lists narrowed to the reader's filters, the news page by page. */
  async function indexPage(v: Visit, kind: 'fixtures' | 'news', query: URLSearchParams): Promise<SiteResponse> {
    const { locale, origin, pages } = v;
    const view = indexView(kind, query);
    const [answer, globals] = await Promise.all([source.get(`/current_page?template=${kind}&locale=${locale}&include=auto`), v.globals()]);
    if (answer.status === 404) return notFound(v);
    if (answer.status !== 200) throw new Error(`the delivery API answered ${answer.status} for the ${kind}`);
    const doc = answer.body as JsonApiDocument;
    const [feeds, filters] = await Promise.all([feedsOf(source, doc, locale, Date.now(), view), indexFilters(kind, locale, view, doc)]);
    // The news' pages: as many as the first news list has.
    const newsFeed = Object.values(feeds).find((f) => primaryRecords(f).some((r) => r.type === 'articles'));
    const pagesOfNews = kind === 'news' ? Math.max(1, Number((newsFeed?.meta as { pages?: number } | undefined)?.pages ?? 1)) : 1;
    const current = view.page ?? 1;
    if (current > pagesOfNews) return notFound(v);
    const action = templatePath(basePath, locale, kind);
    const search = viewQuery(view);
    const at = (l: string, v: IndexView = view) => {
      const q = viewQuery(v);
      return `${templatePath(basePath, l, kind)}${q ? `?${q}` : ''}`;
    };
    const body = renderToString(
      renderPage(doc, {
        ...drawing(locale, pages),
        globals: [globals],
        feeds,
        lead: (ctx: RenderContext) => createElement(IndexFilters, { ctx, action, filters }),
        trail: (ctx: RenderContext) => createElement(Pagination, { ctx, page: current, pages: pagesOfNews, href: (n: number) => at(locale, { ...view, page: n > 1 ? n : undefined }) }),
      }),
    );
    const meta = pageMeta(doc);
    const jsonLd = jsonLdScript(
      pageGraph(structured(origin, locale), { globals, document: doc, slug: String(primaryRecords(doc)[0]?.attributes?.slug ?? ''), url: `${origin}${at(locale)}`, isHome: false, title: meta.title, description: meta.description }),
    );
    // A filtered view has an address of its own, but search engines get the index and its pages.
    const filtered = Boolean(view.round || view.club || view.category || view.tag);
    return html(
      200,
      shell({ locale, path: (l) => at(l), origin, title: current > 1 ? `${meta.title} (${textsFor(locale).pageOf(current, pagesOfNews)})` : meta.title, description: meta.description, body, jsonLd, noindex: filtered }),
      search && filtered ? { 'x-robots-tag': 'noindex' } : {},
    );
  }

  /** A page's address in each locale (the home page is `/{locale}/`). */
  function pagePaths(slug: string, pages: PageIndexEntry[]): (locale: string) => string {
    const home = homeOf(pages);
    const alternates = pageAlternates(slug, new Set(pages.map((p) => p.slug)), LOCALES);
    return (l) => {
      const s = alternates[l] ?? slug;
      return `${basePath}/${l}/${home?.slug === s ? '' : s}`;
    };
  }

  const articlePath = (locale: string, slug: string) => `${basePath}/${locale}/articles/${encodeURIComponent(slug)}`;

  /** An article's slug (else its id) in each locale it is published in now, read by its id. */
  const moved = (location: string): SiteResponse => ({ status: 301, headers: { location, 'cache-control': 'public, max-age=300' }, body: EMPTY });

  /**
   * An article asked under a locale by a slug of another locale's translation (the addresses the
   * site's hreflang named before it knew each translation's slug): 301 to its translation in this
   * locale when it has one published.
   */
  async function movedArticle(locale: string, key: string): Promise<SiteResponse | null> {
    if (/^\d+$/.test(key)) return null;
    for (const l of LOCALES.filter((l) => l !== locale)) {
      const there = await source.get(`/articles/${encodeURIComponent(key)}?locale=${l}`);
      if (there.status !== 200) continue;
      const here = await source.get(`/articles/${encodeURIComponent((there.body.data as ResourceObject).id)}?locale=${locale}`);
      if (here.status !== 200) return null;
      const art = here.body.data as ResourceObject;
      return moved(articlePath(locale, typeof art.attributes?.slug === 'string' && art.attributes.slug ? art.attributes.slug : art.id));
    }
    return null;
  }

  async function articleSlugs(locale: string, art: ResourceObject): Promise<Record<string, string>> {
    const slugOf = (a: ResourceObject) => (typeof a.attributes?.slug === 'string' && a.attributes.slug ? a.attributes.slug : a.id);
    const out: Record<string, string> = { [locale]: slugOf(art) };
    await Promise.all(
      LOCALES.filter((l) => l !== locale).map(async (l) => {
        const other = await source.get(`/articles/${encodeURIComponent(art.id)}?locale=${l}`);
        if (other.status === 200) out[l] = slugOf(other.body.data as ResourceObject);
      }),
    );
    return out;
  }

  const xml = (text: string): SiteResponse => ({ status: 200, headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=0, s-maxage=300' }, body: Buffer.from(text) });

  /** Every public page in every locale (pages are shared by the languages), with its alternates. */
  function pageUrls(origin: string, pages: PageIndexEntry[]): SitemapUrl[] {
    const hasClubTemplate = templatesOf(pages).has('club');
    return pages.flatMap((p) => {
      // A template's page: an index (fixtures, news, and the clubs' list a club template brings) at
      // its kind's address; the records of a kind in their own sitemap.
      if (p.template) {
        const kind = p.template;
        if ((isRecordKind(kind) && kind !== 'club') || pages.find((o) => o.template === kind) !== p) return [];
        const alternates = Object.fromEntries(LOCALES.map((l) => [l, `${origin}${templatePath(basePath, l, kind)}`]));
        return LOCALES.map((l) => ({ loc: alternates[l], lastmod: p.updatedAt, alternates }));
      }
      // A club's hand-made page is its page in its language: the clubs' sitemap lists it there.
      if (hasClubTemplate && /^([a-z0-9-]+)\/[a-z0-9-]+$/.test(p.slug) && Object.values(CLUB_FOLDERS).includes(p.slug.split('/')[0])) return [];
      const path = pagePaths(p.slug, pages);
      const alternates = Object.fromEntries(LOCALES.map((l) => [l, `${origin}${path(l)}`]));
      return LOCALES.map((l) => ({ loc: alternates[l], lastmod: p.updatedAt, alternates }));
    });
  }

  /** Every article published now, in each language it is published in, at that translation's slug. */
  async function articleUrls(origin: string): Promise<SitemapUrl[]> {
    return (await articleIndex(source, LOCALES)).flatMap((a) => {
      const alternates = Object.fromEntries(Object.entries(a.slugs).map(([l, slug]) => [l, `${origin}${articlePath(l, slug)}`]));
      return Object.keys(a.slugs).map((l) => ({ loc: alternates[l], lastmod: a.lastmod[l] ?? null, alternates }));
    });
  }

  /**
   * `sitemap.xml` is always an index (so that it never has to change shape as the league grows):
   * `sitemap-pages.xml`, then the articles in files of at most 50,000 addresses
   * (`sitemap-articles.xml`, `sitemap-articles-2.xml`…).
   */
  /** Every public record of a kind at its page, in every language. */
  async function recordUrls(origin: string, kind: RecordKind, pages: PageIndexEntry[]): Promise<SitemapUrl[]> {
    const slugs = new Set(pages.map((p) => p.slug));
    return (await recordIndex(source, kind)).flatMap((r) => {
      // A club's page staff made in a language is its page there.
      const own = r.code ? clubPages(r.code, slugs, LOCALES) : {};
      const alternates = Object.fromEntries(LOCALES.map((l) => [l, `${origin}${own[l] ? `${basePath}/${l}/${own[l]}` : templatePath(basePath, l, kind, r.key)}`]));
      return LOCALES.map((l) => ({ loc: alternates[l], lastmod: r.lastmod, alternates }));
    });
  }

  /** The sitemap files of the records whose kind has a template: `sitemap-matches.xml`, `-2.xml`… */
  const RECORD_SITEMAPS: Record<RecordKind, string> = { match: 'matches', club: 'clubs', player: 'players', competition_season: 'tables' };

  async function sitemap(path: string, origin: string, pages: PageIndexEntry[]): Promise<SiteResponse | null> {
    if (path === '/sitemap-pages.xml') return xml(urlset(pageUrls(origin, pages)));
    const templates = templatesOf(pages);
    const records = /^\/sitemap-(matches|clubs|players|tables)(?:-([1-9]\d{0,5}))?\.xml$/.exec(path);
    if (records) {
      const kind = RECORD_KINDS.find((k) => RECORD_SITEMAPS[k] === records[1])!;
      if (!templates.has(kind)) return null;
      const n = Number(records[2] ?? 1);
      const urls = await recordUrls(origin, kind, pages);
      if (n > 1 && (n - 1) * SITEMAP_MAX_URLS >= urls.length) return null;
      return xml(urlset(urls.slice((n - 1) * SITEMAP_MAX_URLS, n * SITEMAP_MAX_URLS)));
    }
    const part = /^\/sitemap-articles(?:-([1-9]\d{0,5}))?\.xml$/.exec(path);
    if (part) {
      const n = Number(part[1] ?? 1);
      const urls = await articleUrls(origin);
      if (n > 1 && (n - 1) * SITEMAP_MAX_URLS >= urls.length) return null;
      return xml(urlset(urls.slice((n - 1) * SITEMAP_MAX_URLS, n * SITEMAP_MAX_URLS)));
    }
    if (path !== '/sitemap.xml') return null;
    const articles = await articleUrls(origin);
    const files = [{ loc: `${origin}${basePath}/sitemap-pages.xml`, lastmod: latest(pages.map((p) => p.updatedAt)) }];
    const split = (name: string, urls: SitemapUrl[]) => {
      for (let n = 1; n === 1 || (n - 1) * SITEMAP_MAX_URLS < urls.length; n++) {
        const chunk = urls.slice((n - 1) * SITEMAP_MAX_URLS, n * SITEMAP_MAX_URLS);
        files.push({ loc: `${origin}${basePath}/sitemap-${name}${n === 1 ? '' : `-${n}`}.xml`, lastmod: latest(chunk.map((u) => u.lastmod)) });
      }
    };
    split('articles', articles);
    for (const kind of RECORD_KINDS) if (templates.has(kind)) split(RECORD_SITEMAPS[kind], await recordUrls(origin, kind, pages));
    return xml(sitemapIndex(files));
  }

  /**
   * Answers a GET of a path under the site's base (`/pl/`, `/en/kluby/rcz`, `/sitemap.xml`), its
   * absolute addresses on `origin`: the configured one, never what a request's Host says.
   */
  async function handle(path: string, origin: string): Promise<SiteResponse> {
    const at = path.indexOf('?');
    const clean = at < 0 ? path : path.slice(0, at);
    const query = new URLSearchParams(at < 0 ? '' : path.slice(at + 1));
    // One address per page: with repeated slashes, or slashes after it, it leads to the page's own.
    const tidy = tidyPath(clean);
    if (tidy !== clean) return moved(`${basePath}${tidy}${at < 0 ? '' : path.slice(at)}`);
    // Only the search (its `q`) and the indexes (their filters and pages) read the query; every
    // other page is the same whatever follows `?`.
    // Search pages are not kept: each query would be an entry, and a crawl of queries would push out the pages.
    if (query.has('q') && isSearchPath(clean)) return route(clean, origin, query);
    const key = keyOf(clean, origin, query);
    if (key === null) return route(clean, origin, query);
    const kept = rendered.get(key);
    if (kept && Date.now() - kept.at < cacheMs) return kept.response;
    // The page is being rendered (its kept copy has just expired and readers arrive together): one render serves them all.
    const shared = rendering.get(key);
    if (shared) {
      const response = await shared.catch(() => null);
      // A redirect names the address it was asked by (its query); a failure is not passed on: those answer each request by itself.
      if (response && (response.status < 300 || response.status >= 400)) return response;
      return route(clean, origin, query);
    }
    const render = route(clean, origin, query);
    rendering.set(key, render);
    try {
      const response = await render;
      if (response.status === 200 && cacheMs > 0) keep(key, response);
      return response;
    } finally {
      rendering.delete(key);
    }
  }

  /**
   * What a page is kept and shared by: its address as route() reads it (the part after the locale
   * decoded, without slashes at its end: `/pl/%6Bluby/rcz%2F` is `/pl/kluby/rcz`) and, for an index,
   * the filters it reads; so no spelling of a page is a render or an entry of its own. Null: not
   * decodable (a 404, neither kept nor shared).
   */
  function keyOf(clean: string, origin: string, query: URLSearchParams): string | null {
    let path = clean;
    const m = /^\/([a-z]{2})\/(.*)$/.exec(clean);
    if (m) {
      try {
        path = `/${m[1]}/${decodeURIComponent(m[2]).replace(/\/+$/, '')}`;
      } catch {
        return null;
      }
    }
    const view = indexKey(path, query);
    return `${origin}${path}${view ? `?${view}` : ''}`;
  }

  /** The filters an index's address asks for, as its cache key holds them (none: not an index). */
  function indexKey(path: string, query: URLSearchParams): string {
    const m = /^\/[a-z]{2}\/([a-z]+)\/*$/.exec(path);
    const kind = m ? templateOfSegment(m[1])?.kind : undefined;
    return kind === 'fixtures' || kind === 'news' ? viewQuery(indexView(kind, query)) : '';
  }

  async function route(path: string, origin: string, query: URLSearchParams): Promise<SiteResponse> {
    const q = query.get('q');
    if (path === '' || path === '/') return { status: 302, headers: { location: `${basePath}/${LOCALES[0]}/` }, body: EMPTY };
    if (path === '/robots.txt')
      return { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: Buffer.from(`User-agent: *\nAllow: ${basePath}/\nSitemap: ${origin}${basePath}/sitemap.xml\n`) };
    const icon = /^\/icon-(\d+)\.png$/.exec(path);
    if (icon) {
      const png = await iconAt(Number(icon[1]));
      if (png) return png;
    }
    const m = /^\/([a-z]{2})(?:\/(.*))?$/.exec(path);
    const locale = m && LOCALES.includes(m[1]) ? m[1] : null;
    if (locale && m?.[2] === 'manifest.webmanifest') return manifest(locale);
    if (m && locale && m[2] === undefined) return { status: 301, headers: { location: `${basePath}/${locale}/` }, body: EMPTY };
    const sitemapPath = /^\/sitemap[a-z0-9-]*\.xml$/.test(path);
    // A page (a 404 too) is drawn around the global elements, which do not depend on it: they are
    // read beside the pages' index, one round trip fewer before the page's own reads.
    const globals = once(() => elements(locale ?? LOCALES[0]));
    // Not awaited when the answer is a redirect: its failure is then no one's.
    if (!sitemapPath) globals().catch(() => undefined);
    const pages = await pageIndex();
    const v: Visit = { locale: locale ?? LOCALES[0], origin, pages, globals };
    if (sitemapPath) return (await sitemap(path, origin, pages)) ?? notFound(v);
    if (!m || !locale) return notFound(v);
    let rest: string;
    try {
      rest = decodeURIComponent(m[2]).replace(/\/+$/, '');
    } catch {
      return notFound(v);
    }
    if (rest === '') {
      const home = homeOf(pages);
      return home ? page(v, home.slug) : notFound(v);
    }
    if (rest === 'search') return search(v, q);
    // The fan's alerts (issue 41): the site's own page, at its address in each language's words.
    const alertsIn = LOCALES.find((l) => MY_ALERTS[l as 'pl' | 'en'] === rest);
    if (alertsIn) return alertsIn === locale ? myAlerts(v) : moved(myAlertsPath(basePath, locale));
    // The Polish word for it leads there too (a reader may type it).
    if (rest === 'szukaj') return { status: 301, headers: { location: `${basePath}/${locale}/search${q === null ? '' : `?q=${encodeURIComponent(q)}`}` }, body: EMPTY };
    const art = /^articles\/([^/]+)$/.exec(rest);
    if (art) return article(v, art[1]);
    // A page staff made at this address comes first (editors' pages on top of the templates), but a
    // club's page made in another language's folder (`kluby/rcz` under /en/) is not this language's:
    // with a club template, the club's page in this language is the template's.
    const entry = pages.find((p) => p.slug === rest);
    const folder = /^([a-z0-9-]+)\/([a-z0-9-]+)$/.exec(rest);
    if (entry && !entry.template && folder && templatesOf(pages).has('club') && Object.entries(CLUB_FOLDERS).some(([l, f]) => f === folder[1] && l !== locale))
      return moved(templatePath(basePath, locale, 'club', folder[2]));
    if (entry && !entry.template) return page(v, rest);
    // A page by its id (where a notification about it leads, issue 41): its address, by its slug.
    const byId = /^pages\/([1-9]\d{0,14})$/.exec(rest);
    if (byId) {
      const answer = await source.get(`/pages/${byId[1]}?fields[pages]=slug`);
      const slug = answer.status === 200 ? (answer.body.data as ResourceObject).attributes?.slug : undefined;
      const known = typeof slug === 'string' ? pages.find((p) => p.slug === slug) : undefined;
      if (known) return moved(known.template ? templatePath(basePath, locale, known.template) : pagePaths(known.slug, pages)(locale));
      return notFound(v);
    }
    const [first, key, ...more] = rest.split('/');
    const segment = templateOfSegment(first);
    if (segment && more.length === 0) return templateRoute(v, segment.kind, segment.locale, key, query);
    // A template's own page is shown at its kind's addresses only: an index's there, a record's nowhere by itself.
    if (entry?.template) return isRecordKind(entry.template) ? notFound(v) : moved(templatePath(basePath, locale, entry.template));
    return page(v, rest);
  }

  // ---- the fans' app (issue 41) --------------------------------------------------------------------

  /** The league's app manifest in a language: its name, colour and icons from the branding. */
  async function manifest(locale: string): Promise<SiteResponse> {
    const branding = brandingOf(await elements(locale));
    const body = JSON.stringify(manifestFor(branding, { locale: locale === 'en' ? 'en' : 'pl', basePath, imageBase: options.imageBase }));
    return { status: 200, headers: { 'content-type': 'application/manifest+json; charset=utf-8', 'cache-control': 'public, max-age=300' }, body: Buffer.from(body) };
  }

  /**
   * The league's icon at a size (the pages' favicon, the icons of a league without a branding
   * image): the manifest's own icon when the branding has a picture, else a plain one in its colour.
   */
  async function iconAt(size: number): Promise<SiteResponse | null> {
    if (!(ICON_SIZES as readonly number[]).includes(size)) return null;
    const branding = brandingOf(await elements(LOCALES[0]));
    const made = iconsOf(branding, { basePath, imageBase: options.imageBase }).find((i) => i.sizes === `${size}x${size}` && i.purpose === 'any');
    if (branding.imagePath && made) return { status: 302, headers: { location: made.src, 'cache-control': 'public, max-age=300' }, body: EMPTY };
    return { status: 200, headers: { 'content-type': 'image/png', 'cache-control': 'public, max-age=3600' }, body: iconPng(size, branding.color ?? DEFAULT_THEME) };
  }

  /**
   * "My alerts": what the fan follows, the kinds and language of their alerts, and alerts off on
   * this device. All of it is the fan's own (their token, their browser's subscription), so the
   * page is a frame the browser fills (client/alerts.ts); without JavaScript it says why it is empty.
   */
  async function myAlerts(v: Visit): Promise<SiteResponse> {
    const { locale, origin, pages } = v;
    const t = ALERT_PAGE_WORDS[locale === 'en' ? 'en' : 'pl'];
    const doc: JsonApiDocument = { data: { type: 'pages', id: 'my-alerts', attributes: { title: t.title }, relationships: { components: { data: [] } } } };
    const globals = await v.globals();
    const body = renderToString(
      renderPage(doc, {
        ...drawing(locale, pages),
        globals: [globals],
        content: () => createElement('div', { className: 'u-my-alerts', 'data-hydrate': 'my-alerts' }, createElement('p', { className: 'u-empty' }, t.needsScript)),
      }),
    );
    const jsonLd = jsonLdScript(siteGraph(structured(origin, locale), globals));
    // A fan's own settings: nothing a search engine should list.
    return html(200, shell({ locale, path: (l) => myAlertsPath(basePath, l), origin, title: t.title, description: '', body, noindex: true, jsonLd }), { 'x-robots-tag': 'noindex' });
  }

  return { handle };
}

const ALERT_PAGE_WORDS = {
  pl: { title: 'Moje alerty', needsScript: 'Alerty działają w przeglądarce z włączonym JavaScriptem: włącz go, aby zobaczyć, co obserwujesz.' },
  en: { title: 'My alerts', needsScript: 'Alerts work in a browser with JavaScript on: turn it on to see what you follow.' },
} as const;
