import { spawn } from 'node:child_process';
import { INPUT_FORMATS } from '../videos/ffmpeg';

export interface VideoFacts {
  width: number | null;
  height: number | null;
  duration: number | null;
}

/**
 * Width, height and duration of a video from its first bytes, read by Debian's ffprobe (arguments
 * as an array, input only from the pipe, a time limit). The whole file streams to storage and is
 * never waited for: an MP4 whose index sits at the end, or an MPEG stream (whose length ffprobe
 * would guess from the part it saw), simply has no duration here. Null when ffprobe is missing.
 */
export function probeVideoHead(head: Buffer, extension: string, timeoutMs = 5000): Promise<VideoFacts | null> {
  return new Promise((resolve) => {
    let output = '';
    let settled = false;
    const finish = (facts: VideoFacts | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(facts);
    };
    const child = spawn(
      'ffprobe',
      ['-v', 'error', '-protocol_whitelist', 'pipe', '-format_whitelist', INPUT_FORMATS, '-print_format', 'json', '-show_entries', 'format=duration:stream=codec_type,width,height', '-i', 'pipe:0'],
      { stdio: ['pipe', 'pipe', 'ignore'] },
    );
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish(null);
    }, timeoutMs);
    child.on('error', () => finish(null));
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // ffprobe may stop reading once it knows enough: a closed pipe is not an error here.
    child.stdin.on('error', () => undefined);
    child.stdin.end(head);
    child.on('close', () => {
      try {
        const parsed = JSON.parse(output) as { streams?: { codec_type?: string; width?: number; height?: number }[]; format?: { duration?: string } };
        const video = parsed.streams?.find((s) => s.codec_type === 'video');
        const duration = Number(parsed.format?.duration);
        finish({
          width: video?.width ?? null,
          height: video?.height ?? null,
          duration: extension !== 'mpg' && Number.isFinite(duration) && duration > 0 ? Math.round(duration * 1000) / 1000 : null,
        });
      } catch {
        finish(null);
      }
    });
  });
}
