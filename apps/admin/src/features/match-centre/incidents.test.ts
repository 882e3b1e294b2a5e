import { describe, expect, it } from 'vitest';
import {
  changedFields,
  currentHalf,
  draftOf,
  formatMinute,
  groupIncidents,
  halfOfMinute,
  incidentFromResource,
  incidentSortKey,
  phaseOf,
  scoringSide,
  sortIncidents,
} from './incidents';
import type { Incident, IncidentType } from './types';

let nextId = 1;
function incident(type: IncidentType, half: number, minute: number, stoppage: number | null = null, id = String(nextId++)): Incident {
  return {
    id, incident_type: type, occurrence_half: half, occurrence_minute: minute, stoppage_minute: stoppage,
    component_kind: null, description: null, home_squad: null, own_goal: type === 'own_goal', section: null, sort_key: null,
    updated_at: '2026-01-01T00:00:00.000Z', match_id: '1', squad_id: null, player_id: null, related_player_id: null,
  };
}
const label = (i: Incident) => `${i.incident_type}@${i.occurrence_half}:${formatMinute(i.occurrence_minute, i.stoppage_minute)}`;

describe('spec §4 sort keys', () => {
  it('half·100 + minute; half_time at 98 + 100·half; second_half_started at 100·half − 1', () => {
    expect(incidentSortKey('goal', 1, 23)).toBe(123);
    expect(incidentSortKey('goal', 2, 67)).toBe(267);
    expect(incidentSortKey('half_time', 1, 45)).toBe(198);
    expect(incidentSortKey('second_half_started', 2, 45)).toBe(199);
    expect(incidentSortKey('half_time', 2, 90)).toBe(298);
    expect(incidentSortKey('second_half_started', 3, 90)).toBe(299);
  });

  it('keeps extra-time minutes inside their half (105\' stays before the break of half 3)', () => {
    expect(incidentSortKey('goal', 3, 100)).toBe(310);
    expect(incidentSortKey('goal', 3, 105)).toBeLessThan(incidentSortKey('half_time', 3, 105));
    expect(incidentSortKey('goal', 4, 120)).toBeLessThan(incidentSortKey('second_half_started', 5, 120));
    const list = [incident('second_half_started', 4, 105), incident('goal', 3, 105, 1), incident('half_time', 3, 105, 2), incident('goal', 4, 119)];
    expect(sortIncidents(list).map(label)).toEqual(["goal@3:105+1'", "half_time@3:105+2'", "second_half_started@4:105'", "goal@4:119'"]);
  });

  it('puts half-time and the restart between the halves, added time in order, whatever the input order', () => {
    const list = [
      incident('goal', 2, 46),
      incident('second_half_started', 2, 45),
      incident('yellow_card', 1, 45, 2),
      incident('half_time', 1, 45, 3),
      incident('goal', 1, 45),
      incident('goal', 1, 45, 1),
      incident('kick_off', 1, 0),
      incident('goal', 2, 45),
      incident('match_ended', 2, 90, 4),
      incident('red_card', 2, 90, 4),
      incident('goal', 2, 90, 2),
    ];
    expect(sortIncidents(list).map(label)).toEqual([
      "kick_off@1:0'",
      "goal@1:45'",
      "goal@1:45+1'",
      "yellow_card@1:45+2'",
      "half_time@1:45+3'",
      "second_half_started@2:45'",
      "goal@2:45'",
      "goal@2:46'",
      "goal@2:90+2'",
      "red_card@2:90+4'",
      "match_ended@2:90+4'",
    ]);
  });

  it('keeps incidents of the same moment in the order they were created', () => {
    const [a, b] = [incident('yellow_card', 1, 30, null, '10'), incident('goal', 1, 30, null, '9')];
    expect(sortIncidents([a, b]).map((i) => i.id)).toEqual(['9', '10']);
  });
});

describe('grouping by phase', () => {
  it('first half, half time, second half, extra time, penalties', () => {
    const list = [
      incident('missed_penalty', 5, 120),
      incident('goal', 3, 95),
      incident('half_time', 2, 90),
      incident('half_time', 1, 45),
      incident('goal', 1, 10),
      incident('second_half_started', 2, 45),
      incident('goal', 2, 50),
      incident('second_half_started', 3, 90),
      incident('half_time', 3, 105),
      incident('second_half_started', 4, 105),
      incident('goal', 4, 118),
      incident('second_half_started', 5, 120),
      incident('penalty', 5, 120),
    ];
    const groups = groupIncidents(list);
    expect(groups.map((g) => [g.phase, g.incidents.map(label)])).toEqual([
      ['firstHalf', ["goal@1:10'"]],
      ['halfTime', ["half_time@1:45'", "second_half_started@2:45'"]],
      ['secondHalf', ["goal@2:50'", "half_time@2:90'"]],
      ['extraTime', ["second_half_started@3:90'", "goal@3:95'", "half_time@3:105'", "second_half_started@4:105'", "goal@4:118'"]],
      ['penalties', ["second_half_started@5:120'", "missed_penalty@5:120'", "penalty@5:120'"]],
    ]);
    // Groups follow the sort order as a whole.
    expect(groups.flatMap((g) => g.incidents)).toEqual(sortIncidents(list));
  });

  it('leaves out empty phases', () => {
    expect(groupIncidents([]).length).toBe(0);
    expect(groupIncidents([incident('goal', 2, 60)]).map((g) => g.phase)).toEqual(['secondHalf']);
    expect(phaseOf({ incident_type: 'second_half_started', occurrence_half: 2 })).toBe('halfTime');
  });
});

describe('minutes', () => {
  it('reads as 23\' and 45+3\'', () => {
    expect(formatMinute(23)).toBe("23'");
    expect(formatMinute(45, 3)).toBe("45+3'");
    expect(formatMinute(90, null)).toBe("90'");
  });

  it('belongs to a half', () => {
    expect([0, 45, 46, 90, 91, 105, 106, 120, 121].map(halfOfMinute)).toEqual([1, 1, 2, 2, 3, 3, 4, 4, null]);
  });

  it('the current half is the latest one with an incident', () => {
    expect(currentHalf([])).toBe(1);
    expect(currentHalf([incident('goal', 1, 3), incident('goal', 2, 60)])).toBe(2);
  });
});

describe('incidents from resource objects', () => {
  const resource = {
    type: 'incidents',
    id: '7',
    attributes: { incident_type: 'goal', occurrence_half: 1, occurrence_minute: 45, stoppage_minute: 2, home_squad: true, own_goal: false, updated_at: 'u1' },
    relationships: { match: { data: { type: 'matches', id: '3' } }, squad: { data: { type: 'squads', id: '2' } }, player: { data: { type: 'players', id: '9' } }, related_player: { data: null } },
  };

  it('takes attributes and links', () => {
    expect(incidentFromResource(resource)).toMatchObject({ id: '7', incident_type: 'goal', stoppage_minute: 2, squad_id: '2', player_id: '9', related_player_id: null, match_id: '3', home_squad: true });
  });

  it('keeps what a partial object leaves out', () => {
    const before = incidentFromResource(resource);
    const after = incidentFromResource({ type: 'incidents', id: '7', attributes: { occurrence_minute: 44, updated_at: 'u2' } }, before);
    expect(after).toMatchObject({ occurrence_minute: 44, stoppage_minute: 2, player_id: '9', updated_at: 'u2' });
  });

  it('drafts and their differences', () => {
    const i = incidentFromResource(resource);
    expect(changedFields(draftOf(i), { ...draftOf(i), occurrence_minute: 44, stoppage_minute: null })).toEqual({ occurrence_minute: 44, stoppage_minute: null });
  });
});

describe('scoring side', () => {
  it('an own goal counts for the other side; shoot-out penalties not at all', () => {
    expect(scoringSide(incident('goal', 1, 3), 'home')).toBe('home');
    expect(scoringSide(incident('own_goal', 1, 3), 'home')).toBe('away');
    expect(scoringSide(incident('penalty', 5, 120), 'away')).toBe(null);
    expect(scoringSide(incident('yellow_card', 1, 3), 'away')).toBe(null);
  });
});
