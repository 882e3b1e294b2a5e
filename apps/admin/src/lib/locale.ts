import { format, type Locale } from 'date-fns';
import { dayNumber, LEAGUE_TIME_ZONE, offsetMinutes, zonedIso } from '@umpire/schema/fixtures/zoned-time';

/**
 * Formatting locales (spec §1, §9): Polish and English are interface languages, Lithuanian is
 * registered for formatting only. date-fns locales load on demand, so only the active one is
 * downloaded.
 */
export interface FormattingLocale {
  /** BCP 47 tag for Intl. */
  tag: string;
  currency: string;
  load: () => Promise<Locale>;
}

export const FORMATTING_LOCALES: Record<string, FormattingLocale> = {
  pl: { tag: 'pl-PL', currency: 'PLN', load: () => import('date-fns/locale/pl').then((m) => m.pl) },
  en: { tag: 'en-US', currency: 'USD', load: () => import('date-fns/locale/en-US').then((m) => m.enUS) },
  lt: { tag: 'lt-LT', currency: 'EUR', load: () => import('date-fns/locale/lt').then((m) => m.lt) },
};

/**
 * The league's way of writing dates (specification): dd.MM.yyyy, times HH:mm on a 24-hour clock,
 * weeks from Monday, in every language; only month and day names follow the language. Inputs
 * (lib/league-dates.ts) and displays share it, so an English screen does not show 11/29/2026 in
 * a list beside 29.11.2026 in its form.
 */
export const LEAGUE_DATE_FORMAT = 'dd.MM.yyyy';
export const LEAGUE_TIME_FORMAT = 'HH:mm';
export const LEAGUE_WEEK_STARTS_ON = 1 as const;

/**
 * Match dates are shown on the league's clock (Europe/Warsaw), whatever the viewer's time zone.
 * The specification says a fixed +02:00, which is Warsaw's summer time only: in winter it showed
 * an hour more than the website, the fixture generator and the schedule dialogs (all on Warsaw's
 * clock), and a kickoff typed as 18:00 went out to fans as 17:00.
 */
export const MATCH_DATE_FORMAT = 'EEEE, dd.MM.yyyy';
export const MATCH_TIME_ZONE = LEAGUE_TIME_ZONE;

/** The league clock's offset from UTC, in minutes, at an instant. */
const matchOffsetAt = (value: Date | string | number) => offsetMinutes(toDate(value).getTime(), MATCH_TIME_ZONE);

interface ActiveLocale {
  lang: string;
  settings: FormattingLocale;
  dateLocale?: Locale;
}

let active: ActiveLocale = { lang: 'en', settings: FORMATTING_LOCALES.en };

const loading = new Map<string, Promise<Locale>>();

/** Starts downloading a date-fns locale (once); start-up calls it before the language is certain. */
export function preloadLocale(lang: string): Promise<Locale> {
  const settings = FORMATTING_LOCALES[lang] ?? FORMATTING_LOCALES.en;
  let pending = loading.get(settings.tag);
  if (!pending) {
    // A failed download is not kept, so a retry downloads again.
    pending = settings.load().catch((error: unknown) => {
      loading.delete(settings.tag);
      throw error;
    });
    loading.set(settings.tag, pending);
  }
  return pending;
}

export async function activateLocale(lang: string): Promise<void> {
  const settings = FORMATTING_LOCALES[lang] ?? FORMATTING_LOCALES.en;
  active = { lang, settings, dateLocale: await preloadLocale(lang) };
}

export function activeLocale(): Readonly<ActiveLocale> {
  return active;
}

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

interface WallClock {
  year: number;
  /** 0–11, as Date counts months. */
  month: number;
  day: number;
  hours: number;
  minutes: number;
}

/** The wall clock of an instant at a fixed UTC offset, read from UTC fields so the viewer's own DST never leaks in. */
export function wallClockAt(value: Date | string | number, offsetMinutes: number): WallClock {
  const shifted = new Date(toDate(value).getTime() + offsetMinutes * 60_000);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth(), day: shifted.getUTCDate(), hours: shifted.getUTCHours(), minutes: shifted.getUTCMinutes() };
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The day of a wall clock as a local Date at noon, for date-fns: noon exists on every day in every
 * zone, while 02:30 does not on the night clocks go forward.
 */
const dayOf = (w: WallClock) => new Date(w.year, w.month, w.day, 12);

export function formatMatchDate(value: Date | string | number, dateLocale = active.dateLocale): string {
  return format(dayOf(wallClockAt(value, matchOffsetAt(value))), MATCH_DATE_FORMAT, { locale: dateLocale });
}

/** A match's kick-off: its date in the match format, then the hour, both on the league's clock. */
export function formatMatchDateTime(value: Date | string | number, dateLocale = active.dateLocale): string {
  const w = wallClockAt(value, matchOffsetAt(value));
  return `${format(dayOf(w), MATCH_DATE_FORMAT, { locale: dateLocale })}, ${pad(w.hours)}:${pad(w.minutes)}`;
}

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * Kick-off times are typed on the league's clock too, so an editor abroad (or a browser in
 * another zone) enters the same wall clock the header shows. A `datetime-local` value
 * (`yyyy-MM-ddTHH:mm`) converts to and from an instant in MATCH_TIME_ZONE.
 */
export function toMatchWallClock(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  // Already a wall clock: react-admin's DateTimeInput formats the formatted value once more.
  if (typeof value === 'string' && WALL_CLOCK.test(value)) return value.slice(0, 16);
  if (Number.isNaN(toDate(value).getTime())) return '';
  const w = wallClockAt(value, matchOffsetAt(value));
  return `${w.year}-${pad(w.month + 1)}-${pad(w.day)}T${pad(w.hours)}:${pad(w.minutes)}`;
}

export function fromMatchWallClock(value: string | null | undefined): string | null {
  const m = WALL_CLOCK.exec(value ?? '');
  if (!m) return null;
  const day = dayNumber(`${m[1]}-${m[2]}-${m[3]}`);
  const [h, mi, s] = [Number(m[4]), Number(m[5]), Number(m[6] ?? 0)];
  if (day === null || h > 23 || mi > 59 || s > 59) return null;
  // A time the spring change skips counts with the offset before it, as the generator's do.
  return new Date(zonedIso(day, h * 60 + mi, MATCH_TIME_ZONE).utcMs + s * 1000).toISOString();
}

const isDateOnly = (value: unknown) => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** Calendar dates (`YYYY-MM-DD`) are not instants: format them without a time-zone shift. */
export function formatDate(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = isDateOnly(value) ? new Date(`${value as string}T00:00:00`) : toDate(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return format(date, LEAGUE_DATE_FORMAT);
}

/** An instant on the browser's clock: `29.11.2026, 18:30`. */
export function formatDateTime(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return format(date, `${LEAGUE_DATE_FORMAT}, ${LEAGUE_TIME_FORMAT}`);
}

/** The time of an instant on the browser's clock (`18:30`, or `18:30:05` with seconds). */
export function formatTime(value: Date | string | number, { seconds = false } = {}): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return format(date, seconds ? `${LEAGUE_TIME_FORMAT}:ss` : LEAGUE_TIME_FORMAT);
}

/**
 * Intl formatters are costly to build (about a millisecond each, a screen of figures adds up) and
 * cheap to reuse: one per kind, language and options.
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.RelativeTimeFormat>();
function formatter<F extends Intl.NumberFormat | Intl.RelativeTimeFormat>(kind: string, options: object | undefined, build: (tag: string) => F): F {
  const key = `${kind}|${active.settings.tag}|${options ? JSON.stringify(options) : ''}`;
  let found = formatters.get(key) as F | undefined;
  if (!found) formatters.set(key, (found = build(active.settings.tag)));
  return found;
}

export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return formatter('number', options, (tag) => new Intl.NumberFormat(tag, options)).format(value);
}

/** Prices in the record's own currency, else the language's default (PLN for Polish, USD for English). */
export function formatCurrency(value: number, currency = active.settings.currency): string {
  const options = { style: 'currency', currency } as const;
  return formatter('number', options, (tag) => new Intl.NumberFormat(tag, options)).format(value);
}

export function formatRelative(value: Date | string | number, now = Date.now()): string {
  const seconds = Math.round((toDate(value).getTime() - now) / 1000);
  const rtf = formatter('relative', undefined, (tag) => new Intl.RelativeTimeFormat(tag, { numeric: 'auto' }));
  const abs = Math.abs(seconds);
  if (abs < 60) return rtf.format(seconds, 'second');
  if (abs < 3600) return rtf.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return rtf.format(Math.round(seconds / 3600), 'hour');
  return rtf.format(Math.round(seconds / 86_400), 'day');
}
