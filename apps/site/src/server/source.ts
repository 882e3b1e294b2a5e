/**
 * Where the website reads from: the delivery API, and nothing else. In `npm start` the site runs
 * inside the Umpire server and calls the API in process (Fastify's inject: the same routes, cache
 * and projection, without a socket); on its own host it calls the API over HTTP with its key.
 */
export interface DeliveryAnswer {
  status: number;
  body: JsonApiAnswer;
}

export interface JsonApiAnswer {
  data?: unknown;
  included?: unknown[];
  meta?: Record<string, unknown>;
  errors?: { status?: string; code?: string; detail?: string }[];
}

export interface ReadOptions {
  /**
   * Whether the answer is kept to be revalidated with its ETag next time (default true). A read
   * that is seldom asked again the same way (a search) says false, so it does not push out the
   * answers pages read every second.
   */
  keep?: boolean;
}

export interface DeliverySource {
  /** GET of a path under /public/v1 (with its query), e.g. `/current_page?slug=…`. */
  get(path: string, options?: ReadOptions): Promise<DeliveryAnswer>;
}

/** A Fastify instance's inject, as far as the site needs it. */
export interface Injectable {
  inject(opts: { method: 'GET'; url: string; headers?: Record<string, string> }): Promise<{ statusCode: number; body: string; headers: Record<string, unknown> }>;
}

const joinQuery = (path: string, extra: string) => (extra ? `${path}${path.includes('?') ? '&' : '?'}${extra}` : path);

/**
 * The answers read before, by address, with their entity tags: a read asks with If-None-Match, and
 * a 304 reuses the answer parsed then (nothing sent, nothing parsed again). Kept answers are
 * frozen, as every render shares them.
 */
function keptAnswers(limit = 1000) {
  const kept = new Map<string, { etag: string; body: JsonApiAnswer }>();
  return {
    headers(url: string, options?: ReadOptions): Record<string, string> {
      if (options?.keep === false) return {};
      const k = kept.get(url);
      return k ? { 'if-none-match': k.etag } : {};
    },
    /** The answer to a read of `url`: the kept one on a 304, else the one given (kept when it has an ETag). */
    answer(url: string, status: number, etag: unknown, text: string, options?: ReadOptions): DeliveryAnswer {
      if (status === 304) {
        const k = kept.get(url);
        if (k) return { status: 200, body: k.body };
      }
      const body = text ? (JSON.parse(text) as JsonApiAnswer) : {};
      if (status === 200 && typeof etag === 'string' && options?.keep !== false) {
        if (kept.size >= limit) kept.clear();
        kept.set(url, { etag, body: deepFreeze(body) });
      }
      return { status, body };
    },
  };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** The delivery API of the same process, for the league named by `client`. */
export function injectedSource(app: Injectable, client: string): DeliverySource {
  const kept = keptAnswers();
  return {
    async get(path, options) {
      const url = joinQuery(`/public/v1${path}`, `client=${encodeURIComponent(client)}`);
      const res = await app.inject({ method: 'GET', url, headers: kept.headers(url, options) });
      return kept.answer(url, res.statusCode, res.headers.etag, res.body, options);
    },
  };
}

/** The delivery API over HTTP (the site on its own host): with a delivery key, or `?client=`. */
export function httpSource(baseUrl: string, auth: { key?: string; client?: string }): DeliverySource {
  const base = baseUrl.replace(/\/+$/, '');
  const kept = keptAnswers();
  return {
    async get(path, options) {
      const url = joinQuery(`${base}/public/v1${path}`, auth.key ? '' : `client=${encodeURIComponent(auth.client ?? '')}`);
      const res = await fetch(url, { headers: { accept: 'application/vnd.api+json', ...(auth.key ? { 'x-delivery-key': auth.key } : {}), ...kept.headers(url, options) } });
      return kept.answer(url, res.status, res.headers.get('etag'), await res.text(), options);
    },
  };
}
