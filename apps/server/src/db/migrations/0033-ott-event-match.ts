import type { DB, Dialect } from '../database';

/**
 * An OTT event may be the broadcast of a match (issue 40, point 2: a match centre shows its
 * broadcast): `ott_events.match_id`, cleared when the match is deleted. The website asks a match's
 * events on every match centre (`filter[match]`), hence the index.
 */
export async function up(db: DB, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('ott_events').addColumn('match_id', 'integer', (c) => c.references('matches.id').onDelete('set null')).execute();
  await db.schema.createIndex('ott_events_match_idx').on('ott_events').columns(['client_id', 'match_id']).execute();
}
