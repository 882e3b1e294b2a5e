import { defineResource } from '../resource';
import { integer, isoDate, text } from '../validators';

/** Points taken from a team in a table, with the reason shown next to the standings. */
export const pointDeductions = defineResource({
  type: 'point_deductions',
  table: 'point_deductions',
  section: 'football',
  defaultSort: '-decided_on',
  public: { reach: 'listed', attributes: ['points', 'reason', 'decided_on'], relationships: ['group', 'squad'] },
  attributes: {
    points: { type: 'integer', schema: integer(1, 100), required: true, list: true, example: 5 },
    reason: { type: 'text', schema: text(500), required: true, search: true, list: true, example: 'Decyzja Komisji Licencyjnej' },
    decided_on: { type: 'date', schema: isoDate(), sort: true, list: true, example: '2026-03-12' },
  },
  relationships: {
    group: { kind: 'belongsTo', type: 'groups', required: true, onDelete: 'cascade' },
    squad: { kind: 'belongsTo', type: 'squads', required: true, onDelete: 'cascade' },
  },
});
