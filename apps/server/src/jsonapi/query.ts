import type { AttributeType } from '@umpire/schema';
import { SEARCH_COLUMN } from '../db/columns';
import { foldForSearch } from '../text/collation';
import { badParameter } from './errors';
import { findModel, modelOf, type Model } from './model';
import { rulesOf, type CustomFilter } from './rules';

export interface IncludeTree {
  [relationship: string]: IncludeTree;
}

export type Filter =
  | { kind: 'in'; column: string; values: unknown[] }
  | { kind: 'null'; column: string }
  | { kind: 'compare'; column: string; op: '>=' | '<=' | '>' | '<'; value: unknown }
  /** Every word appears in the folded search text (shadow.ts), in any order. */
  | { kind: 'search'; column: string; words: string[] }
  /** Records with a translation in one of these locales, or whose translations' search text holds every word. */
  | { kind: 'translation'; table: string; parentKey: string; locales?: string[]; words?: string[] }
  /** Records linked (manyToMany) to any of these ids, e.g. articles with one of some tags. */
  | { kind: 'linked'; through: string; fromFk: string; toFk: string; ids: number[] }
  /** A filter of the resource's rules (ResourceRules.filters). */
  | { kind: 'custom'; filter: CustomFilter };

/** Whether a filter moves with the time (entitlements active now): what it selects is read afresh every time, never kept. */
export const movesWithTime = (filters: readonly Filter[]) => filters.some((f) => f.kind === 'custom' && f.filter.volatile);

export interface SortKey {
  /** The stored column: a text attribute sorts by its collation key. */
  column: string;
  desc: boolean;
}

export interface ParsedQuery {
  include: IncludeTree;
  /** Sparse fieldsets: type → allowed attribute and relationship names. */
  fields: Map<string, Set<string>>;
  filters: Filter[];
  sort: SortKey[];
  page: { number: number; size: number };
  /** `?locale=` of a translated resource: the translation documents show. */
  locale?: string;
}

export type RawQuery = Record<string, string | string[] | undefined>;

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;
const RANGE_OPS = { gte: '>=', lte: '<=', gt: '>', lt: '<' } as const;
const MAX_INCLUDE_DEPTH = 3;
const MAX_SEARCH_WORDS = 10;

/** The folded, distinct words of a text search (`filter[q]` and its kin), at most MAX_SEARCH_WORDS, else a 400. */
export function searchWords(value: string, parameter: string): string[] {
  const words = [...new Set(foldForSearch(value).split(' ').filter(Boolean))];
  if (words.length > MAX_SEARCH_WORDS) throw badParameter(parameter, 'invalidFilterValue.tooManyWords', { parameter, max: MAX_SEARCH_WORDS });
  return words;
}

/** A LIKE pattern (with `escape '\\'`) finding a folded word anywhere in a folded search text. */
export const likeWord = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function single(raw: RawQuery, name: string): string | undefined {
  const v = raw[name];
  if (Array.isArray(v)) throw badParameter(name, 'badRequest.repeatedParameter', { parameter: name });
  return v;
}

export function parseInclude(model: Model, value: string | undefined): IncludeTree {
  const tree: IncludeTree = {};
  if (value === undefined || value === '') return tree;
  const maxDepth = model.def.maxIncludeDepth ?? MAX_INCLUDE_DEPTH;
  for (const path of value.split(',')) {
    const parts = path.trim().split('.');
    if (parts.length > maxDepth)
      throw badParameter('include', 'unknownInclude.tooDeep', { path, max: maxDepth });
    let current = model;
    let node = tree;
    for (const part of parts) {
      const type = current.relationships.get(part)?.type ?? current.links.get(part)?.target;
      // A link whose target is not registered yet cannot hold anything to include.
      if (!type || !findModel(type)) throw badParameter('include', 'unknownInclude.relationship', { type: current.type, relationship: part, path });
      node = node[part] ??= {};
      current = modelOf(type);
    }
  }
  return tree;
}

export function parseFields(raw: RawQuery): Map<string, Set<string>> {
  const fields = new Map<string, Set<string>>();
  for (const key of Object.keys(raw)) {
    const m = /^fields\[([a-z0-9_]+)\]$/.exec(key);
    if (!key.startsWith('fields')) continue;
    if (!m) throw badParameter(key, 'badRequest.fieldsForm', { parameter: key });
    const type = m[1];
    const target = findModel(type);
    if (!target) throw badParameter(key, 'unknownField.type', { type });
    const names = (single(raw, key) ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    for (const n of names)
      if (!target.attributeTypes.has(n) && !target.relationships.has(n))
        throw badParameter(key, 'unknownField.field', { type, name: n });
    fields.set(type, new Set(names));
  }
  return fields;
}

/** Turns a filter value of the query string into the attribute's type, or a 400. */
function coerce(type: AttributeType | 'id', value: string, parameter: string): unknown {
  const fail = () => badParameter(parameter, 'invalidFilterValue', { parameter, value });
  switch (type) {
    case 'id':
    case 'integer':
      if (!/^-?\d{1,15}$/.test(value)) throw fail();
      return Number(value);
    case 'number': {
      const n = Number(value);
      if (value.trim() === '' || !Number.isFinite(n)) throw fail();
      return n;
    }
    case 'boolean':
      if (value === 'true' || value === '1') return true;
      if (value === 'false' || value === '0') return false;
      throw fail();
    case 'date':
      if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) throw fail();
      return value;
    case 'datetime': {
      const t = Date.parse(value);
      if (Number.isNaN(t)) throw fail();
      return new Date(t).toISOString();
    }
    case 'json':
      throw fail();
    default:
      return value;
  }
}

export function parseFilters(model: Model, raw: RawQuery): Filter[] {
  const filters: Filter[] = [];
  for (const key of Object.keys(raw)) {
    if (!key.startsWith('filter')) continue;
    const m = /^filter\[([a-z0-9_]+)\](?:\[(gte|lte|gt|lt)\])?$/.exec(key);
    if (!m) throw badParameter(key, 'unknownFilter.form', { parameter: key });
    const [, name, op] = m as unknown as [string, string, keyof typeof RANGE_OPS | undefined];
    const value = single(raw, key) ?? '';
    const tr = model.translation;
    if (tr && !op && name === 'q' && !model.searchAttributes.length && tr.searchAttributes.length) {
      const words = searchWords(value, key);
      if (words.length) filters.push({ kind: 'translation', table: tr.table, parentKey: tr.parentKey, words });
      continue;
    }
    if (tr && !op && name === 'locale') {
      const locales = value.split(',').map((v) => v.trim());
      for (const l of locales) if (!tr.locales.includes(l)) throw badParameter(key, 'badRequest.unknownLocale', { parameter: key, locales: tr.locales.join(', ') });
      filters.push({ kind: 'translation', table: tr.table, parentKey: tr.parentKey, locales });
      continue;
    }
    const many = model.relationships.get(name);
    if (many?.kind === 'manyToMany' && !op) {
      const through = modelOf(many.through);
      const ids = value.split(',').map((v) => coerce('id', v.trim(), key) as number);
      filters.push({ kind: 'linked', through: through.table, fromFk: through.belongsTo.get(many.from)!.fk, toFk: through.belongsTo.get(many.to)!.fk, ids });
      continue;
    }
    if (name === 'q' && !op) {
      if (!model.searchAttributes.length) throw badParameter(key, 'unknownFilter.noSearch', { type: model.type });
      const words = searchWords(value, key);
      if (words.length) filters.push({ kind: 'search', column: SEARCH_COLUMN, words });
      continue;
    }
    const custom = op ? undefined : rulesOf(model.type).filters?.[name];
    if (custom) {
      filters.push({ kind: 'custom', filter: custom(value, key) });
      continue;
    }
    let column: string;
    let type: AttributeType | 'id';
    let range = false;
    const attr = model.attributes.get(name);
    const belongs = model.belongsTo.get(name) ?? [...model.belongsTo.values()].find((b) => b.fk === name);
    if (name === 'id') {
      column = 'id';
      type = 'id';
    } else if (attr?.filter) {
      column = name;
      type = attr.type;
      range = attr.filter === 'range';
    } else if (belongs) {
      column = belongs.fk;
      type = 'id';
    } else if (name === 'created_at' || name === 'updated_at') {
      column = name;
      type = 'datetime';
      range = true;
    } else {
      throw badParameter(key, 'unknownFilter.field', { type: model.type, name });
    }
    if (op) {
      if (!range) throw badParameter(key, 'unknownFilter.noRange', { type: model.type, name });
      filters.push({ kind: 'compare', column, op: RANGE_OPS[op], value: coerce(type, value, key) });
    } else if (value === 'null' && type !== 'string' && type !== 'text') {
      filters.push({ kind: 'null', column });
    } else {
      const values = value.split(',').map((v) => coerce(type, type === 'string' || type === 'text' ? v : v.trim(), key));
      filters.push({ kind: 'in', column, values });
    }
  }
  return filters;
}

export function parseSort(model: Model, value: string | undefined): SortKey[] {
  const spec = value ?? model.def.defaultSort ?? 'id';
  if (spec === '') return [{ column: 'id', desc: false }];
  const keys: SortKey[] = [];
  for (const item of spec.split(',')) {
    const desc = item.startsWith('-');
    const name = (desc ? item.slice(1) : item).trim();
    const sortable =
      name === 'id' || name === 'created_at' || name === 'updated_at' || model.attributes.get(name)?.sort === true;
    if (!sortable) throw badParameter('sort', 'unknownSort.field', { type: model.type, name });
    keys.push({ column: model.sortKeys.get(name) ?? name, desc });
  }
  return keys;
}

export function parsePage(raw: RawQuery): { number: number; size: number } {
  const parse = (name: string, fallback: number, max: number) => {
    const v = single(raw, name);
    if (v === undefined) return fallback;
    if (!/^\d{1,9}$/.test(v) || Number(v) < 1 || Number(v) > max)
      throw badParameter(name, 'invalidPage.range', { parameter: name, max });
    return Number(v);
  };
  for (const key of Object.keys(raw))
    if (key.startsWith('page') && key !== 'page[number]' && key !== 'page[size]')
      throw badParameter(key, 'invalidPage.parameter', { parameter: key });
  return { number: parse('page[number]', 1, 1_000_000), size: parse('page[size]', DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE) };
}

/** `?locale=` of a translated resource, checked against its locales (other resources ignore it). */
export function parseLocale(model: Model, raw: RawQuery): string | undefined {
  const tr = model.translation;
  const value = single(raw, 'locale');
  if (!tr || value === undefined) return undefined;
  if (!tr.locales.includes(value)) throw badParameter('locale', 'badRequest.unknownLocale', { parameter: 'locale', locales: tr.locales.join(', ') });
  return value;
}

export function parseListQuery(model: Model, raw: RawQuery): ParsedQuery {
  return {
    locale: parseLocale(model, raw),
    include: parseInclude(model, single(raw, 'include')),
    fields: parseFields(raw),
    filters: parseFilters(model, raw),
    sort: parseSort(model, single(raw, 'sort')),
    page: parsePage(raw),
  };
}

/** Fetch, create and update take include and fields only. */
export function parseRecordQuery(model: Model, raw: RawQuery): Pick<ParsedQuery, 'include' | 'fields' | 'locale'> {
  for (const key of Object.keys(raw))
    if (key.startsWith('filter') || key.startsWith('page') || key === 'sort')
      throw badParameter(key, 'badRequest.listOnly', { parameter: key });
  return { include: parseInclude(model, single(raw, 'include')), fields: parseFields(raw), locale: parseLocale(model, raw) };
}

/** Every type an include tree reaches, for the ability check. */
export function includedTypes(model: Model, tree: IncludeTree, out = new Set<string>()): Set<string> {
  for (const [name, sub] of Object.entries(tree)) {
    const target = modelOf(model.relationships.get(name)?.type ?? model.links.get(name)!.target);
    out.add(target.type);
    includedTypes(target, sub, out);
  }
  return out;
}
