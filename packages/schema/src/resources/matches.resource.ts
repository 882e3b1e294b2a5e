import { z } from 'zod';
import { MATCH_STATUSES } from '../enums';
import { defineResource } from '../resource';
import { integer, isoDateTime, oneOf, text } from '../validators';

const formation = () => z.string({ error: 'invalidType' }).regex(/^[1-6](-[1-6]){1,4}$/, { error: 'pattern' });

/** A match; its score follows from its incidents and is never typed in, as its status does unless staff postpone, cancel or abandon it. */
export const matches = defineResource({
  type: 'matches',
  table: 'matches',
  /** Spec §7: fetched with deep includes (a round with its matches' squads' club images). */
  maxIncludeDepth: 4,
  section: 'calendar',
  defaultSort: 'kickoff_at',
  public: { reach: 'listed', attributes: ['kickoff_at', 'status', 'home_score', 'away_score', 'home_half_time_score', 'away_half_time_score', 'home_formation', 'away_formation', 'attendance', 'referee'], relationships: ['round', 'group', 'home_squad', 'away_squad', 'venue', 'incidents', 'lineups', 'transmission_providers'], filters: {
      club: "Id(s) of clubs: the matches they play, home or away (a club's fixture list)",
      club_search: 'Text: the matches whose clubs hold every word (at most 10) in their name, short name, code or city, home or away, case and accents ignored (`lodz` finds Łódź)',
    },
  },
  attributes: {
    kickoff_at: { type: 'datetime', schema: isoDateTime(), required: true, filter: 'range', sort: true, list: true, example: '2026-05-02T18:00:00+02:00' },
    /**
     * Follows from the incidents (not_started … finished); staff set postponed, cancelled or abandoned,
     * and not_started again (issue 26; the rules are in the server's matches/rules.ts).
     */
    status: { type: 'string', schema: oneOf(MATCH_STATUSES), default: 'not_started', filter: true, sort: true, list: true, example: 'not_started' },
    home_score: { type: 'integer', schema: integer(0, 99), readOnly: true, list: true },
    away_score: { type: 'integer', schema: integer(0, 99), readOnly: true, list: true },
    home_half_time_score: { type: 'integer', schema: integer(0, 99), readOnly: true },
    away_half_time_score: { type: 'integer', schema: integer(0, 99), readOnly: true },
    home_formation: { type: 'string', schema: formation(), example: '4-2-3-1' },
    away_formation: { type: 'string', schema: formation(), example: '3-4-3' },
    attendance: { type: 'integer', schema: integer(0, 200000), sort: true, example: 25123 },
    referee: { type: 'string', schema: text(120), search: true, filter: true, example: 'Szymon Marciniak' },
    /** Staff quiet this match's alerts (issue 41): its incidents send nothing to fans. Staff-only. */
    alerts_muted: { type: 'boolean', schema: z.boolean({ error: 'invalidType' }), default: false, filter: true, example: false },
  },
  relationships: {
    round: { kind: 'belongsTo', type: 'rounds', required: true, onDelete: 'cascade' },
    group: { kind: 'belongsTo', type: 'groups', onDelete: 'setNull' },
    home_squad: { kind: 'belongsTo', type: 'squads', required: true },
    away_squad: { kind: 'belongsTo', type: 'squads', required: true },
    venue: { kind: 'belongsTo', type: 'venues', onDelete: 'setNull' },
    incidents: { kind: 'hasMany', type: 'incidents', inverse: 'match' },
    lineups: { kind: 'hasMany', type: 'lineups', inverse: 'match' },
    transmission_providers: { kind: 'manyToMany', type: 'transmission_providers', through: 'match_transmissions', from: 'match', to: 'transmission_provider' },
  },
});

/** The link between a match and who broadcasts it. */
export const matchTransmissions = defineResource({
  type: 'match_transmissions',
  table: 'match_transmissions',
  section: 'calendar',
  attributes: {},
  relationships: {
    match: { kind: 'belongsTo', type: 'matches', required: true, onDelete: 'cascade' },
    transmission_provider: { kind: 'belongsTo', type: 'transmission_providers', required: true, onDelete: 'cascade' },
  },
});
