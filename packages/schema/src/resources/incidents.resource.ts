import { INCIDENT_KINDS, INCIDENT_TYPES } from '../enums';
import { z } from 'zod';
import { defineResource } from '../resource';
import { integer, oneOf, text } from '../validators';

/**
 * Something that happened in a match (spec §3). `home_squad`, `own_goal`, `section` and
 * `sort_key` are derived by the server; stoppage time (45+3) is `occurrence_minute` 45 with
 * `stoppage_minute` 3.
 */
export const incidents = defineResource({
  type: 'incidents',
  table: 'incidents',
  section: 'calendar',
  defaultSort: 'sort_key,stoppage_minute,id',
  public: { reach: 'listed', attributes: ['incident_type', 'occurrence_half', 'occurrence_minute', 'stoppage_minute', 'component_kind', 'description', 'home_squad', 'own_goal', 'section', 'sort_key'], relationships: ['match', 'squad', 'player', 'related_player'] },
  attributes: {
    incident_type: { type: 'string', schema: oneOf(INCIDENT_TYPES), required: true, filter: true, list: true, example: 'yellow_card' },
    occurrence_half: { type: 'integer', schema: integer(1, 5), required: true, filter: true, list: true, example: 2 },
    occurrence_minute: { type: 'integer', schema: integer(0, 130), required: true, sort: true, list: true, example: 63 },
    stoppage_minute: { type: 'integer', schema: integer(1, 30), sort: true, list: true },
    component_kind: { type: 'string', schema: oneOf(INCIDENT_KINDS), filter: true },
    description: { type: 'text', schema: text(1000), search: true },
    home_squad: { type: 'boolean', schema: z.boolean(), readOnly: true, filter: true },
    own_goal: { type: 'boolean', schema: z.boolean(), readOnly: true, filter: true },
    section: { type: 'string', schema: text(40), readOnly: true, filter: true },
    sort_key: { type: 'integer', schema: integer(), readOnly: true, sort: true },
  },
  relationships: {
    match: { kind: 'belongsTo', type: 'matches', required: true, onDelete: 'cascade' },
    squad: { kind: 'belongsTo', type: 'squads' },
    player: { kind: 'belongsTo', type: 'players', onDelete: 'setNull' },
    /** The assist provider of a goal, or the player coming on in a substitution. */
    related_player: { kind: 'belongsTo', type: 'players', onDelete: 'setNull' },
  },
});
