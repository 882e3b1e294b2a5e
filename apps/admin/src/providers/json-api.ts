import type { RaRecord } from 'react-admin';
import { createHttpClient, type HttpClient } from './http-client';
import { nestingDepth, toHttpError, toRecord } from './data-provider';
import { getRuntime } from '../lib/configuration';
import { readStoredToken } from '../lib/token';
import { trustedOrigins } from '../lib/environment';

/**
 * The computed routes of the umpire API that are not resources (standings, statistics, squad
 * statistics, ratings, competition squads), through the same HTTP client rules as the data
 * provider (authorization, XSRF, one retry, pop-ups) and read into the same nested records.
 */
interface ResourceObject {
  type: string;
  id: string;
  attributes?: Record<string, unknown>;
  relationships?: Record<string, { data?: { type: string; id: string } | { type: string; id: string }[] | null }>;
}

export interface ApiDocument<M = Record<string, unknown>> {
  data: ResourceObject | ResourceObject[] | null;
  included?: ResourceObject[];
  meta?: M;
}

export interface ApiResult<T, M> {
  data: T;
  meta: M;
}

let client: HttpClient | undefined;

/** The app's HTTP client (token, trusted origins, spec §8 pop-ups), shared by the data provider and features. */
export function appHttpClient(): HttpClient {
  return http();
}

function http(): HttpClient {
  client ??= createHttpClient({
    getToken: readStoredToken,
    trustedOrigins: () => trustedOrigins(getRuntime().urls),
  });
  return client;
}

/** For tests: a client of their own. */
export function setApiClient(next: HttpClient | undefined): void {
  client = next;
}

function baseUrl(): string {
  try {
    return getRuntime().urls.umpire;
  } catch {
    return '/api/v3';
  }
}

/** `?a=1&filter[b]=2`, leaving out empty values; brackets stay readable like the data provider's. */
export function queryString(params: Record<string, string | number | null | undefined>): string {
  const parts = Object.entries(params)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

/** A document's data as records with their included records nested (as deep as `depth`). */
export function readDocument(doc: ApiDocument<unknown>, depth = 2): RaRecord | RaRecord[] | null {
  const included = new Map((doc.included ?? []).map((r) => [`${r.type}:${r.id}`, r]));
  if (Array.isArray(doc.data)) return doc.data.map((r) => toRecord(r, included, depth));
  return doc.data ? toRecord(doc.data, included, depth) : null;
}

async function send<M>(method: 'GET' | 'POST', path: string, params: Record<string, string | number | null | undefined>, body?: unknown) {
  try {
    const response = await http()<ApiDocument<M>>(`${baseUrl()}${path}${queryString(params)}`, body === undefined ? { method } : { method, body });
    return response.body;
  } catch (failure) {
    throw toHttpError(undefined, failure);
  }
}

/** GET a computed route whose data is a list. */
export async function getList<T extends RaRecord, M = Record<string, unknown>>(
  path: string,
  params: Record<string, string | number | null | undefined> = {},
  depth?: number,
): Promise<ApiResult<T[], M>> {
  const doc = await send<M>('GET', path, params);
  return { data: (readDocument(doc, depth ?? nestingDepth(undefined)) ?? []) as T[], meta: (doc.meta ?? {}) as M };
}

/** GET a computed route whose data is one object. */
export async function getOne<T extends RaRecord, M = Record<string, unknown>>(
  path: string,
  params: Record<string, string | number | null | undefined> = {},
  depth?: number,
): Promise<ApiResult<T, M>> {
  const doc = await send<M>('GET', path, params);
  return { data: readDocument(doc, depth ?? nestingDepth(undefined)) as T, meta: (doc.meta ?? {}) as M };
}

/** POST a document to a computed route; answers like `getList`. */
export async function postList<T extends RaRecord, M = Record<string, unknown>>(path: string, body: unknown, depth?: number): Promise<ApiResult<T[], M>> {
  const doc = await send<M>('POST', path, {}, body);
  return { data: (readDocument(doc, depth ?? nestingDepth(undefined)) ?? []) as T[], meta: (doc.meta ?? {}) as M };
}

/** A record that uses a file or an image (`MediaUsage` of packages/schema/src/media.ts). */
export interface Usage {
  type: string;
  id: string;
  field: string;
  title: string;
}

/**
 * A usages document's entries, whether the server puts `field` and `title` beside the identifier
 * (the media contract) or, as JSON:API resource objects, in `attributes` or `meta`.
 */
export function readUsages(doc: { data?: unknown } | null | undefined): Usage[] {
  const entries = Array.isArray(doc?.data) ? (doc.data as Record<string, unknown>[]) : [];
  return entries.map((entry) => {
    const extra = { ...(entry.meta as Record<string, unknown> | undefined), ...(entry.attributes as Record<string, unknown> | undefined) };
    const pick = (key: string) => String(entry[key] ?? extra[key] ?? '');
    return { type: String(entry.type), id: String(entry.id), field: pick('field'), title: pick('title') || `#${String(entry.id)}` };
  });
}

/** GET `/{type}/{id}/usages` of the umpire API: what points at a record before it is deleted. */
export async function getUsages(type: string, id: string | number): Promise<Usage[]> {
  const doc = await send('GET', `/${type}/${encodeURIComponent(String(id))}/usages`, {});
  return readUsages(doc);
}
