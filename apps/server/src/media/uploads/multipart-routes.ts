import { pipeline, Transform } from 'node:stream';
import { DEFAULT_UPLOAD_PATH, extensionOf } from '@umpire/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAbility } from '../../jsonapi/access';
import { requestOrigin } from '../../config';
import { apiError } from '../../jsonapi/errors';
import { fileResource } from '../files/document';
import { normaliseFileName } from '../files/names';
import { newStorageKey } from '../../storage/keys';
import { newWriterToken, type UploadRecord } from './upload-records';
import { maxBytesOf, tooLarge, type UploadService } from './upload-service';

export const FILE_UPLOADS_PATH = '/api/v3/ott/file_uploads';
export const MULTIPART_PATH = '/media/v1/file_uploads';
const FILE_UPLOAD_TYPE = 'file_upload';
/** S3's own ceiling on parts per upload. */
export const MAX_PARTS = 10_000;
/** How long a part URL stays valid: long enough for a large part on a slow line. */
const PART_URL_SECONDS = 6 * 60 * 60;
const JSONAPI = 'application/vnd.api+json';

interface CreateBody {
  data?: { type?: unknown; attributes?: { file_name?: unknown; number_of_parts?: unknown; path?: unknown } };
}
interface CompleteBody {
  data?: { type?: unknown; attributes?: { parts?: unknown } };
}

const attributePointer = (name: string) => ({ pointer: `/data/attributes/${name}` });

function requireType(type: unknown): void {
  if (type !== FILE_UPLOAD_TYPE) throw apiError(409, 'conflict.typeMustBe', { values: { expected: FILE_UPLOAD_TYPE }, source: { pointer: '/data/type' } });
}

/**
 * Multipart uploads for large files (POST /ott/file_uploads, spec §7): the client asks for an
 * upload of `number_of_parts` parts, PUTs each part to its URL (presigned straight to S3, or on the
 * local driver our own URL that takes the part with the user's token), may ask which parts arrived
 * to resume after a failure, then completes: the parts are joined in storage and the file goes
 * through the library's ingest. Aborting drops the parts.
 */
export function registerMultipartRoutes(app: FastifyInstance, uploads: UploadService): void {
  const { storage } = uploads.deps;
  const origin = (request: FastifyRequest) => requestOrigin(request, uploads.deps.config);
  const uploadLinks = (request: FastifyRequest, record: UploadRecord) => {
    const self = `${origin(request)}${MULTIPART_PATH}/${record.uploadId}`;
    return { self, complete: `${self}/complete` };
  };

  /**
   * The parts stored so far; none once the upload ended, or while a request of any instance joins
   * them (they may go at any moment since `record` was read).
   */
  async function storedParts(record: UploadRecord) {
    if (record.state !== 'open') return { record, parts: [] };
    try {
      return { record, parts: await storage.listParts(record.storageKey!, record.storageUploadId!) };
    } catch (error) {
      const now = await uploads.records.find(record.clientId, 'multipart', record.uploadId);
      if (now.state !== 'open' || now.writer !== null) return { record: now, parts: [] };
      throw error;
    }
  }

  async function partsDocument(request: FastifyRequest, given: UploadRecord) {
    const { record, parts: uploaded } = await storedParts(given);
    return {
      data: {
        type: FILE_UPLOAD_TYPE,
        id: record.uploadId,
        attributes: {
          file_name: record.fileName,
          path: record.path,
          number_of_parts: record.numberOfParts,
          state: record.state,
          expires_at: record.expiresAt,
          uploaded_parts: uploaded.map((p) => ({ part_number: p.partNumber, size: p.size, etag: p.etag })),
          media_file_id: record.mediaFileId === null ? null : String(record.mediaFileId),
        },
        links: { self: uploadLinks(request, record).self },
      },
    };
  }

  app.post(FILE_UPLOADS_PATH, async (request, reply) => {
    const auth = requireAbility(request, 'create', 'file_uploads');
    const data = (request.body as CreateBody | undefined)?.data;
    requireType(data?.type);
    const { file_name: fileName, number_of_parts: parts, path = DEFAULT_UPLOAD_PATH } = data?.attributes ?? {};
    if (typeof fileName !== 'string' || !fileName.trim())
      throw apiError(422, 'required', { values: { field: 'file_name' }, source: attributePointer('file_name') });
    if (typeof parts !== 'number' || !Number.isInteger(parts))
      throw apiError(422, 'invalidType.expected', { values: { field: 'number_of_parts', expected: 'integer' }, source: attributePointer('number_of_parts') });
    if (parts < 1) throw apiError(422, 'min.bound', { values: { field: 'number_of_parts', min: 1 }, source: attributePointer('number_of_parts') });
    if (parts > MAX_PARTS) throw apiError(422, 'max.bound', { values: { field: 'number_of_parts', max: MAX_PARTS }, source: attributePointer('number_of_parts') });
    if (typeof path !== 'string')
      throw apiError(422, 'invalidFolderPath', { values: { field: 'path' }, source: attributePointer('path') });
    const folder = uploads.admit(fileName, path, null);
    await uploads.sweep().catch((error: unknown) => request.log.warn({ err: error }, 'upload sweep failed'));

    // The parts are joined under a key of our own with the file's extension: ingest keeps that
    // object as the file (images excepted: they are stored anew, made safe).
    const key = newStorageKey(auth.clientId, extensionOf(normaliseFileName(fileName)!));
    const storageUploadId = await storage.createMultipart(key);
    const record = await uploads.records.create({
      clientId: auth.clientId,
      protocol: 'multipart',
      path: folder,
      fileName,
      numberOfParts: parts,
      storageKey: key,
      storageUploadId,
      createdBy: auth.username,
    });
    const links = uploadLinks(request, record);
    const partList = [];
    for (let n = 1; n <= parts; n++) {
      const presigned = await storage.presignPart(key, storageUploadId, n, PART_URL_SECONDS);
      partList.push({ part_number: n, method: 'PUT', url: presigned ?? `${links.self}/parts/${n}`, authorization: presigned ? 'none' : 'bearer' });
    }
    return reply
      .code(201)
      .type(JSONAPI)
      .header('location', links.self)
      .send({
        data: {
          type: FILE_UPLOAD_TYPE,
          id: record.uploadId,
          attributes: {
            file_name: fileName,
            path: folder,
            number_of_parts: parts,
            key,
            upload_id: storageUploadId,
            driver: storage.driver,
            min_part_size: storage.minPartSize,
            max_size: maxBytesOf(fileName),
            expires_at: record.expiresAt,
            parts: partList,
            // How to finish: POST the part numbers and ETags (or nothing: the server lists them).
            complete: { method: 'POST', url: links.complete },
            abort: { method: 'DELETE', url: links.self },
          },
          links: { self: links.self },
        },
      });
  });

  app.get<{ Params: { id: string } }>(`${MULTIPART_PATH}/:id`, async (request, reply) => {
    const auth = requireAbility(request, 'create', 'file_uploads');
    const record = await uploads.records.find(auth.clientId, 'multipart', request.params.id);
    return reply.type(JSONAPI).header('cache-control', 'no-store').send(await partsDocument(request, record));
  });

  // Parts come as raw bytes of any type: a child scope takes them as a stream.
  void app.register(async (parts) => {
    parts.removeAllContentTypeParsers();
    parts.addContentTypeParser('*', (_request, _payload, done) => done(null));
    parts.put<{ Params: { id: string; part: string } }>(`${MULTIPART_PATH}/:id/parts/:part`, async (request, reply) => {
      const auth = requireAbility(request, 'create', 'file_uploads');
      const record = await uploads.records.find(auth.clientId, 'multipart', request.params.id);
      const partNumber = /^\d{1,5}$/.test(request.params.part) ? Number(request.params.part) : NaN;
      if (!(partNumber >= 1 && partNumber <= record.numberOfParts!))
        throw apiError(400, 'badRequest.partNumber', { values: { max: record.numberOfParts! }, source: { parameter: 'part' } });
      const max = maxBytesOf(record.fileName);
      const length = Number(request.headers['content-length'] ?? NaN);
      if (length > max) throw tooLarge(max);
      return uploads.exclusive(`${record.uploadId}/${partNumber}`, () => request.raw.destroy(), async () => {
        // Not into an upload that ended or that a request (of any instance) is completing or aborting.
        const busy = (now: UploadRecord) => now.state !== 'open' || now.writer !== null;
        if (busy(await uploads.records.find(auth.clientId, 'multipart', record.uploadId))) throw apiError(409, 'conflict.uploadFinished');
        let received = 0;
        const bounded = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            received += chunk.length;
            if (received > max) done(tooLarge(max));
            else done(null, chunk);
          },
        });
        // A cut request ends the part with an error: the driver then keeps nothing of it.
        const body = pipeline(request.raw, bounded, () => undefined);
        let etag: string;
        try {
          ({ etag } = await storage.uploadPart(record.storageKey!, record.storageUploadId!, partNumber, body, Number.isFinite(length) ? length : undefined));
        } catch (error) {
          // Completed or aborted through another instance meanwhile: its parts are gone.
          if (busy(await uploads.records.find(auth.clientId, 'multipart', record.uploadId))) throw apiError(409, 'conflict.uploadFinished');
          throw error;
        }
        await uploads.records.touch(record);
        return reply.code(200).header('etag', `"${etag}"`).header('access-control-expose-headers', 'ETag').send();
      });
    });
  });

  app.post<{ Params: { id: string } }>(`${MULTIPART_PATH}/:id/complete`, async (request, reply) => {
    const auth = requireAbility(request, 'create', 'file_uploads');
    const record = await uploads.records.find(auth.clientId, 'multipart', request.params.id);
    const data = (request.body as CompleteBody | undefined)?.data;
    if (data !== undefined) requireType(data.type);
    const given = data?.attributes?.parts;
    if (given !== undefined && !Array.isArray(given))
      throw apiError(422, 'invalidType.expected', { values: { field: 'parts', expected: 'array' }, source: attributePointer('parts') });

    // One request completes, whichever instance it reached: the claim in the upload's row.
    const token = newWriterToken();
    if (!(await uploads.records.claim(record, token))) throw apiError(409, 'conflict.uploadFinished');
    const key = record.storageKey!;
    let stored;
    try {
      stored = await storage.listParts(key, record.storageUploadId!);
      const byNumber = new Map(stored.map((p) => [p.partNumber, p]));
      const expected = Array.from({ length: record.numberOfParts! }, (_, i) => i + 1);
      const missing = expected.filter((n) => !byNumber.has(n));
      if (missing.length) throw apiError(400, 'badRequest.partsMissing', { values: { parts: missing.slice(0, 20).join(', ') } });
      for (const [index, part] of ((given ?? []) as { part_number?: unknown; etag?: unknown }[]).entries()) {
        const found = byNumber.get(Number(part?.part_number));
        if (!found || typeof part.etag !== 'string' || part.etag.replace(/"/g, '') !== found.etag.replace(/"/g, ''))
          throw apiError(400, 'badRequest.partDiffers', { values: { part: String(part?.part_number) }, source: { pointer: `/data/attributes/parts/${index}` } });
      }
      const small = stored.slice(0, -1).find((p) => p.size < storage.minPartSize);
      if (small) throw apiError(400, 'badRequest.partTooSmall', { values: { part: small.partNumber, min: storage.minPartSize } });
    } catch (error) {
      // The client may put its parts right and complete again.
      await uploads.records.release(record, token);
      throw error;
    }
    const total = stored.reduce((sum, p) => sum + p.size, 0);
    const max = maxBytesOf(record.fileName);
    if (total > max) {
      await uploads.discard(record, token);
      throw tooLarge(max);
    }
    try {
      await storage.completeMultipart(key, record.storageUploadId!, stored.map((p) => ({ partNumber: p.partNumber, etag: p.etag })));
    } catch (error) {
      await uploads.records.release(record, token);
      // A part put again since it was listed (the client racing itself): its ETag no longer matches.
      const now = new Map((await storage.listParts(key, record.storageUploadId!).catch(() => [])).map((p) => [p.partNumber, p.etag]));
      const changed = stored.find((p) => now.get(p.partNumber) !== p.etag);
      if (changed) throw apiError(400, 'badRequest.partDiffers', { values: { part: String(changed.partNumber) } });
      throw error;
    }
    let kept = false;
    try {
      const joined = await storage.get(key);
      if (!joined) throw new Error(`joined upload ${key} is missing`);
      const file = await uploads.ingest(record, joined.body, joined.size, key);
      kept = file.storage_key === key;
      return reply.code(201).type(JSONAPI).header('location', `${origin(request)}/media/v1/uploads/files/${file.id}`).send({ data: fileResource(file, origin(request)) });
    } finally {
      if (!kept) await storage.delete(key);
    }
  });

  app.delete<{ Params: { id: string } }>(`${MULTIPART_PATH}/:id`, async (request, reply) => {
    const auth = requireAbility(request, 'create', 'file_uploads');
    const record = await uploads.records.find(auth.clientId, 'multipart', request.params.id);
    // Not while a request of any instance completes it (409): its row is claimed first.
    await uploads.discard(record);
    return reply.code(204).send();
  });
}
