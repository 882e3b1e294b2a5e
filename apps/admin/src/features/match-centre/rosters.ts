import type { RosterEntry } from './command-parser';
import type { Lineup, PlayerInfo, Side, SquadPlayer } from './types';

/**
 * Who can be named for each side: the squad's players with the shirt they wear in this match
 * (the lineup's number when it has one, else the squad's).
 */
export interface RosterPlayer {
  playerId: string;
  shirt: number | null;
  name: string;
  /** The squad's position (goalkeeper, defender, ...). */
  squadPosition: string | null;
  inLineup: boolean;
}

export interface TeamRoster {
  side: Side;
  squadId: string;
  players: RosterPlayer[];
  /** Players with a shirt number, for the command line. */
  entries: RosterEntry[];
  byPlayer: Map<string, RosterPlayer>;
}

export function playerName(player: PlayerInfo | undefined): string | null {
  if (!player) return null;
  const name = `${player.first_name} ${player.last_name}`.trim();
  return name || player.nickname || null;
}

export function buildRoster(
  side: Side,
  squadId: string,
  squadPlayers: readonly SquadPlayer[],
  lineups: readonly Lineup[],
  players: Readonly<Record<string, PlayerInfo>>,
): TeamRoster {
  const own = lineups.filter((l) => l.squad_id === squadId);
  const byPlayer = new Map<string, RosterPlayer>();
  const add = (playerId: string, shirt: number | null, squadPosition: string | null, inLineup: boolean) => {
    if (!playerId || byPlayer.has(playerId)) return;
    byPlayer.set(playerId, { playerId, shirt, name: playerName(players[playerId]) ?? `#${playerId}`, squadPosition, inLineup });
  };
  for (const l of own) add(l.player_id, l.shirt_number ?? squadPlayers.find((s) => s.player_id === l.player_id)?.shirt_number ?? null, squadPlayers.find((s) => s.player_id === l.player_id)?.position ?? null, true);
  for (const s of squadPlayers) add(s.player_id, s.shirt_number, s.position, false);
  const list = [...byPlayer.values()].sort((a, b) => (a.shirt ?? 999) - (b.shirt ?? 999) || a.name.localeCompare(b.name));
  // A number worn twice (a lineup override) goes to the player in the lineup.
  const entries: RosterEntry[] = [];
  const taken = new Set<number>();
  for (const p of [...list.filter((p) => p.inLineup), ...list.filter((p) => !p.inLineup)]) {
    if (p.shirt === null || taken.has(p.shirt)) continue;
    taken.add(p.shirt);
    entries.push({ playerId: p.playerId, shirt: p.shirt, name: p.name });
  }
  return { side, squadId, players: list, entries, byPlayer };
}

/** "Jan Kowalski (9)". */
export function playerLabel(roster: TeamRoster | undefined, playerId: string | null, players: Readonly<Record<string, PlayerInfo>>): string | null {
  if (!playerId) return null;
  const known = roster?.byPlayer.get(playerId);
  const name = known?.name ?? playerName(players[playerId]) ?? `#${playerId}`;
  return known?.shirt != null ? `${name} (${known.shirt})` : name;
}
