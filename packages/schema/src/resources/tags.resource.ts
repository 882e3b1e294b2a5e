import { defineResource } from '../resource';
import { text } from '../validators';

export const tags = defineResource({
  type: 'tags',
  table: 'tags',
  section: 'document',
  titleAttribute: 'name',
  defaultSort: 'name',
  public: { reach: 'listed', attributes: ['name', 'slug'] },
  attributes: {
    name: { type: 'string', schema: text(80), required: true, unique: true, search: true, sort: true, filter: true, list: true, example: 'Derby' },
    slug: { type: 'string', schema: text(80).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'pattern' }), unique: true, filter: true, sort: true, list: true, example: 'derby' },
  },
  relationships: {},
});
