import type { ColumnDataType } from 'kysely';
import type { DB, Dialect } from '../database';
import { addShadowColumns, columnType, createBusinessTable, createSortIndex } from '../columns';

/**
 * Push notifications (issue 10): targets, notifications with their links (targets, article, match,
 * page), fans' Web Push subscriptions with the topics they chose, one delivery row per
 * notification × subscription (unique: claimed before sending, so nothing goes out twice), and the
 * VAPID key pair of each client.
 */
export async function up(db: DB, d: Dialect): Promise<void> {
  const id = columnType(d, 'id') as ColumnDataType;
  const datetime = columnType(d, 'datetime') as ColumnDataType;
  await createBusinessTable(
    db, d, 'push_notification_targets',
    [
      ['name', 'string', { notNull: true }],
      ['platform', 'string', { notNull: true, default: 'all' }],
      ['segment', 'string', { notNull: true, default: 'everyone' }],
      ['topic', 'string'],
    ],
    [['club_id', 'clubs', 'cascade']],
    ['name'],
  );
  await addShadowColumns(db, d, 'push_notification_targets', true, ['name', 'topic']);
  await createSortIndex(db, d, 'push_notification_targets_default_sort_idx', 'push_notification_targets', 'name_sort');
  await createBusinessTable(
    db, d, 'push_notifications',
    [
      ['title_pl', 'string', { notNull: true }],
      ['title_en', 'string'],
      ['body_pl', 'text', { notNull: true }],
      ['body_en', 'text'],
      ['status', 'string', { notNull: true, default: 'draft' }],
      ['send_at', 'datetime'],
      ['started_at', 'datetime'],
      ['finished_at', 'datetime'],
      ['total_count', 'integer', { notNull: true, default: 0 }],
      ['sent_count', 'integer', { notNull: true, default: 0 }],
      ['delivered_count', 'integer', { notNull: true, default: 0 }],
      ['expired_count', 'integer', { notNull: true, default: 0 }],
      ['failed_count', 'integer', { notNull: true, default: 0 }],
      ['failure_reasons', 'json'],
    ],
    [['image_id', 'images', 'set null']],
  );
  await addShadowColumns(db, d, 'push_notifications', true, ['title_pl']);
  await createSortIndex(db, d, 'push_notifications_default_sort_idx', 'push_notifications', '-created_at');
  await db.schema.createIndex('push_notifications_status_idx').on('push_notifications').columns(['client_id', 'status', 'send_at']).execute();
  await db.schema
    .createTable('push_notification_links')
    .addColumn('id', id, (c) => (d === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('push_notification_id', 'integer', (c) => c.notNull().references('push_notifications.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('push_notification_links_owner_idx').on('push_notification_links').columns(['push_notification_id', 'name', 'position']).execute();
  await db.schema.createIndex('push_notification_links_target_idx').on('push_notification_links').columns(['client_id', 'target_type', 'target_id']).execute();

  // A browser's subscription (its endpoint) is one row per client, whichever fan registers it last.
  await createBusinessTable(
    db, d, 'push_subscriptions',
    [
      ['endpoint', 'text', { notNull: true }],
      ['p256dh', 'string', { notNull: true }],
      ['auth', 'string', { notNull: true }],
      ['platform', 'string', { notNull: true, default: 'web' }],
      ['locale', 'string', { notNull: true, default: 'pl' }],
    ],
    [['fan_id', 'fans', 'cascade', { notNull: true }]],
    ['endpoint'],
  );
  await db.schema
    .createTable('push_subscription_topics')
    .addColumn('id', id, (c) => (d === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('subscription_id', 'integer', (c) => c.notNull().references('push_subscriptions.id').onDelete('cascade'))
    .addColumn('topic', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_subscription_topics_unique').on('push_subscription_topics').columns(['subscription_id', 'topic']).unique().execute();
  await db.schema.createIndex('push_subscription_topics_topic_idx').on('push_subscription_topics').columns(['client_id', 'topic']).execute();

  await db.schema
    .createTable('push_deliveries')
    .addColumn('id', id, (c) => (d === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('notification_id', 'integer', (c) => c.notNull().references('push_notifications.id').onDelete('cascade'))
    // Kept (null) when the subscription goes: the count stays, the row still blocks a second send.
    .addColumn('subscription_id', 'integer', (c) => c.references('push_subscriptions.id').onDelete('set null'))
    // pending → claimed (about to be sent) → delivered | expired | failed.
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('reason', 'text')
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_at', datetime)
    .addColumn('finished_at', datetime)
    .addColumn('created_at', datetime, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_deliveries_pair_unique').on('push_deliveries').columns(['notification_id', 'subscription_id']).unique().execute();
  await db.schema.createIndex('push_deliveries_status_idx').on('push_deliveries').columns(['notification_id', 'status']).execute();
  await db.schema.createIndex('push_deliveries_subscription_idx').on('push_deliveries').column('subscription_id').execute();

  await db.schema
    .createTable('push_vapid_keys')
    .addColumn('client_id', 'integer', (c) => c.primaryKey().references('clients.id').onDelete('cascade'))
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('private_key', 'text', (c) => c.notNull())
    .addColumn('created_at', datetime, (c) => c.notNull())
    .execute();
}
