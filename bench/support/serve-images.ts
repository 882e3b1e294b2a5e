// The server for the image benchmark (bench/media-images.mjs), in its own process: the real server
// (migrations, demo seed) on a temporary data folder, then BENCH_SOURCES photo-like JPEGs
// (default 40, 1920×1280) put into the media library as the library stores them. Prints one JSON
// line ({ url, paths }) when ready; stops on SIGTERM or when stdin closes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { toDb } from '../../apps/server/src/db/values';
import { newStorageKey } from '../../apps/server/src/storage/keys';
import { startServer } from '../../apps/server/src/server';
import { onStop } from './on-stop';

const dataDir = mkdtempSync(join(tmpdir(), 'umpire-bench-images-'));
const server = await startServer({ port: 0, host: '127.0.0.1' }, { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' });
const client = await server.database.db.selectFrom('clients').select('id').orderBy('id').executeTakeFirstOrThrow();
const sources = Number(process.env.BENCH_SOURCES ?? 40);
const paths: string[] = [];
for (let i = 0; i < sources; i++) {
  // Noise over a gradient compresses like a photo (a flat picture would flatter the decoder).
  const noise = await sharp({ create: { width: 1920, height: 1280, channels: 3, background: '#777', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .blur(1.2)
    .composite([{ input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1920" height="1280"><defs><linearGradient id="g"><stop offset="0" stop-color="hsl(${i * 37},70%,40%)"/><stop offset="1" stop-color="#fff"/></linearGradient></defs><rect width="1920" height="1280" fill="url(#g)" opacity="0.6"/></svg>`) }])
    .jpeg({ quality: 85 })
    .toBuffer();
  const key = newStorageKey(Number(client.id), 'jpg');
  await server.storage.put(key, Readable.from([noise]), { contentType: 'image/jpeg', size: noise.length });
  const now = toDb(server.database.dialect, 'datetime', new Date().toISOString());
  const imagePath = key.replace(/^c\d+\//, '');
  await server.database.db
    .insertInto('media_files')
    .values({
      client_id: Number(client.id), path: '/', name: `bench-${i}.jpg`, kind: 'image', state: 'stored', size: noise.length, content_type: 'image/jpeg',
      width: 1920, height: 1280, storage_key: key, image_path: imagePath, created_by: 'bench', created_at: now, updated_at: now,
    })
    .execute();
  paths.push(imagePath);
}
onStop(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});
process.stdout.write(`${JSON.stringify({ url: server.url, paths, renders: server.config.images.renders })}\n`);
