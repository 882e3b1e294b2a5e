import { defineResource } from '../resource';
import { integer, text } from '../validators';

export const publicationCategories = defineResource({
  type: 'publication_categories',
  table: 'publication_categories',
  section: 'document',
  titleAttribute: 'name',
  defaultSort: 'display_order,name',
  public: { reach: 'listed', attributes: ['name', 'slug', 'description', 'display_order'], relationships: ['image'] },
  attributes: {
    name: { type: 'string', schema: text(120), required: true, unique: true, search: true, sort: true, filter: true, list: true, example: 'Felietony' },
    slug: { type: 'string', schema: text(120).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'pattern' }), unique: true, filter: true, sort: true, list: true, example: 'felietony' },
    description: { type: 'text', schema: text(2000), search: true, example: 'Opinie i komentarze' },
    display_order: { type: 'integer', schema: integer(0, 10000), default: 0, sort: true, list: true, example: 6 },
  },
  relationships: {
    image: { kind: 'belongsTo', type: 'images', onDelete: 'setNull' },
  },
});
