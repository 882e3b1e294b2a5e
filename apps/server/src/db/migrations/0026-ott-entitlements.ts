import type { ColumnDataType } from 'kysely';
import { addShadowColumns, columnType, createBusinessTable, createSortIndex } from '../columns';
import type { DB, Dialect } from '../database';

/**
 * Fans' rights to watch paid OTT events (issue 24, point 5).
 *
 * - `ott_entitlements`: one fan's right to one event (`kind` event) or to the client's
 *   subscription events (`kind` subscription) from `valid_from` until `valid_until` (null:
 *   open-ended), granted by staff or by the payment provider's webhook (`source`), with the
 *   provider's id of the purchase (`external_ref`, unique per client, so a purchase grants once).
 *   Revoking stamps `revoked_at` and `revoked_by`; rows are never deleted but with their fan,
 *   event or client.
 * - `ott_payment_webhooks`: the client's webhook secret (HMAC-SHA256 key; kept readable, as the
 *   server signs with it too), with the last characters staff see and who set it when.
 * - `ott_payment_webhook_deliveries`: the provider's delivery ids already handled, so a delivery
 *   sent twice changes nothing the second time.
 * - `fans` gets the engine's folded search text (staff find a fan by name or e-mail).
 */
export async function up(db: DB, d: Dialect): Promise<void> {
  await createBusinessTable(
    db, d, 'ott_entitlements',
    [
      ['kind', 'string', { notNull: true }],
      ['valid_from', 'datetime', { notNull: true }],
      ['valid_until', 'datetime'],
      ['source', 'string', { notNull: true }],
      ['external_ref', 'string'],
      ['revoked_at', 'datetime'],
      ['revoked_by', 'string'],
    ],
    [
      ['fan_id', 'fans', 'cascade', { notNull: true }],
      ['event_id', 'ott_events', 'cascade'],
    ],
    ['external_ref'],
  );
  await createSortIndex(db, d, 'ott_entitlements_default_sort_idx', 'ott_entitlements', '-created_at');

  await db.schema
    .createTable('ott_payment_webhooks')
    .addColumn('client_id', 'integer', (c) => c.primaryKey().references('clients.id').onDelete('cascade'))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('secret_hint', 'text', (c) => c.notNull())
    .addColumn('rotated_at', columnType(d, 'datetime') as ColumnDataType, (c) => c.notNull())
    .addColumn('rotated_by', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('ott_payment_webhook_deliveries')
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('delivery_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('entitlement_id', 'integer')
    .addColumn('received_at', columnType(d, 'datetime') as ColumnDataType, (c) => c.notNull())
    .addPrimaryKeyConstraint('ott_payment_webhook_deliveries_pkey', ['client_id', 'delivery_id'])
    .execute();
  await db.schema.createIndex('ott_payment_webhook_deliveries_received_idx').on('ott_payment_webhook_deliveries').column('received_at').execute();

  await addShadowColumns(db, d, 'fans', true, []);
}
