import { describe, expect, it, vi } from 'vitest';
import { choiceLabel, initI18n, loadTranslations, translate, hasTranslation } from './i18n';

describe('translations', () => {
  it('merge the three folders; a folder that fails gives an empty set', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fetchJson = vi.fn(async (url: string) => {
      if (url.includes('/framework/')) return { ra: { action: { save: 'Save' } } };
      if (url.includes('/app/')) throw new Error('404');
      return { ra: { action: { cancel: 'Cancel' } }, validation: { required: 'Required' } };
    });
    const merged = await loadTranslations('en', fetchJson);
    expect(merged).toEqual({ ra: { action: { save: 'Save', cancel: 'Cancel' } }, validation: { required: 'Required' } });
    expect(fetchJson.mock.calls.map(([url]) => url.replace(/\?.*/, ''))).toEqual([
      '/assets/i18n/framework/en.json',
      '/assets/i18n/app/en.json',
      '/assets/i18n/messages/en.json',
    ]);
    expect(warn).toHaveBeenCalledOnce();
  });

  it("translate react-admin's plural and default options", async () => {
    await initI18n('pl', {
      items_one: '{{count}} pozycja',
      items_few: '{{count}} pozycje',
      items_many: '{{count}} pozycji',
      items_other: '{{count}} pozycji',
      hello: 'Cześć, {{name}} & co',
    });
    expect(translate('items', { smart_count: 1 })).toBe('1 pozycja');
    expect(translate('items', { smart_count: 3 })).toBe('3 pozycje');
    expect(translate('items', { smart_count: 5 })).toBe('5 pozycji');
    expect(translate('hello', { name: '<Ola>' })).toBe('Cześć, <Ola> & co');
    expect(translate('missing.key', { _: 'Fallback' })).toBe('Fallback');
    expect(hasTranslation('hello')).toBe(true);
    expect(hasTranslation('missing.key')).toBe(false);
  });

  it("label a value of an enumeration by its text, or by the value where there is none", async () => {
    await initI18n('pl', { resources: { matches: { choices: { status: { finished: 'Zakończony' } } } } });
    expect(choiceLabel(translate, 'matches', 'status', 'finished')).toBe('Zakończony');
    expect(choiceLabel(translate, 'matches', 'status', 'abandoned')).toBe('abandoned');
  });
});
