import { addShadowColumns, createBusinessTable, createSortIndex } from '../columns';
import type { DB, Dialect } from '../database';

/**
 * Delivery keys (issue 24, point 2): read-only keys of the delivery API, one per website or app
 * of a client. Only the SHA-256 of a key's secret is kept (`key_hash`, unique: a read finds its
 * key in one indexed lookup), never the secret; `prefix` names the key for staff. The hash is
 * filled in the transaction that creates the row, after the row's history entry is written, so
 * the history never holds it either.
 */
export async function up(db: DB, d: Dialect): Promise<void> {
  await createBusinessTable(db, d, 'delivery_keys', [
    ['name', 'string', { notNull: true }],
    ['prefix', 'string', { notNull: true }],
    ['key_hash', 'string'],
    ['rate_limit_per_minute', 'integer', { notNull: true, default: 600 }],
    ['status', 'string', { notNull: true, default: 'active' }],
    ['last_used_at', 'datetime'],
    ['revoked_at', 'datetime'],
    ['created_by', 'string'],
  ]);
  await db.schema.createIndex('delivery_keys_key_hash_unique').on('delivery_keys').column('key_hash').unique().execute();
  await addShadowColumns(db, d, 'delivery_keys', true, ['name']);
  await createSortIndex(db, d, 'delivery_keys_default_sort_idx', 'delivery_keys', '-created_at');
}
