import type { DB, Dialect } from '../database';

/**
 * One version per client and table (client 0: rows of every client), bumped in the transaction of
 * every committed write (db/data-versions.ts): an instance compares it before serving a cached
 * read, so no instance serves a reader an answer older than the reader's own last write, whichever
 * instance took the write (issue 12, point 2).
 */
export async function up(db: DB, d: Dialect): Promise<void> {
  await db.schema
    .createTable('data_versions')
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('table_name', 'text', (c) => c.notNull())
    .addColumn('version', d === 'postgres' ? 'bigint' : 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('data_versions_pk', ['client_id', 'table_name'])
    .execute();
}
