import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef } from 'react';
import { getRuntime } from '../../lib/configuration';
import { decodeToken, readStoredToken } from '../../lib/token';
import { isStale, matchCentreApi, mergeMatchResource, type LineupDraft, type MatchCentreApi, type MatchChanges } from './api';
import { cableUrl, connectMatchCable, type CableError, type CableStatus } from './cable';
import { changedFields, draftOf, incidentFromResource } from './incidents';
import {
  applyIncidentsMessage,
  applyLineupMessage,
  parseIncidentsMessage,
  parseMatchMessage,
  removeIncident,
  upsertIncident,
  upsertLineup,
  type IncidentsMessage,
} from './realtime';
import { buildRoster, type TeamRoster } from './rosters';
import type { Incident, IncidentDraft, Lineup, MatchInfo, PlayerInfo, Side, SquadPlayer, Viewer } from './types';

/**
 * The state of one match in the match centre: loaded over HTTP, kept current over /cable, and
 * changed through the API. Changes by others arrive as realtime messages and are marked so the
 * screen can show who made them.
 */
export interface RemoteChange {
  /** created | updated | deleted */
  action: 'created' | 'updated' | 'deleted';
  actor: string;
  incident: Incident;
  at: number;
}

export interface ConnectionState {
  status: CableStatus | 'idle';
  error: CableError | null;
  rejected: boolean;
  /** Set when the connection came back after a loss, until the next loss. */
  restoredAt: number | null;
}

interface State {
  match: MatchInfo | null;
  matchError: unknown;
  incidents: Incident[];
  incidentsLoaded: boolean;
  /** A snapshot of the channel arrived: it is fresher than the first HTTP read. */
  snapshotSeen: boolean;
  deleted: ReadonlySet<string>;
  lineups: Lineup[];
  lineupsLoaded: boolean;
  squadPlayers: Record<Side, SquadPlayer[]>;
  squadPlayersLoaded: boolean;
  players: Record<string, PlayerInfo>;
  presence: Viewer[];
  connection: ConnectionState;
  /** Incidents others changed lately, by id (for a highlight), and the last change for announcements. */
  remote: Record<string, RemoteChange>;
  lastRemote: RemoteChange | null;
}

type Action =
  | { type: 'match'; match: MatchInfo }
  | { type: 'matchFailed'; error: unknown }
  | { type: 'incidents'; incidents: Incident[] }
  | { type: 'incidentsMessage'; message: IncidentsMessage; me: string }
  | { type: 'upsertIncident'; incident: Incident }
  | { type: 'removeIncident'; id: string }
  | { type: 'lineups'; lineups: Lineup[] }
  | { type: 'upsertLineup'; lineup: Lineup }
  | { type: 'removeLineup'; id: string }
  | { type: 'lineupMessage'; message: Parameters<typeof applyLineupMessage>[1] }
  | { type: 'squadPlayers'; squadPlayers: Record<Side, SquadPlayer[]> }
  | { type: 'players'; players: PlayerInfo[] }
  | { type: 'presence'; viewers: Viewer[] }
  | { type: 'connection'; patch: Partial<ConnectionState> }
  | { type: 'forgetRemote'; id: string; at: number };

export const initial: State = {
  match: null,
  matchError: null,
  incidents: [],
  incidentsLoaded: false,
  snapshotSeen: false,
  deleted: new Set(),
  lineups: [],
  lineupsLoaded: false,
  squadPlayers: { home: [], away: [] },
  squadPlayersLoaded: false,
  players: {},
  presence: [],
  connection: { status: 'idle', error: null, rejected: false, restoredAt: null },
  remote: {},
  lastRemote: null,
};

/** Exported for tests. */
export function reduce(state: State, action: Action): State {
  switch (action.type) {
    case 'match':
      return { ...state, match: action.match, matchError: null };
    case 'matchFailed':
      return { ...state, matchError: action.error };
    case 'incidents':
      // The first HTTP read may answer after the channel's snapshot and later messages: those win.
      if (state.snapshotSeen) return { ...state, incidentsLoaded: true };
      return { ...state, incidents: action.incidents, incidentsLoaded: true };
    case 'incidentsMessage': {
      const { message, me } = action;
      const incidents = applyIncidentsMessage(state.incidents, message, state.deleted);
      let { deleted, remote, lastRemote } = state;
      if (message.action === 'deleted') deleted = new Set([...deleted, String(message.id)]);
      if (message.action !== 'snapshot' && message.actor && message.actor !== me) {
        const id = message.action === 'deleted' ? String(message.id) : String(message.incident.id);
        const incident =
          message.action === 'deleted' ? state.incidents.find((i) => i.id === id) : incidents.find((i) => i.id === id) ?? incidentFromResource(message.incident);
        if (incident) {
          const change: RemoteChange = { action: message.action, actor: message.actor, incident, at: Date.now() };
          remote = { ...remote, [id]: change };
          lastRemote = change;
        }
      }
      const snapshot = message.action === 'snapshot';
      return { ...state, incidents, deleted, remote, lastRemote, incidentsLoaded: state.incidentsLoaded || snapshot, snapshotSeen: state.snapshotSeen || snapshot };
    }
    case 'upsertIncident':
      if (state.deleted.has(action.incident.id)) return state;
      return { ...state, incidents: upsertIncident(state.incidents, action.incident) };
    case 'removeIncident':
      return { ...state, incidents: removeIncident(state.incidents, action.id), deleted: new Set([...state.deleted, action.id]) };
    case 'lineups':
      return { ...state, lineups: action.lineups, lineupsLoaded: true };
    case 'upsertLineup':
      return { ...state, lineups: upsertLineup(state.lineups, action.lineup) };
    case 'removeLineup':
      return { ...state, lineups: state.lineups.filter((l) => l.id !== action.id) };
    case 'lineupMessage':
      return state.match ? { ...state, lineups: applyLineupMessage(state.lineups, action.message, state.match.id) } : state;
    case 'squadPlayers':
      return { ...state, squadPlayers: action.squadPlayers, squadPlayersLoaded: true };
    case 'players': {
      if (!action.players.length) return state;
      const players = { ...state.players };
      for (const p of action.players) players[p.id] = p;
      return { ...state, players };
    }
    case 'presence':
      return { ...state, presence: action.viewers };
    case 'connection':
      return { ...state, connection: { ...state.connection, ...action.patch } };
    case 'forgetRemote': {
      const current = state.remote[action.id];
      if (!current || current.at !== action.at) return state;
      const remote = { ...state.remote };
      delete remote[action.id];
      return { ...state, remote };
    }
  }
}

/** How long a change by someone else stays highlighted. */
export const REMOTE_HIGHLIGHT_MS = 6000;

export function currentUsername(): string {
  return decodeToken(readStoredToken())?.username ?? '';
}

export function useMatchCentre(matchId: string, api: MatchCentreApi = matchCentreApi()) {
  const [state, dispatch] = useReducer(reduce, initial);
  const me = useMemo(() => currentUsername(), []);
  // The latest state for callbacks made earlier (socket handlers).
  const stateRef = useRef(state);
  useLayoutEffect(() => {
    stateRef.current = state;
  });

  const loadMatch = useCallback(async () => {
    try {
      dispatch({ type: 'match', match: await api.getMatch(matchId) });
    } catch (error) {
      dispatch({ type: 'matchFailed', error });
    }
  }, [api, matchId]);

  const loadLineups = useCallback(async () => {
    const { lineups, players } = await api.getLineups(matchId);
    dispatch({ type: 'players', players });
    dispatch({ type: 'lineups', lineups });
  }, [api, matchId]);

  // First load: the match, then what depends on its squads.
  useEffect(() => {
    void loadMatch();
    void api
      .getIncidents(matchId)
      .then(({ incidents, players }) => {
        dispatch({ type: 'players', players });
        dispatch({ type: 'incidents', incidents });
      })
      .catch(() => dispatch({ type: 'incidents', incidents: stateRef.current.incidents }));
    void loadLineups().catch(() => dispatch({ type: 'lineups', lineups: [] }));
  }, [api, matchId, loadMatch, loadLineups]);

  const homeSquad = state.match?.home_squad_id;
  const awaySquad = state.match?.away_squad_id;
  useEffect(() => {
    if (!homeSquad || !awaySquad) return;
    let live = true;
    void Promise.all([api.getSquadPlayers(homeSquad), api.getSquadPlayers(awaySquad)])
      .then(([home, away]) => {
        if (!live) return;
        dispatch({ type: 'players', players: [...home.players, ...away.players] });
        dispatch({ type: 'squadPlayers', squadPlayers: { home: home.squadPlayers, away: away.squadPlayers } });
      })
      .catch(() => live && dispatch({ type: 'squadPlayers', squadPlayers: { home: [], away: [] } }));
    return () => {
      live = false;
    };
  }, [api, homeSquad, awaySquad]);

  // Realtime: both channels of the match.
  useEffect(() => {
    let cancelled = false;
    let dispose: (() => void) | undefined;
    const url = cableUrl(getRuntime().urls.umpire, readStoredToken());
    void connectMatchCable({
      url,
      matchId,
      onIncidents(data) {
        const message = parseIncidentsMessage(data);
        if (message) dispatch({ type: 'incidentsMessage', message, me });
      },
      onMatch(data) {
        const message = parseMatchMessage(data);
        if (!message) return;
        if (message.action === 'presence') dispatch({ type: 'presence', viewers: message.viewers });
        else if ('lineup' in message) dispatch({ type: 'lineupMessage', message });
        else {
          const current = stateRef.current.match;
          if (!current) return;
          const { match, relinked } = mergeMatchResource(current, message.match);
          dispatch({ type: 'match', match });
          if (relinked) void loadMatch();
        }
      },
      onStatus(status, info) {
        const patch: Partial<ConnectionState> = { status };
        if (status === 'connected') {
          const hadError = !!stateRef.current.connection.error;
          patch.error = null;
          if (hadError || info?.reconnected) patch.restoredAt = Date.now();
          // Lineups have no snapshot: reload them after a gap.
          if (info?.reconnected) void loadLineups().catch(() => {});
        }
        dispatch({ type: 'connection', patch });
      },
      onError(error) {
        dispatch({ type: 'connection', patch: { error, restoredAt: null } });
      },
      onRejected() {
        dispatch({ type: 'connection', patch: { rejected: true } });
      },
    })
      .then((cable) => {
        if (cancelled) cable.dispose();
        else dispose = () => cable.dispose();
      })
      .catch((error: unknown) => {
        console.error('Live updates could not start.', error);
        if (!cancelled) dispatch({ type: 'connection', patch: { rejected: true } });
      });
    return () => {
      cancelled = true;
      dispose?.();
    };
  }, [matchId, me, loadMatch, loadLineups]);

  // Highlights of others' changes fade out.
  useEffect(() => {
    const timers = Object.entries(state.remote).map(([id, change]) =>
      setTimeout(() => dispatch({ type: 'forgetRemote', id, at: change.at }), Math.max(0, change.at + REMOTE_HIGHLIGHT_MS - Date.now())),
    );
    return () => timers.forEach(clearTimeout);
  }, [state.remote]);

  const rosters = useMemo((): Record<Side, TeamRoster> | null => {
    const m = state.match;
    if (!m) return null;
    return {
      home: buildRoster('home', m.home_squad_id, state.squadPlayers.home, state.lineups, state.players),
      away: buildRoster('away', m.away_squad_id, state.squadPlayers.away, state.lineups, state.players),
    };
  }, [state.match, state.squadPlayers, state.lineups, state.players]);

  const actions = useMemo(
    () => ({
      createIncident: async (draft: IncidentDraft): Promise<Incident> => {
        const incident = await api.createIncident(matchId, draft);
        dispatch({ type: 'upsertIncident', incident });
        return incident;
      },
      /** Saves what changed from `base` (the version the user edited); 409 when someone changed it meanwhile. */
      updateIncident: async (base: Incident, draft: IncidentDraft): Promise<Incident> => {
        const changes = changedFields(draftOf(base), draft);
        if (!Object.keys(changes).length) return base;
        const incident = await api.updateIncident(base.id, changes, base.updated_at);
        dispatch({ type: 'upsertIncident', incident });
        return incident;
      },
      deleteIncident: async (incident: Incident): Promise<void> => {
        await api.deleteIncident(incident.id);
        dispatch({ type: 'removeIncident', id: incident.id });
      },
      /** The server's current version of an incident (after a stale edit); null when it is gone. */
      reloadIncident: async (id: string): Promise<Incident | null> => {
        try {
          const { incident, players } = await api.getIncident(id);
          dispatch({ type: 'players', players });
          dispatch({ type: 'upsertIncident', incident });
          return incident;
        } catch {
          dispatch({ type: 'removeIncident', id });
          return null;
        }
      },
      /** Saves match fields against the version `updatedAt` the user saw (409 when it moved on). */
      saveMatch: async (changes: MatchChanges, updatedAt: string): Promise<MatchInfo> => {
        const match = await api.updateMatch(matchId, changes, updatedAt);
        dispatch({ type: 'match', match });
        return match;
      },
      reloadMatch: loadMatch,
      createLineup: async (draft: LineupDraft): Promise<Lineup> => {
        const lineup = await api.createLineup(matchId, draft);
        dispatch({ type: 'upsertLineup', lineup });
        return lineup;
      },
      /** Saves against the version of `lineup` on screen; after a 409 the lineups reload, so the next try starts from the server's. */
      updateLineup: async (lineup: Lineup, draft: LineupDraft): Promise<Lineup> => {
        try {
          const next = await api.updateLineup(lineup.id, draft, lineup.updated_at || undefined);
          dispatch({ type: 'upsertLineup', lineup: next });
          return next;
        } catch (error) {
          if (isStale(error)) await loadLineups();
          throw error;
        }
      },
      deleteLineup: async (lineup: Lineup): Promise<void> => {
        await api.deleteLineup(lineup.id);
        dispatch({ type: 'removeLineup', id: lineup.id });
      },
      reloadLineups: loadLineups,
    }),
    [api, matchId, loadMatch, loadLineups],
  );

  return { state, rosters, me, actions };
}

export type MatchCentreActions = ReturnType<typeof useMatchCentre>['actions'];
