import { describe, expect, it } from 'vitest';
import type { IncomingMessage } from 'node:http';
import { clientAddress, ConfigError, configuredOrigin, DEFAULT_SIGN_IN_LIMITS, parseCablePublic, parseLanguages, parsePaymentWebhookLimit, parseSignInLimits, parseSiteCacheMs, parseSlowRequestMs, parseTrustProxy } from './config';
import { clientLanguages } from './client/routes';

describe('sign-in limits from the environment', () => {
  it('reads SIGN_IN_LIMITS (scope=max/seconds) and SIGN_IN_LIMIT (the per-pair maximum)', () => {
    expect(parseSignInLimits(undefined, undefined)).toEqual(DEFAULT_SIGN_IN_LIMITS);
    expect(parseSignInLimits('address=200/900, device=5/30', '7')).toEqual({
      ...DEFAULT_SIGN_IN_LIMITS,
      pair: { ...DEFAULT_SIGN_IN_LIMITS.pair, max: 7 },
      address: { max: 200, windowSeconds: 900 },
      device: { max: 5, windowSeconds: 30 },
    });
  });

  it('refuses what it cannot read instead of running without limits', () => {
    expect(() => parseSignInLimits('office=1/1', undefined)).toThrow(/SIGN_IN_LIMITS/);
    expect(() => parseSignInLimits('pair=0/60', undefined)).toThrow(/at least 1/);
    expect(() => parseSignInLimits(undefined, 'ten')).toThrow(/at least 1/);
  });
});

describe('INTERFACE_LANGUAGES and DEFAULT_LANGUAGE', () => {
  it('ship Polish and English, Polish first and so the default', () => {
    expect(parseLanguages({})).toEqual({ interfaceLanguages: ['pl', 'en'], defaultLanguage: 'pl' });
  });
  it('take the league’s list in its order, case and spaces aside, each once', () => {
    expect(parseLanguages({ INTERFACE_LANGUAGES: ' EN , pl,en ' })).toEqual({ interfaceLanguages: ['en', 'pl'], defaultLanguage: 'en' });
    expect(parseLanguages({ INTERFACE_LANGUAGES: 'en,pl', DEFAULT_LANGUAGE: 'PL' })).toEqual({ interfaceLanguages: ['en', 'pl'], defaultLanguage: 'pl' });
  });
  it('read an empty DEFAULT_LANGUAGE as none: the first language is the default', () => {
    expect(parseLanguages({ INTERFACE_LANGUAGES: 'en,pl', DEFAULT_LANGUAGE: ' ' }).defaultLanguage).toBe('en');
  });
  it.each([
    [{ INTERFACE_LANGUAGES: '' }, /^INTERFACE_LANGUAGES is empty/],
    [{ INTERFACE_LANGUAGES: 'pl,lt,de' }, /names lt, de, which the admin has no translations for; the interface languages are pl, en\.$/],
    [{ INTERFACE_LANGUAGES: 'pl', DEFAULT_LANGUAGE: 'en' }, /^DEFAULT_LANGUAGE=en is not one of INTERFACE_LANGUAGES \(pl\)\.$/],
    [{ DEFAULT_LANGUAGE: 'de' }, /^DEFAULT_LANGUAGE=de is not one of INTERFACE_LANGUAGES \(pl, en\)\.$/],
  ])('refuse %o with a message saying what to write', (env, message) => {
    expect(() => parseLanguages(env)).toThrow(ConfigError);
    expect(() => parseLanguages(env)).toThrow(message);
  });
});

describe('a client’s languages (spec §9 order, within the installation’s)', () => {
  const installation = { interfaceLanguages: ['pl', 'en'] as ('pl' | 'en')[], defaultLanguage: 'pl' as const };
  it('are the installation’s until the client sets its own', () => {
    expect(clientLanguages(installation, {})).toEqual({ interface_languages: ['pl', 'en'], default_language: 'pl' });
  });
  it('take the client’s default when offered, else the installation’s, else the first', () => {
    expect(clientLanguages(installation, { default_language: 'en' })).toEqual({ interface_languages: ['pl', 'en'], default_language: 'en' });
    expect(clientLanguages(installation, { interface_languages: ['en'], default_language: 'pl' })).toEqual({ interface_languages: ['en'], default_language: 'en' });
    expect(clientLanguages({ interfaceLanguages: ['en', 'pl'], defaultLanguage: 'pl' }, { interface_languages: ['en', 'pl'] }).default_language).toBe('pl');
  });
  it('drop what the installation no longer offers, and fall back to its list when nothing is left', () => {
    const englishOnly = { interfaceLanguages: ['en'] as ('pl' | 'en')[], defaultLanguage: 'en' as const };
    expect(clientLanguages(englishOnly, { interface_languages: ['pl', 'en'], default_language: 'pl' })).toEqual({ interface_languages: ['en'], default_language: 'en' });
    expect(clientLanguages(englishOnly, { interface_languages: ['pl'], default_language: 'pl' })).toEqual({ interface_languages: ['en'], default_language: 'en' });
  });
});

describe('TRUST_PROXY and the client address', () => {
  /** A request from `socket` that arrived with `forwarded` as its X-Forwarded-For. */
  const request = (socket: string, forwarded?: string) =>
    ({ headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded }, socket: { remoteAddress: socket } }) as unknown as IncomingMessage;
  const address = (setting: string | undefined, socket: string, forwarded?: string) => clientAddress(request(socket, forwarded), parseTrustProxy(setting));

  it('ignores X-Forwarded-For when unset, false or 0', () => {
    for (const setting of [undefined, '', ' false ', '0']) {
      expect(parseTrustProxy(setting)).toBe(false);
      expect(address(setting, '10.0.0.2', '203.0.113.7, 198.51.100.1')).toBe('10.0.0.2');
    }
  });

  it('takes as many entries from the right as there are proxies (a hop count)', () => {
    expect(address('1', '10.0.0.2', '203.0.113.7, 198.51.100.1')).toBe('198.51.100.1');
    expect(address('2', '10.0.0.2', '203.0.113.7, 198.51.100.1')).toBe('203.0.113.7');
    expect(address('1', '10.0.0.2')).toBe('10.0.0.2');
  });

  it('believes only the named proxies: the right-most address none of them is', () => {
    const proxies = '10.0.0.2, 10.1.0.0/16';
    expect(address(proxies, '10.0.0.2', '203.0.113.7, 198.51.100.1, 10.1.4.4')).toBe('198.51.100.1');
    // Not from a proxy: what it claims is not read.
    expect(address(proxies, '192.0.2.50', '203.0.113.7')).toBe('192.0.2.50');
    expect(address('loopback', '127.0.0.1', '203.0.113.7')).toBe('203.0.113.7');
  });

  it.each([
    ['true', /^TRUST_PROXY=true would take the left-most X-Forwarded-For address, which the client writes itself; name what to trust instead: .*TRUST_PROXY=1 .*TRUST_PROXY=10\.0\.0\.5/],
    ['TRUE', /^TRUST_PROXY=true/],
    ['proxy.example', /^TRUST_PROXY=proxy\.example: invalid IP address: proxy\.example; write how many proxies/],
    ['1.5', /^TRUST_PROXY=1\.5: 1\.5 is neither a number of proxies nor an address/],
    ['10.0.0.0/33', /invalid range on address/],
  ])('refuses TRUST_PROXY=%s with a message saying what to write', (setting, message) => {
    expect(() => parseTrustProxy(setting)).toThrow(ConfigError);
    expect(() => parseTrustProxy(setting)).toThrow(message);
  });
});

describe("the public /cable's bounds per connection", () => {
  it('default to 50 subscriptions, identifiers of 1 KB, 20 subscribes in 10 s and 1,000 snapshots', () => {
    expect(parseCablePublic({})).toEqual({ subscriptions: 50, identifierBytes: 1024, subscribeRate: { max: 20, windowSeconds: 10 }, snapshotCache: 1000 });
    expect(
      parseCablePublic({ CABLE_PUBLIC_SUBSCRIPTIONS_PER_CONNECTION: '5', CABLE_PUBLIC_IDENTIFIER_BYTES: '256', CABLE_PUBLIC_SUBSCRIBE_RATE: '30/60', CABLE_SNAPSHOT_CACHE: '10' }),
    ).toEqual({ subscriptions: 5, identifierBytes: 256, subscribeRate: { max: 30, windowSeconds: 60 }, snapshotCache: 10 });
  });
  it.each([
    [{ CABLE_PUBLIC_SUBSCRIPTIONS_PER_CONNECTION: '0' }, /^CABLE_PUBLIC_SUBSCRIPTIONS_PER_CONNECTION=0: write a whole number of at least 1/],
    [{ CABLE_PUBLIC_IDENTIFIER_BYTES: '1kb' }, /^CABLE_PUBLIC_IDENTIFIER_BYTES=1kb/],
    [{ CABLE_PUBLIC_SUBSCRIBE_RATE: '20' }, /^CABLE_PUBLIC_SUBSCRIBE_RATE=20: write max\/seconds/],
  ])('refuse %o', (env, message) => {
    expect(() => parseCablePublic(env)).toThrow(ConfigError);
    expect(() => parseCablePublic(env)).toThrow(message);
  });
});

describe('configuredOrigin and PAYMENT_WEBHOOK_LIMIT', () => {
  it('names PUBLIC_URL, else the address the server listens on, never anything a request says', () => {
    expect(configuredOrigin({ publicUrl: 'https://liga.example/', host: '0.0.0.0' }, 8080)).toBe('https://liga.example');
    expect(configuredOrigin({ publicUrl: null, host: '0.0.0.0' }, 8080)).toBe('http://localhost:8080');
    expect(configuredOrigin({ publicUrl: null, host: '::' }, 8080)).toBe('http://localhost:8080');
    expect(configuredOrigin({ publicUrl: null, host: '127.0.0.1' }, 41234)).toBe('http://127.0.0.1:41234');
    expect(configuredOrigin({ publicUrl: null, host: '::1' }, 8080)).toBe('http://[::1]:8080');
  });

  it('reads the webhook limit as max/seconds, 300 a minute by default, and refuses anything else', () => {
    expect(parsePaymentWebhookLimit(undefined)).toEqual({ max: 300, windowSeconds: 60 });
    expect(parsePaymentWebhookLimit(' 50/10 ')).toEqual({ max: 50, windowSeconds: 10 });
    for (const bad of ['0/60', '60', '60/0', 'a/b', '-1/60']) expect(() => parsePaymentWebhookLimit(bad), bad).toThrow(ConfigError);
  });
});

describe('SLOW_REQUEST_MS', () => {
  it('is whole milliseconds, 1000 by default, 0 for every request', () => {
    expect(parseSlowRequestMs(undefined)).toBe(1000);
    expect(parseSlowRequestMs(' 250 ')).toBe(250);
    expect(parseSlowRequestMs('0')).toBe(0);
    for (const bad of ['-1', '1.5', 'fast', '1e3']) expect(() => parseSlowRequestMs(bad), bad).toThrow(ConfigError);
  });
});

describe('SITE_CACHE_MS', () => {
  it('is whole milliseconds, 1000 by default, 0 to keep no rendered page', () => {
    expect(parseSiteCacheMs(undefined)).toBe(1000);
    expect(parseSiteCacheMs(' ')).toBe(1000);
    expect(parseSiteCacheMs('0')).toBe(0);
    expect(parseSiteCacheMs('5000')).toBe(5000);
    for (const bad of ['-1', '1.5', 'long', '1e3']) expect(() => parseSiteCacheMs(bad), bad).toThrow(ConfigError);
  });
});
