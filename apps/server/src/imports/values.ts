import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries';
import { COUNTRY_CODE_PATTERN, PLAYER_POSITIONS, type AttributeDef } from '@umpire/schema';
import { foldForSearch } from '../text/collation';

const require = createRequire(import.meta.url);
countries.registerLocale(require('i18n-iso-countries/langs/en.json') as Parameters<typeof countries.registerLocale>[0]);
countries.registerLocale(require('i18n-iso-countries/langs/pl.json') as Parameters<typeof countries.registerLocale>[0]);

/**
 * Cell values as people type them in a league's spreadsheets, turned into what the API stores:
 * dates (2026-05-02, 02.05.2026, 2.5.2026, 02/05/2026), times (18:00, 18.00, 1800), scores (2:1,
 * 2-1), positions and countries in Polish or English. null means "not a value of that kind".
 */

const pad = (n: number) => String(n).padStart(2, '0');

function validDate(y: number, m: number, d: number): string | null {
  if (y < 1800 || y > 2200 || m < 1 || m > 12 || d < 1) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCMonth() !== m - 1) return null;
  return `${y}-${pad(m)}-${pad(d)}`;
}

/** A calendar date (day first, as in Poland), or a date-time's date; null when it is none. */
export function parseDate(text: string): string | null {
  const t = text.trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(t);
  if (m) return validDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})(?:\s.*)?$/.exec(t);
  if (m) return validDate(Number(m[3]), Number(m[2]), Number(m[1]));
  return null;
}

/** A time of day as HH:MM; null when it is none. */
export function parseTime(text: string): string | null {
  const t = text.trim();
  const m = /^(\d{1,2})(?:[:.h](\d{2}))?(?::\d{2})?$/.exec(t) ?? /^(\d{2})(\d{2})$/.exec(t);
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2] ?? 0);
  if (h > 23 || min > 59) return null;
  return `${pad(h)}:${pad(min)}`;
}

/** The time of a date-time cell (an XLSX date with a time, `2026-05-02 18:00`). */
export function timeOfDateTime(text: string): string | null {
  const m = /^\S+[T ](\d{1,2}:\d{2})/.exec(text.trim());
  return m ? parseTime(m[1]) : null;
}

/** A score `2:1`, `2-1` or `2 : 1`; null when it is none. */
export function parseScore(text: string): [number, number] | null {
  const m = /^(\d{1,2})\s*[:\-–]\s*(\d{1,2})$/.exec(text.trim());
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/** A whole number within bounds; null when it is none. */
export function parseInteger(text: string, min: number, max: number): number | null {
  const t = text.trim().replace(/\.0+$/, '');
  if (!/^-?\d{1,9}$/.test(t)) return null;
  const n = Number(t);
  return n >= min && n <= max ? n : null;
}

const POSITION_WORDS: Record<string, (typeof PLAYER_POSITIONS)[number]> = {
  goalkeeper: 'goalkeeper', keeper: 'goalkeeper', gk: 'goalkeeper', bramkarz: 'goalkeeper', br: 'goalkeeper', g: 'goalkeeper',
  defender: 'defender', defence: 'defender', def: 'defender', df: 'defender', d: 'defender', obronca: 'defender', obr: 'defender', o: 'defender',
  midfielder: 'midfielder', midfield: 'midfielder', mid: 'midfielder', mf: 'midfielder', m: 'midfielder', pomocnik: 'midfielder', pom: 'midfielder', p: 'midfielder',
  forward: 'forward', striker: 'forward', attacker: 'forward', fw: 'forward', st: 'forward', f: 'forward', napastnik: 'forward', nap: 'forward', n: 'forward',
};

/** A position of PLAYER_POSITIONS from its Polish or English name or abbreviation; null when it is none. */
export function parsePosition(text: string): (typeof PLAYER_POSITIONS)[number] | null {
  return POSITION_WORDS[foldForSearch(text).replace(/[^a-z]/g, '')] ?? null;
}

const HOME_NATIONS: Record<string, string> = {
  anglia: 'GB-ENG', england: 'GB-ENG', szkocja: 'GB-SCT', scotland: 'GB-SCT', walia: 'GB-WLS', wales: 'GB-WLS',
  'irlandia polnocna': 'GB-NIR', 'northern ireland': 'GB-NIR', kosowo: 'XKX', kosovo: 'XKX',
};
let countryNames: Map<string, string> | null = null;

/** Folded country names (Polish and English, official and short) → ISO code. */
function countryIndex(): Map<string, string> {
  if (countryNames) return countryNames;
  const index = new Map<string, string>(Object.entries(HOME_NATIONS));
  for (const lang of ['en', 'pl']) {
    const names = countries.getNames(lang, { select: 'all' }) as Record<string, string[]>;
    for (const [code, list] of Object.entries(names)) for (const name of list) index.set(foldForSearch(name), code);
  }
  countryNames = index;
  return index;
}

/** An ISO 3166 code (PL, POL, GB-ENG, XKX) or a country's name in Polish or English; null when it is none. */
export function parseCountry(text: string): string | null {
  const t = text.trim();
  const upper = t.toUpperCase();
  if (COUNTRY_CODE_PATTERN.test(upper) && (upper.length !== 2 || countries.isValid(upper))) return upper;
  if (/^[A-Z]{3}$/.test(upper)) return countries.alpha3ToAlpha2(upper) ?? null;
  return countryIndex().get(foldForSearch(t)) ?? null;
}

/** Checks a parsed value against an attribute's declared schema; the zod issue's message key when it fails. */
export function schemaProblem(def: AttributeDef, value: unknown): { key: string; params: Record<string, unknown> } | null {
  const result = def.schema.safeParse(value);
  if (result.success) return null;
  const issue = result.error.issues[0];
  const params: Record<string, unknown> = {};
  for (const p of ['minimum', 'maximum', 'values'] as const) if (p in issue) params[p] = (issue as unknown as Record<string, unknown>)[p];
  return { key: issue.message, params };
}

/**
 * The UTC instant of a local date and time in Poland (Europe/Warsaw, +01:00 or +02:00 by the
 * date), where league fixtures are published.
 */
export function warsawInstant(date: string, time: string): string {
  const [y, mo, d] = date.split('-').map(Number);
  const [h, mi] = time.split(':').map(Number);
  const guess = Date.UTC(y, mo - 1, d, h, mi);
  const offsetAt = (ms: number) => {
    const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Warsaw', hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).formatToParts(new Date(ms));
    const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
    return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute')) - ms;
  };
  const first = guess - offsetAt(guess);
  return new Date(guess - offsetAt(first)).toISOString();
}
