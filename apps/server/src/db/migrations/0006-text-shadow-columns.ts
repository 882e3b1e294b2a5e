import { sql } from 'kysely';
import { addShadowColumns, createSortIndex } from '../columns';
import type { DB, Dialect } from '../database';

/**
 * Hidden columns for searching and sorting text as people read it (jsonapi/shadow.ts): tables as
 * they stand at this migration, with whether they have search attributes and their sortable text
 * attributes. `migrate` fills them (refreshShadows) once the migrations have run, and again
 * whenever a client's collation changes.
 */
const TEXT: [table: string, search: boolean, sortKeys: string[]][] = [
  ['images', true, ['path', 'name']],
  ['competitions', true, ['name', 'short_name', 'code']],
  ['seasons', true, ['name']],
  ['competition_seasons', true, ['name']],
  ['clubs', true, ['name', 'short_name', 'code', 'city']],
  ['teams', true, ['name', 'short_name']],
  ['squads', true, ['name']],
  ['venues', true, ['name', 'city']],
  ['sponsors', true, ['name']],
  ['products', true, ['name']],
  ['tags', true, ['name', 'slug']],
  ['staff_roles', true, ['name']],
  ['transmission_providers', true, ['name']],
  ['publication_categories', true, ['name', 'slug']],
  ['stages', true, ['name']],
  ['groups', true, ['name']],
  ['rounds', true, ['name']],
  ['matches', true, []],
  ['incidents', true, []],
  ['players', true, ['first_name', 'last_name', 'nationality']],
  ['career_clubs', true, []],
  ['staff_members', true, ['first_name', 'last_name', 'nationality']],
  ['point_deductions', true, []],
  ['audit_events', true, ['resource_type', 'actor']],
];

/** Default sorts over text now read the keys (0004 indexed the text itself); clubs and tags gain theirs. */
const SORTS: [table: string, sort: string, replaces: boolean][] = [
  ['competitions', 'display_order,name_sort', true],
  ['squads', 'name_sort', true],
  ['teams', 'name_sort', true],
  ['products', 'name_sort', true],
  ['staff_roles', 'display_order,name_sort', true],
  ['publication_categories', 'display_order,name_sort', true],
  ['groups', 'display_order,name_sort', true],
  ['players', 'last_name_sort,first_name_sort', true],
  ['staff_members', 'last_name_sort,first_name_sort', true],
  ['clubs', 'name_sort', false],
  ['tags', 'name_sort', false],
];

/** pg_trgm is a trusted extension (a database owner may create it); without it, search scans. */
async function tryTrigrams(db: DB): Promise<void> {
  await sql`savepoint trigrams`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`release savepoint trigrams`.execute(db);
  } catch {
    await sql`rollback to savepoint trigrams`.execute(db);
  }
}

export async function up(db: DB, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') await tryTrigrams(db);
  await db.schema.alterTable('clients').addColumn('collation', 'text').execute();
  for (const [table, search, sortKeys] of TEXT) await addShadowColumns(db, dialect, table, search, sortKeys);
  for (const [table, sort, replaces] of SORTS) {
    const name = `${table}_default_sort_idx`;
    if (replaces) await db.schema.dropIndex(name).execute();
    await createSortIndex(db, dialect, name, table, sort);
  }
}
