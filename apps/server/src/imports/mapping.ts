import type { FileImportKind } from '@umpire/schema';
import { foldForSearch } from '../text/collation';

/**
 * The fields a file of each kind may fill, and the column headers (Polish and English, folded:
 * no case, no accents) that name each one. The dry run guesses the mapping from the headers,
 * prefers what the client mapped last time, and the user may change it.
 */
export interface ImportField {
  name: string;
  /** Needed on every row (a fixture's teams); `oneOf` groups say "one of these" (a score or the goals). */
  required?: boolean;
}

const FIELDS: Record<FileImportKind, { fields: ImportField[]; synonyms: Record<string, string[]> }> = {
  fixtures: {
    fields: [
      { name: 'round', required: true },
      { name: 'date', required: true },
      { name: 'time' },
      { name: 'home', required: true },
      { name: 'away', required: true },
      { name: 'venue' },
      { name: 'score' },
      { name: 'home_goals' },
      { name: 'away_goals' },
    ],
    synonyms: {},
  },
  results: {
    fields: [
      { name: 'round' },
      { name: 'date' },
      { name: 'home', required: true },
      { name: 'away', required: true },
      { name: 'score' },
      { name: 'home_goals' },
      { name: 'away_goals' },
    ],
    synonyms: {},
  },
  clubs: {
    fields: [
      { name: 'name', required: true },
      { name: 'short_name' },
      { name: 'code' },
      { name: 'city' },
      { name: 'country' },
      { name: 'founded' },
      { name: 'website' },
      { name: 'venue' },
    ],
    synonyms: { name: ['nazwa', 'name', 'klub', 'club', 'nazwa klubu', 'club name'] },
  },
  squads: {
    fields: [{ name: 'club', required: true }, { name: 'name' }],
    synonyms: { club: ['klub', 'club', 'druzyna', 'team', 'nazwa klubu', 'club name'], name: ['kadra', 'squad', 'nazwa kadry', 'squad name', 'nazwa', 'name'] },
  },
  players: {
    fields: [
      { name: 'first_name' },
      { name: 'last_name' },
      { name: 'full_name' },
      { name: 'birth_date' },
      { name: 'position' },
      { name: 'shirt_number' },
      { name: 'nationality' },
      { name: 'squad' },
    ],
    synonyms: { squad: ['kadra', 'squad', 'klub', 'club', 'druzyna', 'team'] },
  },
};

/** Header words shared by the kinds (a kind's own synonyms come first). */
const COMMON: Record<string, string[]> = {
  round: ['kolejka', 'runda', 'round', 'matchday', 'md', 'nr kolejki', 'numer kolejki', 'round number', 'kol'],
  date: ['data', 'date', 'dzien', 'day', 'data meczu', 'match date', 'termin'],
  time: ['godzina', 'godz', 'time', 'kickoff', 'kick off', 'kick-off', 'start', 'poczatek', 'godzina rozpoczecia', 'kickoff time'],
  home: ['gospodarz', 'gospodarze', 'home', 'home team', 'hosts', 'host', 'druzyna gospodarzy', 'gospodarz meczu'],
  away: ['gosc', 'goscie', 'away', 'away team', 'visitors', 'visitor', 'guest', 'guests', 'druzyna gosci'],
  venue: ['stadion', 'venue', 'stadium', 'obiekt', 'miejsce', 'ground'],
  score: ['wynik', 'score', 'result', 'rezultat', 'ft', 'final score'],
  home_goals: ['bramki gospodarzy', 'gole gospodarzy', 'home goals', 'home score', 'gospodarze bramki'],
  away_goals: ['bramki gosci', 'gole gosci', 'away goals', 'away score', 'goscie bramki'],
  short_name: ['nazwa skrocona', 'skrot', 'short name', 'short', 'nazwa krotka'],
  code: ['kod', 'code', 'skrot kodu', 'tla'],
  city: ['miasto', 'city', 'town', 'miejscowosc'],
  country: ['kraj', 'country', 'panstwo'],
  founded: ['rok zalozenia', 'zalozony', 'zalozenie', 'founded', 'year founded', 'rok powstania'],
  website: ['strona', 'strona www', 'www', 'website', 'web', 'url', 'strona internetowa'],
  first_name: ['imie', 'first name', 'firstname', 'given name', 'forename', 'imiona'],
  last_name: ['nazwisko', 'last name', 'lastname', 'surname', 'family name'],
  full_name: ['imie i nazwisko', 'zawodnik', 'player', 'name', 'nazwa', 'full name', 'pilkarz', 'player name'],
  birth_date: ['data urodzenia', 'birth date', 'date of birth', 'birthdate', 'dob', 'urodzony', 'urodzona', 'born', 'ur'],
  position: ['pozycja', 'position', 'pos', 'poz'],
  shirt_number: ['numer', 'nr', 'shirt number', 'number', 'no', 'numer na koszulce', 'shirt', 'koszulka', 'jersey', 'nr koszulki'],
  nationality: ['narodowosc', 'nationality', 'obywatelstwo', 'citizenship', 'kraj', 'country', 'nation'],
};

export function fieldsOf(kind: FileImportKind): ImportField[] {
  return FIELDS[kind].fields;
}

const foldHeader = (header: string) =>
  foldForSearch(header)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Column header → field: what the client mapped before (for headers this file has), then the headers' words. */
export function guessMapping(kind: FileImportKind, headers: readonly string[], remembered: Record<string, string> = {}): Record<string, string> {
  const { fields, synonyms } = FIELDS[kind];
  const names = new Set(fields.map((f) => f.name));
  const mapping: Record<string, string> = {};
  const taken = new Set<string>();
  for (const header of headers) {
    const field = remembered[header];
    if (field && names.has(field) && !taken.has(field)) {
      mapping[header] = field;
      taken.add(field);
    }
  }
  for (const header of headers) {
    if (header in mapping) continue;
    const folded = foldHeader(header);
    if (!folded) continue;
    const field = fields.find((f) => !taken.has(f.name) && [...(synonyms[f.name] ?? []), ...(COMMON[f.name] ?? [])].includes(folded));
    if (field) {
      mapping[header] = field.name;
      taken.add(field.name);
    }
  }
  return mapping;
}

/** What is wrong with a mapping the client sent: a header the file lacks, a field the kind lacks, a field twice, a needed field missing. */
export type MappingProblem =
  | { kind: 'unknownColumn'; column: string }
  | { kind: 'unknownField'; column: string; field: string }
  | { kind: 'duplicateField'; field: string }
  | { kind: 'missingField'; field: string };

export function mappingProblems(kind: FileImportKind, headers: readonly string[], mapping: Record<string, string>): MappingProblem[] {
  const problems: MappingProblem[] = [];
  const fields = FIELDS[kind].fields;
  const names = new Set(fields.map((f) => f.name));
  const seen = new Set<string>();
  for (const [column, field] of Object.entries(mapping)) {
    if (field === '' || field === null) continue; // a column left out
    if (!headers.includes(column)) problems.push({ kind: 'unknownColumn', column });
    else if (!names.has(field)) problems.push({ kind: 'unknownField', column, field });
    else if (seen.has(field)) problems.push({ kind: 'duplicateField', field });
    else seen.add(field);
  }
  for (const f of fields) if (f.required && !seen.has(f.name)) problems.push({ kind: 'missingField', field: f.name });
  // Kinds that need one of several fields.
  const has = (f: string) => seen.has(f);
  if (kind === 'results' && !has('score') && !(has('home_goals') && has('away_goals'))) problems.push({ kind: 'missingField', field: 'score' });
  if (kind === 'results' && !has('round') && !has('date')) problems.push({ kind: 'missingField', field: 'date' });
  if (kind === 'players' && !has('full_name') && !(has('first_name') && has('last_name'))) problems.push({ kind: 'missingField', field: has('first_name') ? 'last_name' : 'first_name' });
  return problems;
}
