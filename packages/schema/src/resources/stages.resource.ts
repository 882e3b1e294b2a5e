import { STAGE_KINDS } from '../enums';
import { defineResource } from '../resource';
import { integer, isoDate, oneOf, text } from '../validators';

export const stages = defineResource({
  type: 'stages',
  table: 'stages',
  section: 'football',
  titleAttribute: 'name',
  defaultSort: 'display_order,id',
  public: { reach: 'listed', attributes: ['name', 'kind', 'display_order', 'start_date', 'end_date'], relationships: ['competition_season', 'groups', 'rounds'] },
  attributes: {
    name: { type: 'string', schema: text(120), required: true, search: true, sort: true, filter: true, list: true, example: 'Runda zasadnicza' },
    kind: { type: 'string', schema: oneOf(STAGE_KINDS), default: 'league', filter: true, sort: true, list: true, example: 'league' },
    display_order: { type: 'integer', schema: integer(0, 1000), default: 0, sort: true, list: true, example: 1 },
    start_date: { type: 'date', schema: isoDate(), filter: 'range', sort: true, list: true, example: '2025-07-18' },
    end_date: { type: 'date', schema: isoDate(), filter: 'range', sort: true, example: '2026-05-23' },
  },
  relationships: {
    competition_season: { kind: 'belongsTo', type: 'competition_seasons', required: true, onDelete: 'cascade' },
    groups: { kind: 'hasMany', type: 'groups', inverse: 'stage' },
    rounds: { kind: 'hasMany', type: 'rounds', inverse: 'stage' },
  },
});
