import { createHash, randomBytes } from 'node:crypto';
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepOrphans } from '../src/media/files/orphan-sweep';
import { formatUploadMetadata } from '../src/media/uploads/tus-metadata';
import { stagingPrefix } from '../src/media/uploads/tus-staging';
import { storageDrivers, storageEnv } from './support/s3';
import { startTestInstances, type TestServer } from './support/test-server';
import { waitFor } from './support/wait';

/*
 * Resumable uploads without sticky routing (issue 23, point 5): two instances of the server on one
 * database and one storage, each with its own DATA_DIR, as behind a round-robin load balancer. A
 * tus upload started through one resumes through the other, a multipart upload's parts and its
 * completion go through either, and two requests never both write or complete one upload.
 */

const TUS = '/media/v1/uploads/tus';
const TUS_HEADERS = { 'tus-resumable': '1.0.0' };
const FILE_UPLOADS = '/api/v3/ott/file_uploads';
const MB = 1024 * 1024;
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** A PDF as file-type reads it (magic bytes first), with incompressible bytes inside. */
function pdfOf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');
  const tail = Buffer.from('\n%%EOF\n');
  return Buffer.concat([head, randomBytes(size - head.length - tail.length), tail]);
}

interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

describe.each(storageDrivers)('uploads across two instances (%s storage)', (driver) => {
  let close: () => Promise<void>;
  let a: TestServer;
  let b: TestServer;
  let token: string;

  beforeAll(async () => {
    const cluster = await startTestInstances(2, await storageEnv(driver));
    close = cluster.close;
    [a, b] = cluster.instances;
    token = await a.token('admin');
  });
  afterAll(() => close?.());

  /** A request with raw bytes through `via`. */
  async function send(via: TestServer, method: string, path: string, opts: { headers?: Record<string, string>; body?: Buffer } = {}): Promise<Answer> {
    const res = await fetch(path.startsWith('http') ? path : via.url + path, {
      method,
      headers: { authorization: `Bearer ${token}`, ...opts.headers },
      body: opts.body ? new Uint8Array(opts.body) : undefined,
    });
    const text = await res.text();
    const json = (res.headers.get('content-type') ?? '').includes('json');
    return { status: res.status, headers: res.headers, body: json && text ? JSON.parse(text) : text };
  }

  async function createTus(via: TestServer, fileName: string, size: number): Promise<string> {
    const res = await send(via, 'POST', TUS, {
      headers: { ...TUS_HEADERS, 'upload-length': String(size), 'upload-metadata': formatUploadMetadata({ filename: fileName }) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return new URL(res.headers.get('location')!).pathname;
  }
  const offsetThrough = async (via: TestServer, location: string) => Number((await send(via, 'HEAD', location, { headers: TUS_HEADERS })).headers.get('upload-offset'));
  const patch = (via: TestServer, location: string, offset: number, body: Buffer) =>
    send(via, 'PATCH', location, { headers: { ...TUS_HEADERS, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }, body });

  /** A PATCH through `via` whose body the test writes piece by piece (chunked), to hold it open or cut it. */
  function openPatch(via: TestServer, location: string, offset: number, contentLength?: number) {
    const request: ClientRequest = httpRequest(via.url + location, {
      method: 'PATCH',
      headers: {
        ...TUS_HEADERS,
        authorization: `Bearer ${token}`,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        ...(contentLength === undefined ? {} : { 'content-length': String(contentLength) }),
      },
    });
    // The headers go now: the server takes the upload over before any byte of the body.
    request.flushHeaders();
    const answered = new Promise<IncomingMessage | null>((resolve) => {
      request.on('response', (response) => resolve(response.resume()));
      request.on('error', () => resolve(null));
      request.on('close', () => resolve(null));
    });
    return {
      request,
      answered,
      /** Resolves once the bytes are handed to the kernel: a cut after it still delivers them. */
      write: (bytes: Buffer) => new Promise<void>((resolve, reject) => request.write(bytes, (error) => (error ? reject(error) : resolve()))),
    };
  }

  const storedSha256 = async (fileId: string | number): Promise<string> => {
    const row = await a.server.database.db.selectFrom('media_files').select('storage_key').where('id', '=', Number(fileId)).executeTakeFirstOrThrow();
    const object = await b.server.storage.get(row.storage_key as string);
    const hash = createHash('sha256');
    for await (const chunk of object!.body) hash.update(chunk as Buffer);
    return hash.digest('hex');
  };
  async function staged(location: string): Promise<string[]> {
    const keys: string[] = [];
    for await (const { key } of a.server.storage.list(stagingPrefix(location.split('/').pop()!))) keys.push(key);
    return keys;
  }
  const uploadRow = (location: string) =>
    a.server.database.db.selectFrom('file_uploads').selectAll().where('upload_id', '=', location.split('/').pop()!).executeTakeFirst();

  describe('tus', () => {
    it('resumes through B an upload cut mid-body through A, from the offset A committed, and stores the source bytes', async () => {
      // Several S3 pieces and a part of one: the cut keeps the part too.
      const source = pdfOf(10 * MB + 321);
      const cutAt = 6 * MB + 4321;
      const location = await createTus(a, 'Cięty przez A.pdf', source.length);

      const cut = openPatch(a, location, 0, source.length);
      await cut.write(source.subarray(0, cutAt));
      cut.request.destroy();
      await cut.answered;
      // Every byte reached A before the connection closed: none is lost.
      expect(await waitFor('the cut PATCH to be committed', async () => (await offsetThrough(b, location)) === cutAt)).toBe(true);
      expect(await offsetThrough(a, location)).toBe(cutAt);

      const rest = await patch(b, location, cutAt, source.subarray(cutAt));
      expect(rest.status, JSON.stringify(rest.body)).toBe(204);
      expect(Number(rest.headers.get('upload-offset'))).toBe(source.length);
      const fileId = rest.headers.get('media-file-id')!;
      expect(await storedSha256(fileId)).toBe(sha256(source));
      const head = await send(a, 'HEAD', location, { headers: TUS_HEADERS });
      expect(head.headers.get('media-file-id')).toBe(fileId);
      expect(await staged(location), 'the staged bytes went with the completion').toEqual([]);
      const upload = await uploadRow(location);
      expect(await a.server.database.db.selectFrom('file_upload_chunks').select('position').where('file_upload_id', '=', upload!.id).execute()).toEqual([]);
    });

    it('lets the newest PATCH hold an upload: a stale one through A is refused, the older one through B stops, the offset stays', async () => {
      const source = pdfOf(400_000);
      const location = await createTus(a, 'Dwa naraz.pdf', source.length);

      // B holds the upload with a PATCH it has not seen end; what it got is committed while it waits.
      const held = openPatch(b, location, 0);
      await held.write(source.subarray(0, 100_000));
      await waitFor('B to commit what it holds', async () => (await offsetThrough(a, location)) === 100_000);

      const stale = await patch(a, location, 0, source.subarray(0, 1000));
      expect(stale.status).toBe(409);
      expect(stale.body.errors[0].code).toBe('conflict');
      expect(stale.body.errors[0].detail).toBe('The upload is at byte 100000, not 0: ask for its offset (HEAD) and continue from there.');

      // The client resumes through A from the committed offset: A takes the upload over as its
      // PATCH arrives, before any byte of it.
      const holder = (await uploadRow(location))?.writer;
      const resumed = openPatch(a, location, 100_000, 150_000);
      await waitFor('A to take the upload over', async () => (await uploadRow(location))?.writer !== holder);

      // B's old request goes on sending, at the offset the upload is at: it has lost the upload,
      // commits nothing and says so.
      await held.write(source.subarray(100_000, 180_000));
      const answer = await held.answered;
      held.request.destroy();
      expect(answer?.statusCode).toBe(409);
      expect(await offsetThrough(b, location)).toBe(100_000);

      await resumed.write(source.subarray(100_000, 250_000));
      resumed.request.end();
      const resumedAnswer = await resumed.answered;
      expect(resumedAnswer?.statusCode).toBe(204);
      expect(Number(resumedAnswer?.headers['upload-offset'])).toBe(250_000);
      expect((await uploadRow(location))?.received).toBe(250_000);

      const rest = await patch(b, location, 250_000, source.subarray(250_000));
      expect(rest.status, JSON.stringify(rest.body)).toBe(204);
      expect(await storedSha256(rest.headers.get('media-file-id')!)).toBe(sha256(source));
      expect(await staged(location)).toEqual([]);
    });

    it('sweeps abandoned uploads with what they staged in storage, through either instance', async () => {
      const location = await createTus(a, 'Porzucony.pdf', 6 * MB);
      expect((await patch(b, location, 0, pdfOf(5 * MB))).status).toBe(204);
      expect(await staged(location)).not.toEqual([]);
      // However old, staged bytes of an upload that still has its row are no orphans.
      await sweepOrphans(a.server.database, a.server.storage, { now: Date.now() + 3 * 24 * 3600_000 });
      expect(await staged(location)).not.toEqual([]);

      const past = a.server.database.dialect === 'postgres' ? new Date(Date.now() - 1000) : new Date(Date.now() - 1000).toISOString();
      await a.server.database.db.updateTable('file_uploads').set({ expires_at: past }).where('upload_id', '=', location.split('/').pop()!).execute();
      await createTus(a, 'Nowy.pdf', 10);
      expect(await staged(location)).toEqual([]);
      expect((await send(b, 'HEAD', location, { headers: TUS_HEADERS })).status).toBe(404);

      // A late piece of a writer that lost, left behind its upload's row: an orphan once old.
      const late = `${stagingPrefix(location.split('/').pop()!)}0000000000000000-late`;
      await b.server.storage.put(late, Readable.from([Buffer.from('late')]), { size: 4 });
      await sweepOrphans(b.server.database, b.server.storage, { now: Date.now() + 3 * 24 * 3600_000 });
      expect(await staged(location)).toEqual([]);
    });
  });

  describe('multipart (POST /ott/file_uploads)', () => {
    async function createUpload(via: TestServer, fileName: string, parts: number) {
      const res = await via.post(FILE_UPLOADS, { data: { type: 'file_upload', attributes: { file_name: fileName, number_of_parts: parts } } });
      expect(res.status, res.text).toBe(201);
      return res.body.data as { id: string; attributes: { key: string; upload_id: string; parts: { part_number: number; url: string; authorization: string }[]; complete: { url: string }; abort: { url: string } }; links: { self: string } };
    }
    /** A part through `via`: the server's own URL on the local driver, the presigned one straight to S3. */
    async function putPart(via: TestServer, url: string, bytes: Buffer, authorization: string): Promise<Answer> {
      const target = authorization === 'bearer' ? via.url + new URL(url).pathname : url;
      const res = await fetch(target, { method: 'PUT', headers: authorization === 'bearer' ? { authorization: `Bearer ${token}` } : {}, body: new Uint8Array(bytes) });
      const text = await res.text();
      return { status: res.status, headers: res.headers, body: text };
    }
    const path = (url: string) => new URL(url).pathname;

    it('takes parts through A and B, lists them through B, completes through B into the source bytes', async () => {
      const source = pdfOf(5 * MB + 777);
      const upload = await createUpload(a, 'Części z dwóch.pdf', 2);
      const [first, second] = upload.attributes.parts;
      expect((await putPart(a, first.url, source.subarray(0, 5 * MB), first.authorization)).status).toBe(200);
      expect((await putPart(b, second.url, source.subarray(5 * MB), second.authorization)).status).toBe(200);

      const listed = await b.get(path(upload.links.self));
      expect(listed.body.data.attributes.uploaded_parts.map((p: { part_number: number }) => p.part_number)).toEqual([1, 2]);
      const done = await b.post(path(upload.attributes.complete.url), undefined);
      expect(done.status, done.text).toBe(201);
      expect(await storedSha256(done.body.data.id)).toBe(sha256(source));
      expect((await a.post(path(upload.attributes.complete.url), undefined)).status).toBe(409);
      expect((await a.get(path(upload.links.self))).body.data.attributes.state).toBe('done');
      if (first.authorization === 'bearer') {
        // Its parts are gone with the completion: a late part is refused, not stored.
        const late = await putPart(a, first.url, source.subarray(0, 5 * MB), first.authorization);
        expect(late.status).toBe(409);
      }
    });

    it('completes once when two instances are asked to complete at the same moment', async () => {
      for (let round = 0; round < 4; round++) {
        const source = pdfOf(50_000 + round);
        const name = `Raz ${round}.pdf`;
        const upload = await createUpload(a, name, 1);
        const [part] = upload.attributes.parts;
        expect((await putPart(b, part.url, source, part.authorization)).status).toBe(200);

        const answers = await Promise.all([a, b].map((via) => via.post(path(upload.attributes.complete.url), undefined)));
        expect(answers.map((r) => r.status).sort(), answers.map((r) => r.text).join('\n')).toEqual([201, 409]);
        const completed = answers.find((r) => r.status === 201)!;
        expect(answers.find((r) => r.status === 409)!.body.errors[0].detail).toBe('This upload is already complete or has failed; start a new one.');
        const files = await a.server.database.db.selectFrom('media_files').select('id').where('name', '=', name).execute();
        expect(files.map((f) => String(f.id))).toEqual([completed.body.data.id]);
        expect(await storedSha256(completed.body.data.id)).toBe(sha256(source));
      }
    });

    it('aborts through B an upload made through A: its parts go, and neither instance knows it any more', async () => {
      const upload = await createUpload(a, 'Przerwany.pdf', 2);
      const [first] = upload.attributes.parts;
      expect((await putPart(a, first.url, pdfOf(5 * MB), first.authorization)).status).toBe(200);
      expect((await b.delete(path(upload.attributes.abort.url))).status).toBe(204);
      await expect(a.server.storage.listParts(upload.attributes.key, upload.attributes.upload_id)).rejects.toThrow();
      expect((await a.get(path(upload.links.self))).status).toBe(404);
      expect((await b.post(path(upload.attributes.complete.url), undefined)).status).toBe(404);
    });
  });
});
