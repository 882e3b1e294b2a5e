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

export interface DeliverySource {
  /** GET of a path under /public/v1 (with its query), e.g. `/current_page?slug=…`. */
  get(path: string): Promise<DeliveryAnswer>;
}

/** A Fastify instance's inject, as far as the site needs it. */
export interface Injectable {
  inject(opts: { method: 'GET'; url: string; headers?: Record<string, string> }): Promise<{ statusCode: number; body: string }>;
}

const joinQuery = (path: string, extra: string) => (extra ? `${path}${path.includes('?') ? '&' : '?'}${extra}` : path);

/** The delivery API of the same process, for the league named by `client`. */
export function injectedSource(app: Injectable, client: string): DeliverySource {
  return {
    async get(path) {
      const res = await app.inject({ method: 'GET', url: joinQuery(`/public/v1${path}`, `client=${encodeURIComponent(client)}`) });
      return { status: res.statusCode, body: res.body ? (JSON.parse(res.body) as JsonApiAnswer) : {} };
    },
  };
}

/** The delivery API over HTTP (the site on its own host): with a delivery key, or `?client=`. */
export function httpSource(baseUrl: string, auth: { key?: string; client?: string }): DeliverySource {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    async get(path) {
      const url = joinQuery(`${base}/public/v1${path}`, auth.key ? '' : `client=${encodeURIComponent(auth.client ?? '')}`);
      const res = await fetch(url, { headers: { accept: 'application/vnd.api+json', ...(auth.key ? { 'x-delivery-key': auth.key } : {}) } });
      const text = await res.text();
      return { status: res.status, body: text ? (JSON.parse(text) as JsonApiAnswer) : {} };
    },
  };
}
