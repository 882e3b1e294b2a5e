import type { ColumnDataType } from 'kysely';
import type { DB, Dialect } from '../database';
import { columnType } from '../columns';

/**
 * A page type may be a template for a kind of record (issue 40, content/templates.ts in the
 * schema): the site renders its page for every public match, club, player or table. Looked up by
 * kind on every such page, hence the index.
 */
export async function up(db: DB, dialect: Dialect): Promise<void> {
  await db.schema.alterTable('page_types').addColumn('template_kind', columnType(dialect, 'string') as ColumnDataType).execute();
  await db.schema.createIndex('page_types_template_kind').on('page_types').columns(['client_id', 'template_kind']).execute();
}
