import type { DB, Dialect } from '../database';
import { createBusinessTable } from '../columns';

/**
 * Uploads in progress (issue 8, point 4): a resumable tus upload staged on disk, or a multipart
 * upload whose parts go to storage (presigned on S3, through our own URLs on the local driver).
 * A row says whose upload it is, so no client reaches another's; once the bytes are complete the
 * file goes through the library's ingest and the row keeps the file's id. Rows past `expires_at`
 * are swept with their staged bytes, so an abandoned upload leaves nothing behind.
 */
export async function up(db: DB, d: Dialect): Promise<void> {
  await createBusinessTable(db, d, 'file_uploads', [
    ['upload_id', 'string', { notNull: true }],
    ['protocol', 'string', { notNull: true }],
    ['state', 'string', { notNull: true, default: 'open' }],
    ['path', 'string', { notNull: true }],
    ['file_name', 'string', { notNull: true }],
    ['size', 'integer'],
    ['number_of_parts', 'integer'],
    ['storage_key', 'string'],
    ['storage_upload_id', 'string'],
    ['media_file_id', 'integer'],
    ['created_by', 'string'],
    ['expires_at', 'datetime', { notNull: true }],
  ]);
  await db.schema.createIndex('file_uploads_upload_id_unique').on('file_uploads').column('upload_id').unique().execute();
  await db.schema.createIndex('file_uploads_expires_idx').on('file_uploads').columns(['state', 'expires_at']).execute();
}
