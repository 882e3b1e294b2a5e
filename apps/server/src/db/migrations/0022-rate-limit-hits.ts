import type { DB, Dialect } from '../database';

/**
 * Hits of the fan API's rate limits per key (`fan:12`, `address:203.0.113.8`, `register:…`) and
 * fixed window, shared by every instance on PostgreSQL (delivery/rate-limit.ts), so a limit holds
 * across instances instead of once per instance. Times are epoch milliseconds; a row is swept once
 * its window can no longer weigh on a later one (`expires_at`).
 */
export async function up(db: DB, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('rate_limit_hits')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limit_hits_pkey', ['key', 'window_start'])
    .execute();
  await db.schema.createIndex('rate_limit_hits_expires_at').on('rate_limit_hits').column('expires_at').execute();
}
