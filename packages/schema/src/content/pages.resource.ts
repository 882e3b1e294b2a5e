import { z } from 'zod';
import { defineResource } from '../resource';
import { oneOf, publicationDateTime, text } from '../validators';
import { PAGE_STATUSES } from './enums';

export const PAGE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/;

/**
 * A page of the site or app (spec §3): components ordered by index. Readers see it at
 * `/current_page?slug=` once published and inside its publication window (date with hour).
 */
export const pages = defineResource({
  type: 'pages',
  table: 'pages',
  section: 'document',
  titleAttribute: 'title',
  defaultSort: 'title',
  /** Only pages the publication jobs hold visible (published, inside their window). */
  public: { reach: 'listed', attributes: ['title', 'slug', 'published_from', 'published_until', 'seo_title', 'seo_description'], relationships: ['page_type', 'seo_image', 'components'], where: { visible: [true] } },
  attributes: {
    title: { type: 'string', schema: text(200), required: true, search: true, sort: true, filter: true, list: true, example: 'O lidze' },
    slug: {
      type: 'string',
      schema: text(200).regex(PAGE_SLUG_PATTERN, { error: 'pattern' }),
      required: true,
      unique: true,
      filter: true,
      sort: true,
      list: true,
      example: 'o-lidze',
    },
    status: { type: 'string', schema: oneOf(PAGE_STATUSES), default: 'draft', filter: true, sort: true, list: true, example: 'published' },
    published_from: { type: 'datetime', schema: publicationDateTime(), filter: 'range', sort: true, list: true, example: '2026-07-01T10:00:00Z' },
    published_until: { type: 'datetime', schema: publicationDateTime(), filter: 'range', sort: true, example: '2027-06-30T22:00:00Z' },
    /** Set by the publication jobs: published and inside its window now. */
    visible: { type: 'boolean', schema: z.boolean({ error: 'invalidType' }), readOnly: true, filter: true, list: true },
    seo_title: { type: 'string', schema: text(70), example: 'Ekstraliga: terminarz, tabela, wyniki' },
    seo_description: { type: 'text', schema: text(320), example: 'Wszystko o sezonie: mecze, tabela, kluby i wiadomości.' },
  },
  relationships: {
    page_type: { kind: 'belongsTo', type: 'page_types', required: true, onDelete: 'restrict' },
    seo_image: { kind: 'belongsTo', type: 'images', onDelete: 'setNull' },
    components: { kind: 'hasMany', type: 'components', inverse: 'page' },
  },
});
