import type { RaRecord } from 'react-admin';
import { PLAYER_POSITIONS } from '@umpire/schema/enums';
import type { ImageRecord, PlayerRecord, SeasonRecord, StaffMemberRecord, StaffRoleRecord, TeamRecord } from './people';

/**
 * A squad in memory (spec §4): adding, changing and removing its players and staff changes the
 * loaded squad, without loading it again. Staff links are matched by the link's own id, since
 * one person may hold two roles in a squad.
 */
export interface SquadPlayerRecord extends RaRecord {
  shirt_number?: number | null;
  position?: string | null;
  is_captain?: boolean;
  joined_on?: string | null;
  left_on?: string | null;
  squad_id?: string;
  player_id?: string;
  player?: PlayerRecord;
}

export interface SquadStaffMemberRecord extends RaRecord {
  since?: string | null;
  squad_id?: string;
  staff_member_id?: string;
  staff_role_id?: string | null;
  staff_member?: StaffMemberRecord;
  staff_role?: StaffRoleRecord | null;
}

export interface SquadRecord extends RaRecord {
  name?: string;
  season_id?: string;
  team_id?: string;
  image_id?: string | null;
  season?: SeasonRecord;
  team?: TeamRecord;
  image?: ImageRecord | null;
  squad_players?: SquadPlayerRecord[];
  squad_players_ids?: string[];
  squad_staff_members?: SquadStaffMemberRecord[];
  squad_staff_members_ids?: string[];
}

type Position = (typeof PLAYER_POSITIONS)[number];
export const POSITIONS: readonly Position[] = PLAYER_POSITIONS;

const sameId = (a: unknown, b: unknown) => String(a) === String(b);

/** Replaces the item with the same id (keeping links the new copy lacks), or appends it. */
export function upsertById<T extends RaRecord>(list: readonly T[] | undefined, item: T): T[] {
  const items = list ?? [];
  const index = items.findIndex((i) => sameId(i.id, item.id));
  if (index === -1) return [...items, item];
  const merged = { ...items[index], ...Object.fromEntries(Object.entries(item).filter(([, v]) => v !== undefined)) };
  return [...items.slice(0, index), merged, ...items.slice(index + 1)];
}

export function removeById<T extends RaRecord>(list: readonly T[] | undefined, id: RaRecord['id']): T[] {
  return (list ?? []).filter((i) => !sameId(i.id, id));
}

/** The squad as the link back from a created or changed member, so it does not nest the squad twice. */
function withoutSquad<T extends RaRecord>(member: T): T {
  const { squad: _squad, ...rest } = member as T & { squad?: unknown };
  return rest as unknown as T;
}

export function putSquadPlayer(squad: SquadRecord, member: SquadPlayerRecord): SquadRecord {
  const squad_players = upsertById(squad.squad_players, withoutSquad(member));
  return { ...squad, squad_players, squad_players_ids: squad_players.map((m) => String(m.id)) };
}

export function removeSquadPlayer(squad: SquadRecord, id: RaRecord['id']): SquadRecord {
  const squad_players = removeById(squad.squad_players, id);
  return { ...squad, squad_players, squad_players_ids: squad_players.map((m) => String(m.id)) };
}

export function putSquadStaffMember(squad: SquadRecord, link: SquadStaffMemberRecord): SquadRecord {
  const squad_staff_members = upsertById(squad.squad_staff_members, withoutSquad(link));
  return { ...squad, squad_staff_members, squad_staff_members_ids: squad_staff_members.map((m) => String(m.id)) };
}

export function removeSquadStaffMember(squad: SquadRecord, linkId: RaRecord['id']): SquadRecord {
  const squad_staff_members = removeById(squad.squad_staff_members, linkId);
  return { ...squad, squad_staff_members, squad_staff_members_ids: squad_staff_members.map((m) => String(m.id)) };
}

/** Only one captain: making one captain hands the armband over from the others. */
export function otherCaptains(squad: SquadRecord, newCaptainId: RaRecord['id']): SquadPlayerRecord[] {
  return (squad.squad_players ?? []).filter((m) => m.is_captain && !sameId(m.id, newCaptainId));
}

export interface PositionGroup {
  position: Position | null;
  members: SquadPlayerRecord[];
}

/** Goalkeepers, defenders, midfielders, forwards, then players without a position; by shirt number. */
export function groupByPosition(members: readonly SquadPlayerRecord[]): PositionGroup[] {
  const byNumber = (a: SquadPlayerRecord, b: SquadPlayerRecord) =>
    (a.shirt_number ?? 1000) - (b.shirt_number ?? 1000) || (a.player?.last_name ?? '').localeCompare(b.player?.last_name ?? '');
  const groups: PositionGroup[] = POSITIONS.map((position) => ({
    position,
    members: members.filter((m) => m.position === position).sort(byNumber),
  }));
  const other = members.filter((m) => !m.position || !POSITIONS.includes(m.position as Position)).sort(byNumber);
  if (other.length) groups.push({ position: null, members: other });
  return groups.filter((g) => g.members.length > 0);
}

/** A person's squads, newest season first (then the newest role within a season). */
export function sortBySeason<T extends { squad?: SquadRecord; since?: string | null }>(links: readonly T[]): T[] {
  return [...links].sort(
    (a, b) => (b.squad?.season?.start_date ?? '').localeCompare(a.squad?.season?.start_date ?? '') || (b.since ?? '').localeCompare(a.since ?? ''),
  );
}

export const SHIRT_NUMBERS = { min: 1, max: 99 } as const;

/** The lowest shirt number nobody in the squad wears. */
export function firstFreeShirtNumber(members: readonly SquadPlayerRecord[]): number | null {
  const taken = new Set(members.map((m) => m.shirt_number));
  for (let n = SHIRT_NUMBERS.min; n <= SHIRT_NUMBERS.max; n++) if (!taken.has(n)) return n;
  return null;
}

/** Who already wears `number` (other than `exceptId`). */
export function wearerOf(members: readonly SquadPlayerRecord[], number: number, exceptId?: RaRecord['id']): SquadPlayerRecord | undefined {
  return members.find((m) => m.shirt_number === number && (exceptId === undefined || !sameId(m.id, exceptId)));
}

/** Search within a squad: by name, nickname or shirt number. */
export function matchesSearch(member: SquadPlayerRecord, query: string): boolean {
  const q = query.trim().toLocaleLowerCase();
  if (!q) return true;
  if (/^\d+$/.test(q)) return String(member.shirt_number ?? '') === q;
  const p = member.player;
  return [p?.first_name, p?.last_name, p?.nickname, `${p?.first_name ?? ''} ${p?.last_name ?? ''}`]
    .filter(Boolean)
    .some((text) => text!.toLocaleLowerCase().includes(q));
}
