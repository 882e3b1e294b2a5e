import { describe, expect, it } from 'vitest';
import { API_ERROR_KEYS } from './api';
import {
  ERROR_LANGUAGES,
  ERROR_MESSAGES,
  ERROR_TITLES,
  errorDetail,
  errorKeyOf,
  negotiateLanguage,
  type ErrorMessageId,
} from './error-messages';
import { formatMessage, placeholdersOf, pluralCategoriesOf } from './message-format';
import { VALIDATION_KEYS } from './validators';

const ids = Object.keys(ERROR_MESSAGES) as ErrorMessageId[];
const KEYS = [...new Set<string>([...API_ERROR_KEYS, ...VALIDATION_KEYS])];

/** A value for every placeholder name the catalogue uses; a new name fails the walk below. */
const SAMPLES: Record<string, string | number | string[]> = {
  field: 'name',
  kind: 'single',
  incidentType: 'goal',
  min: 3,
  max: 22,
  expected: 'string',
  values: ['a', 'b'],
  type: 'clubs',
  id: '"42"',
  method: 'GET',
  path: '/api/v3/nothing',
  reason: 'FST_ERR_BAD_URL',
  parameter: 'page[size]',
  locale: 'en',
  status: 'ended',
  state: 'ERROR',
  locales: 'pl, en',
  value: 'x',
  seconds: 5,
  minutes: 2,
  relationship: 'club',
  name: 'colour',
  names: ['goals', 'assists'],
  action: 'delete',
  subject: 'clubs',
  given: '"teams"',
  recordType: 'clubs',
  count: 2,
  half: 1,
  minute: 45,
  other: 'home_squad',
  languages: 'pl, en',
  pixels: 196_000_000,
  extensions: 'jpg, png, pdf',
  limit: '30 MB',
  uses: 'clubs 3 (image)',
  size: 1024,
  version: '1.0.0',
  length: 1000,
  parts: '2, 3',
  part: 2,
  // Fixture generation.
  club: 'Legia Warszawa',
  needed: 34,
  round: 10,
  rounds: 34,
  // Imports.
  cell: 'B3',
  row: 5,
  column: 'Gospodarze',
  score: '2:1',
  current: '1:1',
  examples: 'clubs 12 → venues 3',
  match: 'Legia Warszawa',
};

describe('error catalogue', () => {
  it('has a text for every error key the API and the validators use', () => {
    for (const key of KEYS) expect(ids, key).toContain(key);
    for (const id of ids) expect(KEYS, id).toContain(errorKeyOf(id));
  });

  it('has a non-empty text in every language, with exactly the declared placeholders', () => {
    for (const id of ids) {
      const message = ERROR_MESSAGES[id];
      const declared = [...message.values].sort();
      for (const lang of ERROR_LANGUAGES) {
        expect(message[lang].trim(), `${id} (${lang})`).not.toBe('');
        expect([...placeholdersOf(message[lang])].sort(), `${id} (${lang})`).toEqual(declared);
      }
    }
  });

  it('covers every plural category of each language', () => {
    for (const id of ids)
      for (const lang of ERROR_LANGUAGES)
        for (const [name, categories] of pluralCategoriesOf(ERROR_MESSAGES[id][lang]))
          for (const category of new Intl.PluralRules(lang).resolvedOptions().pluralCategories)
            expect(categories.has(category), `${id} (${lang}) {${name}} lacks "${category}"`).toBe(true);
  });

  it('renders every message in every language with its values and nothing left over', () => {
    for (const id of ids) {
      const values = Object.fromEntries(ERROR_MESSAGES[id].values.map((name) => [name, SAMPLES[name]]));
      for (const lang of ERROR_LANGUAGES) {
        for (const name of ERROR_MESSAGES[id].values) expect(SAMPLES, `sample for {${name}}`).toHaveProperty(name);
        const text = errorDetail(lang, id, values as never);
        expect(text, `${id} (${lang})`).not.toMatch(/[{}]|undefined/);
      }
    }
  });

  it('has titles in every language for the same statuses', () => {
    const statuses = (lang: (typeof ERROR_LANGUAGES)[number]) => Object.keys(ERROR_TITLES[lang]).sort();
    for (const lang of ERROR_LANGUAGES) {
      expect(statuses(lang)).toEqual(statuses('en'));
      for (const title of Object.values(ERROR_TITLES[lang])) expect((title ?? '').trim()).not.toBe('');
    }
  });

  it('speaks natural Polish with the plural forms', () => {
    const text = (min: number) => errorDetail('pl', 'minLength.bound', { field: 'name', min });
    expect(text(1)).toBe('Pole „name” musi mieć co najmniej 1 znak.');
    expect(text(3)).toBe('Pole „name” musi mieć co najmniej 3 znaki.');
    expect(text(5)).toBe('Pole „name” musi mieć co najmniej 5 znaków.');
    expect(text(12)).toBe('Pole „name” musi mieć co najmniej 12 znaków.');
    expect(text(22)).toBe('Pole „name” musi mieć co najmniej 22 znaki.');
    expect(errorDetail('en', 'minLength.bound', { field: 'name', min: 1 })).toBe('name must have at least 1 character.');
    expect(errorDetail('pl', 'forbidden', { action: 'delete', subject: 'clubs' })).toBe('Twoja rola nie pozwala na usuwanie w zasobie clubs.');
    expect(errorDetail('pl', 'forbidden', { action: 'manage', subject: 'clubs' })).toBe('Twoja rola nie pozwala na operację manage w zasobie clubs.');
    expect(errorDetail('pl', 'tooManyRequests.signInMinutes', { minutes: 2 })).toBe(
      'Zbyt wiele nieudanych prób logowania; spróbuj ponownie za 2 minuty.',
    );
  });
});

describe('message format', () => {
  it('fills placeholders, plural and select arguments, and keeps # outside plurals', () => {
    expect(formatMessage('{a} and {b}', { a: 1, b: ['x', 'y'] }, 'en')).toBe('1 and x, y');
    expect(formatMessage('{n, plural, =0 {none} one {# item} other {# items}}', { n: 0 }, 'en')).toBe('none');
    expect(formatMessage('{n, plural, one {# {what}} other {# {what}s}}', { n: 2, what: 'goal' }, 'en')).toBe('2 goals');
    expect(formatMessage('{k, select, a {A} other {other {k}}}', { k: 'z' }, 'en')).toBe('other z');
    expect(formatMessage('#1A2B3C', {}, 'en')).toBe('#1A2B3C');
  });

  it('refuses broken templates', () => {
    expect(() => placeholdersOf('{a')).toThrow(SyntaxError);
    expect(() => placeholdersOf('a}')).toThrow(SyntaxError);
    expect(() => placeholdersOf('{n, plural, one {x}}')).toThrow(SyntaxError);
    expect(() => placeholdersOf('{n, number}')).toThrow(SyntaxError);
  });
});

describe('Accept-Language', () => {
  it('picks the supported language the client ranks highest, else English', () => {
    expect(negotiateLanguage(undefined)).toBe('en');
    expect(negotiateLanguage('')).toBe('en');
    expect(negotiateLanguage('pl')).toBe('pl');
    expect(negotiateLanguage('pl-PL,pl;q=0.9,en-US;q=0.8')).toBe('pl');
    expect(negotiateLanguage('en-GB,pl;q=0.5')).toBe('en');
    expect(negotiateLanguage('de, pl;q=0.7, en;q=0.3')).toBe('pl');
    expect(negotiateLanguage('en;q=0.2, PL;q=0.8')).toBe('pl');
    expect(negotiateLanguage('de, fr;q=0.5')).toBe('en');
    expect(negotiateLanguage('pl;q=0, en')).toBe('en');
    expect(negotiateLanguage('pl;q=0')).toBe('en');
    expect(negotiateLanguage('*')).toBe('en');
    expect(negotiateLanguage('en;q=0, *')).toBe('pl');
    expect(negotiateLanguage('pl;q=banana, en;q=0.1')).toBe('en');
  });
});
