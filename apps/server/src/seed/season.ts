import { DEFAULT_TIEBREAKERS } from '../competition/standings';
import type { Database, DB } from '../db/database';
import { modelOf } from '../jsonapi/model';
import { clientCollation, withShadows } from '../jsonapi/shadow';
import { nowIso, toDb } from '../db/values';
import { creationChanges } from '../jsonapi/write';
import { HALF_MINUTES, incidentSection, incidentSortKey, matchStateFrom, STATUS_TYPES } from '../matches/incident-rules';
import type { Collation } from '../text/collation';
import { generateFixtures } from '@umpire/schema/fixtures/generator';
import { DEMO_CLUBS } from './demo-data';
import {
  feminineSurname,
  FOREIGN_POOLS,
  FOREIGN_WEIGHTS,
  POLISH_CLUBS,
  POLISH_FEMALE_FIRST_NAMES,
  POLISH_FIRST_NAMES,
  POLISH_LAST_NAMES,
  POLISH_STAFF_FIRST_NAMES,
} from './names';

/**
 * The demo season (issue 4 item 7): real-size squads with staff and careers for the 18 clubs, and
 * the current Ekstraklasa season as a double round robin — rounds 1–17 played out with lineups and
 * incidents, one match of round 18 live now, the rest to come.
 *
 * Everything comes from a seeded PRNG, so every run gives the same people, fixtures, results and
 * incidents; only the dates move with `now` (the current season is the one containing it, round 18
 * is under way at that moment). Scores and statuses are not invented separately: they follow from
 * the incidents through the same rules as the API (matches/incident-rules.ts).
 */

type Dialect = Database['dialect'];
type Values = Record<string, unknown>;

const SEED = 20260717;

// ---------------------------------------------------------------------------------------------
// Deterministic randomness.

/** A small seeded generator (mulberry32): the same demo data on every machine. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seed made of several numbers, so that independent streams do not depend on each other's use. */
const seedOf = (...parts: number[]) => parts.reduce((h, p) => Math.imul(h ^ (p + 0x9e3779b9 + (h << 6) + (h >>> 2)), 0x85ebca6b) >>> 0, SEED);

class Rng {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  float(): number {
    return this.next();
  }
  /** An integer from `min` to `max`, both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
  weighted<T>(items: readonly T[], weight: (item: T) => number): T | undefined {
    const total = items.reduce((s, i) => s + Math.max(0, weight(i)), 0);
    if (total <= 0) return undefined;
    let r = this.next() * total;
    for (const i of items) {
      r -= Math.max(0, weight(i));
      if (r < 0) return i;
    }
    return items[items.length - 1];
  }
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }
  poisson(lambda: number): number {
    const limit = Math.exp(-lambda);
    let k = 0;
    let p = this.next();
    while (p > limit && k < 8) {
      k++;
      p *= this.next();
    }
    return k;
  }
}

// ---------------------------------------------------------------------------------------------
// Calendar: days are whole days since 1970-01-01 in Polish local time; kickoffs are UTC instants.

const DAY_MS = 86_400_000;
const dayOf = (y: number, m: number, d: number) => Date.UTC(y, m, d) / DAY_MS;
const isoDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const weekday = (day: number) => new Date(day * DAY_MS).getUTCDay();
const ymd = (day: number) => {
  const d = new Date(day * DAY_MS);
  return { y: d.getUTCFullYear(), m: d.getUTCMonth(), d: d.getUTCDate() };
};
/** The first day on or after `day` that falls on weekday `wd` (0 Sunday … 6 Saturday). */
const onOrAfter = (day: number, wd: number) => day + ((wd - weekday(day) + 7) % 7);
const lastSunday = (y: number, m: number) => {
  const last = dayOf(y, m + 1, 1) - 1;
  return last - weekday(last);
};

/** Poland: UTC+2 from the last Sunday of March to the last Sunday of October (01:00 UTC), else UTC+1. */
function warsawOffsetMinutes(utcMs: number): number {
  const y = new Date(utcMs).getUTCFullYear();
  const start = lastSunday(y, 2) * DAY_MS + 3_600_000;
  const end = lastSunday(y, 9) * DAY_MS + 3_600_000;
  return utcMs >= start && utcMs < end ? 120 : 60;
}
/** The UTC instant of a Polish local time. */
function localToUtc(day: number, hour: number, minute: number): number {
  const local = day * DAY_MS + (hour * 60 + minute) * 60_000;
  const summer = local - 120 * 60_000;
  return warsawOffsetMinutes(summer) === 120 ? summer : local - 60 * 60_000;
}
const localDayOf = (utcMs: number) => Math.floor((utcMs + warsawOffsetMinutes(utcMs) * 60_000) / DAY_MS);

/** Winter break: no league football from mid-December to the end of January. */
const inWinterBreak = (day: number) => {
  const { m, d } = ymd(day);
  return (m === 11 && d >= 16) || (m === 0 && d <= 29);
};

/** The local kickoff slots of a weekend round: Fri 18:00/20:30, Sat 15:00/17:30/20:15, Sun 12:30/15:00/17:30, Mon 19:00. */
const WEEKEND_SLOTS: [number, number, number][] = [
  [0, 18, 0], [0, 20, 30], [1, 15, 0], [1, 17, 30], [1, 20, 15], [2, 12, 30], [2, 15, 0], [2, 17, 30], [3, 19, 0],
];
/** A midweek round (Wednesday and Thursday), when the calendar is tight. */
const MIDWEEK_SLOTS: [number, number, number][] = [
  [0, 18, 0], [0, 18, 0], [0, 20, 30], [0, 20, 30], [1, 16, 0], [1, 18, 0], [1, 18, 0], [1, 20, 30], [1, 20, 30],
];
/** Slots for the rest of a day, used for round 18 around `now`. */
const DAY_SLOTS: [number, number][] = [[12, 30], [15, 0], [17, 30], [18, 0], [20, 15], [20, 30]];
const LIVE_MINUTES_AGO = 35;
/** The Saturday of the last round: the May Saturday from the 23rd to the 29th, all matches at 17:30. */
const FINAL_SLOT: [number, number] = [17, 30];

type BlockKind = 'weekend' | 'midweek' | 'live' | 'final';
interface Block {
  kind: BlockKind;
  /** First local day of the block. */
  day: number;
}

export interface SeasonDates {
  name: string;
  start_date: string;
  end_date: string;
}

export interface DemoCalendar {
  previous: SeasonDates;
  current: SeasonDates;
  /** The cup's competition season in the current season. */
  cup: { start_date: string; end_date: string };
  /** One block per round, 1 to 34. */
  blocks: Block[];
  /** Round 18: the live match kicked off at `live`, the other eight at `upcoming` (UTC ms). */
  live: number;
  upcoming: number[];
}

const seasonName = (startYear: number) => `${startYear}/${String((startYear + 1) % 100).padStart(2, '0')}`;
/** Mid-July: the third Friday of July (15th to 21st). */
const nominalStart = (startYear: number) => onOrAfter(dayOf(startYear, 6, 15), 5);
/** Late May: the Saturday from the 23rd to the 29th. */
const nominalEnd = (startYear: number) => onOrAfter(dayOf(startYear + 1, 4, 23), 6);

/** `k` items spread evenly over `items`, the first and the last included. */
function spread<T>(items: T[], k: number): T[] {
  if (k <= 0) return [];
  if (k >= items.length) return [...items];
  if (k === 1) return [items[items.length - 1]];
  return Array.from({ length: k }, (_, i) => items[Math.round((i * (items.length - 1)) / (k - 1))]);
}

/** Weekend (Friday to Monday) and midweek (Wednesday, Thursday) blocks from `from` ending before `until`, none in the winter break. */
function candidates(from: number, until: number): { weekends: number[]; midweeks: number[] } {
  const weekends: number[] = [];
  const midweeks: number[] = [];
  for (let f = onOrAfter(from, 5); f + 3 < until; f += 7) if (!inWinterBreak(f) && !inWinterBreak(f + 3)) weekends.push(f);
  for (let w = onOrAfter(from, 3); w + 1 < until; w += 7) if (!inWinterBreak(w) && !inWinterBreak(w + 1)) midweeks.push(w);
  return { weekends, midweeks };
}

/** `k` blocks: weekends spread over the period if there are enough, else every weekend and some midweeks. */
function chooseBlocks({ weekends, midweeks }: { weekends: number[]; midweeks: number[] }, k: number): Block[] {
  const chosen: Block[] =
    weekends.length >= k
      ? spread(weekends, k).map((day) => ({ kind: 'weekend', day }))
      : [
          ...weekends.map((day) => ({ kind: 'weekend' as const, day })),
          ...spread(midweeks, k - weekends.length).map((day) => ({ kind: 'midweek' as const, day })),
        ];
  return chosen.sort((a, b) => a.day - b.day);
}
const enough = (c: { weekends: number[]; midweeks: number[] }, k: number) => c.weekends.length + c.midweeks.length >= k;

/**
 * The seasons and the round dates that follow from `now`. The current season is the one containing
 * now (July to May; June belongs to the season just ended). Rounds 1–17 fall between the season's
 * start and the last weekend before today, round 18 is today, rounds 19–33 fill the weekends up to
 * the last Saturday of the season (round 34, all at once); midweek rounds help when time is short.
 * When even that is too short (now from July to early September, or from late May to June), the
 * season starts earlier or ends later, by as many weeks as needed.
 */
export function demoCalendar(now: Date): DemoCalendar {
  const nowMs = now.getTime();
  const today = localDayOf(nowMs);
  const { y, m } = ymd(today);
  const startYear = m >= 6 ? y : y - 1;

  // Round 18: one match live now, the others at the next slots of today and tomorrow.
  const live = Math.floor(nowMs / 60_000) * 60_000 - LIVE_MINUTES_AGO * 60_000;
  const upcoming: number[] = [];
  for (let d = today; upcoming.length < 8; d++)
    for (const [h, min] of DAY_SLOTS) {
      const t = localToUtc(d, h, min);
      if (t > nowMs + 15 * 60_000 && upcoming.length < 8) upcoming.push(t);
    }
  const round18End = localDayOf(upcoming[upcoming.length - 1]);

  // Rounds 1–17: blocks over before today.
  let start = nominalStart(startYear);
  while (!enough(candidates(start, today), 17)) start -= 7;
  const before = chooseBlocks(candidates(start, today), 17);

  // Rounds 19–33: blocks after round 18 that leave the last week free; round 34 on the final Saturday.
  let final = nominalEnd(startYear);
  while (!enough(candidates(round18End + 1, final - 3), 15)) final += 7;
  const after = chooseBlocks(candidates(round18End + 1, final - 3), 15);

  const blocks: Block[] = [...before, { kind: 'live', day: localDayOf(live) }, ...after, { kind: 'final', day: final }];
  const currentStart = Math.min(nominalStart(startYear), blocks[0].day);
  const previousEnd = Math.min(nominalEnd(startYear - 1), currentStart - 1);
  return {
    previous: { name: seasonName(startYear - 1), start_date: isoDay(nominalStart(startYear - 1)), end_date: isoDay(previousEnd) },
    current: { name: seasonName(startYear), start_date: isoDay(currentStart), end_date: isoDay(final) },
    cup: { start_date: `${startYear}-08-05`, end_date: `${startYear + 1}-05-02` },
    blocks,
    live,
    upcoming,
  };
}

/** The nine kickoffs (UTC ms, in time order) of a weekend, midweek or final round. */
function blockSlots(block: Block): number[] {
  if (block.kind === 'final') return Array.from({ length: 9 }, () => localToUtc(block.day, ...FINAL_SLOT));
  const slots = block.kind === 'midweek' ? MIDWEEK_SLOTS : WEEKEND_SLOTS;
  return slots.map(([d, h, m]) => localToUtc(block.day + d, h, m));
}

// ---------------------------------------------------------------------------------------------
// Squads.

type Role = 'GK' | 'CB' | 'RB' | 'LB' | 'DM' | 'CM' | 'AM' | 'RM' | 'LM' | 'RW' | 'LW' | 'ST';
type Group = 'goalkeeper' | 'defender' | 'midfielder' | 'forward';
const GROUP_OF: Record<Role, Group> = {
  GK: 'goalkeeper', CB: 'defender', RB: 'defender', LB: 'defender', DM: 'midfielder', CM: 'midfielder', AM: 'midfielder',
  RM: 'midfielder', LM: 'midfielder', RW: 'forward', LW: 'forward', ST: 'forward',
};

/** 26 players: 3 goalkeepers, 8–9 defenders, 8–9 midfielders, 5–6 forwards. */
const SQUAD_ROLES: Role[][] = [
  ['GK', 'GK', 'GK', 'CB', 'CB', 'CB', 'CB', 'CB', 'RB', 'RB', 'LB', 'LB', 'DM', 'DM', 'CM', 'CM', 'CM', 'CM', 'AM', 'RM', 'LM', 'ST', 'ST', 'ST', 'RW', 'LW'],
  ['GK', 'GK', 'GK', 'CB', 'CB', 'CB', 'CB', 'CB', 'RB', 'RB', 'LB', 'LB', 'DM', 'DM', 'CM', 'CM', 'CM', 'AM', 'RM', 'LM', 'ST', 'ST', 'ST', 'RW', 'LW', 'RW'],
  ['GK', 'GK', 'GK', 'CB', 'CB', 'CB', 'CB', 'RB', 'RB', 'LB', 'LB', 'DM', 'DM', 'CM', 'CM', 'CM', 'AM', 'AM', 'RM', 'LM', 'ST', 'ST', 'ST', 'RW', 'LW', 'LW'],
];

const SHIRT_PREFERENCES: Record<Role, number[]> = {
  GK: [1, 12, 33, 99, 22, 31, 30, 41],
  CB: [4, 5, 3, 15, 6, 24, 25, 35, 44, 26, 36],
  RB: [2, 22, 27, 32, 13, 28],
  LB: [3, 17, 23, 28, 13, 21],
  DM: [6, 8, 16, 18, 21, 34, 26],
  CM: [8, 14, 16, 18, 20, 21, 26, 23],
  AM: [10, 19, 20, 23, 30, 21],
  RM: [7, 11, 17, 19, 37, 27],
  LM: [11, 7, 17, 19, 37, 27],
  RW: [7, 11, 70, 17, 27, 47, 71],
  LW: [11, 7, 17, 70, 27, 47, 71],
  ST: [9, 19, 29, 39, 11, 49, 14],
};
/** 77 and 80–98 stay free: the API tests add their own players to demo squads with those numbers. */
const FREE_SHIRTS = Array.from({ length: 78 }, (_, i) => i + 2).filter((n) => n !== 77);

const HEIGHTS: Record<Role, [number, number]> = {
  GK: [186, 197], CB: [183, 194], RB: [172, 183], LB: [172, 183], DM: [176, 188], CM: [172, 185], AM: [170, 181],
  RM: [168, 180], LM: [168, 180], RW: [168, 181], LW: [168, 181], ST: [178, 192],
};

interface Person {
  first_name: string;
  last_name: string;
  birth_date: string;
  nationality: string;
}
interface PlayerSpec extends Person {
  second_nationality: string | null;
  position: Group;
  height_cm: number;
  weight_kg: number;
  preferred_foot: 'left' | 'right' | 'both';
  role: Role;
  rating: number;
  birthYear: number;
  id?: number;
}
interface Member {
  player: PlayerSpec;
  shirt: number;
  captain: boolean;
  joined_on: string;
  left_on: string | null;
}
interface Career {
  player: PlayerSpec;
  club_id: number | null;
  club_name: string | null;
  start_year: number;
  end_year: number;
  appearances: number;
  goals: number;
  is_loan: boolean;
}
interface StaffSpec extends Person {
  id?: number;
}

class People {
  private readonly names = new Set<string>();
  constructor(private readonly rng: Rng) {}

  /** A name not used before in the demo (inserted rows are matched to their ids by it), Polish or from the given country. */
  name(nationality: string, pools?: { first: string[]; last: string[] }): { first_name: string; last_name: string } {
    const pool = pools ?? (nationality === 'PL' ? { first: POLISH_FIRST_NAMES, last: POLISH_LAST_NAMES } : FOREIGN_POOLS[nationality]);
    for (let attempt = 0; attempt < 500; attempt++) {
      const first_name = this.rng.pick(pool.first);
      const last_name = this.rng.pick(pool.last);
      const key = `${first_name} ${last_name}`;
      if (!this.names.has(key)) {
        this.names.add(key);
        return { first_name, last_name };
      }
    }
    throw new Error(`seedSeason: the name pool of ${nationality} is used up`);
  }

  foreignNationality(): string {
    return this.rng.weighted(FOREIGN_WEIGHTS, ([, w]) => w)![0];
  }

  player(role: Role, nationality: string): PlayerSpec {
    const { rng } = this;
    const group = GROUP_OF[role];
    // Born 1990–2007, most of them in the late 1990s; goalkeepers a little older.
    const spreadYears = (rng.float() + rng.float()) / 2;
    const birthYear = Math.min(2007, 1990 + Math.floor((group === 'goalkeeper' ? spreadYears * 0.85 : spreadYears) * 18));
    const [hMin, hMax] = HEIGHTS[role];
    const height = rng.int(hMin, hMax);
    const leftSided = role === 'LB' || role === 'LM';
    const rightSided = role === 'RB' || role === 'RM';
    const r = rng.float();
    const foot = leftSided ? (r < 0.8 ? 'left' : 'right') : rightSided ? (r < 0.9 ? 'right' : 'left') : r < 0.74 ? 'right' : r < 0.96 ? 'left' : 'both';
    const second =
      nationality === 'PL' ? (rng.chance(0.06) ? rng.pick(['DE', 'FR', 'GB', 'US', 'NL', 'BE']) : null) : rng.chance(0.06) ? 'PL' : null;
    return {
      ...this.name(nationality),
      birth_date: isoDay(dayOf(birthYear, 0, 1) + rng.int(0, 364)),
      nationality,
      second_nationality: second,
      position: group,
      height_cm: height,
      weight_kg: Math.round(height - 104 + rng.int(-4, 5)),
      preferred_foot: foot,
      role,
      rating: rng.int(60, 84),
      birthYear,
    };
  }

  staff(firstBorn: number, lastBorn: number, nationality: string, female: boolean): StaffSpec {
    const { rng } = this;
    const name =
      nationality === 'PL'
        ? female
          ? (() => {
              const n = this.name('PL', { first: POLISH_FEMALE_FIRST_NAMES, last: POLISH_LAST_NAMES });
              return { first_name: n.first_name, last_name: feminineSurname(n.last_name) };
            })()
          : this.name('PL', { first: POLISH_STAFF_FIRST_NAMES, last: POLISH_LAST_NAMES })
        : this.name(nationality);
    const year = rng.int(firstBorn, lastBorn);
    return { ...name, birth_date: isoDay(dayOf(year, 0, 1) + rng.int(0, 364)), nationality };
  }
}

/** Shirt numbers for a squad: each player's favourite free number by role, best players first. */
function assignShirts(rng: Rng, players: PlayerSpec[]): Map<PlayerSpec, number> {
  const used = new Set<number>();
  const out = new Map<PlayerSpec, number>();
  const keepers = players.filter((p) => p.role === 'GK').sort((a, b) => b.rating - a.rating);
  const keeperNumbers = [1, rng.pick([12, 33, 22]), rng.pick([99, 30, 31, 41])];
  keepers.forEach((p, i) => {
    const n = keeperNumbers[i] ?? FREE_SHIRTS.find((x) => !used.has(x))!;
    used.add(n);
    out.set(p, n);
  });
  for (const p of players.filter((x) => x.role !== 'GK').sort((a, b) => b.rating - a.rating)) {
    const prefs = SHIRT_PREFERENCES[p.role];
    const candidates = [...prefs.slice(0, 3), ...rng.shuffle(prefs.slice(3))];
    let n = candidates.find((x) => !used.has(x));
    while (n === undefined) {
      const x = rng.pick(FREE_SHIRTS);
      if (!used.has(x)) n = x;
    }
    used.add(n);
    out.set(p, n);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Matches: formations, lineups and incidents.

type LineupPosition = Role | 'RWB' | 'LWB';
const FORMATIONS: Record<string, LineupPosition[]> = {
  '4-2-3-1': ['GK', 'RB', 'CB', 'CB', 'LB', 'DM', 'DM', 'RW', 'AM', 'LW', 'ST'],
  '4-3-3': ['GK', 'RB', 'CB', 'CB', 'LB', 'DM', 'CM', 'CM', 'RW', 'ST', 'LW'],
  '4-4-2': ['GK', 'RB', 'CB', 'CB', 'LB', 'RM', 'CM', 'CM', 'LM', 'ST', 'ST'],
  '3-4-3': ['GK', 'CB', 'CB', 'CB', 'RWB', 'CM', 'CM', 'LWB', 'RW', 'ST', 'LW'],
  '3-5-2': ['GK', 'CB', 'CB', 'CB', 'RWB', 'DM', 'CM', 'CM', 'LWB', 'ST', 'ST'],
  '4-1-4-1': ['GK', 'RB', 'CB', 'CB', 'LB', 'DM', 'RM', 'CM', 'CM', 'LM', 'ST'],
};
/** Who can play a lineup position, best fit first. */
const FITS: Record<LineupPosition, Role[]> = {
  GK: ['GK'], CB: ['CB', 'DM'], RB: ['RB', 'CB'], LB: ['LB', 'CB'], RWB: ['RB', 'RM', 'RW'], LWB: ['LB', 'LM', 'LW'],
  DM: ['DM', 'CM'], CM: ['CM', 'DM', 'AM'], AM: ['AM', 'CM', 'RW', 'LW'], RM: ['RM', 'RW', 'CM'], LM: ['LM', 'LW', 'CM'],
  RW: ['RW', 'LW', 'RM', 'AM'], LW: ['LW', 'RW', 'LM', 'AM'], ST: ['ST', 'RW', 'LW', 'AM'],
};
/** Each club's usual shape and its alternative. */
const CLUB_FORMATIONS: [string, string][] = [
  ['4-2-3-1', '4-3-3'], ['4-2-3-1', '4-4-2'], ['3-4-3', '3-5-2'], ['4-2-3-1', '4-3-3'], ['4-3-3', '4-2-3-1'], ['4-4-2', '4-2-3-1'],
  ['3-4-3', '4-2-3-1'], ['3-5-2', '3-4-3'], ['4-2-3-1', '4-1-4-1'], ['4-3-3', '4-4-2'], ['4-2-3-1', '4-4-2'], ['4-4-2', '4-1-4-1'],
  ['3-4-3', '3-5-2'], ['4-1-4-1', '4-2-3-1'], ['4-3-3', '4-2-3-1'], ['4-2-3-1', '3-4-3'], ['4-4-2', '4-3-3'], ['3-5-2', '4-4-2'],
];

interface Side {
  club: number;
  squadId: number;
  members: Member[];
}
interface LineupEntry {
  member: Member;
  starting: boolean;
  position: LineupPosition;
  place: number | null;
  captain: boolean;
}
interface TeamSheet {
  formation: string;
  lineup: LineupEntry[];
}

function pickLineup(rng: Rng, side: Side, formation: string, unavailable: Set<PlayerSpec>): TeamSheet {
  const fit = side.members.filter((m) => !unavailable.has(m.player) && !rng.chance(0.07));
  if (!fit.some((m) => m.player.role === 'GK')) fit.push(side.members.find((m) => m.player.role === 'GK' && !unavailable.has(m.player))!);
  const used = new Set<Member>();
  const best = (roles: Role[]) => {
    for (const role of roles) {
      const m = fit.filter((x) => !used.has(x) && x.player.role === role).sort((a, b) => b.player.rating - a.player.rating)[0];
      if (m) return m;
    }
    return undefined;
  };
  const lineup: LineupEntry[] = [];
  FORMATIONS[formation].forEach((position, i) => {
    const m = best(FITS[position]) ?? fit.filter((x) => !used.has(x) && x.player.role !== 'GK').sort((a, b) => b.player.rating - a.player.rating)[0];
    used.add(m);
    lineup.push({ member: m, starting: true, position, place: i + 1, captain: false });
  });
  const bench: Member[] = [];
  const take = (m: Member | undefined) => {
    if (m && bench.length < 7) {
      used.add(m);
      bench.push(m);
    }
  };
  take(best(['GK']));
  take(best(['CB', 'RB', 'LB']));
  take(best(['DM', 'CM', 'AM', 'RM', 'LM']));
  take(best(['ST', 'RW', 'LW']));
  for (const m of fit.filter((x) => !used.has(x) && x.player.role !== 'GK').sort((a, b) => b.player.rating - a.player.rating)) take(m);
  for (const m of bench) lineup.push({ member: m, starting: false, position: m.player.role, place: null, captain: false });
  const captain = lineup.find((l) => l.starting && l.member.captain) ?? lineup.filter((l) => l.starting).sort((a, b) => a.member.player.birthYear - b.member.player.birthYear)[0];
  captain.captain = true;
  return { formation, lineup };
}

type SideKey = 'home' | 'away';
interface IncidentSpec {
  type: string;
  half: number;
  minute: number;
  stoppage: number | null;
  side: SideKey | null;
  player?: PlayerSpec;
  related?: PlayerSpec;
}
/** A point in a match for ordering: half, minute, added minute. */
const timeKey = (half: number, minute: number, stoppage: number | null = null) => (half * 100 + minute) * 100 + (stoppage ?? 0);
const NEVER = Number.MAX_SAFE_INTEGER;

interface OnPitch {
  entry: LineupEntry;
  on: number;
  off: number;
}

const SCORING: Record<Role, number> = { GK: 0, CB: 1.2, RB: 0.8, LB: 0.8, DM: 1, CM: 2, AM: 4, RM: 3, LM: 3, RW: 4, LW: 4, ST: 6.5 };
const CREATING: Record<Role, number> = { GK: 0.1, CB: 0.8, RB: 2.5, LB: 2.5, DM: 1.5, CM: 3, AM: 5, RM: 4, LM: 4, RW: 4.5, LW: 4.5, ST: 2.5 };
const FOULING: Record<Role, number> = { GK: 0.2, CB: 3, RB: 2.5, LB: 2.5, DM: 3.5, CM: 2.5, AM: 1.5, RM: 1.5, LM: 1.5, RW: 1.2, LW: 1.2, ST: 1.2 };

/** Club strength from the order of DEMO_CLUBS (last season's table, roughly). */
const strength = (club: number) => 1.3 - club * 0.035;

interface Simulated {
  incidents: IncidentSpec[];
  sentOff: PlayerSpec[];
}

/**
 * One match, played out: substitutions first (who is on the pitch when), then dismissals, goals
 * and bookings of players on the pitch at that moment. A live match stops at `untilMinute`.
 */
function simulate(rng: Rng, home: Side, away: Side, sheets: Record<SideKey, TeamSheet>, untilMinute?: number): Simulated {
  const live = untilMinute !== undefined;
  const stoppage1 = rng.int(1, 4);
  const stoppage2 = rng.int(2, 7);
  const incidents: IncidentSpec[] = [{ type: 'kick_off', half: 1, minute: 0, stoppage: null, side: null }];
  const pitch: Record<SideKey, OnPitch[]> = { home: [], away: [] };
  for (const s of ['home', 'away'] as const) for (const entry of sheets[s].lineup) pitch[s].push({ entry, on: entry.starting ? 0 : NEVER, off: NEVER });
  const onAt = (s: SideKey, key: number) => pitch[s].filter((p) => p.on < key && p.off > key);
  const outfieldAt = (s: SideKey, key: number) => onAt(s, key).filter((p) => p.entry.member.player.role !== 'GK');
  const other = (s: SideKey): SideKey => (s === 'home' ? 'away' : 'home');
  /** A random moment of the match (a minute of either half, now and then in added time). */
  const moment = (from = 1, to = 90): { half: number; minute: number; stoppage: number | null } => {
    const minute = rng.int(from, to);
    if (minute <= 45) {
      if (minute >= 44 && !live && rng.chance(0.5)) return { half: 1, minute: 45, stoppage: rng.int(1, stoppage1) };
      return { half: 1, minute, stoppage: null };
    }
    if (minute >= 89 && rng.chance(0.6)) return { half: 2, minute: 90, stoppage: rng.int(1, stoppage2 - 1) };
    return { half: 2, minute, stoppage: null };
  };

  if (!live) {
    // Substitutions: 3–5 a team in two or three windows of the second half.
    for (const s of ['home', 'away'] as const) {
      const count = rng.int(3, 5);
      const windows: number[] = [];
      for (let k = 0, minute = rng.chance(0.25) ? 46 : rng.int(55, 68), n = Math.min(count, rng.int(2, 3)); k < n; k++, minute = Math.min(89, minute + rng.int(6, 16)))
        windows.push(minute);
      const bench = pitch[s].filter((p) => !p.entry.starting && p.entry.member.player.role !== 'GK');
      for (let i = 0; i < count; i++) {
        const minute = windows[Math.min(windows.length - 1, Math.floor((i * windows.length) / count))];
        const key = timeKey(2, minute);
        const off = rng.weighted(
          outfieldAt(s, key).filter((p) => p.entry.starting),
          (p) => ({ goalkeeper: 0, defender: 1, midfielder: 2.5, forward: 3 })[p.entry.member.player.position],
        );
        if (!off) break;
        const group = off.entry.member.player.position;
        const free = bench.filter((p) => p.on === NEVER);
        const on = free.find((p) => p.entry.member.player.position === group) ?? free[0];
        if (!on) break;
        off.off = key;
        on.on = key;
        incidents.push({ type: 'substitution', half: 2, minute, stoppage: null, side: s, player: off.entry.member.player, related: on.entry.member.player });
      }
    }
  }

  // Bookings are decided before goals so that a sent-off player neither scores nor assists later.
  const booked = new Set<PlayerSpec>();
  const sentOff: PlayerSpec[] = [];
  if (!live) {
    const kind = rng.float();
    if (kind < 0.15) {
      const s: SideKey = rng.chance(0.55) ? 'away' : 'home';
      const second = kind < 0.1;
      const at = second ? moment(50, 90) : moment(15, 90);
      const key = timeKey(at.half, at.minute, at.stoppage);
      // Someone on the pitch then who is not substituted later.
      const p = rng.weighted(outfieldAt(s, key).filter((x) => x.off === NEVER && (!second || x.on === 0)), (x) => FOULING[x.entry.member.player.role]);
      if (p) {
        const player = p.entry.member.player;
        if (second) {
          const first = moment(5, Math.min(at.minute - 5, 85));
          incidents.push({ type: 'yellow_card', ...first, side: s, player });
          booked.add(player);
        }
        incidents.push({ type: second ? 'second_yellow_card' : 'red_card', ...at, side: s, player });
        p.off = key;
        sentOff.push(player);
      }
    }
  }

  // Goals.
  const lambda = (s: SideKey) => {
    const [mine, theirs] = s === 'home' ? [home, away] : [away, home];
    const base = s === 'home' ? 1.5 : 1.1;
    return base * Math.pow(strength(mine.club) / strength(theirs.club), 1.2);
  };
  const goals: [SideKey, { half: number; minute: number; stoppage: number | null }][] = [];
  if (live) {
    const n = rng.chance(0.5) ? 2 : 1;
    for (let i = 0; i < n; i++) goals.push([rng.chance(lambda('home') / (lambda('home') + lambda('away'))) ? 'home' : 'away', moment(3, untilMinute - 1)]);
  } else {
    for (const s of ['home', 'away'] as const) for (let i = 0, n = Math.min(6, rng.poisson(lambda(s))); i < n; i++) goals.push([s, moment()]);
  }
  for (const [s, at] of goals) {
    const key = timeKey(at.half, at.minute, at.stoppage);
    const r = rng.float();
    if (r < 0.04) {
      // An own goal: a player of the other team, recorded with that team (it counts for `s`).
      const p = rng.weighted(outfieldAt(other(s), key), (x) => (x.entry.member.player.position === 'defender' ? 4 : 1));
      if (p) incidents.push({ type: 'own_goal', ...at, side: other(s), player: p.entry.member.player });
      continue;
    }
    const onPitch = outfieldAt(s, key);
    if (r < 0.13) {
      const taker = [...onPitch].sort((a, b) => SCORING[b.entry.member.player.role] * b.entry.member.player.rating - SCORING[a.entry.member.player.role] * a.entry.member.player.rating)[0];
      if (taker) incidents.push({ type: 'penalty', ...at, side: s, player: taker.entry.member.player });
      continue;
    }
    const scorer = rng.weighted(onPitch, (x) => SCORING[x.entry.member.player.role]);
    if (!scorer) continue;
    const assist = rng.chance(0.8) ? rng.weighted(onAt(s, key).filter((x) => x !== scorer), (x) => CREATING[x.entry.member.player.role]) : undefined;
    incidents.push({ type: 'goal', ...at, side: s, player: scorer.entry.member.player, related: assist?.entry.member.player });
  }

  // Yellow cards: 2–5 in a match (1–2 in a live first half so far).
  const yellows = live ? rng.int(1, 2) : rng.int(2, 5) - booked.size;
  for (let i = 0; i < yellows; i++) {
    const s: SideKey = rng.chance(0.54) ? 'away' : 'home';
    const at = live ? moment(5, untilMinute) : moment(8, 90);
    const key = timeKey(at.half, at.minute, at.stoppage);
    const p = rng.weighted(onAt(s, key).filter((x) => !booked.has(x.entry.member.player)), (x) => FOULING[x.entry.member.player.role]);
    if (!p) continue;
    booked.add(p.entry.member.player);
    incidents.push({ type: 'yellow_card', ...at, side: s, player: p.entry.member.player });
  }

  if (!live) {
    incidents.push({ type: 'half_time', half: 1, minute: 45, stoppage: stoppage1, side: null });
    incidents.push({ type: 'second_half_started', half: 2, minute: 45, stoppage: null, side: null });
    incidents.push({ type: 'match_ended', half: 2, minute: 90, stoppage: stoppage2, side: null });
  }
  // In match order; at the same moment the status incidents come last.
  const order = (i: IncidentSpec) => incidentSortKey(i.type, i.half, i.minute) * 100 + (i.stoppage ?? 0);
  incidents.sort((a, b) => order(a) - order(b) || Number(STATUS_TYPES.has(a.type)) - Number(STATUS_TYPES.has(b.type)));
  return { incidents, sentOff };
}

// ---------------------------------------------------------------------------------------------
// Writing.

/** The Ekstraklasa's order for teams level on points, as the demo competition is configured. */
/** The Ekstraklasa's own order of tiebreakers (see the standings module). */
export const DEMO_TIEBREAKERS = DEFAULT_TIEBREAKERS;

const STAFF_ROLES = ['Pierwszy trener', 'Asystent trenera', 'Trener bramkarzy', 'Fizjoterapeuta', 'Analityk wideo'] as const;
/** Birth years by role. */
const STAFF_BORN: Record<(typeof STAFF_ROLES)[number], [number, number]> = {
  'Pierwszy trener': [1965, 1986],
  'Asystent trenera': [1975, 1992],
  'Trener bramkarzy': [1970, 1988],
  Fizjoterapeuta: [1980, 1997],
  'Analityk wideo': [1988, 2000],
};

class Writer {
  readonly stamp: unknown;
  constructor(
    readonly db: DB,
    readonly dialect: Dialect,
    readonly clientId: number,
    readonly collation: Collation,
  ) {
    this.stamp = toDb(dialect, 'datetime', nowIso());
  }

  row(table: string, values: Values): Values {
    const out: Values = { client_id: this.clientId, created_at: this.stamp, updated_at: this.stamp };
    for (const [k, v] of Object.entries(values)) out[k] = typeof v === 'boolean' ? toDb(this.dialect, 'boolean', v) : v === undefined ? null : v;
    return withShadows(table, out, this.collation);
  }

  /** Multi-row INSERTs of at most 500 rows (and well below SQLite's limit of bound values); returns the `returning` columns in order. */
  async insert(table: string, rows: Values[], returning: string[] = ['id']): Promise<Values[]> {
    if (!rows.length) return [];
    const prepared = rows.map((r) => this.row(table, r));
    const columns = Object.keys(prepared[0]).length;
    const size = Math.max(1, Math.min(500, Math.floor(30_000 / columns)));
    const out: Values[] = [];
    for (let i = 0; i < prepared.length; i += size) {
      const chunk = prepared.slice(i, i + size);
      if (returning.length) out.push(...(await this.db.insertInto(table).values(chunk).returning(returning).execute()));
      else await this.db.insertInto(table).values(chunk).execute();
    }
    return out;
  }
}

async function idOf(q: Promise<{ id: unknown } | undefined>, what: string): Promise<number> {
  const row = await q;
  if (!row) throw new Error(`seedSeason: ${what} not found; seed the clubs and seasons first`);
  return Number(row.id);
}

/**
 * The last played rounds, scheduled but not played yet: `play` writes their lineups, incidents and
 * results (in the caller's transaction) once fans have predicted them before kick-off, and returns
 * their match ids.
 */
export interface HeldBackRounds {
  matchIds: number[];
  play(db: DB): Promise<number[]>;
}

/**
 * Seeds the demo season for one client whose clubs, teams, squads, seasons, competitions, staff
 * roles and transmission providers exist (seedDemo). Runs inside the caller's transaction.
 * `heldBackRounds` of the played rounds are left to be played later (HeldBackRounds); the
 * simulation is the same either way.
 */
export async function seedSeason(
  db: DB,
  dialect: Dialect,
  clientId: number,
  opts: { now?: Date; playedRounds?: number; heldBackRounds?: number } = {},
): Promise<HeldBackRounds> {
  const now = opts.now ?? new Date();
  const cal = demoCalendar(now);
  const w = new Writer(db, dialect, clientId, await clientCollation({ db, dialect, clientId }));
  const startYear = Number(cal.current.name.slice(0, 4));
  const bool = (v: boolean) => toDb(dialect, 'boolean', v);

  // What seedDemo made: seasons, the league, clubs with their venue and squads, roles, broadcasters.
  const currentSeason = await idOf(
    db.selectFrom('seasons').select('id').where('client_id', '=', clientId).where('is_current', '=', bool(true)).executeTakeFirst(),
    'current season',
  );
  const previousSeason = await idOf(
    db.selectFrom('seasons').select('id').where('client_id', '=', clientId).where('name', '=', cal.previous.name).executeTakeFirst(),
    'previous season',
  );
  const competition = await idOf(db.selectFrom('competitions').select('id').where('client_id', '=', clientId).where('code', '=', 'EKS').executeTakeFirst(), 'Ekstraklasa');
  const leagueSeason = (season: number) =>
    idOf(
      db.selectFrom('competition_seasons').select('id').where('client_id', '=', clientId).where('competition_id', '=', competition).where('season_id', '=', season).executeTakeFirst(),
      'Ekstraklasa competition season',
    );
  const currentLeague = await leagueSeason(currentSeason);
  const previousLeague = await leagueSeason(previousSeason);
  const squadRows = await db
    .selectFrom('squads')
    .innerJoin('teams', 'teams.id', 'squads.team_id')
    .innerJoin('clubs', 'clubs.id', 'teams.club_id')
    .select(['squads.id as squad_id', 'squads.season_id', 'clubs.id as club_id', 'clubs.name as club_name', 'clubs.venue_id'])
    .where('squads.client_id', '=', clientId)
    .where('teams.kind', '=', 'first')
    .where('squads.season_id', 'in', [currentSeason, previousSeason])
    .execute();
  const clubs = DEMO_CLUBS.map((c) => {
    const rows = squadRows.filter((r) => r.club_name === c.name);
    const current = rows.find((r) => Number(r.season_id) === currentSeason);
    const previous = rows.find((r) => Number(r.season_id) === previousSeason);
    if (!current || !previous) throw new Error(`seedSeason: squads of ${c.name} not found`);
    return { clubId: Number(current.club_id), venueId: current.venue_id == null ? null : Number(current.venue_id), current: Number(current.squad_id), previous: Number(previous.squad_id) };
  });
  const roleIds = new Map(
    (await db.selectFrom('staff_roles').select(['id', 'name']).where('client_id', '=', clientId).execute()).map((r) => [String(r.name), Number(r.id)]),
  );
  const providers = new Map(
    (await db.selectFrom('transmission_providers').select(['id', 'name']).where('client_id', '=', clientId).execute()).map((r) => [String(r.name), Number(r.id)]),
  );
  const venues = new Map(
    (await db.selectFrom('venues').select(['id', 'capacity']).where('client_id', '=', clientId).execute()).map((r) => [Number(r.id), Number(r.capacity ?? 10000)]),
  );

  // ---- People ------------------------------------------------------------------------------
  const rng = new Rng(seedOf(1));
  const people = new People(rng);
  const dateIn = (year: number, fromMonth: number, fromDay: number, spanDays: number) => isoDay(dayOf(year, fromMonth, fromDay) + rng.int(0, spanDays));

  const squads = clubs.map((club, c) => {
    const roles = SQUAD_ROLES[c % SQUAD_ROLES.length];
    const foreigners = new Set(rng.shuffle(roles.map((_, i) => i)).slice(0, rng.int(5, 9)));
    const players = roles.map((role, i) => people.player(role, foreigners.has(i) ? people.foreignNationality() : 'PL'));
    const shirts = assignShirts(rng, players);
    const captain = [...players].filter((p) => p.role !== 'GK' || rng.chance(0.3)).sort((a, b) => b.rating + (2007 - b.birthYear) * 0.8 - (a.rating + (2007 - a.birthYear) * 0.8))[0];
    const members: Member[] = players.map((p) => ({
      player: p,
      shirt: shirts.get(p)!,
      captain: p === captain,
      joined_on: dateIn(startYear - rng.int(1, 5), 5, 15, 60),
      left_on: null,
    }));
    return { club, members, newcomers: [] as Member[], previous: [] as Member[] };
  });

  // Six newcomers per club this season; two came from other demo clubs, the others from elsewhere.
  const NEWCOMER_GROUPS: Group[] = ['defender', 'midfielder', 'forward', 'defender', 'midfielder', 'forward'];
  const TRANSFER_OFFSETS = [5, 11];
  for (const s of squads) {
    const taken = new Set<Member>();
    for (const group of NEWCOMER_GROUPS) {
      const m = rng.pick(s.members.filter((x) => x.player.position === group && !x.captain && !taken.has(x)));
      taken.add(m);
      m.joined_on = dateIn(startYear, 5, 15, 25);
      s.newcomers.push(m);
    }
  }
  // Careers have their own stream: how far back they go depends on the year, the rest must not.
  const careerRng = new Rng(seedOf(7));
  const careers: Career[] = [];
  const careerYears = (p: PlayerSpec, until: number) => {
    const end = until;
    const start = Math.max(p.birthYear + 17, end - careerRng.int(1, 3));
    return { start_year: Math.min(start, end), end_year: end };
  };
  const careerStats = (p: PlayerSpec, years: number) => {
    const appearances = years * careerRng.int(8, 30);
    const rate = { goalkeeper: 0, defender: 0.04, midfielder: 0.1, forward: 0.3 }[p.position];
    return { appearances, goals: Math.round(appearances * rate * (0.5 + careerRng.float())) };
  };
  const leftPrevious = `${startYear}-06-30`;
  squads.forEach((s, c) => {
    const newcomers = new Set(s.newcomers);
    // Last season's squad: everyone but the newcomers, with the same numbers …
    s.previous = s.members.filter((m) => !newcomers.has(m)).map((m) => ({ ...m, captain: m.captain }));
    // … and six who left, wearing the newcomers' numbers.
    s.newcomers.forEach((n, j) => {
      const transfer = j < TRANSFER_OFFSETS.length;
      let player: PlayerSpec;
      if (transfer) {
        const from = (c - TRANSFER_OFFSETS[j] + squads.length) % squads.length;
        player = squads[from].newcomers[j].player; // plays for `from` now, played here last season
        const joined = Number(squads[from].newcomers[j].joined_on.slice(0, 4));
        const years = careerYears(player, joined);
        careers.push({ player, club_id: s.club.clubId, club_name: null, ...years, ...careerStats(player, years.end_year - years.start_year + 1), is_loan: false });
      } else {
        player = people.player(n.player.role, rng.chance(0.25) ? people.foreignNationality() : 'PL');
      }
      s.previous.push({ player, shirt: n.shirt, captain: false, joined_on: dateIn(startYear - rng.int(1, 4), 5, 15, 60), left_on: leftPrevious });
    });
  });

  // Earlier careers: the newcomers from outside, and about a third of everyone else.
  const allPlayers = new Map<PlayerSpec, Member>();
  for (const s of squads) for (const m of [...s.members, ...s.previous]) if (!allPlayers.has(m.player)) allPlayers.set(m.player, m);
  const transferred = new Set(careers.map((x) => x.player));
  const elsewhere = (p: PlayerSpec, c: number): { club_id: number | null; club_name: string | null } => {
    if (p.nationality !== 'PL' && careerRng.chance(0.8)) return { club_id: null, club_name: careerRng.pick(FOREIGN_POOLS[p.nationality].clubs) };
    if (careerRng.chance(0.3)) return { club_id: clubs[(c + careerRng.int(1, clubs.length - 1)) % clubs.length].clubId, club_name: null };
    return { club_id: null, club_name: careerRng.pick(POLISH_CLUBS) };
  };
  const withCareer = new Set<PlayerSpec>(transferred);
  squads.forEach((s, c) => {
    for (const m of [...s.newcomers, ...s.members, ...s.previous]) {
      if (withCareer.has(m.player)) continue;
      withCareer.add(m.player);
      const fresh = s.newcomers.includes(m);
      if (!fresh && !careerRng.chance(0.35)) continue;
      let until = Number(m.joined_on.slice(0, 4));
      for (let k = 0, n = fresh ? careerRng.int(1, 2) : careerRng.int(1, 3); k < n && until > m.player.birthYear + 17; k++) {
        const years = careerYears(m.player, until);
        careers.push({ player: m.player, ...elsewhere(m.player, c), ...years, ...careerStats(m.player, years.end_year - years.start_year + 1), is_loan: careerRng.chance(0.15) });
        until = years.start_year - (careerRng.chance(0.7) ? 0 : 1);
      }
    }
  });

  const playerList = [...allPlayers.keys()];
  const insertedPlayers = await w.insert(
    'players',
    playerList.map((p) => ({
      first_name: p.first_name, last_name: p.last_name, nickname: null, birth_date: p.birth_date, nationality: p.nationality,
      second_nationality: p.second_nationality, position: p.position, height_cm: p.height_cm, weight_kg: p.weight_kg,
      preferred_foot: p.preferred_foot, biography: null, external_ids: null, image_id: null,
    })),
    ['id', 'first_name', 'last_name'],
  );
  const byName = new Map(insertedPlayers.map((r) => [`${r.first_name}|${r.last_name}`, Number(r.id)]));
  for (const p of playerList) p.id = byName.get(`${p.first_name}|${p.last_name}`)!;

  const squadPlayerRows: Values[] = [];
  squads.forEach((s) => {
    for (const [squadId, members] of [[s.club.current, s.members], [s.club.previous, s.previous]] as const)
      for (const m of members)
        squadPlayerRows.push({ squad_id: squadId, player_id: m.player.id, shirt_number: m.shirt, position: m.player.position, is_captain: m.captain, joined_on: m.joined_on, left_on: m.left_on });
  });
  await w.insert('squad_players', squadPlayerRows, []);
  await w.insert(
    'career_clubs',
    careers.map((x) => ({
      player_id: x.player.id, club_id: x.club_id, club_name: x.club_name, start_year: x.start_year, end_year: x.end_year,
      appearances: x.appearances, goals: x.goals, is_loan: x.is_loan,
    })),
    [],
  );

  // Staff: five a club; four clubs changed their head coach over the summer.
  const staffLinks: { squad: number; staff: StaffSpec; role: string; since: string }[] = [];
  const staffList: StaffSpec[] = [];
  clubs.forEach((club, c) => {
    for (const role of STAFF_ROLES) {
      const head = role === 'Pierwszy trener';
      const nationality = head ? (rng.chance(0.3) ? rng.pick(['ES', 'PT', 'SK', 'CZ', 'HR', 'SI', 'NO']) : 'PL') : rng.chance(0.08) ? rng.pick(['ES', 'PT', 'SK', 'CZ']) : 'PL';
      const female = !head && (role === 'Fizjoterapeuta' || role === 'Analityk wideo') && nationality === 'PL' && rng.chance(0.3);
      const staff = people.staff(...STAFF_BORN[role], nationality, female);
      staffList.push(staff);
      const newCoach = head && c % 5 === 2;
      const since = newCoach ? dateIn(startYear, 5, 1, 40) : dateIn(startYear - rng.int(1, 3), 5, 1, 60);
      staffLinks.push({ squad: club.current, staff, role, since });
      if (newCoach) {
        const before = people.staff(...STAFF_BORN[role], rng.chance(0.7) ? 'PL' : 'SK', false);
        staffList.push(before);
        staffLinks.push({ squad: club.previous, staff: before, role, since: dateIn(startYear - rng.int(2, 3), 5, 1, 60) });
      } else staffLinks.push({ squad: club.previous, staff, role, since });
    }
  });
  const insertedStaff = await w.insert(
    'staff_members',
    staffList.map((p) => ({ first_name: p.first_name, last_name: p.last_name, birth_date: p.birth_date, nationality: p.nationality, biography: null, image_id: null })),
    ['id', 'first_name', 'last_name'],
  );
  const staffIds = new Map(insertedStaff.map((r) => [`${r.first_name}|${r.last_name}`, Number(r.id)]));
  await w.insert(
    'squad_staff_members',
    staffLinks.map((l) => ({
      squad_id: l.squad,
      staff_member_id: staffIds.get(`${l.staff.first_name}|${l.staff.last_name}`)!,
      staff_role_id: roleIds.get(l.role) ?? null,
      since: l.since,
    })),
    [],
  );

  // ---- The league season -------------------------------------------------------------------
  await w.insert(
    'competition_season_squads',
    [...clubs.map((c) => ({ competition_season_id: currentLeague, squad_id: c.current })), ...clubs.map((c) => ({ competition_season_id: previousLeague, squad_id: c.previous }))],
    [],
  );
  const [stage] = await w.insert('stages', [
    { name: 'Runda zasadnicza', kind: 'league', display_order: 1, start_date: null, end_date: null, competition_season_id: currentLeague },
  ]);
  const stageId = Number(stage.id);
  const [group] = await w.insert('groups', [{ name: 'Tabela', display_order: 1, promotion_places: 1, relegation_places: 3, stage_id: stageId }]);
  const groupId = Number(group.id);

  // Fixtures: made by the fixture generator (issue 26), as a competitions manager makes them: a
  // double round robin by Berger tables, the second half mirrored, home and away balanced, clubs
  // sharing a stadium never both at home. The demo keeps its own calendar and kickoffs (below:
  // rounds 1–17 played, one match live now); the generator's own kickoffs are not used.
  const fixturePlan = generateFixtures({
    clubs: clubs.map((c, i) => ({ id: String(i), name: DEMO_CLUBS[i].name, venueId: c.venueId == null ? null : String(c.venueId) })),
    format: 'double',
    secondHalf: 'mirrored',
    fixed: [],
    dates: { kind: 'list', dates: cal.blocks.map((b) => isoDay(b.day)) },
    slots: [{ weekday: 6, minutes: 15 * 60 }],
    seed: seedOf(2),
  });
  const rounds = fixturePlan.rounds.map((r) => r.matches.map((m): [number, number] => [Number(m.home), Number(m.away)]));
  const lastKickoff = new Map<number, number>();
  const kickoffs: number[][] = rounds.map((round, r) => {
    const block = cal.blocks[r];
    let times: number[];
    if (block.kind === 'live') {
      const liveIndex = round.findIndex(([h, a]) => h === 0 || a === 0);
      const rest = new Rng(seedOf(3, r)).shuffle(cal.upcoming);
      times = round.map((_, i) => (i === liveIndex ? cal.live : rest.pop()!));
    } else {
      const slots = new Rng(seedOf(3, r)).shuffle(blockSlots(block));
      times = round.map((_, i) => slots[i]);
    }
    // Two days' rest at least: swap kickoffs when a team would play again too soon.
    const tooSoon = (i: number, t: number) => round[i].some((team) => t - (lastKickoff.get(team) ?? -Infinity) < 44 * 3_600_000);
    for (let i = 0; i < round.length; i++) {
      if (!tooSoon(i, times[i]) || (block.kind === 'live' && times[i] === cal.live)) continue;
      for (let j = 0; j < round.length; j++) {
        if (j === i || (block.kind === 'live' && times[j] === cal.live)) continue;
        if (!tooSoon(i, times[j]) && !tooSoon(j, times[i])) {
          [times[i], times[j]] = [times[j], times[i]];
          break;
        }
      }
    }
    round.forEach(([h, a], i) => {
      lastKickoff.set(h, times[i]);
      lastKickoff.set(a, times[i]);
    });
    return times;
  });

  const roundRows = rounds.map((_, r) => {
    const days = kickoffs[r].map(localDayOf);
    return { name: `${r + 1}. kolejka`, number: r + 1, start_date: isoDay(Math.min(...days)), end_date: isoDay(Math.max(...days)), stage_id: stageId };
  });
  const roundIds = (await w.insert('rounds', roundRows)).map((x) => Number(x.id));
  await db
    .updateTable('stages')
    .set({ start_date: roundRows[0].start_date, end_date: roundRows.at(-1)!.end_date })
    .where('id', '=', stageId)
    .execute();

  // Referees: invented names.
  const refRng = new Rng(seedOf(4));
  const refPeople = new People(refRng);
  const referees = Array.from({ length: 14 }, () => {
    const n = refPeople.name('PL');
    return `${n.first_name} ${n.last_name}`;
  });

  // Play rounds 1–17 and the first half hour of the live match (all 34 rounds when asked, with no live match).
  const LIVE_ROUND = Math.min(34, Math.max(0, opts.playedRounds ?? 17));
  const heldBack = Math.min(LIVE_ROUND, Math.max(0, opts.heldBackRounds ?? 0));
  const held = new Set<number>();
  const suspended = new Map<PlayerSpec, number>();
  const matchRows: Values[] = [];
  let liveMatch = -1;
  const matchIncidents: IncidentSpec[][] = [];
  const matchSheets: (Record<SideKey, TeamSheet> | null)[] = [];
  const sides: [Side, Side][] = [];
  rounds.forEach((round, r) => {
    round.forEach(([h, a], i) => {
      const home: Side = { club: h, squadId: clubs[h].current, members: squads[h].members };
      const away: Side = { club: a, squadId: clubs[a].current, members: squads[a].members };
      const kickoff = kickoffs[r][i];
      const isLive = r === LIVE_ROUND && kickoff === cal.live;
      if (r < LIVE_ROUND && r >= LIVE_ROUND - heldBack) held.add(matchRows.length);
      if (isLive) liveMatch = matchRows.length;
      const played = r < LIVE_ROUND || isLive;
      const mrng = new Rng(seedOf(5, r, i));
      let sheets: Record<SideKey, TeamSheet> | null = null;
      let incidents: IncidentSpec[] = [];
      if (played) {
        const sheet = (s: Side) => {
          const [usual, alternative] = CLUB_FORMATIONS[s.club % CLUB_FORMATIONS.length];
          const out = new Set([...suspended].filter(([, n]) => n > 0).map(([p]) => p));
          return pickLineup(mrng, s, mrng.chance(0.8) ? usual : alternative, out);
        };
        sheets = { home: sheet(home), away: sheet(away) };
        for (const m of [...home.members, ...away.members]) if (suspended.get(m.player)) suspended.set(m.player, suspended.get(m.player)! - 1);
        const sim = simulate(mrng, home, away, sheets, isLive ? 33 : undefined);
        incidents = sim.incidents;
        for (const p of sim.sentOff) suspended.set(p, 1);
      }
      matchIncidents.push(incidents);
      matchSheets.push(sheets);
      sides.push([home, away]);
      const capacity = clubs[h].venueId == null ? 10000 : (venues.get(clubs[h].venueId) ?? 10000);
      matchRows.push({
        kickoff_at: toDb(dialect, 'datetime', new Date(kickoff).toISOString()),
        home_formation: sheets?.home.formation ?? null,
        away_formation: sheets?.away.formation ?? null,
        attendance: played ? Math.round(capacity * (0.45 + 0.53 * mrng.float())) : null,
        referee: r <= LIVE_ROUND ? referees[(r * 9 + i * 5) % referees.length] : null,
        round_id: roundIds[r],
        group_id: groupId,
        home_squad_id: home.squadId,
        away_squad_id: away.squadId,
        venue_id: clubs[h].venueId,
      });
    });
  });

  // Incident rows with the derived columns, and the match state they give.
  const incidentRows: Values[][] = matchIncidents.map((list, m) => {
    const [home, away] = sides[m];
    return list.map((x) => {
      const squadId = x.side === null ? null : x.side === 'home' ? home.squadId : away.squadId;
      const [from, to] = HALF_MINUTES[x.half];
      if (x.minute < from || x.minute > to || (x.stoppage != null && x.minute !== to) || STATUS_TYPES.has(x.type) !== (squadId === null))
        throw new Error(`seedSeason: generated an impossible incident ${JSON.stringify({ ...x, player: undefined, related: undefined })}`);
      return {
        incident_type: x.type,
        occurrence_half: x.half,
        occurrence_minute: x.minute,
        stoppage_minute: x.stoppage,
        component_kind: null,
        description: null,
        squad_id: squadId,
        player_id: x.player?.id ?? null,
        related_player_id: x.related?.id ?? null,
        home_squad: squadId === null ? null : squadId === home.squadId,
        own_goal: x.type === 'own_goal',
        section: incidentSection(x.type, null),
        sort_key: incidentSortKey(x.type, x.half, x.minute),
      };
    });
  });
  matchRows.forEach((row, m) => Object.assign(row, matchStateFrom(incidentRows[m], Number(row.home_squad_id), Number(row.away_squad_id))));
  // Held-back matches are inserted as scheduled; what their play gives waits in `played`.
  const played = new Map<number, Values>();
  for (const m of held) {
    const row = matchRows[m];
    played.set(m, { ...row });
    Object.assign(row, matchStateFrom([], Number(row.home_squad_id), Number(row.away_squad_id)), { home_formation: null, away_formation: null, attendance: null });
  }

  const inserted = await w.insert('matches', matchRows, ['id', 'home_squad_id', 'away_squad_id']);
  const matchIds = new Map(inserted.map((x) => [`${x.home_squad_id}-${x.away_squad_id}`, Number(x.id)]));
  const matchIdOf = (m: number) => matchIds.get(`${matchRows[m].home_squad_id}-${matchRows[m].away_squad_id}`)!;

  // Broadcasts: Canal+ everywhere, TVP Sport one match a round, Canal+ Online for most.
  const transmissionRows: Values[] = [];
  const tvRng = new Rng(seedOf(6));
  matchRows.forEach((_, m) => {
    const r = Math.floor(m / 9);
    const names = m % 9 === (r * 4) % 9 ? ['TVP Sport', 'Canal+ Sport'] : tvRng.chance(0.6) ? ['Canal+ Sport', 'Canal+ Online'] : ['Canal+ Sport'];
    for (const name of names) if (providers.has(name)) transmissionRows.push({ match_id: matchIdOf(m), transmission_provider_id: providers.get(name) });
  });
  await w.insert('match_transmissions', transmissionRows, []);

  const lineupsOf = (m: number): Values[] => {
    const sheets = matchSheets[m];
    if (!sheets) return [];
    const rows: Values[] = [];
    const [home, away] = sides[m];
    for (const [side, sheet] of [[home, sheets.home], [away, sheets.away]] as const)
      for (const l of sheet.lineup)
        rows.push({
          match_id: matchIdOf(m), squad_id: side.squadId, player_id: l.member.player.id, is_starting: l.starting, position: l.position,
          shirt_number: l.member.shirt, is_captain: l.captain, formation_place: l.place,
        });
    return rows;
  };
  await w.insert('lineups', matchSheets.flatMap((_, m) => (held.has(m) ? [] : lineupsOf(m))), []);
  const incidentsOf = (m: number): Values[] => incidentRows[m].map((row) => ({ ...row, match_id: matchIdOf(m) }));
  await w.insert('incidents', incidentRows.flatMap((_, m) => (m === liveMatch || held.has(m) ? [] : incidentsOf(m))), []);
  if (liveMatch >= 0) {
    // The live match's incidents come with their history, as its operator typed them in: a fresh
    // install's dashboard shows what is going on today.
    const rows = incidentsOf(liveMatch);
    const ids = await w.insert('incidents', rows);
    const model = modelOf('incidents');
    await w.insert(
      'audit_events',
      rows.map((row, k) => {
        const minutes = Number(row.occurrence_minute) + Number(row.stoppage_minute ?? 0);
        return {
          action: 'create',
          resource_type: 'incidents',
          resource_id: String(ids[k].id),
          actor: 'operator',
          changes: JSON.stringify(creationChanges(model, row)),
          occurred_at: toDb(dialect, 'datetime', new Date(cal.live + minutes * 60_000 + 25_000).toISOString()),
        };
      }),
      [],
    );
  }

  // A point taken off one team by the licensing committee.
  await w.insert(
    'point_deductions',
    [{ points: 1, reason: 'Zaległości finansowe — decyzja Komisji Licencyjnej', decided_on: roundRows[8].start_date, group_id: groupId, squad_id: clubs[clubs.length - 1].current }],
    [],
  );

  const heldIds = [...held].map(matchIdOf);
  return {
    matchIds: heldIds,
    async play(into: DB) {
      const later = new Writer(into, dialect, clientId, w.collation);
      for (const [m, row] of played) {
        const { home_formation, away_formation, attendance, ...state } = row;
        const result = matchStateFrom(incidentRows[m], Number(row.home_squad_id), Number(row.away_squad_id));
        await into
          .updateTable('matches')
          .set({ home_formation, away_formation, attendance, ...Object.fromEntries(Object.keys(result).map((k) => [k, state[k]])), updated_at: later.stamp })
          .where('id', '=', matchIdOf(m))
          .execute();
      }
      await later.insert('lineups', [...held].flatMap(lineupsOf), []);
      await later.insert('incidents', [...held].flatMap(incidentsOf), []);
      return heldIds;
    },
  };
}
