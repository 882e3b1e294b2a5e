import type { AttributeType } from '@umpire/schema';
import { sql, type Compilable, type CompiledQuery } from 'kysely';
import { searchIndexTable } from '../db/columns';
import { keptRowCount } from '../db/row-counts';
import { preparedLists } from '../db/prepared';
import type { DB, Dialect, DynamicSelect } from '../db/database';
import { notFound } from './errors';
import { findModel, modelOf, type Model } from './model';
import { rulesOf, type LinkValues } from './rules';
import { likeWord, movesWithTime, type Filter, type IncludeTree, type ParsedQuery, type SortKey } from './query';
import { fromDb } from '../db/values';
import { compileFunction, literalKey } from '../db/object-literals';
import { withTranslations } from './translations';

export type Row = Record<string, unknown>;

export interface ResourceIdentifier {
  type: string;
  id: string;
}

export interface ResourceObject extends ResourceIdentifier {
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data: ResourceIdentifier | ResourceIdentifier[] | null }>;
  links: { self: string };
}

/** What every read needs: the connection (or transaction), the tenant and where links point. */
export interface ReadContext {
  db: DB;
  dialect: Dialect;
  clientId: number;
  /** Absolute base of links, e.g. http://localhost:8080/api/v3 (JSON:API links are URIs). */
  apiBase: string;
  /**
   * Parts of the client's reads kept while what they read is unchanged (db/computed-cache.ts
   * `part`), when read from `db`: a context spread into a transaction computes them every time,
   * since what a transaction reads may never be committed.
   */
  keep?: { db: DB; part: <T>(key: string, compute: () => Promise<T>) => Promise<T> };
}

/** Every query of the engine starts here, so no row of another client can be read (nor a hidden column). */
export function scoped(ctx: ReadContext, model: Model, columns = model.readColumns): DynamicSelect<Row> {
  return ctx.db.selectFrom(model.table).select(columns).where('client_id', '=', ctx.clientId);
}

/**
 * The columns documents of a type need: every one, unless `fields[type]` names some; then the id,
 * those attributes, the keys of those relationships and of the ones included from here (`extra`:
 * the key children are grouped by). A rule that reads rows for their links sees every column.
 */
export function columnsOf(model: Model, fields: Map<string, Set<string>>, include: IncludeTree, extra?: string): string[] {
  const wanted = fields.get(model.type);
  if (!wanted || rulesOf(model.type).linkNames) return model.readColumns;
  const keep = new Set(['id', 'client_id']);
  for (const name of [...wanted, ...Object.keys(include)]) keep.add(model.belongsTo.get(name)?.fk ?? name);
  if (extra) keep.add(extra);
  return model.readColumns.filter((c) => keep.has(c));
}

/** A statement's key for the columns it selects: empty for all of them. */
const columnsKey = (model: Model, columns: string[]) => (columns === model.readColumns ? '' : ` ${columns.join(',')}`);

/**
 * The engine's frequent reads are built and compiled once per shape (db/prepared.ts), the same SQL
 * as built each time: `key` names the statement (of one dialect), `lists` the values that are ids
 * (an `in` list, one shape per length), `values` its parameters, all used by `build`.
 */
const statements = new Map<string, (values: Record<string, unknown>) => CompiledQuery>();
/** Shapes kept at most (the oldest dropped first): sorts and `fields` are the client's to choose, so their combinations are unbounded. */
const MAX_STATEMENTS = 2_000;
async function readOnce(
  ctx: ReadContext,
  key: string,
  lists: string[],
  values: Record<string, unknown>,
  build: (values: Record<string, unknown>) => Compilable,
): Promise<Row[]> {
  const full = `${ctx.dialect} ${key}`;
  let statement = statements.get(full);
  if (!statement) {
    if (statements.size >= MAX_STATEMENTS) statements.delete(statements.keys().next().value!);
    statements.set(full, (statement = preparedLists(Object.keys(values), lists, build)));
  }
  return (await ctx.db.executeQuery<Row>(statement(values))).rows;
}

/** The ctx of a statement built with stand-ins for its client. */
const withClient = (ctx: ReadContext, clientId: unknown): ReadContext => ({ ...ctx, clientId: clientId as number });

/**
 * The client's term of a read by keys (ids, or a foreign key), checked on the rows the keys find.
 * On SQLite with a unary plus, which keeps it off indexes. Without it the planner walks the client's
 * index: for ids, (client_id, rowid) in that index and then the row by rowid, two searches where the
 * primary key alone is one (49 images: 0.17 ms against 0.13); for a foreign key, with statistics
 * older than the data, the client's whole default-sort index (4,800 squads to find 76).
 */
const clientOfKeyed = (ctx: ReadContext, table: string) =>
  ctx.dialect === 'sqlite' ? sql<number>`+${sql.ref(`${table}.client_id`)}` : sql.ref(`${table}.client_id`);

/** Rows of the client by their ids (not empty). */
const rowsByIds = (ctx: ReadContext, model: Model, ids: unknown[], columns: string[]): Promise<Row[]> =>
  readOnce(ctx, `ids ${model.type}${columnsKey(model, columns)}`, ['ids'], { client: ctx.clientId, ids }, (v) =>
    ctx.db
      .selectFrom(model.table)
      .select(columns)
      .where(clientOfKeyed(ctx, model.table), '=', v.client as number)
      .where('id', 'in', v.ids as unknown[]),
  );

/** The rows of some parents (a page at most), by their foreign key. */
function childrenOf(ctx: ReadContext, model: Model, fk: string, ids: unknown[], columns: string[]): DynamicSelect<Row> {
  return ctx.db.selectFrom(model.table).select(columns).where(clientOfKeyed(ctx, model.table), '=', ctx.clientId).where(fk, 'in', ids);
}

export function applyFilters<Q extends DynamicSelect<unknown>>(q: Q, filters: Filter[], table: string, dialect: Dialect): Q {
  // SQLite stores booleans as 0/1 and its driver cannot bind true/false.
  const bind = (v: unknown) => (typeof v === 'boolean' && dialect === 'sqlite' ? Number(v) : v);
  for (const f of filters) {
    const col = f.kind === 'search' || f.kind === 'translation' || f.kind === 'linked' || f.kind === 'custom' ? '' : `${table}.${f.column}`;
    switch (f.kind) {
      case 'custom':
        q = q.where(f.filter.where(table, dialect)) as Q;
        break;
      case 'in':
        q = q.where(col, f.values.length === 1 ? '=' : 'in', f.values.length === 1 ? bind(f.values[0]) : f.values.map(bind)) as Q;
        break;
      case 'null':
        q = q.where(col, 'is', null) as Q;
        break;
      case 'compare':
        q = q.where(col, f.op, bind(f.value)) as Q;
        break;
      case 'linked':
        q = q.where(
          sql<boolean>`${sql.ref(`${table}.id`)} in (select ${sql.ref(`${f.through}.${f.fromFk}`)} from ${sql.table(f.through)} where ${sql.ref(`${f.through}.client_id`)} = ${sql.ref(`${table}.client_id`)} and ${sql.ref(`${f.through}.${f.toFk}`)} in (${sql.join(f.ids)}))`,
        ) as Q;
        break;
      case 'translation': {
        // The record has a translation in one of the locales / whose folded text holds every word.
        let sub = sql<boolean>`${sql.ref(`${table}.id`)} in (select ${sql.ref(`${f.table}.${f.parentKey}`)} from ${sql.table(f.table)} where ${sql.ref(`${f.table}.client_id`)} = ${sql.ref(`${table}.client_id`)}`;
        if (f.locales) sub = sql<boolean>`${sub} and ${sql.ref(`${f.table}.locale`)} in (${sql.join(f.locales)})`;
        for (const word of f.words ?? []) sub = sql<boolean>`${sub} and ${sql.ref(`${f.table}.search_text`)} like ${likeWord(word)} escape '\\'`;
        q = q.where(sql<boolean>`${sub})`) as Q;
        break;
      }
      case 'search':
        // Both sides are folded (lower case), so LIKE decides alike on both databases. PostgreSQL's
        // trigram index serves it; SQLite first narrows by its FTS5 trigram table (words of 3+ characters).
        for (const word of f.words) {
          if (dialect === 'sqlite' && [...word].length >= 3) {
            const fts = sql.table(searchIndexTable(table));
            q = q.where(sql<boolean>`${sql.ref(`${table}.id`)} in (select rowid from ${fts} where ${fts} match ${`"${word.replace(/"/g, '""')}"`})`) as Q;
          }
          q = q.where(sql<boolean>`${sql.ref(`${table}.${f.column}`)} like ${likeWord(word)} escape '\\'`) as Q;
        }
        break;
    }
  }
  return q;
}

function applySort<Q extends DynamicSelect<unknown>>(q: Q, sort: SortKey[], table: string): Q {
  for (const s of sort)
    // The same null ordering on both databases: nulls first ascending, last descending.
    q = q.orderBy(`${table}.${s.column}`, (ob) => (s.desc ? ob.desc().nullsLast() : ob.asc().nullsFirst())) as Q;
  if (!sort.some((s) => s.column === 'id')) q = q.orderBy(`${table}.id`) as Q;
  return q;
}

// Types whose stored value is the API's (null aside): fromDb has nothing to do.
const UNCONVERTED = new Set<AttributeType>(['string', 'text', 'integer', 'date']);

type ObjectBuilder = (row: Row, apiBase: string) => ResourceObject;
const builders = new WeakMap<Model, ObjectBuilder>();

/**
 * A model's resource objects are made by a function compiled once for it, whose object literals name
 * its attributes and relationships (db/object-literals.ts says why). Types are JSON strings too.
 */
function builderOf(model: Model): ObjectBuilder {
  let build = builders.get(model);
  if (!build) {
    const q = JSON.stringify;
    const attributes = [...model.attributeTypes].map(([name, type]) => {
      const value = `row[${q(name)}]`;
      return `${literalKey(name)}: ${UNCONVERTED.has(type) ? `${value} ?? null` : `fromDb(${q(type)}, ${value})`}`;
    });
    const relationships = [...model.belongsTo].map(
      ([name, { rel, fk }]) => `${literalKey(name)}: { data: row[${q(fk)}] == null ? null : { type: ${q(rel.type)}, id: String(row[${q(fk)}]) } }`,
    );
    const body = `const id = String(row.id);
      return { type: ${q(model.type)}, id, attributes: { ${attributes.join(', ')} },${relationships.length ? ` relationships: { ${relationships.join(', ')} },` : ''} links: { self: apiBase + ${q(`/${model.path}/`)} + id } };`;
    build = compileFunction<(convert: typeof fromDb) => ObjectBuilder>(['fromDb'], `return (row, apiBase) => { ${body} };`)(fromDb);
    builders.set(model, build);
  }
  return build;
}

/** One stored row as a JSON:API resource object, its belongsTo links included. */
export const toResourceObject = (model: Model, row: Row, apiBase: string): ResourceObject => builderOf(model)(row, apiBase);

/** Builds resource objects, deduplicated by type and id, across primary data and includes. */
class Graph {
  readonly objects = new Map<string, ResourceObject>();
  constructor(private readonly apiBase: string) {}

  add(model: Model, row: Row): ResourceObject {
    const key = `${model.type}:${row.id}`;
    const existing = this.objects.get(key);
    if (existing) return existing;
    const obj = toResourceObject(model, row, this.apiBase);
    this.objects.set(key, obj);
    return obj;
  }

  get(type: string, id: unknown): ResourceObject {
    return this.objects.get(`${type}:${id}`)!;
  }
}

function setLinkage(obj: ResourceObject, name: string, data: ResourceIdentifier[]) {
  (obj.relationships ??= {})[name] = { data };
}

const unique = <T>(xs: T[]) => [...new Set(xs)];

/** The links (ResourceDef.links) of some rows, in one query: row id → link name → ids. */
export async function loadLinks(ctx: ReadContext, model: Model, ids: unknown[]): Promise<Map<string, LinkValues>> {
  const out = new Map<string, LinkValues>();
  const def = model.linksDef;
  if (!def || !ids.length) return out;
  const rows = await ctx.db
    .selectFrom(def.table)
    .select([`${def.foreignKey} as source`, 'name', 'target_id'])
    .where('client_id', '=', ctx.clientId)
    .where(def.foreignKey, 'in', ids as number[])
    .orderBy(def.foreignKey)
    .orderBy('name')
    .orderBy('position')
    .execute();
  for (const r of rows) {
    const key = String(r.source);
    const values = out.get(key) ?? {};
    const link = model.links.get(String(r.name));
    if (!link) continue;
    if (link.many) ((values[String(r.name)] ??= []) as string[]).push(String(r.target_id));
    else values[String(r.name)] = String(r.target_id);
    out.set(key, values);
  }
  return out;
}

/** The link names a document of this row shows. */
export function linkNamesOf(model: Model, row: Row): readonly string[] {
  return rulesOf(model.type).linkNames?.(row) ?? [...model.links.keys()];
}

/** Sets the link relationships (ResourceDef.links) of rows already in the graph, in one query. */
async function attachLinks(ctx: ReadContext, model: Model, rows: Row[], graph: Graph) {
  if (!model.links.size || !rows.length) return;
  const links = await loadLinks(ctx, model, rows.map((r) => r.id));
  for (const row of rows) {
    const obj = graph.get(model.type, row.id);
    const values = links.get(String(row.id)) ?? {};
    for (const name of linkNamesOf(model, row)) {
      const link = model.links.get(name)!;
      const v = values[name];
      (obj.relationships ??= {})[name] = {
        data: link.many ? ((v as string[] | undefined) ?? []).map((id) => ({ type: link.target, id })) : v == null ? null : { type: link.target, id: v as string },
      };
    }
  }
}

/** Included records of a translated resource carry their texts in the request's locale, as the primary ones do. */
const translated = (ctx: ReadContext, model: Model, rows: Row[], locale: string | undefined) =>
  model.translation && rows.length ? withTranslations(ctx, model.translation, rows, locale) : Promise.resolve(rows);

/** One query per relationship and level, whatever the number of rows. */
/** What documents show beyond their rows: the sparse fieldsets and the locale of translations. */
type Shown = Pick<ParsedQuery, 'fields' | 'locale'>;

async function loadIncludes(ctx: ReadContext, model: Model, rows: Row[], tree: IncludeTree, graph: Graph, shown: Shown) {
  const { locale } = shown;
  // Relationships to one type with the same include path below them (a match's home and away
  // squads, each with team.club.image) are read together: one query per level, not one per side.
  const shared = new Map<string, string[]>();
  for (const [name, sub] of Object.entries(tree)) {
    const rel = model.relationships.get(name);
    if (rel?.kind !== 'belongsTo') continue;
    const key = `${rel.type} ${JSON.stringify(sub)}`;
    shared.set(key, [...(shared.get(key) ?? []), name]);
  }
  const together = new Set<string>();
  for (const names of shared.values()) {
    if (names.length < 2) continue;
    const target = modelOf(model.relationships.get(names[0])!.type);
    const ids = unique(names.flatMap((name) => rows.map((r) => r[model.belongsTo.get(name)!.fk]).filter((v) => v != null)));
    const found = ids.length ? await rowsByIds(ctx, target, ids, columnsOf(target, shown.fields, tree[names[0]])) : [];
    await addRelated(ctx, target, found, tree[names[0]], graph, shown);
    for (const name of names) together.add(name);
  }
  for (const [name, sub] of Object.entries(tree)) {
    if (together.has(name)) continue;
    const link = model.links.get(name);
    if (link) {
      // Links were attached with the rows; the linked records of every row in one query.
      const target = findModel(link.target);
      if (!target) continue;
      const ids = new Set<number>();
      for (const r of rows) for (const item of [graph.get(model.type, r.id).relationships?.[name]?.data ?? []].flat()) if (item) ids.add(Number(item.id));
      const related = await translated(ctx, target, ids.size ? await rowsByIds(ctx, target, [...ids], columnsOf(target, shown.fields, sub)) : [], locale);
      for (const r of related) graph.add(target, r);
      await attachLinks(ctx, target, related, graph);
      if (Object.keys(sub).length) await loadIncludes(ctx, target, related, sub, graph, shown);
      continue;
    }
    const rel = model.relationships.get(name)!;
    const target = modelOf(rel.type);
    let related: Row[] = [];
    if (rel.kind === 'belongsTo') {
      const fk = model.belongsTo.get(name)!.fk;
      const ids = unique(rows.map((r) => r[fk]).filter((v) => v != null));
      if (ids.length) related = await rowsByIds(ctx, target, ids, columnsOf(target, shown.fields, sub));
    } else if (rel.kind === 'hasMany') {
      const fk = target.belongsTo.get(rel.inverse)!.fk;
      const ids = rows.map((r) => r.id);
      const columns = columnsOf(target, shown.fields, sub, fk);
      if (ids.length)
        related = await readOnce(ctx, `children ${target.type} ${fk}${columnsKey(target, columns)}`, ['ids'], { client: ctx.clientId, ids }, (v) =>
          applySort(childrenOf(withClient(ctx, v.client), target, fk, v.ids as unknown[], columns), sortOf(target), target.table),
        );
      const byParent = new Map<unknown, ResourceIdentifier[]>();
      for (const r of related) {
        const list = byParent.get(r[fk]) ?? [];
        list.push({ type: target.type, id: String(r.id) });
        byParent.set(r[fk], list);
      }
      for (const r of rows) setLinkage(graph.get(model.type, r.id), name, byParent.get(r.id) ?? []);
    } else {
      const through = modelOf(rel.through);
      const fromFk = through.belongsTo.get(rel.from)!.fk;
      const toFk = through.belongsTo.get(rel.to)!.fk;
      const ids = rows.map((r) => r.id);
      let linked: Row[] = [];
      const columns = columnsOf(target, shown.fields, sub);
      if (ids.length)
        linked = await readOnce(ctx, `through ${model.type} ${name}${columnsKey(target, columns)}`, ['ids'], { client: ctx.clientId, ids }, (v) =>
          ctx.db
            .selectFrom(`${target.table} as t`)
            .innerJoin(`${through.table} as j`, `j.${toFk}`, 't.id')
            .select(columns.map((c) => `t.${c}`))
            .select(`j.${fromFk} as __parent`)
            .where(`j.${fromFk}`, 'in', v.ids as unknown[])
            .where('t.client_id', '=', v.client)
            .where('j.client_id', '=', v.client)
            .orderBy('t.id'),
        );
      const byParent = new Map<unknown, ResourceIdentifier[]>();
      const seen = new Map<unknown, Row>();
      for (const r of linked) {
        const list = byParent.get(r.__parent) ?? [];
        if (!list.some((x) => x.id === String(r.id))) list.push({ type: target.type, id: String(r.id) });
        byParent.set(r.__parent, list);
        seen.set(r.id, r);
      }
      related = [...seen.values()];
      for (const r of rows) setLinkage(graph.get(model.type, r.id), name, byParent.get(r.id) ?? []);
    }
    await addRelated(ctx, target, related, sub, graph, shown);
  }
}

/** Included rows of one type into the document, with their links and what is included below them. */
async function addRelated(ctx: ReadContext, target: Model, rows: Row[], sub: IncludeTree, graph: Graph, shown: Shown) {
  const related = await translated(ctx, target, rows, shown.locale);
  const fresh = related.filter((r) => !graph.objects.has(`${target.type}:${r.id}`));
  for (const r of related) graph.add(target, r);
  await attachLinks(ctx, target, fresh, graph);
  if (Object.keys(sub).length) await loadIncludes(ctx, target, related, sub, graph, shown);
}

function sortOf(model: Model): SortKey[] {
  return (model.def.defaultSort ?? 'id').split(',').map((s) => {
    const name = s.replace(/^-/, '');
    return { column: model.sortKeys.get(name) ?? name, desc: s.startsWith('-') };
  });
}

/** Applies sparse fieldsets to a resource object. */
function project(obj: ResourceObject, fields: Map<string, Set<string>>): ResourceObject {
  const allowed = fields.get(obj.type);
  if (!allowed) return obj;
  const attributes = Object.fromEntries(Object.entries(obj.attributes).filter(([k]) => allowed.has(k)));
  const rels = obj.relationships && Object.fromEntries(Object.entries(obj.relationships).filter(([k]) => allowed.has(k)));
  return { ...obj, attributes, ...(rels && Object.keys(rels).length ? { relationships: rels } : { relationships: undefined }) };
}

export interface Document {
  data: ResourceObject | ResourceObject[];
  included?: ResourceObject[];
  meta?: Record<string, unknown>;
  links?: Record<string, string | null>;
}

export async function buildDocument(
  ctx: ReadContext,
  model: Model,
  rows: Row[],
  query: Pick<ParsedQuery, 'include' | 'fields' | 'locale'>,
  single: boolean,
): Promise<Document> {
  if (model.translation) rows = await withTranslations(ctx, model.translation, rows, query.locale);
  const graph = new Graph(ctx.apiBase);
  const primary = rows.map((r) => graph.add(model, r));
  await attachLinks(ctx, model, rows, graph);
  await loadIncludes(ctx, model, rows, query.include, graph, query);
  const primaryKeys = new Set(primary.map((o) => `${o.type}:${o.id}`));
  const doc: Document = { data: single ? project(primary[0], query.fields) : primary.map((o) => project(o, query.fields)) };
  if (Object.keys(query.include).length)
    doc.included = [...graph.objects.entries()].filter(([k]) => !primaryKeys.has(k)).map(([, o]) => project(o, query.fields));
  return doc;
}

async function genericPage(ctx: ReadContext, model: Model, query: ParsedQuery): Promise<{ total: number; rows: Row[] }> {
  const { number, size } = query.page;
  const offset = (number - 1) * size;
  const columns = columnsOf(model, query.fields, query.include);
  const pageOf = (c: ReadContext, limit: unknown, skip: unknown) =>
    applySort(applyFilters(scoped(c, model, columns), query.filters, model.table, c.dialect), query.sort, model.table)
      .limit(limit as number)
      .offset(skip as number);
  const countOf = (c: ReadContext) =>
    applyFilters(c.db.selectFrom(model.table).select((eb) => eb.fn.countAll().as('n')).where('client_id', '=', c.clientId), query.filters, model.table, c.dialect);
  // A list without filters (the admin's first look at each) has one shape per sort: compiled once.
  const plain = !query.filters.length;
  const sortKey = query.sort.map((s) => `${s.desc ? '-' : ''}${s.column}`).join(',');
  const rows = plain
    ? await readOnce(ctx, `page ${model.type} ${sortKey}${columnsKey(model, columns)}`, [], { client: ctx.clientId, size, offset }, (v) => pageOf(withClient(ctx, v.client), v.size, v.offset))
    : await pageOf(ctx, size, offset).execute();
  // A page that is not full ends the list: its total is known without counting (an empty page past
  // the first says nothing: the list may end before it).
  if (rows.length < size && (rows.length > 0 || offset === 0)) return { total: offset + rows.length, rows };
  if (plain) {
    // SQLite keeps each client's row count per table: one row read instead of counting them all.
    const kept = await keptRowCount(ctx.db, model.table, ctx.clientId);
    if (kept !== null) return { total: kept, rows };
  }
  // Otherwise the total is counted (on PostgreSQL 1.5 ms of its CPU at 10,000 rows) and kept until
  // a row may enter or leave what was counted: an insert or delete, or a change of a column the
  // count's filters read (row-changes.ts). A change of other columns leaves it: on match day a goal
  // changes a match's score and status, and a club's fixture list keeps its count. Not with a filter
  // that moves with the time (its statement holds the time: each would be kept anew, never reused).
  const keep = ctx.keep?.db === ctx.db && !movesWithTime(query.filters) ? ctx.keep : null;
  const totalOf = (rows: Row[]) => Number((rows[0] as { n: number | string } | undefined)?.n ?? 0);
  let key: string;
  let count: () => Promise<number>;
  if (plain) {
    key = `total ${model.table}`;
    count = async () => totalOf(await readOnce(ctx, `count ${model.type}`, [], { client: ctx.clientId }, (v) => countOf(withClient(ctx, v.client))));
  } else {
    const statement = countOf(ctx).compile();
    key = `total ${model.table} ${statement.sql} ${JSON.stringify(statement.parameters)}`;
    count = async () => totalOf((await ctx.db.executeQuery<Row>(statement)).rows);
  }
  return { total: keep ? await keep.part(key, count) : await count(), rows };
}

export async function listDocument(ctx: ReadContext, model: Model, query: ParsedQuery, selfUrl: URL): Promise<Document> {
  const { number, size } = query.page;
  const fast = await rulesOf(model.type).listPage?.(ctx, query);
  const { total, rows } = fast ?? (await genericPage(ctx, model, query));
  const doc = await buildDocument(ctx, model, rows, query, false);
  const pages = Math.max(1, Math.ceil(total / size));
  const link = (n: number) => {
    const u = new URL(selfUrl);
    u.searchParams.set('page[number]', String(n));
    u.searchParams.set('page[size]', String(size));
    return u.toString();
  };
  doc.meta = { total, pages, page: number, size };
  doc.links = {
    self: link(number),
    first: link(1),
    prev: number > 1 ? link(Math.min(number - 1, pages)) : null,
    next: number < pages ? link(number + 1) : null,
    last: link(pages),
  };
  return doc;
}

/** A numeric id or a 404: ids in URLs are never trusted. */
export function parseId(model: Model, id: string): number {
  if (!/^[1-9]\d{0,14}$/.test(id)) throw notFound(model.type, id);
  return Number(id);
}

export async function findRow(ctx: ReadContext, model: Model, id: string): Promise<Row> {
  const row = await scoped(ctx, model).where('id', '=', parseId(model, id)).executeTakeFirst();
  if (!row) throw notFound(model.type, id);
  return row;
}

export async function recordDocument(
  ctx: ReadContext,
  model: Model,
  row: Row,
  query: Pick<ParsedQuery, 'include' | 'fields' | 'locale'>,
): Promise<Document> {
  return buildDocument(ctx, model, [row], query, true);
}
