/**
 * Country choices (spec §3): the ISO 3166-1 two-letter codes (with Kosovo's XK) under their
 * official names from i18n-iso-countries, plus the four home nations that play football on
 * their own. Stored values follow packages/schema's `countryCode()`: Kosovo is XKX, the home
 * nations their ISO 3166-2 codes (GB-ENG, ...). The name lists load on demand: only forms and
 * lists with a country need them.
 */
export interface CountryChoice {
  id: string;
  name: string;
}

/** Uninhabited territories, which no club, venue or competition belongs to. */
const UNINHABITED = new Set(['AQ', 'BV', 'GS', 'HM', 'TF', 'UM', 'IO']);

/** Stored value per ISO code, where it differs. */
export const COUNTRY_VALUE_OVERRIDES: Record<string, string> = { XK: 'XKX' };

/** The home nations: stored value → translation key. */
export const HOME_NATIONS = {
  'GB-ENG': 'countries.england',
  'GB-SCT': 'countries.scotland',
  'GB-WLS': 'countries.wales',
  'GB-NIR': 'countries.northernIreland',
} as const;

type Countries = typeof import('i18n-iso-countries');
let loaded: Promise<Countries> | undefined;
const registered = new Set<string>();

async function countriesFor(lang: string): Promise<Countries> {
  loaded ??= import('i18n-iso-countries').then((m) => ((m as { default?: Countries }).default ?? m));
  const countries = await loaded;
  if (!registered.has(lang)) {
    const data = lang === 'pl' ? await import('i18n-iso-countries/langs/pl.json') : await import('i18n-iso-countries/langs/en.json');
    countries.registerLocale(((data as { default?: unknown }).default ?? data) as Parameters<Countries['registerLocale']>[0]);
    registered.add(lang);
  }
  return countries;
}

function isoCodeOf(value: string): string {
  const upper = value.toUpperCase();
  return Object.entries(COUNTRY_VALUE_OVERRIDES).find(([, v]) => v === upper)?.[0] ?? upper;
}

/**
 * All choices in the interface language, sorted by name. `translate` names the home nations
 * from the translation files.
 */
export async function loadCountryChoices(lang: string, translate: (key: string) => string): Promise<CountryChoice[]> {
  const language = lang === 'pl' ? 'pl' : 'en';
  const countries = await countriesFor(language);
  const iso = Object.keys(countries.getAlpha2Codes())
    .filter((code) => !UNINHABITED.has(code))
    .map((code) => ({
      id: COUNTRY_VALUE_OVERRIDES[code] ?? code,
      name: countries.getName(code, language, { select: 'official' }) ?? code,
    }));
  const nations = Object.entries(HOME_NATIONS).map(([id, key]) => ({ id, name: translate(key) }));
  const collator = new Intl.Collator(language);
  return [...iso, ...nations].sort((a, b) => collator.compare(a.name, b.name));
}

/** A stored value's name, for lists and history (accepts XK as well as XKX). */
export async function countryName(value: string, lang: string, translate: (key: string) => string): Promise<string> {
  const upper = value.toUpperCase();
  if (upper in HOME_NATIONS) return translate(HOME_NATIONS[upper as keyof typeof HOME_NATIONS]);
  const language = lang === 'pl' ? 'pl' : 'en';
  const countries = await countriesFor(language);
  return countries.getName(isoCodeOf(upper), language, { select: 'official' }) ?? value;
}
