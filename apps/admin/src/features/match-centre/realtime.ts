import { incidentFromResource, sortIncidents } from './incidents';
import type { Incident, Lineup, ResourceObject, Viewer } from './types';

/**
 * Realtime messages of the match channels and how they change the local copy (spec §4: incidents
 * are added, updated or removed in the local copy, which stays sorted). Pure, so the same rules
 * hold for the API's responses and for what other operators do.
 */
export type IncidentsMessage =
  | { action: 'snapshot'; incidents: ResourceObject[] }
  | { action: 'created' | 'updated'; incident: ResourceObject; actor?: string }
  | { action: 'deleted'; id: string | number; actor?: string };

export type MatchMessage =
  | { action: 'snapshot'; match: ResourceObject }
  | { action: 'updated' | 'created'; match: ResourceObject; actor?: string }
  | { action: 'created' | 'updated' | 'deleted'; lineup: ResourceObject; id?: string | number; actor?: string }
  | { action: 'presence'; viewers: Viewer[] };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isResource = (v: unknown): v is ResourceObject => isObject(v) && (typeof v.id === 'string' || typeof v.id === 'number');

/** A message of IncidentsChannel, or null when it is not one. */
export function parseIncidentsMessage(data: unknown): IncidentsMessage | null {
  if (!isObject(data)) return null;
  switch (data.action) {
    case 'snapshot':
      return Array.isArray(data.incidents) ? { action: 'snapshot', incidents: data.incidents.filter(isResource) } : null;
    case 'created':
    case 'updated':
      return isResource(data.incident) ? { action: data.action, incident: data.incident, actor: actorOf(data) } : null;
    case 'deleted': {
      const id = data.id ?? (isResource(data.incident) ? data.incident.id : undefined);
      return typeof id === 'string' || typeof id === 'number' ? { action: 'deleted', id, actor: actorOf(data) } : null;
    }
    default:
      return null;
  }
}

/** A message of MatchChannel, or null when it is not one. */
export function parseMatchMessage(data: unknown): MatchMessage | null {
  if (!isObject(data)) return null;
  if (data.action === 'presence') {
    if (!Array.isArray(data.viewers)) return null;
    const viewers = data.viewers
      .filter((v): v is Record<string, unknown> => isObject(v) && typeof v.username === 'string')
      .map((v) => ({ username: String(v.username), connections: Number(v.connections ?? 1) || 1 }));
    return { action: 'presence', viewers };
  }
  if (data.action === 'snapshot') return isResource(data.match) ? { action: 'snapshot', match: data.match } : null;
  if (data.action !== 'created' && data.action !== 'updated' && data.action !== 'deleted') return null;
  if (isResource(data.lineup)) return { action: data.action, lineup: data.lineup, id: data.id as string | undefined, actor: actorOf(data) };
  if (isResource(data.match) && data.action !== 'deleted') return { action: data.action, match: data.match, actor: actorOf(data) };
  return null;
}

function actorOf(data: Record<string, unknown>): string | undefined {
  const actor = data.actor;
  if (typeof actor === 'string') return actor;
  if (isObject(actor) && typeof actor.username === 'string') return actor.username;
  return undefined;
}

/** Whether `incoming` is not older than `current` (updated_at, ISO 8601): late echoes never win. */
function notOlder(incoming: { updated_at: string }, current: { updated_at: string } | undefined): boolean {
  if (!current || !current.updated_at || !incoming.updated_at) return true;
  const [a, b] = [Date.parse(incoming.updated_at), Date.parse(current.updated_at)];
  return Number.isNaN(a) || Number.isNaN(b) || a >= b;
}

/** Adds or replaces an incident (by id), keeping the list in match order. */
export function upsertIncident(list: readonly Incident[], incident: Incident): Incident[] {
  const current = list.find((i) => i.id === incident.id);
  if (current && !notOlder(incident, current)) return list as Incident[];
  return sortIncidents([...list.filter((i) => i.id !== incident.id), incident]);
}

export function removeIncident(list: readonly Incident[], id: string): Incident[] {
  return list.some((i) => i.id === id) ? list.filter((i) => i.id !== id) : (list as Incident[]);
}

/**
 * The local list after a message of IncidentsChannel. A snapshot (sent on every subscription,
 * so also after a reconnect) replaces the list; ids in `deleted` stay out even if a late update
 * for them arrives.
 */
export function applyIncidentsMessage(list: readonly Incident[], message: IncidentsMessage, deleted: ReadonlySet<string> = new Set()): Incident[] {
  switch (message.action) {
    case 'snapshot':
      return sortIncidents(message.incidents.map((r) => incidentFromResource(r)));
    case 'created':
    case 'updated': {
      const id = String(message.incident.id);
      if (deleted.has(id)) return list as Incident[];
      return upsertIncident(list, incidentFromResource(message.incident, list.find((i) => i.id === id)));
    }
    case 'deleted':
      return removeIncident(list, String(message.id));
  }
}

const relId = (r: ResourceObject, name: string): string | null | undefined => {
  const rel = r.relationships?.[name];
  if (!rel || rel.data === undefined) return undefined;
  return rel.data && !Array.isArray(rel.data) ? rel.data.id : null;
};

export function lineupFromResource(r: ResourceObject, previous?: Lineup): Lineup {
  const a = r.attributes ?? {};
  const has = (k: string) => k in a;
  return {
    id: String(r.id),
    match_id: relId(r, 'match') ?? previous?.match_id ?? null,
    squad_id: relId(r, 'squad') ?? previous?.squad_id ?? '',
    player_id: relId(r, 'player') ?? previous?.player_id ?? '',
    is_starting: has('is_starting') ? Boolean(a.is_starting) : (previous?.is_starting ?? false),
    position: has('position') ? ((a.position as Lineup['position']) ?? null) : (previous?.position ?? null),
    shirt_number: has('shirt_number') ? (a.shirt_number === null ? null : Number(a.shirt_number)) : (previous?.shirt_number ?? null),
    is_captain: has('is_captain') ? Boolean(a.is_captain) : (previous?.is_captain ?? false),
    formation_place: has('formation_place') ? (a.formation_place === null ? null : Number(a.formation_place)) : (previous?.formation_place ?? null),
    updated_at: String(a.updated_at ?? previous?.updated_at ?? ''),
  };
}

/** Starters by place in the formation, then the bench by shirt number. */
export function compareLineups(a: Lineup, b: Lineup): number {
  return (
    Number(b.is_starting) - Number(a.is_starting) ||
    (a.formation_place ?? 99) - (b.formation_place ?? 99) ||
    (a.shirt_number ?? 999) - (b.shirt_number ?? 999) ||
    Number(a.id) - Number(b.id)
  );
}

export function upsertLineup(list: readonly Lineup[], lineup: Lineup): Lineup[] {
  const current = list.find((l) => l.id === lineup.id);
  if (current && !notOlder(lineup, current)) return list as Lineup[];
  return [...list.filter((l) => l.id !== lineup.id), lineup].sort(compareLineups);
}

export function applyLineupMessage(
  list: readonly Lineup[],
  message: { action: 'created' | 'updated' | 'deleted'; lineup: ResourceObject; id?: string | number },
  matchId: string,
): Lineup[] {
  const id = String(message.id ?? message.lineup.id);
  if (message.action === 'deleted') return list.some((l) => l.id === id) ? list.filter((l) => l.id !== id) : (list as Lineup[]);
  const lineup = lineupFromResource(message.lineup, list.find((l) => l.id === id));
  if (lineup.match_id !== null && lineup.match_id !== matchId) return list as Lineup[];
  return upsertLineup(list, lineup);
}
