import { safeInputOptions } from '../media/videos/ffmpeg';
import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { newStorageKey } from '../storage/keys';
import type { Storage } from '../storage/storage';
import type { StoredPicture } from './demo-pictures';

/** The demo clip as the library stores it, with its poster. */
export interface DemoVideo {
  folder: string;
  name: string;
  key: string;
  size: number;
  sha256: string;
  width: number;
  height: number;
  duration: number;
  poster: StoredPicture;
}

const WIDTH = 640;
const HEIGHT = 360;
const SECONDS = 8;
/** Where the clip is kept between seeds (tests seed often): made once per machine, never downloaded. */
const CACHE = join(tmpdir(), 'umpire-demo-video-v1');

const run = promisify(execFile);

/**
 * Draws the demo clip with Debian's ffmpeg (a test pattern with a tone, H.264 and AAC in an MP4
 * indexed at its start, as a browser plays it) and its poster from a frame, once per machine.
 * Null when ffmpeg is missing: the demo then has no video, and says so in the log.
 */
async function drawClip(): Promise<{ mp4: Buffer; poster: Buffer } | null> {
  const mp4Path = join(CACHE, 'clip.mp4');
  const posterPath = join(CACHE, 'poster.png');
  const cached = await Promise.all([readFile(mp4Path), readFile(posterPath)]).catch(() => null);
  if (cached) return { mp4: cached[0], poster: cached[1] };
  await mkdir(CACHE, { recursive: true });
  // Made under names of its own and renamed, so seeds running at once never read half a file.
  const work = join(CACHE, randomUUID());
  await mkdir(work);
  try {
    const clip = join(work, 'clip.mp4');
    const frame = join(work, 'poster.png');
    await run('ffmpeg', [
      '-v', 'error', '-f', 'lavfi', '-i', `testsrc2=size=${WIDTH}x${HEIGHT}:rate=25`, '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100',
      '-t', String(SECONDS), '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '64k', '-movflags', '+faststart', clip,
    ]);
    await run('ffmpeg', ['-v', 'error', '-ss', '2', ...safeInputOptions(), '-i', clip, '-frames:v', '1', frame]);
    await rename(frame, posterPath);
    await rename(clip, mp4Path);
    return { mp4: await readFile(mp4Path), poster: await readFile(posterPath) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Puts the demo clip and its poster into storage, before the seed's transaction writes their rows. */
export async function storeDemoVideo(storage: Storage, clientId: number): Promise<DemoVideo | null> {
  const drawn = await drawClip();
  if (!drawn) return null;
  const key = newStorageKey(clientId, 'mp4');
  await storage.put(key, Readable.from([drawn.mp4]), { contentType: 'video/mp4', size: drawn.mp4.length });
  const posterKey = newStorageKey(clientId, 'png');
  await storage.put(posterKey, Readable.from([drawn.poster]), { contentType: 'image/png', size: drawn.poster.length });
  const { width = WIDTH, height = HEIGHT } = await sharp(drawn.poster).metadata();
  return {
    folder: '/wideo/',
    name: 'skrot-meczu-demo.mp4',
    key,
    size: drawn.mp4.length,
    sha256: sha256(drawn.mp4),
    width: WIDTH,
    height: HEIGHT,
    duration: SECONDS,
    poster: {
      folder: '/wideo/', name: 'skrot-meczu-demo-kadr.png', png: drawn.poster, width, height, sha256: sha256(drawn.poster),
      key: posterKey, imagePath: posterKey.replace(/^c\d+\//, ''),
    },
  };
}
