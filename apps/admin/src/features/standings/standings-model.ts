import type { RaRecord } from 'react-admin';
import { TIEBREAKERS } from '@umpire/schema/enums';
import type { SquadRecord } from '../../framework/records/squad-members';

/** One row of GET /groups/{id}/standings, as read into a record. */
export type FormLetter = 'W' | 'D' | 'L';
export type Tiebreaker = (typeof TIEBREAKERS)[number];

export interface StandingRecord extends RaRecord {
  position: number;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goals_for: number;
  goals_against: number;
  goal_difference: number;
  points: number;
  deducted_points: number;
  deductions: { points: number; reason: string; squad?: string }[];
  form: FormLetter[];
  previous_position: number | null;
  position_change: number;
  decided_by: { rule: Tiebreaker | 'points'; against: string[] } | null;
  tied: boolean;
  tied_with: string[];
  fair_play_points: number;
  away_goals_for: number;
  away_wins: number;
  squad_id: string;
  squad?: SquadRecord;
}

export interface StandingsMeta {
  points: { win: number; draw: number; loss: number };
  tiebreakers: Tiebreaker[];
  /** Head-to-head criteria wait until the teams level on points have played each other in full. */
  head_to_head_only_when_complete?: boolean;
  promotion_places: number;
  relegation_places: number;
  finished_matches: number;
  matches: number;
  up_to_round: number | null;
}

export const ALL_TIEBREAKERS: readonly Tiebreaker[] = TIEBREAKERS;

/** The translation key of a tiebreaker rule (also 'points', which the server may name). */
export function tiebreakerKey(rule: string): string {
  return `tiebreakers.rules.${rule}`;
}

export type Movement = 'up' | 'down' | 'same' | 'new';

/** How a team moved since the previous round: up or down by how many places, the same, or new in the table. */
export function movementOf(row: Pick<StandingRecord, 'previous_position' | 'position_change'>): { direction: Movement; places: number } {
  if (row.previous_position === null || row.previous_position === undefined) return { direction: 'new', places: 0 };
  if (row.position_change > 0) return { direction: 'up', places: row.position_change };
  if (row.position_change < 0) return { direction: 'down', places: -row.position_change };
  return { direction: 'same', places: 0 };
}

/** The key and arguments of the movement's accessible label ("Up 2 places"). */
export function movementLabel(row: Pick<StandingRecord, 'previous_position' | 'position_change'>): { key: string; args: Record<string, unknown> } {
  const { direction, places } = movementOf(row);
  return { key: `standings.movement.${direction}`, args: { smart_count: places, previous: row.previous_position ?? '' } };
}

/** Form, oldest first, at most the last five. */
export function lastFive(form: readonly FormLetter[] | undefined): FormLetter[] {
  return (form ?? []).slice(-5);
}

/** Where a position lies: in the promotion places at the top, the relegation places at the bottom, or neither. */
export function zoneOf(position: number, teams: number, meta: Pick<StandingsMeta, 'promotion_places' | 'relegation_places'>): 'promotion' | 'relegation' | null {
  if (meta.promotion_places > 0 && position <= meta.promotion_places) return 'promotion';
  if (meta.relegation_places > 0 && position > teams - meta.relegation_places) return 'relegation';
  return null;
}

/** A squad's name for the table: its team's name, else the squad's own. */
export function teamName(squad: SquadRecord | undefined, fallbackId?: string): string {
  return squad?.team?.name ?? squad?.name ?? (fallbackId ? `#${fallbackId}` : '');
}

/** "Legia Warszawa, Lech Poznań and Pogoń Szczecin": names joined in the interface language. */
export function joinNames(names: string[], lang: string): string {
  try {
    return new Intl.ListFormat(lang, { style: 'long', type: 'conjunction' }).format(names);
  } catch {
    return names.join(', ');
  }
}

/** Rules not yet in the chain, in their declared order. */
export function unusedTiebreakers(chain: readonly string[]): Tiebreaker[] {
  return ALL_TIEBREAKERS.filter((t) => !chain.includes(t));
}
