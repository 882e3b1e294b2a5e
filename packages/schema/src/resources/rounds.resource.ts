import { defineResource } from '../resource';
import { integer, isoDate, text } from '../validators';

export const rounds = defineResource({
  type: 'rounds',
  table: 'rounds',
  /** Spec §7: fetched with deep includes (a round with its matches' squads' club images). */
  maxIncludeDepth: 5,
  section: 'calendar',
  titleAttribute: 'name',
  defaultSort: 'number',
  public: { reach: 'listed', attributes: ['name', 'number', 'start_date', 'end_date'], relationships: ['stage', 'matches'] },
  attributes: {
    name: { type: 'string', schema: text(120), required: true, search: true, sort: true, filter: true, list: true, example: '35. kolejka' },
    number: { type: 'integer', schema: integer(0, 500), required: true, filter: 'range', sort: true, list: true, example: 35 },
    start_date: { type: 'date', schema: isoDate(), filter: 'range', sort: true, list: true, example: '2026-05-01' },
    end_date: { type: 'date', schema: isoDate(), filter: 'range', sort: true, list: true, example: '2026-05-03' },
  },
  relationships: {
    stage: { kind: 'belongsTo', type: 'stages', required: true, onDelete: 'cascade' },
    matches: { kind: 'hasMany', type: 'matches', inverse: 'round' },
  },
});
