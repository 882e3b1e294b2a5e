import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { extensionOf, FILE_EXTENSION_SET, MAX_UPLOAD_BYTES, mediaKindOf, type MediaKind } from '@umpire/schema';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { apiError } from '../../jsonapi/errors';
import { nowIso } from '../../jsonapi/values';
import { newStorageKey } from '../storage/keys';
import type { Storage } from '../storage/storage';

/*
 * STAND-IN (Part C): the agreed signature of Part A's ingest pipeline, so resumable and multipart
 * uploads can be built and tested before wip-media-api lands. It streams to storage, hashes and
 * inserts the row only once the bytes are complete; it does NOT check magic bytes, sanitise SVG,
 * strip EXIF or normalise names. Part A's ingest.ts replaces this file when merged.
 */

export interface IngestDeps {
  config: Config;
  database: Database;
  storage: Storage;
}

export interface IngestInput {
  clientId: number;
  username: string;
  folderPath: string;
  fileName: string;
  body: Readable;
  declaredSize?: number;
}

export interface MediaFileRow {
  id: number;
  client_id: number;
  path: string;
  name: string;
  kind: MediaKind;
  state: string;
  size: number | null;
  content_type: string | null;
  sha256: string | null;
  storage_key: string | null;
  image_path: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export async function ingestFile(deps: IngestDeps, input: IngestInput): Promise<MediaFileRow> {
  const extension = extensionOf(input.fileName);
  if (!FILE_EXTENSION_SET.has(extension)) throw apiError(415, 'unsupportedMediaType.fileExtension', { values: { extension } });
  const kind = mediaKindOf(input.fileName) as Exclude<MediaKind, 'folder'>;
  const max = MAX_UPLOAD_BYTES[kind];
  if ((input.declaredSize ?? 0) > max) throw apiError(413, 'payloadTooLarge.fileSize', { values: { max } });
  const key = newStorageKey(input.clientId, extension);
  const hash = createHash('sha256');
  let size = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > max) return done(apiError(413, 'payloadTooLarge.fileSize', { values: { max } }));
      hash.update(chunk);
      done(null, chunk);
    },
  });
  await deps.storage.put(key, input.body.pipe(measure));
  const now = nowIso();
  try {
    const row = await deps.database.db
      .insertInto('media_files')
      .values({
        client_id: input.clientId,
        path: input.folderPath,
        name: input.fileName,
        kind,
        state: 'stored',
        size,
        sha256: hash.digest('hex'),
        storage_key: key,
        image_path: kind === 'image' ? `/${key}` : null,
        created_by: input.username,
        search_text: input.fileName.toLowerCase(),
        name_sort: input.fileName.toLowerCase(),
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return row as MediaFileRow;
  } catch (error) {
    await deps.storage.delete(key);
    throw error;
  }
}
