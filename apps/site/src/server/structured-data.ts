import { imageUrlPath, snapImageSize } from '@umpire/schema/image-service';
import {
  componentsOf, createResolver, kindOf, primaryRecords, safeHref, settingsOf, shownOnWeb, textsFor, type JsonApiDocument, type ResourceObject, type Resolver,
} from '@umpire/render';
import { CLUB_FOLDERS, type PageIndexEntry } from './addresses';
import { recordName } from './templates';

/**
 * The site's structured data: schema.org in JSON-LD, one `<script type="application/ld+json">`
 * in each page's head holding a `@graph`, for search engines.
 *
 * - Every page: the `WebSite` (the league's name, its home in the page's language, and the
 *   `SearchAction` of the site's search) and the league as a `SportsOrganization` (name, logo).
 * - An article: `NewsArticle` and its `BreadcrumbList` (home › the news page, when the site has
 *   one › the article). A builder page: `WebPage` and its `BreadcrumbList` (home › the page).
 * - A club's hand-made page (`kluby/<code>`, `clubs/<code>`) that shows the club: `SportsTeam`.
 * - A page that shows one match card (a `match` component): that match as a `SportsEvent`.
 *
 * Only what the page itself shows from the delivery API goes in, nothing more: the league's
 * name and logo come from its branding (else the header) global element, a club's facts from
 * the club component, a match's from the match card's own fields. A match's venue is named but
 * not addressed (the card shows no address). schema.org has no property for a match's score
 * (schemaorg/schemaorg#2336: "no way to express the results of a SportsEvent"; the IPTC sport
 * schema proposed as an extension in #4372 is not part of it), and Google's event guidelines
 * define none: a played match's score is written in its `description` ("Home 2:1 Away"), never
 * in an invented property a validator would reject.
 */
export type JsonLd = { '@type': string; '@id'?: string } & { [property: string]: unknown };

/** What every node's addresses are made from. */
export interface StructuredSite {
  /** The configured public origin (never a request's Host). */
  origin: string;
  /** Where the site is mounted (`/site`, or `` on a host of its own). */
  basePath: string;
  /** The image service's base (`/img`, or an absolute CDN address). */
  imageBase: string;
  /** The page's language. */
  locale: string;
}

/** The league as its pages name it: the branding's name and logo. */
export interface League {
  name: string;
  logo?: string;
}

/** The sport, unambiguously: schema.org's `sport` takes a URL, and "football" alone is also American football. */
export const FOOTBALL = 'https://en.wikipedia.org/wiki/Association_football';

/** Pages that list the league's news, by the slugs leagues give them: an article's breadcrumb passes through the first that exists. */
export const NEWS_SLUGS = ['aktualnosci', 'wiadomosci', 'news', 'artykuly', 'articles'];

const text = (record: ResourceObject | Record<string, unknown> | undefined, name: string): string => {
  const source = record && 'attributes' in record ? (record as ResourceObject).attributes : (record as Record<string, unknown> | undefined);
  const value = source?.[name];
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
};
const num = (record: ResourceObject | undefined, name: string): number | null => {
  const value = record?.attributes?.[name];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
};
/** An ISO 8601 date-time as the API gave it, when it is one. */
const isoDate = (value: unknown): string | undefined => (typeof value === 'string' && value && !Number.isNaN(Date.parse(value)) ? value : undefined);

const homeUrl = (site: StructuredSite) => `${site.origin}${site.basePath}/${site.locale}/`;
const organizationId = (site: StructuredSite) => `${site.origin}${site.basePath}/#organization`;
const websiteId = (site: StructuredSite) => `${homeUrl(site)}#website`;

/** An absolute address of a stored picture through the image service, fitted in `width` × `height` (sizes it makes), in its own format. */
export function pictureUrl(site: StructuredSite, path: string, width: number, height: number): string {
  const base = /^https?:\/\//i.test(site.imageBase) ? site.imageBase : `${site.origin}${site.imageBase}`;
  const encoded = path.replace(/^\/+/, '').split('/').map(encodeURIComponent).join('/');
  return `${base.replace(/\/+$/, '')}/${imageUrlPath({ fitIn: true, width: snapImageSize(width), height: snapImageSize(height), format: null, path: encoded })}`;
}

const pictureOf = (site: StructuredSite, image: ResourceObject | undefined, size: number): string | undefined => {
  const path = image?.type === 'images' ? text(image, 'path') : '';
  return path ? pictureUrl(site, path, size, size) : undefined;
};

/**
 * The league from the global page elements (`/current_page_elements`): the branding's name and
 * logo, else the header's title and picture (what the site's header shows); none without a name.
 */
export function leagueOf(site: StructuredSite, globals: JsonApiDocument | null | undefined): League | undefined {
  const resolve = createResolver(globals);
  const elements = primaryRecords(globals).filter((e) => e.type === 'global_page_elements');
  const shown = (area: string, kind: string) =>
    elements
      .filter((e) => text(e, 'area') === area)
      .flatMap((e) => componentsOf(e, resolve))
      .find((c) => kindOf(c) === kind && shownOnWeb(c));
  const branding = shown('branding', 'branding');
  const header = shown('header_footer', 'page_header');
  const name = text(branding && settingsOf(branding), 'name') || text(header && settingsOf(header), 'title');
  if (!name) return undefined;
  const logo = pictureOf(site, resolve.one(branding, 'image') ?? resolve.one(header, 'image'), 512);
  return { name, ...(logo ? { logo } : {}) };
}

/** The league as an organisation (the author and publisher of its articles, what its clubs are members of). */
export function organization(site: StructuredSite, league: League): JsonLd {
  return { '@type': 'SportsOrganization', '@id': organizationId(site), name: league.name, url: homeUrl(site), sport: FOOTBALL, ...(league.logo ? { logo: league.logo } : {}) };
}

/** The site, with the search it offers (`/{locale}/search?q=`, the header's form). */
export function webSite(site: StructuredSite, league: League): JsonLd {
  return {
    '@type': 'WebSite',
    '@id': websiteId(site),
    name: league.name,
    url: homeUrl(site),
    inLanguage: site.locale,
    publisher: { '@id': organizationId(site) },
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${homeUrl(site)}search?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

export interface Crumb {
  name: string;
  url: string;
}

/** A trail of pages, the first the site's home, the last the page itself. */
export function breadcrumbList(id: string, crumbs: Crumb[]): JsonLd {
  return {
    '@type': 'BreadcrumbList',
    '@id': id,
    itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: c.url })),
  };
}

/** What every page carries: the site and the league (nothing when no element names the league). */
export function siteNodes(site: StructuredSite, league: League | undefined): JsonLd[] {
  return league ? [webSite(site, league), organization(site, league)] : [];
}

/** Schema.org's status of an event for a match's status: a live or finished match took place as scheduled (schema.org has no "finished"). */
export function eventStatus(status: string): string {
  if (status === 'postponed') return 'https://schema.org/EventPostponed';
  if (status === 'cancelled' || status === 'abandoned') return 'https://schema.org/EventCancelled';
  return 'https://schema.org/EventScheduled';
}

/** Statuses in which the match card shows a score (as the renderers' `isPlayed`). */
const PLAYED = new Set(['first_half', 'half_time', 'second_half', 'finished', 'abandoned']);

/** A squad as the match card names it: its team's name (else the club's, else the squad's) and crest. */
function side(site: StructuredSite, resolve: Resolver, squad: ResourceObject | undefined, league: JsonLd | undefined): JsonLd | undefined {
  if (!squad) return undefined;
  const team = resolve.one(squad, 'team');
  const club = resolve.one(team, 'club');
  const name = text(team, 'name') || text(club, 'name') || text(squad, 'name');
  if (!name) return undefined;
  const logo = pictureOf(site, resolve.one(squad, 'image') ?? resolve.one(team, 'image') ?? resolve.one(club, 'image'), 512);
  return { '@type': 'SportsTeam', name, sport: FOOTBALL, ...(logo ? { logo } : {}), ...(league ? { memberOf: league } : {}) };
}

export interface MatchContext {
  site: StructuredSite;
  /** Resolves the match's squads, teams, clubs, crests and venue (the documents the page was drawn from). */
  resolve: Resolver;
  /** The address of the page showing the match (the event's `@id` is made from it). */
  url: string;
  /** The league, the organiser of its matches. */
  league?: League;
}

/**
 * A match as a schema.org `SportsEvent`: "Home – Away", its kick-off, status, teams with their
 * crests, its venue's name, and for a match being played or played its score in `description`
 * (schema.org has no score property). Nothing when the card could not name both sides or the
 * kick-off is unknown (name and startDate are what an event must have).
 */
export function sportsEvent(match: ResourceObject, context: MatchContext): JsonLd | undefined {
  const { site, resolve, league } = context;
  const org = league ? organization(site, league) : undefined;
  const home = side(site, resolve, resolve.one(match, 'home_squad'), org);
  const away = side(site, resolve, resolve.one(match, 'away_squad'), org);
  const startDate = isoDate(match.attributes?.kickoff_at);
  if (!home || !away || !startDate) return undefined;
  const status = text(match, 'status');
  const [homeScore, awayScore] = [num(match, 'home_score'), num(match, 'away_score')];
  const venue = text(resolve.one(match, 'venue'), 'name');
  return {
    '@type': 'SportsEvent',
    '@id': `${context.url}#match-${match.id}`,
    name: `${String(home.name)} – ${String(away.name)}`,
    sport: FOOTBALL,
    startDate,
    eventStatus: eventStatus(status),
    homeTeam: home,
    awayTeam: away,
    ...(venue ? { location: { '@type': 'Place', name: venue } } : {}),
    ...(PLAYED.has(status) && homeScore !== null && awayScore !== null ? { description: `${String(home.name)} ${homeScore}:${awayScore} ${String(away.name)}` } : {}),
    ...(org ? { organizer: org } : {}),
  };
}

/**
 * A club as the club component shows it: name, crest, city, founding year and website, a member
 * of the league.
 */
export function sportsTeam(site: StructuredSite, club: ResourceObject, options: { crest?: ResourceObject; url: string; league?: League }): JsonLd {
  const logo = pictureOf(site, options.crest, 512);
  const city = text(club, 'city');
  const founded = num(club, 'founded');
  const website = safeHref(club.attributes?.website);
  return {
    '@type': 'SportsTeam',
    '@id': `${options.url}#team`,
    name: text(club, 'name'),
    sport: FOOTBALL,
    url: options.url,
    ...(logo ? { logo } : {}),
    ...(city ? { location: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: city } } } : {}),
    ...(founded !== null ? { foundingDate: String(founded) } : {}),
    ...(website && /^https?:/i.test(website) ? { sameAs: website } : {}),
    ...(options.league ? { memberOf: organization(site, options.league) } : {}),
  };
}

/** The club a club page shows: the club component whose club has the page's code, else the only one. */
function clubShown(slug: string, resolve: Resolver, components: ResourceObject[]): { club: ResourceObject; crest?: ResourceObject } | undefined {
  const m = /^([a-z0-9-]+)\/([a-z0-9-]+)$/.exec(slug);
  if (!m || !Object.values(CLUB_FOLDERS).includes(m[1])) return undefined;
  const shown = components
    .filter((c) => kindOf(c) === 'club')
    .map((c) => ({ club: resolve.one(c, 'club'), crest: resolve.one(c, 'club_image') ?? resolve.one(resolve.one(c, 'club'), 'image') }))
    .filter((s): s is { club: ResourceObject; crest: ResourceObject | undefined } => !!s.club && !!text(s.club, 'name'));
  return shown.find((s) => text(s.club, 'code').toLowerCase() === m[2]) ?? (shown.length === 1 ? shown[0] : undefined);
}

/** A builder page: the site, the league, the page and its breadcrumb; a club page's club, a match card's match. */
export function pageGraph(
  site: StructuredSite,
  input: { globals: JsonApiDocument | null | undefined; document: JsonApiDocument; slug: string; url: string; isHome: boolean; title: string; description: string },
): JsonLd[] {
  const league = leagueOf(site, input.globals);
  const resolve = createResolver(input.document);
  const [page] = primaryRecords(input.document);
  const components = componentsOf(page, resolve).filter(shownOnWeb);
  const nodes: JsonLd[] = [];
  const cards = components.filter((c) => kindOf(c) === 'match').map((c) => resolve.one(c, 'match')).filter((m): m is ResourceObject => !!m);
  const event = cards.length === 1 ? sportsEvent(cards[0], { site, resolve, url: input.url, league }) : undefined;
  const shown = clubShown(input.slug, resolve, components);
  const team = shown ? sportsTeam(site, shown.club, { crest: shown.crest, url: input.url, league }) : undefined;
  const name = text(page, 'title') || input.title;
  const crumbs = input.isHome ? undefined : breadcrumbList(`${input.url}#breadcrumb`, [{ name: textsFor(site.locale).home, url: homeUrl(site) }, { name, url: input.url }]);
  nodes.push({
    '@type': 'WebPage',
    '@id': `${input.url}#webpage`,
    url: input.url,
    name: input.title,
    ...(input.description ? { description: input.description } : {}),
    inLanguage: site.locale,
    ...(league ? { isPartOf: { '@id': websiteId(site) } } : {}),
    ...(crumbs ? { breadcrumb: { '@id': crumbs['@id'] } } : {}),
    ...(team || event ? { about: { '@id': (team ?? event)?.['@id'] } } : {}),
  });
  if (crumbs) nodes.push(crumbs);
  if (team) nodes.push(team);
  if (event) nodes.push(event);
  return [...siteNodes(site, league), ...nodes];
}

/**
 * A player as a schema.org `Person`: name, given and family name, birth date, nationality,
 * height and picture as the player's page shows them, and the club of the squad the page names.
 */
export function person(site: StructuredSite, player: ResourceObject, options: { url: string; resolve: Resolver }): JsonLd {
  const name = recordName('player', player, options.resolve);
  const picture = pictureOf(site, options.resolve.one(player, 'image'), 512);
  const birthDate = isoDate(player.attributes?.birth_date);
  const nationality = text(player, 'nationality');
  const height = num(player, 'height_cm');
  // The club of the player's squad the page holds that the player has not left (the latest).
  const ofPlayer = (sp: ResourceObject) => {
    const ref = sp.relationships?.player?.data;
    return !!ref && !Array.isArray(ref) && ref.id === player.id;
  };
  const current = options.resolve
    .all('squad_players')
    .filter((sp) => ofPlayer(sp) && !text(sp, 'left_on'))
    .sort((a, b) => Number(b.id) - Number(a.id))[0];
  const club = options.resolve.one(options.resolve.one(options.resolve.one(current, 'squad'), 'team'), 'club');
  return {
    '@type': 'Person',
    '@id': `${options.url}#person`,
    name,
    ...(text(player, 'first_name') ? { givenName: text(player, 'first_name') } : {}),
    ...(text(player, 'last_name') ? { familyName: text(player, 'last_name') } : {}),
    url: options.url,
    ...(picture ? { image: picture } : {}),
    ...(birthDate ? { birthDate: birthDate.slice(0, 10) } : {}),
    ...(nationality ? { nationality: { '@type': 'Country', name: nationality } } : {}),
    ...(height !== null ? { height: { '@type': 'QuantitativeValue', value: height, unitCode: 'CMT' } } : {}),
    ...(club && text(club, 'name') ? { affiliation: { '@type': 'SportsTeam', name: text(club, 'name'), sport: FOOTBALL } } : {}),
  };
}

/**
 * A template's page made for a record (templates.ts): the site, the league, the `WebPage` about
 * the record and its breadcrumb (home › the kind's index, when it has one › the record), and the
 * record itself: a match's `SportsEvent`, a club's `SportsTeam`, a player's `Person`.
 */
export function recordGraph(
  site: StructuredSite,
  input: { globals: JsonApiDocument | null | undefined; kind: string; record: ResourceObject; resolve: Resolver; url: string; title: string; description: string; parent?: Crumb },
): JsonLd[] {
  const league = leagueOf(site, input.globals);
  const { record, resolve, url } = input;
  const main =
    input.kind === 'match'
      ? sportsEvent(record, { site, resolve, url, league })
      : input.kind === 'club'
        ? sportsTeam(site, record, { crest: resolve.one(record, 'image'), url, league })
        : input.kind === 'player'
          ? person(site, record, { url, resolve })
          : undefined;
  const crumbs = breadcrumbList(`${url}#breadcrumb`, [{ name: textsFor(site.locale).home, url: homeUrl(site) }, ...(input.parent ? [input.parent] : []), { name: input.title, url }]);
  const page: JsonLd = {
    '@type': input.kind === 'player' ? 'ProfilePage' : 'WebPage',
    '@id': `${url}#webpage`,
    url,
    name: input.title,
    ...(input.description ? { description: input.description } : {}),
    inLanguage: site.locale,
    ...(league ? { isPartOf: { '@id': websiteId(site) } } : {}),
    breadcrumb: { '@id': crumbs['@id'] },
    ...(main ? { [input.kind === 'player' ? 'mainEntity' : 'about']: { '@id': main['@id'] } } : {}),
  };
  return [...siteNodes(site, league), page, crumbs, ...(main ? [main] : [])];
}

/** The news page an article's breadcrumb passes through, when the site has one. */
export function newsPage(site: StructuredSite, pages: readonly PageIndexEntry[]): Crumb | undefined {
  const page = NEWS_SLUGS.map((slug) => pages.find((p) => p.slug === slug)).find((p) => p !== undefined);
  return page ? { name: page.title || textsFor(site.locale).articles, url: `${homeUrl(site)}${page.slug}` } : undefined;
}

/**
 * An article: the site, the league, the `NewsArticle` (its picture as the page's `og:image`,
 * 1200 wide through the image service; its dates; written and published by the league) and its
 * breadcrumb.
 */
export function articleGraph(
  site: StructuredSite,
  input: { globals: JsonApiDocument | null | undefined; article: ResourceObject; url: string; image?: string; news?: Crumb },
): JsonLd[] {
  const league = leagueOf(site, input.globals);
  const a = input.article;
  const headline = text(a, 'title');
  const org = league ? organization(site, league) : undefined;
  const published = isoDate(a.attributes?.publish_from);
  const modified = isoDate(a.attributes?.updated_at);
  const crumbs = breadcrumbList(`${input.url}#breadcrumb`, [{ name: textsFor(site.locale).home, url: homeUrl(site) }, ...(input.news ? [input.news] : []), { name: headline, url: input.url }]);
  const article: JsonLd = {
    '@type': 'NewsArticle',
    '@id': `${input.url}#article`,
    headline,
    ...(text(a, 'lead') ? { description: text(a, 'lead') } : {}),
    ...(input.image ? { image: [input.image] } : {}),
    ...(published ? { datePublished: published } : {}),
    ...(modified ? { dateModified: modified } : {}),
    inLanguage: site.locale,
    url: input.url,
    mainEntityOfPage: input.url,
    ...(org ? { author: org, publisher: org, isPartOf: { '@id': websiteId(site) } } : {}),
  };
  return [...siteNodes(site, league), article, crumbs];
}

/** A page of the site that is no content of its own (search, not found): the site and the league. */
export function siteGraph(site: StructuredSite, globals: JsonApiDocument | null | undefined): JsonLd[] {
  return siteNodes(site, leagueOf(site, globals));
}

/**
 * JSON that can stand inside `<script>`: no `<` (so no `</script>` or `<!--` can end or change
 * the element), no `>` or `&`, and U+2028/U+2029 written as escapes (JavaScript engines before
 * ES2019 read them as line ends inside strings). Each is the same string to a JSON reader.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The `<script type="application/ld+json">` of a graph (nothing for an empty one). */
export function jsonLdScript(graph: JsonLd[]): string {
  if (!graph.length) return '';
  return `<script type="application/ld+json">${scriptSafeJson({ '@context': 'https://schema.org', '@graph': graph })}</script>`;
}
