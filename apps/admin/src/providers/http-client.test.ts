import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '@umpire/schema/api';
import { initI18n } from '../lib/i18n';
import { PopupStore } from '../lib/popups';
import { authorizationFor, createHttpClient, HttpFailure, readCookie } from './http-client';

type Call = { url: string; init: RequestInit; headers: Headers };

function jsonResponse(status: number, body: unknown, statusText = ''): Response {
  return new Response(body === null ? null : JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/vnd.api+json' },
  });
}

function setup(responses: Array<Response | Error>, token: string | null = 'tok') {
  const calls: Call[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, init, headers: new Headers(init.headers) });
    const next = responses.shift();
    if (!next) throw new Error('no more responses');
    if (next instanceof Error) throw next;
    return next;
  });
  const popups = new PopupStore();
  const http = createHttpClient({ getToken: () => token, popups, fetch: fetch as unknown as typeof globalThis.fetch });
  return { http, calls, popups };
}

describe('http client', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  it('sends Bearer authorization, but the raw token to client endpoints', () => {
    expect(authorizationFor('/api/v3/clubs', 't')).toBe('Bearer t');
    expect(authorizationFor('/api/v3/client', 't')).toBe('t');
    expect(authorizationFor('/api/v3/current_client?x=1', 't')).toBe('t');
  });

  it('adds Accept, Authorization and the XSRF header on non-GET relative requests', async () => {
    document.cookie = 'XSRF-TOKEN=abc%3D; path=/';
    expect(readCookie('XSRF-TOKEN')).toBe('abc=');
    const { http, calls } = setup([jsonResponse(200, { data: [] }), jsonResponse(200, { data: {} }), jsonResponse(200, {})]);
    await http('/api/v3/clubs');
    await http('/api/v3/clubs/1', { method: 'PATCH', body: { data: {} } });
    await http('http://elsewhere.test/api/v3/clubs/1', { method: 'PATCH', body: {} });
    expect(calls[0].headers.get('Accept')).toBe('application/json, text/plain, */*');
    expect(calls[0].headers.get('Authorization')).toBe('Bearer tok');
    expect(calls[0].headers.get('X-XSRF-TOKEN')).toBeNull();
    expect(calls[1].headers.get('X-XSRF-TOKEN')).toBe('abc=');
    expect(calls[1].headers.get('Content-Type')).toBe('application/vnd.api+json');
    expect(calls[2].headers.get('X-XSRF-TOKEN')).toBeNull();
    // The token never goes to a foreign host.
    expect(calls[2].headers.get('Authorization')).toBeNull();
  });

  it('sends the interface language as Accept-Language, so the server words its errors in it', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'pl');
    try {
      const { http, calls } = setup([jsonResponse(200, {}), jsonResponse(200, {}), jsonResponse(200, {}), jsonResponse(200, {})]);
      // Before the texts are loaded: the stored choice.
      await http('/api/v3/clubs');
      await http('/api/v3/clubs/1', { method: 'PATCH', body: {}, headers: { 'Accept-Language': 'en' } });
      // Then the language the interface runs in.
      await initI18n('en', {});
      await http('/api/v3/clubs');
      await initI18n('pl', {});
      await http('/api/v3/clubs', { method: 'DELETE' });
      expect(calls.map((c) => c.headers.get('Accept-Language'))).toEqual(['pl', 'en', 'en', 'pl']);
    } finally {
      localStorage.removeItem(LANGUAGE_STORAGE_KEY);
    }
  });

  it('retries a failed POST once with the same Idempotency-Key, without a pop-up', async () => {
    const { http, calls, popups } = setup([jsonResponse(503, null, 'Service Unavailable'), jsonResponse(201, { data: { id: '1' } })]);
    const res = await http('/api/v3/clubs', { method: 'POST', body: { data: {} } });
    expect(res.status).toBe(201);
    expect(calls).toHaveLength(2);
    const key = calls[0].headers.get('Idempotency-Key');
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(calls[1].headers.get('Idempotency-Key')).toBe(key);
    expect(popups.current().filter((p) => p.severity === 'error')).toHaveLength(0);
  });

  it('retries a network failure once and then reports it', async () => {
    const { http, calls, popups } = setup([new TypeError('Failed to fetch'), new TypeError('Failed to fetch')]);
    const error = await http('/api/v3/clubs').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpFailure);
    expect((error as HttpFailure).kind).toBe('network');
    expect(calls).toHaveLength(2);
    expect(popups.current()[0]).toMatchObject({ titleKey: 'apiErrors.networkError', textKey: 'http.networkError' });
  });

  it('does not retry deterministic client errors and titles the pop-up by the first meta key', async () => {
    const body = { errors: [{ status: '422', detail: 'Website must be http(s).', meta: { key: 'invalidWebsiteUrl' } }, { meta: { key: 'required' } }] };
    const { http, calls, popups } = setup([jsonResponse(422, body, 'Unprocessable Entity')]);
    const error = (await http('/api/v3/clubs', { method: 'POST', body: {} }).catch((e: unknown) => e)) as HttpFailure;
    expect(calls).toHaveLength(1);
    expect(error.message).toBe('Http failure response for /api/v3/clubs: 422 Unprocessable Entity');
    expect(error.errors).toHaveLength(2);
    expect(popups.current()[0]).toMatchObject({ severity: 'error', titleKey: 'apiErrors.invalidWebsiteUrl', text: 'Website must be http(s).' });
    vi.advanceTimersByTime(3000);
    expect(popups.current()).toHaveLength(0);
  });

  it('answers a 422 of an OTT event status with its body and no pop-up (spec §8), only there', async () => {
    const body = { errors: [{ status: '422', code: 'ottEncodingFailed', detail: 'Encoding failed: no space', meta: { key: 'ottEncodingFailed' } }] };
    const { http, calls, popups } = setup([jsonResponse(422, body, 'Unprocessable Entity'), jsonResponse(422, body, 'Unprocessable Entity')]);
    const response = await http('/api/v3/ott/events/7/status');
    expect(response).toMatchObject({ status: 422, body });
    expect(calls).toHaveLength(1);
    expect(popups.current()).toHaveLength(0);
    // Another path's 422 still fails with its pop-up.
    await expect(http('/api/v3/ott/events/7/stream')).rejects.toBeInstanceOf(HttpFailure);
    expect(popups.current()).toHaveLength(1);
  });

  it('uses the generic title and the failure message without an error document', async () => {
    const { http, popups } = setup([jsonResponse(500, null, 'Internal Server Error'), jsonResponse(500, null, 'Internal Server Error')]);
    await http('/api/v3/clubs').catch(() => undefined);
    expect(popups.current()[0]).toMatchObject({
      titleKey: 'apiErrors.somethingWentWrong',
      textKey: 'http.failureResponse',
      textParams: { url: '/api/v3/clubs', status: 500, statusText: 'Internal Server Error' },
    });
  });

  it('reports a parse failure', async () => {
    const { http, popups } = setup([new Response('{oops', { status: 200, headers: { 'Content-Type': 'application/json' } })]);
    const error = (await http('/api/v3/clubs').catch((e: unknown) => e)) as HttpFailure;
    expect(error.message).toBe('Http failure during parsing');
    expect(popups.current()[0].textKey).toBe('http.parseFailure');
  });

  it('shows debounced success pop-ups for non-GET 200/201/204, except excluded kinds', async () => {
    const { http, popups } = setup([jsonResponse(201, {}), jsonResponse(204, null), jsonResponse(201, {}), jsonResponse(200, {})]);
    await http('/api/v3/clubs', { method: 'POST', body: {} });
    await http('/api/v3/clubs/1', { method: 'DELETE' });
    vi.advanceTimersByTime(2000);
    expect(popups.current().map((p) => p.titleKey)).toEqual(['popups.success.deleted']);
    vi.advanceTimersByTime(3000);
    await http('/api/v3/images', { method: 'POST', body: {} });
    await http('/api/v3/clubs');
    vi.advanceTimersByTime(2000);
    expect(popups.current()).toHaveLength(0);
  });

  it('passes flagged requests through untouched', async () => {
    const { http, calls, popups } = setup([jsonResponse(500, null)]);
    await http('/assets/i18n/app/pl.json', { skipInterceptors: true }).catch(() => undefined);
    expect(calls).toHaveLength(1);
    expect(calls[0].headers.get('Authorization')).toBeNull();
    expect(calls[0].headers.get('Accept')).toBeNull();
    expect(calls[0].headers.get('Accept-Language')).toBeNull();
    expect(popups.current()).toHaveLength(0);
  });

  it('reports a client-side error with its message', async () => {
    const { http, popups } = setup([new Error('boom')]);
    await http('/api/v3/clubs').catch(() => undefined);
    expect(popups.current()[0]).toMatchObject({ textKey: 'http.clientError', textParams: { message: 'boom' } });
  });
});
