import { errorSpec, type ErrorSpec } from '../jsonapi/errors';
import { fieldError } from '../jsonapi/messages';
import type { Row } from '../jsonapi/read';
import type { WriteContext } from '../jsonapi/context';
import { toDb } from '../db/values';

/** Incidents that mark the state of the match rather than something a team did. */
export const STATUS_TYPES = new Set(['match_started', 'kick_off', 'half_time', 'second_half_started', 'match_ended']);
const GOAL_TYPES = new Set(['goal', 'penalty']);
/** Minutes each half spans: first, second, extra time halves, shoot-out. Stoppage time only at the end. */
export const HALF_MINUTES: Record<number, [number, number]> = { 1: [0, 45], 2: [45, 90], 3: [90, 105], 4: [105, 120], 5: [120, 120] };

/** Spec §4: half_time at 98 + 100·half, second_half_started at 100·half − 1, others half·100 + minute. */
export function incidentSortKey(type: string, half: number, minute: number): number {
  if (type === 'half_time') return 98 + 100 * half;
  if (type === 'second_half_started') return 100 * half - 1;
  // Not in the spec: the end of the match comes after everything in its half, stoppage time included.
  if (type === 'match_ended') return 100 * half + 99;
  // Extra time (minutes 90–120) counts from minute 90, so each half stays within its block of 100.
  return half * 100 + (half >= 3 ? minute - 90 : minute);
}

/** Spec §3: substitution, assist, goal, other incident, match status, or the component's own kind. */
export function incidentSection(type: string, componentKind: unknown): string {
  if (type === 'substitution') return 'substitution';
  if (type === 'assist') return 'assist';
  if (type === 'goal' || type === 'own_goal' || type === 'penalty') return 'goal';
  if (STATUS_TYPES.has(type)) return 'match_status';
  if (type === 'component') return typeof componentKind === 'string' ? componentKind : 'other_incident';
  return 'other_incident';
}

/** The squad_players row that puts a player in a squad, if any. */
export async function squadMember(ctx: WriteContext, squadId: unknown, playerId: unknown): Promise<Row | undefined> {
  return ctx.db
    .selectFrom('squad_players')
    .select(['id', 'shirt_number'])
    .where('client_id', '=', ctx.clientId)
    .where('squad_id', '=', squadId as number)
    .where('player_id', '=', playerId as number)
    .executeTakeFirst();
}

export async function matchOf(ctx: WriteContext, matchId: unknown): Promise<Row | undefined> {
  return ctx.db.selectFrom('matches').selectAll().where('client_id', '=', ctx.clientId).where('id', '=', matchId as number).executeTakeFirst();
}

/** The rules of spec §3/§4 for one incident; every problem is reported with its field. */
export async function validateIncident(ctx: WriteContext, row: Row): Promise<ErrorSpec[]> {
  const errors: ErrorSpec[] = [];
  const type = String(row.incident_type);
  const half = Number(row.occurrence_half);
  const minute = Number(row.occurrence_minute);
  const [from, to] = HALF_MINUTES[half] ?? [0, 0];
  if (minute < from || minute > to)
    errors.push(
      errorSpec(422, 'minuteOutOfHalf', {
        values: { field: 'occurrence_minute', min: from, max: to, half },
        source: { pointer: '/data/attributes/occurrence_minute' },
        params: { min: from, max: to, half },
      }),
    );
  if (row.stoppage_minute != null && minute !== to)
    errors.push(
      errorSpec(422, 'stoppageOnlyAtEndOfHalf', {
        values: { field: 'stoppage_minute', minute: to, half },
        source: { pointer: '/data/attributes/stoppage_minute' },
        params: { minute: to },
      }),
    );
  if (type === 'half_time' && half > 4) errors.push(fieldError('/data/attributes/occurrence_half', 'occurrence_half', 'wrongHalf.noHalfTime'));
  if (type === 'second_half_started' && half === 1)
    errors.push(fieldError('/data/attributes/occurrence_half', 'occurrence_half', 'wrongHalf.secondHalfStart'));

  const match = await matchOf(ctx, row.match_id);
  if (!match) return errors; // the link check has reported it
  // A postponed or cancelled match is not played: it takes incidents once scheduled again (issue 26).
  if (match.status === 'postponed' || match.status === 'cancelled')
    errors.push(errorSpec(422, 'matchNotPlayable', { values: { status: String(match.status) }, source: { pointer: '/data/relationships/match' }, params: { status: match.status } }));
  const squads = [match.home_squad_id, match.away_squad_id].map(Number);
  const needsSquad = !STATUS_TYPES.has(type) && type !== 'component';
  if (row.squad_id == null) {
    if (needsSquad)
      errors.push(errorSpec(422, 'required.forIncident', { values: { field: 'squad', incidentType: type }, source: { pointer: '/data/relationships/squad' } }));
  } else if (!squads.includes(Number(row.squad_id))) {
    errors.push(fieldError('/data/relationships/squad/data/id', 'squad', 'squadNotInMatch'));
    return errors;
  }
  for (const [field, value] of [['player', row.player_id], ['related_player', row.related_player_id]] as const) {
    if (value == null) continue;
    if (row.squad_id == null) errors.push(fieldError(`/data/relationships/${field}`, field, 'squadRequiredForPlayer'));
    else if (!(await squadMember(ctx, row.squad_id, value)))
      errors.push(fieldError(`/data/relationships/${field}/data/id`, field, 'playerNotInSquad.incident'));
  }
  if (row.player_id != null && row.player_id === row.related_player_id)
    errors.push(fieldError('/data/relationships/related_player/data/id', 'related_player', 'samePlayer'));
  return errors;
}

export async function deriveIncident(ctx: WriteContext, row: Row): Promise<Record<string, unknown>> {
  const match = await matchOf(ctx, row.match_id);
  const type = String(row.incident_type);
  return {
    home_squad: row.squad_id == null || !match ? null : toDb(ctx.dialect, 'boolean', Number(row.squad_id) === Number(match.home_squad_id)),
    own_goal: toDb(ctx.dialect, 'boolean', type === 'own_goal'),
    section: incidentSection(type, row.component_kind),
    sort_key: incidentSortKey(type, Number(row.occurrence_half), Number(row.occurrence_minute)),
  };
}

export interface MatchState {
  status: 'not_started' | 'first_half' | 'half_time' | 'second_half' | 'finished' | 'abandoned';
  home_score: number;
  away_score: number;
  home_half_time_score: number | null;
  away_half_time_score: number | null;
}

/** The score and status that follow from a match's incidents (never typed in). */
export function matchStateFrom(incidents: Row[], homeSquadId: number, awaySquadId: number): MatchState {
  let home = 0;
  let away = 0;
  let homeHt = 0;
  let awayHt = 0;
  const sorted = [...incidents].sort((a, b) => Number(a.sort_key) - Number(b.sort_key) || Number(a.stoppage_minute ?? 0) - Number(b.stoppage_minute ?? 0));
  let status: MatchState['status'] = 'not_started';
  for (const i of sorted) {
    const type = String(i.incident_type);
    const half = Number(i.occurrence_half);
    if (GOAL_TYPES.has(type) || type === 'own_goal') {
      const squad = Number(i.squad_id);
      // An own goal counts for the other team; shoot-out penalties (half 5) do not change the score.
      const forHome = type === 'own_goal' ? squad === awaySquadId : squad === homeSquadId;
      if (half <= 4) {
        if (forHome) home++;
        else away++;
        if (half === 1) {
          if (forHome) homeHt++;
          else awayHt++;
        }
      }
    }
    if (type === 'match_ended') status = 'finished';
    else if (status !== 'finished') {
      if (type === 'half_time') status = 'half_time';
      else if (type === 'second_half_started' || half >= 2) status = 'second_half';
      else if (status === 'not_started') status = 'first_half';
    }
  }
  const reachedHalfTime = sorted.some((i) => i.incident_type === 'half_time' || Number(i.occurrence_half) >= 2);
  return {
    status,
    home_score: home,
    away_score: away,
    home_half_time_score: reachedHalfTime ? homeHt : null,
    away_half_time_score: reachedHalfTime ? awayHt : null,
  };
}
