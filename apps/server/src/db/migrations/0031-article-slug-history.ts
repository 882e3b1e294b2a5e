import type { DB, Dialect } from '../database';
import { createBusinessTable } from '../columns';

/**
 * An article's earlier slugs per locale (the website's old addresses answer 301 to the current
 * one). The history of changes (audit_events) holds them too, as `slug[en]` in a change's JSON, but
 * not in a form a public read can look up by slug: this table is that index, written by the
 * articles' update rule (articles/slug-history.ts) in the write's transaction.
 */
export async function up(db: DB, dialect: Dialect): Promise<void> {
  await createBusinessTable(
    db,
    dialect,
    'article_slug_history',
    [
      ['locale', 'string', { notNull: true }],
      ['slug', 'string', { notNull: true }],
    ],
    [['article_id', 'articles', 'cascade', { notNull: true }]],
  );
  // An old slug leads to one article in its locale: the one that left it last.
  await db.schema.createIndex('article_slug_history_slug_unique').on('article_slug_history').columns(['client_id', 'locale', 'slug']).unique().execute();
}
