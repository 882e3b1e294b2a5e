import { describe, expect, it } from 'vitest';
import { incidentFromResource } from './incidents';
import { initial, reduce } from './use-match-centre';
import type { ResourceObject } from './types';

const resource = (id: string, minute: number, updated_at = '2026-01-01T10:00:00.000Z'): ResourceObject => ({
  type: 'incidents',
  id,
  attributes: { incident_type: 'goal', occurrence_half: 1, occurrence_minute: minute, updated_at },
  relationships: { squad: { data: { type: 'squads', id: '2' } } },
});

describe('the match centre state', () => {
  it('keeps the channel snapshot when the first HTTP read answers after it', () => {
    let state = reduce(initial, { type: 'incidentsMessage', me: 'admin', message: { action: 'snapshot', incidents: [resource('1', 10), resource('2', 20)] } });
    state = reduce(state, { type: 'incidents', incidents: [incidentFromResource(resource('1', 10))] });
    expect(state.incidents.map((i) => i.id)).toEqual(['1', '2']);
    expect(state.incidentsLoaded).toBe(true);
  });

  it('marks what others change, not what I change', () => {
    let state = reduce(initial, { type: 'incidentsMessage', me: 'admin', message: { action: 'created', incident: resource('1', 10), actor: 'admin' } });
    expect(state.remote).toEqual({});
    state = reduce(state, { type: 'incidentsMessage', me: 'admin', message: { action: 'updated', incident: resource('1', 11, '2026-01-01T10:01:00.000Z'), actor: 'editor' } });
    expect(state.remote['1']).toMatchObject({ action: 'updated', actor: 'editor' });
    expect(state.lastRemote?.incident.occurrence_minute).toBe(11);
    state = reduce(state, { type: 'incidentsMessage', me: 'admin', message: { action: 'deleted', id: '1', actor: 'editor' } });
    expect(state.incidents).toEqual([]);
    expect(state.lastRemote).toMatchObject({ action: 'deleted', actor: 'editor', incident: { id: '1', occurrence_minute: 11 } });
  });

  it('does not bring back an incident deleted here when a late update arrives', () => {
    let state = reduce(initial, { type: 'incidents', incidents: [incidentFromResource(resource('1', 10))] });
    state = reduce(state, { type: 'removeIncident', id: '1' });
    state = reduce(state, { type: 'incidentsMessage', me: 'admin', message: { action: 'updated', incident: resource('1', 12, '2026-01-01T11:00:00.000Z'), actor: 'editor' } });
    expect(state.incidents).toEqual([]);
    state = reduce(state, { type: 'upsertIncident', incident: incidentFromResource(resource('1', 12)) });
    expect(state.incidents).toEqual([]);
  });
});
