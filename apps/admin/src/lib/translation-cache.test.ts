import { describe, expect, it, vi } from 'vitest';
import { TranslationCache, translationBadge, type Translation } from './translation-cache';

interface Article extends Translation {
  title: string | null;
}

const article = (locale: string, available: string[], title: string, updated: Record<string, string> = {}): Article => ({
  id: '7',
  locale,
  available_translations: available,
  translations_updated_at: updated,
  title,
});

describe('TranslationCache (spec §4)', () => {
  it('loads a locale once and caches it; a cached one is not loaded again', async () => {
    const cache = new TranslationCache<Article>();
    const fetch = vi.fn(async (_id: string | number, locale: string) => article(locale, ['pl', 'en'], `title ${locale}`));
    expect((await cache.load('7', 'pl', fetch)).title).toBe('title pl');
    expect((await cache.load('7', 'pl', fetch)).title).toBe('title pl');
    expect(fetch).toHaveBeenCalledTimes(1);
    await cache.load('7', 'en', fetch);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(cache.list('7').map((t) => t.locale)).toEqual(['pl', 'en']);
  });

  it('shares one request between concurrent loads of the same locale', async () => {
    const cache = new TranslationCache<Article>();
    let resolve!: (a: Article) => void;
    const fetch = vi.fn(() => new Promise<Article>((r) => (resolve = r)));
    const a = cache.load('7', 'pl', fetch);
    const b = cache.load('7', 'pl', fetch);
    resolve(article('pl', ['pl'], 'x'));
    expect(await a).toBe(await b);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('does not cache a locale the record does not have, so it is asked again once written', async () => {
    const cache = new TranslationCache<Article>();
    const fetch = vi.fn(async (_id: string | number, locale: string) => ({ ...article(locale, ['pl'], ''), title: null }));
    await cache.load('7', 'en', fetch);
    expect(cache.has('7', 'en')).toBe(false);
    await cache.load('7', 'en', fetch);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('replaces the matching locale on update and copies the new available_translations to every cached one', async () => {
    const cache = new TranslationCache<Article>();
    await cache.load('7', 'pl', async () => article('pl', ['pl'], 'Polski', { pl: '2026-01-01T10:00:00Z' }));
    // Appending English: the Polish translation learns the new list.
    cache.update(article('en', ['pl', 'en'], 'English', { pl: '2026-01-01T10:00:00Z', en: '2026-01-02T10:00:00Z' }));
    expect(cache.list('7').map((t) => [t.locale, t.title, t.available_translations])).toEqual([
      ['pl', 'Polski', ['pl', 'en']],
      ['en', 'English', ['pl', 'en']],
    ]);
    expect(cache.get('7', 'pl')!.translations_updated_at).toEqual({ pl: '2026-01-01T10:00:00Z', en: '2026-01-02T10:00:00Z' });
    // Replacing Polish keeps one Polish entry.
    cache.update(article('pl', ['pl', 'en'], 'Polski 2'));
    expect(cache.list('7').map((t) => t.title)).toEqual(['Polski 2', 'English']);
  });

  it('removes a deleted locale and updates the list of the others; removing all empties the list', async () => {
    const cache = new TranslationCache<Article>();
    cache.update(article('pl', ['pl', 'en'], 'Polski', { pl: 'a', en: 'b' }));
    cache.update(article('en', ['pl', 'en'], 'English', { pl: 'a', en: 'b' }));
    cache.remove('7', 'en');
    expect(cache.list('7').map((t) => t.locale)).toEqual(['pl']);
    expect(cache.get('7', 'pl')!.available_translations).toEqual(['pl']);
    expect(cache.get('7', 'pl')!.translations_updated_at).toEqual({ pl: 'a' });
    expect(cache.availableTranslations('7')).toEqual(['pl']);
    cache.removeAll('7');
    expect(cache.list('7')).toEqual([]);
    expect(cache.availableTranslations('7')).toEqual([]);
  });

  it('tells subscribers about every change', () => {
    const cache = new TranslationCache<Article>();
    const listener = vi.fn();
    const stop = cache.subscribe(listener);
    cache.update(article('pl', ['pl'], 'x'));
    cache.remove('7', 'pl');
    stop();
    cache.removeAll('7');
    expect(listener).toHaveBeenCalledTimes(2);
    expect(cache.getVersion()).toBe(3);
  });
});

describe('translationBadge', () => {
  it('is missing without the locale, outdated when another locale was written later', () => {
    expect(translationBadge({ available_translations: ['pl'], translations_updated_at: { pl: '2026-01-01T10:00:00Z' } }, 'en')).toBe('missing');
    const both = { available_translations: ['pl', 'en'], translations_updated_at: { pl: '2026-01-03T10:00:00Z', en: '2026-01-02T10:00:00Z' } };
    expect(translationBadge(both, 'en')).toBe('outdated');
    expect(translationBadge(both, 'pl')).toBeNull();
    expect(translationBadge(undefined, 'pl')).toBe('missing');
  });
});
