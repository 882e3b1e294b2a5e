import { constants, createReadStream } from 'node:fs';
import { mkdir, open, rm, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Readable } from 'node:stream';
import { WRITE_BATCH, writeBatch } from '../../storage/local-storage';
import type { Storage } from '../../storage/storage';
import type { UploadRecord, UploadRecords } from './upload-records';

/**
 * Bytes a writer gathers before it commits them (on S3 the size of one staged piece: below the
 * driver's 5 MB, so each is one plain PUT). Only a killed process loses what it held uncommitted.
 */
export const COMMIT_EVERY_BYTES = 4 * 1024 * 1024;
/** A PATCH that sends nothing for this long gets what it sent committed, so HEAD shows it on every instance. */
export const IDLE_COMMIT_MS = 1000;

/** Every staged object of a tus upload is under this prefix, in the storage all instances share. */
export const stagingPrefix = (uploadId: string) => `resumable/${uploadId}/`;
/** The local driver's single staging file of an upload, written at its offsets as bytes arrive. */
const stagingFileKey = (uploadId: string) => `${stagingPrefix(uploadId)}staged`;
/** A piece staged on S3: named by its offset and its writer, so a late piece of a writer that lost replaces nothing. */
const pieceKey = (uploadId: string, position: number, token: string) => `${stagingPrefix(uploadId)}${String(position).padStart(16, '0')}-${token}`;

/** Another request took the upload over (a resuming client, a termination): this one stops. */
export class WriterLost extends Error {
  constructor() {
    super('another request took the upload over');
  }
}

/** One request's writing of a tus upload, from the offset it took it over at. Not re-entrant: one call at a time. */
export interface StagingWriter {
  /** The upload's committed offset as this writer knows it. */
  readonly committed: number;
  write(chunk: Buffer): Promise<void>;
  /** Stores what was written and commits it; WriterLost when another request holds the upload now. */
  commit(): Promise<void>;
  /** Frees what the writer holds; what it did not commit is dropped. */
  close(): Promise<void>;
}

/**
 * Where tus uploads wait for their remaining bytes: in the storage driver, so that an upload
 * started through one instance resumes through any other, and its offset in the upload's row
 * (`received`), committed only by the request holding the upload (`writer`).
 *
 * The local driver (whose directory several machines must share anyway) keeps one file per upload
 * under its root, written at the upload's offsets as the bytes arrive, and adopted as the stored
 * file once complete: the bytes are written once. A writer that lost the upload on another
 * instance may still write what it was given before it sees that, at the same offsets: the same
 * bytes of the same file a resuming tus client sends again. S3 cannot append: the bytes are cut
 * into pieces stored as objects of their own, each committed with its key, read back in order
 * once the upload is complete.
 */
export class TusStaging {
  constructor(
    private readonly storage: Storage,
    private readonly records: UploadRecords,
  ) {}

  /** The writer of `token`, which has taken the upload over at `offset`. */
  async writer(record: UploadRecord, token: string, offset: number): Promise<StagingWriter> {
    const target = { record, token, records: this.records };
    if (!this.storage.localPath) return new PieceWriter(target, this.storage, offset);
    const path = this.storage.localPath(stagingFileKey(record.uploadId));
    await mkdir(dirname(path), { recursive: true });
    // Neither truncated nor appended to: each writer writes at its own offsets.
    return new FileWriter(target, await open(path, constants.O_WRONLY | constants.O_CREAT), offset);
  }

  /** The complete staging file, on a driver that keeps files on this machine (to be adopted). */
  localFile(record: UploadRecord): string | null {
    return this.storage.localPath?.(stagingFileKey(record.uploadId)) ?? null;
  }

  /** The first `length` committed bytes, in order, as one stream. */
  async read(record: UploadRecord, length: number): Promise<Readable> {
    if (length === 0) return Readable.from([]);
    const local = this.localFile(record);
    if (local) return createReadStream(local, { start: 0, end: length - 1 });
    const chunks = await this.records.chunks(record);
    let position = 0;
    for (const chunk of chunks) {
      if (position >= length) break;
      if (chunk.position !== position) throw new Error(`upload ${record.uploadId}: no staged piece at ${position}`);
      position += chunk.size;
    }
    if (position < length) throw new Error(`upload ${record.uploadId}: staged pieces end at ${position}, not ${length}`);
    const storage = this.storage;
    async function* pieces(): AsyncGenerator<Buffer> {
      for (const chunk of chunks) {
        if (chunk.position >= length) return;
        const stored = await storage.get(chunk.key);
        if (!stored) throw new Error(`staged piece ${chunk.key} is missing`);
        yield* stored.body as AsyncIterable<Buffer>;
      }
    }
    return Readable.from(pieces(), { objectMode: false });
  }

  /** Removes everything staged for the upload: committed pieces, late ones of writers that lost, the staging file. */
  async discard(uploadId: string): Promise<void> {
    const local = this.storage.localPath?.(stagingFileKey(uploadId));
    // Listing the local driver walks its whole tree: its one file is known by name.
    if (local) await rm(dirname(local), { recursive: true, force: true });
    else for await (const object of this.storage.list(stagingPrefix(uploadId))) await this.storage.delete(object.key);
  }
}

interface WriteTarget {
  record: UploadRecord;
  token: string;
  records: UploadRecords;
}

/** The local driver: bytes written to the upload's staging file at their offsets, batched; the offset committed every few MB. */
class FileWriter implements StagingWriter {
  private batch: Buffer[] = [];
  private batched = 0;
  /** Offset of the next byte to write (batches being written included). */
  private next: number;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly target: WriteTarget,
    private readonly file: FileHandle,
    public committed: number,
  ) {
    this.next = committed;
  }

  async write(chunk: Buffer): Promise<void> {
    this.batch.push(chunk);
    this.batched += chunk.length;
    if (this.batched >= WRITE_BATCH) await this.startWrite();
    if (this.next - this.committed >= COMMIT_EVERY_BYTES) await this.commit();
  }

  /** Writes the batch while the next one gathers: one write in flight at a time. */
  private async startWrite(): Promise<void> {
    await this.writing;
    const [buffers, at] = [this.batch, this.next];
    this.next += this.batched;
    this.batch = [];
    this.batched = 0;
    this.writing = writeBatch(this.file, buffers, at);
    this.writing.catch(() => undefined); // awaited by the next batch or the commit
  }

  async commit(): Promise<void> {
    if (this.batched) await this.startWrite();
    await this.writing;
    if (this.next === this.committed) return;
    const { record, token, records } = this.target;
    if (!(await records.commit(record, token, this.committed, this.next))) throw new WriterLost();
    this.committed = this.next;
  }

  async close(): Promise<void> {
    await this.writing.catch(() => undefined);
    await this.file.close();
  }
}

/** Storage without appends (S3): pieces of COMMIT_EVERY_BYTES stored and committed one after another, the next gathering meanwhile. */
class PieceWriter implements StagingWriter {
  private piece: Buffer[] = [];
  private pieceBytes = 0;
  /** Offset where the piece being gathered starts. */
  private next: number;
  /** The piece being stored and committed: at most one, so at most two pieces are in memory. */
  private storing: Promise<void> = Promise.resolve();

  constructor(
    private readonly target: WriteTarget,
    private readonly storage: Storage,
    public committed: number,
  ) {
    this.next = committed;
  }

  async write(chunk: Buffer): Promise<void> {
    let rest = chunk;
    while (rest.length) {
      const take = Math.min(rest.length, COMMIT_EVERY_BYTES - this.pieceBytes);
      this.piece.push(rest.subarray(0, take));
      this.pieceBytes += take;
      rest = rest.subarray(take);
      if (this.pieceBytes === COMMIT_EVERY_BYTES) await this.startStoring();
    }
  }

  private async startStoring(): Promise<void> {
    await this.storing;
    const bytes = Buffer.concat(this.piece, this.pieceBytes);
    const from = this.next;
    this.next += bytes.length;
    this.piece = [];
    this.pieceBytes = 0;
    this.storing = this.store(from, bytes);
    this.storing.catch(() => undefined); // awaited by the next piece or the commit
  }

  private async store(from: number, bytes: Buffer): Promise<void> {
    const { record, token, records } = this.target;
    const key = pieceKey(record.uploadId, from, token);
    await this.storage.put(key, Readable.from([bytes]), { size: bytes.length });
    if (!(await records.commit(record, token, from, from + bytes.length, key))) {
      await this.storage.delete(key).catch(() => undefined);
      throw new WriterLost();
    }
    this.committed = from + bytes.length;
  }

  async commit(): Promise<void> {
    if (this.pieceBytes) await this.startStoring();
    await this.storing;
  }

  async close(): Promise<void> {
    this.piece = [];
    await this.storing.catch(() => undefined);
  }
}
