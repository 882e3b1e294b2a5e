import type { DB, Dialect } from '../database';

/**
 * Resumable uploads without sticky routing (issue 23, point 5). A tus upload's bytes wait in the
 * storage driver instead of one instance's disk, and the row says how far they reach:
 * - `received`: the bytes committed so far, the offset HEAD answers on every instance;
 * - `writer`: the fencing token of the one request allowed to commit bytes (tus), complete or
 *   abort (multipart); a newer request takes the upload over by writing its own, and every commit
 *   is an UPDATE guarded by it, so a request that lost stops instead of writing beside the new one;
 * - `file_upload_chunks`: on storage that cannot append (S3), the pieces committed so far, in
 *   order: their keys name their writer, so a late piece of a writer that lost never replaces one.
 * Sizes are bigint on PostgreSQL: tus takes videos of 5 GB, beyond its 32-bit integer.
 */
export async function up(db: DB, dialect: Dialect): Promise<void> {
  const bytes = dialect === 'postgres' ? 'bigint' : 'integer';
  await db.schema.alterTable('file_uploads').addColumn('received', bytes, (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('file_uploads').addColumn('writer', 'text').execute();
  if (dialect === 'postgres') {
    await db.schema.alterTable('file_uploads').alterColumn('size', (c) => c.setDataType('bigint')).execute();
    // The library row the upload ends in holds the same size.
    await db.schema.alterTable('media_files').alterColumn('size', (c) => c.setDataType('bigint')).execute();
  }
  await db.schema
    .createTable('file_upload_chunks')
    .addColumn('file_upload_id', 'integer', (c) => c.notNull().references('file_uploads.id').onDelete('cascade'))
    .addColumn('position', bytes, (c) => c.notNull())
    .addColumn('size', bytes, (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('file_upload_chunks_pkey', ['file_upload_id', 'position'])
    .execute();
}
