import { z } from 'zod';
import { PLAYER_POSITIONS, PREFERRED_FEET } from '../enums';
import { defineResource } from '../resource';
import { countryCode, integer, isoDate, oneOf, text } from '../validators';

export const players = defineResource({
  type: 'players',
  table: 'players',
  /** Spec §7: fetched with deep includes (a round with its matches' squads' club images). */
  maxIncludeDepth: 4,
  section: 'team',
  titleAttribute: 'last_name',
  defaultSort: 'last_name,first_name',
  /** Other systems' identifiers are the league's business, not the fans'. */
  public: { reach: 'listed', attributes: ['first_name', 'last_name', 'nickname', 'birth_date', 'nationality', 'second_nationality', 'position', 'height_cm', 'weight_kg', 'preferred_foot', 'biography'], relationships: ['image', 'squad_players', 'career_clubs'] },
  attributes: {
    first_name: { type: 'string', schema: text(80), required: true, search: true, sort: true, filter: true, list: true, example: 'Bartosz' },
    last_name: { type: 'string', schema: text(80), required: true, search: true, sort: true, filter: true, list: true, example: 'Kapustka' },
    nickname: { type: 'string', schema: text(80), search: true, example: 'Kapi' },
    birth_date: { type: 'date', schema: isoDate(), filter: 'range', sort: true, list: true, example: '1996-12-23' },
    nationality: { type: 'string', schema: countryCode(), filter: true, sort: true, list: true, example: 'PL' },
    second_nationality: { type: 'string', schema: countryCode(), filter: true },
    position: { type: 'string', schema: oneOf(PLAYER_POSITIONS), filter: true, sort: true, list: true, example: 'midfielder' },
    height_cm: { type: 'integer', schema: integer(120, 230), filter: 'range', sort: true, example: 179 },
    weight_kg: { type: 'integer', schema: integer(40, 150), example: 72 },
    preferred_foot: { type: 'string', schema: oneOf(PREFERRED_FEET), filter: true, example: 'right' },
    biography: { type: 'text', schema: text(10000), search: true },
    external_ids: { type: 'json', schema: z.record(z.string().max(60), z.string().max(120)) },
  },
  relationships: {
    image: { kind: 'belongsTo', type: 'images', onDelete: 'setNull' },
    squad_players: { kind: 'hasMany', type: 'squad_players', inverse: 'player' },
    career_clubs: { kind: 'hasMany', type: 'career_clubs', inverse: 'player' },
  },
});
