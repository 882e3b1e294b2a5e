import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage, guessLanguage, interfaceLanguages, LAST_LANGUAGE_KEY, likelyLanguages, switchLanguage } from './language';

describe('interface language (spec §9)', () => {
  afterEach(() => localStorage.clear());

  it('prefers the stored language when configured', () => {
    expect(chooseLanguage('en', ['pl', 'en'], 'pl')).toBe('en');
  });
  it('falls back to the default, then the first configured, then en', () => {
    expect(chooseLanguage('de', ['pl', 'en'], 'en')).toBe('en');
    expect(chooseLanguage('en', ['pl'], 'pl')).toBe('pl');
    expect(chooseLanguage(null, ['pl', 'en'], 'lt')).toBe('pl');
    expect(chooseLanguage(null, [], null)).toBe('en');
  });
  it('passes over a stored value no longer configured', () => {
    expect(chooseLanguage('en', ['pl'], null)).toBe('pl');
    expect(chooseLanguage('en', ['pl'], 'en')).toBe('pl');
  });
  it('passes over a default that is not among the interface languages', () => {
    expect(chooseLanguage(null, ['en', 'pl'], 'de')).toBe('en');
    expect(chooseLanguage(null, ['en'], 'pl')).toBe('en');
  });
  it('uses en when the list is empty or missing, whatever the default and the stored value say', () => {
    expect(chooseLanguage('pl', [], 'pl')).toBe('en');
    expect(chooseLanguage(null, null, 'pl')).toBe('en');
    expect(chooseLanguage(null, undefined, undefined)).toBe('en');
  });
  it('ignores languages it has no translations for, in the list too', () => {
    expect(chooseLanguage(null, ['de', 'lt', 'en'], 'de')).toBe('en');
    expect(chooseLanguage('de', ['de'], 'de')).toBe('en');
    expect(interfaceLanguages(['de', 'PL', ' en ', 'pl', 7, null])).toEqual(['pl', 'en']);
  });
  it('stores the choice, sets <html lang> and reloads', () => {
    const reload = vi.fn();
    switchLanguage('en', reload);
    expect(localStorage.getItem('preferredLanguage')).toBe('en');
    expect(localStorage.getItem(LAST_LANGUAGE_KEY)).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(reload).toHaveBeenCalledOnce();
  });
});

describe('the language guessed before the configuration arrives', () => {
  afterEach(() => localStorage.clear());

  it('is the last start-up’s, else the stored preference, else the browser’s, else en', () => {
    expect(guessLanguage(['de-DE', 'fr'])).toBe('en');
    expect(guessLanguage(['de-DE', 'pl-PL', 'en'])).toBe('pl');
    localStorage.setItem('preferredLanguage', 'en');
    expect(guessLanguage(['pl-PL'])).toBe('en');
    localStorage.setItem(LAST_LANGUAGE_KEY, 'pl');
    expect(guessLanguage(['en-US'])).toBe('pl');
    localStorage.setItem(LAST_LANGUAGE_KEY, 'de');
    expect(guessLanguage([])).toBe('en');
  });

  it('fetches for the one known language, or on a first visit for all, the browser’s first', () => {
    expect(likelyLanguages(['pl-PL', 'en'])).toEqual(['pl', 'en']);
    expect(likelyLanguages(['de'])).toEqual(['en', 'pl']);
    localStorage.setItem(LAST_LANGUAGE_KEY, 'pl');
    expect(likelyLanguages(['en-US'])).toEqual(['pl']);
  });
});
