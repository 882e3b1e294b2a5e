import type { SiteConfig } from './config';
import type { Words } from './i18n';

/**
 * Calls of the delivery and fan API (`/public/v1`) from the browser: JSON:API in and out, the
 * league named by `?client=`, error texts asked for in the page's language, and every failure as
 * an ApiProblem (status, code, detail) that `problemText` turns into words for the reader.
 */
export interface ResourceLike {
  type: string;
  id: string;
  attributes?: Record<string, unknown>;
  relationships?: Record<string, { data?: { type: string; id: string } | { type: string; id: string }[] | null } | undefined>;
}

export interface ApiDocument<D = ResourceLike | ResourceLike[]> {
  data: D;
  included?: ResourceLike[];
  meta?: Record<string, unknown>;
}

export class ApiProblem extends Error {
  constructor(
    /** HTTP status; 0 when the server could not be reached. */
    readonly status: number,
    /** The JSON:API error's code (`quizClosed`, `entitlementRequired`…), `network` or `http`. */
    readonly code: string,
    /** The server's own explanation, in the page's language when it sent one. */
    readonly detail = '',
    readonly pointer?: string,
  ) {
    super(detail || code);
    this.name = 'ApiProblem';
  }
}

export interface CallOptions {
  /** A fan token (`Authorization: Bearer`). */
  token?: string | null;
  query?: Record<string, string>;
}

export interface Api {
  get<T = ApiDocument>(path: string, options?: CallOptions): Promise<T>;
  post<T = ApiDocument>(path: string, body: unknown, options?: CallOptions): Promise<T>;
  patch<T = ApiDocument>(path: string, body: unknown, options?: CallOptions): Promise<T>;
  /** Answers null for 204 No Content. */
  delete(path: string, options?: CallOptions): Promise<unknown>;
}

export const JSONAPI = 'application/vnd.api+json';

export function createApi(config: SiteConfig, fetchImpl: typeof fetch = (input, init) => fetch(input, init)): Api {
  const url = (path: string, query: Record<string, string> = {}) => {
    const u = new URL(`${config.api}${path.startsWith('/') ? path : `/${path}`}`);
    if (config.client) u.searchParams.set('client', config.client);
    for (const [k, v] of Object.entries(query)) u.searchParams.set(k, v);
    return u.href;
  };
  async function call<T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body: unknown, options: CallOptions = {}): Promise<T> {
    const headers: Record<string, string> = { Accept: JSONAPI, 'Accept-Language': config.locale };
    if (body !== undefined) headers['Content-Type'] = JSONAPI;
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    let response: Response;
    try {
      response = await fetchImpl(url(path, options.query), { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: 'omit', cache: 'no-store' });
    } catch {
      throw new ApiProblem(0, 'network');
    }
    const text = await response.text().catch(() => '');
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (!response.ok) {
      const first = (json as { errors?: { code?: unknown; detail?: unknown; source?: { pointer?: unknown } }[] } | null)?.errors?.[0];
      throw new ApiProblem(
        response.status,
        typeof first?.code === 'string' ? first.code : 'http',
        typeof first?.detail === 'string' ? first.detail : '',
        typeof first?.source?.pointer === 'string' ? first.source.pointer : undefined,
      );
    }
    if (response.status === 204 && method === 'DELETE') return null as T;
    if (json === null || typeof json !== 'object') throw new ApiProblem(response.status, 'http');
    return json as T;
  }
  return {
    get: (path, options) => call('GET', path, undefined, options),
    post: (path, body, options) => call('POST', path, body, options),
    patch: (path, body, options) => call('PATCH', path, body, options),
    delete: (path, options) => call('DELETE', path, undefined, options),
  };
}

/** Codes whose words are the same wherever they happen. */
const COMMON: Partial<Record<string, keyof Words>> = {
  network: 'network',
  tooManyRequests: 'tooManyRequests',
  fanBanned: 'fanBanned',
  notFound: 'notFound',
  invalidCredentials: 'invalidCredentials',
  quizClosed: 'quizClosed',
  quizAttemptLimit: 'quizAttemptLimit',
  quizImpossibleTime: 'quizImpossibleTime',
  quizForeignAnswer: 'changed',
  surveyNotOpen: 'surveyNotOpen',
  surveyAlreadyAnswered: 'surveyAlreadyAnswered',
  surveyQuestionNotInSurvey: 'changed',
  surveyAnswerNotInQuestion: 'changed',
  surveyAnswerKind: 'changed',
  predictionClosed: 'predictionClosed',
  playbackCountryNotAllowed: 'countryBlocked',
  entitlementRequired: 'buyAccess',
};

/**
 * What to tell the reader about a failed call: our own words for the codes we know, else the
 * server's detail (written in the page's language, as asked by Accept-Language), else a general
 * sentence. `overrides` says it differently where a screen knows better (a 401 on a paid video).
 */
export function problemText(error: unknown, words: Words, overrides: Partial<Record<string, string>> = {}): string {
  if (!(error instanceof ApiProblem)) return words.generic;
  const own = overrides[error.code];
  if (own) return own;
  const key = COMMON[error.code];
  if (key) return words[key] as string;
  if (error.status === 404) return words.notFound;
  if (error.status === 429) return words.tooManyRequests;
  if (error.detail && error.status < 500) return error.detail;
  return words.generic;
}

/** The records of a document's `included` by type and id. */
export function includedIndex(doc: { included?: ResourceLike[] }): (type: string, id: string | undefined) => ResourceLike | undefined {
  const map = new Map((doc.included ?? []).map((r) => [`${r.type}:${r.id}`, r]));
  return (type, id) => (id === undefined ? undefined : map.get(`${type}:${id}`));
}

/** The ids a relationship names. */
export function relIds(record: ResourceLike | undefined, name: string): string[] {
  const data = record?.relationships?.[name]?.data;
  return (Array.isArray(data) ? data : data ? [data] : []).map((r) => String(r.id));
}

export const attrText = (record: ResourceLike | undefined, name: string): string => {
  const v = record?.attributes?.[name];
  return typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
};

export const attrNumber = (record: ResourceLike | undefined, name: string): number | null => {
  const v = record?.attributes?.[name];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
};
