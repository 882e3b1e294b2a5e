import { z } from 'zod';
import { PLATFORMS } from '../enums';
import { defineResource } from '../resource';
import { oneOf, text } from '../validators';
import { PAGE_KINDS } from './enums';
import { TEMPLATE_KINDS } from './templates';

/** A page type (spec §3): its kind decides which components its pages may hold; visibility lists the platforms. */
export const pageTypes = defineResource({
  type: 'page_types',
  table: 'page_types',
  section: 'document',
  titleAttribute: 'name',
  defaultSort: 'name',
  public: { reach: 'listed', attributes: ['name', 'kind', 'template_kind'] },
  attributes: {
    name: { type: 'string', schema: text(120), required: true, unique: true, search: true, sort: true, filter: true, list: true, example: 'Strona turnieju' },
    kind: { type: 'string', schema: oneOf(PAGE_KINDS), required: true, filter: true, sort: true, list: true, example: 'regular' },
    visibility: {
      type: 'json',
      schema: z.array(oneOf(PLATFORMS), { error: 'invalidType' }).min(1, { error: 'atLeastOneItemRequired' }),
      default: ['web', 'mobile'],
      list: true,
      example: ['web', 'mobile'],
    },
    /** A template for every public record of this kind (content/templates.ts); none: pages at their own slug. */
    template_kind: { type: 'string', schema: oneOf(TEMPLATE_KINDS), filter: true, sort: true, list: true, example: 'match' },
    description: { type: 'text', schema: text(2000), search: true, example: 'Strona jednego klubu: skład, mecze, aktualności' },
  },
  relationships: {
    image: { kind: 'belongsTo', type: 'images', onDelete: 'setNull' },
    publication_categories: {
      kind: 'manyToMany',
      type: 'publication_categories',
      through: 'page_type_publication_categories',
      from: 'page_type',
      to: 'publication_category',
    },
    pages: { kind: 'hasMany', type: 'pages', inverse: 'page_type' },
  },
});

/** The publication categories a page type shows (linking records). */
export const pageTypePublicationCategories = defineResource({
  type: 'page_type_publication_categories',
  table: 'page_type_publication_categories',
  section: 'document',
  attributes: {},
  relationships: {
    page_type: { kind: 'belongsTo', type: 'page_types', required: true, onDelete: 'cascade' },
    publication_category: { kind: 'belongsTo', type: 'publication_categories', required: true, onDelete: 'cascade' },
  },
});
