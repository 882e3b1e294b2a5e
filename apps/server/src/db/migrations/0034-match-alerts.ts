import type { ColumnDataType } from 'kysely';
import type { DB, Dialect } from '../database';
import { columnType, createBusinessTable } from '../columns';

/**
 * Match alerts (issue 41):
 * - `match_alert_templates`: per league and kind, whether it is sent and its texts (one row per kind);
 * - `competitions.match_alerts` (on unless staff turn a competition off), `matches.alerts_muted`;
 * - an alert is a push notification the match centre wrote: `origin` = 'match_alert', its kind,
 *   its tag (the Web Push Topic and the service worker's tag a correction shares), its match and
 *   the incident it tells of (no reference: a deleted incident's correction still names it);
 * - a subscription's `alert_kinds`: the kinds its fan wants, comma-separated (`goal,red_card`);
 * - `push_notifications.recipients_after`: how far the sender has written a send's recipients.
 */
export async function up(db: DB, dialect: Dialect): Promise<void> {
  const bool = columnType(dialect, 'boolean') as ColumnDataType;
  const no = dialect === 'postgres' ? false : 0;
  const yes = dialect === 'postgres' ? true : 1;
  await createBusinessTable(db, dialect, 'match_alert_templates', [
    ['kind', 'string', { notNull: true }],
    ['enabled', 'boolean', { notNull: true, default: true }],
    ['title_pl', 'string', { notNull: true }],
    ['body_pl', 'string'],
    ['title_en', 'string', { notNull: true }],
    ['body_en', 'string'],
  ]);
  await db.schema.createIndex('match_alert_templates_kind_unique').on('match_alert_templates').columns(['client_id', 'kind']).unique().execute();
  await db.schema.alterTable('competitions').addColumn('match_alerts', bool, (c) => c.notNull().defaultTo(yes)).execute();
  await db.schema.alterTable('matches').addColumn('alerts_muted', bool, (c) => c.notNull().defaultTo(no)).execute();
  const string = columnType(dialect, 'string') as ColumnDataType;
  await db.schema.alterTable('push_notifications').addColumn('origin', string, (c) => c.notNull().defaultTo('staff')).execute();
  await db.schema.alterTable('push_notifications').addColumn('alert_kind', string).execute();
  await db.schema.alterTable('push_notifications').addColumn('alert_tag', string).execute();
  await db.schema.alterTable('push_notifications').addColumn('alert_match_id', 'integer', (c) => c.references('matches.id').onDelete('set null')).execute();
  await db.schema.alterTable('push_notifications').addColumn('alert_incident_id', 'integer').execute();
  // Recipients are written a chunk at a time (sender.ts): the subscription id the last chunk ended at, null once all are.
  await db.schema.alterTable('push_notifications').addColumn('recipients_after', 'integer').execute();
  await db.schema.createIndex('push_notifications_alert_match_idx').on('push_notifications').columns(['client_id', 'alert_match_id', 'id']).execute();
  await db.schema.alterTable('push_subscriptions').addColumn('alert_kinds', string, (c) => c.notNull().defaultTo('goal,red_card,full_time')).execute();
}
