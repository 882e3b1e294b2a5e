import { sql } from 'kysely';
import { createSortIndex } from '../columns';
import type { DB, Dialect } from '../database';

/** Indexes in the order of each list's default sort, so a page is read in order instead of sorting all of a client's rows. */
const SORTS: [table: string, sort: string][] = [
  ['images', '-created_at'],
  ['competitions', 'display_order,name'],
  ['seasons', '-start_date'],
  ['competition_seasons', '-start_date'],
  ['squads', 'name'],
  ['teams', 'name'],
  ['venues', '-created_at'],
  ['sponsors', '-created_at'],
  ['products', 'name'],
  ['staff_roles', 'display_order,name'],
  ['transmission_providers', '-created_at'],
  ['publication_categories', 'display_order,name'],
  ['stages', 'display_order'],
  ['groups', 'display_order,name'],
  ['rounds', 'number'],
  ['players', 'last_name,first_name'],
  ['staff_members', 'last_name,first_name'],
  ['career_clubs', '-start_year'],
  ['point_deductions', '-decided_on'],
];

export async function up(db: DB, dialect: Dialect): Promise<void> {
  for (const [table, sort] of SORTS) await createSortIndex(db, dialect, `${table}_default_sort_idx`, table, sort);
  // The timeline of a match is read in its own order.
  await sql.raw(`create index "incidents_match_order_idx" on "incidents" ("match_id", "sort_key", "id")`).execute(db);
}
