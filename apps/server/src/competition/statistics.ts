import { MATCH_PLAYING_STATUSES } from '@umpire/schema';
/**
 * Player statistics computed from incidents and lineups, never typed in twice. Pure: the caller
 * loads the matches of a competition season with their incidents and lineups.
 */
export const STATISTIC_TYPES = [
  { id: 'goals', unit: 'count' },
  { id: 'assists', unit: 'count' },
  { id: 'yellow_cards', unit: 'count' },
  { id: 'red_cards', unit: 'count' },
  { id: 'minutes_played', unit: 'minutes' },
  { id: 'appearances', unit: 'count' },
  { id: 'clean_sheets', unit: 'count' },
  { id: 'own_goals', unit: 'count' },
  { id: 'penalties_scored', unit: 'count' },
] as const;
export type StatisticType = (typeof STATISTIC_TYPES)[number]['id'];

export interface StatsIncident {
  incident_type: string;
  occurrence_half: number;
  occurrence_minute: number;
  stoppage_minute: number | null;
  squad: string | null;
  player: string | null;
  related_player: string | null;
}

export interface StatsLineup {
  squad: string;
  player: string;
  is_starting: boolean;
  position: string | null;
}

export interface StatsMatch {
  id: string;
  status: string;
  home: string;
  away: string;
  home_score: number;
  away_score: number;
  incidents: StatsIncident[];
  lineups: StatsLineup[];
}

export interface PlayerStatistics extends Record<StatisticType, number> {
  player: string;
  squad: string;
}

/** Minutes a regular match lasts; a match with extra time lasts 120. */
const REGULAR = 90;
const CLEAN_SHEET_MIN_MINUTES = 60;
const GOAL_TYPES = new Set(['goal', 'penalty']);

function matchLength(m: StatsMatch): number {
  const last = Math.max(0, ...m.incidents.map((i) => i.occurrence_minute));
  if (m.status === 'finished') return last > REGULAR ? 120 : REGULAR;
  // A match in play counts up to its latest incident.
  return Math.min(last, 120);
}

/** Minutes on the pitch: from kick-off or coming on, to going off (substitution, red card) or the end. */
function minutesByPlayer(m: StatsMatch): Map<string, number> {
  const length = matchLength(m);
  const on = new Map<string, number>();
  const off = new Map<string, number>();
  for (const l of m.lineups) if (l.is_starting) on.set(l.player, 0);
  for (const i of m.incidents) {
    if (i.incident_type === 'substitution') {
      if (i.player) off.set(i.player, i.occurrence_minute);
      if (i.related_player) on.set(i.related_player, i.occurrence_minute);
    } else if ((i.incident_type === 'red_card' || i.incident_type === 'second_yellow_card') && i.player) {
      off.set(i.player, i.occurrence_minute);
    }
  }
  const minutes = new Map<string, number>();
  for (const [player, from] of on) minutes.set(player, Math.max(0, (off.get(player) ?? length) - from));
  return minutes;
}

export function computePlayerStatistics(matches: StatsMatch[]): PlayerStatistics[] {
  const rows = new Map<string, PlayerStatistics>();
  const row = (player: string, squad: string): PlayerStatistics => {
    const key = `${player}:${squad}`;
    let r = rows.get(key);
    if (!r) {
      r = { player, squad, goals: 0, assists: 0, yellow_cards: 0, red_cards: 0, minutes_played: 0, appearances: 0, clean_sheets: 0, own_goals: 0, penalties_scored: 0 };
      rows.set(key, r);
    }
    return r;
  };
  for (const m of matches) {
    // Postponed, cancelled and abandoned matches are not counted (issue 26), as not started ones.
    if (!(MATCH_PLAYING_STATUSES as readonly string[]).includes(m.status)) continue;
    // A player is in a match's line-up once (lineups_player_unique).
    const lineupOf = new Map(m.lineups.map((l) => [l.player, l]));
    for (const i of m.incidents) {
      if (!i.squad) continue;
      const half = i.occurrence_half;
      if (i.player) {
        const r = row(i.player, i.squad);
        // Shoot-out penalties (half 5) are not goals.
        if (GOAL_TYPES.has(i.incident_type) && half <= 4) {
          r.goals++;
          if (i.incident_type === 'penalty') r.penalties_scored++;
        }
        if (i.incident_type === 'own_goal') r.own_goals++;
        if (i.incident_type === 'assist') r.assists++;
        if (i.incident_type === 'yellow_card') r.yellow_cards++;
        if (i.incident_type === 'second_yellow_card') {
          r.yellow_cards++;
          r.red_cards++;
        }
        if (i.incident_type === 'red_card') r.red_cards++;
      }
      // The assist of a goal is its related player.
      if (GOAL_TYPES.has(i.incident_type) && half <= 4 && i.related_player) row(i.related_player, i.squad).assists++;
    }
    const minutes = minutesByPlayer(m);
    for (const [player, played] of minutes) {
      const squad = lineupOf.get(player)?.squad ?? m.incidents.find((i) => i.related_player === player)?.squad;
      if (!squad) continue;
      const r = row(player, squad);
      r.minutes_played += played;
      r.appearances++;
      const conceded = squad === m.home ? m.away_score : m.home_score;
      const goalkeeper = lineupOf.get(player)?.position === 'GK';
      if (m.status === 'finished' && goalkeeper && conceded === 0 && played >= CLEAN_SHEET_MIN_MINUTES) r.clean_sheets++;
    }
  }
  return [...rows.values()];
}

/**
 * A 1–10 rating per appearance from what the player did: a transparent formula, not an opinion.
 * 6.0, +1.0 a goal, +0.7 an assist, +0.5 a clean sheet, −0.5 a yellow, −2.0 a red, −1.0 an own goal.
 */
export function ratingOf(s: PlayerStatistics): number | null {
  if (!s.appearances) return null;
  const total = 6 * s.appearances + s.goals + 0.7 * s.assists + 0.5 * s.clean_sheets - 0.5 * (s.yellow_cards - s.red_cards) - 2 * s.red_cards - s.own_goals;
  return Math.round(Math.min(10, Math.max(1, total / s.appearances)) * 100) / 100;
}

export interface MatchStatistics {
  squads: { home: string; away: string };
  /** Counts per incident type for each side. */
  home: Record<string, number>;
  away: Record<string, number>;
  /** The score after each goal, for a chart of the match. */
  timeline: { minute: number; stoppage: number | null; home: number; away: number; type: string }[];
  goals_by_half: { half: number; home: number; away: number }[];
}

export function computeMatchStatistics(m: StatsMatch): MatchStatistics {
  const home: Record<string, number> = {};
  const away: Record<string, number> = {};
  const timeline: MatchStatistics['timeline'] = [];
  const byHalf = new Map<number, { half: number; home: number; away: number }>();
  let h = 0;
  let a = 0;
  const ordered = [...m.incidents].sort((x, y) => x.occurrence_half - y.occurrence_half || x.occurrence_minute - y.occurrence_minute || (x.stoppage_minute ?? 0) - (y.stoppage_minute ?? 0));
  for (const i of ordered) {
    if (!i.squad) continue;
    const side = i.squad === m.home ? home : away;
    side[i.incident_type] = (side[i.incident_type] ?? 0) + 1;
    const scored = GOAL_TYPES.has(i.incident_type) || i.incident_type === 'own_goal';
    if (!scored || i.occurrence_half > 4) continue;
    const forHome = i.incident_type === 'own_goal' ? i.squad === m.away : i.squad === m.home;
    if (forHome) h++;
    else a++;
    const half = byHalf.get(i.occurrence_half) ?? { half: i.occurrence_half, home: 0, away: 0 };
    if (forHome) half.home++;
    else half.away++;
    byHalf.set(i.occurrence_half, half);
    timeline.push({ minute: i.occurrence_minute, stoppage: i.stoppage_minute, home: h, away: a, type: i.incident_type });
  }
  for (const half of [1, 2]) if (!byHalf.has(half)) byHalf.set(half, { half, home: 0, away: 0 });
  return { squads: { home: m.home, away: m.away }, home, away, timeline, goals_by_half: [...byHalf.values()].sort((x, y) => x.half - y.half) };
}
