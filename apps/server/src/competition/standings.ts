import { TIEBREAKERS } from '@umpire/schema';
/**
 * League standings computed from the finished matches of one group.
 *
 * Pure: no database, no clock, no I/O. Same input, same table.
 *
 * Order of the table
 * 1. Points after deductions, highest first.
 * 2. Teams level on points form a tie group, ranked by the tiebreaker chain
 *    (`options.tiebreakers`, in order). A criterion gives every team of the set
 *    being ranked one number; the set is split into subgroups of equal value.
 *    - Head-to-head criteria (`head_to_head_*`) are computed over a mini-league:
 *      only the counted matches between teams of the set being ranked.
 *    - Every other criterion uses all counted matches of the team.
 *    - The first criterion (from the current index) that splits the set decides;
 *      each subgroup that is still tied is then ranked again:
 *      - split by a head-to-head criterion: the subgroup restarts from the first
 *        criterion of the chain, so its head-to-head values are recomputed over
 *        the matches between the remaining teams only ("applied recursively to
 *        the teams still tied");
 *      - split by an overall criterion: the subgroup goes on with the next
 *        criterion. Head-to-head criteria earlier in the chain are not revisited
 *        (UEFA moves on to overall criteria once head-to-head is exhausted);
 *        head-to-head criteria later in the chain are computed over the subgroup.
 *    - A criterion that does not split the set passes to the next one.
 *    - `drawing_of_lots` never splits: the lots are drawn by people, not here.
 *    Note: UEFA's literal text keeps the original mini-league for criteria b)-d)
 *    and only then re-applies a)-d) to the teams still level; here the restart
 *    happens as soon as a head-to-head criterion splits the set (issue 4: "applied
 *    recursively to the teams still tied"). They can differ: once head-to-head
 *    points split A off from B and C, UEFA compares B and C next on goal
 *    difference in the three-team mini-league, this module on points between B
 *    and C alone (see the three-way tests).
 * 3. Teams level after the whole chain share one position (standard competition
 *    ranking: 1, 2, 2, 4), are listed by squad id and are marked `tied`.
 *
 * `decided_by` names the criterion that finally separated a team from the teams
 * still level with it, and `against` lists those teams. It is null for a team
 * alone on its points, and for a team whose whole tie group was never split.
 */

export type Tiebreaker = (typeof TIEBREAKERS)[number];

/** Every criterion (declared with the competitions resource), for validating a configuration. */
export { TIEBREAKERS };

/**
 * Ekstraklasa order (Regulamin Rozgrywek, art. 10): points in the matches between
 * the teams, goal difference in those matches, then overall goal difference,
 * goals scored, wins, away wins, fair play, lots. Ekstraklasa has no
 * head-to-head goals-scored criterion, so `head_to_head_goals_scored` is left out.
 */
export const DEFAULT_TIEBREAKERS: Tiebreaker[] = [
  'head_to_head_points',
  'head_to_head_goal_difference',
  'goal_difference',
  'goals_scored',
  'wins',
  'away_wins',
  'fair_play',
  'drawing_of_lots',
];

export const DEFAULT_POINTS = { win: 3, draw: 1, loss: 0 } as const;

export interface StandingsMatch {
  id: string;
  /** Round number: orders the table in time and defines "previous round". */
  round: number;
  /** ISO 8601; orders the form guide. */
  kickoff_at: string;
  home: string;
  away: string;
  home_goals: number;
  away_goals: number;
  /** Only 'finished' matches count. */
  status: string;
}

/** Disciplinary points of a squad (yellow 1, second yellow or red 3); lower is better. Records of one squad add up. */
export interface FairPlayRecord {
  squad: string;
  points: number;
}

export interface PointDeduction {
  squad: string;
  /** Points taken away (positive number). */
  points: number;
  reason: string;
  /** First round the deduction counts in; absent: it counts in every table. */
  round?: number;
}

export interface StandingsOptions {
  /** Default 3/1/0. */
  points?: { win: number; draw: number; loss: number };
  /** Default DEFAULT_TIEBREAKERS. */
  tiebreakers?: Tiebreaker[];
  deductions?: PointDeduction[];
  fairPlay?: FairPlayRecord[];
  /** Teams listed even before their first match. */
  squads?: string[];
  /** Table after this round: later rounds are ignored. */
  upToRound?: number;
  /**
   * Ekstraklasa since 2023/24: head-to-head criteria count only once every match
   * between the tied teams has been played. Unplayed fixtures are known from the
   * matches given with another status (or from rounds after `upToRound`); while
   * any is left, head-to-head criteria do not split that set.
   */
  headToHeadOnlyWhenComplete?: boolean;
}

export type Outcome = 'W' | 'D' | 'L';

export interface Decision {
  /** 'points' is never produced here (a team alone on its points gets null); kept for callers labelling rows. */
  rule: Tiebreaker | 'points';
  against: string[];
}

export interface StandingRow {
  position: number;
  squad: string;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goals_for: number;
  goals_against: number;
  goal_difference: number;
  /** After deductions. */
  points: number;
  deducted_points: number;
  deductions: PointDeduction[];
  away_goals_for: number;
  away_wins: number;
  fair_play_points: number;
  /** Last five results, oldest first, by kickoff. */
  form: Outcome[];
  /** Position after the previous round (the latest round with a finished match before the current latest). */
  previous_position: number | null;
  /** previous_position - position; positive means the team climbed; 0 without a previous table. */
  position_change: number;
  decided_by: Decision | null;
  /** Still level after every criterion: shares its position with `tied_with`. */
  tied: boolean;
  tied_with: string[];
}

const FORM_LENGTH = 5;

/** The standings of a group; see the module comment for the order. */
export function computeStandings(matches: StandingsMatch[], options: StandingsOptions = {}): StandingRow[] {
  const config = normalise(options);
  const inScope = matches.filter((m) => config.upToRound === undefined || m.round <= config.upToRound);
  const counted = sortByKickoff(inScope.filter((m) => m.status === 'finished'));
  counted.forEach(validate);

  const latest = maxRound(counted);
  const current = buildTable(matches, counted, config, config.upToRound ?? latest, config.squads);
  const previousRound = latest === undefined ? undefined : maxRound(counted.filter((m) => m.round < latest));
  if (previousRound === undefined) return current.map((row) => ({ ...row, previous_position: null, position_change: 0 }));

  const before = counted.filter((m) => m.round <= previousRound);
  const previous = buildTable(matches, before, config, previousRound, current.map((r) => r.squad));
  const previousPosition = new Map(previous.map((r) => [r.squad, r.position]));
  return current.map((row) => {
    const was = previousPosition.get(row.squad) ?? null;
    return { ...row, previous_position: was, position_change: was === null ? 0 : was - row.position };
  });
}

interface Config {
  points: { win: number; draw: number; loss: number };
  tiebreakers: Tiebreaker[];
  deductions: PointDeduction[];
  fairPlay: Map<string, number>;
  squads: string[];
  upToRound: number | undefined;
  headToHeadOnlyWhenComplete: boolean;
}

function normalise(options: StandingsOptions): Config {
  const points = options.points ?? DEFAULT_POINTS;
  for (const value of [points.win, points.draw, points.loss]) {
    if (!Number.isFinite(value)) throw new RangeError(`points per result must be finite numbers, got ${value}`);
  }
  const tiebreakers = options.tiebreakers ?? DEFAULT_TIEBREAKERS;
  const unknown = tiebreakers.filter((t) => !TIEBREAKERS.includes(t));
  if (unknown.length > 0) throw new RangeError(`unknown tiebreakers: ${unknown.join(', ')}`);
  const fairPlay = new Map<string, number>();
  for (const record of options.fairPlay ?? []) fairPlay.set(record.squad, (fairPlay.get(record.squad) ?? 0) + record.points);
  return {
    points: { win: points.win, draw: points.draw, loss: points.loss },
    tiebreakers,
    deductions: options.deductions ?? [],
    fairPlay,
    squads: options.squads ?? [],
    upToRound: options.upToRound,
    headToHeadOnlyWhenComplete: options.headToHeadOnlyWhenComplete ?? false,
  };
}

/** A wrong score would silently corrupt the table: refuse it. */
function validate(m: StandingsMatch): void {
  if (!isGoalCount(m.home_goals) || !isGoalCount(m.away_goals)) {
    throw new RangeError(`match ${m.id}: goals must be whole numbers >= 0, got ${m.home_goals}-${m.away_goals}`);
  }
  if (m.home === m.away) throw new RangeError(`match ${m.id}: a squad cannot play itself (${m.home})`);
  if (!Number.isFinite(m.round)) throw new RangeError(`match ${m.id}: round must be a number`);
}

function isGoalCount(goals: number): boolean {
  return Number.isInteger(goals) && goals >= 0;
}

function maxRound(matches: StandingsMatch[]): number | undefined {
  let max: number | undefined;
  for (const m of matches) if (max === undefined || m.round > max) max = m.round;
  return max;
}

/** Kickoff order, then round and id so that equal kickoffs stay deterministic. */
function sortByKickoff(matches: StandingsMatch[]): StandingsMatch[] {
  const tieBreak = (a: StandingsMatch, b: StandingsMatch) => a.round - b.round || compareIds(a.id, b.id);
  if (sameUtcShape(matches)) {
    return [...matches].sort((a, b) => compareIds(a.kickoff_at, b.kickoff_at) || tieBreak(a, b));
  }
  const keyed = matches.map((m) => ({ m, t: kickoffTime(m.kickoff_at) }));
  keyed.sort((a, b) => a.t - b.t || tieBreak(a.m, b.m));
  return keyed.map((k) => k.m);
}

/**
 * UTC timestamps written alike ("...Z", one length) sort as text: this skips
 * Date.parse, which would otherwise be most of the time of a table.
 */
function sameUtcShape(matches: StandingsMatch[]): boolean {
  if (matches.length === 0) return true;
  const length = matches[0].kickoff_at.length;
  return matches.every((m) => m.kickoff_at.length === length && m.kickoff_at.endsWith('Z') && m.kickoff_at[10] === 'T');
}

function kickoffTime(iso: string): number {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? Number.POSITIVE_INFINITY : t; // unreadable kickoffs sort last
}

/** Code-unit order: the same on every machine, unlike localeCompare. */
function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

// ---------------------------------------------------------------- tallies

interface Tally {
  squad: string;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goalsFor: number;
  goalsAgainst: number;
  awayGoalsFor: number;
  awayWins: number;
  results: Outcome[];
  /** Counted matches of this squad: the source of every head-to-head mini-league. */
  matches: StandingsMatch[];
  deductions: PointDeduction[];
  deducted: number;
  points: number;
  fairPlay: number;
}

function emptyTally(squad: string, fairPlay: number): Tally {
  return {
    squad, played: 0, won: 0, drawn: 0, lost: 0, goalsFor: 0, goalsAgainst: 0, awayGoalsFor: 0, awayWins: 0,
    results: [], matches: [], deductions: [], deducted: 0, points: 0, fairPlay,
  };
}

function outcome(goalsFor: number, goalsAgainst: number): Outcome {
  return goalsFor > goalsAgainst ? 'W' : goalsFor < goalsAgainst ? 'L' : 'D';
}

/** One pass over the counted matches (already in kickoff order, so results read as form). */
function tallyMatches(counted: StandingsMatch[], config: Config, squads: string[]): Map<string, Tally> {
  const tallies = new Map<string, Tally>();
  const tallyOf = (squad: string) => {
    let t = tallies.get(squad);
    if (!t) tallies.set(squad, (t = emptyTally(squad, config.fairPlay.get(squad) ?? 0)));
    return t;
  };
  for (const squad of squads) tallyOf(squad);
  for (const m of counted) {
    addResult(tallyOf(m.home), m, m.home_goals, m.away_goals, false);
    addResult(tallyOf(m.away), m, m.away_goals, m.home_goals, true);
  }
  return tallies;
}

function addResult(t: Tally, m: StandingsMatch, scored: number, conceded: number, away: boolean): void {
  const result = outcome(scored, conceded);
  t.played++;
  t.goalsFor += scored;
  t.goalsAgainst += conceded;
  if (result === 'W') t.won++;
  else if (result === 'D') t.drawn++;
  else t.lost++;
  if (away) {
    t.awayGoalsFor += scored;
    if (result === 'W') t.awayWins++;
  }
  t.results.push(result);
  t.matches.push(m);
}

/** Deductions in force at `tableRound` (all of them when no round is known yet only if they carry no round). */
function applyPoints(tallies: Map<string, Tally>, config: Config, tableRound: number | undefined): void {
  for (const d of config.deductions) {
    const inForce = d.round === undefined || (tableRound !== undefined && d.round <= tableRound);
    if (!inForce) continue;
    let t = tallies.get(d.squad);
    // A docked squad belongs to the table even before it plays.
    if (!t) tallies.set(d.squad, (t = emptyTally(d.squad, config.fairPlay.get(d.squad) ?? 0)));
    t.deductions.push(d);
    t.deducted += d.points;
  }
  const { win, draw, loss } = config.points;
  for (const t of tallies.values()) t.points = t.won * win + t.drawn * draw + t.lost * loss - t.deducted;
}

// ---------------------------------------------------------------- table

interface Placement {
  tally: Tally;
  position: number;
  decided: Decision | null;
  tiedWith: string[];
}

type Row = Omit<StandingRow, 'previous_position' | 'position_change'>;

function buildTable(
  all: StandingsMatch[],
  counted: StandingsMatch[],
  config: Config,
  tableRound: number | undefined,
  squads: string[],
): Row[] {
  const tallies = tallyMatches(counted, config, squads);
  applyPoints(tallies, config, tableRound);
  const ranker = new Ranker(config, config.headToHeadOnlyWhenComplete ? unplayedPairs(all, counted) : null);
  return rankByPoints([...tallies.values()], ranker).map(toRow);
}

function toRow(p: Placement): Row {
  const t = p.tally;
  return {
    position: p.position,
    squad: t.squad,
    played: t.played,
    won: t.won,
    drawn: t.drawn,
    lost: t.lost,
    goals_for: t.goalsFor,
    goals_against: t.goalsAgainst,
    goal_difference: t.goalsFor - t.goalsAgainst,
    points: t.points,
    deducted_points: t.deducted,
    deductions: [...t.deductions],
    away_goals_for: t.awayGoalsFor,
    away_wins: t.awayWins,
    fair_play_points: t.fairPlay,
    form: t.results.slice(-FORM_LENGTH),
    decided_by: p.decided,
    tied: p.tiedWith.length > 0,
    tied_with: p.tiedWith,
  };
}

/** Points first; each run of equal points goes through the tiebreaker chain. */
function rankByPoints(tallies: Tally[], ranker: Ranker): Placement[] {
  const sorted = [...tallies].sort((a, b) => b.points - a.points || compareIds(a.squad, b.squad));
  const placements: Placement[] = [];
  for (let start = 0; start < sorted.length; ) {
    let end = start + 1;
    while (end < sorted.length && sorted[end].points === sorted[start].points) end++;
    const group = sorted.slice(start, end);
    const blocks = group.length === 1 ? [group] : ranker.rank(group);
    for (const block of blocks) placeBlock(block, placements.length + 1, ranker.decisions, placements);
    start = end;
  }
  return placements;
}

/** A block is one team, or teams level after every criterion: they share the position. */
function placeBlock(block: Tally[], position: number, decisions: Map<string, Decision>, out: Placement[]): void {
  const ordered = [...block].sort((a, b) => compareIds(a.squad, b.squad));
  for (const tally of ordered) {
    const tiedWith = ordered.filter((o) => o !== tally).map((o) => o.squad);
    out.push({ tally, position, decided: decisions.get(tally.squad) ?? null, tiedWith });
  }
}

/** Pairs of squads with a match not yet counted in this table: their head-to-head is incomplete. */
function unplayedPairs(all: StandingsMatch[], counted: StandingsMatch[]): Set<string> {
  const done = new Set(counted);
  const pairs = new Set<string>();
  for (const m of all) if (!done.has(m)) pairs.add(pairKey(m.home, m.away));
  return pairs;
}

function pairKey(a: string, b: string): string {
  return a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;
}

// ---------------------------------------------------------------- tiebreakers

const HEAD_TO_HEAD = new Set<Tiebreaker>([
  'head_to_head_points',
  'head_to_head_goal_difference',
  'head_to_head_goals_scored',
  'head_to_head_away_goals',
]);

export function isHeadToHead(rule: Tiebreaker): boolean {
  return HEAD_TO_HEAD.has(rule);
}

interface MiniTally {
  points: number;
  goalDifference: number;
  goalsFor: number;
  awayGoalsFor: number;
}

class Ranker {
  readonly decisions = new Map<string, Decision>();

  constructor(
    private readonly config: Config,
    private readonly unplayed: Set<string> | null,
  ) {}

  /** Ranks one tie group into blocks, best first; a block of several is still tied. */
  rank(group: Tally[]): Tally[][] {
    return this.resolve(group, 0);
  }

  private resolve(set: Tally[], from: number): Tally[][] {
    if (set.length === 1) return [set];
    const chain = this.config.tiebreakers;
    for (let i = from; i < chain.length; i++) {
      const parts = splitBy(set, this.values(chain[i], set));
      if (parts.length === 1) continue;
      this.record(chain[i], set, parts);
      // A smaller mini-league may rank differently: head-to-head starts over.
      const next = isHeadToHead(chain[i]) ? 0 : i + 1;
      return parts.flatMap((part) => this.resolve(part, next));
    }
    return [set];
  }

  /** Each team remembers the latest split it took part in; the last one is what isolated it. */
  private record(rule: Tiebreaker, set: Tally[], parts: Tally[][]): void {
    for (const part of parts) {
      const against = set.filter((t) => !part.includes(t)).map((t) => t.squad).sort(compareIds);
      for (const t of part) this.decisions.set(t.squad, { rule, against });
    }
  }

  /** The value of `rule` for each team of `set`; higher is better. */
  private values(rule: Tiebreaker, set: Tally[]): number[] {
    if (isHeadToHead(rule)) {
      if (this.unplayed && this.hasUnplayedMatch(set)) return set.map(() => 0);
      const mini = this.miniLeague(set);
      return mini.map((m) => headToHeadValue(rule, m));
    }
    return set.map((t) => overallValue(rule, t));
  }

  private hasUnplayedMatch(set: Tally[]): boolean {
    for (let i = 0; i < set.length; i++) {
      for (let j = i + 1; j < set.length; j++) if (this.unplayed!.has(pairKey(set[i].squad, set[j].squad))) return true;
    }
    return false;
  }

  /** Standings of `set` over the matches among its teams only. */
  private miniLeague(set: Tally[]): MiniTally[] {
    const members = new Set(set.map((t) => t.squad));
    const { win, draw, loss } = this.config.points;
    return set.map((t) => {
      const mini: MiniTally = { points: 0, goalDifference: 0, goalsFor: 0, awayGoalsFor: 0 };
      for (const m of t.matches) {
        const away = m.away === t.squad;
        if (!members.has(away ? m.home : m.away)) continue;
        const scored = away ? m.away_goals : m.home_goals;
        const conceded = away ? m.home_goals : m.away_goals;
        const result = outcome(scored, conceded);
        mini.points += result === 'W' ? win : result === 'D' ? draw : loss;
        mini.goalDifference += scored - conceded;
        mini.goalsFor += scored;
        if (away) mini.awayGoalsFor += scored;
      }
      return mini;
    });
  }
}

function headToHeadValue(rule: Tiebreaker, m: MiniTally): number {
  switch (rule) {
    case 'head_to_head_points': return m.points;
    case 'head_to_head_goal_difference': return m.goalDifference;
    case 'head_to_head_goals_scored': return m.goalsFor;
    case 'head_to_head_away_goals': return m.awayGoalsFor;
    default: throw new Error(`not a head-to-head criterion: ${rule}`);
  }
}

function overallValue(rule: Tiebreaker, t: Tally): number {
  switch (rule) {
    case 'goal_difference': return t.goalsFor - t.goalsAgainst;
    case 'goals_scored': return t.goalsFor;
    case 'away_goals_scored': return t.awayGoalsFor;
    case 'wins': return t.won;
    case 'away_wins': return t.awayWins;
    case 'fair_play': return -t.fairPlay; // fewer disciplinary points is better
    case 'drawing_of_lots': return 0; // drawn by people, outside this function
    default: throw new Error(`unknown tiebreaker: ${rule}`);
  }
}

/** Groups teams of equal value, best value first; order inside a part follows `set`. */
function splitBy(set: Tally[], values: number[]): Tally[][] {
  const distinct = [...new Set(values)].sort((a, b) => b - a);
  if (distinct.length === 1) return [set];
  return distinct.map((v) => set.filter((_, i) => values[i] === v));
}
