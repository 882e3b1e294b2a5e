// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createApi } from './api';
import { hydrateFollowButtons, hydrateMyAlerts, type AlertsDeps } from './alerts';
import { readConfig } from './config';
import { createFanSession, type KeyValueStore } from './fan';
import { browserPushEnv, type PushEnv, type PushSubscriptionLike } from './follows';
import { fakeApi, fanAnswer, words } from './test/page';

/**
 * Following (issue 41, point 2) against a fan API in a box that keeps subscriptions as the server
 * does (POST by endpoint, PATCH, DELETE, GET the fan's own; news kept as the `news` topic), and a
 * browser whose permission and push subscription the test decides.
 */
const VAPID = 'BPublicKeyOfTheLeague';

function memoryStore(): KeyValueStore {
  const map = new Map<string, string>();
  return { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

interface Row {
  id: string;
  endpoint: string;
  locale: string;
  topics: string[];
  alert_kinds: string[];
}

function fanApi(rows: Row[] = []) {
  let next = rows.length + 1;
  const doc = (r: Row) => ({ data: { type: 'push_subscriptions', id: r.id, attributes: { endpoint: r.endpoint, platform: 'web', locale: r.locale, topics: [...r.topics, ...(r.alert_kinds.includes('news') ? ['news'] : [])].sort(), alert_kinds: r.alert_kinds } } });
  type A = { endpoint?: string; locale?: string; topics?: string[]; alert_kinds?: string[] };
  const write = (r: Row, a: A) => {
    if (a.locale) r.locale = a.locale;
    if (a.alert_kinds) r.alert_kinds = a.alert_kinds;
    if (a.topics) r.topics = a.topics.filter((t) => t !== 'news');
  };
  const api = fakeApi({
    'POST /fans': [201, fanAnswer('5', 'device', 'token-5')],
    'POST /fans/sign_in': [200, fanAnswer('9', 'account', 'token-9', 'Ola')],
    'GET /push/vapid_public_key': [200, { data: { type: 'push_vapid_keys', id: 'ekstraklasa-demo', attributes: { public_key: VAPID } } }],
    'GET /push/subscriptions': () => [200, { data: rows.map((r) => doc(r).data) }],
    'POST /push/subscriptions': (call) => {
      const a = (call.body as { data: { attributes: A } }).data.attributes;
      let r = rows.find((x) => x.endpoint === a.endpoint);
      const created = !r;
      if (!r) rows.push((r = { id: String(next++), endpoint: a.endpoint!, locale: 'pl', topics: [], alert_kinds: ['goal', 'red_card', 'full_time'] }));
      write(r, a);
      return [created ? 201 : 200, doc(r)];
    },
    'GET /clubs/7': [200, { data: { type: 'clubs', id: '7', attributes: { name: 'Raków Częstochowa' } } }],
    'GET /competitions/3': [200, { data: { type: 'competitions', id: '3', attributes: { name: 'PKO BP Ekstraklasa' } } }],
  });
  // PATCH and DELETE carry the id in the path: routed here by hand.
  const inner = api.fetch;
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const m = /\/push\/subscriptions\/(\d+)/.exec(String(input));
    if (m && (init.method === 'PATCH' || init.method === 'DELETE')) {
      api.calls.push({ method: init.method, url: new URL(String(input)), headers: {}, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
      const i = rows.findIndex((r) => r.id === m[1]);
      if (i < 0) return new Response(JSON.stringify({ errors: [{ status: '404', code: 'notFound' }] }), { status: 404 });
      if (init.method === 'DELETE') {
        rows.splice(i, 1);
        return new Response(null, { status: 204 });
      }
      write(rows[i], (JSON.parse(String(init.body)) as { data: { attributes: A } }).data.attributes);
      return new Response(JSON.stringify(doc(rows[i])), { status: 200 });
    }
    return inner(input, init);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls: api.calls, rows };
}

/** A browser with Web Push: its permission, its subscription (none until subscribe), and what was asked. */
function fakeBrowser(o: { permission?: NotificationPermission; answer?: NotificationPermission; unsupported?: 'unsupported' | 'needs-install' } = {}) {
  let permission = o.permission ?? 'default';
  let current: PushSubscriptionLike | null = null;
  const made = (): PushSubscriptionLike => ({
    endpoint: 'https://push.example.org/send/abc',
    toJSON: () => ({ endpoint: 'https://push.example.org/send/abc', keys: { p256dh: 'BKey', auth: 'secret' } }),
    unsubscribe: vi.fn(async () => {
      current = null;
      return true;
    }),
  });
  const env = {
    unsupported: () => o.unsupported ?? null,
    permission: () => permission,
    requestPermission: vi.fn(async () => (permission = o.answer ?? 'granted')),
    current: async () => current,
    subscribe: vi.fn(async (_key: string) => (current = made())),
  } satisfies PushEnv;
  return { env, get current() {
    return current;
  } };
}

function setUp(rows: Row[] = [], browser = fakeBrowser(), registered = false) {
  const config = readConfig();
  const server = fanApi(rows);
  const api = createApi(config, server.fetch);
  const store = memoryStore();
  if (registered) store.setItem('umpire:fan:ekstraklasa-demo', JSON.stringify({ token: 'token-5', expiresAt: new Date(Date.now() + 864e5).toISOString(), kind: 'device', id: '5', displayName: '' }));
  const deps: AlertsDeps = { api, session: createFanSession(config, api, store), env: browser.env, store };
  return { config, server, deps, browser };
}

beforeEach(() => {
  document.documentElement.lang = 'pl';
  document.documentElement.dataset.client = 'ekstraklasa-demo';
  document.documentElement.dataset.api = 'https://api.example.org/public/v1';
  document.documentElement.dataset.siteBase = '/site';
  document.body.innerHTML = '<main id="u-main"><h1>Raków Częstochowa</h1><div class="u-follow" data-follow="club:7" data-follow-name="Raków Częstochowa"></div></main>';
});

const button = () => document.querySelector<HTMLButtonElement>('.u-follow-button')!;
const status = () => words(document.querySelector('.u-follow [role="status"]'));
const alertLine = () => words(document.querySelector('.u-follow [role="alert"]'));

describe('the Follow button', () => {
  it('is a named toggle, and the page asks for nothing until the fan taps it', async () => {
    const { config, deps, browser, server } = setUp();
    await hydrateFollowButtons(config, document, deps);
    expect(button().getAttribute('aria-pressed')).toBe('false');
    // The visible word starts its name; what is followed completes it.
    expect(words(button())).toBe('Obserwuj klub Raków Częstochowa');
    expect(document.querySelector('.u-follow a')?.getAttribute('href')).toBe('/site/pl/moje-alerty');
    expect(browser.env.requestPermission).not.toHaveBeenCalled();
    expect(browser.env.subscribe).not.toHaveBeenCalled();
    // A reader who never took part is not registered as a fan just by opening the page.
    expect(server.calls).toEqual([]);
  });

  it('on a tap asks for permission, subscribes with the league key and stores the topic, the default kinds and the language', async () => {
    const { config, deps, browser, server } = setUp();
    await hydrateFollowButtons(config, document, deps);
    button().click();
    await vi.waitFor(() => expect(button().getAttribute('aria-pressed')).toBe('true'));
    expect(browser.env.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.env.subscribe).toHaveBeenCalledWith(VAPID);
    const post = server.calls.find((c) => c.method === 'POST' && c.url.pathname.endsWith('/push/subscriptions'))!;
    expect(post.headers.authorization).toBe('Bearer token-5');
    expect(post.body).toEqual({
      data: {
        type: 'push_subscriptions',
        attributes: { endpoint: 'https://push.example.org/send/abc', keys: { p256dh: 'BKey', auth: 'secret' }, platform: 'web', locale: 'pl', topics: ['club:7'], alert_kinds: ['goal', 'red_card', 'full_time'] },
      },
    });
    expect(status()).toBe('Obserwujesz: Raków Częstochowa. Alerty przyjdą na to urządzenie.');

    // A second tap unfollows, keeping the kinds (the server keeps news as a topic: both go together).
    button().click();
    await vi.waitFor(() => expect(button().getAttribute('aria-pressed')).toBe('false'));
    const patch = server.calls.find((c) => c.method === 'PATCH')!;
    expect(patch.body).toMatchObject({ data: { attributes: { topics: [], alert_kinds: ['goal', 'red_card', 'full_time'] } } });
    expect(status()).toBe('Nie obserwujesz już: Raków Częstochowa.');
    expect(browser.env.requestPermission).toHaveBeenCalledTimes(1);
  });

  it('shows as pressed what the fan already follows on this browser', async () => {
    const browser = fakeBrowser({ permission: 'granted' });
    await browser.env.subscribe(VAPID);
    const { config, deps } = setUp([{ id: '1', endpoint: 'https://push.example.org/send/abc', locale: 'pl', topics: ['club:7'], alert_kinds: ['goal'] }], browser, true);
    await hydrateFollowButtons(config, document, deps);
    expect(button().getAttribute('aria-pressed')).toBe('true');
  });

  it.each([
    ['denied', 'Powiadomienia z tej strony są zablokowane'],
    ['default', 'Nie zezwolono na powiadomienia, więc niczego nie obserwujesz.'],
  ] as const)('explains a refused permission (%s) in the page and follows nothing', async (answer, said) => {
    const browser = fakeBrowser({ answer });
    const { config, deps, server } = setUp([], browser);
    await hydrateFollowButtons(config, document, deps);
    button().click();
    await vi.waitFor(() => expect(status()).toContain(said));
    // Information, not an error: the fan chose.
    expect(alertLine()).toBe('');
    expect(button().getAttribute('aria-pressed')).toBe('false');
    expect(button().disabled).toBe(false);
    expect(browser.env.subscribe).not.toHaveBeenCalled();
    expect(server.calls.filter((c) => c.url.pathname.includes('/push/'))).toEqual([]);
  });

  it('says to add the site to the home screen where push needs an installed app (iOS), and another browser where there is none', async () => {
    for (const [why, said] of [['needs-install', 'Do ekranu początkowego'], ['unsupported', 'Ta przeglądarka nie potrafi pokazywać powiadomień']] as const) {
      document.body.innerHTML = '<div data-follow="match:155" data-follow-name="Legia – Lech"></div>';
      const browser = fakeBrowser({ unsupported: why });
      const { config, deps } = setUp([], browser);
      await hydrateFollowButtons(config, document, deps);
      expect(words(button())).toBe('Obserwuj mecz Legia – Lech');
      button().click();
      await vi.waitFor(() => expect(words(document.querySelector('[role="status"]'))).toContain(said));
      expect(browser.env.requestPermission).not.toHaveBeenCalled();
    }
  });
});

describe('My alerts', () => {
  beforeEach(() => {
    document.body.innerHTML = '<main id="u-main"><h1>Moje alerty</h1><div data-hydrate="my-alerts"><p>JS</p></div></main>';
  });

  it('lists what the fan follows by name (kept or read from the API), not the news topic, and unfollows one', async () => {
    const browser = fakeBrowser({ permission: 'granted' });
    await browser.env.subscribe(VAPID);
    const { config, deps, server } = setUp([{ id: '1', endpoint: 'https://push.example.org/send/abc', locale: 'pl', topics: ['club:7', 'competition:3'], alert_kinds: ['goal', 'news'] }], browser, true);
    await hydrateMyAlerts(config, document, deps);
    const list = document.querySelector('ul.u-follow-list')!;
    expect(document.getElementById(list.getAttribute('aria-labelledby')!)?.textContent).toBe('Obserwujesz');
    expect([...list.querySelectorAll('.u-follow-name')].map(words)).toEqual(['Raków Częstochowa', 'PKO BP Ekstraklasa']);
    // The kinds as stored, news among them (the server keeps it as the news topic).
    const checked = [...document.querySelectorAll<HTMLInputElement>('input[name="alert_kinds"]')].filter((b) => b.checked).map((b) => b.value);
    expect(checked).toEqual(['goal', 'news']);
    expect(document.querySelector<HTMLInputElement>('input[name="alert_locale"][value="pl"]')!.checked).toBe(true);

    document.querySelector<HTMLButtonElement>('[data-unfollow="club:7"]')!.click();
    await vi.waitFor(() => expect(document.querySelectorAll('.u-follow-list li')).toHaveLength(1));
    expect(server.rows[0].topics).toEqual(['competition:3']);
    expect(server.rows[0].alert_kinds).toEqual(['goal', 'news']);
    expect(document.querySelector<HTMLButtonElement>('[data-unfollow="competition:3"]')!.getAttribute('aria-label')).toBe('Przestań obserwować: PKO BP Ekstraklasa');
  });

  it('saves the kinds and the language as they change, keeps at least one kind, and turns alerts off on this device', async () => {
    const browser = fakeBrowser({ permission: 'granted' });
    const sub = await browser.env.subscribe(VAPID);
    const { config, deps, server } = setUp([{ id: '1', endpoint: 'https://push.example.org/send/abc', locale: 'pl', topics: ['club:7'], alert_kinds: ['goal'] }], browser, true);
    await hydrateMyAlerts(config, document, deps);
    const box = (kind: string) => document.querySelector<HTMLInputElement>(`input[name="alert_kinds"][value="${kind}"]`)!;
    box('half_time').click();
    await vi.waitFor(() => expect(server.rows[0].alert_kinds).toEqual(['goal', 'half_time']));
    await vi.waitFor(() => expect(box('goal').disabled).toBe(false));
    box('goal').click();
    await vi.waitFor(() => expect(server.rows[0].alert_kinds).toEqual(['half_time']));
    await vi.waitFor(() => expect(box('half_time').disabled).toBe(false));
    // The last one cannot go: alerts off is its own button.
    box('half_time').click();
    expect(box('half_time').checked).toBe(true);
    expect(words(document.querySelector('[role="alert"]'))).toContain('Wybierz co najmniej jeden rodzaj');
    document.querySelector<HTMLInputElement>('input[name="alert_locale"][value="en"]')!.click();
    await vi.waitFor(() => expect(server.rows[0].locale).toBe('en'));

    document.querySelector<HTMLButtonElement>('[data-action="alerts-off"]')!.click();
    await vi.waitFor(() => expect(server.rows).toEqual([]));
    expect(sub.unsubscribe).toHaveBeenCalled();
    await vi.waitFor(() => expect(words(document.querySelector('[role="status"]'))).toBe('Alerty na tym urządzeniu są wyłączone.'));
    expect(words(document.querySelector('.u-my-alerts-body'))).toContain('Nic jeszcze nie obserwujesz.');
  });

  it('an account fan on a new device sees the follows of their other devices and turns alerts on here with a tap', async () => {
    const browser = fakeBrowser();
    const { config, deps, server } = setUp([{ id: '1', endpoint: 'https://push.example.org/send/other-phone', locale: 'en', topics: ['club:7'], alert_kinds: ['goal', 'lineups'] }], browser, true);
    await hydrateMyAlerts(config, document, deps);
    expect([...document.querySelectorAll('.u-follow-name')].map(words)).toEqual(['Raków Częstochowa']);
    expect(document.querySelector('input[name="alert_kinds"]')).toBeNull();
    expect(browser.env.requestPermission).not.toHaveBeenCalled();
    document.querySelector<HTMLButtonElement>('[data-action="alerts-on"]')!.click();
    await vi.waitFor(() => expect(server.rows).toHaveLength(2));
    expect(browser.env.requestPermission).toHaveBeenCalledTimes(1);
    expect(server.rows[1]).toMatchObject({ endpoint: 'https://push.example.org/send/abc', topics: ['club:7'], alert_kinds: ['goal', 'lineups'], locale: 'en' });
    await vi.waitFor(() => expect(document.querySelector('input[name="alert_kinds"]')).not.toBeNull());
  });

  it('a device’s fan signs in to their account there and sees what the account follows', async () => {
    const { config, deps, server } = setUp([{ id: '1', endpoint: 'https://push.example.org/send/other-phone', locale: 'pl', topics: ['club:7'], alert_kinds: ['goal'] }]);
    await hydrateMyAlerts(config, document, deps);
    // Nobody yet: nothing is read, nothing followed.
    expect(words(document.querySelector('.u-my-alerts-body'))).toContain('Nic jeszcze nie obserwujesz.');
    expect(server.calls).toEqual([]);
    const form = document.querySelector<HTMLFormElement>('.u-alerts-account form')!;
    expect(words(document.querySelector('.u-alerts-account h2'))).toBe('Konto kibica');
    form.querySelector<HTMLInputElement>('input[type="email"]')!.value = 'ola@example.org';
    form.querySelector<HTMLInputElement>('input[type="password"]')!.value = 'tajne-haslo';
    form.requestSubmit();
    await vi.waitFor(() => expect([...document.querySelectorAll('.u-follow-name')].map(words)).toEqual(['Raków Częstochowa']));
    expect(server.calls.find((c) => c.method === 'GET' && c.url.pathname.endsWith('/push/subscriptions'))!.headers.authorization).toBe('Bearer token-9');
    expect(document.querySelector('.u-alerts-account')).toBeNull();
    expect(words(document.querySelector('[role="status"]'))).toBe('Zalogowano. Widzisz to, co obserwujesz na swoim koncie.');
  });

  it('explains, in English too, a browser without push and a permission blocked', async () => {
    document.documentElement.lang = 'en';
    const { config, deps } = setUp([], fakeBrowser({ unsupported: 'needs-install' }));
    await hydrateMyAlerts(config, document, deps);
    expect(words(document.querySelector('[data-alerts-why]'))).toContain('Add to Home Screen');
    document.body.innerHTML = '<div data-hydrate="my-alerts"></div>';
    const blocked = setUp([], fakeBrowser({ permission: 'denied' }));
    await hydrateMyAlerts(blocked.config, document, blocked.deps);
    expect(words(document.querySelector('[data-alerts-why="denied"]'))).toContain('Notifications from this site are blocked');
    expect(words(document.querySelector('.u-my-alerts-body'))).toContain('You follow nothing yet.');
  });
});

describe('the browser’s push support', () => {
  it('is missing on iOS outside an installed app (add it to the home screen), and elsewhere without PushManager', () => {
    const win = (userAgent: string, standalone: boolean) =>
      ({ navigator: { userAgent, platform: 'iPhone', maxTouchPoints: 5, standalone }, matchMedia: () => ({ matches: standalone }) }) as unknown as Window & typeof globalThis;
    expect(browserPushEnv(win('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)', false)).unsupported()).toBe('needs-install');
    expect(browserPushEnv(win('Mozilla/5.0 (X11; Linux x86_64) Firefox/140', false)).unsupported()).toBe('unsupported');
  });
});

