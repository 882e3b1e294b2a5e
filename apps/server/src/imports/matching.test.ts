import { describe, expect, it } from 'vitest';
import { Matcher } from './matching';

const clubs = new Matcher([
  { id: '1', label: 'Legia Warszawa', keys: ['Legia Warszawa', 'Legia', 'LEG'] },
  { id: '2', label: 'Śląsk Wrocław', keys: ['Śląsk Wrocław', 'Śląsk', 'SLA'] },
  { id: '3', label: 'Lech Poznań', keys: ['Lech Poznań', 'Lech', 'LPO'] },
  { id: '4', label: 'Lechia Gdańsk', keys: ['Lechia Gdańsk', 'Lechia', 'LGD'] },
  { id: '5', label: 'Wisła Kraków', keys: ['Wisła Kraków'] },
  { id: '6', label: 'Wisła Płock', keys: ['Wisła Płock'] },
]);

describe('matching names to records', () => {
  it('matches names, short names and codes exactly whatever the case and accents', () => {
    expect(clubs.match('legia warszawa')).toMatchObject({ status: 'exact', match: { id: '1' } });
    expect(clubs.match('Slask Wroclaw')).toMatchObject({ status: 'exact', match: { id: '2' } });
    expect(clubs.match('SLASK')).toMatchObject({ status: 'exact', match: { id: '2' } });
    expect(clubs.match('lpo')).toMatchObject({ status: 'exact', match: { id: '3' } });
  });

  it('takes the start of a name or a typo as a match to check', () => {
    expect(clubs.match('Legia Warszwa')).toMatchObject({ status: 'fuzzy', match: { id: '1' } });
    expect(clubs.match('Slask Wroc')).toMatchObject({ status: 'fuzzy', match: { id: '2' } });
    expect(clubs.match('Lech Poznan')).toMatchObject({ status: 'exact', match: { id: '3' } });
  });

  it('leaves equally good or no candidates to the user, with the nearest ones', () => {
    const wisla = clubs.match('Wisła');
    expect(wisla.status).toBe('ambiguous');
    expect(wisla.candidates.slice(0, 2).map((c) => c.id).sort()).toEqual(['5', '6']);
    const none = clubs.match('Real Madryt');
    expect(none).toMatchObject({ status: 'none', match: null });
    expect(clubs.match('')).toMatchObject({ status: 'none', candidates: [] });
  });
});
