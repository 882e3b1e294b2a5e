import { describe, expect, it } from 'vitest';
import {
  firstFreeShirtNumber,
  groupByPosition,
  matchesSearch,
  otherCaptains,
  putSquadPlayer,
  putSquadStaffMember,
  removeSquadPlayer,
  removeSquadStaffMember,
  upsertById,
  wearerOf,
  type SquadPlayerRecord,
  type SquadRecord,
} from './squad-members';

const member = (id: string, shirt: number | null, position: string | null, extra: Partial<SquadPlayerRecord> = {}): SquadPlayerRecord => ({
  id,
  shirt_number: shirt,
  position,
  is_captain: false,
  player_id: `p${id}`,
  player: { id: `p${id}`, first_name: 'Jan', last_name: `Kowalski${id}` },
  ...extra,
});

const squad = (): SquadRecord => ({
  id: '2',
  name: 'Legia Warszawa 2026/27',
  squad_players: [member('1', 1, 'goalkeeper'), member('2', 9, 'forward', { is_captain: true }), member('3', 4, 'defender')],
  squad_players_ids: ['1', '2', '3'],
  squad_staff_members: [
    { id: '10', staff_member_id: '7', staff_role_id: '1' },
    // The same person in a second role: a link of its own.
    { id: '11', staff_member_id: '7', staff_role_id: '2' },
  ],
  squad_staff_members_ids: ['10', '11'],
});

describe('a squad in memory (spec §4)', () => {
  it('adds a created squad player and lists its id, without nesting the squad again', () => {
    const created = { ...member('4', 23, 'midfielder'), squad: { id: '2' } } as SquadPlayerRecord;
    const next = putSquadPlayer(squad(), created);
    expect(next.squad_players!.map((m) => m.id)).toEqual(['1', '2', '3', '4']);
    expect(next.squad_players_ids).toEqual(['1', '2', '3', '4']);
    expect(next.squad_players![3]).not.toHaveProperty('squad');
  });

  it('replaces a changed squad player by id and keeps what the answer lacks', () => {
    const before = squad();
    const next = putSquadPlayer(before, { id: '3', shirt_number: 5, position: 'midfielder', player: undefined });
    expect(next.squad_players).toHaveLength(3);
    expect(next.squad_players![2]).toMatchObject({ id: '3', shirt_number: 5, position: 'midfielder', player: { last_name: 'Kowalski3' } });
    expect(before.squad_players![2].shirt_number).toBe(4);
  });

  it('removes a squad player', () => {
    const next = removeSquadPlayer(squad(), '2');
    expect(next.squad_players!.map((m) => m.id)).toEqual(['1', '3']);
    expect(next.squad_players_ids).toEqual(['1', '3']);
  });

  it('matches staff links by the link id, not the person', () => {
    const changed = putSquadStaffMember(squad(), { id: '11', staff_member_id: '7', staff_role_id: '3' });
    expect(changed.squad_staff_members!.map((l) => [l.id, l.staff_role_id])).toEqual([
      ['10', '1'],
      ['11', '3'],
    ]);
    const removed = removeSquadStaffMember(changed, '10');
    expect(removed.squad_staff_members!.map((l) => l.id)).toEqual(['11']);
    expect(removed.squad_staff_members_ids).toEqual(['11']);
    expect(putSquadStaffMember(squad(), { id: '12', staff_member_id: '8' }).squad_staff_members_ids).toEqual(['10', '11', '12']);
  });

  it('compares ids as text', () => {
    expect(upsertById([{ id: 1, a: 1 }], { id: '1', a: 2 })).toEqual([{ id: '1', a: 2 }]);
  });
});

describe('squad helpers', () => {
  it('groups players by position in the usual order, each by shirt number', () => {
    const groups = groupByPosition([member('1', 9, 'forward'), member('2', 7, 'forward'), member('3', 1, 'goalkeeper'), member('4', null, null)]);
    expect(groups.map((g) => g.position)).toEqual(['goalkeeper', 'forward', null]);
    expect(groups[1].members.map((m) => m.shirt_number)).toEqual([7, 9]);
  });

  it('finds the lowest free number and who wears a number', () => {
    const members = [member('1', 1, null), member('2', 2, null), member('3', 4, null)];
    expect(firstFreeShirtNumber(members)).toBe(3);
    expect(firstFreeShirtNumber(Array.from({ length: 99 }, (_, i) => member(String(i), i + 1, null)))).toBeNull();
    expect(wearerOf(members, 4)?.id).toBe('3');
    expect(wearerOf(members, 4, '3')).toBeUndefined();
  });

  it('hands the armband over from the other captains', () => {
    expect(otherCaptains(squad(), '1').map((m) => m.id)).toEqual(['2']);
    expect(otherCaptains(squad(), '2')).toEqual([]);
  });

  it('searches by name or exact shirt number', () => {
    const m = member('1', 10, null, { player: { id: 'p1', first_name: 'Łukasz', last_name: 'Wróbel', nickname: 'Wróbel' } });
    expect(matchesSearch(m, 'łuk')).toBe(true);
    expect(matchesSearch(m, 'Łukasz Wró')).toBe(true);
    expect(matchesSearch(m, '10')).toBe(true);
    expect(matchesSearch(m, '1')).toBe(false);
    expect(matchesSearch(m, '')).toBe(true);
  });
});
