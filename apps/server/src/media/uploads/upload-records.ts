import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/database';
import { apiError } from '../../jsonapi/errors';
import { fromDb, nowIso, toDb } from '../../jsonapi/values';

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
}

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

  /** Bytes arrived: the upload lives another lifetime from now. */
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

  async remove(record: UploadRecord): Promise<void> {
    await this.database.db.deleteFrom('file_uploads').where('id', '=', record.id).execute();
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
