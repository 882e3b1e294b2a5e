import { randomUUID } from 'node:crypto';
import type { Database, DB } from '../../db/database';
import { apiError } from '../../jsonapi/errors';
import { fromDb, nowIso, toDb } from '../../db/values';

export type UploadProtocol = 'tus' | 'multipart';
export type UploadState = 'open' | 'done' | 'failed';

/** A row of `file_uploads`: an upload in progress, or one that ended (then with its file's id). */
export interface UploadRecord {
  id: number;
  clientId: number;
  uploadId: string;
  protocol: UploadProtocol;
  state: UploadState;
  path: string;
  fileName: string;
  size: number | null;
  numberOfParts: number | null;
  storageKey: string | null;
  storageUploadId: string | null;
  mediaFileId: number | null;
  createdBy: string | null;
  expiresAt: string;
  /** Bytes committed so far (tus): the offset HEAD answers, whichever instance took them. */
  received: number;
  /** The fencing token of the request that may write (tus), complete or abort (multipart), if any. */
  writer: string | null;
}

/** A piece of a tus upload's bytes staged as an object of its own (storage that cannot append). */
export interface StagedChunk {
  position: number;
  size: number;
  key: string;
}

/** A fresh fencing token (`writer`): one per request that takes an upload over or claims it. */
export const newWriterToken = (): string => randomUUID();

/** How long an unfinished upload may wait for its next bytes before it is swept. */
export const UPLOAD_LIFETIME_MS = 24 * 60 * 60 * 1000;

const toRecord = (row: Record<string, unknown>): UploadRecord => ({
  id: Number(row.id),
  clientId: Number(row.client_id),
  uploadId: String(row.upload_id),
  protocol: row.protocol as UploadProtocol,
  state: row.state as UploadState,
  path: String(row.path),
  fileName: String(row.file_name),
  size: row.size === null ? null : Number(row.size),
  numberOfParts: row.number_of_parts === null ? null : Number(row.number_of_parts),
  storageKey: (row.storage_key as string | null) ?? null,
  storageUploadId: (row.storage_upload_id as string | null) ?? null,
  mediaFileId: row.media_file_id === null ? null : Number(row.media_file_id),
  createdBy: (row.created_by as string | null) ?? null,
  expiresAt: fromDb('datetime', row.expires_at) as string,
  received: Number(row.received ?? 0),
  writer: (row.writer as string | null) ?? null,
});

/** The uploads table; every read is scoped to the client asking, so ids leak nothing across clients. */
export class UploadRecords {
  constructor(private readonly database: Database) {}

  private expiry(): unknown {
    return toDb(this.database.dialect, 'datetime', new Date(Date.now() + UPLOAD_LIFETIME_MS).toISOString());
  }

  async create(input: {
    clientId: number;
    protocol: UploadProtocol;
    path: string;
    fileName: string;
    size?: number | null;
    numberOfParts?: number | null;
    storageKey?: string | null;
    storageUploadId?: string | null;
    createdBy: string;
  }): Promise<UploadRecord> {
    const now = nowIso();
    const row = await this.database.db
      .insertInto('file_uploads')
      .values({
        client_id: input.clientId,
        upload_id: randomUUID(),
        protocol: input.protocol,
        state: 'open',
        path: input.path,
        file_name: input.fileName,
        size: input.size ?? null,
        number_of_parts: input.numberOfParts ?? null,
        storage_key: input.storageKey ?? null,
        storage_upload_id: input.storageUploadId ?? null,
        created_by: input.createdBy,
        expires_at: this.expiry(),
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRecord(row);
  }

  /** The client's upload of that protocol, or a 404 that says nothing about other clients' uploads. */
  async find(clientId: number, protocol: UploadProtocol, uploadId: string): Promise<UploadRecord> {
    const row = /^[0-9a-f-]{36}$/.test(uploadId)
      ? await this.database.db
          .selectFrom('file_uploads')
          .selectAll()
          .where('client_id', '=', clientId)
          .where('protocol', '=', protocol)
          .where('upload_id', '=', uploadId)
          .executeTakeFirst()
      : undefined;
    if (!row) throw apiError(404, 'notFound.upload', { values: { id: JSON.stringify(uploadId) } });
    return toRecord(row);
  }

  /**
   * Makes `token` the upload's writer (tus), provided it is open, at `offset`, and not complete
   * (complete bytes belong to the request that committed the last of them, which ingests them).
   * Any other writer's next commit then fails: the newest request of a resuming client wins.
   */
  async takeOver(record: UploadRecord, token: string, offset: number): Promise<boolean> {
    const result = await this.database.db
      .updateTable('file_uploads')
      .set({ writer: token, expires_at: this.expiry(), updated_at: nowIso() })
      .where('id', '=', record.id)
      .where('state', '=', 'open')
      .where('received', '=', offset)
      .where((eb) => eb.or([eb('received', '<', eb.ref('size')), eb('writer', 'is', null)]))
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * Commits bytes `from`..`to` of `token`'s writing (and the object holding them, if staged as
   * pieces): only while `token` is still the writer and nobody committed beyond `from`, so two
   * instances never both extend an upload. False when the writer lost (or the upload is gone).
   */
  async commit(record: UploadRecord, token: string, from: number, to: number, chunkKey?: string): Promise<boolean> {
    const write = async (db: DB) => {
      const result = await db
        .updateTable('file_uploads')
        .set({ received: to, expires_at: this.expiry(), updated_at: nowIso() })
        .where('id', '=', record.id)
        .where('state', '=', 'open')
        .where('writer', '=', token)
        .where('received', '=', from)
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) return false;
      if (chunkKey !== undefined)
        await db.insertInto('file_upload_chunks').values({ file_upload_id: record.id, position: from, size: to - from, storage_key: chunkKey }).execute();
      return true;
    };
    return chunkKey === undefined ? write(this.database.db) : this.database.db.transaction().execute(write);
  }

  /** The pieces committed so far, in order. */
  async chunks(record: UploadRecord): Promise<StagedChunk[]> {
    const rows = await this.database.db
      .selectFrom('file_upload_chunks')
      .select(['position', 'size', 'storage_key'])
      .where('file_upload_id', '=', record.id)
      .orderBy('position')
      .execute();
    return rows.map((row) => ({ position: Number(row.position), size: Number(row.size), key: String(row.storage_key) }));
  }

  /** Forgets the staged pieces (their objects are deleted): the upload is complete or abandoned. */
  async dropChunks(record: UploadRecord): Promise<void> {
    await this.database.db.deleteFrom('file_upload_chunks').where('file_upload_id', '=', record.id).execute();
  }

  /** Makes `token` the only request that may complete an open upload nobody holds (multipart): two instances never both complete it. */
  async claim(record: UploadRecord, token: string): Promise<boolean> {
    const result = await this.database.db
      .updateTable('file_uploads')
      .set({ writer: token, updated_at: nowIso() })
      .where('id', '=', record.id)
      .where('state', '=', 'open')
      .where('writer', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * Makes `token` the holder of an upload about to be discarded: an ended one, or an open one that
   * is not being completed (a tus writer still short of the end loses it, as to a newer PATCH).
   */
  async claimToDiscard(record: UploadRecord, token: string): Promise<boolean> {
    const result = await this.database.db
      .updateTable('file_uploads')
      .set({ writer: token, updated_at: nowIso() })
      .where('id', '=', record.id)
      .where((eb) => eb.or([eb('state', '!=', 'open'), eb('writer', 'is', null), eb('received', '<', eb.ref('size'))]))
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Gives up a claim that ended without completing (the client may fix its parts and try again). */
  async release(record: UploadRecord, token: string): Promise<void> {
    await this.database.db.updateTable('file_uploads').set({ writer: null }).where('id', '=', record.id).where('writer', '=', token).execute();
  }

  /**
   * Takes over an upload whose time ran out, whoever held it: it was abandoned (a live writer
   * would have moved its expiry on). False when it was touched meanwhile or is gone.
   */
  async claimExpired(record: UploadRecord, token: string): Promise<boolean> {
    const result = await this.database.db
      .updateTable('file_uploads')
      .set({ writer: token })
      .where('id', '=', record.id)
      .where('expires_at', '<', toDb(this.database.dialect, 'datetime', nowIso()))
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Bytes arrived (a multipart part): the upload lives another lifetime from now. */
  async touch(record: UploadRecord): Promise<void> {
    await this.database.db.updateTable('file_uploads').set({ expires_at: this.expiry(), updated_at: nowIso() }).where('id', '=', record.id).execute();
  }

  async finish(record: UploadRecord, state: 'done' | 'failed', mediaFileId: number | null = null): Promise<void> {
    await this.database.db
      .updateTable('file_uploads')
      .set({ state, media_file_id: mediaFileId, updated_at: nowIso() })
      .where('id', '=', record.id)
      .execute();
  }

  /** Removes the row, if `token` (when given) still holds it. */
  async remove(record: UploadRecord, token?: string): Promise<boolean> {
    let query = this.database.db.deleteFrom('file_uploads').where('id', '=', record.id);
    if (token !== undefined) query = query.where('writer', '=', token);
    const result = await query.executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** Uploads whose time ran out (open ones abandoned, ended ones kept a day for a late HEAD). */
  async expired(limit = 100): Promise<UploadRecord[]> {
    const rows = await this.database.db
      .selectFrom('file_uploads')
      .selectAll()
      .where('expires_at', '<', toDb(this.database.dialect, 'datetime', nowIso()))
      .orderBy('expires_at')
      .limit(limit)
      .execute();
    return rows.map(toRecord);
  }
}
