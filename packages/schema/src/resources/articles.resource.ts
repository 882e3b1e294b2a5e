import { z } from 'zod';
import { defineResource } from '../resource';
import { richTextDocument } from '../rich-text';
import { oneOf, publicationDateTime, text } from '../validators';

/** Locales an article may be written in, the preferred one first. */
export const ARTICLE_LOCALES = ['pl', 'en'] as const;
export const PUBLICATION_STATUSES = ['draft', 'published'] as const;
export type PublicationStatus = (typeof PUBLICATION_STATUSES)[number];

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * An article (spec §3): main image, publication category, tags and venue on the record; title,
 * lead, slug, body (rich text) and the publication window per locale in `article_translations`.
 */
export const articles = defineResource({
  type: 'articles',
  table: 'articles',
  section: 'document',
  defaultSort: '-updated_at',
  newestFirst: true,
  public: {
    reach: 'capability',
    attributes: ['title', 'lead', 'slug', 'body', 'publish_from', 'publish_until'],
    // The delivery API's article documents (articles/articles.ts): one locale, with what a page shows beside the text.
    computed: { attributes: ['body_html', 'image_path', 'image_alt_text', 'publication_category', 'tags'], relationships: ['components'] },
    relationships: ['image', 'publication_category', 'venue', 'tags'],
    // Which rows: translations published and inside their window (`visible`), one locale at a time.
    where: { visible: [true] },
  },
  attributes: {
    status: { type: 'string', schema: oneOf(PUBLICATION_STATUSES), default: 'draft', filter: true, sort: true, list: true, example: 'draft' },
  },
  relationships: {
    image: { kind: 'belongsTo', type: 'images', onDelete: 'setNull' },
    publication_category: { kind: 'belongsTo', type: 'publication_categories', onDelete: 'setNull' },
    venue: { kind: 'belongsTo', type: 'venues', onDelete: 'setNull' },
    tags: { kind: 'manyToMany', type: 'tags', through: 'article_tags', from: 'article', to: 'tag' },
  },
  translations: {
    table: 'article_translations',
    parentKey: 'article_id',
    locales: ARTICLE_LOCALES,
    attributes: {
      title: { type: 'string', schema: text(200), required: true, search: true, list: true, example: 'Derby dla gospodarzy' },
      lead: { type: 'text', schema: text(1000), search: true, example: 'Emocje do ostatniej minuty.' },
      slug: { type: 'string', schema: text(200).regex(SLUG, { error: 'pattern' }), unique: true, example: 'derby-dla-gospodarzy' },
      body: { type: 'json', schema: richTextDocument(), example: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Tekst.' }] }] } },
      publish_from: { type: 'datetime', schema: publicationDateTime(), example: '2026-05-01T08:00:00Z' },
      publish_until: { type: 'datetime', schema: publicationDateTime(), example: '2026-06-01T08:00:00Z' },
      /** Set by the publication jobs: published and inside its window now. */
      visible: { type: 'boolean', schema: z.boolean({ error: 'invalidType' }), readOnly: true, list: true },
    },
  },
});

export const articleTags = defineResource({
  type: 'article_tags',
  table: 'article_tags',
  section: 'document',
  attributes: {},
  relationships: {
    article: { kind: 'belongsTo', type: 'articles', required: true, onDelete: 'cascade' },
    tag: { kind: 'belongsTo', type: 'tags', required: true, onDelete: 'cascade' },
  },
});
