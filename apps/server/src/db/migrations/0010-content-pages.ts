import { addShadowColumns, createBusinessTable, createSortIndex } from '../columns';
import type { DB, Dialect } from '../database';

/**
 * Content pages (issue 9): page types, component types, pages, global page elements and their
 * components. A component has one owner (`owner_type` page | global_page_element | article and
 * `owner_id`, with a foreign key per owner table so that deleting the owner deletes its
 * components). What a component links to (a club, an image, a competition season…) is one row of
 * `component_links` per linked record, indexed by target, so "who links to X" is one query.
 */
export async function up(db: DB, d: Dialect): Promise<void> {
  await createBusinessTable(
    db, d, 'page_types',
    [
      ['name', 'string', { notNull: true }],
      ['kind', 'string', { notNull: true }],
      ['visibility', 'json'],
      ['description', 'text'],
    ],
    [['image_id', 'images', 'set null']],
    ['name'],
  );
  await addShadowColumns(db, d, 'page_types', true, ['name']);
  await createSortIndex(db, d, 'page_types_default_sort_idx', 'page_types', 'name_sort');

  await createBusinessTable(
    db, d, 'page_type_publication_categories',
    [],
    [
      ['page_type_id', 'page_types', 'cascade', { notNull: true }],
      ['publication_category_id', 'publication_categories', 'cascade', { notNull: true }],
    ],
  );
  await db.schema
    .createIndex('page_type_publication_categories_unique')
    .on('page_type_publication_categories')
    .columns(['page_type_id', 'publication_category_id'])
    .unique()
    .execute();

  await createBusinessTable(
    db, d, 'component_types',
    [
      ['name', 'string', { notNull: true }],
      ['kind', 'string', { notNull: true, default: 'page_type' }],
      ['component_kind', 'string', { notNull: true }],
      ['description', 'text'],
      ['position', 'integer', { notNull: true, default: 0 }],
    ],
    [['image_id', 'images', 'set null']],
  );
  await db.schema.createIndex('component_types_kind_name_unique').on('component_types').columns(['client_id', 'kind', 'name']).unique().execute();
  await addShadowColumns(db, d, 'component_types', true, ['name']);
  await createSortIndex(db, d, 'component_types_default_sort_idx', 'component_types', 'position,name_sort');

  await createBusinessTable(
    db, d, 'pages',
    [
      ['title', 'string', { notNull: true }],
      ['slug', 'string', { notNull: true }],
      ['status', 'string', { notNull: true, default: 'draft' }],
      ['published_from', 'datetime'],
      ['published_until', 'datetime'],
      // Kept by the publication jobs (publication.ts): published and inside the window now.
      ['visible', 'boolean', { notNull: true, default: false }],
      ['seo_title', 'string'],
      ['seo_description', 'text'],
    ],
    [
      ['page_type_id', 'page_types', 'restrict', { notNull: true }],
      ['seo_image_id', 'images', 'set null'],
    ],
    ['slug'],
  );
  await addShadowColumns(db, d, 'pages', true, ['title', 'slug']);
  await createSortIndex(db, d, 'pages_default_sort_idx', 'pages', 'title_sort');

  await createBusinessTable(
    db, d, 'global_page_elements',
    [
      ['name', 'string', { notNull: true }],
      ['slug', 'string', { notNull: true }],
      ['area', 'string', { notNull: true }],
    ],
    [],
    ['slug'],
  );
  await addShadowColumns(db, d, 'global_page_elements', true, ['name', 'slug']);

  await createBusinessTable(
    db, d, 'components',
    [
      ['kind', 'string', { notNull: true }],
      ['index', 'integer', { notNull: true, default: 0 }],
      ['settings', 'json'],
      ['owner_type', 'string', { notNull: true }],
      ['owner_id', 'string', { notNull: true }],
    ],
    [
      ['page_id', 'pages', 'cascade'],
      ['global_page_element_id', 'global_page_elements', 'cascade'],
    ],
  );
  // A page's components in order, in one index range.
  await db.schema.createIndex('components_owner_idx').on('components').columns(['client_id', 'owner_type', 'owner_id', 'index']).execute();

  const idType = d === 'postgres' ? 'serial' : 'integer';
  await db.schema
    .createTable('component_links')
    .addColumn('id', idType, (c) => (d === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('component_id', 'integer', (c) => c.notNull().references('components.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('component_links_component_idx').on('component_links').columns(['component_id', 'name', 'position']).execute();
  // Who links to X: one range of this index.
  await db.schema.createIndex('component_links_target_idx').on('component_links').columns(['client_id', 'target_type', 'target_id']).execute();
}
