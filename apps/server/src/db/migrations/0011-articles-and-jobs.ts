import type { ColumnDataType } from 'kysely';
import type { DB, Dialect } from '../database';
import { columnType, createBusinessTable } from '../columns';

/**
 * Durable jobs (scheduled publication now; push sending and transcoding later), the per-client
 * content version that publication bumps, and articles with their per-locale translations and tags
 * (issue 9, part 2).
 */
export async function up(db: DB, d: Dialect): Promise<void> {
  const id = columnType(d, 'id') as ColumnDataType;
  const datetime = columnType(d, 'datetime') as ColumnDataType;
  await db.schema
    .createTable('jobs')
    .addColumn('id', id, (c) => (d === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    // Jobs with the same key replace each other while they wait (one boundary job per record).
    .addColumn('key', 'text')
    // Spec §4: not_started, started, finished, failed.
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('not_started'))
    .addColumn('run_at', datetime, (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(8))
    .addColumn('last_error', 'text')
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', datetime)
    .addColumn('finished_at', datetime)
    .addColumn('created_at', datetime, (c) => c.notNull())
    .addColumn('updated_at', datetime, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_due_idx').on('jobs').columns(['status', 'run_at']).execute();
  await db.schema.createIndex('jobs_key_idx').on('jobs').column('key').execute();
  await db.schema.createIndex('jobs_finished_idx').on('jobs').column('finished_at').execute();

  await db.schema
    .createTable('content_versions')
    .addColumn('client_id', 'integer', (c) => c.primaryKey().references('clients.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', datetime, (c) => c.notNull())
    .execute();

  await createBusinessTable(
    db, d, 'articles',
    [['status', 'string', { notNull: true, default: 'draft' }]],
    [
      ['image_id', 'images', 'set null'],
      ['publication_category_id', 'publication_categories', 'set null'],
      ['venue_id', 'venues', 'set null'],
    ],
  );
  await createBusinessTable(
    db, d, 'article_translations',
    [
      ['locale', 'string', { notNull: true }],
      ['title', 'string'],
      ['lead', 'text'],
      ['slug', 'string'],
      ['body', 'json'],
      ['publish_from', 'datetime'],
      ['publish_until', 'datetime'],
      ['visible', 'boolean', { notNull: true, default: false }],
      ['search_text', 'text'],
    ],
    [['article_id', 'articles', 'cascade', { notNull: true }]],
  );
  // An article's embedded components (images, galleries, videos, quizzes…) are components whose
  // owner is the article: deleting the article deletes them.
  await db.schema.alterTable('components').addColumn('article_id', 'integer', (c) => c.references('articles.id').onDelete('cascade')).execute();
  await db.schema.createIndex('article_translations_locale_unique').on('article_translations').columns(['article_id', 'locale']).unique().execute();
  // A slug (lower case by its pattern) names one article per locale: the public read finds it by it.
  await db.schema.createIndex('article_translations_slug_unique').on('article_translations').columns(['client_id', 'locale', 'slug']).unique().execute();
  await db.schema.createIndex('article_translations_public_idx').on('article_translations').columns(['client_id', 'locale', 'visible', 'publish_from']).execute();
  await createBusinessTable(
    db, d, 'article_tags',
    [],
    [
      ['article_id', 'articles', 'cascade', { notNull: true }],
      ['tag_id', 'tags', 'cascade', { notNull: true }],
    ],
  );
  await db.schema.createIndex('article_tags_pair_unique').on('article_tags').columns(['article_id', 'tag_id']).unique().execute();
}
