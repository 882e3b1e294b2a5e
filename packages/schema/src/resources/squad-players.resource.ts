import { z } from 'zod';
import { PLAYER_POSITIONS } from '../enums';
import { defineResource } from '../resource';
import { integer, isoDate, oneOf } from '../validators';

/** A player in a squad for a season, with the shirt number (unique within the squad). */
export const squadPlayers = defineResource({
  type: 'squad_players',
  table: 'squad_players',
  section: 'team',
  defaultSort: 'shirt_number',
  public: { reach: 'listed', attributes: ['shirt_number', 'position', 'is_captain', 'joined_on', 'left_on'], relationships: ['squad', 'player'] },
  attributes: {
    shirt_number: { type: 'integer', schema: integer(1, 99), uniqueWith: ['squad_id'], filter: true, sort: true, list: true, example: 67 },
    position: { type: 'string', schema: oneOf(PLAYER_POSITIONS), filter: true, sort: true, list: true, example: 'midfielder' },
    is_captain: { type: 'boolean', schema: z.boolean({ error: 'invalidType' }), default: false, filter: true, list: true, example: false },
    joined_on: { type: 'date', schema: isoDate(), sort: true, example: '2025-07-01' },
    left_on: { type: 'date', schema: isoDate(), sort: true },
  },
  relationships: {
    squad: { kind: 'belongsTo', type: 'squads', required: true, onDelete: 'cascade' },
    player: { kind: 'belongsTo', type: 'players', required: true, onDelete: 'cascade' },
  },
});
