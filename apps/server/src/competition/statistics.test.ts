import { describe, expect, it } from 'vitest';
import { computeMatchStatistics, computePlayerStatistics, ratingOf, type StatsIncident, type StatsMatch } from './statistics';

const inc = (type: string, half: number, minute: number, squad: string | null, player: string | null = null, related: string | null = null, stoppage: number | null = null): StatsIncident => ({
  incident_type: type, occurrence_half: half, occurrence_minute: minute, stoppage_minute: stoppage, squad, player, related_player: related,
});

const lineup = (squad: string, players: string[], bench: string[] = [], gk?: string) => [
  ...players.map((p) => ({ squad, player: p, is_starting: true, position: p === gk ? 'GK' : 'CM' })),
  ...bench.map((p) => ({ squad, player: p, is_starting: false, position: 'CM' })),
];

const base: StatsMatch = {
  id: '1', status: 'finished', home: 'H', away: 'A', home_score: 2, away_score: 0,
  lineups: [...lineup('H', ['h1', 'h2', 'hgk'], ['h3'], 'hgk'), ...lineup('A', ['a1', 'agk'], [], 'agk')],
  incidents: [
    inc('kick_off', 1, 0, null),
    inc('goal', 1, 10, 'H', 'h1', 'h2'),
    inc('yellow_card', 1, 30, 'A', 'a1'),
    inc('penalty', 2, 70, 'H', 'h2'),
    inc('substitution', 2, 75, 'H', 'h1', 'h3'),
    inc('second_yellow_card', 2, 80, 'A', 'a1'),
    inc('match_ended', 2, 90, null),
  ],
};

describe('player statistics', () => {
  const stats = (m: StatsMatch[] = [base]) => Object.fromEntries(computePlayerStatistics(m).map((s) => [s.player, s]));

  it('counts goals, penalties, assists (as a goal’s related player) and cards', () => {
    const s = stats();
    expect(s.h1).toMatchObject({ goals: 1, assists: 0 });
    expect(s.h2).toMatchObject({ goals: 1, penalties_scored: 1, assists: 1 });
    expect(s.a1).toMatchObject({ yellow_cards: 2, red_cards: 1 });
  });

  it('computes minutes from lineups, substitutions and sending-offs', () => {
    const s = stats();
    expect(s.h1.minutes_played).toBe(75);
    expect(s.h3.minutes_played).toBe(15);
    expect(s.h2.minutes_played).toBe(90);
    expect(s.a1.minutes_played).toBe(80);
    expect(s.h3.appearances).toBe(1);
  });

  it('gives a clean sheet to a goalkeeper of 60+ minutes whose team conceded nothing', () => {
    const s = stats();
    expect(s.hgk.clean_sheets).toBe(1);
    expect(s.agk.clean_sheets).toBe(0);
    expect(s.h2.clean_sheets).toBe(0);
  });

  it('credits an own goal to the scorer as an own goal, not a goal; ignores shoot-out penalties', () => {
    const m: StatsMatch = { ...base, incidents: [inc('own_goal', 1, 5, 'A', 'a1'), inc('penalty', 5, 120, 'H', 'h1')] };
    const s = stats([m]);
    expect(s.a1).toMatchObject({ own_goals: 1, goals: 0 });
    expect(s.h1.goals).toBe(0);
  });

  it('adds up over matches and leaves out matches not started', () => {
    const s = stats([base, { ...base, id: '2' }, { ...base, id: '3', status: 'not_started' }]);
    expect(s.h1).toMatchObject({ goals: 2, appearances: 2, minutes_played: 150 });
  });

  it('rates an appearance from what the player did', () => {
    const s = stats();
    expect(ratingOf(s.h2)).toBe(7.7);
    expect(ratingOf(s.a1)).toBe(3.5);
    expect(ratingOf({ ...s.a1, appearances: 0 })).toBeNull();
  });
});

describe('match statistics', () => {
  it('counts per side and charts the score after each goal', () => {
    const m = computeMatchStatistics({ ...base, incidents: [...base.incidents, inc('own_goal', 2, 90, 'H', 'h2', null, 3)] });
    expect(m.home).toMatchObject({ goal: 1, penalty: 1, substitution: 1, own_goal: 1 });
    expect(m.away).toMatchObject({ yellow_card: 1, second_yellow_card: 1 });
    expect(m.timeline).toEqual([
      { minute: 10, stoppage: null, home: 1, away: 0, type: 'goal' },
      { minute: 70, stoppage: null, home: 2, away: 0, type: 'penalty' },
      { minute: 90, stoppage: 3, home: 2, away: 1, type: 'own_goal' },
    ]);
    expect(m.goals_by_half).toEqual([
      { half: 1, home: 1, away: 0 },
      { half: 2, home: 1, away: 1 },
    ]);
  });
});
