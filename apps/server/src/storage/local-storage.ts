import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile, type FileHandle } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BackgroundSha256, FileSha256 } from './background-sha256';
import { assertStorageKey } from './keys';
import type { ByteRange, ListedObject, PutOptions, Storage, StoredObject, StoredStream } from './storage';

/** Bytes gathered before one write: fewer system calls and thread-pool hops than one per socket read. */
export const WRITE_BATCH = 1024 * 1024;
/** Written bytes after which the disk is asked to start writing back, so the final sync has little left. */
const WRITEBACK_EVERY = 64 * 1024 * 1024;

/**
 * Files in a directory (`data/uploads` by default). A put writes to a temporary name beside the
 * target and renames it when the stream ended well, so a cut upload never shows under its key.
 * Multipart parts wait under `.multipart/{uploadId}/` until completed into one file.
 */
export class LocalStorage implements Storage {
  readonly driver = 'local';
  readonly minPartSize = 5 * 1024 * 1024;
  readonly hashesOnPut = true;

  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    assertStorageKey(key);
    return join(this.root, ...key.split('/'));
  }

  localPath(key: string): string {
    return this.pathOf(key);
  }

  private partsDir(uploadId: string): string {
    if (!/^[a-f0-9-]{36}$/.test(uploadId)) throw new Error(`not an upload id: ${uploadId}`);
    return join(this.root, '.multipart', uploadId);
  }

  /**
   * Writes `body` to `target` through a temporary file, durable (fdatasync, and the directory's
   * entry synced after the rename) before it resolves, as an upload is answered only then. Parts
   * get an entity tag to be named by when completed: SHA-256 (hardware-accelerated, hashed on a
   * worker thread), since nothing compares it with S3's MD5 tags. Whole objects need none: ingest
   * already computes the file's SHA-256.
   */
  private async writeAtomically(target: string, body: Readable, tagged = false, hashed = false): Promise<{ size: number; etag?: string; sha256?: string }> {
    await mkdir(dirname(target), { recursive: true });
    const temporary = `${target}.${randomUUID()}.partial`;
    const hash = tagged ? new BackgroundSha256() : null;
    let readBack: FileSha256 | null = null;
    let size: number;
    let sha256: string | undefined;
    try {
      // Opened for reading too: the read-back hash reads what was written through this descriptor.
      const file = await open(temporary, hashed ? 'wx+' : 'wx');
      readBack = hashed ? new FileSha256(file.fd) : null;
      try {
        size = await writeAll(file, body, hash, readBack);
        sha256 = await readBack?.digest();
      } finally {
        await file.close();
      }
      await rename(temporary, target);
      await syncDirectory(dirname(target));
    } catch (error) {
      hash?.dispose();
      readBack?.dispose();
      await rm(temporary, { force: true });
      throw error;
    }
    return { size, sha256, etag: hash ? (await hash.digest()).slice(0, 32) : undefined };
  }

  async put(key: string, body: Readable, options: PutOptions = {}): Promise<StoredObject> {
    const { size, etag, sha256 } = await this.writeAtomically(this.pathOf(key), body, false, options.sha256);
    return { key, size, etag, sha256, contentType: options.contentType };
  }

  async adoptFile(path: string, key: string): Promise<boolean> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    // Its bytes reach the disk before its new name does, as a put's do.
    const file = await open(path, 'r');
    try {
      await file.datasync();
    } finally {
      await file.close();
    }
    try {
      await rename(path, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EXDEV') return false;
      throw error;
    }
    await syncDirectory(dirname(target));
    return true;
  }

  async get(key: string, range?: ByteRange): Promise<StoredStream | null> {
    // The size and the bytes of one file: opened first, then measured, so that a put renaming a
    // new version over the key meanwhile (a live playlist) cannot give one version's size with
    // another's bytes.
    let file: FileHandle;
    try {
      file = await open(this.pathOf(key), 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    const info = await file.stat().catch(async (error: unknown) => {
      await file.close();
      throw error;
    });
    if (!info.isFile()) {
      await file.close();
      return null;
    }
    return { key, size: info.size, body: file.createReadStream(range ? { start: range.start, end: range.end } : {}) };
  }

  async head(key: string): Promise<StoredObject | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? { key, size: info.size } : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async *list(prefix: string): AsyncIterable<ListedObject> {
    for await (const { path, modified } of this.walk()) {
      if (path.endsWith('.partial')) continue;
      const key = relative(this.root, path).split(sep).join('/');
      if (!key.startsWith('.multipart/') && key.startsWith(prefix)) yield { key, lastModified: modified };
    }
  }

  async sweepIncomplete(before: Date): Promise<number> {
    let removed = 0;
    for await (const { path, modified } of this.walk())
      if (path.endsWith('.partial') && modified < before) {
        await rm(path, { force: true });
        removed++;
      }
    return removed;
  }

  /** Every file under the root (parts and half-written files included), with its modification time. */
  private async *walk(dir = this.root): AsyncIterable<{ path: string; modified: Date }> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) yield* this.walk(path);
      else {
        // A file renamed or removed meanwhile (an upload finishing) is simply not listed.
        const info = await stat(path).catch(() => null);
        if (info?.isFile()) yield { path, modified: info.mtime };
      }
    }
  }

  async createMultipart(key: string): Promise<string> {
    assertStorageKey(key);
    const uploadId = randomUUID();
    await mkdir(this.partsDir(uploadId), { recursive: true });
    return uploadId;
  }

  async uploadPart(key: string, uploadId: string, partNumber: number, body: Readable): Promise<{ etag: string }> {
    assertStorageKey(key);
    if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000) throw new Error(`bad part number ${partNumber}`);
    const dir = this.partsDir(uploadId);
    await stat(dir); // a missing upload throws ENOENT
    const { etag = '' } = await this.writeAtomically(join(dir, String(partNumber)), body, true);
    // Kept beside the part, so listing parts (to resume, to complete) does not re-read gigabytes.
    await writeFile(join(dir, `${partNumber}.etag`), etag);
    return { etag };
  }

  async listParts(key: string, uploadId: string): Promise<{ partNumber: number; size: number; etag: string }[]> {
    assertStorageKey(key);
    const dir = this.partsDir(uploadId);
    const names = (await readdir(dir)).filter((name) => /^\d+$/.test(name));
    const parts = await Promise.all(
      names.map(async (name) => {
        const path = join(dir, name);
        const size = (await stat(path)).size;
        const saved = await readFile(`${path}.etag`, 'utf8').catch(() => null);
        if (saved) return { partNumber: Number(name), size, etag: saved };
        const hash = createHash('sha256');
        await pipeline(createReadStream(path), new PassThrough().on('data', (chunk: Buffer) => hash.update(chunk)));
        return { partNumber: Number(name), size, etag: hash.digest('hex').slice(0, 32) };
      }),
    );
    return parts.sort((a, b) => a.partNumber - b.partNumber);
  }

  async completeMultipart(key: string, uploadId: string, parts: { partNumber: number; etag: string }[]): Promise<StoredObject> {
    const dir = this.partsDir(uploadId);
    const stored = new Map((await this.listParts(key, uploadId)).map((p) => [p.partNumber, p]));
    const ordered = [...parts].sort((a, b) => a.partNumber - b.partNumber);
    for (const part of ordered) {
      const found = stored.get(part.partNumber);
      if (!found || found.etag !== part.etag.replace(/"/g, '')) throw new Error(`part ${part.partNumber} is missing or differs`);
    }
    const joined = new PassThrough();
    const feed = (async () => {
      for (const part of ordered) {
        // Written chunk by chunk: a pipeline per part into one stream would pile up its listeners.
        for await (const chunk of createReadStream(join(dir, String(part.partNumber)), { highWaterMark: 1024 * 1024 })) {
          if (joined.destroyed) throw new Error('the joined upload was stopped');
          if (!joined.write(chunk)) await drained(joined);
        }
      }
      joined.end();
    })();
    feed.catch((error: unknown) => joined.destroy(error as Error));
    const object = await this.put(key, joined);
    await rm(dir, { recursive: true, force: true });
    return object;
  }

  async abortMultipart(_key: string, uploadId: string): Promise<void> {
    await rm(this.partsDir(uploadId), { recursive: true, force: true });
  }

  async presignPart(): Promise<string | null> {
    return null;
  }
}

/** Resolves when `stream` takes writes again, or is closed (then the caller stops). */
function drained(stream: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const go = () => {
      stream.off('drain', go).off('close', go);
      resolve();
    };
    stream.on('drain', go).on('close', go);
  });
}

/**
 * Writes every chunk of `body` to `file` (hashing them on the way when asked), one batch being
 * written while the next is gathered, then syncs the data. Returns the byte count.
 *
 * Dirty pages are not written back by the kernel until a sync or a memory threshold (gigabytes on a
 * large machine), so a single fdatasync at the end would wait for the whole file to reach the disk.
 * Every WRITEBACK_EVERY bytes a sync is started without waiting for it (one at a time): the disk
 * works while the upload goes on, and the final fdatasync, the one the answer waits for, has only
 * the tail left.
 */
async function writeAll(file: FileHandle, body: Readable, hash: BackgroundSha256 | null, readBack: FileSha256 | null = null): Promise<number> {
  let batch: Buffer[] = [];
  let batched = 0;
  let position = 0;
  let sinceSync = 0;
  let writing: Promise<void> = Promise.resolve();
  let syncing: Promise<void> | null = null;
  const flush = async () => {
    await writing;
    const [at, length] = [position, batched];
    writing = writeBatch(file, batch, position).then(() => readBack?.add(at, length));
    writing.catch(() => undefined); // awaited before the next batch or at the end
    position += batched;
    sinceSync += batched;
    batch = [];
    batched = 0;
    if (sinceSync >= WRITEBACK_EVERY && !syncing) {
      sinceSync = 0;
      const started: Promise<void> = writing.then(() => file.datasync()).finally(() => {
        if (syncing === started) syncing = null;
      });
      started.catch(() => undefined); // the final datasync reports a failing disk
      syncing = started;
    }
  };
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      batch.push(chunk);
      batched += chunk.length;
      const wait = hash?.update(chunk);
      if (wait) await wait;
      if (batched >= WRITE_BATCH) await flush();
    }
    if (batched) await flush();
    await writing;
  } finally {
    // Set inside flush(), which the compiler does not follow.
    await (syncing as Promise<void> | null)?.catch(() => undefined);
  }
  await file.datasync();
  return position;
}

/** Writes `buffers` at `position` (a file's own offsets: staged tus bytes are written there too). */
export async function writeBatch(file: FileHandle, buffers: Buffer[], position: number): Promise<void> {
  let left = buffers;
  while (left.length) {
    let { bytesWritten } = await file.writev(left, position);
    position += bytesWritten;
    // A short write (a full disk, a signal) goes on from where it stopped.
    const rest: Buffer[] = [];
    for (const buffer of left) {
      if (bytesWritten >= buffer.length) bytesWritten -= buffer.length;
      else {
        rest.push(bytesWritten ? buffer.subarray(bytesWritten) : buffer);
        bytesWritten = 0;
      }
    }
    if (rest.length === left.length && rest[0] === left[0]) throw new Error('the disk took no bytes');
    left = rest;
  }
}

/** A rename is durable once the directory holding the new name is synced. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
