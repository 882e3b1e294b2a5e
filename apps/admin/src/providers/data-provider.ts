import { HttpError, type DataProvider, type Identifier, type RaRecord } from 'react-admin';
import type { ResourceManifest } from '@umpire/schema/manifest';
import { COUNTS_PATH, COUNTS_TYPES_PARAMETER, type CountsDocument } from '@umpire/schema/api';
import { hasTranslation, translate } from '../lib/i18n';
import { takeEarlyRead } from '../lib/early-reads';
import { HttpFailure, type HttpClient, type JsonApiError } from './http-client';

/**
 * react-admin ⇄ JSON:API 1.0 (DESIGN.md): query parameters (include, fields, filter, sort,
 * page), documents in both directions, `included` turned into nested records, and JSON:API
 * errors turned into form field errors.
 *
 * Records: `{ id, ...attributes, <belongsTo>_id, <belongsTo>?: nested record, <toMany>_ids? }`.
 */

/** A JSON:API resource object as the API sends it. */
export interface ResourceObject {
  type: string;
  id: string;
  attributes?: Record<string, unknown>;
  relationships?: Record<string, { data?: { type: string; id: string } | { type: string; id: string }[] | null }>;
}

interface Document {
  data: ResourceObject | ResourceObject[] | null;
  included?: ResourceObject[];
  meta?: { total?: number; pages?: number; page?: number; size?: number };
}

/** Options a screen may pass as `meta` to any call. */
export interface JsonApiMeta {
  include?: string[];
  fields?: Record<string, string[]>;
}

export const MAX_PAGE_SIZE = 100;

/** Timestamps and ids are kept by the server; never sent. */
const NEVER_SENT = new Set(['id', 'created_at', 'updated_at']);

export function toRecord(resource: ResourceObject, included: Map<string, ResourceObject> = new Map(), depth = 2): RaRecord {
  const record: Record<string, unknown> = { id: resource.id, ...resource.attributes };
  for (const [name, rel] of Object.entries(resource.relationships ?? {})) {
    const data = rel?.data;
    if (data === undefined) continue;
    if (Array.isArray(data)) {
      record[`${name}_ids`] = data.map((d) => d.id);
      if (depth > 0) {
        record[name] = data.map((d) => included.get(`${d.type}:${d.id}`)).filter(Boolean).map((r) => toRecord(r!, included, depth - 1));
      }
    } else {
      record[`${name}_id`] = data?.id ?? null;
      const nested = data ? included.get(`${data.type}:${data.id}`) : undefined;
      if (nested && depth > 0) record[name] = toRecord(nested, included, depth - 1);
    }
  }
  return record as RaRecord;
}

/**
 * How deep included records are nested: as deep as the include paths go (`a.b.c` is 3), and at
 * least two levels, so records named by the server's own includes are nested too.
 */
export function nestingDepth(meta: JsonApiMeta | undefined): number {
  return Math.max(2, ...(meta?.include ?? []).map((path) => path.split('.').length));
}

function indexIncluded(doc: Document): Map<string, ResourceObject> {
  return new Map((doc.included ?? []).map((r) => [`${r.type}:${r.id}`, r]));
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

function filterValue(value: unknown): string {
  if (Array.isArray(value)) return value.map(String).join(',');
  return String(value);
}

/** react-admin filter values → `filter[...]` parameters the server understands. */
export function filterParams(def: ResourceManifest | undefined, filter: Record<string, unknown>): [string, string][] {
  const params: [string, string][] = [];
  const ranges = new Set(def?.attributes.filter((a) => a.filter === 'range').map((a) => a.name));
  const belongsTo = new Map(def?.relationships.filter((r) => r.kind === 'belongsTo').map((r) => [`${r.name}_id`, r.name]));
  for (const [key, value] of Object.entries(filter)) {
    if (isEmpty(value)) continue;
    const range = /^(.+)_(gte|lte|gt|lt)$/.exec(key);
    if (range && ranges.has(range[1])) {
      params.push([`filter[${range[1]}][${range[2]}]`, filterValue(value)]);
    } else if (belongsTo.has(key)) {
      params.push([`filter[${belongsTo.get(key)}]`, filterValue(value)]);
    } else {
      params.push([`filter[${key}]`, filterValue(value)]);
    }
  }
  return params;
}

/** react-admin types `meta` as any; ours is JsonApiMeta (include, fields). */
const metaOf = (params: { meta?: unknown }) => params.meta as JsonApiMeta | undefined;

function metaParams(meta: JsonApiMeta | undefined): [string, string][] {
  const params: [string, string][] = [];
  if (meta?.include?.length) params.push(['include', meta.include.join(',')]);
  for (const [type, fields] of Object.entries(meta?.fields ?? {})) params.push([`fields[${type}]`, fields.join(',')]);
  return params;
}

function query(params: [string, string][]): string {
  if (!params.length) return '';
  // Brackets stay readable in logs; values are encoded.
  return `?${params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`;
}

/** A record's writable attributes and belongsTo links as a JSON:API resource object. */
export function toResourceObject(
  def: ResourceManifest,
  data: Record<string, unknown>,
  previous?: Record<string, unknown>,
): { type: string; id?: string; attributes: Record<string, unknown>; relationships: Record<string, unknown> } {
  const changed = (key: string) => !previous || normalise(data[key]) !== normalise(previous[key]);
  const attributes: Record<string, unknown> = {};
  for (const attr of def.attributes) {
    if (attr.readOnly || NEVER_SENT.has(attr.name) || !(attr.name in data) || !changed(attr.name)) continue;
    const value = data[attr.name] === '' ? null : data[attr.name];
    // On create an empty value is left out, so the server applies its default.
    if (!previous && value === null) continue;
    attributes[attr.name] = value;
  }
  const relationships: Record<string, unknown> = {};
  for (const rel of def.relationships) {
    // A manyToMany list (`tags_ids`, as toRecord names it) is sent whole when it changed.
    const ids = `${rel.name}_ids`;
    if (rel.kind === 'manyToMany' && Array.isArray(data[ids]) && changed(ids)) {
      relationships[rel.name] = { data: (data[ids] as unknown[]).map((id) => ({ type: rel.type, id: String(id) })) };
      continue;
    }
    if (rel.kind !== 'belongsTo' || !rel.source || !(rel.source in data) || !changed(rel.source)) continue;
    const id = data[rel.source];
    if (!previous && isEmpty(id)) continue;
    relationships[rel.name] = { data: isEmpty(id) ? null : { type: rel.type, id: String(id) } };
  }
  // Links (a push notification's targets and its article, match or page) are written like relationships.
  for (const link of def.links ?? []) {
    const key = link.many ? `${link.name}_ids` : `${link.name}_id`;
    if (!(key in data) || !changed(key)) continue;
    const value = data[key];
    if (link.many) relationships[link.name] = { data: (Array.isArray(value) ? value : []).map((id) => ({ type: link.type, id: String(id) })) };
    else if (previous || !isEmpty(value)) relationships[link.name] = { data: isEmpty(value) ? null : { type: link.type, id: String(value) } };
  }
  return { type: def.type, attributes, relationships };
}

function normalise(value: unknown): string {
  return value === '' || value === undefined ? 'null' : JSON.stringify(value);
}

/** `/data/attributes/website` → `website`; `/data/relationships/club` → `club_id`. */
export function fieldOfPointer(def: ResourceManifest | undefined, pointer: string | undefined): string | undefined {
  if (!pointer) return undefined;
  const attr = /^\/data\/attributes\/([^/]+)/.exec(pointer);
  if (attr) return attr[1];
  const rel = /^\/data\/relationships\/([^/]+)/.exec(pointer);
  const many = def?.links?.some((l) => l.name === rel?.[1] && l.many);
  if (rel) return def?.relationships.find((r) => r.name === rel[1])?.source ?? `${rel[1]}_${many ? 'ids' : 'id'}`;
  return undefined;
}

export function errorMessage(error: JsonApiError): string {
  const key = error.meta?.key;
  if (key && hasTranslation(`validation.${key}`)) return translate(`validation.${key}`, error.meta?.params ?? {});
  return error.detail ?? error.title ?? translate('validation.invalid');
}

/** A failure as react-admin's HttpError; field errors in `body.errors` reach the form's inputs. */
export function toHttpError(def: ResourceManifest | undefined, failure: unknown): unknown {
  if (!(failure instanceof HttpFailure)) return failure;
  const fieldErrors: Record<string, string> = {};
  for (const error of failure.errors) {
    const field = fieldOfPointer(def, error.source?.pointer);
    if (field && !(field in fieldErrors)) fieldErrors[field] = errorMessage(error);
  }
  const body = Object.keys(fieldErrors).length ? { errors: fieldErrors, jsonapi: failure.body } : { jsonapi: failure.body };
  return new HttpError(failure.message, failure.status, body);
}

/** react-admin's methods and the engine's own reads. */
export interface UmpireDataProvider extends DataProvider {
  /**
   * Records per type in one request (every type when none are named); types the user may not
   * read are missing from the answer. Start-up may have asked already (lib/early-reads).
   */
  getCounts(types?: readonly string[], options?: { signal?: AbortSignal }): Promise<Record<string, number>>;
}

export interface DataProviderOptions {
  http: HttpClient;
  baseUrl: () => string;
  resources: readonly ResourceManifest[];
}

export function createDataProvider({ http, baseUrl, resources }: DataProviderOptions): UmpireDataProvider {
  const byType = new Map(resources.map((r) => [r.type, r]));
  const defOf = (resource: string) => byType.get(resource);
  const urlOf = (resource: string, id?: Identifier) =>
    `${baseUrl()}/${defOf(resource)?.path ?? resource}${id !== undefined ? `/${encodeURIComponent(String(id))}` : ''}`;

  async function call<T>(resource: string, url: string, init?: Parameters<HttpClient>[1]): Promise<T> {
    try {
      return (await http<T>(url, init)).body;
    } catch (failure) {
      throw toHttpError(defOf(resource), failure);
    }
  }

  async function list(resource: string, params: [string, string][], meta?: JsonApiMeta) {
    const doc = await call<Document>(resource, `${urlOf(resource)}${query(params)}`);
    const included = indexIncluded(doc);
    const depth = nestingDepth(meta);
    const data = (Array.isArray(doc.data) ? doc.data : []).map((r) => toRecord(r, included, depth));
    // Records are whatever the server sends; react-admin's generic record type is the caller's claim.
    return { data: data as never[], total: doc.meta?.total ?? data.length };
  }

  async function one(resource: string, id: Identifier, meta?: JsonApiMeta) {
    const doc = await call<Document>(resource, `${urlOf(resource, id)}${query(metaParams(meta))}`);
    return toRecord(doc.data as ResourceObject, indexIncluded(doc), nestingDepth(meta));
  }

  function sortParam(sort: { field: string; order: string } | undefined): [string, string][] {
    if (!sort?.field) return [];
    return [['sort', sort.field.split(',').map((f) => (sort.order === 'DESC' ? `-${f}` : f)).join(',')]];
  }

  function pageParams(pagination: { page: number; perPage: number } | undefined): [string, string][] {
    if (!pagination) return [];
    return [
      ['page[number]', String(pagination.page)],
      ['page[size]', String(Math.min(pagination.perPage, MAX_PAGE_SIZE))],
    ];
  }

  return {
    async getCounts(types, options) {
      const url = `${baseUrl()}/${COUNTS_PATH}${types ? query([[COUNTS_TYPES_PARAMETER, types.join(',')]]) : ''}`;
      const doc = (await takeEarlyRead<CountsDocument>(url)) ?? (await call<CountsDocument>(COUNTS_PATH, url, { signal: options?.signal }));
      return doc.meta.counts;
    },

    async getList(resource, params) {
      return list(resource, [
        ...filterParams(defOf(resource), (params.filter ?? {}) as Record<string, unknown>),
        ...sortParam(params.sort),
        ...pageParams(params.pagination),
        ...metaParams(metaOf(params)),
      ], metaOf(params));
    },

    async getOne(resource, params) {
      return { data: (await one(resource, params.id, metaOf(params))) as never };
    },

    async getMany(resource, params) {
      const ids = [...new Set(params.ids.map(String))];
      const chunks: string[][] = [];
      for (let i = 0; i < ids.length; i += MAX_PAGE_SIZE) chunks.push(ids.slice(i, i + MAX_PAGE_SIZE));
      const pages = await Promise.all(
        chunks.map((chunk) =>
          list(resource, [['filter[id]', chunk.join(',')], ['page[size]', String(MAX_PAGE_SIZE)], ...metaParams(metaOf(params))], metaOf(params)),
        ),
      );
      return { data: pages.flatMap((p) => p.data) };
    },

    async getManyReference(resource, params) {
      return list(resource, [
        ...filterParams(defOf(resource), { ...(params.filter as Record<string, unknown>), [params.target]: params.id }),
        ...sortParam(params.sort),
        ...pageParams(params.pagination),
        ...metaParams(metaOf(params)),
      ], metaOf(params));
    },

    async create(resource, params) {
      const def = defOf(resource);
      if (!def) throw new Error(`Unknown resource ${resource}`);
      const doc = await call<Document>(resource, `${urlOf(resource)}${query(metaParams(metaOf(params)))}`, {
        method: 'POST',
        body: { data: toResourceObject(def, params.data) },
      });
      return { data: toRecord(doc.data as ResourceObject, indexIncluded(doc), nestingDepth(metaOf(params))) as never };
    },

    async update(resource, params) {
      const def = defOf(resource);
      if (!def) throw new Error(`Unknown resource ${resource}`);
      const object = toResourceObject(def, params.data, params.previousData as Record<string, unknown> | undefined);
      if (!Object.keys(object.attributes).length && !Object.keys(object.relationships).length) {
        return { data: { ...params.previousData, ...params.data } as never };
      }
      const doc = await call<Document>(resource, `${urlOf(resource, params.id as Identifier)}${query(metaParams(metaOf(params)))}`, {
        method: 'PATCH',
        body: { data: { ...object, id: String(params.id) } },
      });
      return { data: toRecord(doc.data as ResourceObject, indexIncluded(doc), nestingDepth(metaOf(params))) as never };
    },

    async updateMany(resource, params) {
      const def = defOf(resource);
      if (!def) throw new Error(`Unknown resource ${resource}`);
      await Promise.all(
        params.ids.map((id) =>
          call(resource, urlOf(resource, id), { method: 'PATCH', body: { data: { ...toResourceObject(def, params.data), id: String(id) } } }),
        ),
      );
      return { data: params.ids };
    },

    async delete(resource, params) {
      await call(resource, urlOf(resource, params.id), { method: 'DELETE' });
      return { data: (params.previousData ?? { id: params.id }) as never };
    },

    async deleteMany(resource, params) {
      const results = await Promise.allSettled(params.ids.map((id) => call(resource, urlOf(resource, id), { method: 'DELETE' })));
      const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failed) throw failed.reason;
      return { data: params.ids };
    },
  };
}
