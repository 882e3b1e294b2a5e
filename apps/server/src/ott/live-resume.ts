import type { Database } from '../db/database';
import { fromDb } from '../jsonapi/values';
import type { LiveControl, LiveMarker } from './live-control';
import { streamConfigOf } from './routes';

/** A stream's markers as the live engine takes them (EXT-X-DATERANGE), in order. */
export async function markersOf(database: Database, streamId: number): Promise<LiveMarker[]> {
  const rows = await database.db.selectFrom('ott_markers').select(['id', 'kind', 'start_at', 'duration_seconds', 'title']).where('stream_id', '=', streamId).orderBy('start_at').execute();
  return rows.map((r) => ({ id: Number(r.id), kind: String(r.kind), startAt: String(fromDb('datetime', r.start_at)), durationSeconds: Number(r.duration_seconds), title: (r.title as string | null) ?? null }));
}

/**
 * At start: the streams the database has live or paused are handed to the engine, which runs again
 * those whose output is in this instance's data directory (the instance that ran them before the
 * restart; other instances find nothing of them and leave them). One stream's failure is logged and
 * does not keep the others or the server from starting.
 */
export async function resumeLiveStreams(
  database: Database,
  live: LiveControl,
  log: { info(o: object, m: string): void; warn(o: object, m: string): void },
): Promise<void> {
  const rows = await database.db
    .selectFrom('ott_streams')
    .select(['id', 'client_id', 'protocol', 'encryption', 'primary_key', 'backup_key', 'passphrase', 'status', 'use_backup'])
    .where('status', 'in', ['live', 'paused'])
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const streamId = Number(row.id);
    try {
      const ingest = await live.resume(streamConfigOf(row), {
        paused: row.status === 'paused',
        useBackup: fromDb('boolean', row.use_backup) === true,
        markers: await markersOf(database, streamId),
      });
      if (ingest) log.info({ streamId, status: String(row.status), ingest: { primary: ingest.primary.rtmp.replace(/\/live\/.*$/, '/live/…'), backup: ingest.backup.rtmp.replace(/\/live\/.*$/, '/live/…') } }, 'ott: live stream resumed after a restart');
    } catch (err: unknown) {
      log.warn({ err, streamId }, 'ott: a live stream could not be resumed');
    }
  }
}
