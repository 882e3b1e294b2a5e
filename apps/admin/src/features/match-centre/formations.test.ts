import { describe, expect, it } from 'vitest';
import { FORMATIONS, formationLines, formationSlots, lineupIssues } from './formations';

describe('formations', () => {
  it('every offered formation has eleven places, the goalkeeper first', () => {
    for (const f of FORMATIONS) {
      const slots = formationSlots(f)!;
      expect(slots, f).toHaveLength(11);
      expect(slots[0]).toMatchObject({ place: 1, position: 'GK' });
      expect(slots.map((s) => s.place)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
      for (const s of slots) {
        expect(s.x).toBeGreaterThan(0);
        expect(s.x).toBeLessThan(100);
      }
    }
  });

  it('positions follow the lines, right to left', () => {
    expect(formationSlots('4-4-2')!.map((s) => s.position)).toEqual(['GK', 'RB', 'CB', 'CB', 'LB', 'RM', 'CM', 'CM', 'LM', 'ST', 'ST']);
    expect(formationSlots('4-2-3-1')!.map((s) => s.position)).toEqual(['GK', 'RB', 'CB', 'CB', 'LB', 'DM', 'DM', 'RW', 'AM', 'LW', 'ST']);
    expect(formationSlots('3-5-2')!.map((s) => s.position)).toEqual(['GK', 'CB', 'CB', 'CB', 'RM', 'CM', 'CM', 'CM', 'LM', 'ST', 'ST']);
    expect(formationSlots('5-3-2')!.map((s) => s.position)).toEqual(['GK', 'RWB', 'CB', 'CB', 'CB', 'LWB', 'CM', 'CM', 'CM', 'ST', 'ST']);
    const rb = formationSlots('4-3-3')![1];
    const lb = formationSlots('4-3-3')![4];
    expect(rb.x).toBeGreaterThan(lb.x);
  });

  it('lines further forward are higher up the pitch', () => {
    const slots = formationSlots('4-3-3')!;
    expect(slots[0].y).toBeGreaterThan(slots[1].y);
    expect(slots[1].y).toBeGreaterThan(slots[5].y);
    expect(slots[5].y).toBeGreaterThan(slots[10].y);
  });

  it('refuses what is not a formation of ten outfield players', () => {
    expect(formationLines('4-4-2')).toEqual([4, 4, 2]);
    expect(formationLines('4-4-3')).toBeNull();
    expect(formationLines('442')).toBeNull();
    expect(formationLines(null)).toBeNull();
    expect(formationSlots('x')).toBeNull();
  });
});

describe('lineup validation', () => {
  const entry = (shirt: number | null, starting = true, captain = false, position: string | null = 'CM') => ({
    shirt_number: shirt,
    is_starting: starting,
    is_captain: captain,
    position: position as never,
  });
  const eleven = () => [entry(1, true, true, 'GK'), ...[2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((n) => entry(n))];

  it('a complete lineup has no issues', () => {
    expect(lineupIssues([...eleven(), entry(12, false), entry(13, false)])).toEqual([]);
  });

  it('counts starters', () => {
    expect(lineupIssues(eleven().slice(0, 10))).toEqual([{ key: 'matchCentre.lineups.issues.starters', params: { selected: 10, required: 11 } }]);
    expect(lineupIssues([...eleven(), entry(12)])).toContainEqual({ key: 'matchCentre.lineups.issues.starters', params: { selected: 12, required: 11 } });
  });

  it('wants exactly one captain', () => {
    const none = eleven().map((e) => ({ ...e, is_captain: false }));
    expect(lineupIssues(none)).toEqual([{ key: 'matchCentre.lineups.issues.noCaptain' }]);
    const two = eleven().map((e, i) => ({ ...e, is_captain: i < 2 }));
    expect(lineupIssues(two)).toEqual([{ key: 'matchCentre.lineups.issues.captains', params: { captains: 2 } }]);
  });

  it('finds duplicate shirt numbers once each', () => {
    expect(lineupIssues([...eleven(), entry(9, false), entry(9, false)])).toEqual([{ key: 'matchCentre.lineups.issues.duplicateShirt', params: { shirt: 9 } }]);
  });

  it('wants a goalkeeper among the starters', () => {
    expect(lineupIssues(eleven().map((e) => ({ ...e, position: 'CB' as never })))).toEqual([{ key: 'matchCentre.lineups.issues.noGoalkeeper' }]);
  });

  it('an empty lineup only lacks its starters', () => {
    expect(lineupIssues([])).toEqual([{ key: 'matchCentre.lineups.issues.starters', params: { selected: 0, required: 11 } }]);
  });
});
