import { describe, expect, it, vi } from 'vitest';
import { chooseLanguage, switchLanguage } from './language';

describe('interface language (spec §9)', () => {
  it('prefers the stored language when configured', () => {
    expect(chooseLanguage('en', ['pl', 'en'], 'pl')).toBe('en');
  });
  it('falls back to the default, then the first configured, then en', () => {
    expect(chooseLanguage('de', ['pl', 'en'], 'en')).toBe('en');
    expect(chooseLanguage('en', ['pl'], 'pl')).toBe('pl');
    expect(chooseLanguage(null, ['pl', 'en'], 'lt')).toBe('pl');
    expect(chooseLanguage(null, [], null)).toBe('en');
  });
  it('stores the choice, sets <html lang> and reloads', () => {
    const reload = vi.fn();
    switchLanguage('en', reload);
    expect(localStorage.getItem('preferredLanguage')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(reload).toHaveBeenCalledOnce();
  });
});
