import type { Database } from '../db/database';
import { fromDb } from '../db/values';
import type { LiveMarker } from './live-control';

/** A stream's markers as the live engine takes them (EXT-X-DATERANGE), in order. */
export async function markersOf(database: Database, streamId: number): Promise<LiveMarker[]> {
  const rows = await database.db.selectFrom('ott_markers').select(['id', 'kind', 'start_at', 'duration_seconds', 'title']).where('stream_id', '=', streamId).orderBy('start_at').execute();
  return rows.map((r) => ({ id: Number(r.id), kind: String(r.kind), startAt: String(fromDb('datetime', r.start_at)), durationSeconds: Number(r.duration_seconds), title: (r.title as string | null) ?? null }));
}
