import { z } from 'zod';
import { defineResource } from '../resource';
import { integer, oneOf } from '../validators';
import { LINK_CATALOGUE } from './component-kinds';
import { COMPONENT_KINDS, COMPONENT_OWNER_TYPES } from './enums';

/**
 * A component of a page, a global page element or an article (embedded in its text): its kind (component-kinds.ts),
 * its place (`index`), its fields (`settings`, checked against the kind by validate-component.ts)
 * and its links, shown as relationships (`club`, `image`, `clubs`…) and kept in `component_links`.
 */
export const components = defineResource({
  type: 'components',
  table: 'components',
  section: 'document',
  defaultSort: 'index',
  public: { reach: 'owned', attributes: ['kind', 'index', 'settings'], relationships: [...Object.keys(LINK_CATALOGUE)] },
  attributes: {
    kind: { type: 'string', schema: oneOf(COMPONENT_KINDS), required: true, filter: true, sort: true, list: true, example: 'text' },
    index: { type: 'integer', schema: integer(0, 100000), required: true, sort: true, filter: true, list: true, example: 0 },
    settings: {
      type: 'json',
      schema: z.record(z.string(), z.unknown(), { error: 'invalidType' }),
      default: {},
      example: { format: 'plain', body: 'Witamy na stronie ligi.' },
    },
    owner_type: { type: 'string', schema: oneOf(COMPONENT_OWNER_TYPES), readOnly: true, filter: true, list: true },
    owner_id: { type: 'string', schema: z.string(), readOnly: true, filter: true },
  },
  relationships: {
    page: { kind: 'belongsTo', type: 'pages', onDelete: 'cascade' },
    global_page_element: { kind: 'belongsTo', type: 'global_page_elements', onDelete: 'cascade' },
    article: { kind: 'belongsTo', type: 'articles', onDelete: 'cascade' },
  },
  links: { table: 'component_links', foreignKey: 'component_id', names: LINK_CATALOGUE },
});
