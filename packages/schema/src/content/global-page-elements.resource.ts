import { defineResource } from '../resource';
import { oneOf, text } from '../validators';
import { PAGE_AREAS } from './enums';
import { PAGE_SLUG_PATTERN } from './pages.resource';

/** Parts every page shows (spec §3): the header and footer, the branding, what follows the content. */
export const globalPageElements = defineResource({
  type: 'global_page_elements',
  table: 'global_page_elements',
  section: 'document',
  titleAttribute: 'name',
  defaultSort: 'area,name',
  public: { reach: 'listed', attributes: ['name', 'slug', 'area'], relationships: ['components'] },
  attributes: {
    name: { type: 'string', schema: text(120), required: true, search: true, sort: true, list: true, example: 'Baner sponsora' },
    slug: { type: 'string', schema: text(120).regex(PAGE_SLUG_PATTERN, { error: 'pattern' }), required: true, unique: true, filter: true, sort: true, list: true, example: 'baner-sponsora' },
    area: { type: 'string', schema: oneOf(PAGE_AREAS), required: true, filter: true, sort: true, list: true, example: 'elements_below_content' },
  },
  relationships: {
    components: { kind: 'hasMany', type: 'components', inverse: 'global_page_element' },
  },
});
