import type { RaRecord } from 'react-admin';
import type { PlayerRecord } from '../../framework/records/people';
import type { SquadRecord } from '../../framework/records/squad-members';

/** A row of GET /statistics: one player in one squad in one competition season. */
export interface StatisticRow extends RaRecord {
  goals: number;
  assists: number;
  yellow_cards: number;
  red_cards: number;
  minutes_played: number;
  appearances: number;
  clean_sheets: number;
  own_goals: number;
  penalties_scored: number;
  rating: number | null;
  player_id: string;
  player?: PlayerRecord;
  squad_id: string;
  squad?: SquadRecord;
  competition_season_id?: string;
}

/** What the server sorts by (GET /statistics/types); the rating is computed and not sortable. */
export const SORTABLE = ['goals', 'assists', 'yellow_cards', 'red_cards', 'minutes_played', 'appearances', 'clean_sheets', 'own_goals', 'penalties_scored'] as const;
export type StatisticType = (typeof SORTABLE)[number];

/** The leaderboards offered as quick choices, each with the figure it ranks by. */
export const CATEGORIES = [
  { id: 'scorers', sort: 'goals' },
  { id: 'assists', sort: 'assists' },
  { id: 'cards', sort: 'yellow_cards' },
  { id: 'minutes', sort: 'minutes_played' },
  { id: 'cleanSheets', sort: 'clean_sheets' },
] as const satisfies readonly { id: string; sort: StatisticType }[];

export type CategoryId = (typeof CATEGORIES)[number]['id'];

export function categoryOfSort(field: string | undefined): CategoryId | null {
  return CATEGORIES.find((c) => c.sort === field)?.id ?? null;
}

export function isSortable(field: string | undefined): field is StatisticType {
  return SORTABLE.includes(field as StatisticType);
}

/** The figure a chart shows for a sort: the sorted figure when it is one, else goals. */
export function chartFigure(field: string | undefined): StatisticType {
  return isSortable(field) ? field : 'goals';
}

/** Ranks with ties sharing a place ("1, 2, 2, 4"), continuing from the rows of earlier pages. */
export function ranksOf(rows: readonly StatisticRow[], figure: StatisticType, offset = 0, previous?: { value: number; rank: number }): number[] {
  const ranks: number[] = [];
  let last = previous;
  rows.forEach((row, i) => {
    const value = row[figure];
    const rank = last && last.value === value ? last.rank : offset + i + 1;
    ranks.push(rank);
    last = { value, rank };
  });
  return ranks;
}

export function playerName(row: Pick<StatisticRow, 'player' | 'player_id'>): string {
  const p = row.player;
  return [p?.first_name, p?.last_name].filter(Boolean).join(' ') || `#${row.player_id}`;
}
