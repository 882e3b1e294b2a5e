import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import type { Storage } from '../../storage/storage';
import { stagingPrefix } from '../uploads/tus-staging';
import { sweepStaging } from './ingest';

/** Objects younger than this are never orphans: an upload may be between its bytes and its row. */
export const ORPHAN_MIN_AGE_MS = 24 * 3600_000;
const SWEEP_EVERY_MS = 6 * 3600_000;
const FIRST_SWEEP_AFTER_MS = 60_000;

/**
 * Stored objects that no library file and no upload names, left by a process stopped between
 * writing the bytes and inserting the row (or by a delete whose storage call failed). Only objects
 * older than `minAgeMs` go, so an upload in flight on any instance is never touched; half-written
 * files of the local driver go too. Returns what was removed.
 */
export async function sweepOrphans(
  database: Database,
  storage: Storage,
  { now = Date.now(), minAgeMs = ORPHAN_MIN_AGE_MS } = {},
): Promise<{ orphans: number; incomplete: number }> {
  const before = new Date(now - minAgeMs);
  const known = new Set<string>();
  const [files, uploads] = await Promise.all([
    database.db.selectFrom('media_files').select('storage_key').where('storage_key', 'is not', null).execute(),
    database.db.selectFrom('file_uploads').select(['storage_key', 'upload_id']).execute(),
  ]);
  for (const row of [...files, ...uploads]) if (row.storage_key !== null) known.add(String(row.storage_key));
  // A tus upload's staged bytes (uploads/tus-staging.ts) stay while its row does, however old.
  const staging = new Set(uploads.map((row) => stagingPrefix(String(row.upload_id))));
  // OTT output (HLS renditions, recordings) lives under the prefix its transcoding job names.
  const outputs = new Set(
    (await database.db.selectFrom('ott_transcoding_jobs').select('output_key').where('output_key', 'is not', null).execute()).map((r) => String(r.output_key)),
  );
  let orphans = 0;
  for await (const object of storage.list('')) {
    const path = object.key.split('/');
    if (known.has(object.key) || outputs.has(path.slice(0, 3).join('/')) || staging.has(`${path.slice(0, 2).join('/')}/`) || object.lastModified >= before) continue;
    await storage.delete(object.key);
    orphans++;
  }
  return { orphans, incomplete: await storage.sweepIncomplete(before) };
}

/**
 * The media library's housekeeping while the server runs: staged images, orphaned objects and
 * half-written files, a minute after start and every six hours. Several instances may sweep at
 * once: removing a removed object is no error, and nothing young is touched.
 */
export function scheduleMediaSweeps(app: FastifyInstance, deps: { database: Database; storage: Storage; stagingDir: string }): void {
  const sweep = async () => {
    try {
      await sweepStaging(deps.stagingDir);
      const removed = await sweepOrphans(deps.database, deps.storage);
      if (removed.orphans || removed.incomplete) app.log.info(removed, 'media: swept orphaned objects');
    } catch (err) {
      app.log.warn({ err }, 'media: sweep failed');
    }
  };
  let timer = setTimeout(function again() {
    void sweep().finally(() => {
      timer = setTimeout(again, SWEEP_EVERY_MS).unref();
    });
  }, FIRST_SWEEP_AFTER_MS).unref();
  app.addHook('onClose', async () => clearTimeout(timer));
}
