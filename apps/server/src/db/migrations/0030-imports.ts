import { createBusinessTable, createSortIndex, columnType } from '../columns';
import type { ColumnDataType } from 'kysely';
import type { DB, Dialect } from '../database';

/**
 * Imports (issue 26): each committed file (or generated fixture list) is one batch, `imports`,
 * with what it did in `summary`; `import_records` lists every record the batch created or updated,
 * in order, so undo removes exactly what it created (newest first). `import_mappings` remembers,
 * per client and kind, the columns the last committed import mapped (header → field).
 */
export async function up(db: DB, d: Dialect): Promise<void> {
  await createBusinessTable(db, d, 'imports', [
    ['kind', 'string', { notNull: true }],
    ['status', 'string', { notNull: true, default: 'committed' }],
    ['file_name', 'string'],
    ['format', 'string'],
    ['mapping', 'json'],
    ['options', 'json'],
    ['summary', 'json'],
    ['row_count', 'integer', { notNull: true, default: 0 }],
    ['created_by', 'string'],
    ['undone_at', 'datetime'],
    ['undone_by', 'string'],
  ]);
  await createSortIndex(db, d, 'imports_default_sort_idx', 'imports', '-created_at');

  await db.schema
    .createTable('import_records')
    .addColumn('id', columnType(d, 'id') as ColumnDataType, (c) => (d === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('import_id', 'integer', (c) => c.notNull().references('imports.id').onDelete('cascade'))
    .addColumn('resource_type', 'text', (c) => c.notNull())
    .addColumn('record_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('import_records_import_idx').on('import_records').columns(['import_id', 'position']).execute();
  // "Was this record created by an import?" (undo's check of later dependents).
  await db.schema.createIndex('import_records_record_idx').on('import_records').columns(['client_id', 'resource_type', 'record_id']).execute();

  await db.schema
    .createTable('import_mappings')
    .addColumn('id', columnType(d, 'id') as ColumnDataType, (c) => (d === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('mapping', columnType(d, 'json') as ColumnDataType, (c) => c.notNull())
    .addColumn('updated_at', columnType(d, 'datetime') as ColumnDataType, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('import_mappings_client_kind_unique').on('import_mappings').columns(['client_id', 'kind']).unique().execute();
}
