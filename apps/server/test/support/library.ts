import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { crc32 } from 'node:zlib';
import { toDb } from '../../src/db/values';
import { newStorageKey } from '../../src/storage/keys';
import type { RunningServer } from '../../src/server';
import { DEMO_CLIENT, OTHER_CLIENT } from '../../src/seed/seed';

/**
 * Library files put in place the way the media library stores them (bytes through the Storage,
 * a `stored` row in media_files), for tests of what uses them: images, videos, the image service.
 */
export interface LibraryFileSpec {
  client?: 'demo' | 'other';
  name: string;
  kind: 'image' | 'video' | 'document';
  bytes: Buffer;
  contentType: string;
  width?: number | null;
  height?: number | null;
  path?: string;
}

let serial = 0;

export async function clientIdOf(server: RunningServer, client: 'demo' | 'other' = 'demo'): Promise<number> {
  const row = await server.database.db.selectFrom('clients').select('id').where('name', '=', client === 'demo' ? DEMO_CLIENT : OTHER_CLIENT).executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function addLibraryFile(server: RunningServer, spec: LibraryFileSpec): Promise<{ id: string; imagePath: string | null; storageKey: string }> {
  const clientId = await clientIdOf(server, spec.client);
  const extension = spec.name.slice(spec.name.lastIndexOf('.') + 1).toLowerCase();
  const key = newStorageKey(clientId, extension);
  await server.storage.put(key, Readable.from([spec.bytes]), { contentType: spec.contentType, size: spec.bytes.length });
  const now = toDb(server.database.dialect, 'datetime', new Date().toISOString());
  const imagePath = spec.kind === 'image' ? key.replace(/^c\d+\//, '') : null;
  const row = await server.database.db
    .insertInto('media_files')
    .values({
      client_id: clientId, path: spec.path ?? '/testy/', name: `${++serial}-${spec.name}`, kind: spec.kind, state: 'stored',
      size: spec.bytes.length, content_type: spec.contentType, width: spec.width ?? null, height: spec.height ?? null,
      storage_key: key, image_path: imagePath, created_by: 'admin', created_at: now, updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: String(row.id), imagePath, storageKey: key };
}

/** A short test-pattern video made by Debian's ffmpeg (arguments as an array). */
export async function makeVideo(opts: { width?: number; height?: number; seconds?: number; format?: 'mp4' | 'avi' } = {}): Promise<Buffer> {
  const dir = mkdtempSync(join(tmpdir(), 'umpire-video-'));
  const file = join(dir, `clip.${opts.format ?? 'mp4'}`);
  try {
    await promisify(execFile)('ffmpeg', [
      '-v', 'error', '-f', 'lavfi', '-i', `testsrc=size=${opts.width ?? 160}x${opts.height ?? 90}:rate=10`,
      '-t', String(opts.seconds ?? 2), '-pix_fmt', 'yuv420p', file,
    ]);
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A PNG whose header says `width`×`height` followed by a few bytes of nothing: the image service
 * must refuse it from the header, since decoding it would fail (and a real one would take GBs).
 */
export function pngHeaderOnly(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, no filter, no interlace
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00])), chunk('IEND', Buffer.alloc(0))]);
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'ascii'), data])), 0);
  return Buffer.concat([head, data, crc]);
}
