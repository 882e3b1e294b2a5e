import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { PassThrough, Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MAX_UPLOAD_BYTES, DEFAULT_UPLOAD_PATH } from '@umpire/schema';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireAbility } from '../../auth/context';
import { requestOrigin } from '../../auth/routes';
import { apiError } from '../../jsonapi/errors';
import { parseUploadMetadata } from './tus-metadata';
import type { MediaFileRow } from '../files/ingest';
import type { UploadService } from './upload-service';
import type { UploadRecord } from './upload-records';

export const TUS_PATH = '/media/v1/uploads/tus';
const TUS_VERSION = '1.0.0';
const TUS_EXTENSIONS = 'creation,termination,expiration';
const OFFSET_STREAM = 'application/offset+octet-stream';

const wholeBytes = (value: string | undefined): number | null =>
  value !== undefined && /^\d{1,16}$/.test(value) && Number.isSafeInteger(Number(value)) ? Number(value) : null;

function requireTusVersion(request: FastifyRequest): void {
  if (request.headers['tus-resumable'] !== TUS_VERSION)
    throw apiError(412, 'badRequest.tusVersion', { values: { version: TUS_VERSION }, source: { header: 'Tus-Resumable' } });
}

const expiresHeader = (record: UploadRecord) => new Date(record.expiresAt).toUTCString();

/** Bytes on disk so far: the offset a client resumes from. */
async function stagedBytes(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
}

/**
 * tus 1.0 (core, creation, termination, expiration) for large files: the client creates an
 * upload (POST, Upload-Length, Upload-Metadata `filename` and `path`), sends its bytes in one or
 * more PATCHes, and after a cut connection asks for the offset (HEAD) and goes on from there.
 * Bytes wait in a staging file under data/resumable, appended as they arrive, so what reached the
 * server before a cut is kept. Once complete, the file goes through the library's ingest like any
 * upload. Same Bearer token and client scoping as the rest of the media API.
 */
export function registerTusRoutes(app: FastifyInstance, uploads: UploadService): void {
  const maxSize = Math.max(...Object.values(MAX_UPLOAD_BYTES));
  // The body of a PATCH is streamed to the staging file by the handler, never buffered.
  app.addContentTypeParser(OFFSET_STREAM, (_request, _payload, done) => done(null));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('tus-resumable', TUS_VERSION);
  });

  const discovery = async (_request: FastifyRequest, reply: FastifyReply) =>
    reply.code(204).headers({ 'tus-version': TUS_VERSION, 'tus-extension': TUS_EXTENSIONS, 'tus-max-size': String(maxSize) }).send();
  app.options(TUS_PATH, discovery);
  app.options(`${TUS_PATH}/:id`, discovery);

  app.post(TUS_PATH, async (request, reply) => {
    const auth = requireAbility(request, 'create', 'files');
    requireTusVersion(request);
    const size = wholeBytes(request.headers['upload-length'] as string | undefined);
    if (size === null) throw apiError(400, 'badRequest.uploadLength', { source: { header: 'Upload-Length' } });
    const metadata = parseUploadMetadata(request.headers['upload-metadata'] as string | undefined);
    const fileName = metadata?.get('filename') ?? metadata?.get('name');
    if (!fileName) throw apiError(400, 'badRequest.uploadFileName', { source: { header: 'Upload-Metadata' } });
    const path = metadata?.get('path') || DEFAULT_UPLOAD_PATH;
    const folder = uploads.admit(fileName, path, size);
    await uploads.sweep().catch((error: unknown) => request.log.warn({ err: error }, 'upload sweep failed'));
    const record = await uploads.records.create({ clientId: auth.clientId, protocol: 'tus', path: folder, fileName, size, createdBy: auth.username });
    await mkdir(uploads.stagingDir, { recursive: true });
    await writeFile(uploads.stagingPath(record), '', { flag: 'wx' });
    return reply
      .code(201)
      .headers({ location: `${requestOrigin(request, uploads.deps.config)}${TUS_PATH}/${record.uploadId}`, 'upload-expires': expiresHeader(record) })
      .send();
  });

  app.head<{ Params: { id: string } }>(`${TUS_PATH}/:id`, async (request, reply) => {
    const auth = requireAbility(request, 'create', 'files');
    requireTusVersion(request);
    const record = await uploads.records.find(auth.clientId, 'tus', request.params.id);
    // A refused upload is gone for good (410): a tus client then starts anew rather than retrying.
    if (record.state === 'failed') throw apiError(410, 'conflict.uploadFinished');
    const offset = record.state === 'done' ? record.size! : await stagedBytes(uploads.stagingPath(record));
    reply.headers({ 'cache-control': 'no-store', 'upload-offset': String(offset), 'upload-length': String(record.size) });
    if (record.state === 'open') reply.header('upload-expires', expiresHeader(record));
    if (record.mediaFileId !== null) reply.header('media-file-id', String(record.mediaFileId));
    return reply.code(200).send();
  });

  app.patch<{ Params: { id: string } }>(`${TUS_PATH}/:id`, async (request, reply) => {
    const auth = requireAbility(request, 'create', 'files');
    requireTusVersion(request);
    if (request.headers['content-type'] !== OFFSET_STREAM)
      throw apiError(415, 'unsupportedMediaType.offsetOctetStream', { source: { header: 'Content-Type' } });
    const given = wholeBytes(request.headers['upload-offset'] as string | undefined);
    if (given === null) throw apiError(400, 'badRequest.uploadOffset', { source: { header: 'Upload-Offset' } });
    const record = await uploads.records.find(auth.clientId, 'tus', request.params.id);
    const size = record.size!;
    const staged = uploads.stagingPath(record);

    return uploads.exclusive(record.uploadId, () => request.raw.destroy(), async () => {
      const { state } = await uploads.records.find(auth.clientId, 'tus', record.uploadId);
      if (state !== 'open') throw apiError(state === 'failed' ? 410 : 409, 'conflict.uploadFinished');
      const offset = await stagedBytes(staged);
      if (given !== offset)
        throw apiError(409, 'conflict.uploadOffset', { values: { given, expected: offset }, source: { header: 'Upload-Offset' } });
      const declared = wholeBytes(request.headers['content-length']);
      if (declared !== null && offset + declared > size) throw apiError(413, 'payloadTooLarge.beyondLength', { values: { length: size } });
      // A PATCH that carries every remaining byte is ingested while it arrives: one pass, not two.
      // Unless storage adopts the staging file once complete (the local driver): then the bytes
      // are written once, to the staging file, and read back from the page cache.
      const live =
        !uploads.deps.storage.adoptFile && declared !== null && offset + declared === size ? ingestWhileArriving(uploads, record, staged, offset) : null;
      let received = offset;
      const bounded = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          received += chunk.length;
          if (received > size) done(apiError(413, 'payloadTooLarge.beyondLength', { values: { length: size } }));
          else if (live) live.feed(chunk).then(() => done(null, chunk), done);
          else done(null, chunk);
        },
      });
      try {
        // Appended as it arrives: bytes written before a cut stay, and HEAD reports them.
        await pipeline(request.raw, bounded, createWriteStream(staged, { flags: 'a' }));
      } catch (error) {
        // The ingest of a cut upload keeps nothing; the upload stays open for the resume.
        await live?.abort(error as Error);
        if (request.raw.destroyed || request.raw.readableAborted) {
          request.log.info({ upload: record.uploadId, offset: await stagedBytes(staged) }, 'tus upload cut; it can resume');
        }
        throw error;
      }
      await uploads.records.touch(record);
      const now = await stagedBytes(staged);
      reply.headers({ 'upload-offset': String(now), 'upload-expires': expiresHeader(record) });
      if (now === size) {
        try {
          const file = live ? await live.finish() : await uploads.ingestStaged(record, staged, size);
          reply.header('media-file-id', String(file.id));
        } finally {
          await uploads.discardStaged(record);
        }
      } else await live?.abort(new Error('the upload is not complete'));
      return reply.code(204).send();
    });
  });

  app.delete<{ Params: { id: string } }>(`${TUS_PATH}/:id`, async (request, reply) => {
    const auth = requireAbility(request, 'create', 'files');
    requireTusVersion(request);
    const record = await uploads.records.find(auth.clientId, 'tus', request.params.id);
    await uploads.exclusive(record.uploadId, () => undefined, () => uploads.discard(record));
    return reply.code(204).send();
  });
}

/**
 * Ingest fed as the bytes arrive: the staged prefix first, then each chunk of the request as it is
 * appended to the staging file. `feed` waits for ingest to take a chunk (backpressure), unless
 * ingest has already ended (a refused type drains the rest). `finish` ends the input and records
 * the outcome; `abort` fails the input, so ingest leaves nothing, and keeps the upload open.
 */
function ingestWhileArriving(uploads: UploadService, record: UploadRecord, staged: string, offset: number) {
  const tap = new PassThrough();
  tap.on('error', () => undefined); // a cut is reported to ingest through the iteration below
  async function* whole(): AsyncGenerator<Buffer> {
    if (offset > 0) yield* createReadStream(staged, { start: 0, end: offset - 1 }) as AsyncIterable<Buffer>;
    yield* tap as AsyncIterable<Buffer>;
  }
  const body = Readable.from(whole(), { objectMode: false });
  body.on('error', () => undefined); // ingest sees it through its own listener
  let ended = false;
  const outcome = uploads.ingestOnly(record, body, record.size!).then(
    (file) => ({ file, error: null }),
    (error: unknown) => ({ file: null, error }),
  );
  void outcome.then(() => {
    ended = true;
    tap.destroy();
  });
  return {
    feed(chunk: Buffer): Promise<void> {
      return new Promise((resolve) => {
        if (ended || tap.write(chunk)) return resolve();
        const go = () => {
          tap.off('drain', go).off('close', go);
          resolve();
        };
        tap.on('drain', go).on('close', go);
      });
    },
    async finish(): Promise<MediaFileRow> {
      if (!tap.destroyed) tap.end();
      const { file, error } = await outcome;
      await uploads.records.finish(record, file ? 'done' : 'failed', file?.id ?? null);
      if (!file) throw error;
      return file;
    },
    async abort(reason: Error): Promise<void> {
      tap.destroy(reason);
      await outcome;
    },
  };
}
