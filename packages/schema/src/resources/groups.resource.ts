import { defineResource } from '../resource';
import { integer, text } from '../validators';

/** A table of teams; its standings come from its finished matches (GET /groups/{id}/standings). */
export const groups = defineResource({
  type: 'groups',
  table: 'groups',
  section: 'football',
  titleAttribute: 'name',
  defaultSort: 'display_order,name',
  public: { reach: 'listed', attributes: ['name', 'display_order', 'promotion_places', 'relegation_places'], relationships: ['stage', 'matches', 'point_deductions'] },
  attributes: {
    name: { type: 'string', schema: text(120), required: true, search: true, sort: true, filter: true, list: true, example: 'Tabela' },
    display_order: { type: 'integer', schema: integer(0, 1000), default: 0, sort: true, list: true, example: 1 },
    /** Places with a meaning (champion, relegation), shown as coloured bands on the table. */
    promotion_places: { type: 'integer', schema: integer(0, 50), default: 0, example: 1 },
    relegation_places: { type: 'integer', schema: integer(0, 50), default: 0, example: 3 },
  },
  relationships: {
    stage: { kind: 'belongsTo', type: 'stages', required: true, onDelete: 'cascade' },
    matches: { kind: 'hasMany', type: 'matches', inverse: 'group' },
    point_deductions: { kind: 'hasMany', type: 'point_deductions', inverse: 'group' },
  },
});
