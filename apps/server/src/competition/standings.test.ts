import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  computeStandings,
  DEFAULT_TIEBREAKERS,
  type StandingRow,
  type StandingsMatch,
  type StandingsOptions,
  type Tiebreaker,
} from './standings';

// ------------------------------------------------------------------ helpers

let nextId = 0;

/** A finished match; kickoff defaults to one day per round, in creation order within a round. */
function match(
  round: number,
  home: string,
  away: string,
  homeGoals: number,
  awayGoals: number,
  extra: Partial<StandingsMatch> = {},
): StandingsMatch {
  const id = ++nextId;
  const day = String(round).padStart(2, '0');
  const minute = String(id % 60).padStart(2, '0');
  return {
    id: `m${id}`,
    round,
    kickoff_at: `2024-08-${day}T18:${minute}:00Z`,
    home,
    away,
    home_goals: homeGoals,
    away_goals: awayGoals,
    status: 'finished',
    ...extra,
  };
}

const order = (rows: StandingRow[]) => rows.map((r) => r.squad);
const row = (rows: StandingRow[], squad: string) => {
  const found = rows.find((r) => r.squad === squad);
  if (!found) throw new Error(`no row for ${squad}`);
  return found;
};
const chain = (...rules: Tiebreaker[]): StandingsOptions => ({ tiebreakers: rules });

// ------------------------------------------------------------------ counting

describe('counting', () => {
  const matches = [
    match(1, 'A', 'B', 3, 1),
    match(1, 'C', 'D', 2, 2),
    match(2, 'B', 'C', 0, 1),
    match(2, 'D', 'A', 1, 1),
    match(3, 'A', 'C', 0, 2),
    match(3, 'B', 'D', 4, 0, { status: 'scheduled' }), // not finished: ignored
  ];

  it('counts played, won, drawn, lost, goals, difference and 3/1/0 points', () => {
    const table = computeStandings(matches);
    expect(table.map((r) => [r.position, r.squad, r.played, r.won, r.drawn, r.lost, r.goals_for, r.goals_against, r.goal_difference, r.points])).toEqual([
      [1, 'C', 3, 2, 1, 0, 5, 2, 3, 7],
      [2, 'A', 3, 1, 1, 1, 4, 4, 0, 4],
      [3, 'D', 2, 0, 2, 0, 3, 3, 0, 2],
      [4, 'B', 2, 0, 0, 2, 1, 4, -3, 0],
    ]);
    expect(row(table, 'A')).toMatchObject({ away_goals_for: 1, away_wins: 0, deducted_points: 0, deductions: [] });
    expect(row(table, 'C')).toMatchObject({ away_goals_for: 3, away_wins: 2 });
  });

  it('uses the points per result configured for the competition (2/1/0)', () => {
    const table = computeStandings(matches, { points: { win: 2, draw: 1, loss: 0 } });
    expect(table.map((r) => [r.squad, r.points])).toEqual([['C', 5], ['A', 3], ['D', 2], ['B', 0]]);
  });

  it('lists squads that have not played yet (ranked like everyone else: goal difference 0 beats -3)', () => {
    const table = computeStandings(matches, { squads: ['E', 'A'] });
    expect(row(table, 'E')).toMatchObject({ position: 4, played: 0, points: 0, form: [] });
    expect(row(table, 'E').decided_by).toEqual({ rule: 'goal_difference', against: ['B'] });
    expect(row(table, 'B').position).toBe(5);
    expect(table).toHaveLength(5);
  });

  it('returns an empty table for no matches and no squads', () => {
    expect(computeStandings([])).toEqual([]);
  });

  it('refuses impossible scores and unknown tiebreakers', () => {
    expect(() => computeStandings([match(1, 'A', 'B', -1, 0)])).toThrow(RangeError);
    expect(() => computeStandings([match(1, 'A', 'B', 1.5, 0)])).toThrow(/whole numbers/);
    expect(() => computeStandings([match(1, 'A', 'A', 1, 0)])).toThrow(/cannot play itself/);
    expect(() => computeStandings([], { tiebreakers: ['coin_toss' as Tiebreaker] })).toThrow(/coin_toss/);
  });

  it('does not count rounds after upToRound', () => {
    const table = computeStandings(matches, { upToRound: 1 });
    expect(table.map((r) => [r.squad, r.played, r.points])).toEqual([['A', 1, 3], ['C', 1, 1], ['D', 1, 1], ['B', 1, 0]]);
  });
});

// ------------------------------------------------------------------ form and movement

describe('form', () => {
  it('shows the last five results, oldest first, in kickoff order rather than round or input order', () => {
    const games = [
      match(1, 'A', 'X', 1, 0), // W
      match(2, 'Y', 'A', 0, 0), // D
      match(3, 'A', 'X', 0, 1, { kickoff_at: '2024-09-30T20:00:00Z' }), // L, postponed: played last
      match(4, 'A', 'Y', 2, 0), // W
      match(5, 'X', 'A', 3, 3), // D
      match(6, 'A', 'Y', 0, 2), // L
      match(7, 'Y', 'A', 0, 4), // W
    ].reverse();
    const table = computeStandings(games);
    // By kickoff: W D W D L W L; the last five are W D L W L.
    expect(row(table, 'A').form).toEqual(['W', 'D', 'L', 'W', 'L']);
    expect(row(table, 'A').played).toBe(7);
  });

  it('orders kickoffs by instant when they carry different UTC offsets', () => {
    // 20:00+02:00 is 18:00Z: it comes before 19:00Z although it sorts after it as text.
    const games = [
      match(2, 'A', 'B', 0, 1, { kickoff_at: '2024-08-01T19:00:00Z' }),
      match(1, 'A', 'C', 1, 0, { kickoff_at: '2024-08-01T20:00:00+02:00' }),
    ];
    expect(row(computeStandings(games), 'A').form).toEqual(['W', 'L']);
  });

  it('is shorter than five before five matches', () => {
    const table = computeStandings([match(1, 'A', 'B', 0, 2), match(2, 'B', 'A', 1, 1)]);
    expect(row(table, 'A').form).toEqual(['L', 'D']);
    expect(row(table, 'B').form).toEqual(['W', 'D']);
  });
});

describe('position change', () => {
  const round1 = [match(1, 'A', 'B', 2, 0), match(1, 'C', 'D', 1, 0)];
  const round2 = [match(2, 'B', 'C', 3, 0), match(2, 'D', 'A', 1, 1)];

  it('compares with the table after the previous round', () => {
    // After round 1: A, C, D, B. After round 2: A 4, B 3 (beat C), C 3, D 1.
    const table = computeStandings([...round1, ...round2]);
    expect(table.map((r) => [r.squad, r.position, r.previous_position, r.position_change])).toEqual([
      ['A', 1, 1, 0],
      ['B', 2, 4, 2],
      ['C', 3, 2, -1],
      ['D', 4, 3, -1],
    ]);
  });

  it('has no previous position after the first round', () => {
    const table = computeStandings(round1);
    expect(table.every((r) => r.previous_position === null && r.position_change === 0)).toBe(true);
  });

  it('skips rounds without a finished match and honours upToRound', () => {
    const round3 = [match(3, 'A', 'B', 0, 5, { status: 'scheduled' })];
    const round4 = [match(4, 'C', 'A', 2, 0)];
    const upTo3 = computeStandings([...round1, ...round2, ...round3, ...round4], { upToRound: 3 });
    // Round 3 has nothing finished: the previous round of round 2 is round 1.
    expect(row(upTo3, 'B')).toMatchObject({ position: 2, previous_position: 4, position_change: 2 });
    const all = computeStandings([...round1, ...round2, ...round3, ...round4]);
    // C wins in round 4: previous table is the one after round 2.
    expect(row(all, 'C')).toMatchObject({ position: 1, previous_position: 3, position_change: 2 });
    expect(row(all, 'A')).toMatchObject({ position: 2, previous_position: 1, position_change: -1 });
  });

  it('gives a squad listed before its first match a previous position too', () => {
    // After round 1, E (0 points, difference 0) was above D (-1) and B (-2).
    const table = computeStandings([...round1, ...round2], { squads: ['E'] });
    expect(row(table, 'E')).toMatchObject({ position: 5, previous_position: 3, position_change: -2 });
  });
});

// ------------------------------------------------------------------ two-way ties

describe('two-way tie', () => {
  // A and B both finish on 6 points. A won the match between them, but B has the better goal difference.
  const matches = [
    match(1, 'A', 'B', 1, 0),
    match(2, 'B', 'C', 5, 0),
    match(3, 'C', 'A', 1, 0),
    match(4, 'A', 'D', 1, 0),
    match(5, 'D', 'B', 0, 2),
  ];

  it('is decided by head-to-head points even though goal difference favours the other team', () => {
    const table = computeStandings(matches);
    expect(row(table, 'A')).toMatchObject({ points: 6, goal_difference: 1 });
    expect(row(table, 'B')).toMatchObject({ points: 6, goal_difference: 6 });
    expect(order(table).slice(0, 2)).toEqual(['A', 'B']);
    expect(row(table, 'A').decided_by).toEqual({ rule: 'head_to_head_points', against: ['B'] });
    expect(row(table, 'B').decided_by).toEqual({ rule: 'head_to_head_points', against: ['A'] });
    expect(row(table, 'A').tied).toBe(false);
  });

  it('goes to goal difference when the competition has no head-to-head rule', () => {
    const table = computeStandings(matches, chain('goal_difference', 'goals_scored'));
    expect(order(table).slice(0, 2)).toEqual(['B', 'A']);
    expect(row(table, 'B').decided_by).toEqual({ rule: 'goal_difference', against: ['A'] });
  });

  it('leaves teams that are level on points with nobody unexplained', () => {
    const table = computeStandings(matches);
    expect(table.filter((r) => r.points !== 6).every((r) => r.decided_by === null && !r.tied)).toBe(true);
  });
});

// ------------------------------------------------------------------ three-way ties

describe('three-way tie split by head-to-head, then head-to-head again between the two left', () => {
  // Double round robin among A, B, C; D and E are fillers so that A, B and C all end on 9 points.
  // Mini-league A-B-C: A 9 pts (GD -1), B 4 pts (GD -1), C 4 pts (GD +2).
  // Between B and C alone: B 4 pts, C 1 pt.
  // Overall: A GD -5, B GD -1, C GD +2.
  const matches = [
    match(1, 'A', 'B', 1, 0),
    match(2, 'B', 'A', 0, 1),
    match(3, 'A', 'C', 0, 4),
    match(4, 'C', 'A', 0, 1),
    match(5, 'B', 'C', 1, 0),
    match(6, 'C', 'B', 0, 0),
    match(7, 'A', 'D', 0, 1),
    match(8, 'D', 'A', 1, 0),
    match(9, 'A', 'E', 0, 1),
    match(10, 'E', 'A', 1, 0),
    match(7, 'B', 'D', 1, 0),
    match(8, 'D', 'B', 0, 0),
    match(9, 'B', 'E', 0, 0),
    match(10, 'E', 'B', 1, 0),
    match(7, 'C', 'D', 1, 0),
    match(8, 'D', 'C', 0, 0),
    match(9, 'C', 'E', 0, 0),
    match(10, 'E', 'C', 1, 0),
  ];

  it('is a tie of exactly A, B and C', () => {
    const table = computeStandings(matches);
    expect(table.filter((r) => r.points === 9).map((r) => r.squad).sort()).toEqual(['A', 'B', 'C']);
    expect(table.map((r) => [r.squad, r.goal_difference]).filter(([s]) => s !== 'D' && s !== 'E')).toEqual([
      ['A', -5],
      ['B', -1],
      ['C', 2],
    ]);
  });

  it('splits A off on head-to-head points, then B beats C on head-to-head points between just the two', () => {
    const table = computeStandings(matches);
    expect(order(table).slice(1, 4)).toEqual(['A', 'B', 'C']); // E is first with 14 points
    expect(row(table, 'A').decided_by).toEqual({ rule: 'head_to_head_points', against: ['B', 'C'] });
    expect(row(table, 'B').decided_by).toEqual({ rule: 'head_to_head_points', against: ['C'] });
    expect(row(table, 'C').decided_by).toEqual({ rule: 'head_to_head_points', against: ['B'] });
  });

  it('re-applies head-to-head before any later criterion (goal difference would favour C)', () => {
    // Not restarting would hand B-C to goal difference (C +2, B -1), or to the
    // three-team head-to-head goal difference (C +2, B -1): both would put C first.
    const table = computeStandings(matches, chain('head_to_head_points', 'goal_difference'));
    expect(order(table).slice(1, 4)).toEqual(['A', 'B', 'C']);
    expect(row(table, 'B').decided_by?.rule).toBe('head_to_head_points');
  });

  it('is ranked on overall goal difference by a chain without head-to-head', () => {
    const table = computeStandings(matches, chain('goal_difference', 'goals_scored'));
    expect(order(table).slice(1, 4)).toEqual(['C', 'B', 'A']);
    expect(row(table, 'C').decided_by).toEqual({ rule: 'goal_difference', against: ['A', 'B'] });
    expect(row(table, 'A').decided_by).toEqual({ rule: 'goal_difference', against: ['B', 'C'] });
  });
});

describe('three-way tie level on head-to-head', () => {
  // A beat B, B beat C, C beat A, all 1-0: the mini-league is level on every head-to-head criterion.
  // Each also beat D: A 3-0, B 2-0, C 1-0.
  const matches = [
    match(1, 'A', 'B', 1, 0),
    match(2, 'B', 'C', 1, 0),
    match(3, 'C', 'A', 1, 0),
    match(4, 'D', 'A', 0, 3),
    match(5, 'D', 'B', 0, 2),
    match(6, 'D', 'C', 0, 1),
  ];

  it('is decided by overall goal difference', () => {
    const table = computeStandings(matches);
    expect(table.map((r) => [r.squad, r.points, r.goal_difference])).toEqual([
      ['A', 6, 3],
      ['B', 6, 2],
      ['C', 6, 1],
      ['D', 0, -6],
    ]);
    expect(row(table, 'A').decided_by).toEqual({ rule: 'goal_difference', against: ['B', 'C'] });
    expect(row(table, 'B').decided_by).toEqual({ rule: 'goal_difference', against: ['A', 'C'] });
    expect(row(table, 'C').decided_by).toEqual({ rule: 'goal_difference', against: ['A', 'B'] });
  });

  it('splits one team off by goal difference and the other two by goals scored', () => {
    // B and C both +2 overall, but B scored more.
    const games = [
      match(1, 'A', 'B', 1, 0),
      match(2, 'B', 'C', 1, 0),
      match(3, 'C', 'A', 1, 0),
      match(4, 'D', 'A', 0, 3),
      match(5, 'D', 'B', 3, 5),
      match(6, 'D', 'C', 0, 2),
    ];
    const table = computeStandings(games);
    expect(order(table)).toEqual(['A', 'B', 'C', 'D']);
    expect(row(table, 'A').decided_by).toEqual({ rule: 'goal_difference', against: ['B', 'C'] });
    expect(row(table, 'B').decided_by).toEqual({ rule: 'goals_scored', against: ['C'] });
  });
});

describe('fair play and teams still tied', () => {
  // A and B identical in every respect: two 1-1 draws with each other and a 1-0 away win at D.
  const matches = [
    match(1, 'A', 'B', 1, 1),
    match(2, 'B', 'A', 1, 1),
    match(3, 'D', 'A', 0, 1),
    match(4, 'D', 'B', 0, 1),
  ];

  it('is decided by fair play: fewer disciplinary points wins, records of a squad add up', () => {
    const table = computeStandings(matches, {
      fairPlay: [
        { squad: 'B', points: 3 },
        { squad: 'A', points: 4 },
        { squad: 'B', points: 2 },
      ],
    });
    expect(order(table)).toEqual(['A', 'B', 'D']);
    expect(row(table, 'A')).toMatchObject({ fair_play_points: 4, tied: false });
    expect(row(table, 'A').decided_by).toEqual({ rule: 'fair_play', against: ['B'] });
  });

  it('leaves them tied after every criterion: shared position, squad-id order, whatever the input order', () => {
    const forward = computeStandings(matches, { squads: ['C'] });
    const backward = computeStandings([...matches].reverse(), { squads: ['C'] });
    expect(backward).toEqual(forward);
    expect(forward.map((r) => [r.position, r.squad, r.tied])).toEqual([
      [1, 'A', true],
      [1, 'B', true],
      [3, 'C', false],
      [4, 'D', false],
    ]);
    expect(row(forward, 'A')).toMatchObject({ tied_with: ['B'], decided_by: null });
    expect(row(forward, 'B')).toMatchObject({ tied_with: ['A'], decided_by: null });
  });

  it('does not draw lots: drawing_of_lots leaves the tie for people to settle', () => {
    const table = computeStandings(matches, chain('drawing_of_lots'));
    expect(row(table, 'A').tied).toBe(true);
    expect(row(table, 'B').position).toBe(1);
  });

  it('keeps the part of a group that rules could split, and marks the rest tied', () => {
    // E beat both A and B; A and B draw with D: all three on 6 points. E leads the mini-league.
    const games = [...matches, match(5, 'E', 'A', 1, 0), match(6, 'B', 'E', 0, 1)];
    const extraForAB = [match(9, 'A', 'D', 0, 0), match(9, 'B', 'D', 0, 0)];
    const table = computeStandings([...games, ...extraForAB]);
    expect(table.filter((r) => r.points === 6).map((r) => r.squad)).toEqual(['E', 'A', 'B']);
    expect(row(table, 'E').decided_by).toEqual({ rule: 'head_to_head_points', against: ['A', 'B'] });
    // A and B: level again on head-to-head between themselves and on everything after.
    expect(table.map((r) => [r.squad, r.position, r.tied])).toEqual([
      ['E', 1, false],
      ['A', 2, true],
      ['B', 2, true],
      ['D', 4, false],
    ]);
    expect(row(table, 'A').decided_by).toEqual({ rule: 'head_to_head_points', against: ['E'] });
  });
});

describe('other criteria', () => {
  it('ranks on wins when points are equal by different means', () => {
    // A: one win, two defeats = 3; B: three draws = 3.
    const table = computeStandings(
      [match(1, 'A', 'C', 1, 0), match(2, 'A', 'D', 0, 1), match(3, 'E', 'A', 1, 0), match(1, 'B', 'D', 0, 0), match(2, 'B', 'E', 0, 0), match(3, 'C', 'B', 1, 1)],
      chain('wins'),
    );
    expect(order(table).indexOf('A')).toBeLessThan(order(table).indexOf('B'));
    expect(row(table, 'A').decided_by).toEqual({ rule: 'wins', against: ['B'] });
  });

  it('ranks on head-to-head goals scored and head-to-head away goals', () => {
    // A and B: 2-2 and 1-1 => equal points and difference; A scored 3, B scored 3, B 2 away goals, A 1.
    const games = [match(1, 'A', 'B', 2, 2), match(2, 'B', 'A', 1, 1), match(3, 'A', 'C', 1, 0), match(4, 'B', 'C', 1, 0)];
    const byAway = computeStandings(games, chain('head_to_head_goals_scored', 'head_to_head_away_goals'));
    expect(order(byAway).slice(0, 2)).toEqual(['B', 'A']);
    expect(row(byAway, 'B').decided_by).toEqual({ rule: 'head_to_head_away_goals', against: ['A'] });
    // Head-to-head goals scored differ once A wins the second game 3-2 instead.
    const other = [match(1, 'A', 'B', 0, 0), match(2, 'B', 'A', 2, 3), match(3, 'C', 'A', 3, 0), match(4, 'B', 'C', 3, 0)];
    const byGoals = computeStandings(other, chain('head_to_head_goals_scored'));
    expect(row(byGoals, 'A')).toMatchObject({ points: 4, position: 1, decided_by: { rule: 'head_to_head_goals_scored', against: ['B'] } });
    expect(row(byGoals, 'B')).toMatchObject({ points: 4, position: 2 });
  });

  it('ranks on away goals and away wins over all matches', () => {
    // 4 points each. A won at home 2-0 and drew away 1-1; B won away 2-1 and drew at home 0-0.
    // A has the better goal difference and more goals; B more away goals and an away win.
    const games = [match(1, 'A', 'C', 2, 0), match(2, 'D', 'A', 1, 1), match(1, 'E', 'B', 1, 2), match(2, 'B', 'F', 0, 0)];
    const awayGoals = computeStandings(games, chain('away_goals_scored'));
    expect(order(awayGoals).slice(0, 2)).toEqual(['B', 'A']);
    expect(row(awayGoals, 'B').decided_by).toEqual({ rule: 'away_goals_scored', against: ['A'] });
    expect(order(computeStandings(games, chain('goal_difference'))).slice(0, 2)).toEqual(['A', 'B']);
    const awayWins = computeStandings(games, chain('away_wins', 'goals_scored'));
    expect(row(awayWins, 'B').decided_by).toEqual({ rule: 'away_wins', against: ['A'] });
    expect(order(awayWins).indexOf('B')).toBeLessThan(order(awayWins).indexOf('A'));
  });

  it('ignores head-to-head until all matches between the tied teams are played, when the league says so', () => {
    // A and B on 4 points; A beat B in round 1, the return match is still to come. B has the better goal difference.
    const games = [
      match(1, 'A', 'B', 1, 0),
      match(2, 'B', 'C', 4, 0),
      match(3, 'C', 'A', 0, 0),
      match(3, 'D', 'B', 0, 0),
      match(4, 'B', 'A', 0, 0, { status: 'scheduled' }),
    ];
    expect(order(computeStandings(games)).slice(0, 2)).toEqual(['A', 'B']);
    const strict = computeStandings(games, { headToHeadOnlyWhenComplete: true });
    expect(order(strict).slice(0, 2)).toEqual(['B', 'A']);
    expect(row(strict, 'B').decided_by?.rule).toBe('goal_difference');
    // Once played (and drawn, so still level on points), head-to-head counts again.
    const played = games.map((m) => (m.status === 'scheduled' ? { ...m, status: 'finished' } : m));
    const complete = computeStandings(played, { headToHeadOnlyWhenComplete: true });
    expect(order(complete).slice(0, 2)).toEqual(['A', 'B']);
    expect(row(complete, 'A').decided_by?.rule).toBe('head_to_head_points');
  });
});

// ------------------------------------------------------------------ deductions

describe('point deductions', () => {
  const matches = [match(1, 'A', 'B', 2, 0), match(2, 'B', 'C', 1, 1), match(3, 'C', 'A', 0, 1), match(4, 'B', 'D', 1, 0)];
  const docked = { squad: 'A', points: 3, reason: 'Unpaid wages (licensing committee)' };

  it('are taken off before ranking, with their reason kept on the row', () => {
    expect(order(computeStandings(matches))[0]).toBe('A');
    const table = computeStandings(matches, { deductions: [docked, { squad: 'A', points: 1, reason: 'Fielded a suspended player' }] });
    expect(order(table)).toEqual(['B', 'A', 'C', 'D']);
    expect(row(table, 'A')).toMatchObject({ points: 2, deducted_points: 4, won: 2 });
    expect(row(table, 'A').deductions.map((d) => d.reason)).toEqual(['Unpaid wages (licensing committee)', 'Fielded a suspended player']);
    expect(row(table, 'B')).toMatchObject({ deducted_points: 0, deductions: [] });
  });

  it('count from their round on, so the table moves when they are imposed', () => {
    const table = computeStandings(matches, { deductions: [{ ...docked, points: 7, round: 4 }] });
    expect(row(table, 'A')).toMatchObject({ points: -1, position: 4, previous_position: 1, position_change: -3 });
    const before = computeStandings(matches, { deductions: [{ ...docked, points: 7, round: 4 }], upToRound: 3 });
    expect(row(before, 'A')).toMatchObject({ points: 6, deducted_points: 0, position: 1 });
  });

  it('list a docked squad that has not played', () => {
    const table = computeStandings(matches, { deductions: [{ squad: 'Z', points: 2, reason: 'Registration fee' }] });
    expect(row(table, 'Z')).toMatchObject({ points: -2, played: 0, position: 5 });
  });
});

// ------------------------------------------------------------------ real seasons

/** openfootball football.json, read from shared/ beside the repository (never copied into it). */
function season(file: string): StandingsMatch[] {
  const url = new URL(`../../../../../shared/data/openfootball/${file}`, import.meta.url);
  const data = JSON.parse(readFileSync(url, 'utf8')) as {
    matches: { round: string; date: string; time?: string; team1: string; team2: string; score: { ft: [number, number] } }[];
  };
  return data.matches.map((m, i) => ({
    id: `${file}#${i}`,
    round: Number(/(\d+)$/.exec(m.round)![1]),
    kickoff_at: `${m.date}T${m.time ?? '00:00'}:00Z`,
    home: m.team1,
    away: m.team2,
    home_goals: m.score.ft[0],
    away_goals: m.score.ft[1],
    status: 'finished',
  }));
}

describe('Serie A 2022/23', () => {
  const matches = season('2022-23_it.1.json');
  // Regolamento: head-to-head points, head-to-head goal difference, goal difference, goals scored, lots.
  const serieA: StandingsOptions = {
    tiebreakers: ['head_to_head_points', 'head_to_head_goal_difference', 'goal_difference', 'goals_scored', 'drawing_of_lots'],
    deductions: [{ squad: 'Juventus FC', points: 10, reason: 'Capital gains case (FIGC Court of Appeal, May 2023)' }],
  };
  const table = computeStandings(matches, serieA);

  it('has the final top seven, Juventus seventh after the ten-point deduction', () => {
    expect(table.slice(0, 7).map((r) => [r.position, r.squad, r.points])).toEqual([
      [1, 'SSC Napoli', 90],
      [2, 'SS Lazio', 74],
      [3, 'FC Internazionale Milano', 72],
      [4, 'AC Milan', 70],
      [5, 'Atalanta BC', 64],
      [6, 'AS Roma', 63],
      [7, 'Juventus FC', 62],
    ]);
    expect(row(table, 'Juventus FC')).toMatchObject({ deducted_points: 10, played: 38 });
    expect(table.every((r) => r.played === 38)).toBe(true);
    expect(table.reduce((s, r) => s + r.goals_for, 0)).toBe(table.reduce((s, r) => s + r.goals_against, 0));
  });

  it('puts Spezia above Verona on head-to-head (2-1 away, 0-0), despite the worse goal difference', () => {
    const spezia = row(table, 'Spezia Calcio');
    const verona = row(table, 'Hellas Verona FC');
    expect([spezia.points, spezia.goal_difference, spezia.position]).toEqual([31, -31, 17]);
    expect([verona.points, verona.goal_difference, verona.position]).toEqual([31, -28, 18]);
    expect(spezia.decided_by).toEqual({ rule: 'head_to_head_points', against: ['Hellas Verona FC'] });
    expect(table.slice(18).map((r) => r.squad)).toEqual(['US Cremonese', 'UC Sampdoria']);
  });

  it('without the deduction would have Juventus third above Inter on head-to-head (two wins), both on 72', () => {
    const undocked = computeStandings(matches, { ...serieA, deductions: [] });
    expect(undocked.slice(2, 4).map((r) => [r.squad, r.points, r.goal_difference])).toEqual([
      ['Juventus FC', 72, 23],
      ['FC Internazionale Milano', 72, 29],
    ]);
    expect(undocked[2].decided_by).toEqual({ rule: 'head_to_head_points', against: ['FC Internazionale Milano'] });
  });
});

describe('Premier League 2022/23', () => {
  // Goal difference, then goals scored; head-to-head only after those.
  const table = computeStandings(season('2022-23_en.1.json'), chain('goal_difference', 'goals_scored', 'head_to_head_points', 'head_to_head_away_goals'));

  it('has Manchester City champions ahead of Arsenal and the final top four', () => {
    expect(table.slice(0, 4).map((r) => [r.squad, r.points])).toEqual([
      ['Manchester City FC', 89],
      ['Arsenal FC', 84],
      ['Manchester United FC', 75],
      ['Newcastle United FC', 71],
    ]);
    expect(row(table, 'Manchester City FC')).toMatchObject({ won: 28, drawn: 5, lost: 5, goals_for: 94, goals_against: 33 });
  });

  it('relegates Leicester, Leeds and Southampton (18th to 20th)', () => {
    expect(table.slice(17).map((r) => [r.position, r.squad, r.points])).toEqual([
      [18, 'Leicester City FC', 34],
      [19, 'Leeds United FC', 31],
      [20, 'Southampton FC', 25],
    ]);
  });
});

describe('La Liga 2022/23', () => {
  // Two real three-way ties, both settled by the head-to-head mini-league.
  const table = computeStandings(season('2022-23_es.1.json'), chain('head_to_head_points', 'head_to_head_goal_difference', 'goal_difference', 'goals_scored'));

  it('ranks Girona, Rayo and Sevilla (49 points) as the final table did', () => {
    expect(table.slice(9, 12).map((r) => [r.position, r.squad, r.points, r.decided_by?.rule])).toEqual([
      [10, 'Girona FC', 49, 'head_to_head_points'],
      [11, 'Rayo Vallecano de Madrid', 49, 'head_to_head_points'],
      [12, 'Sevilla FC', 49, 'head_to_head_points'],
    ]);
  });

  it('ranks Cádiz, Getafe and Valencia (42 points) as the final table did, against goal difference', () => {
    expect(table.slice(13, 16).map((r) => [r.squad, r.points, r.goal_difference])).toEqual([
      ['Cádiz CF', 42, -23],
      ['Getafe CF', 42, -11],
      ['Valencia CF', 42, -3],
    ]);
  });
});

describe('defaults', () => {
  it('follow the Ekstraklasa order', () => {
    expect(DEFAULT_TIEBREAKERS).toEqual([
      'head_to_head_points',
      'head_to_head_goal_difference',
      'goal_difference',
      'goals_scored',
      'wins',
      'away_wins',
      'fair_play',
      'drawing_of_lots',
    ]);
  });
});
