// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createApi } from './api';
import { readConfig } from './config';
import { createFanSession, type KeyValueStore } from './fan';
import { hydrateMatchPredictors, hydratePredictors } from './predictor';
import { component, fakeApi, fanAnswer, football, match, problem, ref, renderPage, settle, words } from './test/page';

function memoryStore(entries: Record<string, string> = {}): KeyValueStore {
  const map = new Map(Object.entries(entries));
  return { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

function predictorPage(locale: 'pl' | 'en', routes: Parameters<typeof fakeApi>[0], store = memoryStore()) {
  renderPage({
    locale,
    components: [component('c1', 'match_predictor_ranking', { match_predictor_ranking: ref('match_predictor_rankings', '3') })],
    included: [{ type: 'match_predictor_rankings', id: '3', attributes: { name: 'Typer sezonu' } }],
  });
  const api = fakeApi(routes);
  const config = readConfig();
  const client = createApi(config, api.fetch);
  return { ...api, ready: hydratePredictors(config, document, { api: client, session: createFanSession(config, client, store) }) };
}

const upcoming = { data: [match('102', '7', 'not_started', null, null), match('104', '8', 'not_started', null, null, true)], included: [] as unknown[] };
const names = { data: upcoming.data, included: football.filter((r) => r.type !== 'matches') };
const form = (id: string) => document.querySelector<HTMLFormElement>(`form[data-prediction-match="${id}"]`)!;

describe('the match predictor’s form', () => {
  it('offers the next matches with their sides beside the server-rendered ranking, and saves a prediction', async () => {
    const api = predictorPage('pl', {
      'GET /match_predictors/matches': [200, upcoming],
      'GET /matches': [200, names],
      'POST /fans': [201, fanAnswer('5', 'device', 'fan')],
      'POST /match_predictors/predictions': (call) => [201, { data: { type: 'match_predictor_predictions', id: '1', attributes: (call.body as any).data.attributes } }],
    });
    await api.ready;
    const section = document.querySelector('[data-kind="match_predictor_ranking"]')!;
    expect(words(section.querySelector('.u-predictions h3'))).toBe('Twoje typy');
    expect(api.calls[1].url.searchParams.get('filter[id]')).toBe('102,104');
    expect(words(form('102').querySelector('legend'))).toMatch(/^Legia Warszawa – Lech Poznań, /);
    expect(words(form('104').querySelector('legend'))).toMatch(/^Lech Poznań – Legia Warszawa, /);
    expect([...form('102').querySelectorAll('label')].map(words)).toEqual(['Bramki: Legia Warszawa', 'Bramki: Lech Poznań']);
    // Nothing sent until a prediction is saved: the fan is registered then.
    expect(api.calls.some((c) => c.url.pathname.endsWith('/fans'))).toBe(false);
    const [home, away] = form('102').querySelectorAll('input');
    home.value = '31';
    away.value = '0';
    form('102').requestSubmit();
    expect(words(form('102').querySelector('[role="alert"]'))).toBe('Podaj liczbę bramek od 0 do 30.');
    expect(home.getAttribute('aria-invalid')).toBe('true');
    home.value = '2';
    form('102').requestSubmit();
    await settle();
    const saved = api.calls.find((c) => c.method === 'POST' && c.url.pathname.endsWith('/predictions'))!;
    expect(saved.body).toEqual({ data: { type: 'match_predictor_predictions', attributes: { home_score: 2, away_score: 0 }, relationships: { match: { data: { type: 'matches', id: '102' } } } } });
    expect(words(form('102').querySelector('[role="status"]'))).toBe('Zapisano typ 2:0.');
    expect(words(form('102').querySelector('p.u-meta'))).toBe('Twój typ: 2:0');
  });

  it('shows the fan’s own predictions, says when predicting has closed, and when there is nothing to predict', async () => {
    const fan = memoryStore({ 'umpire:fan:ekstraklasa-demo': JSON.stringify({ token: 'mine', expiresAt: '2999-01-01T00:00:00Z', kind: 'device', id: '5', displayName: '' }) });
    const api = predictorPage(
      'en',
      {
        'GET /match_predictors/matches': (call) => [
          200,
          { ...upcoming, included: call.headers.authorization === 'Bearer mine' ? [{ type: 'match_predictor_predictions', id: '9', attributes: { home_score: 1, away_score: 1 }, relationships: { match: { data: { type: 'matches', id: '104' } } } }] : [] },
        ],
        'GET /matches': [200, names],
        'POST /match_predictors/predictions': [422, problem(422, 'predictionClosed')],
      },
      fan,
    );
    await api.ready;
    const [home, away] = form('104').querySelectorAll('input');
    expect([home.value, away.value]).toEqual(['1', '1']);
    expect(words(form('104').querySelector('p.u-meta'))).toBe('Your prediction: 1:1');
    form('104').requestSubmit();
    await settle();
    expect(words(form('104').querySelector('[role="alert"]'))).toBe('Predictions for this match are closed: it has kicked off.');
    expect(form('104').querySelector<HTMLButtonElement>('button')!.hidden).toBe(true);

    const none = predictorPage('pl', { 'GET /match_predictors/matches': [200, { data: [] }] });
    await none.ready;
    expect(words(document.querySelector('.u-predictions [role="status"]'))).toBe('Nie ma teraz meczów do typowania.');
  });
});

describe('the predictor in a match centre', () => {
  function centre(locale: 'pl' | 'en', id: string, routes: Parameters<typeof fakeApi>[0], store = memoryStore()) {
    renderPage({ locale, components: [component('c1', 'match', { match: ref('matches', id) })], included: football });
    const api = fakeApi(routes);
    const config = readConfig();
    const client = createApi(config, api.fetch);
    return { ...api, box: document.querySelector<HTMLElement>('[data-hydrate="match-predictor"]')!, ready: hydrateMatchPredictors(config, document, { api: client, session: createFanSession(config, client, store) }) };
  }
  const fan = () => memoryStore({ 'umpire:fan:ekstraklasa-demo': JSON.stringify({ token: 'mine', expiresAt: '2999-01-01T00:00:00Z', kind: 'device', id: '5', displayName: '' }) });

  it('offers the form for this match while it takes predictions, named by the page’s sides', async () => {
    const api = centre('pl', '102', {
      'GET /match_predictors/matches': [200, upcoming],
      'POST /fans': [201, fanAnswer('5', 'device', 'fan')],
      'POST /match_predictors/predictions': (call) => [201, { data: { type: 'match_predictor_predictions', id: '1', attributes: (call.body as any).data.attributes } }],
    });
    expect(api.box.hidden).toBe(true);
    await api.ready;
    expect(api.box.hidden).toBe(false);
    expect(words(api.box.querySelector('h3'))).toBe('Typer');
    // One match: this one, its sides read from the scoreboard (no other read).
    expect(api.box.querySelectorAll('form')).toHaveLength(1);
    expect(words(form('102').querySelector('legend'))).toBe('Legia Warszawa – Lech Poznań');
    expect(api.calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual(['GET /public/v1/match_predictors/matches']);
    const [home, away] = form('102').querySelectorAll('input');
    home.value = '1';
    away.value = '3';
    form('102').requestSubmit();
    await settle();
    expect(words(form('102').querySelector('[role="status"]'))).toBe('Zapisano typ 1:3.');
  });

  it('stays hidden for a visitor once the match has kicked off, asking nothing; shows a fan their prediction and its points', async () => {
    const visitor = centre('pl', '103', {});
    await visitor.ready;
    expect(visitor.box.hidden).toBe(true);
    expect(visitor.calls).toHaveLength(0);

    const mine = { type: 'match_predictor_predictions', id: '9', attributes: { home_score: 2, away_score: 2, points: 3, settled_at: '2026-11-28T17:00:00Z' }, relationships: { match: { data: { type: 'matches', id: '103' } } } };
    const other = { ...mine, id: '8', relationships: { match: { data: { type: 'matches', id: '104' } } } };
    const settled = centre('en', '103', { 'GET /match_predictors/predictions': [200, { data: [other, mine] }] }, fan());
    await settled.ready;
    expect(settled.calls[0].url.searchParams.get('filter[round]')).toBe('8');
    expect(settled.calls[0].headers.authorization).toBe('Bearer mine');
    expect(settled.box.hidden).toBe(false);
    expect(words(settled.box.querySelector('h3'))).toBe('Predictor');
    expect(words(settled.box.querySelector('p'))).toBe('Your prediction: 2:2 Points for it: 3.');

    // Not predicted: nothing to show.
    const none = centre('en', '103', { 'GET /match_predictors/predictions': [200, { data: [other] }] }, fan());
    await none.ready;
    expect(none.box.hidden).toBe(true);
  });
});
