import { describe, expect, it } from 'vitest';
import { formatMatchDateTime } from '../../lib/locale';
import { matchLabel, matchSearch } from './matches';

describe('a match named for a picker', () => {
  it('is named by its sides (their teams, else the squads) and its kick-off on the league clock', () => {
    const kickoff = '2026-11-28T14:00:00Z';
    expect(
      matchLabel({ id: '9', kickoff_at: kickoff, home_squad: { name: 'Legia 2026/27', team: { name: 'Legia Warszawa' } }, away_squad: { name: 'Lech 2026/27', team: null } }),
    ).toBe(`Legia Warszawa – Lech 2026/27, ${formatMatchDateTime(kickoff)}`);
    expect(matchLabel({ id: '9', kickoff_at: null, home_squad: { team: { name: 'Legia Warszawa' } }, away_squad: { team: { name: 'Lech Poznań' } } })).toBe('Legia Warszawa – Lech Poznań');
  });

  it('falls back on its id without its sides, and is searched by its clubs', () => {
    expect(matchLabel({ id: '9' })).toBe('#9');
    expect(matchLabel({ id: '9', home_squad: { team: { name: 'Legia Warszawa' } } })).toBe('#9');
    expect(matchSearch('Łódź')).toEqual({ club_search: 'Łódź' });
    expect(matchSearch(' ')).toEqual({});
  });
});
