import { z } from 'zod';
import { LINEUP_POSITIONS } from '../enums';
import { defineResource } from '../resource';
import { integer, oneOf } from '../validators';

/** A player named for a match: starting eleven or bench, with position and place in the formation. */
export const lineups = defineResource({
  type: 'lineups',
  table: 'lineups',
  section: 'calendar',
  defaultSort: 'formation_place,shirt_number',
  public: { reach: 'listed', attributes: ['is_starting', 'position', 'shirt_number', 'is_captain', 'formation_place'], relationships: ['match', 'squad', 'player'] },
  attributes: {
    is_starting: { type: 'boolean', schema: z.boolean({ error: 'invalidType' }), default: true, filter: true, list: true, example: true },
    position: { type: 'string', schema: oneOf(LINEUP_POSITIONS), filter: true, list: true, example: 'CM' },
    shirt_number: { type: 'integer', schema: integer(1, 99), uniqueWith: ['match_id', 'squad_id'], sort: true, list: true, example: 6 },
    is_captain: { type: 'boolean', schema: z.boolean({ error: 'invalidType' }), default: false, filter: true, list: true, example: false },
    formation_place: { type: 'integer', schema: integer(1, 11), uniqueWith: ['match_id', 'squad_id'], sort: true, list: true, example: 6 },
  },
  relationships: {
    match: { kind: 'belongsTo', type: 'matches', required: true, onDelete: 'cascade' },
    squad: { kind: 'belongsTo', type: 'squads', required: true },
    player: { kind: 'belongsTo', type: 'players', required: true, onDelete: 'cascade' },
  },
});
