import type { RaRecord } from 'react-admin';
import type { ClubRecord } from '../../../framework/records/people';

/** A player's earlier club: a club of the database (`club`) or only its name (`club_name`). */
export interface CareerClubRecord extends RaRecord {
  club_name?: string | null;
  club_id?: string | null;
  club?: ClubRecord | null;
  start_year?: number | null;
  end_year?: number | null;
  appearances?: number | null;
  goals?: number | null;
  is_loan?: boolean;
  player_id?: string;
}

/** Most recent first; a spell still going on (no end) before one that ended. */
export function sortCareer(clubs: readonly CareerClubRecord[]): CareerClubRecord[] {
  return [...clubs].sort(
    (a, b) => (b.start_year ?? 0) - (a.start_year ?? 0) || (b.end_year ?? 9999) - (a.end_year ?? 9999) || String(b.id).localeCompare(String(a.id)),
  );
}

export function careerClubName(club: CareerClubRecord): string {
  return club.club?.name ?? club.club_name ?? '';
}

/** "2016–2019", "2021–" for a spell that goes on, "2020" for one season. */
export function careerYears(club: Pick<CareerClubRecord, 'start_year' | 'end_year'>): string {
  if (!club.start_year) return '';
  if (club.end_year === null || club.end_year === undefined) return `${club.start_year}–`;
  return club.end_year === club.start_year ? String(club.start_year) : `${club.start_year}–${club.end_year}`;
}

export interface CareerDraft {
  club_id: string | null;
  club_name: string;
  start_year: string;
  end_year: string;
  appearances: string;
  goals: string;
  is_loan: boolean;
}

export function draftOf(club?: CareerClubRecord): CareerDraft {
  const text = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));
  return {
    club_id: club?.club_id ?? null,
    club_name: club?.club_id ? (club.club?.name ?? '') : (club?.club_name ?? ''),
    start_year: text(club?.start_year),
    end_year: text(club?.end_year),
    appearances: text(club?.appearances),
    goals: text(club?.goals),
    is_loan: !!club?.is_loan,
  };
}

export type DraftErrors = Partial<Record<keyof CareerDraft, { key: string; args?: Record<string, unknown> }>>;

const YEARS = { min: 1900, max: 2100 };
const COUNTS = { min: 0, max: 2000 };

/** Checks a row before it is sent: a club, a start year, sensible numbers, an end not before the start. */
export function validateDraft(draft: CareerDraft): DraftErrors {
  const errors: DraftErrors = {};
  const integer = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN);
  if (!draft.club_id && !draft.club_name.trim()) errors.club_name = { key: 'validation.required' };
  const start = integer(draft.start_year);
  if (!draft.start_year.trim()) errors.start_year = { key: 'validation.required' };
  else if (!(start >= YEARS.min && start <= YEARS.max)) errors.start_year = { key: 'validation.invalidYear', args: YEARS };
  if (draft.end_year.trim()) {
    const end = integer(draft.end_year);
    if (!(end >= YEARS.min && end <= YEARS.max)) errors.end_year = { key: 'validation.invalidYear', args: YEARS };
    else if (!errors.start_year && end < start) errors.end_year = { key: 'playerPage.career.endBeforeStart' };
  }
  for (const field of ['appearances', 'goals'] as const) {
    if (!draft[field].trim()) continue;
    const n = integer(draft[field]);
    if (!(n >= COUNTS.min && n <= COUNTS.max)) errors[field] = { key: 'validation.max', args: { max: COUNTS.max } };
  }
  return errors;
}

/** The draft as the record's fields (empty numbers are cleared; a database club wins over a typed name). */
export function recordOfDraft(draft: CareerDraft): Partial<CareerClubRecord> {
  const number = (text: string) => (text.trim() === '' ? null : Number(text.trim()));
  return {
    club_id: draft.club_id,
    club_name: draft.club_id ? null : draft.club_name.trim() || null,
    start_year: number(draft.start_year),
    end_year: number(draft.end_year),
    appearances: number(draft.appearances),
    goals: number(draft.goals),
    is_loan: draft.is_loan,
  };
}
