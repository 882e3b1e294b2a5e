import { z } from 'zod';
import { defineResource } from '../resource';
import { integer, text } from '../validators';

/** A player's earlier clubs; `club` when the club is in the database, else its name. */
export const careerClubs = defineResource({
  type: 'career_clubs',
  table: 'career_clubs',
  section: 'team',
  defaultSort: '-start_year',
  public: { reach: 'listed', attributes: ['club_name', 'start_year', 'end_year', 'appearances', 'goals', 'is_loan'], relationships: ['player', 'club'] },
  attributes: {
    club_name: { type: 'string', schema: text(120), search: true, list: true, example: 'Leicester City' },
    start_year: { type: 'integer', schema: integer(1900, 2100), required: true, sort: true, filter: 'range', list: true, example: 2016 },
    end_year: { type: 'integer', schema: integer(1900, 2100), sort: true, list: true, example: 2019 },
    appearances: { type: 'integer', schema: integer(0, 2000), list: true, example: 12 },
    goals: { type: 'integer', schema: integer(0, 2000), list: true, example: 1 },
    is_loan: { type: 'boolean', schema: z.boolean({ error: 'invalidType' }), default: false, filter: true, example: false },
  },
  relationships: {
    player: { kind: 'belongsTo', type: 'players', required: true, onDelete: 'cascade' },
    club: { kind: 'belongsTo', type: 'clubs', onDelete: 'setNull' },
  },
});
