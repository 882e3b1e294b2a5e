import { beforeAll, describe, expect, it } from 'vitest';
import { activateLocale, FORMATTING_LOCALES, formatCurrency, formatDate, formatDateTime, formatNumber, formatRelative, formatMatchDate, formatMatchDateTime, formatTime, fromMatchWallClock, toMatchWallClock, wallClockAt } from './locale';

describe('locale', () => {
  beforeAll(() => activateLocale('pl'));

  it('formats match dates as EEEE, dd.MM.yyyy on the league clock (Warsaw)', async () => {
    // 23:30 UTC is already the next day in Warsaw's summer (+02:00).
    expect(formatMatchDate('2024-05-17T23:30:00Z')).toBe('sobota, 18.05.2024');
    const en = await FORMATTING_LOCALES.en.load();
    expect(formatMatchDate('2024-05-17T21:59:00Z', en)).toBe('Friday, 17.05.2024');
  });

  it('adds the kick-off hour on the same clock, in summer (+02:00) and in winter (+01:00)', () => {
    expect(formatMatchDateTime('2024-05-17T16:30:00Z')).toBe('piątek, 17.05.2024, 18:30');
    // What the website shows for the same match: a fixed +02:00 said 19:00 here.
    expect(formatMatchDateTime('2026-12-05T17:00:00Z')).toBe('sobota, 05.12.2026, 18:00');
    expect(formatMatchDate('2026-12-31T23:30:00Z')).toBe('piątek, 01.01.2027');
  });

  it('converts a typed kick-off from and to the league clock, whatever the browser zone', () => {
    expect(fromMatchWallClock('2026-12-05T18:00')).toBe('2026-12-05T17:00:00.000Z');
    expect(toMatchWallClock('2026-12-05T17:00:00Z')).toBe('2026-12-05T18:00');
    // 02:30 on the night clocks go forward does not exist: it counts with the offset before (+01:00).
    expect(fromMatchWallClock('2025-03-30T02:30')).toBe('2025-03-30T01:30:00.000Z');
    expect(fromMatchWallClock('2025-02-30T10:00')).toBeNull();
    expect(toMatchWallClock('2024-05-17T16:30:00Z')).toBe('2024-05-17T18:30');
    expect(toMatchWallClock('2024-05-17T23:30:00.000Z')).toBe('2024-05-18T01:30');
    expect(fromMatchWallClock('2024-05-18T01:30')).toBe('2024-05-17T23:30:00.000Z');
    expect(fromMatchWallClock(toMatchWallClock('2025-03-30T00:45:00Z'))).toBe('2025-03-30T00:45:00.000Z');
    // Formatting a formatted value changes nothing (react-admin does it).
    expect(toMatchWallClock(toMatchWallClock('2024-05-17T16:30:00Z'))).toBe('2024-05-17T18:30');
    expect(toMatchWallClock(null)).toBe('');
    expect(fromMatchWallClock('')).toBeNull();
    expect(fromMatchWallClock('18:30')).toBeNull();
  });

  it('keeps wall-clock fields of an offset, and follows Warsaw across the change of clocks', () => {
    expect(wallClockAt('2024-01-01T00:15:00Z', 120)).toEqual({ year: 2024, month: 0, day: 1, hours: 2, minutes: 15 });
    // The night clocks go forward: 00:45 UTC is 01:45 (+01:00), 01:15 UTC is 03:15 (+02:00).
    expect(formatMatchDateTime('2025-03-30T00:45:00Z')).toBe('niedziela, 30.03.2025, 01:45');
    expect(formatMatchDateTime('2025-03-30T01:15:00Z')).toBe('niedziela, 30.03.2025, 03:15');
  });

  it('uses PLN for Polish, USD for English', async () => {
    expect(formatCurrency(12.5)).toMatch(/12,50\s?zł/);
    await activateLocale('en');
    expect(formatCurrency(12.5)).toBe('$12.50');
    await activateLocale('pl');
  });

  it("writes dates, date-times and times the league's way in every language, as the inputs type them", async () => {
    const evening = new Date(2026, 10, 29, 18, 30, 5);
    for (const lang of ['pl', 'en', 'lt']) {
      await activateLocale(lang);
      expect(formatDate('2024-02-29')).toBe('29.02.2024');
      expect(formatDate(evening)).toBe('29.11.2026');
      expect(formatDateTime(evening)).toBe('29.11.2026, 18:30');
      expect(formatTime(evening)).toBe('18:30');
      expect(formatTime(evening, { seconds: true })).toBe('18:30:05');
    }
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('not a date')).toBe('not a date');
    await activateLocale('pl');
  });

  it('formats numbers and relative times in the active language, with formatters kept per language and options', async () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    expect(formatNumber(1234567)).toBe('1\u00a0234\u00a0567');
    expect(formatNumber(0.5, { style: 'percent' })).toBe('50%');
    expect(formatRelative(now - 120_000, now)).toBe('2 minuty temu');
    await activateLocale('en');
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(0.5, { style: 'percent' })).toBe('50%');
    expect(formatNumber(0.5)).toBe('0.5');
    expect(formatRelative(now - 120_000, now)).toBe('2 minutes ago');
    await activateLocale('pl');
    expect(formatNumber(0.5)).toBe('0,5');
  });

  it('registers Lithuanian for formatting: day names and numbers in Lithuanian, dates the league\'s way', async () => {
    await activateLocale('lt');
    expect(formatMatchDate('2024-02-29T12:00:00Z')).toMatch(/^ketvirtadien\S+, 29\.02\.2024$/);
    expect(formatNumber(1234.5)).toBe('1\u00a0234,5');
    await activateLocale('pl');
    expect(formatMatchDate('2024-02-29T12:00:00Z')).toBe('czwartek, 29.02.2024');
  });
});
