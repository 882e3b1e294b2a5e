/**
 * Translations of records kept per locale (spec §4; articles now, OTT playlists, formats and
 * events later). A translation is the record as the API shows it for one locale (`?locale=`):
 * it carries `locale`, `available_translations` and `translations_updated_at`.
 *
 * - loaded per locale and cached; loading a cached one again is skipped (and concurrent loads share one request);
 * - an update replaces the translation of the same locale or appends it, and copies the new
 *   `available_translations` (and when each locale was written, and the record's version) to
 *   every cached translation of the record;
 * - deleting a locale removes it and updates the list of the others;
 * - removing a record's translations empties its list.
 */
export interface Translation {
  id: string | number;
  locale: string | null;
  available_translations: string[];
  translations_updated_at?: Record<string, string>;
  updated_at?: string;
}

/** Attributes that belong to the record, not one locale: copied to every cached translation. */
const SHARED = ['available_translations', 'translations_updated_at', 'updated_at'] as const;

export class TranslationCache<T extends Translation = Translation> {
  private readonly byRecord = new Map<string, T[]>();
  private readonly pending = new Map<string, Promise<T>>();
  private readonly listeners = new Set<() => void>();
  private version = 0;

  /** Every change bumps the version (for React's useSyncExternalStore). */
  getVersion = (): number => this.version;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private changed() {
    this.version++;
    for (const l of this.listeners) l();
  }

  get(id: string | number, locale: string): T | undefined {
    return this.byRecord.get(String(id))?.find((t) => t.locale === locale);
  }

  has(id: string | number, locale: string): boolean {
    return !!this.get(id, locale);
  }

  /** The cached translations of a record, in the order they were loaded. */
  list(id: string | number): T[] {
    return this.byRecord.get(String(id)) ?? [];
  }

  /** The locales the record has, as the latest cached translation says. */
  availableTranslations(id: string | number): string[] {
    return this.list(id)[0]?.available_translations ?? [];
  }

  /** The translation of `locale`, fetched only when not cached yet. */
  async load(id: string | number, locale: string, fetch: (id: string | number, locale: string) => Promise<T>): Promise<T> {
    const cached = this.get(id, locale);
    if (cached) return cached;
    const key = `${id}\u0000${locale}`;
    let request = this.pending.get(key);
    if (!request) {
      request = fetch(id, locale).finally(() => this.pending.delete(key));
      this.pending.set(key, request);
      const loaded = await request;
      // A translation the record does not have yet is not cached as one (the form starts empty).
      if (loaded.available_translations.includes(locale)) this.put(loaded, false);
      return loaded;
    }
    return request;
  }

  /** An update's answer: replaces the locale's translation or appends it; shares what is the record's. */
  update(translation: T): void {
    this.put(translation, true);
  }

  private put(translation: T, share: boolean) {
    const key = String(translation.id);
    const list = [...(this.byRecord.get(key) ?? [])];
    const at = list.findIndex((t) => t.locale === translation.locale);
    if (at >= 0) list[at] = translation;
    else list.push(translation);
    const shared = Object.fromEntries(SHARED.filter((k) => translation[k] !== undefined).map((k) => [k, translation[k]]));
    this.byRecord.set(
      key,
      share || at < 0 ? list.map((t) => (t === translation ? t : { ...t, ...shared })) : list,
    );
    this.changed();
  }

  /** After `DELETE …?locale=`: the locale goes, and the others no longer list it. */
  remove(id: string | number, locale: string): void {
    const key = String(id);
    const list = this.byRecord.get(key) ?? [];
    const rest = list.filter((t) => t.locale !== locale);
    this.byRecord.set(
      key,
      rest.map((t) => {
        const updated = { ...(t.translations_updated_at ?? {}) };
        delete updated[locale];
        return { ...t, available_translations: t.available_translations.filter((l) => l !== locale), translations_updated_at: updated };
      }),
    );
    this.changed();
  }

  /** Removing a record's translations (or the record) empties its list. */
  removeAll(id: string | number): void {
    this.byRecord.set(String(id), []);
    this.changed();
  }

  /** Forgets a record, so the next load asks the server again (a reload after a 409). */
  forget(id: string | number): void {
    this.byRecord.delete(String(id));
    this.changed();
  }
}

export type TranslationBadge = 'missing' | 'outdated' | null;

/**
 * What a locale's column shows: `missing` when the record has no such translation, `outdated` when
 * another locale was written after it (its text may no longer match), else nothing.
 */
export function translationBadge(record: Pick<Translation, 'available_translations' | 'translations_updated_at'> | undefined, locale: string): TranslationBadge {
  if (!record || !record.available_translations.includes(locale)) return 'missing';
  const dates = record.translations_updated_at ?? {};
  const own = Date.parse(dates[locale] ?? '');
  if (Number.isNaN(own)) return null;
  return Object.entries(dates).some(([l, d]) => l !== locale && Date.parse(d) > own) ? 'outdated' : null;
}
