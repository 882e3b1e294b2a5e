import { z } from 'zod';

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
] as const;
export type ValidationKey = (typeof VALIDATION_KEYS)[number];

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
    .refine((v) => !isBlank(v), { error: 'whitespace' })
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

export const hexColor = () => z.string({ error: 'invalidType' }).regex(/^#[0-9a-fA-F]{6}$/, { error: 'invalidColor' });

export const imagePath = () =>
  z.string({ error: 'invalidType' }).min(1, { error: 'required' }).max(1024, { error: 'maxLength' }).refine((v) => !v.includes('..'), { error: 'pattern' });

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Days in a month, the month counted from 0 as in spec §5. */
export function daysInMonth(year: number, month: number): number {
  return [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month] ?? 0;
}
