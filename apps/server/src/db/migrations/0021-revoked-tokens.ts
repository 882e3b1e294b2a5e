import type { DB, Dialect } from '../database';
import { columnType } from '../columns';

/**
 * Staff tokens revoked by signing out, by their id (`jti`), kept until they would have expired
 * anyway. Every instance reads the same rows, so a signed-out token is refused everywhere at once.
 */
export async function up(db: DB, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('revoked_tokens')
    .addColumn('jti', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', columnType(dialect, 'datetime') as 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('revoked_tokens_expires_at').on('revoked_tokens').column('expires_at').execute();
}
