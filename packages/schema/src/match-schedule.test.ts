import { describe, expect, it } from 'vitest';
import { isCalendarDate, leagueDateOf, parseKickoffShift, rescheduleKickoff } from './match-schedule';

describe('kickoff shifts', () => {
  it('reads signed amounts of minutes, hours, days and weeks', () => {
    expect(parseKickoffShift('+2 days')).toEqual({ minutes: 0, days: 2 });
    expect(parseKickoffShift('-1 week')).toEqual({ minutes: 0, days: -7 });
    expect(parseKickoffShift('+90 minutes')).toEqual({ minutes: 90, days: 0 });
    expect(parseKickoffShift('-3 h')).toEqual({ minutes: -180, days: 0 });
    for (const bad of ['2 days', '+2 fortnights', '+ days', '', '+1.5 days', 'tomorrow']) expect(parseKickoffShift(bad), bad).toBeNull();
  });

  it('keeps the time of day in Warsaw across a change to summer time', () => {
    // Saturday 21 March 2026, 18:00 CET (+01:00); a week later it is CEST (+02:00).
    const before = new Date('2026-03-21T17:00:00Z');
    expect(rescheduleKickoff(before, { shift: parseKickoffShift('+1 week') }).toISOString()).toBe('2026-03-28T17:00:00.000Z');
    expect(rescheduleKickoff(before, { shift: parseKickoffShift('+8 days') }).toISOString()).toBe('2026-03-29T16:00:00.000Z');
    // Hours are hours on the clock.
    expect(rescheduleKickoff(before, { shift: parseKickoffShift('+24 hours') }).toISOString()).toBe('2026-03-22T17:00:00.000Z');
  });

  it('sets a time of day and a date in the league’s zone', () => {
    const at = new Date('2026-05-02T16:00:00Z'); // 18:00 in Warsaw
    expect(rescheduleKickoff(at, { time: '20:30' }).toISOString()).toBe('2026-05-02T18:30:00.000Z');
    expect(rescheduleKickoff(at, { date: '2026-12-05' }).toISOString()).toBe('2026-12-05T17:00:00.000Z');
    expect(rescheduleKickoff(at, { shift: parseKickoffShift('+1 day'), time: '12:00' }).toISOString()).toBe('2026-05-03T10:00:00.000Z');
    // 00:30 in Warsaw is the day before in UTC; the league's date is Warsaw's.
    expect(leagueDateOf(new Date('2026-05-02T22:30:00Z'))).toBe('2026-05-03');
  });

  it('tells real dates from impossible ones', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('2026-5-1')).toBe(false);
  });
});
