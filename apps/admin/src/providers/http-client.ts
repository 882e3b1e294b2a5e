import { currentLanguage } from '../lib/i18n';
import { popups as defaultPopups, type PopupStore, type SuccessKind } from '../lib/popups';
import { uuid } from '../lib/uuid';

/**
 * The one HTTP client of the app (spec §6, §8): authorization, XSRF, Accept, Accept-Language
 * (the server words error details in it), one retry made safe by an Idempotency-Key, and the
 * error and success pop-ups. Everything that talks to the back end goes through it, so these
 * rules hold everywhere.
 */

export const ACCEPT = 'application/json, text/plain, */*';
export const JSON_API_MEDIA_TYPE = 'application/vnd.api+json';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

export interface JsonApiError {
  status?: string;
  code?: string;
  title?: string;
  detail?: string;
  source?: { pointer?: string; parameter?: string };
  meta?: { key?: string; params?: Record<string, unknown> };
}

export interface HttpRequest {
  method?: string;
  headers?: Record<string, string>;
  /** Objects are sent as JSON:API documents; strings, FormData and Blobs as they are. */
  body?: unknown;
  signal?: AbortSignal;
  /** Spec §8: a flagged request passes through untouched (no headers added, no retry, no pop-ups). */
  skipInterceptors?: boolean;
}

export interface HttpResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  url: string;
}

export type FailureKind = 'http' | 'parse' | 'network' | 'client';

export class HttpFailure extends Error {
  override name = 'HttpFailure';
  constructor(
    message: string,
    readonly kind: FailureKind,
    readonly url: string,
    readonly status: number,
    readonly statusText: string,
    readonly body: unknown,
  ) {
    super(message);
  }

  /** The JSON:API error objects of the response, if any. */
  get errors(): JsonApiError[] {
    const errors = (this.body as { errors?: unknown } | null)?.errors;
    return Array.isArray(errors) ? (errors as JsonApiError[]) : [];
  }
}

/** Spec §8: non-GET successes here have their own feedback (uploads, editors), so no pop-up. */
const NO_SUCCESS_POPUP = [
  /\/images(\/|\?|$)/,
  /\/components(\/|\?|$)/,
  /\/quiz_questions(\/|\?|$)/,
  /\/quiz_answers(\/|\?|$)/,
  /\/sync(\/|\?|$)/,
  /\/file_uploads(\/|\?|$)/,
  /\/direct_uploads(\/|\?|$)/,
  /\/videos(\/|\?|$)/,
  /\/ott\/storage(\/|\?|$)/,
  /\/uploads\/files(\/|\?|$)/,
  // The page builder's live preview posts drafts on every change and writes nothing.
  /\/(pages|global_page_elements)\/\d+\/preview(\?|$)/,
];

/** Spec §8: an OTT event's status answers 422 with its reason (a failed encoding) as a body to show, not a failure. */
const STATUS_WITH_BODY = /\/ott\/events\/[^/?#]+\/status(\?|#|$)/;

const SUCCESS_KINDS: Record<number, SuccessKind> = { 200: 'updated', 201: 'created', 204: 'deleted' };

/** Failures worth a second try: the network, timeouts, throttling and server faults. */
function isTransient(failure: HttpFailure): boolean {
  return failure.kind === 'network' || failure.status === 408 || failure.status === 429 || failure.status >= 500;
}

const isAbsolute = (url: string) => /^[a-z][a-z\d+.-]*:\/\//i.test(url) || url.startsWith('//');

export function readCookie(name: string, cookies = typeof document === 'undefined' ? '' : document.cookie): string | null {
  for (const part of cookies.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/** Spec §6: the client endpoints take the raw token, every other request the Bearer form. */
export function authorizationFor(url: string, token: string): string {
  const path = url.replace(/[?#].*$/, '');
  return /\/(client|current_client)$/.test(path) ? token : `Bearer ${token}`;
}

function isJsonType(contentType: string | null): boolean {
  return !!contentType && /\/(json|[\w.-]+\+json)\b/i.test(contentType);
}

export interface HttpClientOptions {
  getToken: () => string | null;
  /** Origins besides the page's own that may receive the token (the configured API hosts). */
  trustedOrigins?: () => readonly string[];
  popups?: PopupStore;
  fetch?: typeof fetch;
  /** The interface language, sent as Accept-Language; the app's current one by default. */
  language?: () => string;
}

export type HttpClient = <T = unknown>(url: string, request?: HttpRequest) => Promise<HttpResponse<T>>;

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const store = options.popups ?? defaultPopups;
  const doFetch = (input: string, init: RequestInit) => (options.fetch ?? globalThis.fetch)(input, init);

  const mayCarryToken = (url: string) => {
    if (!isAbsolute(url)) return true;
    // Why: a bearer token must never leak to a third-party host (e.g. a CDN).
    const origin = new URL(url, window.location.href).origin;
    return origin === window.location.origin || (options.trustedOrigins?.() ?? []).includes(origin);
  };

  function buildInit(url: string, request: HttpRequest, idempotencyKey: string | undefined): RequestInit {
    const method = (request.method ?? 'GET').toUpperCase();
    const headers = new Headers(request.headers);
    let body: BodyInit | undefined;
    if (request.body !== undefined && request.body !== null) {
      if (typeof request.body === 'string' || request.body instanceof FormData || request.body instanceof Blob) {
        body = request.body as BodyInit;
      } else {
        body = JSON.stringify(request.body);
        if (!headers.has('Content-Type')) headers.set('Content-Type', JSON_API_MEDIA_TYPE);
      }
    }
    if (request.skipInterceptors) return { method, headers, body, signal: request.signal };

    if (!headers.has('Accept')) headers.set('Accept', ACCEPT);
    if (!headers.has('Accept-Language')) headers.set('Accept-Language', (options.language ?? currentLanguage)());
    const token = options.getToken();
    if (token && mayCarryToken(url) && !headers.has('Authorization')) headers.set('Authorization', authorizationFor(url, token));
    if (method !== 'GET' && method !== 'HEAD' && !isAbsolute(url)) {
      const xsrf = readCookie(XSRF_COOKIE);
      if (xsrf !== null && !headers.has(XSRF_HEADER)) headers.set(XSRF_HEADER, xsrf);
    }
    if (idempotencyKey && !headers.has('Idempotency-Key')) headers.set('Idempotency-Key', idempotencyKey);
    return { method, headers, body, signal: request.signal, credentials: 'same-origin' };
  }

  async function send<T>(url: string, init: RequestInit): Promise<HttpResponse<T>> {
    let response: Response;
    try {
      response = await doFetch(url, init);
    } catch (error) {
      if ((error as Error)?.name === 'AbortError') throw error;
      // fetch rejects with a TypeError when the network fails; anything else was raised here.
      if (error instanceof TypeError) {
        throw new HttpFailure(`Http failure response for ${url}: 0 Unknown Error`, 'network', url, 0, 'Unknown Error', null);
      }
      throw new HttpFailure((error as Error)?.message ?? String(error), 'client', url, -1, '', null);
    }

    const contentType = response.headers.get('Content-Type');
    const raw = response.status === 204 ? '' : await response.text();
    let body: unknown = raw === '' ? null : raw;
    let parseFailed = false;
    if (raw !== '' && isJsonType(contentType)) {
      try {
        body = JSON.parse(raw);
      } catch {
        parseFailed = true;
      }
    }
    if (!response.ok) {
      throw new HttpFailure(
        `Http failure response for ${url}: ${response.status} ${response.statusText}`,
        'http',
        url,
        response.status,
        response.statusText,
        parseFailed ? raw : body,
      );
    }
    if (parseFailed) throw new HttpFailure('Http failure during parsing', 'parse', url, response.status, response.statusText, raw);
    return { status: response.status, headers: response.headers, body: body as T, url };
  }

  function reportFailure(failure: HttpFailure): void {
    store.markReported(failure.message);
    if (failure.kind === 'client') {
      store.error('apiErrors.somethingWentWrong', { textKey: 'http.clientError', textParams: { message: failure.message } });
      return;
    }
    if (failure.kind === 'network') {
      store.error('apiErrors.networkError', { textKey: 'http.networkError', textParams: { url: failure.url } });
      return;
    }
    if (failure.kind === 'parse') {
      store.error('apiErrors.somethingWentWrong', { textKey: 'http.parseFailure' });
      return;
    }
    const first = failure.errors[0];
    const key = first?.meta?.key;
    store.show({
      severity: 'error',
      titleKey: key ? `apiErrors.${key}` : 'apiErrors.somethingWentWrong',
      ...(first?.detail || first?.title
        ? { text: first.detail ?? first.title }
        : { textKey: 'http.failureResponse', textParams: { url: failure.url, status: failure.status, statusText: failure.statusText } }),
    });
  }

  return async function request<T>(url: string, req: HttpRequest = {}): Promise<HttpResponse<T>> {
    const method = (req.method ?? 'GET').toUpperCase();
    // One key per logical POST, reused by the retry, so the server can never create twice.
    const idempotencyKey = method === 'POST' && !req.skipInterceptors ? uuid() : undefined;
    let init: RequestInit;
    try {
      init = buildInit(url, req, idempotencyKey);
    } catch (error) {
      const failure = new HttpFailure((error as Error).message, 'client', url, -1, '', null);
      if (!req.skipInterceptors) reportFailure(failure);
      throw failure;
    }
    if (req.skipInterceptors) return send<T>(url, init);

    let response: HttpResponse<T>;
    try {
      try {
        response = await send<T>(url, init);
      } catch (error) {
        if (!(error instanceof HttpFailure) || !isTransient(error)) throw error;
        response = await send<T>(url, buildInit(url, req, idempotencyKey));
      }
    } catch (error) {
      if (error instanceof HttpFailure && error.status === 422 && method === 'GET' && STATUS_WITH_BODY.test(url))
        return { status: 422, headers: new Headers(), body: error.body as T, url };
      if (error instanceof HttpFailure) reportFailure(error);
      throw error;
    }

    const kind = SUCCESS_KINDS[response.status];
    if (method !== 'GET' && method !== 'HEAD' && kind && !NO_SUCCESS_POPUP.some((re) => re.test(url))) store.success(kind);
    return response;
  };
}
