import { formatKickoffSlot, parseKickoffSlot, WEEKDAY_CODES, type FixtureCheckId } from '@umpire/schema/fixtures/generator';

/** The form of the generator screen. */
export interface GeneratorForm {
  squads: string[];
  format: 'single' | 'double';
  secondHalf: 'mirrored' | 'shifted';
  dates: 'cadence' | 'list';
  startDate: string;
  cadenceDays: number;
  skipDates: string[];
  /** One date a line. */
  roundDates: string;
  slots: string[];
  fixed: { home: string; away: string; round: number | '' }[];
  seed: number;
  roundName: string;
}

/** The request's attributes (POST /groups/{id}/fixtures[/preview]). */
export interface PlanRequestAttributes {
  squads: string[];
  format: string;
  second_half: string;
  start_date?: string;
  cadence_days?: number;
  skip_dates?: string[];
  round_dates?: string[];
  kickoff_slots: string[];
  fixed_pairings: { home: string; away: string; round: number | null }[];
  seed: number;
  round_name: string;
  preview_digest?: string;
}

export interface PlanConflict {
  squads: string[];
  rounds: number[];
  home?: number;
  away?: number;
  side?: 'home' | 'away';
  venue?: string;
  hours?: number;
  met_in_round?: number | null;
}

export interface PlanCheck {
  id: FixtureCheckId;
  status: 'held' | 'violated' | 'not_applicable';
  unavoidable?: boolean;
  conflicts: PlanConflict[];
}

export interface PlanMatch {
  home_squad: string;
  away_squad: string;
  kickoff_at: string;
  venue: string | null;
}

export interface PlanRound {
  number: number;
  name: string;
  date: string;
  start_date: string;
  end_date: string;
  existing_round: string | null;
  bye: string | null;
  matches: PlanMatch[];
}

export interface FixturePlanAttributes {
  format: string;
  second_half: string;
  shift: number | null;
  round_count: number;
  match_count: number;
  existing_matches: number;
  digest: string;
  clubs: { squad: string; name: string; squad_name: string; venue: string | null; pattern: string }[];
  shared_stadiums: { venue: string; squads: string[] }[];
  rounds: PlanRound[];
  checks: PlanCheck[];
}

export const DEFAULT_SLOTS = ['Fri 20:30', 'Sat 15:00', 'Sat 17:30', 'Sat 20:00', 'Sun 12:30', 'Sun 15:00', 'Sun 17:30', 'Mon 19:00'];
export const WEEKDAYS = WEEKDAY_CODES;

/** The next Friday from a day (the usual first day of a league round). */
export function nextFriday(from = new Date()): string {
  const d = new Date(Date.UTC(from.getFullYear(), from.getMonth(), from.getDate()));
  d.setUTCDate(d.getUTCDate() + ((5 - d.getUTCDay() + 7) % 7 || 7));
  return d.toISOString().slice(0, 10);
}

/** A slot as typed (weekday and time) in the API's form, or null when it does not read. */
export function slotOf(weekday: string, time: string): string | null {
  const slot = parseKickoffSlot(`${weekday} ${time}`);
  return slot ? formatKickoffSlot(slot) : null;
}

/** Slots in weekly order, each once. */
export function addSlot(slots: string[], slot: string): string[] {
  if (slots.includes(slot)) return slots;
  const key = (s: string) => {
    const p = parseKickoffSlot(s);
    return p ? p.weekday * 1440 + p.minutes : 0;
  };
  return [...slots, slot].sort((a, b) => key(a) - key(b));
}

/** A round date as the API takes it (yyyy-MM-dd), typed in the league's format (dd.MM.yyyy) or the API's. */
export function roundDateOf(typed: string): string {
  const m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(typed);
  return m ? `${m[3]}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}` : typed;
}

/** A stored day (yyyy-MM-dd) in the league's format (dd.MM.yyyy). */
export function leagueDayOf(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : day;
}

export function requestOf(form: GeneratorForm, digest?: string): PlanRequestAttributes {
  return {
    squads: form.squads,
    format: form.format,
    second_half: form.secondHalf,
    ...(form.dates === 'cadence'
      ? { start_date: form.startDate, cadence_days: form.cadenceDays, skip_dates: form.skipDates }
      : { round_dates: form.roundDates.split(/[\s,;]+/).filter(Boolean).map(roundDateOf) }),
    kickoff_slots: form.slots,
    fixed_pairings: form.fixed.map((f) => ({ home: f.home, away: f.away, round: f.round === '' ? null : f.round })),
    seed: form.seed,
    round_name: form.roundName,
    ...(digest ? { preview_digest: digest } : {}),
  };
}

/** Which form field an error pointer is about: `kickoff_slots`, `fixed_pairings.1.round`… */
export function fieldOfPointer(pointer: string | undefined): string | null {
  const m = /^\/data\/attributes\/(.+)$/.exec(pointer ?? '');
  return m ? m[1].split('/').join('.') : null;
}

/** Rounds of a season of `clubs` clubs. */
export const roundsOf = (clubs: number, format: 'single' | 'double') => (clubs < 2 ? 0 : (clubs % 2 ? clubs : clubs - 1) * (format === 'double' ? 2 : 1));

/** Runs of three or more equal letters in a pattern (H/A, byes skipped), as index sets. */
export function runCells(pattern: string): Set<number> {
  const out = new Set<number>();
  const played = [...pattern].map((x, i) => ({ x, i })).filter((p) => p.x !== '-');
  for (let i = 0; i + 2 < played.length; i++)
    if (played[i].x === played[i + 1].x && played[i + 1].x === played[i + 2].x) for (const p of played.slice(i, i + 3)) out.add(p.i);
  return out;
}
