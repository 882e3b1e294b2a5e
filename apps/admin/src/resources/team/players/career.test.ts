import { describe, expect, it } from 'vitest';
import { careerYears, draftOf, recordOfDraft, sortCareer, validateDraft } from './career';

describe('career clubs', () => {
  it('lists the latest spell first, one still going on before one that ended', () => {
    const sorted = sortCareer([
      { id: '1', start_year: 2016, end_year: 2019 },
      { id: '2', start_year: 2021, end_year: 2022 },
      { id: '3', start_year: 2021, end_year: null },
    ]);
    expect(sorted.map((c) => c.id)).toEqual(['3', '2', '1']);
  });

  it('writes the years of a spell', () => {
    expect(careerYears({ start_year: 2016, end_year: 2019 })).toBe('2016–2019');
    expect(careerYears({ start_year: 2021, end_year: null })).toBe('2021–');
    expect(careerYears({ start_year: 2020, end_year: 2020 })).toBe('2020');
  });

  it('checks a row before sending it', () => {
    const draft = draftOf();
    expect(validateDraft(draft)).toMatchObject({ club_name: { key: 'validation.required' }, start_year: { key: 'validation.required' } });
    expect(validateDraft({ ...draft, club_name: 'Leicester City', start_year: '2019', end_year: '2017' })).toEqual({
      end_year: { key: 'playerPage.career.endBeforeStart' },
    });
    expect(validateDraft({ ...draft, club_id: '3', start_year: '1850' })).toMatchObject({ start_year: { key: 'validation.invalidYear' } });
    expect(validateDraft({ ...draft, club_name: 'X', start_year: '2019', goals: '5000' })).toMatchObject({ goals: { key: 'validation.max' } });
  });

  it('sends a club of the database by id and a typed one by name', () => {
    expect(recordOfDraft({ ...draftOf(), club_id: '3', club_name: 'Legia Warszawa', start_year: '2019', goals: '' })).toMatchObject({
      club_id: '3',
      club_name: null,
      start_year: 2019,
      goals: null,
    });
    expect(recordOfDraft({ ...draftOf(), club_name: ' Leicester City ', start_year: '2016', end_year: '2019', is_loan: true })).toMatchObject({
      club_id: null,
      club_name: 'Leicester City',
      end_year: 2019,
      is_loan: true,
    });
    expect(draftOf({ id: '1', club_id: '3', club: { id: '3', name: 'Legia' }, start_year: 2019 })).toMatchObject({ club_id: '3', club_name: 'Legia', start_year: '2019' });
  });
});
