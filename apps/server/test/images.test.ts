import { existsSync, readdirSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLibraryFile, clientIdOf, makeVideo, pngHeaderOnly } from './support/library';
import { variantDirOf } from '../src/media/images/image-service';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * The image service (/img), images and videos made from library files, where an image is used,
 * and the demo pictures of the seed.
 */
let api: TestServer;
let photo: { id: string; imagePath: string | null };

/** A 1200×800 JPEG, turned by EXIF orientation 6 (shown 800×1200, turned clockwise), with a red square at the top left as shown. */
async function orientedPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 800, channels: 3, background: '#2e7d32' } })
    .composite([{ input: { create: { width: 200, height: 200, channels: 3, background: '#ff0000' } }, left: 0, top: 600 }])
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

beforeAll(async () => {
  api = await startTestServer();
  photo = await addLibraryFile(api.server, { name: 'trybuna.jpg', kind: 'image', bytes: await orientedPhoto(), contentType: 'image/jpeg', width: 800, height: 1200 });
});
afterAll(() => api?.close());

const img = (rest: string, headers: Record<string, string> = {}) => fetch(`${api.url}/img/${rest}`, { headers });

describe('the demo pictures', () => {
  it('gives every record with an image field a picture (crests, portraits, grounds, logos), rendered by /img', async () => {
    const clientId = await clientIdOf(api.server);
    for (const type of ['clubs', 'teams', 'squads', 'players', 'staff_members', 'sponsors', 'competitions', 'competition_seasons', 'venues', 'transmission_providers', 'products', 'publication_categories']) {
      const count = async (withImage: boolean) => {
        let q = api.server.database.db.selectFrom(type).select((eb) => eb.fn.countAll().as('n')).where('client_id', '=', clientId);
        if (withImage) q = q.where('image_id', 'is not', null);
        return Number((await q.executeTakeFirstOrThrow()).n);
      };
      expect(await count(true), type).toBe(await count(false));
    }
    const crest = (await api.get('/api/v3/clubs?filter[name]=Lech Poznań&include=image')).body.included[0];
    const res = await img(`fit-in/128x128/filters:format(webp)/${crest.attributes.path}`);
    expect(res.status).toBe(200);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([128, 128]);
  });

  it('has a playable demo video with its poster, duration and size', async () => {
    const video = (await api.get('/api/v3/videos?include=poster')).body;
    expect(video.data).toHaveLength(1);
    expect(video.data[0].attributes).toMatchObject({ name: 'Skrót meczu (demo)', width: 640, height: 360, content_type: 'video/mp4' });
    expect(video.data[0].attributes.duration).toBeCloseTo(8, 0);
    const poster = video.included[0];
    expect((await img(`fit-in/320x320/filters:format(webp)/${poster.attributes.path}`)).status).toBe(200);
    const token = await api.token('admin');
    const bytes = await fetch(`${api.url}/media/v1/uploads/files/${video.data[0].attributes.file_id}/content`, { headers: { authorization: `Bearer ${token}`, range: 'bytes=0-11' } });
    expect(bytes.status).toBe(206);
    // An MP4 (ftyp box first), as the library stores it.
    expect(Buffer.from(await bytes.arrayBuffer()).subarray(4, 8).toString('latin1')).toBe('ftyp');
  });
});

describe('the image service', () => {
  it('renders a WebP variant that fits in the box, on any host name, with long-lived cross-origin headers', async () => {
    const res = await img(`fit-in/512x512/filters:format(webp)/${photo.imagePath}`, { host: `umpire.localhost:${new URL(api.url).port}` });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(res.headers.get('x-cache')).toBe('miss');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    // Shown upright (EXIF orientation applied): taller than wide.
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 341, 512]);

    const again = await img(`fit-in/512x512/filters:format(webp)/${photo.imagePath}`);
    expect(again.headers.get('x-cache')).toBe('hit');
    expect(again.headers.get('etag')).toBe(res.headers.get('etag'));
    const notModified = await img(`fit-in/512x512/filters:format(webp)/${photo.imagePath}`, { 'if-none-match': res.headers.get('etag')! });
    expect(notModified.status).toBe(304);
  });

  it('crops to fill the box around a focal region, in the asked format and quality', async () => {
    // The red square is at the top left of the upright picture (800×1200): a 256×256 crop around it is mostly red.
    const res = await img(`256x256/filters:format(png):focal(0x0:200x200)/${photo.imagePath}`);
    expect(res.status).toBe(200);
    const { data, info } = await sharp(Buffer.from(await res.arrayBuffer())).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([256, 256]);
    expect(data[0]).toBeGreaterThan(200); // red at the top left corner
    const centred = await img(`256x256/filters:format(jpeg):quality(60)/${photo.imagePath}`);
    expect(centred.headers.get('content-type')).toBe('image/jpeg');
    const middle = await sharp(Buffer.from(await centred.arrayBuffer())).raw().toBuffer();
    expect(middle[0]).toBeLessThan(120); // green: the centre crop misses the red corner
    for (const format of ['avif', 'jpeg'] as const) {
      const r = await img(`fit-in/128x128/filters:format(${format})/${photo.imagePath}`);
      expect(r.headers.get('content-type')).toBe(`image/${format}`);
    }
  });

  it('refuses sizes, qualities and filters outside the allow-list before reading anything (400, JSON:API)', async () => {
    for (const rest of [
      `fit-in/500x500/filters:format(webp)/${photo.imagePath}`,
      `fit-in/512x512/filters:quality(33)/${photo.imagePath}`,
      `fit-in/512x512/filters:blur(3)/${photo.imagePath}`,
      `fit-in/99999x99999/${photo.imagePath}`,
    ]) {
      const res = await img(rest);
      expect(res.status, rest).toBe(400);
      const body = await res.json();
      expect(body.errors[0]).toMatchObject({ status: '400', meta: { key: 'badRequest' } });
    }
  });

  it('serves only stored library pictures by their image path, never a storage key or a path outside', async () => {
    const video = await addLibraryFile(api.server, { name: 'clip.mp4', kind: 'video', bytes: Buffer.from('not really'), contentType: 'video/mp4' });
    for (const rest of [
      'fit-in/512x512/2026/01/00000000-0000-0000-0000-000000000000.png',
      `fit-in/512x512/${video.storageKey}`,
      `fit-in/512x512/c1/${photo.imagePath}`,
      'fit-in/512x512/..%2F..%2Fetc%2Fpasswd',
    ]) {
      const res = await img(rest);
      expect([400, 404], rest).toContain(res.status);
      expect((await res.json()).errors[0].status).toBe(String(res.status));
    }
    await api.server.database.db.updateTable('media_files').set({ state: 'uploading' }).where('id', '=', Number(photo.id)).execute();
    try {
      expect((await img(`fit-in/64x64/filters:format(png)/${photo.imagePath}`)).status).toBe(404);
    } finally {
      await api.server.database.db.updateTable('media_files').set({ state: 'stored' }).where('id', '=', Number(photo.id)).execute();
    }
  });

  it('drops a deleted file\'s variants from the disk cache, and answers 404 for them after', async () => {
    const bytes = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#1565c0' } }).png().toBuffer();
    const file = await addLibraryFile(api.server, { name: 'do-usuniecia.png', kind: 'image', bytes, contentType: 'image/png', width: 300, height: 200 });
    for (const format of ['webp', 'jpeg']) expect((await img(`fit-in/256x256/filters:format(${format})/${file.imagePath}`)).status).toBe(200);
    const dir = variantDirOf(api.server.config.images.cacheDir, file.storageKey);
    expect(readdirSync(dir)).toHaveLength(2);
    const token = await api.token('admin');
    const res = await fetch(`${api.url}/media/v1/uploads/files/${file.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(204);
    expect(existsSync(dir)).toBe(false);
    const gone = await img(`fit-in/256x256/filters:format(webp)/${file.imagePath}`);
    expect(gone.status).toBe(404);
    // Readable by a page of any origin, as the picture was: its console shows a 404, not a blocked response.
    expect(gone.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  });

  it('refuses a 14000×14000 PNG from its header, without decoding it (413)', async () => {
    const huge = await addLibraryFile(api.server, { name: 'ogromny.png', kind: 'image', bytes: pngHeaderOnly(14000, 14000), contentType: 'image/png' });
    const res = await img(`fit-in/512x512/filters:format(webp)/${huge.imagePath}`);
    expect(res.status).toBe(413);
    const body = await res.json();
    expect(body.errors[0].meta.key).toBe('payloadTooLarge');
  });

  it('answers a damaged picture with an error, not a crash', async () => {
    const broken = await addLibraryFile(api.server, { name: 'zepsuty.png', kind: 'image', bytes: pngHeaderOnly(64, 64), contentType: 'image/png' });
    const res = await img(`fit-in/64x64/filters:format(webp)/${broken.imagePath}`);
    expect(res.status).toBe(422);
    expect((await res.json()).errors[0].meta.key).toBe('internalError');
    expect((await fetch(`${api.url}/healthz`)).status).toBe(200);
  });
});

describe('renders at once', () => {
  let busy: TestServer;
  beforeAll(async () => {
    busy = await startTestServer({}, { IMAGE_RENDERS: '1', IMAGE_RENDER_QUEUE: '1' });
  });
  afterAll(() => busy?.close());

  it('renders a bounded number at once and turns the rest away with 503 and Retry-After', async () => {
    const big = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#123456' } }).png().toBuffer();
    const file = await addLibraryFile(busy.server, { name: 'duzy.png', kind: 'image', bytes: big, contentType: 'image/png', width: 3000, height: 2000 });
    const sizes = ['1920x1080', '1600x0', '1440x0', '1280x720', '1024x0', '960x0', '768x432', '640x360'];
    const answers = await Promise.all(sizes.map((size) => fetch(`${busy.url}/img/fit-in/${size}/filters:format(png)/${file.imagePath}`)));
    const statuses = answers.map((r) => r.status);
    // One renders, one waits; the others arrive while both places are taken.
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(2);
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    const refused = answers.find((r) => r.status === 503)!;
    expect(refused.headers.get('retry-after')).toBe('1');
    expect((await refused.json()).errors[0].meta.key).toBe('tooManyRequests');
  });
});

describe('images of library pictures', () => {
  it('copies path and size from the file, keeps alt texts, focal point and credit', async () => {
    const res = await api.post('/api/v3/images', {
      data: { type: 'images', attributes: { file_id: photo.id, alt_text_pl: 'Trybuna', alt_text_en: 'The stand', focal_x: 0.2, focal_y: 0.8, credit: 'Fot. Test' } },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.attributes).toMatchObject({
      file_id: photo.id, path: photo.imagePath, width: 800, height: 1200, alt_text_pl: 'Trybuna', alt_text_en: 'The stand', focal_x: 0.2, focal_y: 0.8, credit: 'Fot. Test',
    });
    expect(res.body.data.attributes.name).toMatch(/trybuna\.jpg$/);
    const patched = await api.patch(`/api/v3/images/${res.body.data.id}`, { data: { type: 'images', id: res.body.data.id, attributes: { focal_x: 0.9, alt_text_en: 'Fans' } } });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.data.attributes).toMatchObject({ focal_x: 0.9, alt_text_en: 'Fans', path: photo.imagePath });
  });

  it('refuses a path or size in the body, a focal point outside 0..1, and a file that is not a picture of this client', async () => {
    const readOnly = await api.post('/api/v3/images', { data: { type: 'images', attributes: { file_id: photo.id, path: 'x.png', width: 5 } } });
    expect(readOnly.status).toBe(422);
    expect(readOnly.body.errors.map((e: any) => e.meta.key)).toEqual(['readOnly', 'readOnly']);
    const focal = await api.post('/api/v3/images', { data: { type: 'images', attributes: { file_id: photo.id, focal_x: 1.5 } } });
    expect(focal.body.errors[0].source.pointer).toBe('/data/attributes/focal_x');

    const theirs = await addLibraryFile(api.server, { client: 'other', name: 'obcy.png', kind: 'image', bytes: await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).png().toBuffer(), contentType: 'image/png', width: 8, height: 8 });
    const video = await addLibraryFile(api.server, { name: 'film.mp4', kind: 'video', bytes: Buffer.from('x'), contentType: 'video/mp4' });
    for (const fileId of [theirs.id, video.id, '999999']) {
      const res = await api.post('/api/v3/images', { data: { type: 'images', attributes: { file_id: fileId } } });
      expect(res.status, fileId).toBe(422);
      expect(res.body.errors[0]).toMatchObject({ source: { pointer: '/data/attributes/file_id' }, meta: { key: 'notFound' } });
    }
  });

  it('lists where an image is used, and deleting it clears those links', async () => {
    const club = (await api.get('/api/v3/clubs?filter[name]=Legia Warszawa&include=image')).body.data[0];
    const imageId = club.relationships.image.data.id;
    const res = await api.get(`/api/v3/images/${imageId}/usages`);
    expect(res.status).toBe(200);
    const uses = res.body.data.map((u: any) => `${u.type}:${u.field}`);
    expect(uses).toEqual(expect.arrayContaining(['clubs:image', 'teams:image', 'squads:image']));
    expect(res.body.data.find((u: any) => u.type === 'clubs')).toEqual({ type: 'clubs', id: club.id, field: 'image', title: 'Legia Warszawa' });
    expect((await api.get(`/api/v3/images/${imageId}/usages`, { token: await api.token('other-admin') })).status).toBe(404);

    expect((await api.delete(`/api/v3/images/${imageId}`)).status).toBe(204);
    expect((await api.get(`/api/v3/clubs/${club.id}`)).body.data.relationships.image.data).toBeNull();
  });
});

describe('videos of library videos', () => {
  it('reads duration, size, type and dimensions with ffprobe and links a poster', async () => {
    const bytes = await makeVideo({ width: 320, height: 180, seconds: 3 });
    const file = await addLibraryFile(api.server, { name: 'skrot.mp4', kind: 'video', bytes, contentType: 'video/mp4' });
    const poster = (await api.get('/api/v3/images?page[size]=1')).body.data[0].id;
    const res = await api.post('/api/v3/videos', {
      data: { type: 'videos', attributes: { file_id: file.id, name: 'Skrót meczu' }, relationships: { poster: { data: { type: 'images', id: poster } } } },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.attributes).toMatchObject({ file_id: file.id, name: 'Skrót meczu', width: 320, height: 180, size: bytes.length, content_type: 'video/mp4' });
    expect(res.body.data.attributes.duration).toBeCloseTo(3, 0);
    expect(res.body.data.relationships.poster.data).toEqual({ type: 'images', id: poster });

    const avi = await addLibraryFile(api.server, { name: 'stary.avi', kind: 'video', bytes: await makeVideo({ format: 'avi' }), contentType: 'video/x-msvideo' });
    const patched = await api.patch(`/api/v3/videos/${res.body.data.id}`, { data: { type: 'videos', id: res.body.data.id, attributes: { file_id: avi.id } } });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.data.attributes).toMatchObject({ width: 160, height: 90, content_type: 'video/x-msvideo' });
    expect(patched.body.data.attributes.duration).toBeCloseTo(2, 0);
  });

  it('refuses an image as a video, a file that is no video, and facts in the body', async () => {
    const junk = await addLibraryFile(api.server, { name: 'nie-film.mp4', kind: 'video', bytes: Buffer.from('<html>no video</html>'), contentType: 'video/mp4' });
    const unreadable = await api.post('/api/v3/videos', { data: { type: 'videos', attributes: { file_id: junk.id } } });
    expect(unreadable.status).toBe(422);
    expect(unreadable.body.errors[0]).toMatchObject({ source: { pointer: '/data/attributes/file_id' }, meta: { key: 'invalidType' } });
    const image = await api.post('/api/v3/videos', { data: { type: 'videos', attributes: { file_id: photo.id } } });
    expect(image.body.errors[0].meta.key).toBe('notFound');
    const facts = await api.post('/api/v3/videos', { data: { type: 'videos', attributes: { file_id: junk.id, duration: 5 } } });
    expect(facts.body.errors[0]).toMatchObject({ source: { pointer: '/data/attributes/duration' }, meta: { key: 'readOnly' } });
  });
});
