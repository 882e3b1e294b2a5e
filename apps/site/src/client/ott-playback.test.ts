// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { createApi } from './api';
import { readConfig } from './config';
import { createFanSession, type KeyValueStore } from './fan';
import { hydrateOttEvents } from './ott-playback';
import { component, fakeApi, fanAnswer, football, problem, ref, renderPage, settle, words } from './test/page';

/** A page of broadcasts: one free, one pay-per-view (an `events` component, as the renderers draw it). */
function eventsPage(locale: 'pl' | 'en' = 'pl') {
  renderPage({
    locale,
    components: [component('c1', 'events', { events: { data: [ref('ott_events', '1').data, ref('ott_events', '2').data] } })],
    included: [
      { type: 'ott_events', id: '1', attributes: { title: 'Legia – Lech na żywo', status: 'live', access: 'free' } },
      { type: 'ott_events', id: '2', attributes: { title: 'Finał pucharu', status: 'live', access: 'pay_per_view' } },
    ],
  });
}

/** A match centre whose match has two broadcasts of its own (the site's `{component}:events` list): one free, one pay-per-view. */
function matchCentrePage() {
  const event = (id: string, title: string, access: string) => ({ type: 'ott_events', id, attributes: { title, status: 'live', access }, relationships: { match: ref('matches', '101') } });
  renderPage({
    components: [component('c1', 'match', { match: ref('matches', '101') })],
    included: football,
    feeds: { 'c1:events': { data: [event('1', 'Legia – Lech na żywo', 'free'), event('2', 'Legia – Lech: cały mecz', 'pay_per_view')] } },
  });
}

const playback = (id: string, url: string | null) => ({ data: { type: 'ott_playbacks', id, attributes: { kind: url ? 'live' : null, url, expires_at: null, access: 'free', status: 'live' } } });

function memoryStore(entries: Record<string, string> = {}): KeyValueStore & { map: Map<string, string> } {
  const map = new Map(Object.entries(entries));
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

function start(routes: Parameters<typeof fakeApi>[0], store = memoryStore()) {
  const api = fakeApi(routes);
  const config = readConfig();
  const client = createApi(config, api.fetch);
  const attach = vi.fn(async () => () => {});
  hydrateOttEvents(config, document, { api: client, session: createFanSession(config, client, store), attach });
  return { ...api, attach, store };
}

const card = (id: string) => document.querySelector<HTMLElement>(`[data-ott-type="ott_events"][data-ott-id="${id}"]`)!;
const watch = (id: string) => card(id).querySelector<HTMLButtonElement>('[data-action="watch"]')!;
const alertOf = (id: string) => words(card(id).querySelector('[role="alert"]'));

describe('broadcasts', () => {
  it('gives each event card a Watch button naming the event, and plays a free one in the card', async () => {
    eventsPage();
    const api = start({ 'GET /ott/events/1/playback': [200, playback('1', 'https://cdn.example/ott/hls/live/1/index.m3u8')] });
    expect(card('1').dataset.access).toBe('free');
    expect(words(watch('1'))).toBe('Oglądaj: Legia – Lech na żywo');
    watch('1').click();
    await settle();
    expect(api.calls[0].headers.authorization).toBeUndefined();
    const video = card('1').querySelector('video')!;
    expect(video.getAttribute('aria-label')).toBe('Wideo: Legia – Lech na żywo');
    expect(api.attach).toHaveBeenCalledWith(video, 'https://cdn.example/ott/hls/live/1/index.m3u8', expect.objectContaining({ play: true }));
    expect(watch('1').hidden).toBe(true);
    expect(card('1').querySelector<HTMLElement>('.u-card-image')?.hidden ?? true).toBe(true);
  });

  it('asks a visitor to sign in for a paid event, signs in with the form and plays it', async () => {
    eventsPage();
    const api = start({
      'GET /ott/events/2/playback': (call) => (call.headers.authorization === 'Bearer account-token' ? [200, playback('2', 'https://cdn.example/ott/hls/live/2/index.m3u8?sig=x')] : [401, problem(401, 'unauthorized')]),
      'POST /fans/sign_in': (call) =>
        (call.body as any).data.attributes.password === 'right-password' ? [200, fanAnswer('8', 'account', 'account-token', 'Kasia')] : [401, problem(401, 'invalidCredentials')],
    });
    watch('2').click();
    await settle();
    expect(alertOf('2')).toBe('Ta transmisja jest płatna. Zaloguj się na konto kibica, aby ją obejrzeć.');
    const form = card('2').querySelector<HTMLFormElement>('form.u-sign-in')!;
    expect(document.activeElement).toBe(form.querySelector('input[type="email"]'));
    // Empty fields: said in the page's language, no call.
    form.requestSubmit();
    expect(words(form.querySelector('[role="alert"]'))).toBe('Podaj e-mail i hasło.');
    (form.querySelector('input[type="email"]') as HTMLInputElement).value = 'kasia@example.org';
    (form.querySelector('input[type="password"]') as HTMLInputElement).value = 'wrong-password';
    form.requestSubmit();
    await settle();
    expect(words(form.querySelector('[role="alert"]'))).toBe('Nieprawidłowy e-mail lub hasło.');
    (form.querySelector('input[type="password"]') as HTMLInputElement).value = 'right-password';
    form.requestSubmit();
    await settle(10);
    expect(api.calls.filter((c) => c.url.pathname.endsWith('/playback')).map((c) => c.headers.authorization)).toEqual([undefined, 'Bearer account-token']);
    expect(api.attach).toHaveBeenCalledWith(expect.anything(), 'https://cdn.example/ott/hls/live/2/index.m3u8?sig=x', expect.anything());
    expect(card('2').querySelector('form.u-sign-in')).toBeNull();
  });

  it('says a paid event needs access bought, and offers signing in with another account only to a device fan', async () => {
    eventsPage('en');
    const device = memoryStore({ 'umpire:fan:ekstraklasa-demo': JSON.stringify({ token: 'device-token', expiresAt: '2999-01-01T00:00:00Z', kind: 'device', id: '3', displayName: '' }) });
    const api = start({ 'GET /ott/events/2/playback': [403, problem(403, 'entitlementRequired', 'server words')] }, device);
    watch('2').click();
    await settle();
    expect(api.calls[0].headers.authorization).toBe('Bearer device-token');
    expect(alertOf('2')).toBe('This broadcast is paid: buy a ticket or a subscription to watch it.');
    expect(words(card('2').querySelector('.u-watch-extra p'))).toBe('Bought access with another account? Sign in with it.');
    expect(card('2').querySelector('form.u-sign-in')).not.toBeNull();

    eventsPage('pl');
    const account = memoryStore({ 'umpire:fan:ekstraklasa-demo': JSON.stringify({ token: 'account-token', expiresAt: '2999-01-01T00:00:00Z', kind: 'account', id: '8', displayName: 'Kasia' }) });
    start({ 'GET /ott/events/2/playback': [403, problem(403, 'entitlementRequired')] }, account);
    watch('2').click();
    await settle();
    expect(alertOf('2')).toBe('Ta transmisja jest płatna: kup bilet lub abonament, aby ją obejrzeć.');
    expect(card('2').querySelector('form.u-sign-in')).toBeNull();
  });

  it('says where an event cannot be watched, that it is not available, or that it has not started', async () => {
    const cases: [string, [number, unknown], string, string][] = [
      ['country', [403, problem(403, 'playbackCountryNotAllowed')], 'Ta transmisja nie jest dostępna w Twoim kraju.', 'This broadcast is not available in your country.'],
      ['gone', [404, problem(404, 'notFound')], 'Ta transmisja nie jest dostępna.', 'This broadcast is not available.'],
      ['busy', [429, problem(429, 'tooManyRequests')], 'Zbyt wiele prób w krótkim czasie. Spróbuj ponownie za chwilę.', 'Too many attempts in a short time. Try again in a moment.'],
      ['broken', [500, problem(500, 'internal', 'stack')], 'Coś poszło nie tak. Spróbuj ponownie później.', 'Something went wrong. Try again later.'],
    ];
    for (const [, answer, pl, en] of cases)
      for (const [locale, expected] of [['pl', pl], ['en', en]] as const) {
        eventsPage(locale);
        start({ 'GET /ott/events/1/playback': answer });
        watch('1').click();
        await settle();
        expect(alertOf('1')).toBe(expected);
        expect(watch('1').disabled).toBe(false);
        expect(card('1').querySelector('form')).toBeNull();
      }
    eventsPage('en');
    start({ 'GET /ott/events/1/playback': [200, playback('1', null)] });
    watch('1').click();
    await settle();
    expect(words(card('1').querySelector('[role="status"]'))).toBe('This broadcast has not started yet. Come back when it is live.');
    expect(card('1').querySelector('video')).toBeNull();
  });

  it("plays a match centre's free broadcast and asks a fan's entitlement for its paid one, as on an events component", async () => {
    matchCentrePage();
    expect(document.querySelector('[data-match-centre] .u-match-events')).not.toBeNull();
    const api = start({
      'GET /ott/events/1/playback': [200, playback('1', 'https://cdn.example/ott/hls/live/1/index.m3u8')],
      'GET /ott/events/2/playback': (call) => (call.headers.authorization ? [403, problem(403, 'entitlementRequired')] : [401, problem(401, 'unauthorized')]),
    });
    expect(words(watch('1'))).toBe('Oglądaj: Legia – Lech na żywo');
    watch('1').click();
    await settle();
    expect(api.attach).toHaveBeenCalledWith(card('1').querySelector('video'), 'https://cdn.example/ott/hls/live/1/index.m3u8', expect.objectContaining({ play: true }));
    // The paid one: only its playback route decides, with the fan's token; without one, sign in.
    watch('2').click();
    await settle();
    expect(api.calls.map((c) => c.url.pathname)).toEqual(['/public/v1/ott/events/1/playback', '/public/v1/ott/events/2/playback']);
    expect(alertOf('2')).toBe('Ta transmisja jest płatna. Zaloguj się na konto kibica, aby ją obejrzeć.');
    expect(card('2').querySelector('form.u-sign-in')).not.toBeNull();
    expect(card('2').querySelector('video')).toBeNull();
  });
});
