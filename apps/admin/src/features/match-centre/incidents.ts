import type { Incident, IncidentDraft, IncidentType, ResourceObject, Side } from './types';

/**
 * Incidents in match order (spec §4) and how they read: sorted by half·100 + minute, with
 * half_time at 98 + 100·half and second_half_started at 100·half − 1, so both fall between the
 * halves; grouped into the phases of a match for display.
 */

/** Minutes each half spans (1, 2, extra time 3 and 4, shoot-out 5); added time only at the end. */
export const HALF_MINUTES: Record<number, readonly [number, number]> = { 1: [0, 45], 2: [45, 90], 3: [90, 105], 4: [105, 120], 5: [120, 120] };
export const HALVES = [1, 2, 3, 4, 5] as const;
export const MAX_MINUTE = 120;
export const MAX_STOPPAGE = 30;

/** Incidents about the state of the match rather than something a team did. */
export const STATUS_TYPES: ReadonlySet<IncidentType> = new Set<IncidentType>(['match_started', 'kick_off', 'half_time', 'second_half_started', 'match_ended']);
/** Types that name a player (and a team). */
export const PLAYER_TYPES: ReadonlySet<IncidentType> = new Set<IncidentType>([
  'goal', 'penalty', 'missed_penalty', 'own_goal', 'yellow_card', 'second_yellow_card', 'red_card', 'substitution', 'assist',
]);
/** Types whose related player means something: the assist of a goal, the player coming on. */
export const RELATED_PLAYER_TYPES: ReadonlySet<IncidentType> = new Set<IncidentType>(['goal', 'substitution']);
const SCORING_TYPES: ReadonlySet<IncidentType> = new Set<IncidentType>(['goal', 'penalty']);

export function isStatusType(type: IncidentType): boolean {
  return STATUS_TYPES.has(type);
}

/**
 * Spec §4: half·100 + minute, half_time at 98 + 100·half, second_half_started at 100·half − 1.
 * Extra-time minutes (91–120) would overflow their half's block of 100 (a goal at 100' in half 3
 * would sort after that half's break), so from half 3 on they count from minute 90.
 */
/** `type` may be one this app does not know yet. */
export function incidentSortKey(type: string, half: number, minute: number): number {
  if (type === 'half_time') return 98 + 100 * half;
  if (type === 'second_half_started') return 100 * half - 1;
  return half * 100 + (half >= 3 ? Math.max(0, minute - 90) : minute);
}

/** At the same moment, a kick-off comes first and the final whistle last. */
function tieRank(type: IncidentType): number {
  if (type === 'kick_off' || type === 'match_started') return -1;
  if (type === 'match_ended') return 1;
  return 0;
}

function compareIds(a: string, b: string): number {
  const [x, y] = [Number(a), Number(b)];
  if (Number.isFinite(x) && Number.isFinite(y)) return x - y;
  return a < b ? -1 : a > b ? 1 : 0;
}

type Sortable = Pick<Incident, 'id' | 'incident_type' | 'occurrence_half' | 'occurrence_minute' | 'stoppage_minute'>;

export function compareIncidents(a: Sortable, b: Sortable): number {
  return (
    incidentSortKey(a.incident_type, a.occurrence_half, a.occurrence_minute) - incidentSortKey(b.incident_type, b.occurrence_half, b.occurrence_minute) ||
    (a.stoppage_minute ?? 0) - (b.stoppage_minute ?? 0) ||
    tieRank(a.incident_type) - tieRank(b.incident_type) ||
    compareIds(a.id, b.id)
  );
}

export function sortIncidents<T extends Sortable>(list: readonly T[]): T[] {
  return [...list].sort(compareIncidents);
}

export type Phase = 'firstHalf' | 'halfTime' | 'secondHalf' | 'extraTime' | 'penalties';
export const PHASES: readonly Phase[] = ['firstHalf', 'halfTime', 'secondHalf', 'extraTime', 'penalties'];

/** The phase an incident is shown in: the break between the halves holds half-time and the restart. */
export function phaseOf(incident: Pick<Incident, 'incident_type' | 'occurrence_half'>): Phase {
  const { incident_type: type, occurrence_half: half } = incident;
  if ((half === 1 && type === 'half_time') || (half === 2 && type === 'second_half_started')) return 'halfTime';
  if (half <= 1) return 'firstHalf';
  if (half === 2) return 'secondHalf';
  if (half <= 4) return 'extraTime';
  return 'penalties';
}

export interface IncidentGroup<T> {
  phase: Phase;
  incidents: T[];
}

/** Sorted incidents grouped by phase, in match order; empty phases are left out. */
export function groupIncidents<T extends Sortable>(list: readonly T[]): IncidentGroup<T>[] {
  const sorted = sortIncidents(list);
  const groups = new Map<Phase, T[]>();
  for (const incident of sorted) {
    const phase = phaseOf(incident);
    if (!groups.has(phase)) groups.set(phase, []);
    groups.get(phase)!.push(incident);
  }
  return PHASES.filter((p) => groups.has(p)).map((phase) => ({ phase, incidents: groups.get(phase)! }));
}

/** "23'", "45+3'". */
export function formatMinute(minute: number, stoppage?: number | null): string {
  return stoppage ? `${minute}+${stoppage}'` : `${minute}'`;
}

/** The half a minute belongs to: 0–45 → 1, 46–90 → 2, 91–105 → 3, 106–120 → 4; null beyond. */
export function halfOfMinute(minute: number): number | null {
  if (!Number.isInteger(minute) || minute < 0) return null;
  if (minute <= 45) return 1;
  if (minute <= 90) return 2;
  if (minute <= 105) return 3;
  if (minute <= 120) return 4;
  return null;
}

/** The half whose last minute this is (45 → 1, 90 → 2, 105 → 3, 120 → 4), for added time. */
export function halfEndingAt(minute: number): number | null {
  const found = [1, 2, 3, 4].find((h) => HALF_MINUTES[h][1] === minute);
  return found ?? null;
}

export function minuteFitsHalf(half: number, minute: number): boolean {
  const range = HALF_MINUTES[half];
  return !!range && minute >= range[0] && minute <= range[1];
}

/** The half the match is in, from its incidents (1 before anything happened). */
export function currentHalf(list: readonly Pick<Incident, 'occurrence_half'>[]): number {
  return list.reduce((max, i) => Math.max(max, i.occurrence_half), 1);
}

export function sideOfSquad(squadId: string | null, home: string, away: string): Side | null {
  if (squadId === null) return null;
  if (squadId === home) return 'home';
  if (squadId === away) return 'away';
  return null;
}

/** The side a goal counts for: an own goal counts for the other team; shoot-out goals not at all. */
export function scoringSide(incident: Pick<Incident, 'incident_type' | 'occurrence_half'>, side: Side | null): Side | null {
  if (!side || incident.occurrence_half > 4) return null;
  if (SCORING_TYPES.has(incident.incident_type)) return side;
  if (incident.incident_type === 'own_goal') return side === 'home' ? 'away' : 'home';
  return null;
}

const num = (v: unknown, fallback = 0): number => (typeof v === 'number' ? v : v === null || v === undefined || v === '' ? fallback : Number(v));
const numOrNull = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));
const strOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

function relId(resource: ResourceObject, name: string): string | null | undefined {
  const rel = resource.relationships?.[name];
  if (!rel || rel.data === undefined) return undefined;
  const data = rel.data;
  return data && !Array.isArray(data) ? data.id : null;
}

/**
 * An incident from its JSON:API resource object (API responses and realtime messages alike).
 * Links missing from the object keep the values of `previous`.
 */
export function incidentFromResource(resource: ResourceObject, previous?: Incident): Incident {
  const a = resource.attributes ?? {};
  const link = (name: string, key: keyof Incident) => {
    const id = relId(resource, name);
    return id === undefined ? ((previous?.[key] as string | null | undefined) ?? null) : id;
  };
  return {
    id: String(resource.id),
    incident_type: (a.incident_type ?? previous?.incident_type) as IncidentType,
    occurrence_half: num(a.occurrence_half ?? previous?.occurrence_half, 1),
    occurrence_minute: num(a.occurrence_minute ?? previous?.occurrence_minute, 0),
    stoppage_minute: 'stoppage_minute' in a ? numOrNull(a.stoppage_minute) : (previous?.stoppage_minute ?? null),
    component_kind: 'component_kind' in a ? strOrNull(a.component_kind) : (previous?.component_kind ?? null),
    description: 'description' in a ? strOrNull(a.description) : (previous?.description ?? null),
    home_squad: 'home_squad' in a ? (a.home_squad === null ? null : Boolean(a.home_squad)) : (previous?.home_squad ?? null),
    own_goal: 'own_goal' in a ? Boolean(a.own_goal) : (previous?.own_goal ?? false),
    section: 'section' in a ? strOrNull(a.section) : (previous?.section ?? null),
    sort_key: 'sort_key' in a ? numOrNull(a.sort_key) : (previous?.sort_key ?? null),
    updated_at: String(a.updated_at ?? previous?.updated_at ?? ''),
    match_id: link('match', 'match_id'),
    squad_id: link('squad', 'squad_id'),
    player_id: link('player', 'player_id'),
    related_player_id: link('related_player', 'related_player_id'),
  };
}

/** The fields of an incident that can be sent back (to undo a change or a deletion). */
export function draftOf(incident: Incident): IncidentDraft {
  return {
    incident_type: incident.incident_type,
    occurrence_half: incident.occurrence_half,
    occurrence_minute: incident.occurrence_minute,
    stoppage_minute: incident.stoppage_minute,
    squad_id: incident.squad_id,
    player_id: incident.player_id,
    related_player_id: incident.related_player_id,
    description: incident.description,
    component_kind: incident.component_kind,
  };
}

/** Only what differs between two drafts (for a PATCH that changes what the user changed). */
export function changedFields(before: IncidentDraft, after: IncidentDraft): Partial<IncidentDraft> {
  const changed: Partial<IncidentDraft> = {};
  for (const key of Object.keys(after) as (keyof IncidentDraft)[]) {
    const [x, y] = [before[key] ?? null, after[key] ?? null];
    if (x !== y) (changed as Record<string, unknown>)[key] = after[key] ?? null;
  }
  return changed;
}
