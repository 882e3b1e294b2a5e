import type { ColumnDataType, ColumnDefinitionBuilder } from 'kysely';
import type { DB, Dialect } from '../database';
import { columnType } from '../columns';

/** Clients (tenants), their users, the history of changes and idempotency records. */
export async function up(db: DB, dialect: Dialect): Promise<void> {
  const id = columnType(dialect, 'id') as ColumnDataType;
  const datetime = columnType(dialect, 'datetime') as ColumnDataType;
  const json = columnType(dialect, 'json') as ColumnDataType;
  const bool = columnType(dialect, 'boolean') as ColumnDataType;
  const pk = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());

  await db.schema
    .createTable('clients')
    .addColumn('id', id, pk)
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('providers', json, (c) => c.notNull())
    .addColumn('settings', json, (c) => c.notNull())
    .addColumn('created_at', datetime, (c) => c.notNull())
    .addColumn('updated_at', datetime, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', id, pk)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('display_name', 'text')
    .addColumn('email', 'text')
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('roles', json, (c) => c.notNull())
    .addColumn('disabled', bool, (c) => c.notNull().defaultTo(dialect === 'postgres' ? false : 0))
    .addColumn('created_at', datetime, (c) => c.notNull())
    .addColumn('updated_at', datetime, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('audit_events')
    .addColumn('id', id, pk)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('resource_type', 'text', (c) => c.notNull())
    .addColumn('resource_id', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('changes', json, (c) => c.notNull())
    .addColumn('occurred_at', datetime, (c) => c.notNull())
    .addColumn('created_at', datetime, (c) => c.notNull())
    .addColumn('updated_at', datetime, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('audit_events_record_idx')
    .on('audit_events')
    .columns(['client_id', 'resource_type', 'resource_id'])
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('headers', json, (c) => c.notNull())
    .addColumn('created_at', datetime, (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['client_id', 'key'])
    .execute();

  // Failed sign-ins, counted per address and per username across every instance.
  await db.schema
    .createTable('sign_in_failures')
    .addColumn('id', id, pk)
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('failed_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sign_in_failures_key_idx').on('sign_in_failures').columns(['key', 'failed_at']).execute();
}
