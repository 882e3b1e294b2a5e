import type { DB, Dialect } from '../database';
import { createBusinessTable } from '../columns';

/**
 * The media library (issue 8): one row per file or folder of a client. A folder's name ends in
 * `/` (spec §9); `path` is the folder a row is in (`/`, `/crests/`). The bytes live in storage
 * under `storage_key`, made by the server; `image_path` is what /img and the CDN read.
 * `state` is `stored` once the bytes are complete: an upload cut in the middle is never listed.
 */
export async function up(db: DB, d: Dialect): Promise<void> {
  await createBusinessTable(db, d, 'media_files', [
    ['path', 'string', { notNull: true }],
    ['name', 'string', { notNull: true }],
    ['kind', 'string', { notNull: true }],
    ['state', 'string', { notNull: true, default: 'stored' }],
    ['size', 'integer'],
    ['content_type', 'string'],
    ['width', 'integer'],
    ['height', 'integer'],
    ['duration', 'number'],
    ['alt_text', 'string'],
    ['sha256', 'string'],
    ['storage_key', 'string'],
    ['image_path', 'string'],
    ['created_by', 'string'],
    // Search and sort as people read (see jsonapi/shadow.ts): filled by the media service.
    ['search_text', 'string'],
    ['name_sort', 'string'],
  ]);
  // One name per folder and client: two uploads of one name never overwrite each other.
  await db.schema.createIndex('media_files_name_unique').on('media_files').columns(['client_id', 'path', 'name']).unique().execute();
  await db.schema.createIndex('media_files_storage_key_unique').on('media_files').column('storage_key').unique().execute();
  await db.schema.createIndex('media_files_image_path_unique').on('media_files').column('image_path').unique().execute();
  await db.schema.createIndex('media_files_folder_sort_idx').on('media_files').columns(['client_id', 'path', 'name_sort', 'id']).execute();
}
