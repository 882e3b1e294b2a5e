import type { PublicDef, PublicReach } from '@umpire/schema';
import type { FastifyRequest } from 'fastify';
import type { DB } from '../db/database';
import { badParameter } from './errors';
import { allModels, findModel, type Model } from './model';
import type { Filter, RawQuery } from './query';
import type { ResourceIdentifier, ResourceObject } from './read';
import { LOCALE_ATTRIBUTE } from './translations';

/** The public side: what websites, apps and fans read and write without a staff token. */
export const PUBLIC_PREFIX = '/public/v1';

/**
 * The public side of every type an answer under /public/v1 may hold, computed once at start: the
 * resources' declarations (ResourceDef.public) and the types capabilities compute (standings, a
 * fan's playback), declared with `declarePublicType`. Every answer there goes through
 * `projectDocument`, whoever built it (the engine's lists, a page with everything its components
 * link to, a capability's own route, the live channel): only declared types, rows and attributes
 * leave. A type nobody declared never leaves, so a new one is private until someone decides.
 */
export interface PublicShape {
  type: string;
  reach: PublicReach;
  /** Attributes readers see (declared, computed, and every resource's `updated_at`). */
  attributes: Set<string>;
  /** Relationships its documents show (followed by queries or computed by its capability). */
  shown: Set<string>;
  /** Attribute → allowed values: a record is public only when each holds. */
  where: [string, Set<unknown>][];
}

/** A public resource: its shape and the engine's model (what the generic routes and checks need). */
export interface PublicModel extends PublicShape {
  model: Model;
  def: PublicDef;
  /** Relationships readers may include and filter by (queries follow them). */
  relationships: Set<string>;
}

/** Attributes every public record of a resource shows beside its declared ones (a website's `lastmod`). */
const ALWAYS = ['updated_at'];

const shapes = new Map<string, PublicShape>();
const publicModels = new Map<string, PublicModel>();

for (const model of allModels()) {
  const def = model.def.public;
  if (!def) continue;
  const attributes = new Set([...def.attributes, ...ALWAYS, ...(model.translation ? [LOCALE_ATTRIBUTE] : [])]);
  for (const a of attributes) if (!model.attributeTypes.has(a)) throw new Error(`${model.type}.public names unknown attribute ${a}`);
  for (const a of def.computed?.attributes ?? []) attributes.add(a);
  const where = Object.entries(def.where ?? {}).map(([a, values]): [string, Set<unknown>] => {
    if (!model.attributeTypes.has(a)) throw new Error(`${model.type}.public.where names unknown attribute ${a}`);
    return [a, new Set(values)];
  });
  const pm: PublicModel = {
    type: model.type,
    reach: def.reach,
    model,
    def,
    attributes,
    relationships: new Set(def.relationships ?? []),
    shown: new Set([...(def.relationships ?? []), ...(def.computed?.relationships ?? [])]),
    where,
  };
  publicModels.set(model.type, pm);
  shapes.set(model.type, pm);
}
// A public relationship leads to a public type: checked at start, so a typo fails fast.
for (const pm of publicModels.values())
  for (const name of pm.relationships) {
    const target = pm.model.relationships.get(name)?.type ?? pm.model.links.get(name)?.target;
    if (!target) throw new Error(`${pm.model.type}.public names unknown relationship ${name}`);
    // A component link to a type not registered yet holds nothing: there is nothing to show.
    if (findModel(target) && !publicModels.has(target)) throw new Error(`${pm.model.type}.${name} is public but ${target} is not`);
  }

/**
 * A type a capability computes into its public answers (standings, a fan's playback, the
 * challenge of a registration): not a resource, declared where it is built, with what readers
 * may see of it.
 */
export function declarePublicType(type: string, def: { reach: PublicReach; attributes: readonly string[]; relationships?: readonly string[]; where?: Readonly<Record<string, readonly unknown[]>> }): void {
  if (publicModels.has(type)) throw new Error(`${type} is a resource: its declaration says what is public`);
  shapes.set(type, {
    type,
    reach: def.reach,
    attributes: new Set(def.attributes),
    shown: new Set(def.relationships ?? []),
    where: Object.entries(def.where ?? {}).map(([a, v]) => [a, new Set(v)]),
  });
}

/**
 * What readers see of a type's attributes beyond which ones, when a capability says more (a menu's
 * items leading to pages stay only with the slug its route resolved for readers): applied to every
 * record of the type in every public answer, whoever built it.
 */
export type PublicAttributeCut = (attributes: Record<string, unknown>) => Record<string, unknown>;
const attributeCuts = new Map<string, PublicAttributeCut>();

export function declarePublicAttributeCut(type: string, cut: PublicAttributeCut): void {
  attributeCuts.set(type, cut);
}

export function publicModelOf(type: string): PublicModel | undefined {
  return publicModels.get(type);
}

export function publicShapeOf(type: string): PublicShape | undefined {
  return shapes.get(type);
}

/** Types with a list and a fetch of their own (the others live inside what owns them, or their capability's routes). */
export function routedPublicModels(): PublicModel[] {
  return [...publicModels.values()].filter((pm) => pm.reach === 'listed');
}

/** The tables public records are read from (rows, translations, component links, join tables). */
export function publicTables(): string[] {
  const tables = new Set<string>();
  for (const { model, relationships } of publicModels.values()) {
    tables.add(model.table);
    if (model.translation) tables.add(model.translation.table);
    if (model.linksDef) tables.add(model.linksDef.table);
    for (const name of relationships) {
      const rel = model.relationships.get(name);
      if (rel?.kind === 'manyToMany') tables.add(findModel(rel.through)!.table);
    }
  }
  return [...tables];
}

/** The engine's filters that keep a list to public rows (`where` of the declaration). */
export function publicRowFilters(pm: PublicModel): Filter[] {
  return pm.where.map(([column, values]) => ({ kind: 'in', column, values: [...values] }));
}

// ---- what a row's neighbours say: guards and uses ------------------------------------------------

/**
 * Records of a type that no other route may show, whatever owns them: a video that is the source
 * of a paid event leaves only through that event's playback. Given ids, answers those hidden.
 */
export type PublicGuard = (db: DB, ids: number[]) => Promise<Set<string>>;
const guards = new Map<string, PublicGuard[]>();

export function declarePublicGuard(type: string, guard: PublicGuard): void {
  guards.set(type, [...(guards.get(type) ?? []), guard]);
}

/**
 * Which of `ids` (records of `type`) a public record uses: a video a published page's component
 * shows. Capabilities that own such links answer (content: components of public pages, articles
 * and global elements).
 */
export type PublicUse = (db: DB, clientId: number, type: string, ids: number[]) => Promise<Set<string>>;
const uses: PublicUse[] = [];

export function declarePublicUse(use: PublicUse): void {
  if (!uses.includes(use)) uses.push(use);
}

/**
 * Which of `ids` of an owned type (a library video, whose file a route streams) are public now:
 * used by a public record and not kept out by a guard. What a content route asks before a byte.
 */
export async function publicOwnedIds(db: DB, clientId: number, type: string, ids: number[]): Promise<Set<string>> {
  if (publicShapeOf(type)?.reach !== 'owned' || !ids.length) return new Set();
  const used = new Set<string>();
  for (const use of uses) for (const id of await use(db, clientId, type, ids)) used.add(id);
  for (const guard of guards.get(type) ?? []) for (const id of await guard(db, [...used].map(Number))) used.delete(id);
  return used;
}

// ---- the reader ------------------------------------------------------------------------------------

export interface PublicReader {
  /** For guards' queries (a paid event's videos). */
  db: DB;
  /** Where the engine's links point (…/api/v3) and where the public ones do (…/public/v1). */
  from: string;
  to: string;
  /** The fan whose own records the answer may hold (their own authenticated call); none otherwise. */
  fanId?: number | null;
  /** A signed preview link's answer: rows are shown whatever their `where` (attributes are still cut). */
  preview?: boolean;
  /** Records the route checked are public (`type:id`), named by identifiers without being in the answer. */
  vouched?: ReadonlySet<string>;
}

/** What a route learned of its reader while answering: the fan of a checked token, records it checked. */
interface ReaderNotes {
  fanId: number | null;
  vouched: Set<string>;
}
const notes = new WeakMap<FastifyRequest, ReaderNotes>();

function notesOf(request: FastifyRequest): ReaderNotes {
  let n = notes.get(request);
  if (!n) notes.set(request, (n = { fanId: null, vouched: new Set() }));
  return n;
}

/** The request is a fan's own call, checked by their token: their own records may be in its answer. */
export function noteFanReader(request: FastifyRequest, fanId: number): void {
  notesOf(request).fanId = fanId;
}

/** The route checked that this record is public (the article a comment list is about). */
export function vouchPublic(request: FastifyRequest, type: string, id: string | number): void {
  notesOf(request).vouched.add(`${type}:${String(id)}`);
}

export function readerNotes(request: FastifyRequest): { fanId: number | null; vouched: ReadonlySet<string> } {
  return notes.get(request) ?? { fanId: null, vouched: new Set() };
}

// ---- routes a link may point to -----------------------------------------------------------------

/** Patterns of the GET routes under /public/v1, by route (each server of a process notes the same ones). */
const routePatterns = new Map<string, string>();
/** All of them in one expression: one test a link, however many routes there are. */
let routesExpression: RegExp | null = null;

/** A GET route under /public/v1 (from the server's onRoute hook): links may point to it. */
export function notePublicRoute(url: string): void {
  if (routePatterns.has(url)) return;
  routePatterns.set(url, url.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]+/g, '[^/]+').replace(/\*/g, '.*'));
  routesExpression = null;
}

function answersAt(pathname: string): boolean {
  routesExpression ??= new RegExp(`^(?:${[...routePatterns.values()].join('|')})$`);
  return routePatterns.size > 0 && routesExpression.test(pathname);
}

/** A link as readers get it: into /public/v1 and to a route that is there, or none. */
function publicLink(url: string, reader: Pick<PublicReader, 'from' | 'to'>): string | null {
  const rebased = url.startsWith(reader.from) ? reader.to + url.slice(reader.from.length) : url;
  if (!rebased.startsWith(`${reader.to}/`) && rebased !== reader.to) return null;
  const path = new URL(rebased).pathname;
  return answersAt(path) ? rebased : null;
}

/** Values of `meta` with their links made public (a link to nowhere public is dropped). */
function publicMeta(value: unknown, reader: Pick<PublicReader, 'from' | 'to'>, depth = 0): unknown {
  if (typeof value === 'string') return value.startsWith(reader.from) || value.startsWith(`${reader.to}/`) ? publicLink(value, reader) : value;
  if (depth > 8 || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((v) => publicMeta(v, reader, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, publicMeta(v, reader, depth + 1)]));
}

// ---- the projection ---------------------------------------------------------------------------

const keyOf = (id: ResourceIdentifier) => `${id.type}:${id.id}`;
const identifiers = (data: unknown): ResourceIdentifier[] => (Array.isArray(data) ? data : data ? [data] : []).filter((d): d is ResourceIdentifier => !!d && typeof d === 'object');

/** A type readers may always see every row of: no row condition, no guard, not owned by another. */
function unconditional(shape: PublicShape): boolean {
  return (shape.reach === 'listed' || shape.reach === 'capability') && !shape.where.length && !guards.has(shape.type);
}

function meetsWhere(shape: PublicShape, obj: ResourceObject): boolean {
  return shape.where.every(([a, values]) => values.has(obj.attributes?.[a]));
}

/** Keys of the records and identifiers in the answer that a guard keeps out. */
async function guardedOut(objects: ResourceObject[], reader: Pick<PublicReader, 'db'>): Promise<Set<string>> {
  const out = new Set<string>();
  if (!guards.size) return out;
  const wanted = new Map<string, Set<number>>();
  const want = (id: ResourceIdentifier) => {
    if (!guards.has(id.type) || !/^\d{1,15}$/.test(id.id)) return;
    let set = wanted.get(id.type);
    if (!set) wanted.set(id.type, (set = new Set()));
    set.add(Number(id.id));
  };
  for (const o of objects) {
    want(o);
    for (const rel of Object.values(o.relationships ?? {})) identifiers(rel?.data).forEach(want);
  }
  for (const [type, ids] of wanted)
    for (const guard of guards.get(type)!) for (const id of await guard(reader.db, [...ids])) out.add(`${type}:${id}`);
  return out;
}

export interface PublicDocument {
  data?: ResourceObject | ResourceObject[] | null;
  included?: ResourceObject[];
  meta?: Record<string, unknown>;
  links?: Record<string, string | null>;
  errors?: Record<string, unknown>[];
  jsonapi?: unknown;
}

/**
 * A document cut to what its reader may see:
 * - records of types nobody declared public are left out, and so are rows whose `where` fails,
 *   a fan's own records in an answer that is not that fan's, and what a guard keeps out;
 * - a record of an `owned` type stays only when a record that stays shows it through a public
 *   relationship (a draft page's components and pictures are in no public answer, whatever asked);
 * - every identifier of a record left out goes too; one of a record not in the answer stays only
 *   when its type is public without conditions, a record that stays owns it, or the route checked it;
 * - the rest keep their declared attributes and relationships; links point into /public/v1, at a
 *   route that answers, or are dropped;
 * - errors keep what a reader needs (status, code, title, detail, source, meta.key).
 * `null` when the primary record is not one the reader may see.
 */
export async function projectDocument(doc: PublicDocument, reader: PublicReader): Promise<PublicDocument | null> {
  if (Array.isArray(doc.errors)) return { errors: doc.errors.map(publicError) };
  const out = await guardedOut([...(identifiers(doc.data) as ResourceObject[]), ...(doc.included ?? [])], reader);
  return cut(doc, reader, (key) => out.has(key));
}

/**
 * One record as readers may see it, at once (the live channel's changes): as `projectDocument`,
 * but a record of a guarded type, or an identifier of one, is left out, since no guard is asked.
 */
export function projectRecordNow(obj: ResourceObject, reader: Omit<PublicReader, 'db'>): ResourceObject | null {
  return (cut({ data: obj }, reader, (_key, type) => guards.has(type))?.data as ResourceObject | undefined) ?? null;
}

function cut(doc: PublicDocument, reader: Omit<PublicReader, 'db'>, isGuarded: (key: string, type: string) => boolean): PublicDocument | null {
  const primary = identifiers(doc.data) as ResourceObject[];
  const included = doc.included ?? [];
  const all = [...primary, ...included];
  const guarded = { has: (key: string) => isGuarded(key, key.slice(0, key.indexOf(':'))) };
  const present = new Map(all.map((o) => [keyOf(o), o]));
  const eligible = (o: ResourceObject) => {
    const shape = shapes.get(o.type);
    if (!shape || guarded.has(keyOf(o))) return false;
    if (shape.reach === 'own' && !reader.fanId) return false;
    return !!reader.preview || meetsWhere(shape, o);
  };
  // Owned records stay when a record that stays shows them: walked from every other one that stays.
  const kept = new Set<string>();
  const reached = new Set<string>();
  const walk: ResourceObject[] = [];
  for (const o of all)
    if (shapes.get(o.type)?.reach !== 'owned' && eligible(o)) {
      kept.add(keyOf(o));
      walk.push(o);
    }
  while (walk.length) {
    const o = walk.pop()!;
    const shape = shapes.get(o.type)!;
    for (const [name, rel] of Object.entries(o.relationships ?? {})) {
      if (!shape.shown.has(name)) continue;
      for (const id of identifiers(rel?.data)) {
        const key = keyOf(id);
        if (shapes.get(id.type)?.reach !== 'owned' || guarded.has(key) || reached.has(key)) continue;
        reached.add(key);
        const obj = present.get(key);
        if (obj && eligible(obj)) {
          kept.add(key);
          walk.push(obj);
        }
      }
    }
  }
  const keep = (id: ResourceIdentifier) => {
    const key = keyOf(id);
    if (kept.has(key)) return true;
    if (present.has(key) || guarded.has(key)) return false;
    const shape = shapes.get(id.type);
    if (!shape) return false;
    if (shape.reach === 'owned') return reached.has(key);
    return reader.vouched?.has(key) || unconditional(shape);
  };
  const project = (o: ResourceObject): ResourceObject => {
    const shape = shapes.get(o.type)!;
    const attributes: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(o.attributes ?? {})) if (shape.attributes.has(k)) attributes[k] = v;
    const cutAttributes = attributeCuts.get(o.type);
    const out = { type: o.type, id: o.id, attributes: cutAttributes ? cutAttributes(attributes) : attributes } as ResourceObject;
    if (o.relationships) {
      const relationships: NonNullable<ResourceObject['relationships']> = {};
      for (const [name, rel] of Object.entries(o.relationships)) {
        if (!shape.shown.has(name) || !rel) continue;
        relationships[name] = { data: Array.isArray(rel.data) ? rel.data.filter(keep) : rel.data && keep(rel.data) ? rel.data : null };
      }
      if (Object.keys(relationships).length) out.relationships = relationships;
    }
    const self = o.links?.self ? publicLink(o.links.self, reader) : null;
    if (self) out.links = { self };
    return out;
  };
  let data: ResourceObject | ResourceObject[] | null | undefined;
  if (Array.isArray(doc.data)) data = doc.data.filter((o) => kept.has(keyOf(o))).map(project);
  else if (doc.data) {
    if (!kept.has(keyOf(doc.data))) return null;
    data = project(doc.data);
  } else data = doc.data;
  const out: PublicDocument = { data };
  if (doc.included) out.included = included.filter((o) => kept.has(keyOf(o))).map(project);
  if (doc.meta) out.meta = publicMeta(doc.meta, reader) as Record<string, unknown>;
  if (doc.links) out.links = Object.fromEntries(Object.entries(doc.links).map(([k, v]) => [k, v && publicLink(v, reader)]));
  if (doc.jsonapi) out.jsonapi = doc.jsonapi;
  return out;
}

/** An error as readers get it: nothing beyond what says what went wrong and where. */
function publicError(e: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of ['status', 'code', 'title', 'detail', 'source']) if (e[k] !== undefined) out[k] = e[k];
  const meta = e.meta as { key?: unknown; params?: Record<string, unknown> } | undefined;
  if (meta?.key !== undefined) {
    const params = Object.entries(meta.params ?? {}).filter(([, v]) => v === null || ['string', 'number', 'boolean'].includes(typeof v));
    out.meta = params.length ? { key: meta.key, params: Object.fromEntries(params) } : { key: meta.key };
  }
  return out;
}

/**
 * Refuses what a public query may not name: includes through a relationship that is not public,
 * filters, sorts and sparse fieldsets on attributes that are not (a filter on a hidden attribute
 * would tell its value one question at a time). Answers the query the engine reads: a sparse
 * fieldset of a type with row conditions also asks for their attributes, which the projection
 * needs to tell a public record (a visible page) and then drops.
 */
export function checkPublicQuery(pm: PublicModel, raw: RawQuery): RawQuery {
  const engineQuery: RawQuery = { ...raw };
  const include = typeof raw.include === 'string' ? raw.include : '';
  if (include)
    for (const path of include.split(',')) {
      let current: PublicModel | undefined = pm;
      for (const part of path.trim().split('.')) {
        const target: string | undefined = current ? includeTarget(current, part) : undefined;
        current = target ? publicModels.get(target) : undefined;
        if (!current) throw badParameter('include', 'unknownInclude.relationship', { type: pm.model.type, relationship: part, path });
      }
    }
  for (const key of Object.keys(raw)) {
    const filter = /^filter\[([a-z0-9_]+)\]/.exec(key);
    if (filter) {
      const name = filter[1];
      // A type without searchable text is refused by the engine's own check (unknownFilter.noSearch).
      const searchable = name === 'q' && searchedAttributes(pm).every((a) => pm.attributes.has(a));
      const ruled = !!pm.def.filters && Object.hasOwn(pm.def.filters, name);
      if (!(name === 'id' || searchable || ruled || (name === 'locale' && pm.model.translation) || pm.attributes.has(name) || pm.relationships.has(name) || fkOfPublic(pm, name)))
        throw badParameter(key, 'unknownFilter.field', { type: pm.model.type, name });
    }
    const fields = /^fields\[([a-z0-9_]+)\]$/.exec(key);
    if (fields) {
      const target = publicModels.get(fields[1]);
      const names = typeof raw[key] === 'string' ? (raw[key]).split(',').map((s) => s.trim()).filter(Boolean) : [];
      if (!target) throw badParameter(key, 'unknownField.type', { type: fields[1] });
      for (const n of names) if (!target.attributes.has(n) && !target.relationships.has(n)) throw badParameter(key, 'unknownField.field', { type: fields[1], name: n });
      if (target.where.length) engineQuery[key] = [...new Set([...names, ...target.where.map(([a]) => a)])].join(',');
    }
  }
  if (typeof raw.sort === 'string')
    for (const item of raw.sort.split(',')) {
      const name = item.trim().replace(/^-/, '');
      if (!publicSorts(pm).includes(name)) throw badParameter('sort', 'unknownSort.field', { type: pm.model.type, name });
    }
  return engineQuery;
}

/**
 * Whether readers may search a type's list (`filter[q]`): it has searchable text and all of it is
 * public, since the folded text a search reads holds every searchable attribute (a hidden one
 * would be told a word at a time).
 */
export function publicSearch(pm: PublicModel): boolean {
  const searched = searchedAttributes(pm);
  return searched.length > 0 && searched.every((a) => pm.attributes.has(a));
}

function searchedAttributes(pm: PublicModel): string[] {
  return [...pm.model.searchAttributes, ...(pm.model.translation?.searchAttributes ?? [])];
}

/** The type an include of `name` reaches, when readers may follow it (a public, registered type). */
export function includeTarget(pm: PublicModel, name: string): string | undefined {
  if (!pm.relationships.has(name)) return undefined;
  const target = pm.model.relationships.get(name)?.type ?? pm.model.links.get(name)?.target;
  return target && publicModels.has(target) ? target : undefined;
}

/** What readers may include from a type: its public relationships to registered public types. */
export function publicIncludes(pm: PublicModel): string[] {
  return [...pm.relationships].filter((name) => includeTarget(pm, name));
}

/** Attributes readers may sort a type's list by: public ones the engine sorts. */
export function publicSorts(pm: PublicModel): string[] {
  return ['id', ...ALWAYS, ...[...pm.model.attributes].filter(([a, d]) => d.sort && pm.attributes.has(a)).map(([a]) => a)];
}

const fkOfPublic = (pm: PublicModel, column: string) => [...pm.model.belongsTo].some(([name, b]) => b.fk === column && pm.relationships.has(name));
