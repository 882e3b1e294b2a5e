import type { ReadContext, Row } from '../jsonapi/read';
import { fromDb } from '../db/values';
import type { StatsMatch } from './statistics';

/**
 * Matches with their incidents and lineups in three queries, shaped for the statistics module: of
 * each only the columns the statistics read (a season's statement reads every played match's).
 */
export async function loadStatsMatches(ctx: ReadContext, matches: Row[]): Promise<StatsMatch[]> {
  const ids = matches.map((m) => m.id as number);
  if (!ids.length) return [];
  const [incidents, lineups] = await Promise.all([
    ctx.db
      .selectFrom('incidents')
      .select(['match_id', 'incident_type', 'occurrence_half', 'occurrence_minute', 'stoppage_minute', 'squad_id', 'player_id', 'related_player_id'])
      .where('client_id', '=', ctx.clientId)
      .where('match_id', 'in', ids)
      .execute(),
    ctx.db.selectFrom('lineups').select(['match_id', 'squad_id', 'player_id', 'is_starting', 'position']).where('client_id', '=', ctx.clientId).where('match_id', 'in', ids).execute(),
  ]);
  const str = (v: unknown) => (v == null ? null : String(v));
  const byMatch = <T extends Row>(rows: T[]) => {
    const map = new Map<unknown, T[]>();
    for (const r of rows) {
      const of = map.get(r.match_id);
      if (of) of.push(r);
      else map.set(r.match_id, [r]);
    }
    return map;
  };
  const incidentsOf = byMatch(incidents);
  const lineupsOf = byMatch(lineups);
  return matches.map((m) => ({
    id: String(m.id),
    status: String(m.status),
    home: String(m.home_squad_id),
    away: String(m.away_squad_id),
    home_score: Number(m.home_score),
    away_score: Number(m.away_score),
    incidents: (incidentsOf.get(m.id) ?? [])
      .map((i) => ({
        incident_type: String(i.incident_type),
        occurrence_half: Number(i.occurrence_half),
        occurrence_minute: Number(i.occurrence_minute),
        stoppage_minute: i.stoppage_minute == null ? null : Number(i.stoppage_minute),
        squad: str(i.squad_id),
        player: str(i.player_id),
        related_player: str(i.related_player_id),
      })),
    lineups: (lineupsOf.get(m.id) ?? [])
      .map((l) => ({ squad: String(l.squad_id), player: String(l.player_id), is_starting: fromDb('boolean', l.is_starting) as boolean, position: str(l.position) })),
  }));
}
