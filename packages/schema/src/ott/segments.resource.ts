import { defineResource } from '../resource';
import { text } from '../validators';

/** A segment of a format (a part of a show); formats order them with `segments_order`. */
export const segments = defineResource({
  type: 'segments',
  path: 'ott/segments',
  table: 'ott_segments',
  section: 'video',
  defaultSort: 'id',
  titleAttribute: 'name',
  public: { reach: 'listed', attributes: ['name', 'description'], relationships: ['format'] },
  attributes: {
    name: { type: 'string', schema: text(200), required: true, search: true, sort: true, filter: true, list: true, example: 'Studio przedmeczowe' },
    description: { type: 'text', schema: text(4000), search: true, example: 'Analiza składów.' },
  },
  relationships: {
    format: { kind: 'belongsTo', type: 'formats', required: true, onDelete: 'cascade' },
  },
});
