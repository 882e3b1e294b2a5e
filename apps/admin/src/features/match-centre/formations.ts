import type { Lineup, LineupPosition } from './types';

/**
 * Formations and the starting eleven: which place (formation_place 1–11) plays where, the
 * position it stands for, where it sits on the pitch diagram, and what makes a lineup complete.
 * Place 1 is the goalkeeper; then each line from defence to attack, right to left.
 */
export const FORMATIONS = ['4-4-2', '4-3-3', '4-2-3-1', '4-1-4-1', '4-4-1-1', '4-3-2-1', '4-5-1', '3-5-2', '3-4-3', '3-4-1-2', '5-3-2', '5-4-1'] as const;
export const STARTERS = 11;
const FORMATION = /^[1-6](-[1-6]){1,4}$/;

/** The outfield lines of a formation ("4-2-3-1" → [4, 2, 3, 1]); null unless they make ten. */
export function formationLines(formation: string | null | undefined): number[] | null {
  if (!formation || !FORMATION.test(formation)) return null;
  const lines = formation.split('-').map(Number);
  return lines.reduce((a, b) => a + b, 0) === STARTERS - 1 ? lines : null;
}

const DEFENCE: Record<number, LineupPosition[]> = {
  1: ['CB'],
  2: ['CB', 'CB'],
  3: ['CB', 'CB', 'CB'],
  4: ['RB', 'CB', 'CB', 'LB'],
  5: ['RWB', 'CB', 'CB', 'CB', 'LWB'],
  6: ['RWB', 'CB', 'CB', 'CB', 'CB', 'LWB'],
};
const ATTACK: Record<number, LineupPosition[]> = {
  1: ['ST'],
  2: ['ST', 'ST'],
  3: ['RW', 'ST', 'LW'],
  4: ['RW', 'ST', 'ST', 'LW'],
};
/** A single midfield line, by its width. */
const MIDFIELD: Record<number, LineupPosition[]> = {
  1: ['CM'],
  2: ['CM', 'CM'],
  3: ['CM', 'CM', 'CM'],
  4: ['RM', 'CM', 'CM', 'LM'],
  5: ['RM', 'CM', 'CM', 'CM', 'LM'],
  6: ['RM', 'CM', 'CM', 'CM', 'CM', 'LM'],
};
/** The deepest of several midfield lines. */
const HOLDING: Record<number, LineupPosition[]> = { 1: ['DM'], 2: ['DM', 'DM'], 3: ['DM', 'DM', 'DM'] };
/** The most advanced of several midfield lines. */
const ADVANCED: Record<number, LineupPosition[]> = { 1: ['AM'], 2: ['AM', 'AM'], 3: ['RW', 'AM', 'LW'], 4: ['RM', 'AM', 'AM', 'LM'] };

function positionsOfLine(width: number, index: number, count: number): LineupPosition[] {
  const fill = (list: LineupPosition[] | undefined, fallback: LineupPosition) => list ?? Array<LineupPosition>(width).fill(fallback);
  if (index === 0) return fill(DEFENCE[width], 'CB');
  if (index === count - 1) return fill(ATTACK[width], 'ST');
  const midLines = count - 2;
  if (midLines === 1) return fill(MIDFIELD[width], 'CM');
  if (index === 1) return fill(HOLDING[width], 'DM');
  if (index === count - 2) return fill(ADVANCED[width], 'AM');
  return fill(MIDFIELD[width], 'CM');
}

export interface Slot {
  place: number;
  position: LineupPosition;
  /** Pitch coordinates in percent: x from the left touchline, y from the opponent's goal line. */
  x: number;
  y: number;
}

/** The eleven places of a formation, or null when it is not one. */
export function formationSlots(formation: string | null | undefined): Slot[] | null {
  const lines = formationLines(formation);
  if (!lines) return null;
  const slots: Slot[] = [{ place: 1, position: 'GK', x: 50, y: 91 }];
  let place = 2;
  const [back, front] = [74, 16];
  lines.forEach((width, index) => {
    const y = lines.length === 1 ? (back + front) / 2 : back - ((back - front) * index) / (lines.length - 1);
    const positions = positionsOfLine(width, index, lines.length);
    for (let j = 0; j < width; j++) {
      // Right to left as the team attacks up the page.
      slots.push({ place: place++, position: positions[j], x: 100 - ((j + 0.5) * 100) / width, y });
    }
  });
  return slots;
}

export type LineupIssue =
  | { key: 'matchCentre.lineups.issues.starters'; params: { selected: number; required: number } }
  | { key: 'matchCentre.lineups.issues.noCaptain' }
  | { key: 'matchCentre.lineups.issues.captains'; params: { captains: number } }
  | { key: 'matchCentre.lineups.issues.duplicateShirt'; params: { shirt: number } }
  | { key: 'matchCentre.lineups.issues.noGoalkeeper' };

/** What keeps a team's lineup from being complete: 11 starters, one captain, distinct shirts, a goalkeeper. */
export function lineupIssues(entries: readonly Pick<Lineup, 'is_starting' | 'is_captain' | 'shirt_number' | 'position'>[]): LineupIssue[] {
  const issues: LineupIssue[] = [];
  const starters = entries.filter((e) => e.is_starting);
  if (starters.length !== STARTERS) issues.push({ key: 'matchCentre.lineups.issues.starters', params: { selected: starters.length, required: STARTERS } });
  const captains = entries.filter((e) => e.is_captain).length;
  if (entries.length && captains === 0) issues.push({ key: 'matchCentre.lineups.issues.noCaptain' });
  if (captains > 1) issues.push({ key: 'matchCentre.lineups.issues.captains', params: { captains } });
  const seen = new Set<number>();
  const reported = new Set<number>();
  for (const e of entries) {
    if (e.shirt_number === null) continue;
    if (seen.has(e.shirt_number) && !reported.has(e.shirt_number)) {
      issues.push({ key: 'matchCentre.lineups.issues.duplicateShirt', params: { shirt: e.shirt_number } });
      reported.add(e.shirt_number);
    }
    seen.add(e.shirt_number);
  }
  if (starters.length && !starters.some((s) => s.position === 'GK')) issues.push({ key: 'matchCentre.lineups.issues.noGoalkeeper' });
  return issues;
}
