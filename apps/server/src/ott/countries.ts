import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries';

/**
 * The country list of `allowed_country` (spec §3): the ISO 3166-1 two-letter codes under their
 * official names, Kosovo stored as XKX, and the four home nations (their ISO 3166-2 codes) that
 * play football on their own — the same values as packages/schema's `countryCode()` and the admin.
 */
const require = createRequire(import.meta.url);
countries.registerLocale(require('i18n-iso-countries/langs/en.json') as Parameters<typeof countries.registerLocale>[0]);
countries.registerLocale(require('i18n-iso-countries/langs/pl.json') as Parameters<typeof countries.registerLocale>[0]);

const VALUE_OVERRIDES: Record<string, string> = { XK: 'XKX' };
const HOME_NATIONS: Record<string, { en: string; pl: string }> = {
  'GB-ENG': { en: 'England', pl: 'Anglia' },
  'GB-SCT': { en: 'Scotland', pl: 'Szkocja' },
  'GB-WLS': { en: 'Wales', pl: 'Walia' },
  'GB-NIR': { en: 'Northern Ireland', pl: 'Irlandia Północna' },
};

export interface Country {
  code: string;
  name: string;
}

export function countryList(lang: 'pl' | 'en'): Country[] {
  const iso = Object.keys(countries.getAlpha2Codes()).map((code) => ({
    code: VALUE_OVERRIDES[code] ?? code,
    name: countries.getName(code, lang, { select: 'official' }) ?? code,
  }));
  const nations = Object.entries(HOME_NATIONS).map(([code, names]) => ({ code, name: names[lang] }));
  return [...iso, ...nations].sort((a, b) => a.name.localeCompare(b.name, lang));
}

/** The stored value of a country a proxy names (`XK` → `XKX`, `gb-eng` → `GB-ENG`), or null. */
export function viewerCountry(header: string | string[] | undefined): string | null {
  const raw = (Array.isArray(header) ? header[0] : header)?.trim().toUpperCase();
  if (!raw || !/^(?:[A-Z]{2}|GB-(?:ENG|SCT|WLS|NIR)|XKX)$/.test(raw)) return null;
  return VALUE_OVERRIDES[raw] ?? raw;
}

/**
 * Whether a viewer may watch where `allowed` (empty: everywhere) permits. A proxy naming only the
 * United Kingdom (GB) matches an event open to GB; one open to England alone needs the proxy to
 * say GB-ENG, so nobody is let in on a guess.
 */
export function countryAllowed(allowed: readonly string[], viewer: string | null): boolean {
  if (!allowed.length) return true;
  return viewer !== null && allowed.includes(viewer);
}

const VALUES = new Set(countryList('en').map((c) => c.code));
/** Whether a stored country value is one of the list (`XK` is not: Kosovo is XKX). */
export const isCountryValue = (value: unknown): boolean => typeof value === 'string' && VALUES.has(value);
