import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { extensionOf, FILE_EXTENSION_SET, MAX_UPLOAD_BYTES, mediaKindOf, type MediaKind } from '@umpire/schema';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { apiError } from '../../jsonapi/errors';
import { ingestFile, type MediaFileRow } from '../files/ingest';
import type { Storage } from '../storage/storage';
import { UploadRecords, type UploadRecord } from './upload-records';

export interface UploadDeps {
  config: Config;
  database: Database;
  storage: Storage;
}

/** A folder path as the library writes it: `/`, `/crests/`, `/crests/2026/`. */
const FOLDER_PATH = /^\/(?:[^/]+\/)*$/;

/**
 * What tus and multipart uploads share: who may upload what where (checked before any byte is
 * taken), one writer per upload at a time, the hand-over to the library's ingest once the bytes
 * are complete, and the sweep of abandoned uploads.
 */
export class UploadService {
  readonly records: UploadRecords;
  /** Where tus uploads wait for their remaining bytes (one file per upload, its size the offset). */
  readonly stagingDir: string;
  private readonly writers = new Map<string, { cancel(): void; settled: Promise<unknown> }>();

  constructor(readonly deps: UploadDeps) {
    this.records = new UploadRecords(deps.database);
    this.stagingDir = join(deps.config.dataDir, 'resumable');
  }

  /** The checks a file's name, declared size and folder can pass before its bytes arrive. */
  async admit(clientId: number, fileName: string, folderPath: string, size: number | null): Promise<void> {
    const extension = extensionOf(fileName);
    if (!FILE_EXTENSION_SET.has(extension)) throw apiError(415, 'unsupportedMediaType.fileExtension', { values: { extension } });
    if (size !== null && size > maxBytesOf(fileName)) throw apiError(413, 'payloadTooLarge.fileSize', { values: { max: maxBytesOf(fileName) } });
    if (!FOLDER_PATH.test(folderPath) || folderPath.includes('\0') || folderPath.length > 1000) throw apiError(400, 'badRequest.uploadFolder');
    if (folderPath === '/') return;
    const parts = folderPath.split('/').filter(Boolean);
    const name = `${parts.pop()}/`;
    const parent = parts.length ? `/${parts.join('/')}/` : '/';
    const folder = await this.deps.database.db
      .selectFrom('media_files')
      .select('id')
      .where('client_id', '=', clientId)
      .where('path', '=', parent)
      .where('name', '=', name)
      .executeTakeFirst();
    if (!folder) throw apiError(404, 'notFound.record', { values: { type: 'folder', id: JSON.stringify(folderPath) } });
  }

  stagingPath(record: UploadRecord): string {
    return join(this.stagingDir, `${record.uploadId}.bin`);
  }

  /**
   * Runs `write` as the only writer of an upload. A newer request takes over: the client that
   * resumes after a cut connection is the same one whose old request the server may not yet have
   * seen end, so the old one is stopped and its bytes kept, and the new one checks the offset.
   */
  async exclusive<T>(uploadId: string, cancel: () => void, write: () => Promise<T>): Promise<T> {
    const previous = this.writers.get(uploadId);
    previous?.cancel();
    // Queued synchronously behind the previous writer, so two newcomers never write at once.
    const settled = (previous ? previous.settled.catch(() => undefined) : Promise.resolve()).then(write);
    const entry = { cancel, settled };
    this.writers.set(uploadId, entry);
    try {
      return await settled;
    } finally {
      if (this.writers.get(uploadId) === entry) this.writers.delete(uploadId);
    }
  }

  /** The complete bytes go through the library's one ingest pipeline; the upload remembers the outcome. */
  async ingest(record: UploadRecord, body: Readable, size?: number): Promise<MediaFileRow> {
    try {
      const file = await ingestFile(this.deps, {
        clientId: record.clientId,
        username: record.createdBy ?? '',
        folderPath: record.path,
        fileName: record.fileName,
        body,
        declaredSize: size,
      });
      await this.records.finish(record, 'done', file.id);
      return file;
    } catch (error) {
      await this.records.finish(record, 'failed');
      throw error;
    }
  }

  async discardStaged(record: UploadRecord): Promise<void> {
    await rm(this.stagingPath(record), { force: true });
  }

  /** Drops what an upload left behind: staged bytes, parts in storage, then its row. */
  async discard(record: UploadRecord): Promise<void> {
    if (record.protocol === 'tus') await this.discardStaged(record);
    else if (record.state === 'open' && record.storageKey && record.storageUploadId)
      await this.deps.storage.abortMultipart(record.storageKey, record.storageUploadId);
    await this.records.remove(record);
  }

  /** Abandoned uploads past their expiry: swept when new ones start, so none lingers for long. */
  async sweep(): Promise<void> {
    for (const record of await this.records.expired()) if (!this.writers.has(record.uploadId)) await this.discard(record);
  }
}

export function maxBytesOf(fileName: string): number {
  return MAX_UPLOAD_BYTES[mediaKindOf(fileName) as Exclude<MediaKind, 'folder'>];
}
