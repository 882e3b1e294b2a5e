import { describe, expect, it } from 'vitest';
import { addSlot, fieldOfPointer, leagueDayOf, nextFriday, requestOf, roundsOf, runCells, slotOf, type GeneratorForm } from './model';

const form: GeneratorForm = {
  squads: ['1', '2', '3'], format: 'double', secondHalf: 'shifted', dates: 'cadence', startDate: '2027-07-16', cadenceDays: 7, skipDates: ['2027-11-13'],
  roundDates: '', slots: ['Fri 20:30'], fixed: [{ home: '1', away: '2', round: 3 }, { home: '2', away: '3', round: '' }], seed: 4, roundName: 'Round {number}',
};

describe('fixture generator model', () => {
  it('makes the request of the form, with a cadence or a date a round', () => {
    expect(requestOf(form)).toEqual({
      squads: ['1', '2', '3'], format: 'double', second_half: 'shifted', start_date: '2027-07-16', cadence_days: 7, skip_dates: ['2027-11-13'],
      kickoff_slots: ['Fri 20:30'], fixed_pairings: [{ home: '1', away: '2', round: 3 }, { home: '2', away: '3', round: null }], seed: 4, round_name: 'Round {number}',
    });
    const list = requestOf({ ...form, dates: 'list', roundDates: '2027-07-16\n2027-07-23, 2027-07-30' }, 'ab');
    expect(list.round_dates).toEqual(['2027-07-16', '2027-07-23', '2027-07-30']);
    // Typed in the league's format (dd.MM.yyyy), as the help text shows them.
    expect(requestOf({ ...form, dates: 'list', roundDates: '16.07.2027\n23.07.2027; 6.8.2027' }).round_dates).toEqual(['2027-07-16', '2027-07-23', '2027-08-06']);
    expect(leagueDayOf('2027-11-13')).toBe('13.11.2027');
    expect(list.start_date).toBeUndefined();
    expect(list.preview_digest).toBe('ab');
  });

  it('reads slots, keeps them in weekly order and once each', () => {
    expect(slotOf('Sat', '15:00')).toBe('Sat 15:00');
    expect(slotOf('Sat', '25:00')).toBeNull();
    expect(addSlot(['Sat 15:00', 'Sun 12:30'], 'Fri 20:30')).toEqual(['Fri 20:30', 'Sat 15:00', 'Sun 12:30']);
    expect(addSlot(['Sat 15:00'], 'Sat 15:00')).toEqual(['Sat 15:00']);
  });

  it('names the field of an error pointer, counts rounds, finds runs of three, picks a Friday', () => {
    expect(fieldOfPointer('/data/attributes/fixed_pairings/1/round')).toBe('fixed_pairings.1.round');
    expect(fieldOfPointer('/data')).toBeNull();
    expect(roundsOf(18, 'double')).toBe(34);
    expect(roundsOf(7, 'single')).toBe(7);
    expect([...runCells('HH-HAAA')].sort()).toEqual([0, 1, 3, 4, 5, 6]);
    expect(runCells('HAHA').size).toBe(0);
    expect(nextFriday(new Date(2026, 10, 27))).toBe('2026-12-04');
    expect(nextFriday(new Date(2026, 10, 25))).toBe('2026-11-27');
  });
});
