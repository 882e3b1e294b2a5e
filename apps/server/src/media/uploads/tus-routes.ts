import { PassThrough, Readable } from 'node:stream';
import { MAX_UPLOAD_BYTES, DEFAULT_UPLOAD_PATH } from '@umpire/schema';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireAbility } from '../../jsonapi/access';
import { requestOrigin } from '../../config';
import { apiError } from '../../jsonapi/errors';
import { parseUploadMetadata } from './tus-metadata';
import type { MediaFileRow } from '../files/ingest';
import { IDLE_COMMIT_MS, WriterLost, type StagingWriter } from './tus-staging';
import type { UploadService } from './upload-service';
import { newWriterToken, UPLOAD_LIFETIME_MS, type UploadRecord } from './upload-records';

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

/**
 * tus 1.0 (core, creation, termination, expiration) for large files: the client creates an
 * upload (POST, Upload-Length, Upload-Metadata `filename` and `path`), sends its bytes in one or
 * more PATCHes, and after a cut connection asks for the offset (HEAD) and goes on from there,
 * through any instance: the bytes wait in the storage driver (tus-staging.ts) and the offset
 * committed so far is in the upload's row. What reached the server before a cut is kept. Once
 * complete, the file goes through the library's ingest like any upload. Same Bearer token and
 * client scoping as the rest of the media API.
 */
export function registerTusRoutes(app: FastifyInstance, uploads: UploadService): void {
  const maxSize = Math.max(...Object.values(MAX_UPLOAD_BYTES));
  // The body of a PATCH is streamed to staging by the handler, never buffered.
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
    const offset = record.state === 'done' ? record.size! : record.received;
    reply.headers({ 'cache-control': 'no-store', 'upload-offset': String(offset), 'upload-length': String(record.size) });
    if (record.state === 'open') reply.header('upload-expires', expiresHeader(record));
    if (record.mediaFileId !== null) reply.header('media-file-id', String(record.mediaFileId));
    return reply.code(200).send();
  });

  /** Why a PATCH at `given` could not take the upload over, read from its row now. */
  async function refusal(clientId: number, uploadId: string, given: number) {
    const now = await uploads.records.find(clientId, 'tus', uploadId);
    if (now.state === 'failed') return apiError(410, 'conflict.uploadFinished');
    // Complete bytes belong to the request that committed the last of them, which ingests them.
    if (now.state === 'done' || (now.received === now.size && now.writer !== null)) return apiError(409, 'conflict.uploadFinished');
    return offsetConflict(given, now.received);
  }
  const offsetConflict = (given: number, expected: number) =>
    apiError(409, 'conflict.uploadOffset', { values: { given, expected }, source: { header: 'Upload-Offset' } });

  app.patch<{ Params: { id: string } }>(`${TUS_PATH}/:id`, async (request, reply) => {
    const auth = requireAbility(request, 'create', 'files');
    requireTusVersion(request);
    if (request.headers['content-type'] !== OFFSET_STREAM)
      throw apiError(415, 'unsupportedMediaType.offsetOctetStream', { source: { header: 'Content-Type' } });
    const given = wholeBytes(request.headers['upload-offset'] as string | undefined);
    if (given === null) throw apiError(400, 'badRequest.uploadOffset', { source: { header: 'Upload-Offset' } });
    const record = await uploads.records.find(auth.clientId, 'tus', request.params.id);
    const size = record.size!;
    const declared = wholeBytes(request.headers['content-length']);
    if (declared !== null && given + declared > size) throw apiError(413, 'payloadTooLarge.beyondLength', { values: { length: size } });

    return uploads.exclusive(record.uploadId, () => request.raw.destroy(), async () => {
      // The newest request of the upload writes; any other instance's older one loses at its next commit.
      const token = newWriterToken();
      if (!(await uploads.records.takeOver(record, token, given))) throw await refusal(auth.clientId, record.uploadId, given);
      const writer = await uploads.staging.writer(record, token, given);
      try {
        // A PATCH that carries every remaining byte is ingested while it arrives: one pass, not two.
        // Unless storage adopts the staging file once complete (the local driver): then the bytes
        // are written once, to the staging file, and read back from the page cache.
        const live = !uploads.staging.localFile(record) && declared !== null && given + declared === size ? ingestWhileArriving(uploads, record, given) : null;
        try {
          await receive(request.raw, writer, size, live);
        } catch (error) {
          await live?.abort(error as Error);
          if (error instanceof WriterLost) throw offsetConflict(given, (await uploads.records.find(auth.clientId, 'tus', record.uploadId)).received);
          if (request.raw.destroyed || request.raw.readableAborted)
            request.log.info({ upload: record.uploadId, offset: writer.committed }, 'tus upload cut; it can resume');
          throw error;
        }
        // Each commit moved the expiry on by a lifetime.
        reply.headers({ 'upload-offset': String(writer.committed), 'upload-expires': new Date(Date.now() + UPLOAD_LIFETIME_MS).toUTCString() });
        if (writer.committed === size) {
          // This request committed the last byte: the upload is its own to ingest.
          try {
            const file = live ? await live.finish() : await uploads.ingestStaged(record, size);
            reply.header('media-file-id', String(file.id));
          } finally {
            await uploads.discardStaged(record);
          }
        } else await live?.abort(new Error('the upload is not complete'));
      } finally {
        await writer.close();
      }
      return reply.code(204).send();
    });
  });

  app.delete<{ Params: { id: string } }>(`${TUS_PATH}/:id`, async (request, reply) => {
    const auth = requireAbility(request, 'create', 'files');
    requireTusVersion(request);
    const record = await uploads.records.find(auth.clientId, 'tus', request.params.id);
    // A PATCH of this instance is stopped here; one of another instance loses the upload in its row.
    await uploads.exclusive(record.uploadId, () => undefined, () => uploads.discard(record));
    return reply.code(204).send();
  });
}

/**
 * Takes a PATCH body into `writer` (and live ingest, if any), up to the upload's `size`. A body
 * that pauses for IDLE_COMMIT_MS gets what it sent committed meanwhile; a body that ends, is cut or
 * is refused gets what arrived committed, so the client resumes after it. WriterLost when another
 * request took the upload over; the body is then left unread.
 */
async function receive(body: Readable, writer: StagingWriter, size: number, live: LiveIngest | null): Promise<void> {
  // The writer does one thing at a time: the idle commit waits for a write, and the other way round.
  let turn: Promise<unknown> = Promise.resolve();
  const serially = (step: () => Promise<void>): Promise<void> => {
    const run = turn.then(step);
    turn = run.catch(() => undefined);
    return run;
  };
  // An idle commit that finds the upload lost ends the wait for the next chunk. (Not a race with
  // one promise for the whole body: each race would keep its chunk referenced until the end.)
  const upload: { lost: Error | null } = { lost: null };
  let stopWaiting: ((error: Error) => void) | null = null;
  const loseUpload = (error: unknown) => {
    upload.lost = error as Error;
    stopWaiting?.(upload.lost);
  };
  let idle: NodeJS.Timeout | undefined;
  const chunks = body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let received = writer.committed;
  try {
    for (;;) {
      if (upload.lost) throw upload.lost;
      const next = await new Promise<IteratorResult<Buffer>>((resolve, reject) => {
        stopWaiting = reject;
        chunks.next().then(resolve, reject);
      });
      stopWaiting = null;
      if (next.done) break;
      clearTimeout(idle);
      const chunk = next.value;
      received += chunk.length;
      if (received > size) throw apiError(413, 'payloadTooLarge.beyondLength', { values: { length: size } });
      await serially(() => writer.write(chunk));
      if (live) await live.feed(chunk);
      idle = setTimeout(() => void serially(() => writer.commit()).catch(loseUpload), IDLE_COMMIT_MS);
    }
  } catch (error) {
    clearTimeout(idle);
    // Cut or refused: what arrived is kept, unless another request holds the upload now.
    if (!(error instanceof WriterLost)) await serially(() => writer.commit()).catch(() => undefined);
    throw error;
  }
  clearTimeout(idle);
  await serially(() => writer.commit());
}

type LiveIngest = ReturnType<typeof ingestWhileArriving>;

/**
 * Ingest fed as the bytes arrive: the staged prefix first, then each chunk of the request as it is
 * staged. `feed` waits for ingest to take a chunk (backpressure), unless ingest has already ended
 * (a refused type drains the rest). `finish` ends the input and records the outcome; `abort` fails
 * the input, so ingest leaves nothing, and keeps the upload open.
 */
function ingestWhileArriving(uploads: UploadService, record: UploadRecord, offset: number) {
  const tap = new PassThrough();
  tap.on('error', () => undefined); // a cut is reported to ingest through the iteration below
  async function* whole(): AsyncGenerator<Buffer> {
    if (offset > 0) yield* (await uploads.staging.read(record, offset)) as AsyncIterable<Buffer>;
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
