import { z } from 'zod';
import { isHttpsUrl } from './content/menu';

/**
 * Validators shared by the admin forms and the server. Each failure carries a key that both
 * sides translate (admin: `validation.<key>`, server: JSON:API error `meta.key`).
 */
export const VALIDATION_KEYS = [
  'required',
  'whitespace',
  'min',
  'max',
  'minLength',
  'maxLength',
  'pattern',
  'email',
  'invalidWebsiteUrl',
  'atLeastOneItemRequired',
  'invalidType',
  'invalidEnum',
  'invalidDate',
  'invalidDateTime',
  'invalidYear',
  'invalidMonth',
  'invalidDay',
  'publicationDateWithoutHour',
  'publicationDateRangeWithoutHour',
  'unique',
  'notFound',
  'unknownAttribute',
  'invalidColor',
  'invalidCountry',
  'componentKindNotAllowed',
  'pageTypeInUse',
  'unknownLink',
  'linkNotAvailable',
  'oneOwnerRequired',
  'unknownLocale',
  'unsafeRichText',
  'invalidRichText',
  'publicationWindowOrder',
  'embedNotInArticle',
  // Push notifications and subscriptions.
  'onlyOnePushLink',
  'invalidPushEndpoint',
  'invalidPushKey',
  // Match alerts' templates: a field in braces that is not one (MATCH_ALERT_FIELDS).
  'unknownAlertField',
  // The site's main menu.
  'httpsUrlRequired',
  'menuItemTarget',
  'menuLabelRequired',
  'menuTooDeep',
  'tooManyItems',
] as const;
export type ValidationKey = (typeof VALIDATION_KEYS)[number];

/** One segment of a JSON pointer (RFC 6901): `~` and `/` in a name a client sent are escaped. */
export const pointerSegment = (segment: string | number): string => String(segment).replace(/~/g, '~0').replace(/\//g, '~1');

export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_LOCAL_MAX_LENGTH = 64;

/** True for an http or https address; the empty value is accepted (spec §5). */
export function isWebsiteUrl(value: string | null | undefined): boolean {
  if (value === null || value === undefined || value === '') return true;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && !/\s/.test(value);
}

/** Email with the length limits of spec §5 (254 overall, 64 before the at-sign). */
export function isEmail(value: string | null | undefined): boolean {
  if (!value) return true;
  if (value.length > EMAIL_MAX_LENGTH) return false;
  const at = value.lastIndexOf('@');
  if (at < 1 || at > EMAIL_LOCAL_MAX_LENGTH) return false;
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}

export function isBlank(value: string | null | undefined): boolean {
  return typeof value === 'string' && value.length > 0 && value.trim().length === 0;
}

/** At least one item that is not empty (spec §5, form arrays). */
export function hasNonEmptyItem(items: readonly unknown[] | null | undefined): boolean {
  return (items ?? []).some((item) => item !== null && item !== undefined && !(typeof item === 'string' && item.trim() === ''));
}

// zod builders used in resource declarations ------------------------------------------

/** Required-on-create text: not blank, trimmed length within bounds. */
export const text = (max = 255, min = 1) =>
  z
    .string({ error: 'invalidType' })
    .refine((v) => !isBlank(v), { error: 'whitespace', abort: true })
    .refine((v) => v.trim().length >= min, { error: 'minLength', params: { min } })
    .refine((v) => v.length <= max, { error: 'maxLength', params: { max } });

export const websiteUrl = () =>
  z.string({ error: 'invalidType' }).max(2048, { error: 'maxLength' }).refine(isWebsiteUrl, { error: 'invalidWebsiteUrl' });

export const email = () => z.string({ error: 'invalidType' }).refine(isEmail, { error: 'email' });

export const integer = (min?: number, max?: number) => {
  let s = z.number({ error: 'invalidType' }).int({ error: 'invalidType' });
  if (min !== undefined) s = s.min(min, { error: 'min' });
  if (max !== undefined) s = s.max(max, { error: 'max' });
  return s;
};

export const decimal = (min?: number, max?: number) => {
  let s = z.number({ error: 'invalidType' }).refine(Number.isFinite, { error: 'invalidType' });
  if (min !== undefined) s = s.refine((v) => v >= min, { error: 'min', params: { min } });
  if (max !== undefined) s = s.refine((v) => v <= max, { error: 'max', params: { max } });
  return s;
};

export const oneOf = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: 'invalidEnum' });

/** Calendar date `YYYY-MM-DD` that exists (29.02 only in leap years). */
export const isoDate = () =>
  z.string({ error: 'invalidType' }).refine(
    (v) => {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
      if (!m) return false;
      const [y, mo, d] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
      return mo >= 0 && mo <= 11 && d >= 1 && d <= daysInMonth(y, mo);
    },
    { error: 'invalidDate' },
  );

/** Instant with an explicit offset, stored in UTC. */
export const isoDateTime = () =>
  z
    .string({ error: 'invalidType' })
    .refine((v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/.test(v) && !Number.isNaN(Date.parse(v)), {
      error: 'invalidDateTime',
    });

/**
 * A publication instant (spec §5): date WITH hour. A date alone (`2024-05-01`, `01.05.2024`) is
 * refused with `publicationDateWithoutHour`, anything else that is not an ISO instant with
 * `invalidDateTime`.
 */
export const publicationDateTime = () =>
  z
    .string({ error: 'invalidType' })
    .refine((v) => !/^\s*(\d{4}-\d{2}-\d{2}|\d{2}\.\d{2}\.\d{4})\s*$/.test(v), { error: 'publicationDateWithoutHour', abort: true })
    .refine((v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/.test(v) && !Number.isNaN(Date.parse(v)), {
      error: 'invalidDateTime',
    });

/** ISO 3166-1 alpha-2, the UK's home nations (GB-ENG, GB-SCT, GB-WLS, GB-NIR) and Kosovo as XKX. */
export const COUNTRY_CODE_PATTERN = /^(?:[A-Z]{2}|GB-(?:ENG|SCT|WLS|NIR)|XKX)$/;
export const countryCode = () => z.string({ error: 'invalidType' }).regex(COUNTRY_CODE_PATTERN, { error: 'invalidCountry' });

export const hexColor = () => z.string({ error: 'invalidType' }).regex(/^#[0-9a-fA-F]{6}$/, { error: 'invalidColor' });

/** The id of a record (a media library file), as documents carry ids: a string of digits. */
export const recordId = () => z.string({ error: 'invalidType' }).regex(/^[1-9]\d{0,14}$/, { error: 'pattern' });

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Days in a month, the month counted from 0 as in spec §5. */
export function daysInMonth(year: number, month: number): number {
  return [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month] ?? 0;
}

// Form validators ----------------------------------------------------------------------
//
// Framework-free validators for forms (spec §5): each returns null or a failure with its key
// (translated as `validation.<key>`) and the parameters of the message. The admin adapts them
// to react-admin; the server's zod builders above reject the same input with the same keys.

export interface ValidationFailure {
  key: ValidationKey;
  params?: Record<string, string | number>;
}

/** What a validator may know about its control: the enclosing group's values, when there is one. */
export interface ValidationContext {
  parent?: Record<string, unknown> | null;
}

export type Validator<T = unknown> = (value: T, context?: ValidationContext) => ValidationFailure | null;

const isEmptyValue = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

export const YEAR_MIN = 0;
export const YEAR_MAX = 9999;
export const MONTHS_IN_YEAR = 12;
/** Length of a date text such as `29.02.2024`. */
export const DATE_TEXT_LENGTH = 10;
export const DEFAULT_DATE_SEPARATOR = '.';
export const DATE_ORDERS = ['DMY', 'MDY', 'YMD'] as const;
export type DateOrder = (typeof DATE_ORDERS)[number];

export interface DateParts {
  year: number;
  /** 0 to 11, as in spec §5. */
  month: number;
  day: number;
}

/** Each invalid part has its own error: year 0–9999, month 0–11, day 1 to the month's length. */
export function validateDateParts(parts: DateParts): ValidationFailure | null {
  const { year, month, day } = parts;
  if (!Number.isInteger(year) || year < YEAR_MIN || year > YEAR_MAX) return { key: 'invalidYear', params: { min: YEAR_MIN, max: YEAR_MAX } };
  if (!Number.isInteger(month) || month < 0 || month > MONTHS_IN_YEAR - 1) return { key: 'invalidMonth' };
  if (!Number.isInteger(day) || day < 1 || day > daysInMonth(year, month)) return { key: 'invalidDay', params: { max: daysInMonth(year, month) } };
  return null;
}

/**
 * Reads a date text in the given order (`29.02.2024` for DMY with the default dot).
 * Returns null when the text does not have the shape; the parts are not checked here.
 */
export function parseDateText(text: string, order: DateOrder = 'DMY', separator = DEFAULT_DATE_SEPARATOR): DateParts | null {
  if (text.length !== DATE_TEXT_LENGTH) return null;
  const pieces = text.split(separator);
  if (pieces.length !== 3 || pieces.some((p) => !/^\d+$/.test(p))) return null;
  const lengths = order === 'YMD' ? [4, 2, 2] : [2, 2, 4];
  if (pieces.some((p, i) => p.length !== lengths[i])) return null;
  const [a, b, c] = pieces.map(Number) as [number, number, number];
  if (order === 'DMY') return { day: a, month: b - 1, year: c };
  if (order === 'MDY') return { month: a - 1, day: b, year: c };
  return { year: a, month: b - 1, day: c };
}

export interface DateTimeParts {
  date?: string | null;
  hour?: string | null;
}

/** A range text holds its two ends around a separator containing a dash (spec §9). */
export const DATE_RANGE_SEPARATOR = ' - ';

function hasHour(value: string | null | undefined): boolean {
  return !!value && /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(value.trim());
}

/** Splits `29.02.2024 12:30` (or an ISO date-time) into its date and hour. */
export function splitDateTime(text: string): DateTimeParts {
  const trimmed = text.trim();
  const match = /^(\S+?)(?:[ T](\d{2}:\d{2}(?::\d{2})?))?(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})?$/.exec(trimmed);
  if (!match) return { date: trimmed, hour: null };
  return { date: match[1] ?? null, hour: match[2] ?? null };
}

function toDateTimeParts(value: unknown): DateTimeParts | null {
  if (isEmptyValue(value)) return null;
  if (typeof value === 'string') return splitDateTime(value);
  if (typeof value === 'object') return value;
  return { date: String(value), hour: null };
}

const missesHour = (parts: DateTimeParts | null) => !!parts && !!parts.date && !hasHour(parts.hour);

/** Validators, in the manner of Angular's `Validators`: `Validators.maxLength(120)(value)`. */
export const Validators = {
  required: (): Validator => (value) => (isEmptyValue(value) ? { key: 'required' } : null),

  /** A text made only of whitespace (an empty text is left to `required`). */
  notBlank: (): Validator => (value) => (typeof value === 'string' && isBlank(value) ? { key: 'whitespace' } : null),

  min: (min: number): Validator => (value) =>
    isEmptyValue(value) || Number.isNaN(Number(value)) || Number(value) >= min ? null : { key: 'min', params: { min } },

  max: (max: number): Validator => (value) =>
    isEmptyValue(value) || Number.isNaN(Number(value)) || Number(value) <= max ? null : { key: 'max', params: { max } },

  minLength: (min: number): Validator => (value) =>
    isEmptyValue(value) || lengthOf(value) >= min ? null : { key: 'minLength', params: { min } },

  maxLength: (max: number): Validator => (value) =>
    isEmptyValue(value) || lengthOf(value) <= max ? null : { key: 'maxLength', params: { max } },

  /** The whole value must match (anchored, like Angular's pattern validator). */
  pattern: (pattern: RegExp | string): Validator => {
    const source = typeof pattern === 'string' ? pattern : pattern.source;
    const anchored = new RegExp(`^(?:${source})$`, typeof pattern === 'string' ? '' : pattern.flags.replace('g', ''));
    return (value) => (isEmptyValue(value) || anchored.test(String(value)) ? null : { key: 'pattern' });
  },

  email: (): Validator => (value) => (isEmptyValue(value) || isEmail(String(value)) ? null : { key: 'email' }),

  /** http or https address; empty accepted. */
  websiteUrl: (): Validator => (value) => (isEmptyValue(value) || isWebsiteUrl(String(value)) ? null : { key: 'invalidWebsiteUrl' }),

  /** An https address (what a menu may lead to outside the site); empty accepted. */
  httpsUrl: (): Validator => (value) => (isEmptyValue(value) || isHttpsUrl(value) ? null : { key: 'httpsUrlRequired' }),

  /** A list of at most `max` items. */
  maxItems: (max: number): Validator => (value) => (Array.isArray(value) && value.length > max ? { key: 'tooManyItems', params: { max } } : null),

  /** A form array needs at least one non-empty item. */
  atLeastOneItem: (): Validator => (value) =>
    hasNonEmptyItem(Array.isArray(value) ? value : null) ? null : { key: 'atLeastOneItemRequired' },

  /** A date text (`dd.MM.yyyy` by default): length 10, then year, month and day each checked. */
  dateText: (order: DateOrder = 'DMY', separator = DEFAULT_DATE_SEPARATOR): Validator => (value) => {
    if (isEmptyValue(value)) return null;
    const parts = parseDateText(String(value), order, separator);
    return parts ? validateDateParts(parts) : { key: 'invalidDate' };
  },

  dateParts: (): Validator => (value) => (isEmptyValue(value) ? null : validateDateParts(value as DateParts)),

  /** A publication date needs its hour too. */
  publicationDate: (): Validator => (value) => (missesHour(toDateTimeParts(value)) ? { key: 'publicationDateWithoutHour' } : null),

  /** Both ends of a publication range need their hour. */
  publicationDateRange: (): Validator => (value) => {
    if (isEmptyValue(value)) return null;
    const ends =
      typeof value === 'string'
        ? value.split(DATE_RANGE_SEPARATOR).map((end) => toDateTimeParts(end))
        : [toDateTimeParts((value as { from?: unknown }).from), toDateTimeParts((value as { to?: unknown }).to)];
    return ends.some(missesHour) ? { key: 'publicationDateRangeWithoutHour' } : null;
  },

  /**
   * Applies the validators only when the control has a parent and the condition on the parent
   * holds (e.g. a URL required only when the link type is `custom_link`).
   */
  conditional:
    (condition: (parent: Record<string, unknown>) => boolean, ...validators: Validator[]): Validator =>
    (value, context) => {
      const parent = context?.parent;
      if (!parent || !condition(parent)) return null;
      return Validators.compose(...validators)(value, context);
    },

  /** The first failure of several validators. */
  compose:
    (...validators: Validator[]): Validator =>
    (value, context) => {
      for (const validator of validators) {
        const failure = validator(value, context);
        if (failure) return failure;
      }
      return null;
    },
} as const;

function lengthOf(value: unknown): number {
  if (typeof value === 'string' || Array.isArray(value)) return value.length;
  return String(value).length;
}
