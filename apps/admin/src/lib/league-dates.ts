import { format, isValid, type Locale } from 'date-fns';
import { fromMatchWallClock, LEAGUE_DATE_FORMAT, LEAGUE_TIME_FORMAT, LEAGUE_WEEK_STARTS_ON, toMatchWallClock } from './locale';

/**
 * The date inputs type and show the league's way of writing dates (LEAGUE_DATE_FORMAT in
 * lib/locale.ts), whatever the browser's own locale: dd.MM.yyyy, date-times dd.MM.yyyy HH:mm.
 */
const LEAGUE_DATE_TIME_FORMAT = `${LEAGUE_DATE_FORMAT} ${LEAGUE_TIME_FORMAT}`;

/** A date-fns locale whose weeks start on Monday (English's start on Sunday), names untouched. */
export function weekFromMonday(locale: Locale): Locale {
  return { ...locale, options: { ...locale.options, weekStartsOn: LEAGUE_WEEK_STARTS_ON } };
}

/**
 * What an input stores, by kind:
 * - `date`: a calendar day, `yyyy-MM-dd` (no time, no zone);
 * - `datetime`: an instant, ISO 8601 in UTC, typed on the browser's clock;
 * - `match`: an instant typed on the league's clock (Europe/Warsaw), as match headers show kick-offs;
 * - `local`: a wall clock `yyyy-MM-ddTHH:mm` (what a datetime-local input held);
 * - `time`: a time of day `HH:mm`.
 */
export type LeagueDateKind = 'date' | 'datetime' | 'match' | 'local' | 'time';

const DAY = /^(\d{4})-(\d{2})-(\d{2})/;
const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/;
const TIME = /^(\d{2}):(\d{2})/;

/** A local Date from its fields, or null when they name no real day (31.02). */
function localDate(year: number, month: number, day: number, hours = 0, minutes = 0): Date | null {
  const date = new Date(year, month - 1, day, hours, minutes);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

/** The picker's value (a Date whose local fields are what the field shows) of a stored value. */
export function toPickerValue(kind: LeagueDateKind, value: unknown): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return isValid(value) ? value : null;
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = String(value);
  switch (kind) {
    case 'date': {
      const m = DAY.exec(text);
      return m ? localDate(+m[1], +m[2], +m[3]) : null;
    }
    case 'time': {
      const m = TIME.exec(text);
      if (!m) return null;
      const today = new Date();
      return new Date(today.getFullYear(), today.getMonth(), today.getDate(), +m[1], +m[2]);
    }
    case 'local':
    case 'match': {
      // The league's clock as a wall clock, shown as it is on the browser's clock.
      const m = WALL_CLOCK.exec(kind === 'match' ? toMatchWallClock(value) : text);
      return m ? localDate(+m[1], +m[2], +m[3], +m[4], +m[5]) : null;
    }
    case 'datetime': {
      const date = new Date(value);
      return isValid(date) ? date : null;
    }
  }
}

/** The stored value of a picked Date (a valid one: empty and unfinished values are the input's business). */
export function fromPickerValue(kind: LeagueDateKind, date: Date): string | null {
  switch (kind) {
    case 'date':
      return format(date, 'yyyy-MM-dd');
    case 'time':
      return format(date, 'HH:mm');
    case 'local':
      return format(date, "yyyy-MM-dd'T'HH:mm");
    case 'match':
      return fromMatchWallClock(format(date, "yyyy-MM-dd'T'HH:mm"));
    case 'datetime':
      return date.toISOString();
  }
}

/** The display format of each kind. */
export function leagueFormatOf(kind: LeagueDateKind): string {
  return kind === 'date' ? LEAGUE_DATE_FORMAT : kind === 'time' ? LEAGUE_TIME_FORMAT : LEAGUE_DATE_TIME_FORMAT;
}

/** The translation key of the message for a value typed but not a whole date, by kind. */
export function invalidMessageOf(kind: LeagueDateKind): string {
  return kind === 'date' ? 'form.invalidDate' : kind === 'time' ? 'form.invalidTime' : 'form.invalidDateTime';
}

/**
 * An input holds this while what is typed is not (yet) a whole date, so its validator can say so
 * and the form is not sent; one value, so the input knows it for its own.
 */
export const UNFINISHED_DATE = 'unfinished-date';
