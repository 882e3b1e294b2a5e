import { componentKindDef, menuAsDelivered, menuForReaders, menuPageIds, PAGE_INCLUDE_SETS, PAGE_KIND_INCLUDE_SETS, TEMPLATE_DEFS, type PageKind, type TemplateKind } from '@umpire/schema';
import { CompiledQuery } from 'kysely';
import type { Dialect } from '../db/database';
import { apiError, badParameter, notFound } from '../jsonapi/errors';
import { findModel, modelOf, type Model } from '../jsonapi/model';
import { declarePublicAttributeCut, publicModelOf, publicRowFilters } from '../jsonapi/public-projection';
import { linkNamesOf, scoped, toResourceObject, type ReadContext, type ResourceIdentifier, type ResourceObject, type Row } from '../jsonapi/read';
import type { LinkValues } from '../jsonapi/rules';
import { withTranslations } from '../jsonapi/translations';
import { toDb } from '../db/values';
import { includedSquads, playerStatisticsOfSeasons, standingsOfGroups } from '../competition/documents';
import { ratingOf } from '../competition/statistics';

/** How many leading players a page's statistics set includes per competition season. */
const STATISTICS_LEADERS = 10;

/**
 * The page as a site or app reads it (GET /current_page): the page, its type, its components in
 * order and every record they link to, in one answer. The number of SQL statements does not
 * depend on the number of components: one for the page, its type, its components, their links,
 * then one per type of linked record (and per include set). Rows are serialised directly, with
 * no validation on this path.
 */
export type IncludeSet = (typeof PAGE_INCLUDE_SETS)[number];

export interface ResolvedContent {
  components: ResourceObject[];
  included: ResourceObject[];
  /** Links to computed views of linked records (standings of a group, statistics of a season). */
  related: Record<string, string>;
}

const COMPONENTS = () => modelOf('components');

/**
 * A computed view that a capability adds beside the records of one type that components link to
 * (a match predictor ranking's leading fans): given those records, the components and their links.
 */
export type LinkedView = (
  ctx: ReadContext,
  records: Row[],
  components: Row[],
  links: Map<string, LinkValues>,
) => Promise<{ included: ResourceObject[]; related: Record<string, string> }>;
const LINKED_VIEWS = new Map<string, LinkedView>();

export function addLinkedView(type: string, view: LinkedView): void {
  LINKED_VIEWS.set(type, view);
}

// The read path of a page is a handful of fixed statements: their SQL is written once per shape
// (and prepared once by the driver), with no query builder in the way.
const SQL = new Map<string, string>();
const placeholders = (d: Dialect, from: number, count: number) =>
  Array.from({ length: count }, (_, i) => (d === 'postgres' ? `$${from + i}` : '?')).join(', ');
const columns = (model: Model, alias: string, prefix = '') =>
  model.readColumns.map((c) => `${alias}."${c}"${prefix ? ` as "${prefix}${c}"` : ''}`).join(', ');
function sqlOf(key: string, build: () => string): string {
  let text = SQL.get(key);
  if (text === undefined) SQL.set(key, (text = build()));
  return text;
}
async function rowsOf(ctx: ReadContext, text: string, params: unknown[]): Promise<Row[]> {
  return (await ctx.db.executeQuery<Row>(CompiledQuery.raw(text, params))).rows;
}

/** Records of a type by id, for the client, with their texts (in `locale` when given) when the type is translated (OTT formats, playlists, events). */
async function recordsById(ctx: ReadContext, model: Model, ids: number[], locale?: string): Promise<Row[]> {
  const text = sqlOf(`ids:${ctx.dialect}:${model.type}:${ids.length}`, () => {
    return `select ${columns(model, 't')} from "${model.table}" as t where t."client_id" = ${placeholders(ctx.dialect, 1, 1)} and t."id" in (${placeholders(ctx.dialect, 2, ids.length)})`;
  });
  const rows = await rowsOf(ctx, text, [ctx.clientId, ...ids]);
  return model.translation && rows.length ? withTranslations(ctx, model.translation, rows, locale) : rows;
}

/** The locales linked records can be read in: those of the translated types components link to. */
function readerLocales(): string[] {
  const locales = new Set<string>();
  for (const link of COMPONENTS().links.values()) for (const l of findModel(link.target)?.translation?.locales ?? []) locales.add(l);
  return [...locales];
}

/** `?locale=` of /current_page and the page preview: the language of linked records' texts (absent: each record's first). */
export function parseReaderLocale(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  const locales = readerLocales();
  if (typeof value !== 'string' || !locales.includes(value)) throw badParameter('locale', 'badRequest.unknownLocale', { parameter: 'locale', locales: locales.join(', ') });
  return value;
}

const OWNER_TYPES = { page_id: 'page', global_page_element_id: 'global_page_element' } as const;

/** The components of an owner, in order (index, then id): one range of the owner index, already sorted. */
function componentsOf(ctx: ReadContext, column: 'page_id' | 'global_page_element_id', ownerId: number): Promise<Row[]> {
  const model = COMPONENTS();
  const text = sqlOf(`components:${ctx.dialect}`, () => {
    const [a, b, c] = [placeholders(ctx.dialect, 1, 1), placeholders(ctx.dialect, 2, 1), placeholders(ctx.dialect, 3, 1)];
    return `select ${columns(model, 'c')} from "components" as c where c."client_id" = ${a} and c."owner_type" = ${b} and c."owner_id" = ${c} order by c."index", c."id"`;
  });
  return rowsOf(ctx, text, [ctx.clientId, OWNER_TYPES[column], String(ownerId)]);
}

/** The links of an owner's components, in one statement whatever their number. */
async function linksOf(ctx: ReadContext, column: 'page_id' | 'global_page_element_id', ownerId: number): Promise<Map<string, LinkValues>> {
  const model = COMPONENTS();
  const text = sqlOf(`links:${ctx.dialect}`, () => {
    const p = (i: number) => placeholders(ctx.dialect, i, 1);
    return (
      `select l."component_id" as source, l."name" as name, l."target_id" as target_id from "component_links" as l ` +
      `where l."client_id" = ${p(1)} and l."component_id" in (select c."id" from "components" as c where c."client_id" = ${p(2)} and c."owner_type" = ${p(3)} and c."owner_id" = ${p(4)}) ` +
      `order by l."component_id", l."name", l."position"`
    );
  });
  return groupLinks(model, await rowsOf(ctx, text, [ctx.clientId, ctx.clientId, OWNER_TYPES[column], String(ownerId)]));
}

/** The links of the given components (an article's embeds), in one statement. */
export async function componentLinks(ctx: ReadContext, ids: number[]): Promise<Map<string, LinkValues>> {
  const model = COMPONENTS();
  const rows = await ctx.db
    .selectFrom('component_links')
    .select(['component_id as source', 'name', 'target_id'])
    .where('client_id', '=', ctx.clientId)
    .where('component_id', 'in', ids)
    .orderBy('component_id')
    .orderBy('name')
    .orderBy('position')
    .execute();
  return groupLinks(model, rows);
}

function groupLinks(model: Model, rows: Row[]): Map<string, LinkValues> {
  const out = new Map<string, LinkValues>();
  for (const r of rows) {
    const link = model.links.get(String(r.name));
    if (!link) continue;
    const key = String(r.source);
    let values = out.get(key);
    if (!values) out.set(key, (values = {}));
    if (link.many) ((values[String(r.name)] ??= []) as string[]).push(String(r.target_id));
    else values[String(r.name)] = String(r.target_id);
  }
  return out;
}

/**
 * `include=auto`: the sets the page's own components draw (a table's standings, a match's
 * line-ups), as their kinds declare: a website gets what it shows in one read, without first
 * reading the page to learn its components.
 */
export const AUTO_INCLUDE = 'auto';

/** `include=` of /current_page: include sets (spec §3) the page's kind offers, or `auto`. */
export function parseIncludeSets(value: unknown): IncludeSet[] | typeof AUTO_INCLUDE {
  if (value === undefined || value === '') return [];
  if (typeof value !== 'string') throw badParameter('include', 'badRequest.repeatedParameter', { parameter: 'include' });
  if (value.trim() === AUTO_INCLUDE) return AUTO_INCLUDE;
  const sets = [...new Set(value.split(',').map((s) => s.trim()).filter(Boolean))];
  for (const s of sets)
    if (!(PAGE_INCLUDE_SETS as readonly string[]).includes(s))
      throw badParameter('include', 'badRequest.includeSet', { value: s, values: [...PAGE_INCLUDE_SETS, AUTO_INCLUDE].join(', ') });
  return sets.sort() as IncludeSet[];
}

/** The include sets the components' kinds draw, of those the page's kind allows. */
function setsDrawnBy(rows: Row[], allowed: readonly IncludeSet[]): IncludeSet[] {
  const drawn = new Set(rows.flatMap((r) => componentKindDef(String(r.kind))?.includeSets ?? []));
  return allowed.filter((s) => drawn.has(s)).sort();
}

/** Components (rows, in order) with their links and what they link to, resolved in a fixed number of queries. */
/**
 * Linked records readers may not see yet (an unpublished quiz): outside previews a component's
 * link to one reads as empty. Capabilities register the rule of their type.
 */
const HIDDEN_FROM_READERS = new Map<string, (row: Row) => boolean>();
export function hideFromReaders(type: string, hidden: (row: Row) => boolean): void {
  HIDDEN_FROM_READERS.set(type, hidden);
}

export async function resolveComponents(
  ctx: ReadContext,
  rows: Row[],
  links: Map<string, LinkValues>,
  opts: { seasonId: number | null; includeSets: IncludeSet[]; preview?: boolean; locale?: string },
): Promise<ResolvedContent> {
  const model = COMPONENTS();
  // Linked ids per target type, whatever the link's name (image, background_photo… are all images).
  const wanted = new Map<string, Set<number>>();
  for (const values of links.values())
    for (const [name, v] of Object.entries(values)) {
      const target = model.links.get(name)?.target;
      if (!target || v == null) continue;
      const set = wanted.get(target) ?? new Set<number>();
      for (const id of [v].flat()) set.add(Number(id));
      wanted.set(target, set);
    }
  const byType = new Map<string, Map<string, Row>>();
  for (const [type, ids] of wanted) {
    const target = findModel(type);
    if (!target || !ids.size) continue;
    const hidden = opts.preview ? undefined : HIDDEN_FROM_READERS.get(type);
    const found = (await recordsById(ctx, target, [...ids].sort((x, y) => x - y), opts.locale)).filter((r) => !hidden?.(r));
    byType.set(type, new Map(found.map((r) => [String(r.id), r])));
  }
  // season_id: a link to a competition season follows the same competition into that season.
  const seasonSwap = new Map<string, string>();
  const seasons = byType.get('competition_seasons');
  if (opts.seasonId !== null && seasons?.size) {
    const competitionIds = [...new Set([...seasons.values()].map((r) => Number(r.competition_id)))];
    const swapped = await scoped(ctx, modelOf('competition_seasons')).where('season_id', '=', opts.seasonId).where('competition_id', 'in', competitionIds).execute();
    const byCompetition = new Map(swapped.map((r) => [String(r.competition_id), r]));
    for (const [id, r] of seasons) {
      const other = byCompetition.get(String(r.competition_id));
      if (other && String(other.id) !== id) {
        seasonSwap.set(id, String(other.id));
        seasons.set(String(other.id), other);
      }
    }
  }

  const apiBase = ctx.apiBase;
  const used = new Map<string, Set<string>>();
  const components = rows.map((row) => {
    const obj = toResourceObject(model, row, apiBase);
    const values = links.get(String(row.id)) ?? {};
    const rels = (obj.relationships ??= {});
    for (const name of linkNamesOf(model, row)) {
      const link = model.links.get(name)!;
      const present = (id: string): ResourceIdentifier | null => {
        const swappedId = link.target === 'competition_seasons' ? (seasonSwap.get(id) ?? id) : id;
        if (!byType.get(link.target)?.has(swappedId)) return null;
        const ids = used.get(link.target) ?? new Set<string>();
        ids.add(swappedId);
        used.set(link.target, ids);
        return { type: link.target, id: swappedId };
      };
      const v = values[name];
      rels[name] = {
        data: link.many
          ? ((v as string[] | undefined) ?? []).map(present).filter((x): x is ResourceIdentifier => x !== null)
          : v == null ? null : present(v as string),
      };
    }
    return obj;
  });
  await resolveMenus(ctx, components, opts.preview === true);

  const included: ResourceObject[] = [];
  for (const [type, ids] of used) {
    const target = modelOf(type);
    const rowsOfType = byType.get(type)!;
    for (const id of ids) included.push(toResourceObject(target, rowsOfType.get(id)!, apiBase));
  }

  const related: Record<string, string> = {};
  const matchIds = [...(used.get('matches') ?? [])].map(Number);
  const sets = new Set(opts.includeSets);
  const addRows = async (target: Model, found: Row[]) => {
    for (const r of found) included.push(toResourceObject(target, r, apiBase));
  };
  if (sets.has('incidents') && matchIds.length) {
    const m = modelOf('incidents');
    await addRows(m, await scoped(ctx, m).where('match_id', 'in', matchIds).orderBy('id').execute());
  }
  if (sets.has('lineups') && matchIds.length) {
    const m = modelOf('lineups');
    await addRows(m, await scoped(ctx, m).where('match_id', 'in', matchIds).orderBy('id').execute());
  }
  const ticketKinds = [...(sets.has('tickets_match') ? ['ticket'] : []), ...(sets.has('tickets_season') ? ['season_ticket'] : [])];
  if (ticketKinds.length) {
    const m = modelOf('products');
    await addRows(m, await scoped(ctx, m).where('kind', 'in', ticketKinds).where('is_active', '=', ctx.dialect === 'sqlite' ? 1 : true).orderBy('id').execute());
  }
  // The computed views come whole (the table of each linked group, the leading scorers of each
  // linked competition season), with a link to the full view beside them.
  // Computed for all of the page's groups and seasons at once: the statements do not grow with them.
  const squadsShown: string[] = [];
  if (sets.has('standings')) {
    const groups = [...(used.get('groups') ?? [])].map((id) => byType.get('groups')!.get(id)!);
    const tables = await standingsOfGroups(ctx, groups, undefined);
    for (const [id, table] of tables) {
      included.push(...table.data);
      squadsShown.push(...table.squads);
      related[`standings:groups:${id}`] = `${apiBase}/groups/${id}/standings`;
    }
  }
  if (sets.has('statistics')) {
    const seasonIds = [...(used.get('competition_seasons') ?? [])].map(Number);
    const bySeason = await playerStatisticsOfSeasons(ctx, seasonIds);
    const leadersOf = new Map(
      [...bySeason].map(([id, rows]) => [id, [...rows].sort((a, b) => b.goals - a.goals || Number(a.player) - Number(b.player)).slice(0, STATISTICS_LEADERS)] as const), // as /statistics sorts by default
    );
    const playerIds = [...new Set([...leadersOf.values()].flat().map((r) => Number(r.player)))];
    await addRows(modelOf('players'), playerIds.length ? await recordsById(ctx, modelOf('players'), playerIds) : []);
    for (const [id, leaders] of leadersOf) {
      for (const r of leaders)
        included.push({
          type: 'statistics',
          id: `${id}-${r.squad}-${r.player}`,
          attributes: { ...r, player: undefined, squad: undefined, rating: ratingOf(r) },
          relationships: { player: { data: { type: 'players', id: r.player } }, squad: { data: { type: 'squads', id: r.squad } }, competition_season: { data: { type: 'competition_seasons', id: String(id) } } },
          links: { self: `${apiBase}/statistics?filter%5Bcompetition_season%5D=${id}&filter%5Bplayer%5D=${r.player}` },
        });
      squadsShown.push(...leaders.map((r) => r.squad));
      related[`statistics:competition_seasons:${id}`] = `${apiBase}/statistics?filter%5Bcompetition_season%5D=${id}`;
    }
  }
  for (const [type, view] of LINKED_VIEWS) {
    const ids = used.get(type);
    if (!ids?.size) continue;
    const extra = await view(ctx, [...ids].map((id) => byType.get(type)!.get(id)!), rows, links);
    included.push(...extra.included);
    Object.assign(related, extra.related);
  }
  // A linked match is shown with its two sides (team and crest).
  for (const id of matchIds) {
    const match = byType.get('matches')!.get(String(id))!;
    for (const side of [match.home_squad_id, match.away_squad_id]) if (side != null) squadsShown.push(String(side));
  }
  // A player a component links to (a player's profile) is shown with their squads (number,
  // position, club and crest) and career: what the site reads beside it, so the builder's preview
  // draws the profile as the site does (the season statistics are the site's own read).
  const profiled = [...(used.get('players') ?? [])].map(Number);
  if (profiled.length) {
    const squadPlayers = await scoped(ctx, modelOf('squad_players')).where('player_id', 'in', profiled).orderBy('id').execute();
    await addRows(modelOf('squad_players'), squadPlayers);
    squadsShown.push(...squadPlayers.map((r) => String(r.squad_id)));
    const career = await scoped(ctx, modelOf('career_clubs')).where('player_id', 'in', profiled).orderBy('id').execute();
    await addRows(modelOf('career_clubs'), career);
    const clubIds = [...new Set(career.map((r) => r.club_id).filter((id) => id != null).map(Number))];
    if (clubIds.length) await addRows(modelOf('clubs'), await recordsById(ctx, modelOf('clubs'), clubIds));
  }
  if (squadsShown.length) included.push(...(await includedSquads(ctx, [...new Set(squadsShown)])));
  // A squad a component links to is shown with its players (in shirt-number order).
  const squadIds = [...(used.get('squads') ?? [])].map(Number);
  if (squadIds.length) {
    const m = modelOf('squad_players');
    await addRows(m, await scoped(ctx, m).where('squad_id', 'in', squadIds).orderBy('shirt_number').orderBy('id').execute());
  }
  // What the included records point at and a reader sees beside them: the players of lineups,
  // incidents and squads, then the pictures of every included record (a club's crest, a video's poster, a
  // product's photo, a player's portrait). One statement per type, whatever their number.
  const present = new Set(included.map((r) => `${r.type}:${r.id}`));
  const missing = (type: string, from: ResourceObject[]) => {
    const ids = new Set<number>();
    for (const r of from)
      for (const rel of Object.values(r.relationships ?? {}))
        for (const ref of [rel.data].flat())
          if (ref && ref.type === type && !present.has(`${type}:${ref.id}`)) ids.add(Number(ref.id));
    return [...ids].sort((x, y) => x - y);
  };
  const playerIds = missing('players', included.filter((r) => r.type === 'lineups' || r.type === 'incidents' || r.type === 'squad_players'));
  if (playerIds.length) await addRows(modelOf('players'), await recordsById(ctx, modelOf('players'), playerIds));
  const imageIds = missing('images', [...components, ...included]);
  if (imageIds.length) await addRows(modelOf('images'), await recordsById(ctx, modelOf('images'), imageIds));
  // A record reached twice (a squad in a table and in a match list) is included once.
  const seen = new Set<string>();
  const unique = included.filter((r) => {
    const key = `${r.type}:${r.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { components, included: unique, related };
}

/**
 * The main menus among the components, as readers get them (content/menu.ts in the schema): each
 * item leading to a page carries the page's slug, and an item leading to a page readers may not
 * see (a draft, outside its window, deleted) is left out with its sub-items, label and id
 * included. A preview (the builder's) shows every page of the client.
 */
async function resolveMenus(ctx: ReadContext, components: ResourceObject[], preview: boolean): Promise<void> {
  const menus = components.filter((c) => c.attributes?.kind === 'main_menu');
  if (!menus.length) return;
  const settingsOf = (c: ResourceObject) => {
    const s = c.attributes?.settings;
    return typeof s === 'object' && s !== null && !Array.isArray(s) ? (s as Record<string, unknown>) : {};
  };
  const ids = [...new Set(menus.flatMap((c) => menuPageIds(settingsOf(c))))].filter((id) => /^[1-9]\d{0,14}$/.test(id)).map(Number);
  const slugs = new Map<string, string>();
  if (ids.length) {
    let q = ctx.db.selectFrom('pages').select(['id', 'slug']).where('client_id', '=', ctx.clientId).where('id', 'in', ids);
    if (!preview) q = q.where('visible', '=', toDb(ctx.dialect, 'boolean', true) as never);
    for (const r of await q.execute()) slugs.set(String(r.id), String(r.slug));
  }
  for (const c of menus) c.attributes = { ...c.attributes, settings: menuForReaders(settingsOf(c), slugs) };
}

// Whatever route answers a menu (a generic include of components too, whatever its fieldset), readers
// get items leading to pages only as resolveMenus gave them. Told by its items, not by its kind (a
// sparse fieldset may leave the kind out); no other kind's items name pages.
declarePublicAttributeCut('components', (attributes) => {
  const s = attributes.settings;
  return typeof s === 'object' && s !== null && !Array.isArray(s) && Array.isArray((s as { items?: unknown }).items)
    ? { ...attributes, settings: menuAsDelivered(s as Record<string, unknown>) }
    : attributes;
});

export interface CurrentPageQuery {
  slug: string;
  includeSets: IncludeSet[] | typeof AUTO_INCLUDE;
  seasonId: number | null;
  /** Drafts and pages outside their window too (a signed-in editor's preview). */
  preview: boolean;
  /** The language of linked records' texts. */
  locale?: string;
}

/** Components not saved yet (the builder's drafts), as rows and links shaped like stored ones. */
export interface DraftComponents {
  rows: Row[];
  links: Map<string, LinkValues>;
}

/** A page and its type, read together (by slug for readers, by id for the builder's live preview). */
async function pageWithType(ctx: ReadContext, by: { slug: string; visibleOnly: boolean } | { id: number }): Promise<{ page: Row; pageType: Row }> {
  const pages = modelOf('pages');
  const pageTypes = modelOf('page_types');
  const d = ctx.dialect;
  const shape = 'id' in by ? 'id' : `slug:${by.visibleOnly}`;
  const text = sqlOf(`page:${d}:${shape}`, () => {
    const where = 'id' in by ? `p."id" = ${placeholders(d, 2, 1)}` : `p."slug" = ${placeholders(d, 2, 1)}${by.visibleOnly ? ` and p."visible" = ${placeholders(d, 3, 1)}` : ''}`;
    return (
      `select ${columns(pages, 'p')}, ${columns(pageTypes, 't', 't__')} from "pages" as p inner join "page_types" as t on t."id" = p."page_type_id" ` +
      `where p."client_id" = ${placeholders(d, 1, 1)} and ${where}`
    );
  });
  const params = 'id' in by ? [ctx.clientId, by.id] : by.visibleOnly ? [ctx.clientId, by.slug, toDb(d, 'boolean', true)] : [ctx.clientId, by.slug];
  const [joined] = await rowsOf(ctx, text, params);
  if (!joined) throw 'id' in by ? notFound('pages', String(by.id)) : apiError(404, 'notFound.page', { values: { value: JSON.stringify(by.slug) } });
  const page: Row = {};
  const pageType: Row = {};
  for (const [k, v] of Object.entries(joined)) {
    if (k.startsWith('t__')) pageType[k.slice(3)] = v;
    else page[k] = v;
  }
  return { page, pageType };
}

/**
 * The document of /current_page. Outside a preview only a page the publication jobs hold `visible`
 * is served: they flip it at the window's edges and their change event empties the cache.
 */
export async function currentPageDocument(ctx: ReadContext, q: CurrentPageQuery): Promise<Record<string, unknown>> {
  const { page, pageType } = await pageWithType(ctx, { slug: q.slug, visibleOnly: !q.preview });
  return pageDocument(ctx, page, pageType, q, null);
}

/**
 * A page as /current_page would deliver it with the given drafts in place of its stored components
 * (the builder's live preview). A template's page is shown with `record` (else one the server picks).
 */
export async function draftPageDocument(
  ctx: ReadContext,
  pageId: number,
  q: Omit<CurrentPageQuery, 'slug' | 'preview'> & { record?: number | null },
  drafts: DraftComponents,
): Promise<Record<string, unknown>> {
  const { page, pageType } = await pageWithType(ctx, { id: pageId });
  const kind = pageType.template_kind as TemplateKind | null;
  const template = kind && TEMPLATE_DEFS[kind] ? await templateRecord(ctx, kind, q.record ?? null, true) : null;
  if (!template && q.record != null) throw badParameter('record', 'badRequest.recordWithoutTemplate', { parameter: 'record' });
  return pageDocument(ctx, page, pageType, { ...q, slug: String(page.slug), preview: true }, drafts, template);
}

// ---- templates: a page made for every record of a kind (issue 40; content/templates.ts) ---------

export interface TemplateQuery {
  template: TemplateKind;
  /** The record's id; none for an index (fixtures, news). */
  record: number | null;
  includeSets: IncludeSet[] | typeof AUTO_INCLUDE;
  seasonId: number | null;
  preview: boolean;
  locale?: string;
}

/** The record a template's page is made for, and the links it fills (by link name). */
interface TemplateRecord {
  kind: TemplateKind;
  record: ResourceObject | null;
  fills: Record<string, string>;
}

const bool = (ctx: ReadContext, value: boolean) => toDb(ctx.dialect, 'boolean', value) as never;

/**
 * The record of a template's page and what follows from it. Readers get only a record the public
 * may see (this client's, passing its type's public conditions); without an id (a preview) the
 * server picks one: the latest match begun, else the first; the first club, player; the current
 * table.
 */
async function templateRecord(ctx: ReadContext, kind: TemplateKind, id: number | null, preview: boolean): Promise<TemplateRecord> {
  const def = TEMPLATE_DEFS[kind];
  if (!def.record) {
    if (id !== null) throw badParameter('record', 'badRequest.recordWithoutTemplate', { parameter: 'record' });
    return { kind, record: null, fills: {} };
  }
  const model = modelOf(def.record);
  let q = scoped(ctx, model);
  if (!preview) for (const f of publicRowFilters(publicModelOf(def.record)!)) if (f.kind === 'in') q = q.where(f.column as never, 'in', f.values as never);
  if (id !== null) q = q.where('id', '=', id);
  else if (kind === 'competition_season') q = q.orderBy('is_current', 'desc');
  const row = id === null && kind === 'match' ? await latestBegunMatch(ctx) : await q.orderBy('id').executeTakeFirst();
  if (!row) {
    // A preview of a template before any record of its kind exists: the page as it is, no record.
    if (id === null && preview) return { kind, record: null, fills: {} };
    if (id === null) throw apiError(404, 'notFound.templateRecord', { values: { value: def.record } });
    throw apiError(404, 'notFound.record', { values: { type: def.record, id: JSON.stringify(String(id)) }, source: { parameter: 'record' } });
  }
  const fills: Record<string, string> = {};
  const put = (name: string, value: unknown) => {
    if (value !== null && value !== undefined) fills[name] = String(value);
  };
  if (kind === 'match') {
    put('match', row.id);
    put('round', row.round_id);
    const stage = await ctx.db
      .selectFrom('rounds')
      .innerJoin('stages', 'stages.id', 'rounds.stage_id')
      .select('stages.competition_season_id as cs')
      .where('rounds.id', '=', Number(row.round_id))
      .where('rounds.client_id', '=', ctx.clientId)
      .executeTakeFirst();
    put('competition_season', stage?.cs);
    // Its group's table: the match's group, else (a league's round robin) its season's first.
    put('group', row.group_id ?? (stage ? await firstGroupOf(ctx, Number(stage.cs)) : null));
  } else if (kind === 'club') {
    put('club', row.id);
    // The club's squad of the current season (its first team's: the lowest id), else its latest.
    const squad = await ctx.db
      .selectFrom('squads')
      .innerJoin('teams', 'teams.id', 'squads.team_id')
      .innerJoin('seasons', 'seasons.id', 'squads.season_id')
      .select('squads.id as id')
      .where('teams.club_id', '=', Number(row.id))
      .where('squads.client_id', '=', ctx.clientId)
      .orderBy('seasons.is_current', 'desc')
      .orderBy('seasons.start_date', 'desc')
      .orderBy('teams.id')
      .orderBy('squads.id')
      .executeTakeFirst();
    put('squad', squad?.id);
  } else if (kind === 'player') {
    put('player', row.id);
  } else if (kind === 'competition_season') {
    put('competition_season', row.id);
    put('group', await firstGroupOf(ctx, Number(row.id)));
  }
  return { kind, record: toResourceObject(model, row, ctx.apiBase), fills };
}

/** A competition season's first group (of its first stage). */
async function firstGroupOf(ctx: ReadContext, competitionSeasonId: number): Promise<unknown> {
  const group = await ctx.db
    .selectFrom('groups')
    .innerJoin('stages', 'stages.id', 'groups.stage_id')
    .select('groups.id as id')
    .where('stages.competition_season_id', '=', competitionSeasonId)
    .where('groups.client_id', '=', ctx.clientId)
    .orderBy('stages.id')
    .orderBy('groups.id')
    .executeTakeFirst();
  return group?.id;
}

/** A preview's match when staff picked none: the latest one begun (a match centre with something to show), else the next. */
async function latestBegunMatch(ctx: ReadContext): Promise<Row | undefined> {
  const m = modelOf('matches');
  return (
    (await scoped(ctx, m).where('status', '!=', 'not_started').orderBy('kickoff_at', 'desc').orderBy('id').executeTakeFirst()) ??
    (await scoped(ctx, m).orderBy('kickoff_at').orderBy('id').executeTakeFirst())
  );
}

/** The template's page of a kind: the first by id (readers: published, inside its window). */
async function templatePage(ctx: ReadContext, kind: TemplateKind, visibleOnly: boolean): Promise<{ page: Row; pageType: Row }> {
  let q = ctx.db
    .selectFrom('pages as p')
    .innerJoin('page_types as t', 't.id', 'p.page_type_id')
    .select(['p.id as id'])
    .where('p.client_id', '=', ctx.clientId)
    .where('t.template_kind', '=', kind)
    .orderBy('p.id');
  if (visibleOnly) q = q.where('p.visible', '=', bool(ctx, true));
  const found = await q.executeTakeFirst();
  if (!found) throw apiError(404, 'notFound.template', { values: { value: JSON.stringify(kind) } });
  return pageWithType(ctx, { id: Number(found.id) });
}

/**
 * /current_page?template=match&record=155: the template's page with its components' empty links
 * that the record fills filled (the match of this page, its round, group and season), the record
 * among the included, and `meta.template` naming it.
 */
export async function templatePageDocument(ctx: ReadContext, q: TemplateQuery): Promise<Record<string, unknown>> {
  const template = await templateRecord(ctx, q.template, q.record, q.preview);
  const { page, pageType } = await templatePage(ctx, q.template, !q.preview);
  return pageDocument(ctx, page, pageType, { ...q, slug: String(page.slug) }, null, template);
}

/** The links of each component with the template's record in those left empty that the record fills. */
function withTemplateFills(rows: Row[], links: Map<string, LinkValues>, template: TemplateRecord): Map<string, LinkValues> {
  const out = new Map(links);
  for (const row of rows) {
    const declared = componentKindDef(String(row.kind))?.links ?? {};
    const values = { ...(links.get(String(row.id)) ?? {}) };
    for (const [name, id] of Object.entries(template.fills))
      if (name in declared && (values[name] == null || (Array.isArray(values[name]) && !values[name].length))) values[name] = id;
    out.set(String(row.id), values);
  }
  return out;
}

async function pageDocument(
  ctx: ReadContext,
  page: Row,
  pageType: Row,
  q: CurrentPageQuery,
  drafts: DraftComponents | null,
  template: TemplateRecord | null = null,
): Promise<Record<string, unknown>> {
  const pages = modelOf('pages');
  const allowed = PAGE_KIND_INCLUDE_SETS[pageType.kind as PageKind] ?? [];
  if (q.includeSets !== AUTO_INCLUDE)
    for (const s of q.includeSets)
      if (!allowed.includes(s)) throw badParameter('include', 'badRequest.includeSet', { value: s, values: allowed.join(', ') || '—' });
  if (q.seasonId !== null && !(await scoped(ctx, modelOf('seasons')).where('id', '=', q.seasonId).executeTakeFirst()))
    throw badParameter('season_id', 'invalidFilterValue', { parameter: 'season_id', value: String(q.seasonId) });

  const rows = drafts ? drafts.rows : await componentsOf(ctx, 'page_id', Number(page.id));
  const stored = drafts ? drafts.links : rows.length ? await linksOf(ctx, 'page_id', Number(page.id)) : new Map<string, LinkValues>();
  const links = template ? withTemplateFills(rows, stored, template) : stored;
  const includeSets = q.includeSets === AUTO_INCLUDE ? setsDrawnBy(rows, allowed) : q.includeSets;
  const resolved = await resolveComponents(ctx, rows, links, { seasonId: q.seasonId, includeSets, preview: q.preview, locale: q.locale });
  const data = toResourceObject(pages, page, ctx.apiBase);
  data.relationships!.components = { data: resolved.components.map((c) => ({ type: c.type, id: c.id })) };
  const included = [toResourceObject(modelOf('page_types'), pageType, ctx.apiBase), ...resolved.components, ...resolved.included];
  const record = template?.record;
  if (record && !included.some((r) => r.type === record.type && r.id === record.id)) included.push(record);
  // A match's two sides (team, club and crest): what its page's title and address are made of.
  if (record?.type === 'matches') {
    const have = new Set(included.map((r) => `${r.type}:${r.id}`));
    const sides = [record.relationships?.home_squad?.data, record.relationships?.away_squad?.data].flatMap((d) => (d && !Array.isArray(d) ? [d.id] : []));
    for (const r of await includedSquads(ctx, sides.filter((id) => !have.has(`squads:${id}`)))) if (!have.has(`${r.type}:${r.id}`)) included.push(r);
  }
  return {
    data,
    included,
    meta: {
      include: includeSets,
      season_id: q.seasonId === null ? null : String(q.seasonId),
      locale: q.locale ?? null,
      preview: q.preview,
      related: resolved.related,
      ...(template ? { template: { kind: template.kind, record: record ? { type: record.type, id: record.id } : null } } : {}),
    },
  };
}

/**
 * Every global page element of the client with their components resolved as readers see them
 * (the delivery API's current_page_elements): all elements' components, links and linked
 * records read together, in the statements one element would take.
 */
export async function globalElementsDocument(ctx: ReadContext, locale?: string): Promise<Record<string, unknown>> {
  const elements = await scoped(ctx, modelOf('global_page_elements')).orderBy('id').execute();
  const ids = elements.map((e) => Number(e.id));
  const rows = ids.length
    ? await scoped(ctx, COMPONENTS()).where('owner_type', '=', OWNER_TYPES.global_page_element_id).where('owner_id', 'in', ids.map(String)).orderBy('owner_id').orderBy('index').orderBy('id').execute()
    : [];
  const links = rows.length ? await componentLinks(ctx, rows.map((r) => Number(r.id))) : new Map<string, LinkValues>();
  const resolved = await resolveComponents(ctx, rows, links, { seasonId: null, includeSets: [], preview: false, locale });
  const ownerOf = new Map(rows.map((r) => [String(r.id), String(r.owner_id)]));
  const data = elements.map((element) => {
    const object = toResourceObject(modelOf('global_page_elements'), element, ctx.apiBase);
    const mine = resolved.components.filter((c) => ownerOf.get(c.id) === String(element.id));
    (object.relationships ??= {}).components = { data: mine.map((c) => ({ type: c.type, id: c.id })) };
    return object;
  });
  return { data, included: [...resolved.components, ...resolved.included], meta: { locale: locale ?? null } };
}

/**
 * A global page element with its components resolved like a page's preview, drafts shown
 * (GET /global_page_elements/{id}/preview, and its live preview with unsaved `drafts`).
 */
export async function globalElementDocument(ctx: ReadContext, element: Row, drafts: DraftComponents | null = null): Promise<Record<string, unknown>> {
  const elements = modelOf('global_page_elements');
  const rows = drafts ? drafts.rows : await componentsOf(ctx, 'global_page_element_id', Number(element.id));
  const links = drafts ? drafts.links : rows.length ? await linksOf(ctx, 'global_page_element_id', Number(element.id)) : new Map<string, LinkValues>();
  const resolved = await resolveComponents(ctx, rows, links, { seasonId: null, includeSets: [], preview: true });
  const data = toResourceObject(elements, element, ctx.apiBase);
  (data.relationships ??= {}).components = { data: resolved.components.map((c) => ({ type: c.type, id: c.id })) };
  return { data, included: [...resolved.components, ...resolved.included] };
}
