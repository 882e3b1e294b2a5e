import { leagueDateOf } from '@umpire/schema';

/** A match as the schedule checks see it: when, where, and which clubs play. */
export interface ScheduledMatch {
  id: string;
  kickoff_at: string;
  status: string;
  venue: string | null;
  venue_name: string | null;
  clubs: { id: string; name: string }[];
}

/**
 * Something a competitions manager should see before applying a new schedule. Conflicts do not
 * refuse the change (a club's first team and its reserves may share a day on purpose): they are
 * named in the preview and in the answer.
 * - `club_same_day`: a club plays two matches on one day (the league's calendar day, Warsaw).
 * - `venue_same_time`: two matches at one venue less than VENUE_GAP_MINUTES apart.
 */
export interface ScheduleConflict {
  kind: 'club_same_day' | 'venue_same_time';
  matches: string[];
  club?: { id: string; name: string };
  venue?: { id: string; name: string | null };
  date?: string;
}

/** A match with its turnaround: another one at the same venue within this time clashes. */
export const VENUE_GAP_MINUTES = 180;
/** Matches that will not be played on their date take no day nor slot. */
const OFF = new Set(['postponed', 'cancelled']);

/**
 * The conflicts among `all` (the changed matches and the others around their dates) that involve
 * at least one of `changed`, each named once, in a stable order.
 */
export function findConflicts(all: ScheduledMatch[], changed: ReadonlySet<string>): ScheduleConflict[] {
  const playing = all.filter((m) => !OFF.has(m.status));
  const out: ScheduleConflict[] = [];
  const byClubDay = new Map<string, { club: { id: string; name: string }; date: string; ids: string[] }>();
  for (const m of playing) {
    const date = leagueDateOf(new Date(m.kickoff_at));
    for (const club of m.clubs) {
      const key = `${club.id}|${date}`;
      const entry = byClubDay.get(key) ?? { club, date, ids: [] };
      if (!entry.ids.includes(m.id)) entry.ids.push(m.id);
      byClubDay.set(key, entry);
    }
  }
  for (const { club, date, ids } of byClubDay.values())
    if (ids.length > 1 && ids.some((id) => changed.has(id))) out.push({ kind: 'club_same_day', club, date, matches: sortIds(ids) });

  const byVenue = new Map<string, ScheduledMatch[]>();
  for (const m of playing) if (m.venue) byVenue.set(m.venue, [...(byVenue.get(m.venue) ?? []), m]);
  for (const [venue, list] of byVenue) {
    const sorted = [...list].sort((a, b) => Date.parse(a.kickoff_at) - Date.parse(b.kickoff_at) || Number(a.id) - Number(b.id));
    for (let i = 0; i < sorted.length; i++)
      for (let j = i + 1; j < sorted.length; j++) {
        const gap = (Date.parse(sorted[j].kickoff_at) - Date.parse(sorted[i].kickoff_at)) / 60_000;
        if (gap >= VENUE_GAP_MINUTES) break;
        if (!changed.has(sorted[i].id) && !changed.has(sorted[j].id)) continue;
        out.push({ kind: 'venue_same_time', venue: { id: venue, name: sorted[i].venue_name }, date: leagueDateOf(new Date(sorted[i].kickoff_at)), matches: sortIds([sorted[i].id, sorted[j].id]) });
      }
  }
  return out.sort((a, b) => (a.date ?? '').localeCompare(b.date ?? '') || a.kind.localeCompare(b.kind) || Number(a.matches[0]) - Number(b.matches[0]));
}

const sortIds = (ids: string[]) => [...ids].sort((a, b) => Number(a) - Number(b));
