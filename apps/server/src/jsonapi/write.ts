import { sql } from 'kysely';
import { pointerSegment, sameJson } from '@umpire/schema';
import { isUniqueViolation, notNullColumn } from '../db/database';
import { recordAudit, recordAudits, type Changes } from './audit';
import { ApiError, apiError, type ErrorSpec } from './errors';
import { fieldError, keyOfIssue } from './messages';
import { findModel, modelOf, TIMESTAMPS, type Model } from './model';
import { findRow, loadLinks, parseId, type ReadContext, type Row } from './read';
import { fromDb, nowIso, toDb } from '../db/values';
import { deleteGuards, rulesOf, type LinkValues } from './rules';
import { writeShadows } from './shadow';
import type { ChangeEvent, WriteContext } from './context';
import { AVAILABLE_ATTRIBUTE, deleteTranslation, isLocale, LOCALE_ATTRIBUTE, UPDATED_ATTRIBUTE, writeTranslation } from './translations';

/** Which translation a write concerns (`?locale=`). */
export interface WriteOptions {
  locale?: string;
}

const TIMESTAMP_NAMES = new Set(TIMESTAMPS.map(([n]) => n));
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

interface ParsedBody {
  /** Column → stored value. */
  columns: Record<string, unknown>;
  /** belongsTo relationships to check: column, target model, id, pointer. */
  links: { fk: string; target: Model; id: number; pointer: string; name: string }[];
  /** manyToMany relationships to replace: name → target ids. */
  sets: Map<string, number[]>;
  /** Links (ResourceDef.links) to replace: name → ids (one id or null for a single link). */
  linkSets: Map<string, number[] | number | null>;
  /** `data.meta.updated_at` of the version the client edited, for the stale check. */
  seenUpdatedAt: string | null;
  /** Translated attributes (stored values) and the locale they are for (`attributes.locale`). */
  translation: Record<string, unknown>;
  locale: string | null;
}

/** Checks a JSON:API document against the declaration; collects every problem before failing. */
function parseBody(ctx: ReadContext, model: Model, body: unknown, mode: 'create' | 'update', urlId?: string): ParsedBody {
  const errors: ErrorSpec[] = [];
  const out: ParsedBody = { columns: {}, links: [], sets: new Map(), linkSets: new Map(), seenUpdatedAt: null, translation: {}, locale: null };
  const tr = model.translation;
  if (!isObject(body) || !isObject(body.data)) {
    throw ApiError.many([fieldError('/data', 'data', 'required')]);
  }
  const data = body.data;
  if (data.type === undefined) errors.push(fieldError('/data/type', 'type', 'required'));
  else if (data.type !== model.type)
    throw apiError(409, 'conflict.type', { values: { given: JSON.stringify(data.type), expected: model.type }, source: { pointer: '/data/type' } });
  if (mode === 'create' && data.id !== undefined)
    throw apiError(403, 'clientIdNotSupported', { source: { pointer: '/data/id' } });
  if (mode === 'update') {
    if (data.id === undefined) errors.push(fieldError('/data/id', 'id', 'required'));
    else if (String(data.id) !== urlId)
      throw apiError(409, 'conflict.id', { values: { given: JSON.stringify(data.id) }, source: { pointer: '/data/id' } });
  }
  if (isObject(data.meta) && typeof data.meta.updated_at === 'string') out.seenUpdatedAt = data.meta.updated_at;
  const attrs = data.attributes ?? {};
  if (!isObject(attrs)) errors.push(fieldError('/data/attributes', 'attributes', 'invalidType'));
  else {
    for (const [name, value] of Object.entries(attrs)) {
      const pointer = `/data/attributes/${pointerSegment(name)}`;
      if (TIMESTAMP_NAMES.has(name)) continue; // kept by the server; clients often send them back
      if (tr && (name === AVAILABLE_ATTRIBUTE || name === UPDATED_ATTRIBUTE)) continue; // the same
      if (tr && name === LOCALE_ATTRIBUTE) {
        if (isLocale(tr, value)) out.locale = value;
        else errors.push(fieldError(pointer, name, 'unknownLocale', { values: tr.locales }));
        continue;
      }
      const translated = tr?.attributes.get(name);
      if (translated) {
        if (translated.readOnly) continue; // derived by the server (publication's `visible`), often sent back
        if (value === null || value === '') {
          if (translated.required) errors.push(fieldError(pointer, name, 'required'));
          else out.translation[name] = null;
          continue;
        }
        const result = translated.schema.safeParse(value);
        if (!result.success) {
          const issue = result.error.issues[0];
          const { key, params, items } = keyOfIssue(issue);
          errors.push(fieldError(pointer + issue.path.map((p) => `/${pointerSegment(String(p))}`).join(''), name, key, params, { items }));
          continue;
        }
        out.translation[name] = toDb(ctx.dialect, translated.type, result.data);
        continue;
      }
      const def = model.attributes.get(name);
      if (!def) {
        errors.push(fieldError(pointer, name, 'unknownAttribute'));
        continue;
      }
      if (def.readOnly) {
        errors.push(fieldError(pointer, name, 'readOnly'));
        continue;
      }
      // An empty value means "no value", so optional validators (website) accept it (spec §5).
      if (value === null || value === '') {
        if (def.required) errors.push(fieldError(pointer, name, 'required'));
        // Emptied, an attribute with a default takes it again (a position back to 0).
        else out.columns[name] = def.default !== undefined ? toDb(ctx.dialect, def.type, def.default) : null;
        continue;
      }
      const result = def.schema.safeParse(value);
      if (!result.success) {
        // The first problem of a field is the one worth showing next to it.
        const issue = result.error.issues[0];
        const { key, params, items } = keyOfIssue(issue);
        errors.push(fieldError(pointer + issue.path.map((p) => `/${pointerSegment(String(p))}`).join(''), name, key, params, { items }));
        continue;
      }
      out.columns[name] = toDb(ctx.dialect, def.type, result.data);
    }
  }
  const rels = data.relationships ?? {};
  if (!isObject(rels)) errors.push(fieldError('/data/relationships', 'relationships', 'invalidType'));
  else {
    for (const [name, value] of Object.entries(rels)) {
      const pointer = `/data/relationships/${pointerSegment(name)}`;
      const declaredLink = model.links.get(name);
      if (declaredLink) {
        parseLink(name, declaredLink, value, pointer, out, errors);
        continue;
      }
      const rel = model.relationships.get(name);
      if (!rel) {
        errors.push(fieldError(pointer, name, 'unknownRelationship'));
        continue;
      }
      const belongs = model.belongsTo.get(name);
      if (rel.kind === 'manyToMany') {
        const linkage = isObject(value) ? value.data : undefined;
        if (!Array.isArray(linkage)) {
          errors.push(fieldError(`${pointer}/data`, name, 'invalidType', { expected: 'array' }));
          continue;
        }
        const ids: number[] = [];
        linkage.forEach((item, i) => {
          const id = isObject(item) ? String(item.id) : '';
          if (!isObject(item) || item.type !== rel.type || !/^[1-9]\d{0,14}$/.test(id))
            errors.push(fieldError(`${pointer}/data/${i}`, name, 'invalidType', { expected: rel.type }));
          else {
            ids.push(Number(id));
            out.links.push({ fk: '', target: modelOf(rel.type), id: Number(id), pointer: `${pointer}/data/${i}/id`, name });
          }
        });
        out.sets.set(name, [...new Set(ids)]);
        continue;
      }
      if (!belongs) {
        errors.push(fieldError(pointer, name, 'readOnly'));
        continue;
      }
      if (!isObject(value) || !('data' in value)) {
        errors.push(fieldError(`${pointer}/data`, name, 'required'));
        continue;
      }
      const linkage = value.data;
      if (linkage === null) {
        if (belongs.rel.required) errors.push(fieldError(`${pointer}/data`, name, 'required'));
        else out.columns[belongs.fk] = null;
        continue;
      }
      if (!isObject(linkage) || linkage.type !== belongs.rel.type || (typeof linkage.id !== 'string' && typeof linkage.id !== 'number')) {
        errors.push(fieldError(`${pointer}/data`, name, 'invalidType', { expected: belongs.rel.type }));
        continue;
      }
      const target = modelOf(belongs.rel.type);
      const id = String(linkage.id);
      if (!/^[1-9]\d{0,14}$/.test(id)) {
        errors.push(fieldError(`${pointer}/data/id`, name, 'notFound'));
        continue;
      }
      out.links.push({ fk: belongs.fk, target, id: Number(id), pointer: `${pointer}/data/id`, name });
      out.columns[belongs.fk] = Number(id);
    }
  }
  if (mode === 'create') {
    for (const [name, def] of model.attributes) {
      if (def.readOnly || name in out.columns || errors.some((e) => e.source?.pointer?.startsWith(`/data/attributes/${name}`))) continue;
      if (def.required) errors.push(fieldError(`/data/attributes/${name}`, name, 'required'));
      else if (def.default !== undefined) out.columns[name] = toDb(ctx.dialect, def.type, def.default);
    }
    for (const [name, { rel, fk }] of model.belongsTo)
      if (rel.required && !(fk in out.columns) && !errors.some((e) => e.source?.pointer?.startsWith(`/data/relationships/${name}`)))
        errors.push(fieldError(`/data/relationships/${name}`, name, 'required'));
  }
  if (errors.length) throw ApiError.many(errors);
  return out;
}

const ID = /^[1-9]\d{0,14}$/;

/** A link of ResourceDef.links: `{ data: null | {type, id} }` or `{ data: [{type, id}…] }` for a many link. */
function parseLink(name: string, link: { target: string; many: boolean }, value: unknown, pointer: string, out: ParsedBody, errors: ErrorSpec[]) {
  if (!isObject(value) || !('data' in value)) {
    errors.push(fieldError(`${pointer}/data`, name, 'required'));
    return;
  }
  const linkage = value.data;
  const items = link.many ? linkage : linkage === null ? [] : [linkage];
  if (!Array.isArray(items) || (!link.many && Array.isArray(linkage))) {
    errors.push(fieldError(`${pointer}/data`, name, 'invalidType', { expected: link.many ? 'array' : link.target }));
    return;
  }
  const target = findModel(link.target);
  if (items.length && !target) {
    // Declared before its resource exists (quizzes, OTT formats…): nothing can be linked yet.
    errors.push(fieldError(`${pointer}/data`, name, 'linkNotAvailable', { type: link.target }));
    return;
  }
  const ids: number[] = [];
  items.forEach((item, i) => {
    const p = link.many ? `${pointer}/data/${i}` : `${pointer}/data`;
    const id = isObject(item) ? String(item.id) : '';
    if (!isObject(item) || item.type !== link.target) errors.push(fieldError(p, name, 'invalidType', { expected: link.target }));
    else if (!ID.test(id)) errors.push(fieldError(`${p}/id`, name, 'notFound'));
    else {
      ids.push(Number(id));
      out.links.push({ fk: '', target: target!, id: Number(id), pointer: `${p}/id`, name });
    }
  });
  out.linkSets.set(name, link.many ? [...new Set(ids)] : (ids[0] ?? null));
}

/** Links after the write: those stored, replaced by those given. */
async function linksAfter(ctx: ReadContext, model: Model, id: number | null, parsed: ParsedBody): Promise<LinkValues> {
  const stored = id === null ? {} : ((await loadLinks(ctx, model, [id])).get(String(id)) ?? {});
  const out: LinkValues = { ...stored };
  for (const [name, v] of parsed.linkSets) out[name] = v === null ? null : Array.isArray(v) ? v.map(String) : String(v);
  return out;
}

/** Replaces the given links in the links table, one row per linked record, and notes the change in the history. */
async function writeLinks(ctx: WriteContext, model: Model, id: number, linkSets: ParsedBody['linkSets'], before: LinkValues, changes: Changes) {
  const def = model.linksDef;
  if (!def || !linkSets.size) return;
  const changed: string[] = [];
  const rows: Record<string, unknown>[] = [];
  for (const [name, v] of linkSets) {
    const after = v === null ? null : Array.isArray(v) ? v.map(String) : String(v);
    const old = before[name] ?? (Array.isArray(after) ? [] : null);
    if (sameJson(old, after)) continue;
    changed.push(name);
    changes[name] = { before: old, after };
    const target = model.links.get(name)!.target;
    [v ?? []].flat().forEach((targetId, position) =>
      rows.push({ client_id: ctx.clientId, [def.foreignKey]: id, name, target_type: target, target_id: targetId, position }),
    );
  }
  if (!changed.length) return;
  await ctx.db.deleteFrom(def.table).where(def.foreignKey, '=', id).where('client_id', '=', ctx.clientId).where('name', 'in', changed).execute();
  if (rows.length) await ctx.db.insertInto(def.table).values(rows).execute();
}

/** Related records must exist for the same client; another client's id looks exactly like a missing one. */
async function checkLinks(ctx: ReadContext, parsed: ParsedBody, errors: ErrorSpec[]) {
  const byTable = new Map<string, ParsedBody['links']>();
  for (const link of parsed.links) byTable.set(link.target.table, [...(byTable.get(link.target.table) ?? []), link]);
  for (const [table, links] of byTable) {
    const found = await ctx.db
      .selectFrom(table)
      .select('id')
      .where('id', 'in', [...new Set(links.map((l) => l.id))])
      .where('client_id', '=', ctx.clientId)
      .execute();
    const ids = new Set(found.map((r) => Number(r.id)));
    for (const link of links) if (!ids.has(link.id)) errors.push(fieldError(link.pointer, link.name, 'notFound'));
  }
}

/** Unique attributes, case-insensitively, among the client's rows (or those sharing `uniqueWith`). */
async function checkUnique(ctx: ReadContext, model: Model, columns: Record<string, unknown>, row: Row, selfId: number | null, errors: ErrorSpec[]) {
  for (const [name, def] of model.attributes) {
    if (!(def.unique || def.uniqueWith) || row[name] === undefined || row[name] === null) continue;
    // Checked when the value or its scope changes.
    if (!(name in columns) && !(def.uniqueWith ?? []).some((c) => c in columns)) continue;
    let q = ctx.db.selectFrom(model.table).select('id').where('client_id', '=', ctx.clientId);
    q = typeof row[name] === 'string'
      ? q.where(sql`lower(${sql.ref(name)})`, '=', String(row[name]).toLowerCase())
      : q.where(name, '=', row[name]);
    for (const scope of def.uniqueWith ?? []) q = row[scope] == null ? q.where(scope, 'is', null) : q.where(scope, '=', row[scope]);
    if (selfId !== null) q = q.where('id', '!=', selfId);
    if (await q.executeTakeFirst()) errors.push(fieldError(`/data/attributes/${name}`, name, 'unique'));
  }
}

/** Replaces the links of manyToMany relationships in their linking table. */
async function writeSets(ctx: WriteContext, model: Model, id: number, sets: Map<string, number[]>, changes: Changes) {
  for (const [name, ids] of sets) {
    const rel = model.relationships.get(name);
    if (rel?.kind !== 'manyToMany') continue;
    const through = modelOf(rel.through);
    const fromFk = through.belongsTo.get(rel.from)!.fk;
    const toFk = through.belongsTo.get(rel.to)!.fk;
    const existing = await ctx.db.selectFrom(through.table).select(toFk).where(fromFk, '=', id).where('client_id', '=', ctx.clientId).orderBy(toFk).execute();
    const before = existing.map((r) => Number(r[toFk]));
    if (sameJson(before, [...ids].sort((a, b) => a - b))) continue;
    await ctx.db.deleteFrom(through.table).where(fromFk, '=', id).where('client_id', '=', ctx.clientId).execute();
    const now = toDb(ctx.dialect, 'datetime', nowIso());
    if (ids.length)
      await ctx.db
        .insertInto(through.table)
        .values(ids.map((to) => ({ client_id: ctx.clientId, [fromFk]: id, [toFk]: to, created_at: now, updated_at: now })))
        .execute();
    changes[name] = { before: before.map(String), after: ids.map(String) };
  }
}

/**
 * Values as the API shows them, for the history of changes: declared attributes and links only.
 * Columns a rule derives beyond the declaration (a stream's keys, a delivery key's hash) are
 * secrets the API never shows, so the history, which every role reads, never holds them either.
 */
function apiValues(model: Model, columns: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const foreignKeys = new Set([...model.belongsTo.values()].map((b) => b.fk));
  for (const [col, value] of Object.entries(columns)) {
    const type = model.attributeTypes.get(col);
    if (type) out[col] = fromDb(type, value);
    else if (foreignKeys.has(col)) out[col] = value == null ? null : String(value); // as string ids
  }
  return out;
}

/** The history entry of a record created with these column values (also for seeded history). */
export const creationChanges = (model: Model, columns: Record<string, unknown>): Changes => diff(model, null, columns);

function diff(model: Model, before: Row | null, after: Record<string, unknown>): Changes {
  const changes: Changes = {};
  const b = before ? apiValues(model, before) : {};
  for (const [k, v] of Object.entries(apiValues(model, after))) {
    if (k === 'id' || k === 'client_id' || TIMESTAMP_NAMES.has(k)) continue;
    const old = before ? (b[k] ?? null) : null;
    if (!sameJson(old, v)) changes[k] = { before: old, after: v };
  }
  return changes;
}

async function insertOrUpdate(run: () => Promise<Row | undefined>, model: Model): Promise<Row> {
  try {
    const row = await run();
    if (!row) throw new Error('no row written');
    return row;
  } catch (err) {
    // Two writers passed the unique check at once; the index caught the second.
    if (isUniqueViolation(err)) throw apiError(409, 'conflict.unique', { values: { type: model.type } });
    // A column the database keeps filled that the declaration does not mark required: the client's
    // empty value, refused like a missing required one rather than as our failure.
    const column = notNullColumn(err);
    if (column !== null) {
      const name = column && model.attributes.has(column) ? column : [...model.belongsTo].find(([, b]) => b.fk === column)?.[0];
      const where = name ? (model.attributes.has(name) ? `/data/attributes/${name}` : `/data/relationships/${name}`) : '/data';
      throw ApiError.many([fieldError(where, name ?? 'data', 'required')]);
    }
    throw err;
  }
}

export function publish(ctx: WriteContext, model: Model, action: ChangeEvent['action'], id: string, before: Row | null, after: Row | null): ChangeEvent {
  const event: ChangeEvent = { clientId: ctx.clientId, type: model.type, id, action, actor: ctx.actor, before, after };
  ctx.events?.push(event);
  return event;
}

/** The locale a write's translated attributes go to: `?locale=`, else `attributes.locale`, else the first declared. */
function localeOf(model: Model, parsed: ParsedBody, opts: WriteOptions, mode: 'create' | 'update'): string | null {
  const tr = model.translation;
  if (!tr) return null;
  if (opts.locale && parsed.locale && opts.locale !== parsed.locale)
    throw ApiError.many([fieldError(`/data/attributes/${LOCALE_ATTRIBUTE}`, LOCALE_ATTRIBUTE, 'unknownLocale', { values: [opts.locale] })]);
  const locale = opts.locale ?? parsed.locale;
  if (locale) return locale;
  // A new record starts with a translation (its title is required); an update may leave them alone.
  return mode === 'create' || Object.keys(parsed.translation).length ? tr.locales[0] : null;
}

/**
 * A new translation needs its required attributes; a unique translated attribute (an article's
 * slug) is unique among the client's records in that locale, case-insensitively.
 */
async function translationErrors(ctx: WriteContext, model: Model, id: number | null, locale: string | null, parsed: ParsedBody): Promise<ErrorSpec[]> {
  const tr = model.translation;
  if (!tr || !locale) return [];
  const errors: ErrorSpec[] = [];
  for (const [name, def] of tr.attributes) {
    const value = parsed.translation[name];
    if (!def.unique || typeof value !== 'string') continue;
    let q = ctx.db.selectFrom(tr.table).select('id').where('client_id', '=', ctx.clientId).where('locale', '=', locale);
    q = q.where(sql`lower(${sql.ref(name)})`, '=', value.toLowerCase());
    if (id !== null) q = q.where(tr.parentKey, '!=', id);
    if (await q.executeTakeFirst()) errors.push(fieldError(`/data/attributes/${name}`, name, 'unique'));
  }
  const exists =
    id !== null &&
    !!(await ctx.db.selectFrom(tr.table).select('id').where(tr.parentKey, '=', id).where('locale', '=', locale).where('client_id', '=', ctx.clientId).executeTakeFirst());
  if (exists) return errors;
  for (const [name, def] of tr.attributes)
    if (def.required && !(name in parsed.translation)) errors.push(fieldError(`/data/attributes/${name}`, name, 'required'));
  return errors;
}

export async function createRecord(ctx: WriteContext, model: Model, body: unknown, opts: WriteOptions = {}): Promise<Row> {
  const parsed = parseBody(ctx, model, body, 'create');
  const locale = localeOf(model, parsed, opts, 'create');
  const errors: ErrorSpec[] = await translationErrors(ctx, model, null, locale, parsed);
  await checkLinks(ctx, parsed, errors);
  await checkUnique(ctx, model, parsed.columns, parsed.columns, null, errors);
  const rules = rulesOf(model.type);
  const links = model.linksDef ? await linksAfter(ctx, model, null, parsed) : undefined;
  const translation = locale ? { locale, before: null, row: parsed.translation } : undefined;
  if (!errors.length && rules.validate)
    errors.push(...(await rules.validate(ctx, { action: 'create', before: null, row: parsed.columns, links, givenLinks: [...parsed.linkSets.keys()], translation })));
  if (errors.length) throw ApiError.many(errors);
  if (rules.derive) Object.assign(parsed.columns, await rules.derive(ctx, parsed.columns));
  const now = nowIso();
  const values = {
    ...parsed.columns,
    ...(await writeShadows(ctx, model, parsed.columns)),
    client_id: ctx.clientId,
    created_at: toDb(ctx.dialect, 'datetime', now),
    updated_at: toDb(ctx.dialect, 'datetime', now),
  };
  const row = await insertOrUpdate(() => ctx.db.insertInto(model.table).values(values).returning(model.readColumns).executeTakeFirst(), model);
  const changes = diff(model, null, parsed.columns);
  await writeSets(ctx, model, Number(row.id), parsed.sets, changes);
  await writeLinks(ctx, model, Number(row.id), parsed.linkSets, {}, changes);
  if (locale && model.translation) Object.assign(changes, (await writeTranslation(ctx, model.translation, Number(row.id), locale, parsed.translation)).changes);
  await recordAudit(ctx, 'create', model.type, String(row.id), changes);
  const event = publish(ctx, model, 'create', String(row.id), null, row);
  await rules.afterWrite?.(ctx, event);
  // What afterWrite derived (a publication's visibility) is part of the answer.
  return rules.afterWrite ? findRow(ctx, model, String(row.id)) : row;
}

/** A later instant than `before`, so that two quick edits never share an updated_at (the stale check relies on it). */
export function nextUpdatedAt(before: unknown): string {
  const now = Date.now();
  const prev = Date.parse(String(fromDb('datetime', before)));
  return new Date(Number.isNaN(prev) || now > prev ? now : prev + 1).toISOString();
}

export async function updateRecord(ctx: WriteContext, model: Model, id: string, body: unknown, opts: WriteOptions = {}): Promise<Row> {
  const before = await findRow(ctx, model, id);
  const parsed = parseBody(ctx, model, body, 'update', id);
  const locale = localeOf(model, parsed, opts, 'update');
  const current = String(fromDb('datetime', before.updated_at));
  if (parsed.seenUpdatedAt !== null && Date.parse(parsed.seenUpdatedAt) !== Date.parse(current))
    throw apiError(409, 'staleRecord', { values: { type: model.type }, source: { pointer: '/data/meta/updated_at' }, params: { updated_at: current } });
  const errors: ErrorSpec[] = await translationErrors(ctx, model, Number(before.id), locale, parsed);
  const row = { ...before, ...parsed.columns };
  await checkLinks(ctx, parsed, errors);
  await checkUnique(ctx, model, parsed.columns, row, Number(before.id), errors);
  const rules = rulesOf(model.type);
  const storedLinks = model.linksDef ? ((await loadLinks(ctx, model, [before.id])).get(String(before.id)) ?? {}) : {};
  const links = model.linksDef ? await linksAfter(ctx, model, Number(before.id), parsed) : undefined;
  let translation: { locale: string; before: Row | null; row: Row } | undefined;
  if (locale && model.translation) {
    const tr = model.translation;
    const current = (await ctx.db.selectFrom(tr.table).selectAll().where(tr.parentKey, '=', before.id as number).where('locale', '=', locale).where('client_id', '=', ctx.clientId).executeTakeFirst()) ?? null;
    translation = { locale, before: current, row: { ...(current ?? {}), ...parsed.translation } };
  }
  if (!errors.length && rules.validate)
    errors.push(...(await rules.validate(ctx, { action: 'update', before, row, links, givenLinks: [...parsed.linkSets.keys()], translation })));
  if (errors.length) throw ApiError.many(errors);
  if (rules.derive) Object.assign(parsed.columns, await rules.derive(ctx, row));
  const changes = diff(model, before, parsed.columns);
  await writeSets(ctx, model, Number(before.id), parsed.sets, changes);
  await writeLinks(ctx, model, Number(before.id), parsed.linkSets, storedLinks, changes);
  if (locale && model.translation) Object.assign(changes, (await writeTranslation(ctx, model.translation, Number(before.id), locale, parsed.translation)).changes);
  if (!Object.keys(changes).length) return before;
  const shadows = await writeShadows(ctx, model, { ...row, ...parsed.columns }, new Set(Object.keys(parsed.columns)));
  const after = await insertOrUpdate(
    () =>
      ctx.db
        .updateTable(model.table)
        .set({ ...parsed.columns, ...shadows, updated_at: toDb(ctx.dialect, 'datetime', nextUpdatedAt(before.updated_at)) })
        .where('id', '=', before.id as number)
        .where('client_id', '=', ctx.clientId)
        .returning(model.readColumns)
        .executeTakeFirst(),
    model,
  );
  await recordAudit(ctx, 'update', model.type, id, changes);
  const event = publish(ctx, model, 'update', id, before, after);
  await rules.afterWrite?.(ctx, event);
  return rules.afterWrite ? findRow(ctx, model, id) : after;
}

export async function deleteRecord(ctx: WriteContext, model: Model, id: string, opts: WriteOptions = {}): Promise<void> {
  const before = await findRow(ctx, model, id);
  const rules = rulesOf(model.type);
  if (opts.locale && model.translation) {
    // Only that translation goes; the record stays (with fewer available_translations).
    const changes = await deleteTranslation(ctx, model.translation, model.type, Number(before.id), opts.locale);
    const after = await ctx.db
      .updateTable(model.table)
      .set({ updated_at: toDb(ctx.dialect, 'datetime', nextUpdatedAt(before.updated_at)) })
      .where('id', '=', before.id as number)
      .returning(model.readColumns)
      .executeTakeFirstOrThrow();
    await recordAudit(ctx, 'update', model.type, id, changes);
    const event = publish(ctx, model, 'update', id, before, after);
    await rules.afterWrite?.(ctx, event);
    return;
  }
  await rules.beforeDelete?.(ctx, before);
  // Refuse with a clear message while restricting references exist, instead of a database error.
  for (const ref of model.referencedBy) {
    if (ref.onDelete !== 'restrict') continue;
    const other = ref.model();
    const row = await ctx.db
      .selectFrom(other.table)
      .select((eb) => eb.fn.countAll().as('n'))
      .where(ref.fk, '=', before.id as number)
      .where('client_id', '=', ctx.clientId)
      .executeTakeFirst();
    const n = Number((row as { n: number | string }).n);
    if (n > 0)
      throw apiError(409, 'stillReferenced', {
        values: { recordType: model.type, count: n, type: other.type, relationship: ref.name },
        params: { type: other.type, count: n },
      });
  }
  // Then what other capabilities guard (a record shown by page components).
  for (const guard of deleteGuards()) await guard(ctx, model, before);
  // What the database deletes with it (a page's components, a match's incidents) goes into the
  // history and out as change events too: read before it is gone (one statement per kind of child).
  const cascaded: { model: Model; fk: string; rows: Row[] }[] = [];
  for (const ref of model.referencedBy) {
    if (ref.onDelete !== 'cascade') continue;
    const other = ref.model();
    if (other.def.view) continue; // computed rows: they go with what they are computed from
    const rows = await ctx.db.selectFrom(other.table).select(other.readColumns).where(ref.fk, '=', before.id as number).where('client_id', '=', ctx.clientId).execute();
    if (rows.length) cascaded.push({ model: other, fk: ref.fk, rows });
  }
  await ctx.db.deleteFrom(model.table).where('id', '=', parseId(model, id)).where('client_id', '=', ctx.clientId).execute();
  await recordAudits(
    ctx,
    cascaded.flatMap(({ model: other, fk, rows }) =>
      rows.map((row) => ({ action: 'delete' as const, resourceType: other.type, resourceId: String(row.id), changes: { [fk.replace(/_id$/, '')]: { before: String(row[fk]), after: null } } })),
    ),
  );
  for (const { model: other, rows } of cascaded) for (const row of rows) publish(ctx, other, 'delete', String(row.id), row, null);
  const changes: Changes = {};
  const values = apiValues(model, Object.fromEntries(Object.entries(before).filter(([k]) => k !== 'client_id' && k !== 'id' && !TIMESTAMP_NAMES.has(k))));
  for (const [k, v] of Object.entries(values)) if (v !== null) changes[k] = { before: v, after: null };
  await recordAudit(ctx, 'delete', model.type, id, changes);
  const event = publish(ctx, model, 'delete', id, before, null);
  await rules.afterWrite?.(ctx, event);
}
