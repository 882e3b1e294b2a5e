import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import type { Storage } from '../storage/storage';

/** What ffprobe tells about a video. */
export interface VideoFacts {
  duration: number | null;
  width: number | null;
  height: number | null;
  size: number | null;
  formatName: string | null;
}

const PROBE_TIMEOUT_MS = 30_000;

/**
 * Reads a stored video's facts with Debian's ffprobe without copying it: the bytes are offered on a
 * one-off 127.0.0.1 address under a random name, with Range so ffprobe seeks to an mp4's index
 * wherever it is (local disk and S3 alike). Arguments go as an array, and only http/tcp are
 * allowed, so nothing in a file can make ffprobe open anything else.
 */
export async function probeStoredVideo(storage: Storage, key: string): Promise<VideoFacts> {
  const secret = randomBytes(16).toString('hex');
  const server = createServer((request, response) => {
    void (async () => {
      if (request.url !== `/${secret}`) return void response.writeHead(404).end();
      const head = await storage.head(key);
      if (!head) return void response.writeHead(404).end();
      const range = /^bytes=(\d+)-(\d*)$/.exec(request.headers.range ?? '');
      const start = range ? Number(range[1]) : 0;
      const end = range && range[2] ? Math.min(Number(range[2]), head.size - 1) : head.size - 1;
      if (start > end) return void response.writeHead(416, { 'content-range': `bytes */${head.size}` }).end();
      const object = await storage.get(key, range ? { start, end } : undefined);
      if (!object) return void response.writeHead(404).end();
      response.writeHead(range ? 206 : 200, {
        'accept-ranges': 'bytes',
        'content-length': String(end - start + 1),
        ...(range ? { 'content-range': `bytes ${start}-${end}/${head.size}` } : {}),
      });
      object.body.on('error', () => response.destroy()).pipe(response);
      // ffprobe hangs up once it has read what it needs.
      response.on('close', () => object.body.destroy());
    })().catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await ffprobe(`http://127.0.0.1:${port}/${secret}`);
  } finally {
    await closeServer(server);
  }
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

async function ffprobe(url: string): Promise<VideoFacts> {
  const args = ['-v', 'error', '-protocol_whitelist', 'http,tcp', '-print_format', 'json', '-show_format', '-show_streams', url];
  const { stdout } = await promisify(execFile)('ffprobe', args, { timeout: PROBE_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024 });
  return factsOf(JSON.parse(stdout) as ProbeOutput);
}

interface ProbeOutput {
  format?: { duration?: string; size?: string; format_name?: string };
  streams?: { codec_type?: string; width?: number; height?: number; duration?: string }[];
}

/** ffprobe's JSON as the facts we keep; numbers it does not know stay null. */
export function factsOf(output: ProbeOutput): VideoFacts {
  const video = output.streams?.find((s) => s.codec_type === 'video');
  const num = (v: unknown) => (v !== undefined && v !== null && Number.isFinite(Number(v)) ? Number(v) : null);
  const duration = num(output.format?.duration) ?? num(video?.duration);
  return {
    duration: duration === null ? null : Math.round(duration * 1000) / 1000,
    width: num(video?.width),
    height: num(video?.height),
    size: num(output.format?.size),
    formatName: output.format?.format_name ?? null,
  };
}

/** The media type of a video from ffprobe's format name, when the library did not record one. */
export function videoContentType(formatName: string | null, fileName: string): string {
  const names = (formatName ?? '').split(',');
  if (names.includes('mp4') || names.includes('mov')) return 'video/mp4';
  if (names.includes('avi')) return 'video/x-msvideo';
  if (names.some((n) => n.startsWith('mpeg'))) return 'video/mpeg';
  return fileName.toLowerCase().endsWith('.avi') ? 'video/x-msvideo' : fileName.toLowerCase().endsWith('.mp4') ? 'video/mp4' : 'video/mpeg';
}
