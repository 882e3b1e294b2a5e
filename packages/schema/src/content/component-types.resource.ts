import { defineResource } from '../resource';
import { integer, oneOf, text } from '../validators';
import { COMPONENT_KINDS, COMPONENT_TYPE_SCOPES } from './enums';

/**
 * A component type offered in a builder's palette (spec §3): `kind` says where it may be picked
 * (`filter[kind]=page_type` lists the page builder's), `component_kind` which declared component it makes.
 */
export const componentTypes = defineResource({
  type: 'component_types',
  table: 'component_types',
  section: 'document',
  titleAttribute: 'name',
  defaultSort: 'position,name',
  attributes: {
    name: { type: 'string', schema: text(120), required: true, uniqueWith: ['kind'], search: true, sort: true, filter: true, list: true, example: 'Tabela ligowa' },
    kind: { type: 'string', schema: oneOf(COMPONENT_TYPE_SCOPES), required: true, default: 'page_type', filter: true, sort: true, list: true, example: 'page_type' },
    component_kind: { type: 'string', schema: oneOf(COMPONENT_KINDS), required: true, filter: true, sort: true, list: true, example: 'group' },
    description: { type: 'text', schema: text(2000), search: true, example: 'Tabela grupy z wybranego sezonu rozgrywek' },
    position: { type: 'integer', schema: integer(0, 10000), default: 0, sort: true, list: true, example: 3 },
  },
  relationships: {
    image: { kind: 'belongsTo', type: 'images', onDelete: 'setNull' },
  },
});
