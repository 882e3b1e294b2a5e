import { describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { CoreAdminContext, HttpError, useDelete, type DataProvider } from 'react-admin';
import manifest from 'virtual:umpire/resources';
import { deleteModeOf } from '../../../framework/generic/use-resource-def';
import type { SquadRecord } from '../../../framework/records/squad-members';
import { squadQueryKey, useSquadMembers } from './use-squad';

function setUp(dataProvider: Partial<DataProvider>) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <CoreAdminContext dataProvider={dataProvider as DataProvider} queryClient={queryClient}>
      {children}
    </CoreAdminContext>
  );
  return { queryClient, wrapper };
}

const loaded = (): SquadRecord => ({
  id: '2',
  name: 'Legia Warszawa 2026/27',
  squad_players: [{ id: '1', shirt_number: 1, position: 'goalkeeper', player_id: '10', player: { id: '10', last_name: 'Lysenko' } }],
  squad_players_ids: ['1'],
  squad_staff_members: [{ id: '5', staff_member_id: '20', staff_role_id: '1' }],
  squad_staff_members_ids: ['5'],
});

describe('squad members change the squad in memory (spec §4)', () => {
  it('adds, changes and removes players and staff without loading the squad again', async () => {
    const dataProvider = {
      create: vi.fn(async (resource: string, params: { data: Record<string, unknown> }) => ({
        data: resource === 'squad_players' ? { id: '2', ...params.data, player: { id: '11', last_name: 'Nowak' }, squad: { id: '2' } } : { id: '6', ...params.data },
      })),
      update: vi.fn(async (_resource: string, params: { id: unknown; data: Record<string, unknown> }) => ({ data: { ...params.data, id: params.id } })),
      delete: vi.fn(async (_resource: string, params: { id: unknown }) => ({ data: { id: params.id } })),
      getOne: vi.fn(),
    };
    const { queryClient, wrapper } = setUp(dataProvider as unknown as DataProvider);
    queryClient.setQueryData(squadQueryKey('2'), loaded());
    const { result } = renderHook(() => useSquadMembers('2'), { wrapper });
    const squad = () => queryClient.getQueryData<SquadRecord>(squadQueryKey('2'))!;

    await act(() => result.current.addPlayer({ player_id: '11', shirt_number: 23, position: 'midfielder' }));
    expect(dataProvider.create).toHaveBeenCalledWith('squad_players', {
      data: { player_id: '11', shirt_number: 23, position: 'midfielder', squad_id: '2' },
      meta: { include: ['player.image', 'squad'] },
    });
    expect(squad().squad_players!.map((m) => [m.id, m.shirt_number, m.player?.last_name])).toEqual([
      ['1', 1, 'Lysenko'],
      ['2', 23, 'Nowak'],
    ]);

    await act(() => result.current.updatePlayer(squad().squad_players![1], { position: 'forward' }));
    expect(squad().squad_players![1]).toMatchObject({ id: '2', position: 'forward', player: { last_name: 'Nowak' } });

    await act(() => result.current.removePlayer(squad().squad_players![0]));
    expect(squad().squad_players_ids).toEqual(['2']);

    await act(() => result.current.addStaff({ staff_member_id: '20', staff_role_id: '2' }));
    await act(() => result.current.updateStaff(squad().squad_staff_members![0], { staff_role_id: '3' }));
    expect(squad().squad_staff_members!.map((l) => [l.id, l.staff_role_id])).toEqual([
      ['5', '3'],
      ['6', '2'],
    ]);
    await act(() => result.current.removeStaff(squad().squad_staff_members![1]));
    expect(squad().squad_staff_members_ids).toEqual(['5']);
    expect(dataProvider.getOne).not.toHaveBeenCalled();
  });

  it('leaves the squad as it was when the server refuses (a shirt number already taken)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const refusal = new HttpError('Unprocessable', 422, { errors: { shirt_number: 'Already taken' } });
    const dataProvider = { create: vi.fn(async () => Promise.reject(refusal)) };
    const { queryClient, wrapper } = setUp(dataProvider);
    queryClient.setQueryData(squadQueryKey('2'), loaded());
    const { result } = renderHook(() => useSquadMembers('2'), { wrapper });
    await expect(result.current.addPlayer({ player_id: '11', shirt_number: 1 })).rejects.toBe(refusal);
    expect(queryClient.getQueryData<SquadRecord>(squadQueryKey('2'))).toEqual(loaded());
  });
});

describe('deleting a squad (spec §4)', () => {
  const squads = manifest.find((r) => r.type === 'squads')!;
  const listKey = ['squads', 'getList', { pagination: { page: 1, perPage: 25 }, sort: { field: 'name', order: 'ASC' }, filter: {} }];
  const list = { data: [{ id: '1', name: 'A' }, { id: '2', name: 'B' }], total: 2 };

  it('removes the squad from the list before the call and puts it back when the call fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail!: (error: unknown) => void;
    const dataProvider = { delete: vi.fn(() => new Promise((_, reject) => (fail = reject))), getList: vi.fn(async () => list) };
    const { queryClient, wrapper } = setUp(dataProvider as unknown as DataProvider);
    queryClient.setQueryData(listKey, list);
    const { result } = renderHook(() => useDelete(), { wrapper });

    expect(deleteModeOf(squads)).toBe('optimistic');
    act(() => {
      void result.current[0]('squads', { id: '2', previousData: list.data[1] }, { mutationMode: deleteModeOf(squads) });
    });
    await waitFor(() => expect(queryClient.getQueryData<typeof list>(listKey)!.data.map((s) => s.id)).toEqual(['1']));
    expect(dataProvider.delete).toHaveBeenCalledTimes(1);

    act(() => fail(new HttpError('Conflict', 409, {})));
    await waitFor(() => expect(queryClient.getQueryData<typeof list>(listKey)!.data.map((s) => s.id)).toEqual(['1', '2']));
  });

  it('deletes other resources only once the server confirms', () => {
    expect(deleteModeOf(manifest.find((r) => r.type === 'clubs')!)).toBe('pessimistic');
  });
});
