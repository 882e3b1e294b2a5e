import { useCallback, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useGetOne, type Identifier, type RaRecord } from 'react-admin';
import {
  putSquadPlayer,
  putSquadStaffMember,
  removeSquadPlayer,
  removeSquadStaffMember,
  type SquadPlayerRecord,
  type SquadRecord,
  type SquadStaffMemberRecord,
} from '../../../framework/records/squad-members';

/** Spec §3: a squad with its team (and club crest), season, players and staff with their images and roles. */
export const SQUAD_INCLUDE = [
  'image',
  'team.image',
  'team.club.image',
  'season',
  'squad_players.player.image',
  'squad_staff_members.staff_member.image',
  'squad_staff_members.staff_role',
];
export const SQUAD_META = { include: SQUAD_INCLUDE };

/** Spec §3/§7: a created squad player comes back with its player and squad. */
const SQUAD_PLAYER_META = { include: ['player.image', 'squad'] };
const SQUAD_STAFF_META = { include: ['staff_member.image', 'staff_role', 'squad'] };

export const squadQueryKey = (id: Identifier) => ['squads', 'getOne', { id: String(id), meta: SQUAD_META }];

/** A loaded squad stays in memory; it is fetched again only when forced (the refresh button). */
export function useSquad(id: Identifier | undefined) {
  return useGetOne<SquadRecord>('squads', { id: id!, meta: SQUAD_META }, { enabled: id !== undefined, staleTime: Infinity, refetchOnWindowFocus: false });
}

/**
 * Adding, changing and removing a squad's players and staff: each call goes to the server, then
 * the squad in memory changes (spec §4). The people's own pages, which list their squads, are
 * marked stale so they load again when next opened.
 */
export function useSquadMembers(squadId: Identifier) {
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();

  const change = useCallback(
    (fn: (squad: SquadRecord) => SquadRecord) => queryClient.setQueryData<SquadRecord>(squadQueryKey(squadId), (old) => (old ? fn(old) : old)),
    [queryClient, squadId],
  );
  const staleProfile = useCallback(
    (resource: 'players' | 'staff_members', id: Identifier | undefined) => {
      if (id === undefined) return;
      void queryClient.invalidateQueries({
        predicate: (q) => q.queryKey[0] === resource && q.queryKey[1] === 'getOne' && String((q.queryKey[2] as { id?: unknown })?.id) === String(id),
      });
    },
    [queryClient],
  );
  const staleStats = useCallback(() => void queryClient.invalidateQueries({ queryKey: ['squads', 'stats', String(squadId)] }), [queryClient, squadId]);

  return useMemo(
    () => ({
      async addPlayer(data: Partial<SquadPlayerRecord>): Promise<SquadPlayerRecord> {
        const { data: created } = await dataProvider.create<SquadPlayerRecord>('squad_players', {
          data: { ...data, squad_id: squadId },
          meta: SQUAD_PLAYER_META,
        });
        change((squad) => putSquadPlayer(squad, created));
        staleProfile('players', created.player_id);
        staleStats();
        return created;
      },
      async updatePlayer(previous: SquadPlayerRecord, data: Partial<SquadPlayerRecord>): Promise<SquadPlayerRecord> {
        const { data: updated } = await dataProvider.update<SquadPlayerRecord>('squad_players', {
          id: previous.id,
          data: { ...previous, ...data },
          previousData: previous,
          meta: SQUAD_PLAYER_META,
        });
        change((squad) => putSquadPlayer(squad, updated));
        staleProfile('players', previous.player_id);
        return updated;
      },
      async removePlayer(member: SquadPlayerRecord): Promise<void> {
        await dataProvider.delete('squad_players', { id: member.id, previousData: member });
        change((squad) => removeSquadPlayer(squad, member.id));
        staleProfile('players', member.player_id);
        staleStats();
      },
      async addStaff(data: Partial<SquadStaffMemberRecord>): Promise<SquadStaffMemberRecord> {
        const { data: created } = await dataProvider.create<SquadStaffMemberRecord>('squad_staff_members', {
          data: { ...data, squad_id: squadId },
          meta: SQUAD_STAFF_META,
        });
        change((squad) => putSquadStaffMember(squad, created));
        staleProfile('staff_members', created.staff_member_id);
        return created;
      },
      async updateStaff(previous: SquadStaffMemberRecord, data: Partial<SquadStaffMemberRecord>): Promise<SquadStaffMemberRecord> {
        const { data: updated } = await dataProvider.update<SquadStaffMemberRecord>('squad_staff_members', {
          id: previous.id,
          data: { ...previous, ...data },
          previousData: previous,
          meta: SQUAD_STAFF_META,
        });
        change((squad) => putSquadStaffMember(squad, updated));
        staleProfile('staff_members', previous.staff_member_id);
        return updated;
      },
      async removeStaff(link: SquadStaffMemberRecord): Promise<void> {
        await dataProvider.delete('squad_staff_members', { id: link.id, previousData: link });
        change((squad) => removeSquadStaffMember(squad, link.id));
        staleProfile('staff_members', link.staff_member_id);
      },
      /** Creates a person first (a player or staff member added inline). */
      async createPerson<T extends RaRecord>(resource: 'players' | 'staff_members', data: Partial<T>): Promise<T> {
        const { data: created } = await dataProvider.create<T>(resource, { data: data as T });
        return created;
      },
    }),
    [dataProvider, squadId, change, staleProfile, staleStats],
  );
}
