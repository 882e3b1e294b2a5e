import { LANGUAGE_STORAGE_KEY } from '@umpire/schema/api';

/** Interface languages the app ships translations for. */
export const SUPPORTED_LANGUAGES = ['pl', 'en'] as const;
export type InterfaceLanguage = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE = 'en';

export function isSupportedLanguage(lang: unknown): lang is InterfaceLanguage {
  return typeof lang === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(lang);
}

/**
 * Spec §9: the stored value if configured, else the default, else the first configured, else en.
 * "Configured" also means we have translations for it.
 */
export function chooseLanguage(stored: string | null, configured: readonly string[], defaultLanguage?: string | null): string {
  const available = configured.filter(isSupportedLanguage);
  if (stored && available.includes(stored as InterfaceLanguage)) return stored;
  if (defaultLanguage && available.includes(defaultLanguage as InterfaceLanguage)) return defaultLanguage;
  return available[0] ?? DEFAULT_LANGUAGE;
}

export function readStoredLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Language for screens shown before the configuration is known (e.g. start-up errors). */
export function provisionalLanguage(): string {
  const stored = readStoredLanguage();
  return isSupportedLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

export function applyDocumentLanguage(lang: string): void {
  document.documentElement.lang = lang;
}

/** Spec §4: changing the interface language stores it, sets the document language and reloads. */
export function switchLanguage(lang: string, reload: () => void = () => window.location.reload()): void {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  applyDocumentLanguage(lang);
  reload();
}
