import { createHash, randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatUploadMetadata } from '../src/media/uploads/tus-metadata';
import { stagingPrefix } from '../src/media/uploads/tus-staging';
import { assertJsonApiDocument } from './support/jsonapi-schema';
import { storageDrivers, storageEnv, testS3Env } from './support/s3';
import { startTestServer, type TestServer } from './support/test-server';

const TUS = '/media/v1/uploads/tus';
const TUS_HEADERS = { 'tus-resumable': '1.0.0' };
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** A PDF as file-type reads it (magic bytes first), with incompressible bytes inside. */
function pdfOf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');
  const tail = Buffer.from('\n%%EOF\n');
  if (size < head.length + tail.length) return head.subarray(0, size);
  return Buffer.concat([head, randomBytes(size - head.length - tail.length), tail]);
}

/**
 * S3-compatible storage: the server scripts/test.mjs starts and names in UMPIRE_TEST_S3_ENV (the
 * S3 cases are skipped when this file runs on its own without it).
 */
const s3Env = testS3Env;
const drivers = storageDrivers;

interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

describe.each(drivers)('resumable and multipart uploads (%s storage)', (driver) => {
  let api: TestServer;
  let token: string;

  /** A request with raw bytes; a JSON:API answer is checked against the schema. */
  async function send(method: string, path: string, opts: { headers?: Record<string, string>; body?: Buffer; token?: string | null } = {}): Promise<Answer> {
    const auth = opts.token === undefined ? token : opts.token;
    const url = path.startsWith('http') ? path : api.url + path;
    const res = await fetch(url, {
      method,
      headers: { ...(auth ? { authorization: `Bearer ${auth}` } : {}), ...opts.headers },
      body: opts.body ? new Uint8Array(opts.body) : undefined,
    });
    const text = await res.text();
    const json = (res.headers.get('content-type') ?? '').startsWith('application/vnd.api+json');
    const body: unknown = json && text ? JSON.parse(text) : text;
    if (json && method !== 'HEAD') assertJsonApiDocument(body, `${method} ${path} → ${res.status}`);
    return { status: res.status, headers: res.headers, body };
  }

  async function createTus(fileName: string, size: number, extra: Record<string, string> = {}, as = token): Promise<string> {
    const res = await send('POST', TUS, {
      token: as,
      headers: { ...TUS_HEADERS, 'upload-length': String(size), 'upload-metadata': formatUploadMetadata({ filename: fileName, ...extra }) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return new URL(res.headers.get('location')!).pathname;
  }

  const offsetOf = async (location: string) => Number((await send('HEAD', location, { headers: TUS_HEADERS })).headers.get('upload-offset'));
  const patch = (location: string, offset: number, body: Buffer) =>
    send('PATCH', location, { headers: { ...TUS_HEADERS, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }, body });

  const listed = async (name: string) =>
    api.server.database.db.selectFrom('media_files').select(['id', 'sha256', 'storage_key', 'state']).where('name', '=', name).execute();

  /** Objects in storage that no library row names, other than the staged bytes of unfinished uploads. */
  async function orphans(): Promise<string[]> {
    const rows = await api.server.database.db.selectFrom('media_files').select('storage_key').where('storage_key', 'is not', null).execute();
    const known = new Set(rows.map((r) => r.storage_key as string));
    const open = await api.server.database.db.selectFrom('file_uploads').select('upload_id').where('state', '=', 'open').execute();
    const staging = open.map((r) => stagingPrefix(r.upload_id as string));
    const keys: string[] = [];
    for await (const { key } of api.server.storage.list('')) if (!known.has(key) && !staging.some((prefix) => key.startsWith(prefix))) keys.push(key);
    return keys;
  }

  /** What is staged in storage for the tus upload at `location`. */
  async function staged(location: string): Promise<string[]> {
    const keys: string[] = [];
    for await (const { key } of api.server.storage.list(stagingPrefix(location.split('/').pop()!))) keys.push(key);
    return keys;
  }

  async function storedSha256(fileId: string): Promise<string> {
    const row = await api.server.database.db.selectFrom('media_files').select('storage_key').where('id', '=', Number(fileId)).executeTakeFirstOrThrow();
    const object = await api.server.storage.get(row.storage_key as string);
    const hash = createHash('sha256');
    for await (const chunk of object!.body) hash.update(chunk as Buffer);
    return hash.digest('hex');
  }

  beforeAll(async () => {
    // A bucket of its own on S3: `orphans()` lists every object, and other suites' servers seed theirs.
    api = await startTestServer({}, await storageEnv(driver));
    token = await api.token('admin');
  });
  afterAll(() => api?.close());

  describe('tus 1.0', () => {
    it('says what it speaks without a token (OPTIONS)', async () => {
      const res = await send('OPTIONS', TUS, { token: null });
      expect(res.status).toBe(204);
      expect(res.headers.get('tus-version')).toBe('1.0.0');
      expect(res.headers.get('tus-extension')).toContain('creation');
      expect(Number(res.headers.get('tus-max-size'))).toBeGreaterThanOrEqual(5 * 1024 ** 3);
    });

    it('resumes an upload cut at 60 % from the stored offset, and stores exactly the source bytes', async () => {
      const source = pdfOf(12 * 1024 * 1024 + 123);
      const cutAt = Math.floor(source.length * 0.6);
      const location = await createTus('Raport sezonu.pdf', source.length);

      // The first PATCH sends 60 % and the connection dies before the rest.
      const cut = httpRequest(api.url + location, {
        method: 'PATCH',
        headers: {
          ...TUS_HEADERS,
          authorization: `Bearer ${token}`,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(source.length),
        },
      });
      const ended = new Promise<void>((resolve) => cut.on('error', () => resolve()).on('close', () => resolve()));
      cut.write(source.subarray(0, cutAt));
      while ((await offsetOf(location)) < cutAt) await new Promise((resolve) => setTimeout(resolve, 20));
      cut.destroy();
      await ended;

      expect(await offsetOf(location)).toBe(cutAt);
      expect(await listed('Raport sezonu.pdf'), 'nothing is listed while the upload is unfinished').toEqual([]);
      expect(await orphans(), 'nothing is left in storage by the cut').toEqual([]);
      expect(await staged(location), 'the bytes wait in storage').not.toEqual([]);
      expect(existsSync(join(api.server.config.dataDir, 'resumable')), 'not on the instance').toBe(false);
      const stagedInode = driver === 'local' ? statSync(api.server.storage.localPath!((await staged(location))[0])).ino : null;

      const wrong = await patch(location, 0, source.subarray(0, 10));
      expect(wrong.status).toBe(409);
      expect(wrong.body.errors[0].meta.key).toBe('conflict');

      const rest = await patch(location, cutAt, source.subarray(cutAt));
      expect(rest.status, JSON.stringify(rest.body)).toBe(204);
      expect(Number(rest.headers.get('upload-offset'))).toBe(source.length);
      const fileId = rest.headers.get('media-file-id')!;
      expect(fileId).toMatch(/^\d+$/);

      const [row] = await listed('Raport sezonu.pdf');
      expect(row.state).toBe('stored');
      expect(row.sha256).toBe(sha256(source));
      expect(await storedSha256(fileId)).toBe(sha256(source));
      expect(await staged(location), 'staged bytes are removed').toEqual([]);
      expect(await orphans()).toEqual([]);
      // On the local driver the staging file itself becomes the stored file: the bytes are written once.
      if (driver === 'local') expect(statSync(api.server.storage.localPath!(row.storage_key as string)).ino).toBe(stagedInode);

      const head = await send('HEAD', location, { headers: TUS_HEADERS });
      expect(head.headers.get('upload-offset')).toBe(String(source.length));
      expect(head.headers.get('media-file-id')).toBe(fileId);
      expect((await patch(location, source.length, Buffer.alloc(0))).status).toBe(409);
    });

    it('lets a resuming PATCH take over from a connection the server still thinks is open', async () => {
      const source = pdfOf(200_000);
      const location = await createTus('zawieszony.pdf', source.length);
      const hung = httpRequest(api.url + location, {
        method: 'PATCH',
        headers: { ...TUS_HEADERS, authorization: `Bearer ${token}`, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      });
      const ended = new Promise<void>((resolve) => hung.on('error', () => resolve()).on('close', () => resolve()));
      hung.write(source.subarray(0, 50_000));
      while ((await offsetOf(location)) < 50_000) await new Promise((resolve) => setTimeout(resolve, 20));

      // The old request never ends by itself; the new one stops it and goes on from its offset.
      const rest = await patch(location, 50_000, source.subarray(50_000));
      expect(rest.status, JSON.stringify(rest.body)).toBe(204);
      await ended;
      const [row] = await listed('zawieszony.pdf');
      expect(row.sha256).toBe(sha256(source));
    });

    it('takes a file in several PATCHes into a folder named in the metadata', async () => {
      const source = pdfOf(300_000);
      const location = await createTus('w folderze.pdf', source.length, { path: '/raporty/' });
      for (let offset = 0; offset < source.length; offset += 100_000) {
        const res = await patch(location, offset, source.subarray(offset, offset + 100_000));
        expect(res.status, JSON.stringify(res.body)).toBe(204);
      }
      const [row] = await api.server.database.db.selectFrom('media_files').select(['path', 'sha256']).where('name', '=', 'w folderze.pdf').execute();
      expect(row).toEqual({ path: '/raporty/', sha256: sha256(source) });
    });

    it('refuses, once complete, bytes that are not what the name says, and keeps nothing', async () => {
      const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
      const location = await createTus('skan.pdf', html.length);
      const res = await patch(location, 0, html);
      expect(res.status).toBe(415);
      expect(res.body.errors[0].meta.key).toBe('wrongFileType');
      expect(await listed('skan.pdf')).toEqual([]);
      expect(await staged(location)).toEqual([]);
      expect((await patch(location, 0, html)).status, 'a refused upload is gone').toBe(410);
      expect((await send('HEAD', location, { headers: TUS_HEADERS })).status).toBe(410);
      expect(await orphans(), 'no object without its row').toEqual([]);
    });

    it('keeps one client out of another client’s upload', async () => {
      const location = await createTus('cudzy.pdf', 1000);
      const other = await api.token('other-admin');
      const head = await send('HEAD', location, { token: other, headers: TUS_HEADERS });
      expect(head.status).toBe(404);
      const write = await send('PATCH', location, {
        token: other,
        headers: { ...TUS_HEADERS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        body: pdfOf(1000),
      });
      expect(write.status).toBe(404);
      expect(write.body.errors[0].meta.key).toBe('notFound');
      expect(await offsetOf(location)).toBe(0);
    });

    it('takes a video longer than 2 GiB: its length is not cut to 32 bits (PostgreSQL)', async () => {
      const length = 3 * 1024 ** 3 + 7;
      const location = await createTus('finał w całości.mp4', length);
      const head = await send('HEAD', location, { headers: TUS_HEADERS });
      expect(head.headers.get('upload-length')).toBe(String(length));
      expect(head.headers.get('upload-offset')).toBe('0');
      expect((await send('DELETE', location, { headers: TUS_HEADERS })).status).toBe(204);
    });

    it('terminates an upload: its staged bytes go and it is gone', async () => {
      const location = await createTus('porzucony.pdf', 5000);
      expect((await patch(location, 0, pdfOf(5000).subarray(0, 2000))).status).toBe(204);
      expect(await staged(location)).not.toEqual([]);
      expect((await send('DELETE', location, { headers: TUS_HEADERS })).status).toBe(204);
      expect(await staged(location)).toEqual([]);
      expect((await send('HEAD', location, { headers: TUS_HEADERS })).status).toBe(404);
    });

    it('answers bad requests with JSON:API errors before taking any byte', async () => {
      const create = (headers: Record<string, string>, as: string | null = token) => send('POST', TUS, { token: as, headers });
      const meta = (values: Record<string, string>) => formatUploadMetadata(values);
      const cases: [Record<string, string>, number, string, string | null][] = [
        [{ 'upload-length': '10', 'upload-metadata': meta({ filename: 'a.pdf' }) }, 412, 'badRequest', token],
        [{ ...TUS_HEADERS, 'upload-metadata': meta({ filename: 'a.pdf' }) }, 400, 'badRequest', token],
        [{ ...TUS_HEADERS, 'upload-length': '-1', 'upload-metadata': meta({ filename: 'a.pdf' }) }, 400, 'badRequest', token],
        [{ ...TUS_HEADERS, 'upload-length': '10' }, 400, 'badRequest', token],
        [{ ...TUS_HEADERS, 'upload-length': '10', 'upload-metadata': 'filename ***' }, 400, 'badRequest', token],
        [{ ...TUS_HEADERS, 'upload-length': '10', 'upload-metadata': meta({ filename: 'virus.exe' }) }, 415, 'wrongFileType', token],
        [{ ...TUS_HEADERS, 'upload-length': '10', 'upload-metadata': meta({ filename: '..' }) }, 422, 'invalidFileName', token],
        [{ ...TUS_HEADERS, 'upload-length': String(31 * 1024 * 1024), 'upload-metadata': meta({ filename: 'big.png' }) }, 413, 'fileTooLarge', token],
        [{ ...TUS_HEADERS, 'upload-length': '10', 'upload-metadata': meta({ filename: 'a.pdf', path: '/../etc/' }) }, 422, 'invalidFolderPath', token],
        [{ ...TUS_HEADERS, 'upload-length': '10', 'upload-metadata': meta({ filename: 'a.pdf' }) }, 401, 'unauthorized', null],
        [{ ...TUS_HEADERS, 'upload-length': '10', 'upload-metadata': meta({ filename: 'a.pdf' }) }, 403, 'forbidden', 'viewer'],
      ];
      for (const [headers, status, key, as] of cases) {
        const res = await create(headers, as === 'viewer' ? await api.token('viewer') : as);
        expect(res.status, JSON.stringify(headers)).toBe(status);
        expect(res.body.errors[0].meta.key).toBe(key);
        expect(res.headers.get('tus-resumable')).toBe('1.0.0');
      }

      const location = await createTus('krótki.pdf', 10);
      const wrongType = await send('PATCH', location, { headers: { ...TUS_HEADERS, 'upload-offset': '0', 'content-type': 'application/octet-stream' }, body: Buffer.alloc(5) });
      expect(wrongType.status).toBe(415);
      const tooMuch = await patch(location, 0, pdfOf(11));
      expect(tooMuch.status).toBe(413);
      expect(tooMuch.body.errors[0].meta.key).toBe('payloadTooLarge');
      expect(await offsetOf(location)).toBe(0);
      expect(await listed('krótki.pdf')).toEqual([]);
    });
  });

  // Parts through the server's own URLs: the local driver's way (S3's presigned way is below).
  describe.skipIf(driver !== 'local')('multipart (POST /ott/file_uploads)', () => {
    const MB = 1024 * 1024;
    const createUpload = (attributes: Record<string, unknown>, as = token) =>
      send('POST', '/api/v3/ott/file_uploads', {
        token: as,
        headers: { 'content-type': 'application/vnd.api+json' },
        body: Buffer.from(JSON.stringify({ data: { type: 'file_upload', attributes } })),
      });

    it('takes parts in any order through the returned URLs, lists them to resume, and completes into a library file', async () => {
      const source = pdfOf(11 * MB + 17);
      const created = await createUpload({ file_name: 'Mecz otwarcia.pdf', number_of_parts: 3 });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const upload = created.body.data;
      expect(upload.type).toBe('file_upload');
      expect(upload.attributes.parts).toHaveLength(3);
      expect(upload.attributes.min_part_size).toBe(5 * MB);
      expect(upload.attributes.key).toMatch(/^c1\//);
      const slices = [source.subarray(0, 5 * MB), source.subarray(5 * MB, 10 * MB), source.subarray(10 * MB)];

      const etags: Record<number, string> = {};
      for (const n of [3, 1]) {
        const part = upload.attributes.parts[n - 1];
        const res = await send(part.method, part.url, { body: slices[n - 1], headers: { 'content-type': 'application/octet-stream' } });
        expect(res.status).toBe(200);
        etags[n] = res.headers.get('etag')!;
      }
      const early = await send('POST', new URL(upload.attributes.complete.url).pathname);
      expect(early.status).toBe(400);
      expect(early.body.errors[0].detail).toContain('2');

      const status = await send('GET', new URL(upload.links.self).pathname);
      expect(status.body.data.attributes.uploaded_parts.map((p: { part_number: number }) => p.part_number)).toEqual([1, 3]);
      const part2 = await send('PUT', upload.attributes.parts[1].url, { body: slices[1] });
      expect(part2.status).toBe(200);
      etags[2] = part2.headers.get('etag')!;

      const badEtag = await send('POST', new URL(upload.attributes.complete.url).pathname, {
        headers: { 'content-type': 'application/vnd.api+json' },
        body: Buffer.from(JSON.stringify({ data: { type: 'file_upload', attributes: { parts: [{ part_number: 1, etag: '"nope"' }] } } })),
      });
      expect(badEtag.status).toBe(400);

      const done = await send('POST', new URL(upload.attributes.complete.url).pathname, {
        headers: { 'content-type': 'application/vnd.api+json' },
        body: Buffer.from(JSON.stringify({ data: { type: 'file_upload', attributes: { parts: [1, 2, 3].map((n) => ({ part_number: n, etag: etags[n] })) } } })),
      });
      expect(done.status, JSON.stringify(done.body)).toBe(201);
      expect(done.body.data.type).toBe('files');
      expect(done.body.data.attributes.size).toBe(source.length);
      expect(await storedSha256(done.body.data.id)).toBe(sha256(source));
      // The joined object is the file itself (no copy of it), and nothing else is left behind.
      expect((await listed('Mecz otwarcia.pdf'))[0]?.storage_key).toBe(upload.attributes.key);
      expect(await orphans(), 'the joined parts are not left behind').toEqual([]);
      expect((await send('POST', new URL(upload.attributes.complete.url).pathname)).status).toBe(409);
    });

    it('refuses parts that are too small, out of range, or from another client, and aborts cleanly', async () => {
      const created = await createUpload({ file_name: 'małe.pdf', number_of_parts: 2 });
      const upload = created.body.data;
      const [first, second] = upload.attributes.parts;
      expect((await send('PUT', first.url, { body: pdfOf(1000) })).status).toBe(200);
      expect((await send('PUT', second.url, { body: Buffer.alloc(10) })).status).toBe(200);
      const small = await send('POST', new URL(upload.attributes.complete.url).pathname);
      expect(small.status).toBe(400);
      expect(small.body.errors[0].meta.key).toBe('badRequest');

      const outOfRange = await send('PUT', first.url.replace(/\/parts\/1$/, '/parts/3'), { body: Buffer.alloc(10) });
      expect(outOfRange.status).toBe(400);
      const other = await api.token('other-admin');
      expect((await send('PUT', first.url, { token: other, body: Buffer.alloc(10) })).status).toBe(404);
      expect((await send('GET', new URL(upload.links.self).pathname, { token: other })).status).toBe(404);

      expect((await send('DELETE', new URL(upload.attributes.abort.url).pathname)).status).toBe(204);
      await expect(api.server.storage.listParts(upload.attributes.key, upload.attributes.upload_id)).rejects.toThrow();
      expect((await send('GET', new URL(upload.links.self).pathname)).status).toBe(404);
      expect(await listed('małe.pdf')).toEqual([]);
    });

    it('validates the request body with JSON:API errors', async () => {
      const cases: [unknown, number, string][] = [
        [{ number_of_parts: 2 }, 422, 'required'],
        [{ file_name: 'a.pdf', number_of_parts: 'two' }, 422, 'invalidType'],
        [{ file_name: 'a.pdf', number_of_parts: 0 }, 422, 'min'],
        [{ file_name: 'a.pdf', number_of_parts: 10_001 }, 422, 'max'],
        [{ file_name: 'a.exe', number_of_parts: 1 }, 415, 'wrongFileType'],
        [{ file_name: 'a.pdf', number_of_parts: 1, path: '/a/../b/' }, 422, 'invalidFolderPath'],
      ];
      for (const [attributes, status, key] of cases) {
        const res = await createUpload(attributes as Record<string, unknown>);
        expect(res.status, JSON.stringify(attributes)).toBe(status);
        expect(res.body.errors[0].meta.key).toBe(key);
      }
      const wrongType = await api.post('/api/v3/ott/file_uploads', { data: { type: 'files', attributes: { file_name: 'a.pdf', number_of_parts: 1 } } });
      expect(wrongType.status).toBe(409);
      const viewer = await createUpload({ file_name: 'a.pdf', number_of_parts: 1 }, await api.token('viewer'));
      expect(viewer.status).toBe(403);
    });
  });

  it.skipIf(driver !== 'local')('sweeps abandoned uploads when new ones start: staged bytes and stored parts go', async () => {
    const location = await createTus('zapomniany.pdf', 5000);
    expect((await patch(location, 0, pdfOf(5000).subarray(0, 1000))).status).toBe(204);
    expect(await staged(location)).not.toEqual([]);
    const created = await send('POST', '/api/v3/ott/file_uploads', {
      headers: { 'content-type': 'application/vnd.api+json' },
      body: Buffer.from(JSON.stringify({ data: { type: 'file_upload', attributes: { file_name: 'zapomniany.mp4', number_of_parts: 1 } } })),
    });
    const upload = created.body.data;
    expect((await send('PUT', upload.attributes.parts[0].url, { body: Buffer.alloc(100) })).status).toBe(200);
    const past = api.server.database.dialect === 'postgres' ? new Date(Date.now() - 1000) : new Date(Date.now() - 1000).toISOString();
    await api.server.database.db.updateTable('file_uploads').set({ expires_at: past }).execute();

    await createTus('nowy.pdf', 10);
    expect(await staged(location)).toEqual([]);
    expect((await send('HEAD', location, { headers: TUS_HEADERS })).status).toBe(404);
    await expect(api.server.storage.listParts(upload.attributes.key, upload.attributes.upload_id)).rejects.toThrow();
    expect((await send('GET', new URL(upload.links.self).pathname)).status).toBe(404);
  });
});

/** The same multipart flow presigned on S3-compatible storage. */
describe.skipIf(!s3Env)('multipart uploads presigned on S3', () => {
  let api: TestServer;
  const MB = 1024 * 1024;
  beforeAll(async () => {
    api = await startTestServer({}, { ...s3Env, STORAGE_DRIVER: 's3' });
  });
  afterAll(() => api?.close());

  it('PUTs each part straight to storage with its presigned URL, then completes into a library file', async () => {
    expect(api.server.storage.driver).toBe('s3');
    const source = pdfOf(6 * MB + 5);
    const created = await api.post('/api/v3/ott/file_uploads', { data: { type: 'file_upload', attributes: { file_name: 'Skrót meczu.pdf', number_of_parts: 2 } } });
    expect(created.status, created.text).toBe(201);
    const upload = created.body.data;
    const slices = [source.subarray(0, 5 * MB), source.subarray(5 * MB)];
    const etags: string[] = [];
    for (const part of upload.attributes.parts) {
      expect(part.authorization).toBe('none');
      expect(new URL(part.url).origin).not.toBe(new URL(api.url).origin);
      // No token: the signature in the URL is the permission.
      const res = await fetch(part.url, { method: 'PUT', body: new Uint8Array(slices[part.part_number - 1]) });
      expect(res.status, await res.clone().text()).toBe(200);
      etags.push(res.headers.get('etag')!);
    }
    const status = await api.get(new URL(upload.links.self).pathname);
    expect(status.body.data.attributes.uploaded_parts.map((p: { part_number: number }) => p.part_number)).toEqual([1, 2]);
    const done = await api.post(new URL(upload.attributes.complete.url).pathname, {
      data: { type: 'file_upload', attributes: { parts: etags.map((etag, i) => ({ part_number: i + 1, etag })) } },
    });
    expect(done.status, done.text).toBe(201);
    const row = await api.server.database.db.selectFrom('media_files').select(['storage_key', 'sha256']).where('id', '=', Number(done.body.data.id)).executeTakeFirstOrThrow();
    expect(row.sha256).toBe(sha256(source));
    const object = await api.server.storage.get(row.storage_key as string);
    const hash = createHash('sha256');
    for await (const chunk of object!.body) hash.update(chunk as Buffer);
    expect(hash.digest('hex')).toBe(sha256(source));
    // The joined object became the file: kept under the upload's key, not copied.
    expect(row.storage_key).toBe(upload.attributes.key);
  });

  it('aborts: the parts stored so far are dropped', async () => {
    const created = await api.post('/api/v3/ott/file_uploads', { data: { type: 'file_upload', attributes: { file_name: 'porzucony.mp4', number_of_parts: 2 } } });
    const upload = created.body.data;
    expect((await fetch(upload.attributes.parts[0].url, { method: 'PUT', body: new Uint8Array(pdfOf(1000)) })).status).toBe(200);
    expect((await api.delete(new URL(upload.attributes.abort.url).pathname)).status).toBe(204);
    await expect(api.server.storage.listParts(upload.attributes.key, upload.attributes.upload_id)).rejects.toThrow();
  });
});
