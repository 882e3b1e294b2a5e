import type { Database } from '../db/database';
import { runMigrations } from '../db/migrate';
import { keepRowCounts } from '../db/row-counts';
import { allModels } from './model';
import { refreshShadows } from './shadow';

/**
 * Brings the database up to this code: every migration (db/migrate.ts), then what follows from the
 * declarations: the engine's shadow columns for the running collation, and on SQLite the kept row
 * counts of the resources' tables (db/row-counts.ts). What starts the server, the CLI and tests call.
 */
export function migrate(database: Database): Promise<string[]> {
  return runMigrations(database, async (db, dialect) => {
    await refreshShadows(db, dialect);
    await keepRowCounts(
      db,
      dialect,
      allModels().map((m) => m.table),
    );
  });
}
