import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Storage } from '../../storage/storage';
import { INPUT_FORMATS, probeFile } from './ffmpeg';

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
 * Reads a stored video's facts with Debian's ffprobe without copying it: the bytes stream from
 * storage (local disk and S3 alike) into ffprobe's standard input. Only the `pipe` protocol and the
 * demuxers of real media containers are allowed, so a playlist in disguise (HLS, concat) can make
 * ffprobe open no file and no address; arguments go as an array, under a time limit.
 */
export async function probeStoredVideo(storage: Storage, key: string): Promise<VideoFacts> {
  // On the local driver the stored file is probed where it lies (the `file` protocol and media
  // demuxers only, under a name the server made): ffprobe seeks to what it needs instead of
  // reading a whole video through a pipe, or a copy of it, while its upload waits for the answer.
  const local = storage.localPath?.(key);
  if (local) {
    const [facts, head] = await Promise.all([probeFile(local, PROBE_TIMEOUT_MS), storage.head(key)]);
    return { duration: facts.duration, width: facts.width, height: facts.height, size: head?.size ?? null, formatName: facts.formatName };
  }
  const streamed = await probeStream(storage, key);
  if (streamed.width && streamed.height && streamed.duration) return streamed;
  // Some files need seeking (an MP4 whose index comes after codec data ffprobe must go back to):
  // then a local copy, probed with the `file` protocol only, under a name the server made.
  const dir = await mkdtemp(join(tmpdir(), 'umpire-probe-'));
  try {
    const object = await storage.get(key);
    if (!object) return streamed;
    const path = join(dir, 'source.media');
    await pipeline(object.body, createWriteStream(path));
    const facts = await probeFile(path, PROBE_TIMEOUT_MS);
    return { duration: facts.duration, width: facts.width, height: facts.height, size: streamed.size ?? object.size, formatName: facts.formatName };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function probeStream(storage: Storage, key: string): Promise<VideoFacts> {
  const object = await storage.get(key);
  if (!object) throw new Error(`no stored object ${key}`);
  const args = ['-v', 'error', '-protocol_whitelist', 'pipe', '-format_whitelist', INPUT_FORMATS, '-print_format', 'json', '-show_format', '-show_streams', '-i', 'pipe:0'];
  const stdout = await new Promise<string>((resolve, reject) => {
    const child = spawn('ffprobe', args, { stdio: ['pipe', 'pipe', 'pipe'], shell: false });
    let out = '';
    let err = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), PROBE_TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.length > 4 * 1024 * 1024) child.kill('SIGKILL');
    });
    child.stderr.on('data', (chunk: Buffer) => (err = (err + chunk.toString()).slice(-2000)));
    // ffprobe stops reading once it knows enough: a closed pipe is not an error here.
    child.stdin.on('error', () => undefined);
    object.body.on('error', () => child.stdin.destroy());
    object.body.pipe(child.stdin);
    child.on('error', (e) => {
      clearTimeout(timer);
      object.body.destroy();
      reject(e);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      object.body.destroy();
      if (code === 0) resolve(out);
      else reject(new Error(`ffprobe failed (${code ?? 'killed'}): ${err.trim()}`));
    });
  });
  const facts = factsOf(JSON.parse(stdout) as ProbeOutput);
  // Read from a pipe, ffprobe cannot know the size: storage does.
  return { ...facts, size: facts.size ?? object.size };
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
