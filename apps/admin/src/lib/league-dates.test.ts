import { describe, expect, it } from 'vitest';
import { enUS } from 'date-fns/locale/en-US';
import { pl } from 'date-fns/locale/pl';
import { format, startOfWeek } from 'date-fns';
import { fromPickerValue, invalidMessageOf, leagueFormatOf, toPickerValue, weekFromMonday, type LeagueDateKind } from './league-dates';

const fields = (d: Date | null) => d && [d.getFullYear(), d.getMonth() + 1, d.getDate(), d.getHours(), d.getMinutes()];

describe('the league date inputs: stored value ↔ what the field shows', () => {
  it('writes dates dd.MM.yyyy and date-times dd.MM.yyyy HH:mm (24-hour), whatever the language', () => {
    expect(leagueFormatOf('date')).toBe('dd.MM.yyyy');
    expect(leagueFormatOf('datetime')).toBe('dd.MM.yyyy HH:mm');
    expect(leagueFormatOf('match')).toBe('dd.MM.yyyy HH:mm');
    expect(leagueFormatOf('time')).toBe('HH:mm');
    const day = toPickerValue('date', '2026-12-24')!;
    expect(format(day, leagueFormatOf('date'), { locale: enUS })).toBe('24.12.2026');
    expect(format(new Date(2026, 11, 24, 18, 5), leagueFormatOf('datetime'), { locale: enUS })).toBe('24.12.2026 18:05');
  });

  it('starts weeks on Monday in English and Polish, keeping each language’s names', () => {
    const sunday = new Date(2026, 11, 27);
    for (const locale of [enUS, pl]) {
      const monday = weekFromMonday(locale);
      expect(format(startOfWeek(sunday, { locale: monday }), 'yyyy-MM-dd')).toBe('2026-12-21');
      expect(format(sunday, 'EEEE', { locale: monday })).toBe(format(sunday, 'EEEE', { locale }));
    }
    expect(enUS.options?.weekStartsOn).toBe(0);
  });

  it('keeps a calendar day as yyyy-MM-dd, without a time-zone shift', () => {
    const picked = toPickerValue('date', '2026-03-29');
    expect(fields(picked)).toEqual([2026, 3, 29, 0, 0]);
    expect(fromPickerValue('date', picked!)).toBe('2026-03-29');
    expect(toPickerValue('date', '2026-02-31')).toBeNull();
  });

  it('keeps an instant as ISO, read on the browser clock', () => {
    const picked = toPickerValue('datetime', '2026-05-01T08:30:00.000Z')!;
    expect(picked.getTime()).toBe(Date.parse('2026-05-01T08:30:00.000Z'));
    expect(fromPickerValue('datetime', picked)).toBe('2026-05-01T08:30:00.000Z');
  });

  it('shows a kick-off on the Warsaw clock (summer +02:00, winter +01:00) and stores the instant', () => {
    expect(fields(toPickerValue('match', '2026-07-01T16:00:00.000Z'))).toEqual([2026, 7, 1, 18, 0]);
    expect(fields(toPickerValue('match', '2026-01-15T17:00:00.000Z'))).toEqual([2026, 1, 15, 18, 0]);
    expect(fromPickerValue('match', new Date(2026, 6, 1, 18, 0))).toBe('2026-07-01T16:00:00.000Z');
    expect(fromPickerValue('match', new Date(2026, 0, 15, 18, 0))).toBe('2026-01-15T17:00:00.000Z');
    // Round trip across the autumn change (25.10.2026, 03:00 → 02:00).
    for (const iso of ['2026-10-24T18:00:00.000Z', '2026-10-25T18:00:00.000Z']) expect(fromPickerValue('match', toPickerValue('match', iso)!)).toBe(iso);
  });

  it('keeps wall clocks (yyyy-MM-ddTHH:mm) and times (HH:mm) as they are', () => {
    expect(fromPickerValue('local', toPickerValue('local', '2026-05-01T08:00')!)).toBe('2026-05-01T08:00');
    expect(fromPickerValue('time', toPickerValue('time', '18:30')!)).toBe('18:30');
  });

  it('reads no value as empty', () => {
    for (const kind of ['date', 'datetime', 'match', 'local', 'time'] as LeagueDateKind[]) {
      for (const empty of [null, undefined, '', 'not a date', {}]) expect(toPickerValue(kind, empty)).toBeNull();
    }
  });

  it('names its unfinished value with a message per kind', () => {
    expect(invalidMessageOf('date')).toBe('form.invalidDate');
    expect(invalidMessageOf('match')).toBe('form.invalidDateTime');
    expect(invalidMessageOf('time')).toBe('form.invalidTime');
  });
});
