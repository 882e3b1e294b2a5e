import { STAFF_ROLE_KINDS } from '../enums';
import { defineResource } from '../resource';
import { integer, oneOf, text } from '../validators';

export const staffRoles = defineResource({
  type: 'staff_roles',
  table: 'staff_roles',
  section: 'team',
  titleAttribute: 'name',
  defaultSort: 'display_order,name',
  public: { reach: 'listed', attributes: ['name', 'kind', 'display_order'] },
  attributes: {
    name: { type: 'string', schema: text(80), required: true, unique: true, search: true, sort: true, filter: true, list: true, example: 'Trener analityk' },
    kind: { type: 'string', schema: oneOf(STAFF_ROLE_KINDS), default: 'coaching', filter: true, sort: true, list: true, example: 'technical' },
    display_order: { type: 'integer', schema: integer(0, 10000), default: 0, sort: true, list: true, example: 9 },
  },
  relationships: {},
});
