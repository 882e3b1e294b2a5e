import type { i18n as I18n } from 'i18next';
import { guessLanguage } from './language';

/**
 * Interface texts (spec §7, §8): per language, three asset folders are loaded and merged
 * (react-admin's own texts, the app's texts, and messages: validation, API errors, pop-ups).
 * A folder that fails to load gives an empty set, so one missing file never blocks start-up.
 */
export const TRANSLATION_FOLDERS = ['framework', 'app', 'messages'] as const;

export type Translations = Record<string, unknown>;
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The label of a value of an enumeration (a match's status, an incident's type): its text at
 * `resources.{type}.choices.{field}.{value}`, else the value itself rather than the key.
 */
export const choiceLabel = (translate: Translate, type: string, field: string, value: string): string =>
  translate(`resources.${type}.choices.${field}.${value}`, { _: value });

/** Where translation files live; `?v=` changes with every build so a deploy never serves stale texts. */
export function translationUrl(folder: string, lang: string): string {
  return `${import.meta.env.BASE_URL}assets/i18n/${folder}/${lang}.json?v=${__BUILD_ID__}`;
}

export function deepMerge(target: Translations, source: Translations): Translations {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (value && typeof value === 'object' && !Array.isArray(value) && existing && typeof existing === 'object') {
      deepMerge(existing as Translations, value as Translations);
    } else {
      target[key] = value;
    }
  }
  return target;
}

export async function loadTranslationFolder(
  folder: string,
  lang: string,
  fetchJson: (url: string) => Promise<unknown>,
): Promise<Translations> {
  try {
    const data = await fetchJson(translationUrl(folder, lang));
    if (!data || typeof data !== 'object') throw new Error('not a JSON object');
    return data as Translations;
  } catch (error) {
    console.warn(`Translations ${folder}/${lang} could not be loaded; using an empty set.`, error);
    return {};
  }
}

export async function loadTranslations(lang: string, fetchJson: (url: string) => Promise<unknown>): Promise<Translations> {
  const sets = await Promise.all(TRANSLATION_FOLDERS.map((folder) => loadTranslationFolder(folder, lang, fetchJson)));
  return sets.reduce((merged, set) => deepMerge(merged, set), {});
}

let instance: I18n | undefined;

export async function initI18n(lang: string, translations: Translations): Promise<I18n> {
  // Loaded here, not with the start-up code, which then runs (and fetches) sooner.
  const { default: i18next } = await import('i18next');
  const next = i18next.createInstance();
  await next.init({
    lng: lang,
    fallbackLng: false,
    resources: { [lang]: { translation: translations } },
    // React escapes; escaping here too would show `&amp;` in the interface.
    interpolation: { escapeValue: false },
    returnNull: false,
    returnEmptyString: true,
  });
  instance = next;
  return next;
}

/** Back to before the texts are loaded; for tests, whose files share this module. */
export function resetI18n(): void {
  instance = undefined;
}

/**
 * Translates outside React. react-admin passes polyglot-style options (`smart_count` for plurals,
 * `_` for a default); they map onto i18next's `count` and `defaultValue`.
 */
export const translate: Translate = (key, options = {}) => {
  if (!instance) return typeof options._ === 'string' ? options._ : key;
  const { smart_count, _, ...rest } = options;
  const tOptions: Record<string, unknown> = { ...rest };
  if (smart_count !== undefined) tOptions.count = Number(smart_count);
  if (typeof _ === 'string') tOptions.defaultValue = _;
  return String(instance.t(key, tOptions));
};

export function hasTranslation(key: string): boolean {
  return !!instance?.exists(key);
}

/** The interface language; before the texts are loaded, the best guess (see guessLanguage). */
export function currentLanguage(): string {
  return instance?.language ?? guessLanguage();
}
