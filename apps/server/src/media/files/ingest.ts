import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FILE_EXTENSIONS } from '@umpire/schema';
import { FILE_EXTENSION_SET, MAX_UPLOAD_BYTES, extensionOf, mediaKindOf, type MediaKind } from '@umpire/schema/media';
import sharp from 'sharp';
import type { Database } from '../../db/database';
import { apiError } from '../../jsonapi/errors';
import { nowIso } from '../../db/values';
import { newStorageKey } from '../../storage/keys';
import type { Storage } from '../../storage/storage';
import { BackgroundSha256 } from '../../storage/background-sha256';
import { SNIFF_BYTES, contentTypeOf } from './content-type';
import { stripLocation } from './location-metadata';
import { normaliseFileName, normaliseFolderPath } from './names';
import { STORED, ensureFolders, insertWithFreeName, type MediaFileRow } from './repository';
import { probeStoredVideo } from '../videos/probe';
import { probeVideoHead } from './video-facts';
import { MAX_SVG_BYTES, sanitiseSvg } from './svg-sanitiser';

/**
 * The one way a file enters the media library, whatever carried it (a multipart POST, a tus
 * upload, a completed presigned multipart upload, the seed):
 *
 * 1. the name is normalised (names.ts) and its extension must be one of spec §3's;
 * 2. the first bytes must be what the extension says (magic bytes, content-type.ts);
 * 3. the size must stay within the kind's limit (MAX_UPLOAD_BYTES; SVG 5 MB) → 413;
 * 4. images are staged on disk and made safe: SVG sanitised, GPS removed (orientation kept),
 *    width and height read from the header; other files stream straight to storage (a video's
 *    size in pixels and duration are read from its first bytes by ffprobe, or else from the
 *    stored file, which ffprobe reads with seeking);
 * 5. the bytes go to storage under a key the server makes (newStorageKey);
 * 6. only then is the row inserted, `stored`, under the name asked for, or `name (2).ext` when a
 *    file of that name is already in the folder (never an overwrite, never a refusal); missing
 *    folders of the path are created.
 *
 * Any failure (a refused type, a cut connection, a full disk) leaves no row and nothing in storage.
 */
export interface IngestDeps {
  database: Database;
  storage: Storage;
  /** Where images wait while they are checked (under data/, the same disk as local storage). */
  stagingDir: string;
}

export interface IngestInput {
  clientId: number;
  username: string | null;
  /** The folder (`/`, `/crests/`); created with its parents when missing. */
  folderPath: string;
  fileName: string;
  body: Readable;
  /** The length announced beforehand (Content-Length, Upload-Length): checked against the limit first and the bytes at the end. */
  declaredSize?: number;
  /**
   * `body` is already stored under this key (a completed multipart upload, keyed by
   * newStorageKey with the file's extension): it is read for the checks and the hash, and the
   * file keeps that key instead of a copy of gigabytes. Images are still copied, made safe.
   * Refused, the object is removed like any upload's.
   */
  storedKey?: string;
}

export { type MediaFileRow } from './repository';

const EXTENSION_LIST = FILE_EXTENSIONS.join(', ');
const wrongFileType = () => apiError(415, 'wrongFileType', { values: { extensions: EXTENSION_LIST }, source: { parameter: 'file' } });
const tooLarge = (limit: number) =>
  apiError(413, 'fileTooLarge', { values: { limit: formatBytes(limit) }, params: { limit }, source: { parameter: 'file' } });

/** 30 MB, 5 GB: the limit as people read it. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}

/** Thrown inside the byte stream when it grows past the limit. */
class TooLarge extends Error {}

export async function ingestFile(deps: IngestDeps, input: IngestInput): Promise<MediaFileRow> {
  const { body } = input;
  // Whatever is refused before the bytes are read, the rest of them are read and dropped, so
  // the client gets the answer rather than a reset connection.
  try {
    return await ingest(deps, input);
  } catch (error) {
    if (!body.destroyed && !body.readableEnded) body.resume();
    throw error;
  }
}

async function ingest(deps: IngestDeps, input: IngestInput): Promise<MediaFileRow> {
  const path = normaliseFolderPath(input.folderPath);
  if (path === null) throw apiError(422, 'invalidFolderPath', { values: { field: 'path' }, source: { parameter: 'path' } });
  const name = normaliseFileName(input.fileName);
  if (name === null) throw apiError(422, 'invalidFileName', { values: { field: 'file' }, source: { parameter: 'file' } });
  const extension = extensionOf(name);
  if (!FILE_EXTENSION_SET.has(extension)) throw wrongFileType();
  const kind = mediaKindOf(name) as Exclude<MediaKind, 'folder'>;
  const limit = extension === 'svg' ? MAX_SVG_BYTES : MAX_UPLOAD_BYTES[kind];
  if (input.declaredSize !== undefined && input.declaredSize > limit) throw tooLarge(limit);

  const watched = watchSource(input.body);
  const { head, stream } = await peek(watched.body, SNIFF_BYTES);
  if (watched.failed()) throw apiError(400, 'uploadFailed');
  const contentType = await contentTypeOf(extension, head);
  if (!contentType) throw wrongFileType();

  const adopted = input.storedKey !== undefined && kind !== 'image' && input.storedKey.endsWith(`.${extension}`);
  const key = adopted ? input.storedKey! : newStorageKey(input.clientId, extension);
  // Stored whole by a driver that hashes what it wrote: the stream itself need not be hashed.
  const storageHashes = kind !== 'image' && !adopted && deps.storage.hashesOnPut;
  const meter = new Meter(limit, kind !== 'image' && !storageHashes);
  let facts: ImageFacts | null = null;
  let video = kind === 'video' ? await probeVideoHead(head, extension) : null;
  let size: number;
  let sha256: string;
  try {
    if (kind === 'image') {
      ({ facts, size, sha256 } = await stageImage(deps, key, extension, contentType, meter.through(stream)));
    } else if (adopted) {
      for await (const _chunk of meter.through(stream));
      size = meter.bytes;
      sha256 = await meter.sha256();
    } else {
      const stored = await deps.storage.put(key, meter.through(stream), { contentType, size: input.declaredSize, sha256: storageHashes });
      ({ size } = stored);
      sha256 = storageHashes && stored.sha256 ? stored.sha256 : await meter.sha256();
    }
    if (watched.failed() || (input.declaredSize !== undefined && meter.bytes !== input.declaredSize)) throw apiError(400, 'uploadFailed');
    // An MP4 indexed at its end, or an MPEG stream: the stored file is read with seeking instead.
    if (kind === 'video' && !video?.duration) video = (await probeStoredVideo(deps.storage, key).catch(() => null)) ?? video;
  } catch (error) {
    meter.dispose();
    await deps.storage.delete(key).catch(() => undefined);
    if (meter.tooLarge) throw tooLarge(limit);
    if (watched.failed()) throw apiError(400, 'uploadFailed');
    throw error;
  }

  try {
    await ensureFolders(deps.database, input.clientId, path, input.username);
    const now = nowIso();
    return await insertWithFreeName(deps.database, {
      client_id: input.clientId,
      path,
      name,
      kind,
      state: STORED,
      size,
      content_type: contentType,
      width: facts?.width ?? video?.width ?? null,
      height: facts?.height ?? video?.height ?? null,
      duration: video?.duration ?? null,
      alt_text: null,
      sha256,
      storage_key: key,
      // What /img and the CDN read: the key without the client prefix, unguessable by its uuid.
      image_path: kind === 'image' ? key.replace(/^c\d+\//, '') : null,
      created_by: input.username,
      created_at: now,
      updated_at: now,
    });
  } catch (error) {
    await deps.storage.delete(key).catch(() => undefined);
    throw error;
  }
}

interface ImageFacts {
  width: number | null;
  height: number | null;
}

/**
 * Images (at most 30 MB) are written to a staging file first: SVG is rewritten sanitised, GPS is
 * removed in place, the header gives the size in pixels (no decoding); then the file goes to storage.
 */
async function stageImage(
  deps: IngestDeps,
  key: string,
  extension: string,
  contentType: string,
  body: Readable,
): Promise<{ facts: ImageFacts; size: number; sha256: string }> {
  await mkdir(deps.stagingDir, { recursive: true });
  const staged = join(deps.stagingDir, `${randomUUID()}.${extension}`);
  try {
    await pipeline(body, createWriteStream(staged, { flags: 'wx' }));
    if (extension === 'svg') {
      const clean = sanitiseSvg(await readFile(staged, 'utf8'));
      if (!clean) throw wrongFileType();
      await writeFile(staged, clean);
    } else {
      const format = contentType === 'image/jpeg' ? 'jpeg' : contentType === 'image/png' ? 'png' : contentType === 'image/webp' ? 'webp' : null;
      if (format) {
        const file = await open(staged, 'r+');
        try {
          await stripLocation(file, format);
        } finally {
          await file.close();
        }
      }
    }
    const facts = await imageFacts(staged);
    const hash = createHash('sha256');
    await pipeline(createReadStream(staged), new PassThrough().on('data', (chunk: Buffer) => hash.update(chunk)).resume());
    const stored = await deps.storage.put(key, createReadStream(staged), { contentType });
    return { facts, size: stored.size, sha256: hash.digest('hex') };
  } finally {
    await rm(staged, { force: true });
  }
}

/**
 * Staged images left by a process that stopped mid-upload (a crash, a kill): removed at start once
 * older than an hour, so a running upload of another instance on the same disk is never touched.
 */
export async function sweepStaging(stagingDir: string, olderThanMs = 3600_000): Promise<number> {
  let removed = 0;
  let names: string[];
  try {
    names = await readdir(stagingDir);
  } catch {
    return 0;
  }
  for (const name of names) {
    const file = join(stagingDir, name);
    const info = await stat(file).catch(() => null);
    if (info && Date.now() - info.mtimeMs > olderThanMs) {
      await rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}

/** Width and height as shown: a photo taken upright (EXIF orientation 5–8) has its sides swapped. */
async function imageFacts(file: string): Promise<ImageFacts> {
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>["metadata"]>>;
  try {
    meta = await sharp(file, { limitInputPixels: false }).metadata();
  } catch {
    // The first bytes said image, the rest is not one.
    throw wrongFileType();
  }
  const turned = (meta.orientation ?? 1) >= 5;
  const width = meta.width ?? null;
  const height = meta.height ?? null;
  return turned ? { width: height, height: width } : { width, height };
}

/**
 * Counts and hashes the bytes going through (the hash on a worker thread), and fails the stream
 * past the limit. A generator rather than a Transform: one stream hop less per chunk.
 */
class Meter {
  bytes = 0;
  tooLarge = false;
  // Images are hashed once made safe (stageImage), not as they arrive.
  private readonly hash: BackgroundSha256 | null;
  constructor(
    private readonly limit: number,
    hashed: boolean,
  ) {
    this.hash = hashed ? new BackgroundSha256() : null;
  }
  through(source: Readable): Readable {
    const body = Readable.from(this.counted(source), { objectMode: false });
    // Whoever reads the body sees a failure; nothing else has to.
    body.on('error', () => undefined);
    return body;
  }
  private async *counted(source: Readable): AsyncGenerator<Buffer> {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      this.bytes += chunk.length;
      if (this.bytes > this.limit) {
        this.tooLarge = true;
        throw new TooLarge();
      }
      const wait = this.hash?.update(chunk);
      if (wait) await wait;
      yield chunk;
    }
  }
  sha256(): Promise<string> {
    if (!this.hash) throw new Error('not hashed');
    return this.hash.digest();
  }
  dispose() {
    this.hash?.dispose();
  }
}

/**
 * Notes whether the source failed (a cut connection: `error`, `aborted`, or a multipart part that
 * busboy ends early). Such an upload is answered 'Upload failed', whatever the storage did.
 */
function watchSource(body: Readable): { body: Readable; failed: () => boolean } {
  let failed = false;
  body.on('error', () => (failed = true));
  body.on('aborted', () => (failed = true));
  // @fastify/multipart marks a part cut by its size limit as truncated.
  return { body, failed: () => failed || (body as { truncated?: boolean }).truncated === true };
}

/** The first `bytes` bytes (fewer when the stream is shorter), and a stream of all of them. */
async function peek(body: Readable, bytes: number): Promise<{ head: Buffer; stream: Readable }> {
  const chunks: Buffer[] = [];
  let length = 0;
  const iterator = body[Symbol.asyncIterator]();
  let done = false;
  try {
    while (length < bytes) {
      const next = await iterator.next();
      if (next.done) {
        done = true;
        break;
      }
      const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value as Uint8Array);
      chunks.push(chunk);
      length += chunk.length;
    }
  } catch {
    return { head: Buffer.alloc(0), stream: Readable.from([]) };
  }
  const head = Buffer.concat(chunks);
  async function* all() {
    yield head;
    if (done) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value as Buffer;
    }
  }
  return { head: head.subarray(0, Math.min(bytes, head.length)), stream: Readable.from(all(), { objectMode: false }) };
}
