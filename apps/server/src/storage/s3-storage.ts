import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { StorageConfig } from '../config';
import { assertStorageKey } from './keys';
import type { ByteRange, ListedObject, PutOptions, Storage, StoredObject, StoredStream } from './storage';

/** STORAGE_DRIVER=s3 and its S3_* settings (see config.ts). */
export type S3StorageConfig = Extract<StorageConfig, { driver: 's3' }>;

const isMissing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

/**
 * Objects in an S3-compatible bucket. Bodies stream both ways: a put of unknown length goes up in
 * parts of `minPartSize` (lib-storage holds at most `queueSize` parts in memory), so a 2 GB file
 * never sits in memory; a failed put aborts its multipart upload, leaving nothing under the key.
 */
export class S3Storage implements Storage {
  readonly driver = 's3';
  readonly minPartSize = 5 * 1024 * 1024;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3StorageConfig) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials:
        config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
      // Checksums only where S3 requires them: S3-compatible servers differ in the newer trailers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: {
        // A read holds its connection until its reader has taken the last byte: a viewer paused
        // mid-segment holds one. With the SDK's 50, the 51st read (and every upload, thumbnail and
        // playlist of this instance with it) waited; no limit here, each reader being one of the
        // server's own requests.
        httpAgent: { maxSockets: Infinity },
        httpsAgent: { maxSockets: Infinity },
      },
    });
  }

  readonly hashesOnPut = false;

  async put(key: string, body: Readable, options: PutOptions = {}): Promise<StoredObject> {
    assertStorageKey(key);
    if (options.size !== undefined && options.size < this.minPartSize) {
      // Small and of known length: one request (S3 needs the length of a streamed body).
      const result = await this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentLength: options.size, ContentType: options.contentType }),
      );
      const size = await this.sizeOf(key);
      return { key, size, etag: result.ETag?.replace(/"/g, ''), contentType: options.contentType };
    }
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: body, ContentType: options.contentType },
      partSize: this.minPartSize,
      queueSize: 2,
      leavePartsOnError: false,
    });
    let result;
    try {
      result = await upload.done();
    } catch (error) {
      // A cut stream ends the upload: its parts are aborted by lib-storage, and no object is made.
      await upload.abort().catch(() => undefined);
      throw error;
    }
    if (body.errored || (body.readableAborted && !body.readableEnded)) {
      await this.delete(key);
      throw body.errored ?? new Error('the source stream was cut');
    }
    return { key, size: await this.sizeOf(key), etag: result.ETag?.replace(/"/g, ''), contentType: options.contentType };
  }

  private async sizeOf(key: string): Promise<number> {
    return (await this.head(key))?.size ?? 0;
  }

  async get(key: string, range?: ByteRange): Promise<StoredStream | null> {
    assertStorageKey(key);
    try {
      const result = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined }),
      );
      const total = result.ContentRange ? Number(result.ContentRange.split('/')[1]) : Number(result.ContentLength ?? 0);
      return {
        key,
        size: total,
        etag: result.ETag?.replace(/"/g, ''),
        contentType: result.ContentType,
        body: result.Body as Readable,
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async head(key: string): Promise<StoredObject | null> {
    assertStorageKey(key);
    try {
      const result = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { key, size: Number(result.ContentLength ?? 0), etag: result.ETag?.replace(/"/g, ''), contentType: result.ContentType };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async *list(prefix: string): AsyncIterable<ListedObject> {
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix || undefined, ContinuationToken: token }));
      for (const object of page.Contents ?? []) if (object.Key) yield { key: object.Key, lastModified: object.LastModified ?? new Date() };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** A cut PUT never becomes an object here; unfinished multipart uploads are the upload sweep's. */
  async sweepIncomplete(): Promise<number> {
    return 0;
  }

  async createMultipart(key: string, options: PutOptions = {}): Promise<string> {
    assertStorageKey(key);
    const result = await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ContentType: options.contentType }));
    if (!result.UploadId) throw new Error('S3 gave no upload id');
    return result.UploadId;
  }

  async uploadPart(key: string, uploadId: string, partNumber: number, body: Readable, size?: number): Promise<{ etag: string }> {
    assertStorageKey(key);
    if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000) throw new Error(`bad part number ${partNumber}`);
    // S3 needs a part's length up front; a part of unknown length (at most a few parts' worth) is read first.
    const content = size === undefined ? await buffer(body) : body;
    const result = await this.client.send(
      new UploadPartCommand({
        Bucket: this.bucket, Key: key, UploadId: uploadId, PartNumber: partNumber, Body: content,
        ContentLength: size ?? (content as Buffer).length,
      }),
    );
    return { etag: (result.ETag ?? '').replace(/"/g, '') };
  }

  async listParts(key: string, uploadId: string): Promise<{ partNumber: number; size: number; etag: string }[]> {
    assertStorageKey(key);
    const parts: { partNumber: number; size: number; etag: string }[] = [];
    let marker: string | undefined;
    do {
      const page = await this.client.send(new ListPartsCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, PartNumberMarker: marker }));
      for (const part of page.Parts ?? [])
        parts.push({ partNumber: Number(part.PartNumber), size: Number(part.Size ?? 0), etag: (part.ETag ?? '').replace(/"/g, '') });
      marker = page.IsTruncated ? String(page.NextPartNumberMarker) : undefined;
    } while (marker);
    return parts.sort((a, b) => a.partNumber - b.partNumber);
  }

  async completeMultipart(key: string, uploadId: string, parts: { partNumber: number; etag: string }[]): Promise<StoredObject> {
    assertStorageKey(key);
    const ordered = [...parts].sort((a, b) => a.partNumber - b.partNumber);
    const result = await this.client.send(
      new CompleteMultipartUploadCommand({
        Bucket: this.bucket, Key: key, UploadId: uploadId,
        MultipartUpload: { Parts: ordered.map((p) => ({ PartNumber: p.partNumber, ETag: `"${p.etag.replace(/"/g, '')}"` })) },
      }),
    );
    return { key, size: await this.sizeOf(key), etag: result.ETag?.replace(/"/g, '') };
  }

  async abortMultipart(key: string, uploadId: string): Promise<void> {
    assertStorageKey(key);
    try {
      await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }));
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  async presignPart(key: string, uploadId: string, partNumber: number, expiresSeconds: number): Promise<string | null> {
    assertStorageKey(key);
    return getSignedUrl(this.client, new UploadPartCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, PartNumber: partNumber }), {
      expiresIn: expiresSeconds,
    });
  }

  /** For tests and shutdown. */
  close(): void {
    this.client.destroy();
  }
}
