import { safeInputOptions, type MediaFacts } from '../media/videos/ffmpeg';

/**
 * The HLS ladder this 2-core machine can make in reasonable time: 720p and 360p, H.264 main with
 * AAC, 4-second segments with a keyframe every 2 seconds (so players can switch renditions on
 * any segment boundary). Rungs taller than the source are left out, but there is always one.
 */
export interface Rung {
  name: string;
  height: number;
  videoKbps: number;
  audioKbps: number;
}

export const LADDER: readonly Rung[] = [
  { name: '720p', height: 720, videoKbps: 2800, audioKbps: 128 },
  { name: '360p', height: 360, videoKbps: 800, audioKbps: 96 },
];

export const SEGMENT_SECONDS = 4;

export function rungsFor(facts: Pick<MediaFacts, 'height'>): Rung[] {
  const fitting = LADDER.filter((r) => facts.height === null || r.height <= facts.height);
  if (fitting.length) return fitting;
  // A source smaller than every rung keeps its own height (even, as H.264 wants), never upscaled.
  const smallest = LADDER[LADDER.length - 1];
  const height = Math.max(2, Math.floor((facts.height ?? smallest.height) / 2) * 2);
  return [{ ...smallest, name: `${height}p`, height }];
}

/**
 * ffmpeg's arguments turning `input` (a local file the server made) into the HLS ladder under
 * `outDir`: `master.m3u8`, and `<rung>/index.m3u8` with its segments. One decode, one scaler per
 * rung, one process. Progress goes to stdout (`-progress pipe:1`).
 */
export function ladderArgs(input: string, outDir: string, facts: Pick<MediaFacts, 'height' | 'hasAudio'>, preset: string): { args: string[]; rungs: Rung[] } {
  const rungs = rungsFor(facts);
  const split = rungs.map((_, i) => `[v${i}]`).join('');
  const filter = [`[0:v]split=${rungs.length}${split}`, ...rungs.map((r, i) => `[v${i}]scale=-2:${r.height}[v${i}o]`)].join(';');
  const args = ['-hide_banner', '-nostdin', '-y', '-v', 'error', ...safeInputOptions(), '-i', `file:${input}`, '-filter_complex', filter];
  rungs.forEach((_, i) => {
    args.push('-map', `[v${i}o]`);
    if (facts.hasAudio) args.push('-map', '0:a:0');
  });
  args.push('-c:v', 'libx264', '-preset', preset, '-profile:v', 'main', '-pix_fmt', 'yuv420p', '-sc_threshold', '0', '-force_key_frames', 'expr:gte(t,n_forced*2)');
  rungs.forEach((r, i) => {
    args.push(`-b:v:${i}`, `${r.videoKbps}k`, `-maxrate:v:${i}`, `${Math.round(r.videoKbps * 1.07)}k`, `-bufsize:v:${i}`, `${r.videoKbps * 2}k`);
    if (facts.hasAudio) args.push(`-b:a:${i}`, `${r.audioKbps}k`);
  });
  if (facts.hasAudio) args.push('-c:a', 'aac', '-ac', '2');
  const streamMap = rungs.map((r, i) => (facts.hasAudio ? `v:${i},a:${i},name:${r.name}` : `v:${i},name:${r.name}`)).join(' ');
  args.push(
    '-f', 'hls',
    '-hls_time', String(SEGMENT_SECONDS),
    '-hls_playlist_type', 'vod',
    '-hls_flags', 'independent_segments',
    '-hls_segment_type', 'mpegts',
    '-hls_segment_filename', `${outDir}/%v/segment_%05d.ts`,
    '-master_pl_name', 'master.m3u8',
    '-var_stream_map', streamMap,
    '-progress', 'pipe:1',
    '-nostats',
    `${outDir}/%v/index.m3u8`,
  );
  return { args, rungs };
}

/** Percent done from a `-progress` line (`out_time_us=…`), or null for other lines. */
export function progressOf(line: string, duration: number | null): number | null {
  const m = /^out_time_(?:us|ms)=(\d+)$/.exec(line);
  if (!m || !duration) return null;
  return Math.max(0, Math.min(99.9, Math.round((Number(m[1]) / 1e6 / duration) * 1000) / 10));
}
