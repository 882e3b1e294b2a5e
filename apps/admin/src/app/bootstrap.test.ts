import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY, TOKEN_STORAGE_KEY } from '@umpire/schema';
import { LAST_LANGUAGE_KEY } from '../lib/language';
import { makeToken } from '../test/tokens';

vi.mock('../lib/images', async (original) => ({ ...(await original<typeof import('../lib/images')>()), detectWebp: vi.fn(async () => true) }));

const configuration = {
  interface_languages: ['pl', 'en'],
  default_language: 'pl',
  umpire_api_url: 'http://localhost:3000/api/v3',
  umpire_moderator_api_url: 'http://localhost:3000/api/v3',
  auth_api_url: 'http://localhost:3000/auth/v1',
  media_library_api_url: 'http://localhost:3000/media/v1',
  cdn_id: 'umpire',
  cdn_host: 'localhost:3000/img',
  assets_bucket: 'assets',
  analytics_id: null,
};

function mockFetch(config: Response | (() => Response | Promise<Response>)) {
  const calls: { url: string; init?: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      if (url.includes('/settings/configurations')) return typeof config === 'function' ? config() : config.clone();
      const lang = /\/assets\/i18n\/\w+\/(\w+)\.json/.exec(url)?.[1];
      if (lang) return new Response(JSON.stringify({ app: { name: `Umpire ${lang}` } }), { headers: { 'Content-Type': 'application/json' } });
      return new Response('not found', { status: 404 });
    }),
  );
  return calls;
}

/** The translation files asked for, in order, without the build's `?v=`. */
const translationCalls = (calls: { url: string }[]) => calls.filter((c) => c.url.includes('/assets/i18n/')).map((c) => c.url.replace(/\?.*/, ''));
const filesOf = (lang: string) => ['framework', 'app', 'messages'].map((folder) => `/assets/i18n/${folder}/${lang}.json`);
const ready = (attributes: Record<string, unknown> = configuration) => json({ data: { id: 'umpire', type: 'configurations', attributes } });

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/vnd.api+json' } });

describe('start-up', () => {
  // The first import transforms the start-up's whole module graph (2 s alone, over the first test's
  // 5 s beside the type checks and ESLint in npm test): paid once here; the tests' imports reuse it.
  beforeAll(async () => {
    await import('./bootstrap');
  }, 60_000);
  beforeEach(() => {
    vi.resetModules();
    // jsdom has none; browsers the app supports do.
    vi.stubGlobal('ResizeObserver', class {});
    window.history.replaceState(null, '', '/clubs?page=2');
  });
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
  });

  it('refuses a browser without ResizeObserver with the spec message', async () => {
    vi.stubGlobal('ResizeObserver', undefined);
    const { startUp } = await import('./bootstrap');
    const result = await startUp();
    expect(result.kind === 'error' && result.error.message).toBe('ResizeObserver is not supported in your browser');
  });

  it('sends a visitor without a token to the gateway with the current address', async () => {
    const { startUp } = await import('./bootstrap');
    const calls = mockFetch(json({}));
    await expect(startUp()).resolves.toEqual({
      kind: 'redirect',
      url: `http://localhost:3000/auth/v1/sign_in?redirect=${encodeURIComponent('http://localhost:3000/clubs?page=2')}`,
    });
    expect(calls).toHaveLength(0);
  });

  it('stores an address token, loads the configuration with it and picks the interface language', async () => {
    const token = makeToken();
    window.history.replaceState(null, '', `/clubs?token=${token}`);
    const calls = mockFetch(ready());
    const { startUp } = await import('./bootstrap');
    const result = await startUp();
    expect(result.kind).toBe('ready');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
    expect(window.location.search).toBe('');
    const config = calls.find((c) => c.url.includes('/settings/configurations'))!;
    expect(config.url).toBe('/api/v3/settings/configurations?resource=client&product=umpire');
    expect(new Headers(config.init?.headers).get('Authorization')).toBe(`Bearer ${token}`);
    // First visit: nothing to go by but the browser (jsdom's en-US), so both sets are asked for at once.
    expect(translationCalls(calls)).toEqual([...filesOf('en'), ...filesOf('pl')]);
    expect(document.documentElement.lang).toBe('pl');
    if (result.kind === 'ready') {
      expect(result.runtime.urls).toEqual({ umpire: '/api/v3', auth: '/auth/v1', mediaLibrary: '/media/v1' });
      expect(result.runtime.languages).toEqual(['pl', 'en']);
    }
  });

  it('asks for the likely translations together with the configuration, once, when the guess is right', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, makeToken());
    localStorage.setItem(LAST_LANGUAGE_KEY, 'pl');
    let answer!: (response: Response) => void;
    const calls = mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { startUp } = await import('./bootstrap');
    const started = startUp();
    // The configuration has not answered yet, and the translations are already on their way.
    await vi.waitFor(() => expect(answer).toBeTypeOf('function'));
    expect(translationCalls(calls)).toEqual(filesOf('pl'));
    answer(ready());
    const result = await started;
    expect(result.kind).toBe('ready');
    expect(translationCalls(calls)).toEqual(filesOf('pl'));
    const { translate } = await import('../lib/i18n');
    expect(translate('app.name')).toBe('Umpire pl');
  });

  it('fetches the configured language after a wrong guess, and guesses it next time', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, makeToken());
    localStorage.setItem(LAST_LANGUAGE_KEY, 'en');
    const calls = mockFetch(ready({ ...configuration, interface_languages: ['pl'], default_language: 'pl' }));
    const { startUp } = await import('./bootstrap');
    const result = await startUp();
    expect(result.kind === 'ready' && result.runtime.language).toBe('pl');
    expect(translationCalls(calls)).toEqual([...filesOf('en'), ...filesOf('pl')]);
    const { translate } = await import('../lib/i18n');
    expect(translate('app.name')).toBe('Umpire pl');
    expect(document.documentElement.lang).toBe('pl');
    expect(localStorage.getItem(LAST_LANGUAGE_KEY)).toBe('pl');
  });

  it('passes over a stored language the configuration no longer lists', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, makeToken());
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    mockFetch(ready({ ...configuration, interface_languages: ['pl', 'de'], default_language: 'de' }));
    const { startUp } = await import('./bootstrap');
    const result = await startUp();
    expect(result.kind === 'ready' && result.runtime).toMatchObject({ language: 'pl', languages: ['pl'] });
  });

  it('shows a failed start in the guessed language without asking for its texts again', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, makeToken());
    localStorage.setItem(LAST_LANGUAGE_KEY, 'pl');
    const calls = mockFetch(() => json({ errors: [] }, 500));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { prepareErrorTexts, startUp } = await import('./bootstrap');
    expect((await startUp()).kind).toBe('error');
    await prepareErrorTexts();
    expect(translationCalls(calls)).toEqual(filesOf('pl'));
    const { translate } = await import('../lib/i18n');
    expect(translate('app.name')).toBe('Umpire pl');
    expect(document.documentElement.lang).toBe('pl');
  });

  it('logs a failed configuration request and offers a retry', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, makeToken());
    mockFetch(() => json({ errors: [] }, 500));
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { startUp } = await import('./bootstrap');
    const result = await startUp();
    expect(result).toMatchObject({ kind: 'error', retryable: true });
    expect(error).toHaveBeenCalled();
  });

  it('sends a token the server refuses back to the gateway', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, makeToken());
    mockFetch(() => json({ errors: [] }, 401));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { startUp } = await import('./bootstrap');
    expect((await startUp()).kind).toBe('redirect');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('stops with the spec message when a base address is missing', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, makeToken());
    mockFetch(json({ data: { attributes: { ...configuration, auth_api_url: '' } } }));
    const { startUp } = await import('./bootstrap');
    const result = await startUp();
    expect(result).toMatchObject({ kind: 'error', retryable: false });
    if (result.kind === 'error') expect(result.error.message).toBe('Please provide value for AUTH base API url');

    vi.stubEnv('VITE_UMPIRE_API_URL', '');
    vi.resetModules();
    const again = await (await import('./bootstrap')).startUp();
    expect(again.kind === 'error' && again.error.message).toBe('Please provide value for UMPIRE base API url');
  });
});
