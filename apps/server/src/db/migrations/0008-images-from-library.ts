import { addShadowColumns, columnType, createBusinessTable, createSortIndex } from '../columns';
import type { DB, Dialect } from '../database';

/**
 * Images and videos are uses of media library files (issue 8): an image names its file
 * (`file_id`), whose image path, width and height the server copies; it gains alt text in both
 * languages, a focal point and a credit. Videos are new: a library video, a poster image, and
 * what ffprobe reads from the file. Images made before this keep their path and no file.
 */
export async function up(db: DB, d: Dialect): Promise<void> {
  const number = columnType(d, 'number') as 'real';
  await db.schema.alterTable('images').renameColumn('alt_text', 'alt_text_pl').execute();
  await db.schema.alterTable('images').addColumn('alt_text_en', 'text').execute();
  await db.schema.alterTable('images').addColumn('file_id', 'text').execute();
  await db.schema.alterTable('images').addColumn('focal_x', number, (c) => c.notNull().defaultTo(0.5)).execute();
  await db.schema.alterTable('images').addColumn('focal_y', number, (c) => c.notNull().defaultTo(0.5)).execute();
  await db.schema.alterTable('images').addColumn('credit', 'text').execute();
  // Where a file is used (GET …/files/{id}/usages) and deleting a file with force read by file.
  await db.schema.createIndex('images_file_idx').on('images').columns(['client_id', 'file_id']).execute();

  await createBusinessTable(
    db,
    d,
    'videos',
    [
      ['file_id', 'string', { notNull: true }],
      ['name', 'string'],
      ['duration', 'number'],
      ['width', 'integer'],
      ['height', 'integer'],
      ['size', 'integer'],
      ['content_type', 'string'],
    ],
    [['poster_id', 'images', 'set null']],
  );
  await db.schema.createIndex('videos_file_idx').on('videos').columns(['client_id', 'file_id']).execute();
  await addShadowColumns(db, d, 'videos', true, ['name']);
  await createSortIndex(db, d, 'videos_default_sort_idx', 'videos', '-created_at');
}
