import { COMPETITION_KINDS, TIEBREAKERS } from '../enums';
import { defineResource } from '../resource';
import { countryCode, integer, oneOf, text } from '../validators';
import { z } from 'zod';

export const competitions = defineResource({
  type: 'competitions',
  table: 'competitions',
  section: 'football',
  titleAttribute: 'name',
  defaultSort: 'display_order,name',
  public: { reach: 'listed', attributes: ['name', 'short_name', 'code', 'kind', 'country', 'is_active', 'display_order', 'points_for_win', 'points_for_draw', 'points_for_loss', 'tiebreakers', 'head_to_head_only_when_complete'], relationships: ['image', 'competition_seasons', 'seasons'] },
  attributes: {
    name: { type: 'string', schema: text(120), required: true, search: true, sort: true, filter: true, list: true, example: 'Betclic 1 Liga' },
    short_name: { type: 'string', schema: text(40), search: true, sort: true, list: true, example: '1 Liga' },
    code: { type: 'string', schema: text(12), unique: true, filter: true, sort: true, list: true, example: 'L1' },
    kind: { type: 'string', schema: oneOf(COMPETITION_KINDS), default: 'league', filter: true, sort: true, list: true, example: 'league' },
    country: { type: 'string', schema: countryCode(), filter: true, example: 'PL' },
    is_active: { type: 'boolean', schema: z.boolean({ error: 'invalidType' }), default: true, filter: true, sort: true, list: true, example: true },
    display_order: { type: 'integer', schema: integer(0, 10000), default: 0, sort: true, example: 3 },
    /** Whether the match centre sends match alerts for this competition's matches (issue 41). */
    match_alerts: { type: 'boolean', schema: z.boolean({ error: 'invalidType' }), default: true, filter: true, example: true },
    points_for_win: { type: 'integer', schema: integer(0, 10), default: 3, example: 3 },
    points_for_draw: { type: 'integer', schema: integer(0, 10), default: 1, example: 1 },
    points_for_loss: { type: 'integer', schema: integer(0, 10), default: 0, example: 0 },
    /** The order of tiebreakers for teams level on points (see the standings); none means the league default. */
    tiebreakers: {
      type: 'json',
      schema: z.array(oneOf(TIEBREAKERS)).max(TIEBREAKERS.length, { error: 'maxLength' }).refine((a) => new Set(a).size === a.length, { error: 'unique' }),
      example: ['head_to_head_points', 'head_to_head_goal_difference', 'goal_difference', 'goals_scored'],
    },
    /** Head-to-head criteria only once the teams level on points have played each other in full (Ekstraklasa); at once when false (UEFA). */
    head_to_head_only_when_complete: { type: 'boolean', schema: z.boolean({ error: 'invalidType' }), default: false, example: true },
  },
  relationships: {
    image: { kind: 'belongsTo', type: 'images', onDelete: 'setNull' },
    competition_seasons: { kind: 'hasMany', type: 'competition_seasons', inverse: 'competition' },
    seasons: { kind: 'manyToMany', type: 'seasons', through: 'competition_seasons', from: 'competition', to: 'season' },
  },
});
