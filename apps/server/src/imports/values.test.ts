import { describe, expect, it } from 'vitest';
import { parseCountry, parseDate, parseInteger, parsePosition, parseScore, parseTime, warsawInstant } from './values';

describe('cell values', () => {
  it('reads dates day first, ISO and with a time, and refuses impossible ones', () => {
    expect(parseDate('02.05.2026')).toBe('2026-05-02');
    expect(parseDate('2.5.2026')).toBe('2026-05-02');
    expect(parseDate('02/05/2026')).toBe('2026-05-02');
    expect(parseDate('2026-05-02')).toBe('2026-05-02');
    expect(parseDate('2026-05-02 18:00')).toBe('2026-05-02');
    expect(parseDate('31.02.2026')).toBeNull();
    expect(parseDate('jutro')).toBeNull();
  });

  it('reads times, scores and whole numbers', () => {
    expect(parseTime('18:00')).toBe('18:00');
    expect(parseTime('9.30')).toBe('09:30');
    expect(parseTime('1830')).toBe('18:30');
    expect(parseTime('25:00')).toBeNull();
    expect(parseScore('2:1')).toEqual([2, 1]);
    expect(parseScore('0 - 3')).toEqual([0, 3]);
    expect(parseScore('2:')).toBeNull();
    expect(parseInteger('7', 1, 99)).toBe(7);
    expect(parseInteger('7.0', 1, 99)).toBe(7);
    expect(parseInteger('100', 1, 99)).toBeNull();
    expect(parseInteger('siedem', 1, 99)).toBeNull();
  });

  it('names positions and countries in Polish and English', () => {
    expect(parsePosition('Bramkarz')).toBe('goalkeeper');
    expect(parsePosition('obrońca')).toBe('defender');
    expect(parsePosition('Midfielder')).toBe('midfielder');
    expect(parsePosition('NAP')).toBe('forward');
    expect(parsePosition('trener')).toBeNull();
    expect(parseCountry('Polska')).toBe('PL');
    expect(parseCountry('pl')).toBe('PL');
    expect(parseCountry('POL')).toBe('PL');
    expect(parseCountry('Niemcy')).toBe('DE');
    expect(parseCountry('Germany')).toBe('DE');
    expect(parseCountry('Szwecja')).toBe('SE');
    expect(parseCountry('Anglia')).toBe('GB-ENG');
    expect(parseCountry('Atlantyda')).toBeNull();
  });

  it('turns a Polish local date and time into the instant, summer and winter', () => {
    expect(warsawInstant('2026-05-02', '18:00')).toBe('2026-05-02T16:00:00.000Z');
    expect(warsawInstant('2026-12-05', '18:00')).toBe('2026-12-05T17:00:00.000Z');
  });
});
