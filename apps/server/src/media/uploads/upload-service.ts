import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { extensionOf, FILE_EXTENSION_SET, FILE_EXTENSIONS, MAX_UPLOAD_BYTES, mediaKindOf, type MediaKind } from '@umpire/schema';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { apiError } from '../../jsonapi/errors';
import { formatBytes, ingestFile, type MediaFileRow } from '../files/ingest';
import { normaliseFileName, normaliseFolderPath } from '../files/names';
import { MAX_SVG_BYTES } from '../files/svg-sanitiser';
import { newStorageKey } from '../../storage/keys';
import type { Storage } from '../../storage/storage';
import { TusStaging } from './tus-staging';
import { newWriterToken, UploadRecords, type UploadRecord } from './upload-records';

export interface UploadDeps {
  config: Config;
  database: Database;
  storage: Storage;
}

/**
 * What tus and multipart uploads share: who may upload what where (checked before any byte is
 * taken), one writer per upload at a time (in this process, and across instances through the
 * upload's row), the hand-over to the library's ingest once the bytes are complete, and the
 * sweep of abandoned uploads. Nothing of an upload in progress is kept on this instance's disk.
 */
export class UploadService {
  readonly records: UploadRecords;
  /** Where tus uploads wait for their remaining bytes: in storage, shared by every instance. */
  readonly staging: TusStaging;
  /** Where ingest checks images before storing them. */
  private readonly ingestStagingDir: string;
  private readonly writers = new Map<string, { cancel(): void; settled: Promise<unknown> }>();

  constructor(readonly deps: UploadDeps) {
    this.records = new UploadRecords(deps.database);
    this.staging = new TusStaging(deps.storage, this.records);
    // The same directory as the media API's own uploads use.
    this.ingestStagingDir = join(deps.config.dataDir, 'staging');
  }

  /**
   * The checks a file's name, declared size and folder can pass before its bytes arrive, with the
   * errors ingest gives for them: a 5 GB upload refused at the end would waste the whole transfer.
   * Returns the folder as ingest will store it (missing folders are created by ingest).
   */
  admit(fileName: string, folderPath: string, size: number | null): string {
    const path = normaliseFolderPath(folderPath);
    if (path === null) throw apiError(422, 'invalidFolderPath', { values: { field: 'path' }, source: { parameter: 'path' } });
    const name = normaliseFileName(fileName);
    if (name === null) throw apiError(422, 'invalidFileName', { values: { field: 'file_name' }, source: { parameter: 'file_name' } });
    if (!FILE_EXTENSION_SET.has(extensionOf(name)))
      throw apiError(415, 'wrongFileType', { values: { extensions: FILE_EXTENSIONS.join(', ') }, source: { parameter: 'file_name' } });
    const limit = maxBytesOf(name);
    if (size !== null && size > limit) throw tooLarge(limit);
    return path;
  }

  /**
   * Runs `write` as the only writer of an upload in this process. A newer request takes over: the
   * client that resumes after a cut connection is the same one whose old request the server may
   * not yet have seen end, so the old one is stopped and its bytes kept, and the new one checks
   * the offset. Across instances the upload's row decides (UploadRecords.takeOver).
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
  async ingest(record: UploadRecord, body: Readable, size?: number, storedKey?: string): Promise<MediaFileRow> {
    try {
      const file = await this.ingestOnly(record, body, size, storedKey);
      await this.records.finish(record, 'done', file.id);
      return file;
    } catch (error) {
      await this.records.finish(record, 'failed');
      throw error;
    }
  }

  /**
   * A complete tus upload's staged bytes into the library. A driver that can adopt a file of this
   * machine takes the staging file where it is, so its bytes are written once; ingest then reads
   * them back for the type and the SHA-256. Images, which ingest rewrites, and other drivers get a
   * stream of the staged bytes.
   */
  async ingestStaged(record: UploadRecord, size: number): Promise<MediaFileRow> {
    const { storage } = this.deps;
    const name = normaliseFileName(record.fileName);
    const staged = this.staging.localFile(record);
    if (staged && storage.adoptFile && name !== null && FILE_EXTENSION_SET.has(extensionOf(name)) && mediaKindOf(name) !== 'image') {
      const key = newStorageKey(record.clientId, extensionOf(name));
      if (await storage.adoptFile(staged, key)) {
        let kept = false;
        try {
          const stored = await storage.get(key);
          if (!stored) throw new Error(`adopted upload ${key} is missing`);
          const file = await this.ingest(record, stored.body, size, key);
          kept = file.storage_key === key;
          return file;
        } finally {
          if (!kept) await storage.delete(key);
        }
      }
    }
    return this.ingest(record, await this.staging.read(record, size), size);
  }

  /** Ingest alone, for a caller that decides itself whether a failure ends the upload. */
  ingestOnly(record: UploadRecord, body: Readable, size?: number, storedKey?: string): Promise<MediaFileRow> {
    return ingestFile(
      { ...this.deps, stagingDir: this.ingestStagingDir },
      { clientId: record.clientId, username: record.createdBy, folderPath: record.path, fileName: record.fileName, body, declaredSize: size, storedKey },
    );
  }

  async discardStaged(record: UploadRecord): Promise<void> {
    await this.staging.discard(record.uploadId);
    await this.records.dropChunks(record);
  }

  /**
   * Drops what an upload left behind: staged bytes, parts in storage, then its row. The upload is
   * first claimed in its row (unless the caller holds it already), which stops its tus writers on
   * any instance; one being completed is not discarded (409).
   */
  async discard(record: UploadRecord, heldBy?: string): Promise<void> {
    const token = heldBy ?? newWriterToken();
    if (!heldBy && !(await this.records.claimToDiscard(record, token))) throw apiError(409, 'conflict.uploadFinished');
    await this.dropStored(record);
    await this.records.remove(record, token);
  }

  private async dropStored(record: UploadRecord): Promise<void> {
    if (record.protocol === 'tus') await this.discardStaged(record);
    else if (record.state === 'open' && record.storageKey && record.storageUploadId)
      await this.deps.storage.abortMultipart(record.storageKey, record.storageUploadId);
  }

  /**
   * Abandoned uploads past their expiry: swept when new ones start, so none lingers for long. Each
   * is claimed first, whoever held it: one whose writer moved its expiry on meanwhile is left.
   */
  async sweep(): Promise<void> {
    for (const record of await this.records.expired()) {
      if (this.writers.has(record.uploadId)) continue;
      const token = newWriterToken();
      if (!(await this.records.claimExpired(record, token))) continue;
      await this.dropStored(record);
      await this.records.remove(record, token);
    }
  }
}

/** The largest file of that name ingest takes (per kind; SVG less, as it is parsed to be sanitised). */
export function maxBytesOf(fileName: string): number {
  if (extensionOf(fileName) === 'svg') return MAX_SVG_BYTES;
  return MAX_UPLOAD_BYTES[mediaKindOf(fileName) as Exclude<MediaKind, 'folder'>];
}

export const tooLarge = (limit: number) => apiError(413, 'fileTooLarge', { values: { limit: formatBytes(limit) }, params: { limit } });
