import type { DB, Dialect } from '../database';
import { createBusinessTable } from '../columns';

/** The first resources of the umpire API (issue 2). */
export async function up(db: DB, d: Dialect): Promise<void> {
  await createBusinessTable(db, d, 'images', [
    ['path', 'string', { notNull: true }],
    ['name', 'string'],
    ['alt_text', 'string'],
    ['width', 'integer'],
    ['height', 'integer'],
  ]);
  await createBusinessTable(
    db, d, 'competitions',
    [
      ['name', 'string', { notNull: true }],
      ['short_name', 'string'],
      ['code', 'string'],
      ['kind', 'string', { notNull: true, default: 'league' }],
      ['country', 'string'],
      ['is_active', 'boolean', { notNull: true, default: true }],
      ['display_order', 'integer', { notNull: true, default: 0 }],
      ['points_for_win', 'integer', { notNull: true, default: 3 }],
      ['points_for_draw', 'integer', { notNull: true, default: 1 }],
      ['points_for_loss', 'integer', { notNull: true, default: 0 }],
    ],
    [['image_id', 'images', 'set null']],
    ['code'],
  );
  await createBusinessTable(
    db, d, 'seasons',
    [
      ['name', 'string', { notNull: true }],
      ['start_date', 'date', { notNull: true }],
      ['end_date', 'date', { notNull: true }],
      ['is_current', 'boolean', { notNull: true, default: false }],
    ],
    [],
    ['name'],
  );
  await createBusinessTable(
    db, d, 'competition_seasons',
    [
      ['name', 'string', { notNull: true }],
      ['start_date', 'date'],
      ['end_date', 'date'],
      ['is_current', 'boolean', { notNull: true, default: false }],
    ],
    [
      ['competition_id', 'competitions', 'restrict', { notNull: true }],
      ['season_id', 'seasons', 'restrict', { notNull: true }],
      ['image_id', 'images', 'set null'],
    ],
  );
  await createBusinessTable(
    db, d, 'venues',
    [
      ['name', 'string', { notNull: true }],
      ['city', 'string', { notNull: true }],
      ['address', 'string'],
      ['country', 'string'],
      ['capacity', 'integer'],
      ['latitude', 'number'],
      ['longitude', 'number'],
      ['opened', 'integer'],
      ['surface', 'string'],
    ],
    [['image_id', 'images', 'set null']],
  );
  await createBusinessTable(
    db, d, 'clubs',
    [
      ['name', 'string', { notNull: true }],
      ['short_name', 'string'],
      ['code', 'string'],
      ['founded', 'integer'],
      ['website', 'string'],
      ['email', 'string'],
      ['city', 'string'],
      ['country', 'string'],
      ['primary_color', 'string'],
      ['secondary_color', 'string'],
    ],
    [
      ['image_id', 'images', 'set null'],
      ['venue_id', 'venues', 'set null'],
    ],
    ['name', 'code'],
  );
  await createBusinessTable(
    db, d, 'teams',
    [
      ['name', 'string', { notNull: true }],
      ['short_name', 'string'],
      ['kind', 'string', { notNull: true, default: 'first' }],
    ],
    [
      ['club_id', 'clubs', 'restrict', { notNull: true }],
      ['image_id', 'images', 'set null'],
    ],
  );
  await createBusinessTable(
    db, d, 'squads',
    [['name', 'string', { notNull: true }]],
    [
      ['season_id', 'seasons', 'restrict', { notNull: true }],
      ['team_id', 'teams', 'restrict', { notNull: true }],
      ['image_id', 'images', 'set null'],
    ],
  );
  await createBusinessTable(
    db, d, 'sponsors',
    [
      ['name', 'string', { notNull: true }],
      ['website', 'string'],
      ['tier', 'string', { notNull: true, default: 'partner' }],
      ['display_order', 'integer', { notNull: true, default: 0 }],
      ['is_active', 'boolean', { notNull: true, default: true }],
    ],
    [['image_id', 'images', 'set null']],
    ['name'],
  );
  await createBusinessTable(
    db, d, 'products',
    [
      ['name', 'string', { notNull: true }],
      ['kind', 'string', { notNull: true, default: 'merchandise' }],
      ['description', 'text'],
      ['price', 'number'],
      ['currency', 'string', { notNull: true, default: 'PLN' }],
      ['url', 'string'],
      ['is_active', 'boolean', { notNull: true, default: true }],
    ],
    [['image_id', 'images', 'set null']],
  );
  await createBusinessTable(db, d, 'tags', [['name', 'string', { notNull: true }], ['slug', 'string']], [], ['name', 'slug']);
  await createBusinessTable(
    db, d, 'staff_roles',
    [
      ['name', 'string', { notNull: true }],
      ['kind', 'string', { notNull: true, default: 'coaching' }],
      ['display_order', 'integer', { notNull: true, default: 0 }],
    ],
    [],
    ['name'],
  );
  await createBusinessTable(
    db, d, 'transmission_providers',
    [
      ['name', 'string', { notNull: true }],
      ['kind', 'string', { notNull: true, default: 'tv' }],
      ['website', 'string'],
    ],
    [['image_id', 'images', 'set null']],
    ['name'],
  );
  await createBusinessTable(
    db, d, 'publication_categories',
    [
      ['name', 'string', { notNull: true }],
      ['slug', 'string'],
      ['description', 'text'],
      ['display_order', 'integer', { notNull: true, default: 0 }],
    ],
    [['image_id', 'images', 'set null']],
    ['name', 'slug'],
  );
}
