/**
 * Rescheduling matches (issue 26): the shift and the time of day a bulk edit applies to each
 * selected match's kickoff, in the league's time zone, so "+1 week" keeps 18:00 on both sides of a
 * change to summer time and "20:30" means 20:30 in Warsaw. Shared by the server (which applies
 * them) and the admin (which checks what is typed before asking the server for a preview).
 */
export const LEAGUE_TIME_ZONE = 'Europe/Warsaw';
/** The most matches one bulk edit or postponement changes (a whole season's round fits many times). */
export const MAX_BULK_MATCHES = 500;

/** `+2 days`, `-1 week`, `+90 minutes`, `+3 hours`; a sign is required. */
export const KICKOFF_SHIFT_PATTERN = /^([+-])\s*(\d{1,4})\s*(minute|minutes|min|hour|hours|h|day|days|d|week|weeks|w)$/i;
/** A time of day, `HH:MM` (24 hours). */
export const KICKOFF_TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;
/** A calendar date, `YYYY-MM-DD`. */
export const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface KickoffShift {
  /** Whole minutes, moved on the clock (across a change of time they stay minutes). */
  minutes: number;
  /** Calendar days, keeping the time of day in the league's zone. */
  days: number;
}

/** A shift as typed, or null when it is not one. */
export function parseKickoffShift(text: string): KickoffShift | null {
  const m = KICKOFF_SHIFT_PATTERN.exec(text.trim());
  if (!m) return null;
  const n = Number(m[2]) * (m[1] === '-' ? -1 : 1);
  const unit = m[3].toLowerCase();
  if (unit.startsWith('min')) return { minutes: n, days: 0 };
  if (unit.startsWith('h')) return { minutes: n * 60, days: 0 };
  if (unit.startsWith('d')) return { minutes: 0, days: n };
  return { minutes: 0, days: 7 * n };
}

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function wallTimeOf(at: Date, timeZone: string): WallTime {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formatters.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(at).map((p) => [p.type, p.value]));
  return { year: +parts.year, month: +parts.month, day: +parts.day, hour: +parts.hour, minute: +parts.minute, second: +parts.second };
}

/** The instant a wall time of the zone names (the earlier one when the clock goes back, the later hour when it skips one). */
export function zonedInstant(wall: WallTime, timeZone = LEAGUE_TIME_ZONE): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  let guess = asUtc;
  // Two rounds settle the zone's offset at that instant.
  for (let i = 0; i < 2; i++) {
    const w = wallTimeOf(new Date(guess), timeZone);
    const seen = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
    guess += asUtc - seen;
  }
  return new Date(guess);
}

/** The calendar date of an instant in the league's zone, `YYYY-MM-DD`. */
export function leagueDateOf(at: Date, timeZone = LEAGUE_TIME_ZONE): string {
  const w = wallTimeOf(at, timeZone);
  return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

/** A kickoff moved by a shift, then set to a time of day (either may be absent), in the league's zone. */
export function rescheduleKickoff(kickoff: Date, change: { shift?: KickoffShift | null; time?: string | null; date?: string | null }, timeZone = LEAGUE_TIME_ZONE): Date {
  let at = kickoff;
  if (change.shift?.minutes) at = new Date(at.getTime() + change.shift.minutes * 60_000);
  if (change.shift?.days || change.time || change.date) {
    const w = wallTimeOf(at, timeZone);
    if (change.date) {
      const d = DATE_PATTERN.exec(change.date);
      if (d) Object.assign(w, { year: +d[1], month: +d[2], day: +d[3] });
    }
    if (change.shift?.days) {
      const moved = new Date(Date.UTC(w.year, w.month - 1, w.day + change.shift.days));
      Object.assign(w, { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() });
    }
    const t = change.time ? KICKOFF_TIME_PATTERN.exec(change.time) : null;
    if (t) Object.assign(w, { hour: +t[1], minute: +t[2], second: 0 });
    at = zonedInstant(w, timeZone);
  }
  return at;
}

/** Whether a `YYYY-MM-DD` names a day that exists. */
export function isCalendarDate(text: string): boolean {
  const d = DATE_PATTERN.exec(text);
  if (!d) return false;
  const at = new Date(Date.UTC(+d[1], +d[2] - 1, +d[3]));
  return at.getUTCFullYear() === +d[1] && at.getUTCMonth() === +d[2] - 1 && at.getUTCDate() === +d[3];
}
