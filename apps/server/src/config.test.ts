import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_SIGN_IN_LIMITS, parseLanguages, parseSignInLimits } from './config';
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
