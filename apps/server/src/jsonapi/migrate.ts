import type { Database } from '../db/database';
import { runMigrations } from '../db/migrate';
import { refreshShadows } from './shadow';

/**
 * Brings the database up to this code: every migration (db/migrate.ts), then the engine's shadow
 * columns for the running collation and declarations. What starts the server, the CLI and tests call.
 */
export function migrate(database: Database): Promise<string[]> {
  return runMigrations(database, refreshShadows);
}
