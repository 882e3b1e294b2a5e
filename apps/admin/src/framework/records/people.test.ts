import { describe, expect, it } from 'vitest';
import { ageOn, fullName, initialsOf } from './people';
import { flagOf, shortCode } from '../ui/country-label';

describe('people', () => {
  it('computes the age in completed years', () => {
    const today = new Date(2026, 2, 12); // 12 March 2026
    expect(ageOn('1996-03-12', today)).toBe(30);
    expect(ageOn('1996-03-13', today)).toBe(29);
    expect(ageOn('2000-02-29', today)).toBe(26);
    expect(ageOn(null, today)).toBeNull();
    expect(ageOn('2030-01-01', today)).toBeNull();
  });

  it('names people and crests', () => {
    expect(fullName({ first_name: 'Jan', last_name: 'Kowalski' })).toBe('Jan Kowalski');
    expect(fullName({ last_name: 'Kowalski' })).toBe('Kowalski');
    expect(initialsOf('Legia Warszawa')).toBe('LW');
    expect(initialsOf('Bruk-Bet Termalica Nieciecza')).toBe('BBT');
    expect(initialsOf('Cracovia')).toBe('C');
  });


  it('draws flags of ISO codes, Kosovo and the home nations', () => {
    expect(flagOf('PL')).toBe('🇵🇱');
    expect(flagOf('XKX')).toBe('🇽🇰');
    expect(flagOf('GB-ENG')).toBe('🏴󠁧󠁢󠁥󠁮󠁧󠁿');
    expect(flagOf('GB-NIR')).toBe('🇬🇧');
    expect(flagOf('??')).toBe('');
    expect([shortCode('GB-SCT'), shortCode('XKX'), shortCode('pl')]).toEqual(['SCT', 'XK', 'PL']);
  });
});
