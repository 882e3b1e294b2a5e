import { createHash, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findModel } from '../src/jsonapi/model';
import { emptyGpsDirectory } from '../src/media/files/location-metadata';
import { ORPHAN_MIN_AGE_MS, sweepOrphans } from '../src/media/files/orphan-sweep';
import { newStorageKey } from '../src/storage/keys';
import { assertJsonApiDocument } from './support/jsonapi-schema';
import { multipart } from './support/multipart';
import { storageDrivers, storageEnv } from './support/s3';
import { startTestServer, type ApiResponse, type TestServer } from './support/test-server';

const png = (width = 40, height = 30, colour = '#c00') =>
  sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();

describe.each(storageDrivers)('media library API v1 (%s storage)', (driver) => {
  let api: TestServer;
  let token: string;
  let otherToken: string;

  beforeAll(async () => {
    api = await startTestServer({}, await storageEnv(driver));
    token = await api.token('admin');
    otherToken = await api.token('other-admin');
  });
  afterAll(() => api?.close());

  async function upload(name: string, content: Buffer, path?: string, as = token): Promise<ApiResponse> {
    const { body, contentType } = multipart({ name, content }, path === undefined ? {} : { path });
    const res = await fetch(`${api.url}/media/v1/uploads/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${as}`, 'content-type': contentType, accept: 'application/vnd.api+json' },
      body,
    });
    const text = await res.text();
    const parsed: unknown = text ? JSON.parse(text) : undefined;
    assertJsonApiDocument(parsed, `POST upload ${name} → ${res.status}`);
    return { status: res.status, headers: res.headers, body: parsed, text };
  }

  const objects = async () => {
    const keys: string[] = [];
    for await (const { key } of api.server.storage.list('')) keys.push(key);
    return keys.sort();
  };
  const allNames = async (path: string) =>
    ((await api.get(`/media/v1/uploads/files?path=${encodeURIComponent(path)}&page[size]=1000`)).body.data as { attributes: { name: string } }[]).map(
      (f) => f.attributes.name,
    );
  const content = (id: string, headers: Record<string, string> = {}, as = token) =>
    fetch(`${api.url}/media/v1/uploads/files/${id}/content`, { headers: { authorization: `Bearer ${as}`, ...headers } });

  it('stores an image with what its content says, lists it and serves its bytes', async () => {
    const bytes = await png(64, 48);
    const res = await upload('Crest.png', bytes, '/crests/');
    expect(res.status).toBe(201);
    const file = res.body.data;
    expect(file).toMatchObject({
      type: 'files',
      attributes: { name: 'Crest.png', path: '/crests/', kind: 'image', size: bytes.length, content_type: 'image/png', width: 64, height: 48, created_by: 'admin' },
    });
    expect(file.attributes.image_path).toMatch(/^\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);
    expect(res.headers.get('location')).toBe(file.links.self);

    const root = await api.get('/media/v1/uploads/files');
    expect(root.status).toBe(200);
    expect(root.body.data.find((f: { attributes: { name: string } }) => f.attributes.name === 'crests/')).toMatchObject({
      attributes: { kind: 'folder', children_count: 1, size: null },
    });
    expect(await allNames('/crests/')).toEqual(['Crest.png']);

    const got = await content(file.id);
    expect(got.status).toBe(200);
    expect(Buffer.from(await got.arrayBuffer()).equals(bytes)).toBe(true);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(got.headers.get('content-disposition')).toContain(`filename="Crest.png"`);

    const part = await content(file.id, { range: 'bytes=8-15' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 8-15/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(8, 16))).toBe(true);
    const outside = await content(file.id, { range: `bytes=${bytes.length + 10}-` });
    expect(outside.status).toBe(416);
    // A <video> or <iframe> cannot send a header: the token may come in the address.
    const byAddress = await fetch(`${api.url}/media/v1/uploads/files/${file.id}/content?token=${token}&download=true`);
    expect(byAddress.status).toBe(200);
    expect(byAddress.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect((await fetch(`${api.url}/media/v1/uploads/files/${file.id}/content?token=nonsense`)).status).toBe(401);
    expect((await fetch(`${api.url}/media/v1/uploads/files/${file.id}?token=${token}`)).status).toBe(401);
  });

  it('records the SHA-256 of what it stored, for a document of many write batches', async () => {
    // 5 MB in several writes: the local driver hashes by reading back each written range.
    const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(5 * 1024 * 1024 + 12345)]);
    const res = await upload('Raport roczny.pdf', bytes, '/raporty/');
    expect(res.status, res.text).toBe(201);
    const row = await api.server.database.db.selectFrom('media_files').select(['sha256', 'size']).where('id', '=', Number(res.body.data.id)).executeTakeFirstOrThrow();
    expect(row.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(Number(row.size)).toBe(bytes.length);
    const got = await content(res.body.data.id);
    expect(createHash('sha256').update(Buffer.from(await got.arrayBuffer())).digest('hex')).toBe(row.sha256);
  });

  it('refuses what is not what its name says, with a JSON:API error and nothing stored', async () => {
    const before = await objects();
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const cases: [string, Buffer, number, string][] = [
      ['photo.jpg', html, 415, 'wrongFileType'],
      ['logo.pdf', await png(), 415, 'wrongFileType'],
      ['tool.exe', Buffer.from('MZ\x90\x00'), 415, 'wrongFileType'],
      ['page.svg', html, 415, 'wrongFileType'],
      ['noextension', await png(), 415, 'wrongFileType'],
      ['..', await png(), 422, 'invalidFileName'],
      ['\u202e\u0000', await png(), 422, 'invalidFileName'],
      ['\u202e.png', await png(), 415, 'wrongFileType'],
      ['big.svg', Buffer.concat([Buffer.from('<svg xmlns="http://www.w3.org/2000/svg">'), Buffer.alloc(5 * 1024 * 1024 + 10, ' '), Buffer.from('</svg>')]), 413, 'fileTooLarge'],
    ];
    for (const [name, bytes, status, key] of cases) {
      const res = await upload(name, bytes);
      expect(res.status, name).toBe(status);
      expect(res.body.errors[0].meta.key, name).toBe(key);
    }
    const big = await upload('big.svg', cases.at(-1)![1]);
    expect(big.body.errors[0].detail).toBe('File is larger than 5 MB.');
    const wrong = await upload('photo.jpg', html);
    expect(wrong.body.errors[0].detail).toMatch(/^Wrong file type/);
    expect(await objects()).toEqual(before);
    expect(await allNames('/')).not.toContain('photo.jpg');
  });

  it('keeps path tricks, controls and reserved names out of names, and never out of its folder', async () => {
    const cases: [string, string | undefined, string, string][] = [
      ['../../etc/passwd.png', undefined, '/', 'passwd.png'],
      ['%2e%2e%2fescape.png', undefined, '/', '%2e%2e%2fescape.png'],
      ['evil\u202egnp.png', undefined, '/', 'evilgnp.png'],
      ['CON.png', undefined, '/', '_CON.png'],
      ['..\\..\\windows.png', undefined, '/', 'windows.png'],
      ['ok.png', 'deep/er', '/deep/er/', 'ok.png'],
    ];
    for (const [name, path, folder, stored] of cases) {
      const res = await upload(name, await png(), path);
      expect(res.status, name).toBe(201);
      expect(res.body.data.attributes, name).toMatchObject({ name: stored, path: folder });
    }
    for (const path of ['/../', '/a/../b/', '/a//b/', '/a/\u0000/']) {
      const res = await upload('x.png', await png(), path);
      expect(res.status, path).toBe(422);
      expect(res.body.errors[0].meta.key).toBe('invalidFolderPath');
    }
    for (const key of await objects()) expect(key).toMatch(/^c\d+\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.[a-z0-9]+$/);
  });

  it('sanitises SVG and serves it in a sandbox', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" width="20" height="10" onload="alert(1)">' +
        '<script>alert(2)</script><a href="javascript:alert(3)"><rect width="5" height="5" fill="red"/></a>' +
        '<foreignObject><iframe src="https://example.com"/></foreignObject><image href="https://example.com/x.png"/></svg>',
    );
    const res = await upload('badge.svg', svg);
    expect(res.status).toBe(201);
    expect(res.body.data.attributes).toMatchObject({ content_type: 'image/svg+xml', width: 20, height: 10 });
    const got = await content(res.body.data.id);
    const text = await got.text();
    expect(text).toContain('<rect');
    for (const bad of ['script', 'onload', 'javascript:', 'foreignObject', 'iframe', 'example.com']) expect(text).not.toContain(bad);
    expect(got.headers.get('content-security-policy')).toContain('sandbox');
    expect(got.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('strips GPS from photos and keeps their orientation', async () => {
    const photo = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#08f' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Umpire' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 13/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '21/1 0/1 0/1' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const exifOf = async (bytes: Buffer) => (await sharp(bytes).metadata()).exif!;
    expect(emptyGpsDirectory(Buffer.from((await exifOf(photo)).subarray(6)))).toBe(true);
    const res = await upload('match.jpg', photo);
    expect(res.status).toBe(201);
    // Orientation 6: the picture is shown turned, so its shown width is the stored height.
    expect(res.body.data.attributes).toMatchObject({ width: 40, height: 60, content_type: 'image/jpeg' });
    const stored = Buffer.from(await (await content(res.body.data.id)).arrayBuffer());
    const meta = await sharp(stored).metadata();
    expect(meta.orientation).toBe(6);
    expect(emptyGpsDirectory(Buffer.from(meta.exif!.subarray(6)))).toBe(false);
    expect(stored.toString('latin1')).toContain('Umpire');
    expect(stored.length).toBe(photo.length);
  });

  it('reads a video\'s size and duration, from its first bytes or else from the stored file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'umpire-video-'));
    try {
      const file = join(dir, 'clip.mp4');
      // Debian's ffmpeg, arguments as an array: two seconds of a test pattern, index first.
      execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=10', '-t', '2', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', file]);
      const bytes = readFileSync(file);
      const res = await upload('clip.mp4', bytes, '/videos/');
      expect(res.status).toBe(201);
      expect(res.body.data.attributes).toMatchObject({ kind: 'video', content_type: 'video/mp4', width: 320, height: 240, size: bytes.length, image_path: null });
      expect(res.body.data.attributes.duration).toBeCloseTo(2, 1);
      expect((await upload('clip.avi', bytes)).status).toBe(415);

      // Index at the end (ffmpeg's default) and an MPEG program stream: the first bytes do not
      // tell the duration, the stored file read with seeking does.
      const late = join(dir, 'late.mp4');
      // (about 370 KB, so the index lies beyond the first bytes the head probe sees)
      execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=640x480:rate=25', '-t', '6', '-pix_fmt', 'yuv420p', '-c:v', 'mpeg4', '-q:v', '1', late]);
      const mpeg = join(dir, 'clip.mpg');
      execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=352x288:rate=25', '-t', '4', '-c:v', 'mpeg2video', '-f', 'mpeg', mpeg]);
      for (const [name, path, width, seconds] of [['late.mp4', late, 640, 6], ['clip.mpg', mpeg, 352, 4]] as const) {
        const stored = await upload(name, readFileSync(path), '/videos/');
        expect(stored.status, name).toBe(201);
        expect(stored.body.data.attributes.width, name).toBe(width);
        expect(stored.body.data.attributes.duration, name).toBeCloseTo(seconds, 0);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives each of several uploads of one name into one folder its own name', async () => {
    const bytes = await png();
    const results = await Promise.all(Array.from({ length: 6 }, () => upload('same.png', bytes, '/race/')));
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(201));
    const names = results.map((r) => r.body.data.attributes.name as string).sort();
    expect(names).toEqual(['same (2).png', 'same (3).png', 'same (4).png', 'same (5).png', 'same (6).png', 'same.png']);
    const keys = new Set(results.map((r) => r.body.data.attributes.image_path));
    expect(keys.size).toBe(6);
  });

  it('leaves nothing listed and nothing in storage when the connection is cut in the middle', async () => {
    const before = await objects();
    const bytes = Buffer.alloc(2 * 1024 * 1024, 7);
    bytes.write('%PDF-1.7\n', 0, 'latin1');
    const { body, contentType } = multipart({ name: 'cut.pdf', content: bytes });
    await new Promise<void>((resolve) => {
      const url = new URL(`${api.url}/media/v1/uploads/files`);
      const req = httpRequest({
        host: url.hostname, port: url.port, path: url.pathname, method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': contentType, 'content-length': body.length },
      });
      req.on('error', () => resolve());
      req.on('response', () => resolve());
      req.write(body.subarray(0, Math.floor(body.length * 0.6)), () => setTimeout(() => req.destroy(), 200));
    });
    // The server notices the cut when the socket closes; give it the time to clean up.
    for (let i = 0; i < 50 && (await objects()).length !== before.length; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await objects()).toEqual(before);
    expect(await allNames('/')).not.toContain('cut.pdf');
    const whole = await upload('whole.pdf', bytes);
    expect(whole.status).toBe(201);
    expect(whole.body.data.attributes).toMatchObject({ kind: 'document', content_type: 'application/pdf', size: bytes.length });
  });

  it('sweeps objects no file names once they are a day old, never a file\'s own bytes nor a young object', async () => {
    const kept = await upload('kept-by-sweep.png', await png(20, 20));
    expect(kept.status).toBe(201);
    // What a process killed between storing the bytes and inserting the row leaves behind.
    const orphan = newStorageKey(1, 'bin');
    await api.server.storage.put(orphan, Readable.from([Buffer.from('left behind by a crash')]));
    expect(await sweepOrphans(api.server.database, api.server.storage)).toEqual({ orphans: 0, incomplete: 0 });
    expect(await objects()).toContain(orphan);
    const later = await sweepOrphans(api.server.database, api.server.storage, { now: Date.now() + ORPHAN_MIN_AGE_MS + 60_000 });
    expect(later.orphans).toBeGreaterThanOrEqual(1);
    expect(await objects()).not.toContain(orphan);
    const row = await api.server.database.db.selectFrom('media_files').select('storage_key').where('id', '=', Number(kept.body.data.id)).executeTakeFirstOrThrow();
    expect(await objects()).toContain(row.storage_key);
    expect((await content(kept.body.data.id)).status).toBe(200);
  });

  it('creates, renames, moves and deletes folders with their content', async () => {
    const made = await api.post('/media/v1/files/create_subdirectory', { path: '/season/', name: '2026' });
    expect(made.status).toBe(201);
    expect(made.body.data.attributes).toMatchObject({ name: '2026/', path: '/season/', kind: 'folder', children_count: 0 });
    expect((await api.post('/media/v1/files/create_subdirectory', { path: '/season/', name: '2026' })).status).toBe(409);
    const file = (await upload('kit.png', await png(), '/season/2026/')).body.data;
    await upload('inner.png', await png(), '/season/2026/away/');

    const renamed = await api.patch(`/media/v1/uploads/files/${made.body.data.id}`, { data: { type: 'files', id: made.body.data.id, attributes: { name: '2027' } } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.attributes).toMatchObject({ name: '2027/', children_count: 2 });
    expect(await allNames('/season/2027/')).toEqual(['away/', 'kit.png']);
    expect(await allNames('/season/2027/away/')).toEqual(['inner.png']);
    expect((await api.get('/media/v1/uploads/files?path=/season/2026/')).status).toBe(404);

    const intoItself = await api.patch(`/media/v1/uploads/files/${made.body.data.id}`, { data: { type: 'files', attributes: { path: '/season/2027/away/' } } });
    expect(intoItself.status).toBe(422);
    const moved = await api.patch(`/media/v1/uploads/files/${file.id}`, { data: { type: 'files', attributes: { path: '/', name: 'home kit.png', alt_text: 'Home kit' } } });
    expect(moved.status).toBe(200);
    expect(moved.body.data.attributes).toMatchObject({ name: 'home kit.png', path: '/', alt_text: 'Home kit' });
    const otherType = await api.patch(`/media/v1/uploads/files/${file.id}`, { data: { type: 'files', attributes: { name: 'home kit.pdf' } } });
    expect(otherType.status).toBe(415);
    await upload('taken.png', await png());
    const clash = await api.patch(`/media/v1/uploads/files/${file.id}`, { data: { type: 'files', attributes: { name: 'taken.png' } } });
    expect(clash.status).toBe(409);
    expect(clash.body.errors[0].meta.key).toBe('fileNameTaken');

    const before = await objects();
    const refused = await api.delete(`/media/v1/uploads/files/${made.body.data.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0].meta.key).toBe('folderNotEmpty');
    expect((await api.delete(`/media/v1/uploads/files/${made.body.data.id}?force=true`)).status).toBe(204);
    expect(await allNames('/season/')).toEqual([]);
    expect((await objects()).length).toBe(before.length - 1);
    expect((await api.delete(`/media/v1/uploads/files/${file.id}`)).status).toBe(204);
    expect((await objects()).length).toBe(before.length - 2);
    expect((await content(file.id)).status).toBe(404);
  });

  it('refuses a move or a rename onto a name taken in the target with 409 at the clashing attribute', async () => {
    const a = (await upload('clash.png', await png(), '/clash/a/')).body.data;
    const b = (await upload('clash.png', await png(8, 8), '/clash/b/')).body.data;
    await upload('other.png', await png(), '/clash/a/');
    const folderA = (await api.get('/media/v1/uploads/files?path=/clash/')).body.data.find((f: { attributes: { name: string } }) => f.attributes.name === 'a/');
    await api.post('/media/v1/files/create_subdirectory', { path: '/clash/b/', name: 'a' });

    const move = await api.patch(`/media/v1/uploads/files/${a.id}`, { data: { type: 'files', id: a.id, attributes: { path: '/clash/b/' } } });
    expect(move.status).toBe(409);
    expect(move.body.errors[0]).toMatchObject({ status: '409', source: { pointer: '/data/attributes/path' }, meta: { key: 'fileNameTaken' } });
    expect(move.body.errors[0].detail).toBe('The folder /clash/b/ already holds clash.png.');
    const folderMove = await api.patch(`/media/v1/uploads/files/${folderA.id}`, { data: { type: 'files', attributes: { path: '/clash/b/' } } });
    expect(folderMove.status).toBe(409);
    expect(folderMove.body.errors[0]).toMatchObject({ source: { pointer: '/data/attributes/path' }, detail: 'The folder /clash/b/ already holds a.' });
    const rename = await api.patch(`/media/v1/uploads/files/${a.id}`, { data: { type: 'files', attributes: { name: 'other.png' } } });
    expect(rename.status).toBe(409);
    expect(rename.body.errors[0]).toMatchObject({ source: { pointer: '/data/attributes/name' }, meta: { key: 'fileNameTaken' } });
    // Moved and renamed at once: the new name is what clashes.
    const both = await api.patch(`/media/v1/uploads/files/${b.id}`, { data: { type: 'files', attributes: { path: '/clash/a/', name: 'other.png' } } });
    expect(both.status).toBe(409);
    expect(both.body.errors[0].source).toEqual({ pointer: '/data/attributes/name' });
    const polish = await fetch(`${api.url}/media/v1/uploads/files/${a.id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/vnd.api+json', accept: 'application/vnd.api+json', 'accept-language': 'pl' },
      body: JSON.stringify({ data: { type: 'files', attributes: { path: '/clash/b/' } } }),
    });
    expect(polish.status).toBe(409);
    expect(((await polish.json()) as { errors: { detail: string }[] }).errors[0].detail).toBe('Folder /clash/b/ zawiera już clash.png.');
    // Nothing moved: both folders hold what they held.
    expect(await allNames('/clash/a/')).toEqual(['clash.png', 'other.png']);
    expect(await allNames('/clash/b/')).toEqual(['a/', 'clash.png']);
    // A folder into itself or its own subfolder is refused too.
    const intoItself = await api.patch(`/media/v1/uploads/files/${folderA.id}`, { data: { type: 'files', attributes: { path: '/clash/a/' } } });
    expect(intoItself.status).toBe(422);
    expect(intoItself.body.errors[0].source).toEqual({ pointer: '/data/attributes/path' });
  });

  it('answers byte ranges of the content: 206 with Content-Range, open and suffix ranges, 416 outside', async () => {
    // Large enough to span several reads of the storage stream.
    const bytes = Buffer.alloc(300_000);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7 + (i >> 8)) & 0xff;
    const image = await sharp(bytes, { raw: { width: 500, height: 200, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
    const file = (await upload('range.png', image, '/ranges/')).body.data;
    const size = image.length;
    expect(size).toBeGreaterThan(200_000);
    const read = async (range: string) => {
      const res = await content(file.id, { range });
      return { res, body: Buffer.from(await res.arrayBuffer()) };
    };

    const middle = await read('bytes=100000-100099');
    expect(middle.res.status).toBe(206);
    expect(middle.res.headers.get('content-range')).toBe(`bytes 100000-100099/${size}`);
    expect(middle.res.headers.get('content-length')).toBe('100');
    expect(middle.body.equals(image.subarray(100000, 100100))).toBe(true);

    const open = await read(`bytes=${size - 1000}-`);
    expect(open.res.status).toBe(206);
    expect(open.res.headers.get('content-range')).toBe(`bytes ${size - 1000}-${size - 1}/${size}`);
    expect(open.body.equals(image.subarray(size - 1000))).toBe(true);

    const suffix = await read('bytes=-500');
    expect(suffix.res.status).toBe(206);
    expect(suffix.res.headers.get('content-range')).toBe(`bytes ${size - 500}-${size - 1}/${size}`);
    expect(suffix.body.equals(image.subarray(size - 500))).toBe(true);
    // A suffix longer than the file is the whole file; an end past it stops at the last byte.
    const longSuffix = await read(`bytes=-${size + 10}`);
    expect(longSuffix.res.headers.get('content-range')).toBe(`bytes 0-${size - 1}/${size}`);
    expect(longSuffix.body.equals(image)).toBe(true);
    const pastEnd = await read(`bytes=${size - 10}-${size + 100}`);
    expect(pastEnd.res.headers.get('content-range')).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
    expect(pastEnd.body.length).toBe(10);

    for (const range of [`bytes=${size}-`, `bytes=${size + 5}-${size + 9}`, 'bytes=-0', 'bytes=9-3', 'items=0-1']) {
      const refused = await read(range);
      expect(refused.res.status, range).toBe(416);
      expect(refused.res.headers.get('content-range'), range).toBe(`bytes */${size}`);
      expect(JSON.parse(refused.body.toString()).errors[0]).toMatchObject({ status: '416', source: { header: 'Range' } });
    }

    // A stale If-Range gets the whole file; the current one gets the range. So does the ?token= form of <video>.
    const stale = await content(file.id, { range: 'bytes=0-9', 'if-range': '"stale"' });
    expect(stale.status).toBe(200);
    expect(Buffer.from(await stale.arrayBuffer()).equals(image)).toBe(true);
    const fresh = await content(file.id, { range: 'bytes=0-9', 'if-range': stale.headers.get('etag')! });
    expect(fresh.status).toBe(206);
    await fresh.arrayBuffer();
    const byToken = await fetch(`${api.url}/media/v1/uploads/files/${file.id}/content?token=${token}`, { headers: { range: 'bytes=-16' } });
    expect(byToken.status).toBe(206);
    expect(Buffer.from(await byToken.arrayBuffer()).equals(image.subarray(size - 16))).toBe(true);
  });

  it('keeps every client to its own files', async () => {
    const mine = (await upload('private.png', await png(), '/secret/')).body.data;
    expect((await api.get(`/media/v1/uploads/files/${mine.id}`, { token: otherToken })).status).toBe(404);
    expect((await content(mine.id, {}, otherToken)).status).toBe(404);
    expect((await api.get('/media/v1/uploads/files?path=/secret/', { token: otherToken })).status).toBe(404);
    expect((await api.patch(`/media/v1/uploads/files/${mine.id}`, { data: { type: 'files', attributes: { name: 'x.png' } } }, { token: otherToken })).status).toBe(404);
    expect((await api.delete(`/media/v1/uploads/files/${mine.id}`, { token: otherToken })).status).toBe(404);
    const search = await api.get('/media/v1/uploads/files?filter[q]=private', { token: otherToken });
    expect(search.body.data).toEqual([]);
    const theirs = await upload('private.png', await png(), '/secret/', otherToken);
    expect(theirs.body.data.attributes.name).toBe('private.png');
    expect((await api.get('/media/v1/uploads/files?filter[q]=private')).body.meta.total).toBe(1);
    expect((await api.get('/media/v1/uploads/files', { token: null })).status).toBe(401);
    // The files subject: editors and operators upload; moderators and viewers only read.
    for (const [user, status] of [['editor', 201], ['operator', 201], ['moderator', 403], ['viewer', 403]] as const)
      expect((await upload(`${user}.png`, await png(), '/roles/', await api.token(user))).status, user).toBe(status);
    expect((await api.get('/media/v1/uploads/files?path=/roles/', { token: await api.token('viewer') })).body.meta.total).toBe(2);
  });

  it('lists a folder of 1,000 files by page, sorted and searchable', async () => {
    const bytes = await png(8, 8);
    const names = Array.from({ length: 1000 }, (_, i) => `photo-${String(i).padStart(4, '0')}.png`);
    for (let i = 0; i < names.length; i += 8) {
      const batch = await Promise.all(names.slice(i, i + 8).map((name) => upload(name, bytes, '/thousand/')));
      for (const res of batch) expect(res.status).toBe(201);
    }
    const all = await api.get('/media/v1/uploads/files?path=/thousand/&page[size]=1000');
    expect(all.body.meta).toMatchObject({ total: 1000, pages: 1, path: '/thousand/' });
    expect(all.body.data.map((f: { attributes: { name: string } }) => f.attributes.name)).toEqual(names);
    const page = await api.get('/media/v1/uploads/files?path=/thousand/&sort=-name&page[number]=2&page[size]=300');
    expect(page.body.meta).toMatchObject({ total: 1000, pages: 4 });
    expect(page.body.data[0].attributes.name).toBe(names[699]);
    expect(page.body.links.next).toContain('page%5Bnumber%5D=3');
    const search = await api.get('/media/v1/uploads/files?path=/&filter[q]=photo-09');
    expect(search.body.meta.total).toBe(100);
    const images = await api.get('/media/v1/uploads/files?path=/thousand/&filter[kind]=folder');
    expect(images.body.meta.total).toBe(0);
    expect((await api.get('/media/v1/uploads/files?page[size]=1001')).status).toBe(400);
    expect((await api.get('/media/v1/uploads/files?sort=colour')).status).toBe(400);
    expect((await api.get('/media/v1/uploads/files?filter[colour]=red')).status).toBe(400);
    // A thousand uploads: on the test S3 server, on a busy machine, well over the default 30 s.
  }, 240_000);

  const imagesHoldFiles = findModel('images')?.attributes.has('file_id') ?? false;
  it.skipIf(!imagesHoldFiles)('lists where a file is used and deletes it only when asked to', async () => {
    const file = (await upload('used.png', await png())).body.data;
    const image = await api.post('/api/v3/images', { data: { type: 'images', attributes: { file_id: file.id } } });
    expect(image.status).toBe(201);
    const clubs = await api.get('/api/v3/clubs?page[size]=1');
    const club = clubs.body.data[0];
    const linked = await api.patch(`/api/v3/clubs/${club.id}`, {
      data: { type: 'clubs', id: club.id, relationships: { image: { data: { type: 'images', id: image.body.data.id } } } },
    });
    expect(linked.status).toBe(200);
    const usages = await api.get(`/media/v1/uploads/files/${file.id}/usages`);
    expect(usages.status).toBe(200);
    expect(usages.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'images', id: image.body.data.id, field: 'file_id' }),
        expect.objectContaining({ type: 'clubs', id: club.id, field: 'image' }),
      ]),
    );
    const refused = await api.delete(`/media/v1/uploads/files/${file.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0].meta.key).toBe('fileInUse');
    expect((await api.delete(`/media/v1/uploads/files/${file.id}?force=true`)).status).toBe(204);
    expect((await api.get(`/api/v3/images/${image.body.data.id}`)).status).toBe(404);
    const after = await api.get(`/api/v3/clubs/${club.id}?include=image`);
    expect(after.body.data.relationships.image.data).toBeNull();
  });

  it('answers an unused file with no usages', async () => {
    const file = (await upload('unused.png', await png())).body.data;
    const usages = await api.get(`/media/v1/uploads/files/${file.id}/usages`);
    expect(usages.status).toBe(200);
    expect(usages.body).toEqual({ data: [] });
  });
});
