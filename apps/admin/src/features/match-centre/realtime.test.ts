import { describe, expect, it } from 'vitest';
import { applyIncidentsMessage, applyLineupMessage, parseIncidentsMessage, parseMatchMessage } from './realtime';
import type { Incident, Lineup, ResourceObject } from './types';

const ref = (type: string, id: string | null) => ({ data: id === null ? null : { type, id } });

function resource(id: string, type: string, half: number, minute: number, extra: Record<string, unknown> = {}, updated_at = '2026-01-01T10:00:00.000Z'): ResourceObject {
  return {
    type: 'incidents',
    id,
    attributes: { incident_type: type, occurrence_half: half, occurrence_minute: minute, stoppage_minute: null, updated_at, ...extra },
    relationships: { match: ref('matches', '1'), squad: ref('squads', '2'), player: ref('players', '9'), related_player: ref('players', null) },
  };
}

const ids = (list: Incident[]) => list.map((i) => i.id);

describe('applying IncidentsChannel messages to the local list', () => {
  const start = applyIncidentsMessage([], { action: 'snapshot', incidents: [resource('3', 'goal', 2, 50), resource('1', 'kick_off', 1, 0), resource('2', 'half_time', 1, 45)] });

  it('snapshot: replaces the list, sorted (spec §4)', () => {
    expect(ids(start)).toEqual(['1', '2', '3']);
    const after = applyIncidentsMessage(start, { action: 'snapshot', incidents: [resource('5', 'goal', 1, 10)] });
    expect(ids(after)).toEqual(['5']);
  });

  it('created: adds in match order', () => {
    const after = applyIncidentsMessage(start, { action: 'created', incident: resource('4', 'yellow_card', 1, 30), actor: 'editor' });
    expect(ids(after)).toEqual(['1', '4', '2', '3']);
    // The same message twice (an own change echoed back) changes nothing.
    expect(ids(applyIncidentsMessage(after, { action: 'created', incident: resource('4', 'yellow_card', 1, 30) }))).toEqual(['1', '4', '2', '3']);
  });

  it('updated: replaces by id and re-sorts', () => {
    const after = applyIncidentsMessage(start, { action: 'updated', incident: resource('3', 'goal', 1, 12, {}, '2026-01-01T10:01:00.000Z') });
    expect(ids(after)).toEqual(['1', '3', '2']);
    expect(after.find((i) => i.id === '3')).toMatchObject({ occurrence_half: 1, occurrence_minute: 12 });
  });

  it('updated: an older version never replaces a newer one', () => {
    const newer = applyIncidentsMessage(start, { action: 'updated', incident: resource('3', 'goal', 2, 60, {}, '2026-01-01T10:05:00.000Z') });
    const late = applyIncidentsMessage(newer, { action: 'updated', incident: resource('3', 'goal', 2, 55, {}, '2026-01-01T10:02:00.000Z') });
    expect(late.find((i) => i.id === '3')!.occurrence_minute).toBe(60);
  });

  it('updated: an unknown id is added', () => {
    expect(ids(applyIncidentsMessage(start, { action: 'updated', incident: resource('9', 'red_card', 2, 80) }))).toEqual(['1', '2', '3', '9']);
  });

  it('deleted: removes by id; a late update of a deleted incident stays out', () => {
    const after = applyIncidentsMessage(start, { action: 'deleted', id: 2 });
    expect(ids(after)).toEqual(['1', '3']);
    expect(applyIncidentsMessage(after, { action: 'deleted', id: '2' })).toBe(after);
    expect(ids(applyIncidentsMessage(after, { action: 'updated', incident: resource('2', 'half_time', 1, 45) }, new Set(['2'])))).toEqual(['1', '3']);
  });
});

describe('parsing channel messages', () => {
  it('IncidentsChannel', () => {
    expect(parseIncidentsMessage({ action: 'created', incident: resource('4', 'goal', 1, 3), actor: 'editor' })).toMatchObject({ action: 'created', actor: 'editor' });
    expect(parseIncidentsMessage({ action: 'deleted', id: '4', actor: 'editor' })).toEqual({ action: 'deleted', id: '4', actor: 'editor' });
    expect(parseIncidentsMessage({ action: 'deleted', incident: { type: 'incidents', id: '5' } })).toMatchObject({ action: 'deleted', id: '5' });
    expect(parseIncidentsMessage({ action: 'snapshot', incidents: [resource('1', 'goal', 1, 1), 'junk'] })).toMatchObject({ action: 'snapshot', incidents: [{ id: '1' }] });
    expect(parseIncidentsMessage({ action: 'other' })).toBeNull();
    expect(parseIncidentsMessage('text')).toBeNull();
  });

  it('MatchChannel: match, lineup and presence', () => {
    const match = { type: 'matches', id: '1', attributes: { home_score: 1 } };
    expect(parseMatchMessage({ action: 'snapshot', match })).toEqual({ action: 'snapshot', match });
    expect(parseMatchMessage({ action: 'updated', match, id: '1', actor: 'admin' })).toEqual({ action: 'updated', match, actor: 'admin' });
    const lineup = { type: 'lineups', id: '8', attributes: {} };
    expect(parseMatchMessage({ action: 'deleted', lineup, id: '8', actor: 'admin' })).toMatchObject({ action: 'deleted', lineup, id: '8' });
    expect(parseMatchMessage({ action: 'presence', viewers: [{ username: 'admin', connections: 2 }, { nope: 1 }] })).toEqual({
      action: 'presence',
      viewers: [{ username: 'admin', connections: 2 }],
    });
  });
});

describe('lineup messages', () => {
  const lineup = (id: string, place: number | null, starting = true, updated_at = '2026-01-01T10:00:00.000Z'): ResourceObject => ({
    type: 'lineups',
    id,
    attributes: { is_starting: starting, formation_place: place, shirt_number: Number(id), is_captain: false, position: null, updated_at },
    relationships: { match: ref('matches', '1'), squad: ref('squads', '2'), player: ref('players', `p${id}`) },
  });

  it('adds, updates and removes, starters first by place', () => {
    let list: Lineup[] = [];
    list = applyLineupMessage(list, { action: 'created', lineup: lineup('5', 2) }, '1');
    list = applyLineupMessage(list, { action: 'created', lineup: lineup('6', 1) }, '1');
    list = applyLineupMessage(list, { action: 'created', lineup: lineup('7', null, false) }, '1');
    expect(list.map((l) => l.id)).toEqual(['6', '5', '7']);
    list = applyLineupMessage(list, { action: 'updated', lineup: lineup('5', null, false, '2026-01-01T10:01:00.000Z') }, '1');
    expect(list.map((l) => [l.id, l.is_starting])).toEqual([['6', true], ['5', false], ['7', false]]);
    list = applyLineupMessage(list, { action: 'deleted', lineup: { type: 'lineups', id: '6' }, id: '6' }, '1');
    expect(list.map((l) => l.id)).toEqual(['5', '7']);
  });

  it('ignores lineups of another match', () => {
    const other = { ...lineup('9', 3), relationships: { ...lineup('9', 3).relationships, match: ref('matches', '2') } };
    expect(applyLineupMessage([], { action: 'created', lineup: other }, '1')).toEqual([]);
  });
});
