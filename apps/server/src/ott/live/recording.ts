import { once } from 'node:events';
import { createReadStream, promises as fs } from 'node:fs';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { parseMediaPlaylist, type SegmentEntry } from './playlists';
import { spawnFfmpeg, tailStderr, waitExit, type FfmpegOptions } from './processes';

/** The recorded segments of a rendition folder, from its recording playlist (after a restart too). */
export async function recordedSegments(renditionFolder: string): Promise<SegmentEntry[]> {
  try {
    return parseMediaPlaylist(await fs.readFile(path.join(renditionFolder, 'recording.m3u8'), 'utf8')).segments;
  } catch {
    return [];
  }
}

/** A recorded segment's bytes, wherever they are (this machine's disk, the storage driver). */
export interface SegmentSource {
  size: number;
  open(): Promise<Readable>;
}

/** The segments of a rendition folder on this machine, as sources. */
export async function localSegments(folder: string, segments: SegmentEntry[]): Promise<SegmentSource[]> {
  return Promise.all(
    segments.map(async (s) => {
      const file = path.join(folder, path.basename(s.uri));
      return { size: (await fs.stat(file)).size, open: async () => createReadStream(file) };
    }),
  );
}

/**
 * Joins the recorded MPEG-TS segments into one MP4 without re-encoding: the segments are one
 * continuous encoder output (or several, each after a DISCONTINUITY, with timestamps going on),
 * so their bytes in order are one transport stream, which ffmpeg reads on its standard input (no
 * file or protocol for it to open) and remuxes. Progress is the share of bytes handed over.
 */
export async function segmentsToMp4(ff: FfmpegOptions, segments: SegmentSource[], out: string, onProgress?: (percent: number) => void): Promise<string> {
  if (segments.length === 0) throw new Error('the stream has no recording yet');
  const sizes = segments.map((s) => s.size);
  const total = sizes.reduce((a, b) => a + b, 0);
  const tmp = `${out}.part.mp4`;
  const child = spawnFfmpeg(
    ff,
    ['-protocol_whitelist', 'pipe', '-f', 'mpegts', '-i', 'pipe:0', '-map', '0', '-c', 'copy', '-bsf:a', 'aac_adtstoasc', '-movflags', '+faststart', '-y', tmp],
    ['pipe', 'ignore', 'pipe'],
  );
  const stderr = tailStderr(child);
  const exit = waitExit(child, 30 * 60_000);
  const stdin = child.stdin as Writable;
  let done = 0;
  let last = -1;
  try {
    for (let i = 0; i < segments.length; i++) {
      for await (const chunk of await segments[i].open()) {
        if (stdin.destroyed) throw new Error('ffmpeg closed its input');
        if (!stdin.write(chunk)) await Promise.race([once(stdin, 'drain'), once(stdin, 'close')]);
      }
      done += sizes[i];
      const pct = Math.floor((done / total) * 99);
      if (pct !== last) onProgress?.((last = pct));
    }
  } catch {
    // ffmpeg stopped reading: its exit code and log say why.
  }
  stdin.end();
  const code = await exit;
  if (code !== 0) {
    await fs.rm(tmp, { force: true });
    throw new Error(`ffmpeg could not write the MP4: ${stderr() || `exit ${code}`}`);
  }
  await fs.rename(tmp, out);
  onProgress?.(100);
  return out;
}
