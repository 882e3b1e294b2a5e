import type { Readable } from 'node:stream';

/**
 * Where file bytes live. Keys are made by the server only (see keys.ts), never from a client's
 * name, so no `..`, NUL or reserved name reaches a path or an object key. Bodies are streams both
 * ways: no driver holds a whole file in memory.
 */
export interface Storage {
  /** `local` or `s3`, for logs and metrics. */
  readonly driver: string;
  /**
   * Whether `put` can give the SHA-256 of what it stored (`PutOptions.sha256`) cheaper than the
   * caller hashing the stream: the local driver reads it back from the page cache on another thread.
   */
  readonly hashesOnPut: boolean;
  /** The file holding `key` on this machine (the local driver); tools that must seek read it there. */
  localPath?(key: string): string;
  /** Stores the stream under `key`; a failed or cut stream leaves nothing under `key`. */
  put(key: string, body: Readable, options?: PutOptions): Promise<StoredObject>;
  /**
   * Moves a complete file of this machine (a finished tus upload's staging file) under `key`
   * without copying its bytes, durable once it resolves true. False when it cannot (another file
   * system): the caller then streams the file with `put`. Drivers that store elsewhere have none.
   */
  adoptFile?(path: string, key: string): Promise<boolean>;
  /** The bytes of `key` (optionally a byte range, both ends inclusive), or null when missing. */
  get(key: string, range?: ByteRange): Promise<StoredStream | null>;
  head(key: string): Promise<StoredObject | null>;
  /** Removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Stored objects under a prefix, with when each was written, for sweeping orphans. */
  list(prefix: string): AsyncIterable<ListedObject>;
  /**
   * Removes what a stopped process left half-written before `before` (the local driver's
   * `.partial` files); returns how many. S3 never shows a cut PUT as an object, and its
   * unfinished multipart uploads are aborted by the upload sweep (or a bucket lifecycle rule).
   */
  sweepIncomplete(before: Date): Promise<number>;

  /**
   * Multipart uploads (S3's, or an equivalent on disk): parts of at least `minPartSize` bytes
   * except the last, uploaded in any order and again after a failure, then completed into one
   * object. Used by resumable uploads and the presigned uploads of POST /ott/file_uploads.
   */
  readonly minPartSize: number;
  createMultipart(key: string, options?: PutOptions): Promise<string>;
  uploadPart(key: string, uploadId: string, partNumber: number, body: Readable, size?: number): Promise<{ etag: string }>;
  listParts(key: string, uploadId: string): Promise<{ partNumber: number; size: number; etag: string }[]>;
  completeMultipart(key: string, uploadId: string, parts: { partNumber: number; etag: string }[]): Promise<StoredObject>;
  abortMultipart(key: string, uploadId: string): Promise<void>;
  /**
   * A URL a client can PUT one part to without our credentials, valid for `expiresSeconds`; null
   * when the driver has none (the local driver: the server takes the part itself).
   */
  presignPart(key: string, uploadId: string, partNumber: number, expiresSeconds: number): Promise<string | null>;
}

export interface PutOptions {
  contentType?: string;
  /** The length when known in advance (S3 needs it for a single PUT; otherwise it streams in parts). */
  size?: number;
  /** Give the stored bytes' SHA-256 (drivers with `hashesOnPut`). */
  sha256?: boolean;
}

export interface ByteRange {
  start: number;
  end?: number;
}

export interface StoredObject {
  key: string;
  size: number;
  etag?: string;
  contentType?: string;
  /** Hex SHA-256 of the bytes, when asked for with `PutOptions.sha256`. */
  sha256?: string;
}

export interface ListedObject {
  key: string;
  lastModified: Date;
}

export interface StoredStream extends StoredObject {
  body: Readable;
}

declare module '../jsonapi/context' {
  interface WriteServices {
    /** Where library files are kept, for rules that read a file (a video's facts: media/videos/video-rules.ts). */
    storage?: Storage;
  }
}
