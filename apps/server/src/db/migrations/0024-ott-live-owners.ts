import type { DB, Dialect } from '../database';

/**
 * Who runs each live stream (issue 23): one instance holds a stream's ingest listeners and its
 * encoder under a lease, as a worker holds a job. `lease_until` is epoch milliseconds; the owner
 * renews it every few seconds and another instance takes the stream once it has lapsed. The row
 * also carries what every instance answers for the stream: the owner's ingest addresses (and the
 * ports, asked for again by the next owner), the output state and health, and where the owner
 * takes control calls. `generation` counts the owners the stream has had.
 */
export async function up(db: DB, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('ott_live_owners')
    .addColumn('stream_id', 'integer', (c) => c.primaryKey().references('ott_streams.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull())
    .addColumn('instance', 'text', (c) => c.notNull())
    .addColumn('control_url', 'text', (c) => c.notNull())
    .addColumn('lease_until', 'bigint', (c) => c.notNull())
    .addColumn('generation', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('ingest', 'text')
    .addColumn('output_state', 'text', (c) => c.notNull().defaultTo('idle'))
    .addColumn('health', 'text')
    .execute();
  await db.schema.createIndex('ott_live_owners_lease_until').on('ott_live_owners').column('lease_until').execute();
}
