import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** A test video of a few seconds made by Debian's ffmpeg (niced: the machine is shared), as MP4 bytes. */
export async function makeClip(dir: string, name: string, size: string, seconds: number): Promise<Buffer> {
  const file = join(dir, name);
  await promisify(execFile)('nice', [
    '-n', '10', 'ffmpeg', '-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc=size=${size}:rate=25`, '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100',
    '-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file,
  ]);
  return readFileSync(file);
}
