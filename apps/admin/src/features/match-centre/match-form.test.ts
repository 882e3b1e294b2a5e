import { describe, expect, it } from 'vitest';
import { changesOf, recordOf } from './match-form';
import { mergeMatchResource } from './api';
import type { MatchInfo } from './types';

const team = { squadId: '2', name: 'Legia', shortName: 'Legia', code: null, primaryColor: null, secondaryColor: null, crestPath: null };
const match = {
  id: '7', kickoff_at: '2026-05-02T16:00:00.000Z', status: 'not_started', home_score: 0, away_score: 0, home_half_time_score: null, away_half_time_score: null,
  home_formation: null, away_formation: null, attendance: 100, referee: 'A', alerts_muted: false, updated_at: 'u', round_id: '1', group_id: null, venue_id: '3',
  home_squad_id: '2', away_squad_id: '4', transmission_providers_ids: ['5', '1'], round: null, venue: null, transmission_providers: [], home: team, away: team,
} as MatchInfo;

describe('match details: what a save sends', () => {
  const record = recordOf(match);

  it('nothing when nothing changed', () => {
    expect(changesOf(record, { ...record, transmission_providers_ids: ['1', '5'] })).toEqual({ attributes: {}, relationships: {} });
  });

  it('changed attributes and links only; cleared values become null', () => {
    expect(changesOf(record, { ...record, referee: '', attendance: 200, venue_id: null, group_id: '9', transmission_providers_ids: ['1'] })).toEqual({
      attributes: { referee: null, attendance: 200 },
      relationships: { venue: null, group: '9', transmission_providers: ['1'] },
    });
  });

  it('a disabled input (no value) is not a change', () => {
    const { home_squad_id: _h, away_squad_id: _a, ...values } = record;
    expect(changesOf(record, { ...values, home_squad_id: undefined })).toEqual({ attributes: {}, relationships: {} });
  });
});

describe('a match update from the channel', () => {
  const resource = (providers?: string[]) => ({
    type: 'matches',
    id: '7',
    attributes: { attendance: 200 },
    relationships: {
      venue: { data: { type: 'venues', id: '3' } },
      ...(providers ? { transmission_providers: { data: providers.map((id) => ({ type: 'transmission_providers', id })) } } : {}),
    },
  });

  it('merges attributes and asks for a reload only when a link moved, broadcasters included', () => {
    const same = mergeMatchResource(match, resource(['1', '5']));
    expect(same).toMatchObject({ relinked: false, match: { attendance: 200 } });
    expect(mergeMatchResource(match, resource()).relinked).toBe(false);
    expect(mergeMatchResource(match, resource(['1'])).relinked).toBe(true);
  });

  it("carries whether the match's alerts are muted, as either database answers it, and keeps it when not sent", () => {
    const muted = (value: unknown) => mergeMatchResource(match, { type: 'matches', id: '7', attributes: { alerts_muted: value } }).match.alerts_muted;
    expect(muted(true)).toBe(true);
    expect(muted(1)).toBe(true);
    expect(muted(false)).toBe(false);
    expect(muted(0)).toBe(false);
    expect(mergeMatchResource({ ...match, alerts_muted: true }, resource()).match.alerts_muted).toBe(true);
  });
});
