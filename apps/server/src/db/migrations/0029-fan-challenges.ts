import type { DB, Dialect } from '../database';

/**
 * Proofs of work already taken (issue 25, point 4): a solved challenge lets one registration or
 * sign-in past the limit per address, once. Kept by the challenge's signature until it expires
 * (epoch milliseconds), then swept.
 */
export async function up(db: DB, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('fan_challenges_used')
    .addColumn('signature', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('fan_challenges_used_expires_idx').on('fan_challenges_used').column('expires_at').execute();
}
