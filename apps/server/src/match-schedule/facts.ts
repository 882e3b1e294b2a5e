import type { ReadContext, Row } from '../jsonapi/read';
import { fromDb } from '../db/values';
import type { ScheduledMatch } from './conflicts';

/** What a preview row and a notification say about a match: its clubs, venue and round by name. */
export interface MatchFacts extends ScheduledMatch {
  round: string;
  round_name: string;
  home: { id: string; name: string } | null;
  away: { id: string; name: string } | null;
}

const ref = (id: unknown) => (id == null ? null : String(id));

/** The facts of matches rows (one query per kind of name, never one per match). */
export async function factsOf(ctx: ReadContext, rows: Row[]): Promise<Map<string, MatchFacts>> {
  const out = new Map<string, MatchFacts>();
  if (!rows.length) return out;
  const squadIds = [...new Set(rows.flatMap((r) => [Number(r.home_squad_id), Number(r.away_squad_id)]))];
  const venueIds = [...new Set(rows.map((r) => r.venue_id).filter((v) => v != null).map(Number))];
  const roundIds = [...new Set(rows.map((r) => Number(r.round_id)))];
  const [clubs, venues, rounds] = await Promise.all([
    ctx.db
      .selectFrom('squads as s')
      .innerJoin('teams as t', 't.id', 's.team_id')
      .innerJoin('clubs as c', 'c.id', 't.club_id')
      .select(['s.id as squad_id', 'c.id as club_id', 'c.name as club_name'])
      .where('s.client_id', '=', ctx.clientId)
      .where('s.id', 'in', squadIds)
      .execute(),
    venueIds.length ? ctx.db.selectFrom('venues').select(['id', 'name']).where('client_id', '=', ctx.clientId).where('id', 'in', venueIds).execute() : [],
    ctx.db.selectFrom('rounds').select(['id', 'name']).where('client_id', '=', ctx.clientId).where('id', 'in', roundIds).execute(),
  ]);
  const clubOf = new Map(clubs.map((c) => [String(c.squad_id), { id: String(c.club_id), name: String(c.club_name) }]));
  const venueName = new Map(venues.map((v) => [String(v.id), String(v.name)]));
  const roundName = new Map(rounds.map((r) => [String(r.id), String(r.name)]));
  for (const r of rows) {
    const home = clubOf.get(String(r.home_squad_id)) ?? null;
    const away = clubOf.get(String(r.away_squad_id)) ?? null;
    const venue = ref(r.venue_id);
    out.set(String(r.id), {
      id: String(r.id),
      kickoff_at: new Date(String(fromDb('datetime', r.kickoff_at))).toISOString(),
      status: String(r.status),
      venue,
      venue_name: venue ? (venueName.get(venue) ?? null) : null,
      round: String(r.round_id),
      round_name: roundName.get(String(r.round_id)) ?? '',
      home,
      away,
      clubs: [home, away].filter((c): c is { id: string; name: string } => c !== null),
    });
  }
  return out;
}
