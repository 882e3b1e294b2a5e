// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TIEBREAKERS } from '@umpire/schema/enums';
import { lastFive, movementLabel, movementOf, tiebreakerKey, unusedTiebreakers, zoneOf } from './standings-model';
import { decisionText } from './standings-table';
import type { StandingRecord } from './standings-model';

const row = (over: Partial<StandingRecord>): StandingRecord =>
  ({
    id: '1-2', position: 1, played: 0, won: 0, drawn: 0, lost: 0, goals_for: 0, goals_against: 0, goal_difference: 0, points: 0,
    deducted_points: 0, deductions: [], form: [], previous_position: null, position_change: 0, decided_by: null, tied: false, tied_with: [],
    fair_play_points: 0, away_goals_for: 0, away_wins: 0, squad_id: '2', ...over,
  });

describe('standings', () => {
  it('tells how a team moved since the previous round', () => {
    expect(movementOf({ previous_position: 5, position_change: 2 })).toEqual({ direction: 'up', places: 2 });
    expect(movementOf({ previous_position: 1, position_change: -1 })).toEqual({ direction: 'down', places: 1 });
    expect(movementOf({ previous_position: 3, position_change: 0 })).toEqual({ direction: 'same', places: 0 });
    expect(movementOf({ previous_position: null, position_change: 0 })).toEqual({ direction: 'new', places: 0 });
    expect(movementLabel({ previous_position: 5, position_change: 2 })).toEqual({ key: 'standings.movement.up', args: { smart_count: 2, previous: 5 } });
  });

  it('shows the last five results, oldest first', () => {
    expect(lastFive(['L', 'W', 'W', 'D', 'L', 'W'])).toEqual(['W', 'W', 'D', 'L', 'W']);
    expect(lastFive(undefined)).toEqual([]);
  });

  it('bands promotion and relegation places', () => {
    const meta = { promotion_places: 1, relegation_places: 3 };
    expect([1, 2, 15, 16, 18].map((p) => zoneOf(p, 18, meta))).toEqual(['promotion', null, null, 'relegation', 'relegation']);
    expect(zoneOf(1, 18, { promotion_places: 0, relegation_places: 0 })).toBeNull();
  });

  it('offers the tiebreaker rules not yet in the chain', () => {
    expect(unusedTiebreakers(['goal_difference', 'wins'])).toEqual(TIEBREAKERS.filter((t) => t !== 'goal_difference' && t !== 'wins'));
  });

  it('names every tiebreaker rule in both languages', () => {
    for (const lang of ['pl', 'en']) {
      const app = JSON.parse(readFileSync(new URL(`../../../public/assets/i18n/app/${lang}.json`, import.meta.url), 'utf8')) as Record<string, unknown>;
      for (const rule of [...TIEBREAKERS, 'points']) {
        const text = tiebreakerKey(rule).split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], app);
        expect(typeof text === 'string' && text.length > 0, `${lang}: ${rule}`).toBe(true);
      }
    }
  });

  it('explains a position decided by a tiebreaker, or a tie nobody broke', () => {
    const names = new Map([
      ['2', 'Legia'],
      ['4', 'Lech'],
      ['16', 'Pogoń'],
    ]);
    const t = (key: string, args?: Record<string, unknown>) => `${key}(${Object.entries(args ?? {}).map(([k, v]) => `${k}=${String(v)}`).join(';')})`;
    expect(decisionText(row({ decided_by: { rule: 'head_to_head_points', against: ['4', '16'] } }), names, t)).toBe(
      'standings.decidedBy(rule=tiebreakers.rules.head_to_head_points();teams=Lech and Pogoń)',
    );
    expect(decisionText(row({ tied: true, tied_with: ['4'] }), names, t)).toBe('standings.tiedWith(teams=Lech)');
    expect(decisionText(row({}), names, t)).toBeNull();
  });
});
