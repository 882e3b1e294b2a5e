import { sameJson, type AttributeDef } from '@umpire/schema';
import { foldForSearch } from '../text/collation';
import type { Changes } from './audit';
import { apiError } from './errors';
import type { ReadContext, Row } from './read';
import { fromDb, nowIso, toDb } from '../db/values';
import type { WriteContext } from './context';

/**
 * Per-locale attributes of a resource (its declaration's `translations`), done once here for every
 * translated resource: articles now, OTT playlists, formats and events later. Documents show one
 * locale at a time; `available_translations` lists the locales the record has, and
 * `translations_updated_at` when each was last written (the admin's "outdated translation" badge).
 */
export interface TranslationModel {
  table: string;
  parentKey: string;
  locales: string[];
  attributes: Map<string, AttributeDef>;
  /** Text attributes folded into the translation's `search_text` (filter[q]). */
  searchAttributes: string[];
  /** Stored columns of a translation row that documents show. */
  columns: string[];
}

export const LOCALE_ATTRIBUTE = 'locale';
export const AVAILABLE_ATTRIBUTE = 'available_translations';
export const UPDATED_ATTRIBUTE = 'translations_updated_at';
export const TRANSLATION_SEARCH_COLUMN = 'search_text';

/** The translations of some records, by record id, in the declared locale order. */
export async function loadTranslations(ctx: ReadContext, tr: TranslationModel, ids: unknown[]): Promise<Map<string, Row[]>> {
  const byParent = new Map<string, Row[]>();
  if (!ids.length) return byParent;
  const rows = await ctx.db
    .selectFrom(tr.table)
    .select(['id', 'locale', 'updated_at', tr.parentKey, ...tr.columns])
    .where(tr.parentKey, 'in', ids)
    .where('client_id', '=', ctx.clientId)
    .execute();
  rows.sort((a, b) => tr.locales.indexOf(String(a.locale)) - tr.locales.indexOf(String(b.locale)));
  for (const r of rows) {
    const key = String(r[tr.parentKey]);
    byParent.set(key, [...(byParent.get(key) ?? []), r]);
  }
  return byParent;
}

/**
 * A record's row with one translation merged in: the requested locale (its attributes empty when
 * the record has no such translation yet), else the first locale the record has.
 */
export function mergeTranslation(tr: TranslationModel, row: Row, translations: Row[], locale?: string): Row {
  const chosen = locale ? translations.find((t) => t.locale === locale) : translations[0];
  const merged: Row = { ...row, [LOCALE_ATTRIBUTE]: locale ?? chosen?.locale ?? null };
  for (const name of tr.columns) merged[name] = chosen ? chosen[name] : null;
  merged[AVAILABLE_ATTRIBUTE] = translations.map((t) => String(t.locale));
  merged[UPDATED_ATTRIBUTE] = Object.fromEntries(translations.map((t) => [String(t.locale), fromDb('datetime', t.updated_at)]));
  return merged;
}

export async function withTranslations(ctx: ReadContext, tr: TranslationModel, rows: Row[], locale?: string): Promise<Row[]> {
  const byParent = await loadTranslations(ctx, tr, rows.map((r) => r.id));
  return rows.map((r) => mergeTranslation(tr, r, byParent.get(String(r.id)) ?? [], locale));
}

export function isLocale(tr: TranslationModel, value: unknown): value is string {
  return typeof value === 'string' && tr.locales.includes(value);
}

function searchText(tr: TranslationModel, values: Row): string | null {
  const parts = tr.searchAttributes.map((n) => values[n]).filter((v): v is string => typeof v === 'string' && v !== '');
  return parts.length ? foldForSearch(parts.join(' ')) : null;
}

/**
 * Inserts or updates one locale's row with the given stored values. Returns the changes for the
 * history (`title[en]`), the row before (null when new) and after.
 */
export async function writeTranslation(
  ctx: WriteContext,
  tr: TranslationModel,
  parentId: number,
  locale: string,
  columns: Row,
): Promise<{ before: Row | null; after: Row; changes: Changes }> {
  const before =
    (await ctx.db
      .selectFrom(tr.table)
      .selectAll()
      .where(tr.parentKey, '=', parentId)
      .where('locale', '=', locale)
      .where('client_id', '=', ctx.clientId)
      .executeTakeFirst()) ?? null;
  const changes: Changes = {};
  for (const [name, value] of Object.entries(columns)) {
    const type = tr.attributes.get(name)!.type;
    const old = before ? fromDb(type, before[name]) : null;
    const now = fromDb(type, value);
    if (!sameJson(old, now)) changes[`${name}[${locale}]`] = { before: old, after: now };
  }
  const now = toDb(ctx.dialect, 'datetime', nowIso());
  const merged = { ...(before ?? {}), ...columns };
  if (!before) {
    const after = await ctx.db
      .insertInto(tr.table)
      .values({ ...columns, client_id: ctx.clientId, [tr.parentKey]: parentId, locale, [TRANSLATION_SEARCH_COLUMN]: searchText(tr, merged), created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { before: null, after, changes };
  }
  if (!Object.keys(changes).length) return { before, after: before, changes };
  const after = await ctx.db
    .updateTable(tr.table)
    .set({ ...columns, [TRANSLATION_SEARCH_COLUMN]: searchText(tr, merged), updated_at: now })
    .where('id', '=', before.id as number)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { before, after, changes };
}

/** Removes one locale of a record; a 404 when the record has no such translation. */
export async function deleteTranslation(ctx: WriteContext, tr: TranslationModel, type: string, parentId: number, locale: string): Promise<Changes> {
  const before = await ctx.db
    .selectFrom(tr.table)
    .selectAll()
    .where(tr.parentKey, '=', parentId)
    .where('locale', '=', locale)
    .where('client_id', '=', ctx.clientId)
    .executeTakeFirst();
  if (!before) throw apiError(404, 'notFound.translation', { values: { type, id: String(parentId), locale }, source: { parameter: 'locale' } });
  await ctx.db.deleteFrom(tr.table).where('id', '=', before.id as number).execute();
  const changes: Changes = {};
  for (const name of tr.columns) {
    const v = fromDb(tr.attributes.get(name)!.type, before[name]);
    if (v !== null) changes[`${name}[${locale}]`] = { before: v, after: null };
  }
  return changes;
}
