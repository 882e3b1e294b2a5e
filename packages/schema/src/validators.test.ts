import { describe, expect, it } from 'vitest';
import { parseDateText, splitDateTime, validateDateParts, Validators, VALIDATION_KEYS } from './validators';

const key = (failure: { key: string } | null) => failure?.key ?? null;

describe('form validators (spec §5)', () => {
  it('website URL: http(s) only, empty accepted', () => {
    const v = Validators.websiteUrl();
    expect(v('')).toBeNull();
    expect(v(null)).toBeNull();
    expect(v('https://legia.com')).toBeNull();
    expect(v('http://x.pl/a?b=c')).toBeNull();
    expect(key(v('ftp://legia.com'))).toBe('invalidWebsiteUrl');
    expect(key(v('legia.com'))).toBe('invalidWebsiteUrl');
    expect(key(v('https://legia .com'))).toBe('invalidWebsiteUrl');
  });

  it('form array: at least one non-empty item', () => {
    const v = Validators.atLeastOneItem();
    expect(key(v([]))).toBe('atLeastOneItemRequired');
    expect(key(v(['', '  ', null]))).toBe('atLeastOneItemRequired');
    expect(key(v(null))).toBe('atLeastOneItemRequired');
    expect(v(['', 'a'])).toBeNull();
  });

  it('whitespace-only text', () => {
    const v = Validators.notBlank();
    expect(key(v('   '))).toBe('whitespace');
    expect(key(v('\t\n'))).toBe('whitespace');
    expect(v('')).toBeNull();
    expect(v(' a ')).toBeNull();
  });

  it('required, min, max, minLength, maxLength, pattern', () => {
    expect(key(Validators.required()(''))).toBe('required');
    expect(key(Validators.required()([]))).toBe('required');
    expect(Validators.required()(0)).toBeNull();
    expect(Validators.min(1800)(1799)).toEqual({ key: 'min', params: { min: 1800 } });
    expect(Validators.min(1800)(1800)).toBeNull();
    expect(Validators.max(10)(11)).toEqual({ key: 'max', params: { max: 10 } });
    expect(Validators.max(10)('')).toBeNull();
    expect(Validators.minLength(2)('a')).toEqual({ key: 'minLength', params: { min: 2 } });
    expect(Validators.maxLength(3)('abcd')).toEqual({ key: 'maxLength', params: { max: 3 } });
    expect(Validators.maxLength(3)('abc')).toBeNull();
    expect(key(Validators.pattern(/[A-Z]+/)('AB1'))).toBe('pattern');
    expect(Validators.pattern('[A-Z]+')('AB')).toBeNull();
  });

  it('email: 254 characters overall, 64 before the at-sign', () => {
    const v = Validators.email();
    expect(v('kontakt@legia.com')).toBeNull();
    expect(v(`${'a'.repeat(64)}@legia.com`)).toBeNull();
    expect(key(v(`${'a'.repeat(65)}@legia.com`))).toBe('email');
    const domain = `${'d'.repeat(60)}.${'e'.repeat(60)}.${'f'.repeat(60)}.${'g'.repeat(50)}.pl`;
    expect(v(`abc@${domain}`.slice(0, 254))).toBeNull();
    expect(key(v(`abc@${domain}x`.padEnd(255, 'x')))).toBe('email');
    expect(key(v('no-at-sign'))).toBe('email');
    expect(key(v('@legia.com'))).toBe('email');
  });

  it('date parts: year 0–9999, month 0–11, day within the month with leap years', () => {
    expect(validateDateParts({ year: 2024, month: 1, day: 29 })).toBeNull();
    expect(key(validateDateParts({ year: 2023, month: 1, day: 29 }))).toBe('invalidDay');
    expect(validateDateParts({ year: 1900, month: 1, day: 29 })?.key).toBe('invalidDay');
    expect(validateDateParts({ year: 2000, month: 1, day: 29 })).toBeNull();
    expect(validateDateParts({ year: 0, month: 0, day: 1 })).toBeNull();
    expect(key(validateDateParts({ year: 10000, month: 0, day: 1 }))).toBe('invalidYear');
    expect(key(validateDateParts({ year: -1, month: 0, day: 1 }))).toBe('invalidYear');
    expect(key(validateDateParts({ year: 2024, month: 12, day: 1 }))).toBe('invalidMonth');
    expect(key(validateDateParts({ year: 2024, month: -1, day: 1 }))).toBe('invalidMonth');
    expect(key(validateDateParts({ year: 2024, month: 3, day: 31 }))).toBe('invalidDay');
    expect(key(validateDateParts({ year: 2024, month: 0, day: 0 }))).toBe('invalidDay');
  });

  it('date texts in DMY (dot by default), MDY and YMD, length 10', () => {
    const dmy = Validators.dateText();
    expect(dmy('29.02.2024')).toBeNull();
    expect(key(dmy('29.02.2023'))).toBe('invalidDay');
    expect(key(dmy('01.13.2024'))).toBe('invalidMonth');
    expect(key(dmy('1.2.2024'))).toBe('invalidDate');
    expect(key(dmy('29-02-2024'))).toBe('invalidDate');
    expect(dmy('')).toBeNull();
    expect(Validators.dateText('MDY', '/')('02/29/2024')).toBeNull();
    expect(key(Validators.dateText('MDY', '/')('29/02/2024'))).toBe('invalidMonth');
    expect(Validators.dateText('YMD', '-')('2024-02-29')).toBeNull();
    expect(parseDateText('2024-02-29', 'YMD', '-')).toEqual({ year: 2024, month: 1, day: 29 });
    expect(parseDateText('29.02.2024')).toEqual({ year: 2024, month: 1, day: 29 });
  });

  it('publication date and range must hold the hour (two messages)', () => {
    expect(key(Validators.publicationDate()({ date: '2024-05-01', hour: null }))).toBe('publicationDateWithoutHour');
    expect(Validators.publicationDate()({ date: '2024-05-01', hour: '12:30' })).toBeNull();
    expect(key(Validators.publicationDate()('01.05.2024'))).toBe('publicationDateWithoutHour');
    expect(Validators.publicationDate()('01.05.2024 08:00')).toBeNull();
    expect(Validators.publicationDate()('2024-05-01T08:00:00Z')).toBeNull();
    expect(Validators.publicationDate()(null)).toBeNull();
    const range = Validators.publicationDateRange();
    expect(range('01.05.2024 08:00 - 02.05.2024 20:00')).toBeNull();
    expect(key(range('01.05.2024 08:00 - 02.05.2024'))).toBe('publicationDateRangeWithoutHour');
    expect(key(range({ from: { date: '2024-05-01', hour: '08:00' }, to: { date: '2024-05-02' } }))).toBe('publicationDateRangeWithoutHour');
    expect(range({ from: { date: '2024-05-01', hour: '08:00' }, to: null })).toBeNull();
    expect(splitDateTime('01.05.2024 12:30')).toEqual({ date: '01.05.2024', hour: '12:30' });
    expect(key(Validators.publicationDate()('01.05.2024 25:00'))).toBe('publicationDateWithoutHour');
  });

  it('conditional validators apply only with a parent and a holding condition', () => {
    const v = Validators.conditional((parent) => parent.link_type === 'custom_link', Validators.required(), Validators.websiteUrl());
    expect(v('')).toBeNull();
    expect(v('', { parent: null })).toBeNull();
    expect(v('', { parent: { link_type: 'article' } })).toBeNull();
    expect(key(v('', { parent: { link_type: 'custom_link' } }))).toBe('required');
    expect(key(v('nope', { parent: { link_type: 'custom_link' } }))).toBe('invalidWebsiteUrl');
  });

  it('uses only declared keys', () => {
    const keys = new Set<string>(VALIDATION_KEYS);
    for (const k of ['whitespace', 'invalidYear', 'invalidMonth', 'invalidDay', 'publicationDateWithoutHour', 'publicationDateRangeWithoutHour', 'atLeastOneItemRequired'])
      expect(keys.has(k)).toBe(true);
  });
});
