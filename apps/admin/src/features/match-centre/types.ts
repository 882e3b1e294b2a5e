import type { INCIDENT_TYPES, LINEUP_POSITIONS, MATCH_STATUSES } from '@umpire/schema/enums';

/** Types of the match centre: records as the screens use them (ids are strings, as in JSON:API). */
export type IncidentType = (typeof INCIDENT_TYPES)[number];
export type LineupPosition = (typeof LINEUP_POSITIONS)[number];
export type MatchStatus = (typeof MATCH_STATUSES)[number];
export type Side = 'home' | 'away';
export const SIDES: readonly Side[] = ['home', 'away'];

export interface ResourceIdentifier {
  type: string;
  id: string;
}

/** A JSON:API resource object, as the API and the realtime channels send it. */
export interface ResourceObject {
  type: string;
  id: string;
  attributes?: Record<string, unknown>;
  relationships?: Record<string, { data?: ResourceIdentifier | ResourceIdentifier[] | null }>;
}

export interface JsonApiDocument {
  data: ResourceObject | ResourceObject[] | null;
  included?: ResourceObject[];
  meta?: Record<string, unknown>;
}

export interface Incident {
  id: string;
  incident_type: IncidentType;
  occurrence_half: number;
  occurrence_minute: number;
  stoppage_minute: number | null;
  component_kind: string | null;
  description: string | null;
  /** Derived by the server. */
  home_squad: boolean | null;
  own_goal: boolean;
  section: string | null;
  sort_key: number | null;
  updated_at: string;
  match_id: string | null;
  squad_id: string | null;
  player_id: string | null;
  /** The assist provider of a goal, or the player coming on in a substitution. */
  related_player_id: string | null;
}

/** What a new or changed incident is made of (everything the server does not derive). */
export interface IncidentDraft {
  incident_type: IncidentType;
  occurrence_half: number;
  occurrence_minute: number;
  stoppage_minute: number | null;
  squad_id: string | null;
  player_id: string | null;
  related_player_id: string | null;
  description?: string | null;
  component_kind?: string | null;
}

export interface PlayerInfo {
  id: string;
  first_name: string;
  last_name: string;
  nickname?: string | null;
}

export interface SquadPlayer {
  id: string;
  squad_id: string;
  player_id: string;
  shirt_number: number | null;
  position: string | null;
}

export interface Lineup {
  id: string;
  match_id: string | null;
  squad_id: string;
  player_id: string;
  is_starting: boolean;
  position: LineupPosition | null;
  shirt_number: number | null;
  is_captain: boolean;
  formation_place: number | null;
  updated_at: string;
}

export interface TeamInfo {
  squadId: string;
  name: string;
  shortName: string;
  code: string | null;
  primaryColor: string | null;
  secondaryColor: string | null;
  crestPath: string | null;
}

export interface NamedRef {
  id: string;
  name: string;
}

export interface MatchInfo {
  id: string;
  kickoff_at: string;
  status: MatchStatus;
  home_score: number;
  away_score: number;
  home_half_time_score: number | null;
  away_half_time_score: number | null;
  home_formation: string | null;
  away_formation: string | null;
  attendance: number | null;
  referee: string | null;
  /** Staff quieted this match's alerts to fans (issue 41). */
  alerts_muted: boolean;
  updated_at: string;
  round_id: string | null;
  group_id: string | null;
  venue_id: string | null;
  home_squad_id: string;
  away_squad_id: string;
  transmission_providers_ids: string[];
  round: (NamedRef & { number: number | null }) | null;
  venue: (NamedRef & { city: string | null }) | null;
  transmission_providers: NamedRef[];
  home: TeamInfo;
  away: TeamInfo;
}

export interface Viewer {
  username: string;
  connections: number;
}

/** Statistics of GET /matches/{id}/stats. */
export interface MatchStats {
  squads: { home: string; away: string };
  home: Record<string, number>;
  away: Record<string, number>;
  timeline: { minute: number; stoppage: number | null; home: number; away: number; type: string }[];
  goals_by_half: { half: number; home: number; away: number }[];
  players: {
    player: string;
    squad: string;
    goals: number;
    assists: number;
    yellow_cards: number;
    red_cards: number;
    minutes_played: number;
  }[];
}
