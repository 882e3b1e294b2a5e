#!/usr/bin/env node
// Live engine benchmarks (issue 11, point 9), with the real ffmpeg and the engine's default output
// (720p + 360p ladder, x264 superfast, 2-second segments), every ffmpeg at nice 10:
//   1. Live latency: this script draws 720p frames itself and writes into each the wall-clock time
//      (ms) as 32 black/white blocks along the top (and the time of day as text below, for a person),
//      an ffmpeg contribution encoder pushes them over RTMP; each time a new segment is listed in the
//      720p live playlist, its first picture is decoded and its blocks read back. Latency = the time
//      the segment became listed minus the time its first picture was drawn (target ≤ 6 s).
//   2. Capacity: 720p live streams added one at a time (contributions copied in a loop from a short
//      pre-encoded clip, so that they cost next to nothing) until one of them no longer encodes in
//      real time (speed over 5 s < 0.97, or the engine had to skip frames).
//
//   npm run bench -- ott-live        BENCH_LIVE_MAX_STREAMS (default 6), BENCH_LIVE_SEGMENTS (default 8),
//                                    BENCH_LIVE_PRESET (x264 preset of the output, default the engine's)
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLiveEngine, DEFAULT_PRESET } from '../apps/server/src/ott/live/engine.ts';
import { parseMediaPlaylist } from '../apps/server/src/ott/live/playlists.ts';
import { baseFrame, frameWithTime, H, readTime, W } from './support/burnt-clock.mjs';

const FPS = 25;
const MAX_STREAMS = Number(process.env.BENCH_LIVE_MAX_STREAMS || 6);
const SEGMENTS = Number(process.env.BENCH_LIVE_SEGMENTS || 8);
const log = (m) => console.log(m);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();
const children = [];

const work = mkdtempSync(join(tmpdir(), 'umpire-bench-live-'));
const PRESET = process.env.BENCH_LIVE_PRESET || DEFAULT_PRESET;
const engine = createLiveEngine({ workDir: join(work, 'out'), host: '127.0.0.1', publicHost: '127.0.0.1', nice: 10, preset: PRESET });
const config = (streamId) => ({
  streamId,
  clientId: 1,
  protocol: 'rtmp',
  encryption: 'none',
  primaryKey: `bench-primary-${streamId}`,
  backupKey: `bench-backup-${streamId}`,
  passphrase: null,
});

function ffmpeg(args, stdin = 'ignore') {
  const child = spawn('nice', ['-n', '10', 'ffmpeg', '-hide_banner', '-nostdin', '-loglevel', 'error', ...args], { stdio: [stdin, 'ignore', 'inherit'] });
  children.push(child);
  child.stdin?.on('error', () => {});
  return child;
}

async function latency() {
  const endpoints = await engine.ensureIngest(config(1));
  const base = baseFrame();
  const contributor = ffmpeg(
    [
      '-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-video_size', `${W}x${H}`, '-framerate', String(FPS), '-i', 'pipe:0',
      '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000',
      '-vf', "drawtext=text='%{localtime\\:%T}':fontcolor=white:fontsize=48:x=40:y=h-80",
      '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', String(FPS), '-pix_fmt', 'yuv420p',
      '-c:a', 'aac', '-shortest', '-f', 'flv', endpoints.primary.rtmp,
    ],
    'pipe',
  );
  const t0 = Date.now();
  let sent = 0;
  const pacer = setInterval(() => {
    while (sent < Math.floor(((Date.now() - t0) * FPS) / 1000)) {
      sent++;
      if (contributor.stdin.writableLength < 10 * base.length) contributor.stdin.write(frameWithTime(base, Date.now() % 2 ** 32));
    }
  }, 10);
  await engine.start(1, false);
  const playlist = join(engine.hlsDirectory(1), 'r0', 'index.m3u8');
  const seen = new Set();
  const figures = [];
  const deadline = Date.now() + (SEGMENTS + 6) * 2000 + 20_000;
  while (figures.length < SEGMENTS + 2 && Date.now() < deadline) {
    let text = '';
    try {
      text = readFileSync(playlist, 'utf8');
    } catch {
      // not written yet
    }
    for (const s of parseMediaPlaylist(text).segments) {
      if (seen.has(s.uri)) continue;
      seen.add(s.uri);
      const listedAt = Date.now() % 2 ** 32;
      const gray = execFileSync('ffmpeg', ['-v', 'error', '-i', join(playlist, '..', s.uri), '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'], {
        maxBuffer: 8 << 20,
      });
      if (gray.length === W * H) figures.push(((listedAt - readTime(gray)) >>> 0) / 1000);
    }
    await sleep(50);
  }
  clearInterval(pacer);
  contributor.stdin.end();
  await engine.stop(1);
  // The first segments include the contribution's start-up.
  const steady = figures.slice(2).filter((f) => f < 60);
  steady.sort((a, b) => a - b);
  const median = steady[Math.floor(steady.length / 2)];
  log(`live latency (burnt-in clock → segment listed in the 720p playlist), ${steady.length} segments:`);
  log(`  median ${median?.toFixed(2)} s, min ${steady[0]?.toFixed(2)} s, max ${steady.at(-1)?.toFixed(2)} s   (target ≤ 6 s with 2-second segments)`);
  log(`  each segment: ${figures.map((f) => f.toFixed(2)).join(' ')} s (the first two, the start-up, left out above)`);
}

async function capacity() {
  const clip = join(work, 'clip.flv');
  execFileSync('nice', ['-n', '10', 'ffmpeg', '-v', 'error', '-f', 'lavfi', '-i', `testsrc2=size=${W}x${H}:rate=${FPS}`, '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000',
    '-t', '10', '-c:v', 'libx264', '-preset', 'ultrafast', '-g', String(FPS), '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-y', clip]);
  let held = 0;
  for (let n = 1; n <= MAX_STREAMS; n++) {
    const id = 100 + n;
    const endpoints = await engine.ensureIngest(config(id));
    ffmpeg(['-re', '-stream_loop', '-1', '-i', clip, '-c', 'copy', '-f', 'flv', endpoints.primary.rtmp]);
    await engine.start(id, false);
    await sleep(12_000); // warm up
    const ids = Array.from({ length: n }, (_, i) => 101 + i);
    const droppedBefore = ids.map((i) => engine.outputDropped(i));
    await sleep(6_000);
    const speeds = ids.map((i) => engine.encoderSpeed(i) ?? 0);
    const dropped = ids.map((i, k) => engine.outputDropped(i) - droppedBefore[k]);
    const ok = speeds.every((s) => s >= 0.97) && dropped.every((d) => d === 0);
    log(`  ${n} stream(s): speeds ${speeds.map((s) => `${s.toFixed(2)}x`).join(' ')}, frames skipped ${dropped.reduce((a, b) => a + b, 0)}  ${ok ? 'real time' : 'NOT real time'}   (${uptime()})`);
    if (!ok) break;
    held = n;
  }
  log(`simultaneous 720p live streams (720p + 360p ladder, ${PRESET}) in real time: ${held}${held === MAX_STREAMS ? '+' : ''}   (issue 11 asks for the figure; no target)`);
}

try {
  log(`before: ${uptime()}`);
  await latency();
  await capacity();
  log(`after: ${uptime()}`);
} finally {
  for (const c of children) c.kill('SIGKILL');
  await engine.close();
  rmSync(work, { recursive: true, force: true });
}
