import { FALLBACK_LANGUAGE, INTERFACE_LANGUAGES, isInterfaceLanguage, LANGUAGE_STORAGE_KEY, type InterfaceLanguage } from '@umpire/schema/api';

/** Interface languages the app ships translations for. */
export const SUPPORTED_LANGUAGES = INTERFACE_LANGUAGES;
export { isInterfaceLanguage as isSupportedLanguage, type InterfaceLanguage };

/**
 * The language the last start-up chose. Not the user's preference (spec §9 keeps that under
 * `preferredLanguage`, and only a choice in the picker sets it): a guess, so the next start-up
 * can fetch translations before the configuration has said which language applies.
 */
export const LAST_LANGUAGE_KEY = 'umpireLastLanguage';

const normalise = (lang: unknown) => (typeof lang === 'string' ? lang.trim().toLowerCase() : undefined);

/** The configured languages the app has translations for, in their order, each once. */
export function interfaceLanguages(configured: readonly unknown[] | null | undefined): InterfaceLanguage[] {
  const languages = new Set<InterfaceLanguage>();
  for (const value of Array.isArray(configured) ? configured : []) {
    const lang = normalise(value);
    if (isInterfaceLanguage(lang)) languages.add(lang);
  }
  return [...languages];
}

/**
 * Spec §9: the stored value if configured, else the default, else the first configured, else en.
 * "Configured" also means we have translations for it: a default or a stored value outside the
 * list, and languages we cannot show, are passed over.
 */
export function chooseLanguage(stored: string | null, configured: readonly unknown[] | null | undefined, defaultLanguage?: string | null): InterfaceLanguage {
  const available = interfaceLanguages(configured);
  const ifConfigured = (value: unknown) => available.find((lang) => lang === normalise(value));
  return ifConfigured(stored) ?? ifConfigured(defaultLanguage) ?? available[0] ?? FALLBACK_LANGUAGE;
}

function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage disabled: the next start-up only guesses less well.
  }
}

export function readStoredLanguage(): string | null {
  return readStorage(LANGUAGE_STORAGE_KEY);
}

/**
 * The likely language before the configuration is known, for start-up error pages and early
 * requests: the last start-up's, else the stored preference, else the browser's, else en.
 * The configuration has the last word (chooseLanguage).
 */
export function guessLanguage(browserLanguages?: readonly string[]): InterfaceLanguage {
  return likelyLanguages(browserLanguages)[0];
}

/**
 * The languages whose translations start-up fetches before the configuration: the guess alone
 * when this browser has started the app before or holds a choice; on a first visit, with only
 * the browser's language to go by, every interface language (two small sets), the browser's first.
 */
export function likelyLanguages(browserLanguages: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages): InterfaceLanguage[] {
  const known = [readStorage(LAST_LANGUAGE_KEY), readStoredLanguage()].map(normalise).find(isInterfaceLanguage);
  if (known) return [known];
  const browser = browserLanguages.map((tag) => normalise(tag.split('-')[0])).find(isInterfaceLanguage) ?? FALLBACK_LANGUAGE;
  return [browser, ...SUPPORTED_LANGUAGES.filter((lang) => lang !== browser)];
}

export function rememberLanguage(lang: string): void {
  writeStorage(LAST_LANGUAGE_KEY, lang);
}

export function applyDocumentLanguage(lang: string): void {
  document.documentElement.lang = lang;
}

/** Spec §4: changing the interface language stores it, sets the document language and reloads. */
export function switchLanguage(lang: string, reload: () => void = () => window.location.reload()): void {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  rememberLanguage(lang);
  applyDocumentLanguage(lang);
  reload();
}
