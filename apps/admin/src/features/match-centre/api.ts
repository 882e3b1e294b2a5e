import { getRuntime } from '../../lib/configuration';
import { readStoredToken } from '../../lib/token';
import { trustedOrigins } from '../../lib/environment';
import { PopupStore } from '../../lib/popups';
import { createHttpClient, HttpFailure, type HttpClient } from '../../providers/http-client';
import { errorMessage } from '../../providers/data-provider';
import { incidentFromResource, sortIncidents } from './incidents';
import { compareLineups, lineupFromResource } from './realtime';
import type {
  Incident,
  IncidentDraft,
  JsonApiDocument,
  Lineup,
  MatchInfo,
  MatchStats,
  NamedRef,
  PlayerInfo,
  ResourceObject,
  SquadPlayer,
  TeamInfo,
} from './types';

/**
 * The match centre's calls (spec §7): the match with what its header shows, incidents, lineups,
 * squads and statistics; writes of incidents and lineups, and of the match itself with
 * `meta.updated_at` so a stale edit is refused (409) instead of overwriting someone's change.
 *
 * Reads go through the app's HTTP client with its pop-ups. Writes use the same client with a
 * pop-up store nobody shows: the screen answers each write in place (the error next to what was
 * typed, the undo bar for a success).
 */
export const MATCH_INCLUDE = 'home_squad.team.club.image,away_squad.team.club.image,venue,transmission_providers,round';
const PAGE = 100;

type Query = Record<string, string | number>;

const qs = (query: Query) =>
  Object.entries(query)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');

const ref = (type: string, id: string | null | undefined) => ({ data: id === null || id === undefined || id === '' ? null : { type, id: String(id) } });

function indexIncluded(doc: JsonApiDocument): Map<string, ResourceObject> {
  return new Map((doc.included ?? []).map((r) => [`${r.type}:${r.id}`, r]));
}

function relOf(resource: ResourceObject | undefined, name: string): string | null {
  const data = resource?.relationships?.[name]?.data;
  return data && !Array.isArray(data) ? data.id : null;
}

function relsOf(resource: ResourceObject | undefined, name: string): string[] {
  const data = resource?.relationships?.[name]?.data;
  return Array.isArray(data) ? data.map((d) => d.id) : [];
}

const text = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));

function teamOf(included: Map<string, ResourceObject>, squadId: string): TeamInfo {
  const squad = included.get(`squads:${squadId}`);
  const teamId = relOf(squad, 'team');
  const team = teamId ? included.get(`teams:${teamId}`) : undefined;
  const clubId = relOf(team, 'club');
  const club = clubId ? included.get(`clubs:${clubId}`) : undefined;
  const imageId = relOf(club, 'image') ?? relOf(team, 'image') ?? relOf(squad, 'image');
  const image = imageId ? included.get(`images:${imageId}`) : undefined;
  const name = text(team?.attributes?.name) ?? text(club?.attributes?.name) ?? text(squad?.attributes?.name) ?? `#${squadId}`;
  return {
    squadId,
    name,
    shortName: text(team?.attributes?.short_name) ?? text(club?.attributes?.short_name) ?? name,
    code: text(club?.attributes?.code),
    primaryColor: text(club?.attributes?.primary_color),
    secondaryColor: text(club?.attributes?.secondary_color),
    crestPath: text(image?.attributes?.path),
  };
}

/** A match and what its header shows, from GET /matches/{id}?include=… */
export function matchFromDocument(doc: JsonApiDocument): MatchInfo {
  const m = doc.data as ResourceObject;
  const a = m.attributes ?? {};
  const included = indexIncluded(doc);
  const home = relOf(m, 'home_squad') ?? '';
  const away = relOf(m, 'away_squad') ?? '';
  const roundId = relOf(m, 'round');
  const round = roundId ? included.get(`rounds:${roundId}`) : undefined;
  const venueId = relOf(m, 'venue');
  const venue = venueId ? included.get(`venues:${venueId}`) : undefined;
  const providers = relsOf(m, 'transmission_providers');
  return {
    ...matchAttributes(a),
    id: String(m.id),
    round_id: roundId,
    group_id: relOf(m, 'group'),
    venue_id: venueId,
    home_squad_id: home,
    away_squad_id: away,
    transmission_providers_ids: providers,
    round: roundId ? { id: roundId, name: text(round?.attributes?.name) ?? `#${roundId}`, number: round?.attributes?.number == null ? null : Number(round.attributes.number) } : null,
    venue: venueId ? { id: venueId, name: text(venue?.attributes?.name) ?? `#${venueId}`, city: text(venue?.attributes?.city) } : null,
    transmission_providers: providers.map((id): NamedRef => ({ id, name: text(included.get(`transmission_providers:${id}`)?.attributes?.name) ?? `#${id}` })),
    home: teamOf(included, home),
    away: teamOf(included, away),
  };
}

type MatchAttributes = Pick<
  MatchInfo,
  | 'kickoff_at' | 'status' | 'home_score' | 'away_score' | 'home_half_time_score' | 'away_half_time_score'
  | 'home_formation' | 'away_formation' | 'attendance' | 'referee' | 'alerts_muted' | 'updated_at'
>;

function matchAttributes(a: Record<string, unknown>): MatchAttributes {
  const int = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    kickoff_at: String(a.kickoff_at ?? ''),
    status: (a.status ?? 'not_started') as MatchInfo['status'],
    home_score: Number(a.home_score ?? 0),
    away_score: Number(a.away_score ?? 0),
    home_half_time_score: int(a.home_half_time_score),
    away_half_time_score: int(a.away_half_time_score),
    home_formation: text(a.home_formation),
    away_formation: text(a.away_formation),
    attendance: int(a.attendance),
    referee: text(a.referee),
    // SQLite answers 0/1 where PostgreSQL answers false/true.
    alerts_muted: a.alerts_muted === true || a.alerts_muted === 1,
    updated_at: String(a.updated_at ?? ''),
  };
}

/** A match's resource object (realtime) merged into what is known; `relinked` when links moved. */
export function mergeMatchResource(match: MatchInfo, resource: ResourceObject): { match: MatchInfo; relinked: boolean } {
  const a = resource.attributes ?? {};
  const next: MatchInfo = { ...match };
  const attrs = matchAttributes({ ...match, ...a });
  Object.assign(next, attrs);
  let relinked = false;
  for (const [name, key] of [['round', 'round_id'], ['venue', 'venue_id'], ['group', 'group_id'], ['home_squad', 'home_squad_id'], ['away_squad', 'away_squad_id']] as const) {
    const data = resource.relationships?.[name]?.data;
    if (data === undefined || Array.isArray(data)) continue;
    const id = data?.id ?? null;
    if (id !== match[key]) relinked = true;
  }
  // Broadcasters come as a list of links; another list means a reload (their names come included).
  const providers = resource.relationships?.transmission_providers?.data;
  if (Array.isArray(providers) && providers.map((p) => String(p.id)).sort().join() !== [...match.transmission_providers_ids].sort().join()) relinked = true;
  return { match: next, relinked };
}

function playersOf(doc: JsonApiDocument): PlayerInfo[] {
  return (doc.included ?? [])
    .filter((r) => r.type === 'players')
    .map((r) => ({
      id: String(r.id),
      first_name: String(r.attributes?.first_name ?? ''),
      last_name: String(r.attributes?.last_name ?? ''),
      nickname: text(r.attributes?.nickname),
    }));
}

function incidentDocument(draft: Partial<IncidentDraft>, matchId?: string, id?: string, updatedAt?: string) {
  const attributes: Record<string, unknown> = {};
  for (const key of ['incident_type', 'occurrence_half', 'occurrence_minute', 'stoppage_minute', 'description', 'component_kind'] as const) {
    if (key in draft) attributes[key] = draft[key] ?? null;
  }
  const relationships: Record<string, unknown> = {};
  if (matchId) relationships.match = ref('matches', matchId);
  if ('squad_id' in draft) relationships.squad = ref('squads', draft.squad_id);
  if ('player_id' in draft) relationships.player = ref('players', draft.player_id);
  if ('related_player_id' in draft) relationships.related_player = ref('players', draft.related_player_id);
  // On create, empty values are left out so the server applies its defaults.
  if (!id) for (const key of Object.keys(attributes)) if (attributes[key] === null) delete attributes[key];
  return {
    data: {
      type: 'incidents',
      ...(id ? { id } : {}),
      attributes,
      relationships,
      ...(updatedAt ? { meta: { updated_at: updatedAt } } : {}),
    },
  };
}

export interface LineupDraft {
  squad_id?: string;
  player_id?: string;
  is_starting?: boolean;
  position?: string | null;
  shirt_number?: number | null;
  is_captain?: boolean;
  formation_place?: number | null;
}

export interface MatchChanges {
  attributes?: Record<string, unknown>;
  relationships?: Record<string, string | null | string[]>;
}

export interface MatchCentreApi {
  getMatch(id: string): Promise<MatchInfo>;
  getIncidents(matchId: string): Promise<{ incidents: Incident[]; players: PlayerInfo[] }>;
  getIncident(id: string): Promise<{ incident: Incident; players: PlayerInfo[] }>;
  createIncident(matchId: string, draft: IncidentDraft): Promise<Incident>;
  updateIncident(id: string, changes: Partial<IncidentDraft>, updatedAt: string): Promise<Incident>;
  deleteIncident(id: string): Promise<void>;
  getLineups(matchId: string): Promise<{ lineups: Lineup[]; players: PlayerInfo[] }>;
  createLineup(matchId: string, draft: LineupDraft): Promise<Lineup>;
  updateLineup(id: string, draft: LineupDraft, updatedAt?: string): Promise<Lineup>;
  deleteLineup(id: string): Promise<void>;
  getSquadPlayers(squadId: string): Promise<{ squadPlayers: SquadPlayer[]; players: PlayerInfo[] }>;
  updateMatch(id: string, changes: MatchChanges, updatedAt: string): Promise<MatchInfo>;
  getStats(matchId: string): Promise<MatchStats>;
}

export function createMatchCentreApi(read: HttpClient, write: HttpClient, base: () => string): MatchCentreApi {
  const url = (path: string, query?: Query) => `${base()}/${path}${query ? `?${qs(query)}` : ''}`;
  const get = async (path: string, query?: Query) => (await read<JsonApiDocument>(url(path, query))).body;
  const send = async (method: string, path: string, body?: unknown, query?: Query) =>
    (await write<JsonApiDocument | null>(url(path, query), { method, body })).body;

  return {
    async getMatch(id) {
      return matchFromDocument(await get(`matches/${encodeURIComponent(id)}`, { include: MATCH_INCLUDE }));
    },

    async getIncidents(matchId) {
      const doc = await get('incidents', { 'filter[match]': matchId, 'page[size]': PAGE, include: 'player,related_player', sort: 'sort_key,stoppage_minute,id' });
      const list = Array.isArray(doc.data) ? doc.data : [];
      return { incidents: sortIncidents(list.map((r) => incidentFromResource(r))), players: playersOf(doc) };
    },

    async getIncident(id) {
      const doc = await get(`incidents/${encodeURIComponent(id)}`, { include: 'player,related_player' });
      return { incident: incidentFromResource(doc.data as ResourceObject), players: playersOf(doc) };
    },

    async createIncident(matchId, draft) {
      const doc = await send('POST', 'incidents', incidentDocument(draft, matchId));
      return incidentFromResource(doc!.data as ResourceObject);
    },

    async updateIncident(id, changes, updatedAt) {
      const doc = await send('PATCH', `incidents/${encodeURIComponent(id)}`, incidentDocument(changes, undefined, id, updatedAt));
      return incidentFromResource(doc!.data as ResourceObject);
    },

    async deleteIncident(id) {
      await send('DELETE', `incidents/${encodeURIComponent(id)}`);
    },

    async getLineups(matchId) {
      const doc = await get('lineups', { 'filter[match]': matchId, include: 'player', 'page[size]': PAGE });
      const list = Array.isArray(doc.data) ? doc.data : [];
      return { lineups: list.map((r) => lineupFromResource(r)).sort(compareLineups), players: playersOf(doc) };
    },

    async createLineup(matchId, draft) {
      const doc = await send('POST', 'lineups', lineupDocument(draft, matchId));
      return lineupFromResource(doc!.data as ResourceObject);
    },

    async updateLineup(id, draft, updatedAt) {
      const doc = await send('PATCH', `lineups/${encodeURIComponent(id)}`, lineupDocument(draft, undefined, id, updatedAt));
      return lineupFromResource(doc!.data as ResourceObject);
    },

    async deleteLineup(id) {
      await send('DELETE', `lineups/${encodeURIComponent(id)}`);
    },

    async getSquadPlayers(squadId) {
      const doc = await get('squad_players', { 'filter[squad]': squadId, include: 'player', 'page[size]': PAGE, sort: 'shirt_number' });
      const list = Array.isArray(doc.data) ? doc.data : [];
      const squadPlayers = list.map((r) => ({
        id: String(r.id),
        squad_id: relOf(r, 'squad') ?? squadId,
        player_id: relOf(r, 'player') ?? '',
        shirt_number: r.attributes?.shirt_number == null ? null : Number(r.attributes.shirt_number),
        position: text(r.attributes?.position),
      }));
      return { squadPlayers, players: playersOf(doc) };
    },

    async updateMatch(id, changes, updatedAt) {
      const relationships: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(changes.relationships ?? {})) {
        const type = name === 'transmission_providers' ? 'transmission_providers' : name === 'venue' ? 'venues' : name === 'round' ? 'rounds' : name === 'group' ? 'groups' : 'squads';
        relationships[name] = Array.isArray(value) ? { data: value.map((v) => ({ type, id: String(v) })) } : ref(type, value);
      }
      const doc = await send(
        'PATCH',
        `matches/${encodeURIComponent(id)}`,
        { data: { type: 'matches', id, attributes: changes.attributes ?? {}, relationships, meta: { updated_at: updatedAt } } },
        { include: MATCH_INCLUDE },
      );
      return matchFromDocument(doc!);
    },

    async getStats(matchId) {
      const doc = await get(`matches/${encodeURIComponent(matchId)}/stats`);
      return (doc.data as ResourceObject).attributes as unknown as MatchStats;
    },
  };
}

function lineupDocument(draft: LineupDraft, matchId?: string, id?: string, updatedAt?: string) {
  const attributes: Record<string, unknown> = {};
  for (const key of ['is_starting', 'position', 'shirt_number', 'is_captain', 'formation_place'] as const) if (key in draft) attributes[key] = draft[key];
  const relationships: Record<string, unknown> = {};
  if (matchId) relationships.match = ref('matches', matchId);
  if (draft.squad_id) relationships.squad = ref('squads', draft.squad_id);
  if (draft.player_id) relationships.player = ref('players', draft.player_id);
  if (!id) for (const key of Object.keys(attributes)) if (attributes[key] === null || attributes[key] === undefined) delete attributes[key];
  return { data: { type: 'lineups', ...(id ? { id } : {}), attributes, relationships, ...(updatedAt ? { meta: { updated_at: updatedAt } } : {}) } };
}

let shared: MatchCentreApi | undefined;

/** The API of the running app (clients built once, like the app's own). */
export function matchCentreApi(): MatchCentreApi {
  if (shared) return shared;
  const runtime = getRuntime();
  const trusted = trustedOrigins(runtime.urls);
  const read = createHttpClient({ getToken: readStoredToken, trustedOrigins: () => trusted });
  const write = createHttpClient({ getToken: readStoredToken, trustedOrigins: () => trusted, popups: new PopupStore() });
  shared = createMatchCentreApi(read, write, () => getRuntime().urls.umpire);
  return shared;
}

/** Whether a failure is the server's "someone changed this meanwhile" (409 staleRecord). */
export function isStale(error: unknown): boolean {
  return error instanceof HttpFailure && error.status === 409;
}

/** A failure as one translated sentence for the place where it happened. */
export function failureText(error: unknown, translate: (key: string, options?: Record<string, unknown>) => string): string {
  if (error instanceof HttpFailure) {
    if (error.kind === 'network') return translate('apiErrors.networkError');
    const first = error.errors[0];
    if (first) return errorMessage(first);
    return translate('http.failureResponse', { url: error.url, status: error.status, statusText: error.statusText });
  }
  return translate('http.clientError', { message: (error as Error)?.message ?? String(error) });
}

/** Field errors of a failure, by attribute or link name (`occurrence_minute`, `player`). */
export function fieldErrors(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!(error instanceof HttpFailure)) return out;
  for (const e of error.errors) {
    const pointer = e.source?.pointer ?? '';
    const m = /^\/data\/(?:attributes|relationships|meta)\/([^/]+)/.exec(pointer);
    if (m && !(m[1] in out)) out[m[1]] = errorMessage(e);
  }
  return out;
}
