import { describe, expect, it } from 'vitest';
import { guessMapping, mappingProblems } from './mapping';

describe('column mapping', () => {
  it('guesses fixtures columns from Polish and English headers, accents and case ignored', () => {
    expect(guessMapping('fixtures', ['Kolejka', 'DATA', 'Godzina', 'Gospodarze', 'Goście', 'Stadion', 'Wynik'])).toEqual({
      Kolejka: 'round', DATA: 'date', Godzina: 'time', Gospodarze: 'home', Goście: 'away', Stadion: 'venue', Wynik: 'score',
    });
    expect(guessMapping('fixtures', ['Round', 'Date', 'Kick-off', 'Home team', 'Away team', 'Venue', 'Home goals', 'Away goals'])).toEqual({
      Round: 'round', Date: 'date', 'Kick-off': 'time', 'Home team': 'home', 'Away team': 'away', Venue: 'venue', 'Home goals': 'home_goals', 'Away goals': 'away_goals',
    });
  });

  it('guesses players and clubs columns, each field once', () => {
    expect(guessMapping('players', ['Imię', 'Nazwisko', 'Data urodzenia', 'Pozycja', 'Nr', 'Narodowość', 'Kraj'])).toEqual({
      Imię: 'first_name', Nazwisko: 'last_name', 'Data urodzenia': 'birth_date', Pozycja: 'position', Nr: 'shirt_number', Narodowość: 'nationality',
    });
    expect(guessMapping('clubs', ['Nazwa', 'Skrót', 'Miasto', 'Stadion'])).toEqual({ Nazwa: 'name', Skrót: 'short_name', Miasto: 'city', Stadion: 'venue' });
  });

  it('prefers what the client mapped before, for the headers this file has', () => {
    expect(guessMapping('fixtures', ['A', 'B', 'Gospodarze'], { A: 'round', B: 'date', C: 'time', Gospodarze: 'away' })).toEqual({ A: 'round', B: 'date', Gospodarze: 'away' });
  });

  it('names what is wrong with a mapping', () => {
    expect(mappingProblems('clubs', ['Nazwa'], { Nazwa: 'name' })).toEqual([]);
    expect(mappingProblems('clubs', ['Nazwa', 'X'], { Y: 'name', X: 'colour' })).toEqual([
      { kind: 'unknownColumn', column: 'Y' },
      { kind: 'unknownField', column: 'X', field: 'colour' },
      { kind: 'missingField', field: 'name' },
    ]);
    expect(mappingProblems('clubs', ['A', 'B'], { A: 'name', B: 'name' })).toEqual([{ kind: 'duplicateField', field: 'name' }]);
    expect(mappingProblems('results', ['H', 'A', 'R'], { H: 'home', A: 'away', R: 'round' })).toEqual([{ kind: 'missingField', field: 'score' }]);
    expect(mappingProblems('players', ['N'], { N: 'full_name' })).toEqual([]);
  });
});
