import { createElement, Fragment } from 'react';
import { renderToString } from 'react-dom/server';
import { ComponentView, createRenderContext, type JsonApiDocument, type RenderOptions, type ResourceObject } from '@umpire/render';
import { vi } from 'vitest';

/**
 * The browser half's tests work on the markup the renderers really draw: a page of components
 * rendered with @umpire/render into jsdom's document, with `<html>` carrying what the site's
 * server puts there (lang, data-client, data-api, data-cable).
 */
export const ref = (type: string, id: string) => ({ data: { type, id } });

/** Two sides, a round with a match under way and one to come, another round's finished match. */
export const football: ResourceObject[] = [
  { type: 'clubs', id: '1', attributes: { name: 'Legia Warszawa' } },
  { type: 'clubs', id: '2', attributes: { name: 'Lech Poznań' } },
  { type: 'teams', id: '1', attributes: { name: 'Legia Warszawa' }, relationships: { club: ref('clubs', '1') } },
  { type: 'teams', id: '2', attributes: { name: 'Lech Poznań' }, relationships: { club: ref('clubs', '2') } },
  { type: 'squads', id: '11', attributes: { name: 'Legia 2026' }, relationships: { team: ref('teams', '1') } },
  { type: 'squads', id: '12', attributes: { name: 'Lech 2026' }, relationships: { team: ref('teams', '2') } },
  { type: 'rounds', id: '7', attributes: { name: '7. kolejka', number: 7 } },
  { type: 'rounds', id: '8', attributes: { name: '8. kolejka', number: 8 } },
  match('101', '7', 'first_half', 1, 0),
  match('102', '7', 'not_started', null, null),
  match('103', '8', 'finished', 2, 2),
  match('104', '8', 'not_started', null, null),
];

export function match(id: string, round: string, status: string, home: number | null, away: number | null, swap = false): ResourceObject {
  return {
    type: 'matches',
    id,
    attributes: { status, home_score: home, away_score: away, kickoff_at: '2026-11-28T14:00:00Z' },
    relationships: { round: ref('rounds', round), home_squad: ref('squads', swap ? '12' : '11'), away_squad: ref('squads', swap ? '11' : '12') },
  };
}

export const component = (id: string, kind: string, relationships: Record<string, unknown> = {}, settings: Record<string, unknown> = {}): ResourceObject => ({
  type: 'components',
  id,
  attributes: { kind, settings },
  relationships: relationships as ResourceObject['relationships'],
});

export interface PageSetup {
  locale?: 'pl' | 'en';
  components: ResourceObject[];
  included?: ResourceObject[];
  feeds?: RenderOptions['feeds'];
  hrefs?: RenderOptions['hrefs'];
  client?: string;
}

/** Draws the components into document.body as the website would, and sets `<html>`'s hooks. */
export function renderPage({ locale = 'pl', components, included = [], feeds, hrefs, client = 'ekstraklasa-demo' }: PageSetup): void {
  const doc: JsonApiDocument = { data: { type: 'pages', id: '1', attributes: { title: 'Strona' } }, included: [...components, ...included] };
  const ctx = createRenderContext({ locale, feeds, hrefs }, doc);
  // As the site renders (renderToString: comments between adjacent texts), so the browser copes with them.
  const html = renderToString(createElement(Fragment, null, ...components.map((c) => createElement(ComponentView, { key: c.id, component: c, ctx }))));
  document.documentElement.lang = locale;
  document.documentElement.dataset.client = client;
  document.documentElement.dataset.api = '/public/v1';
  document.documentElement.dataset.cable = '/cable';
  delete document.documentElement.dataset.hydrated;
  delete document.documentElement.dataset.liveScores;
  document.body.innerHTML = `<div class="u-site"><main id="u-main">${html}</main></div>`;
}

export interface Call {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: unknown;
}

type Handler = (call: Call) => [number, unknown] | Promise<[number, unknown]>;

/**
 * A fetch that answers from routes (`'GET /quizzes/5'`, matched on the path after /public/v1)
 * and records every call; an unknown route is a test failure (a 599 the code under test does not expect).
 */
export function fakeApi(routes: Record<string, Handler | [number, unknown]>) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]));
    const call: Call = { method: init.method ?? 'GET', url, headers, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined };
    calls.push(call);
    const key = `${call.method} ${url.pathname.replace(/^\/public\/v1/, '')}`;
    const route = routes[key];
    if (!route) return new Response(JSON.stringify({ errors: [{ status: '599', code: 'noRoute', detail: key }] }), { status: 599 });
    const [status, body] = typeof route === 'function' ? await route(call) : route;
    return new Response(body === null ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/vnd.api+json' } });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

/** A JSON:API error document. */
export const problem = (status: number, code: string, detail = '') => ({ errors: [{ status: String(status), code, title: 'Error', detail, meta: { key: code } }] });

/** The fan API's answer to a registration or a sign-in. */
export const fanAnswer = (id: string, kind: 'device' | 'account', token: string, name: string | null = null) => ({
  data: { type: 'fans', id, attributes: { kind, display_name: name, is_banned: false } },
  meta: { token, expires_at: new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString() },
});

/** Waits until the promises queued so far (fetches, their `.then`s) have run. */
export async function settle(times = 5): Promise<void> {
  for (let i = 0; i < times; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

/** The visible words of an element, spaces folded. */
export const words = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
