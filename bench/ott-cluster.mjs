#!/usr/bin/env node
// Live streaming across instances (issue 23, point 7), in the production topology on one machine
// (`npm run cluster`: PostgreSQL, S3, two instances, HAProxy), the engine's default output (720p +
// 360p, x264 superfast, 2-second segments), each instance taking crews on an address of its own:
//   1. Live latency through the balancer: an ffmpeg contribution pushes 720p frames into which this
//      script burns the wall-clock time (bench/support/burnt-clock.mjs) to the owner's RTMP address;
//      each time a new segment is listed in the 720p live playlist read through the balancer, the
//      segment is fetched through the balancer too, its first picture decoded and its time read back.
//      Latency = listed through the balancer − drawn (target: median ≤ 6 s).
//   2. Takeover: the owner is killed with SIGKILL; the other instance takes the stream over once the
//      lease lapses (OTT_LIVE_LEASE_MS, default 10 s). The gap a viewer sees = the last segment listed
//      before the kill → the first listed after it (target ≤ 30 s); also printed: the kill → the new
//      addresses announced, and the kill → the crew's encoder (restarted on the new address at once)
//      on air again.
//
//   npm run bench -- ott-cluster      BENCH_LIVE_SEGMENTS (default 8)
import { execFileSync, spawn } from 'node:child_process';
import { startCluster } from '../scripts/cluster.mjs';
import { baseFrame, frameWithTime, H, readTime, W } from './support/burnt-clock.mjs';
import { percentile, signIn } from './support/child.mjs';

const FPS = 25;
const SEGMENTS = Number(process.env.BENCH_LIVE_SEGMENTS || 8);
const log = (m) => console.log(m);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const children = new Set();

/** A crew's encoder fed with frames carrying the time they were drawn; stop() ends it. */
function contribute(url) {
  const child = spawn('nice', ['-n', '10', 'ffmpeg', '-hide_banner', '-nostdin', '-loglevel', 'error',
    '-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-video_size', `${W}x${H}`, '-framerate', String(FPS), '-i', 'pipe:0',
    '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', String(FPS), '-pix_fmt', 'yuv420p',
    '-c:a', 'aac', '-shortest', '-f', 'flv', url], { stdio: ['pipe', 'ignore', 'ignore'] });
  children.add(child);
  child.stdin.on('error', () => {});
  const base = baseFrame();
  const t0 = Date.now();
  let sent = 0;
  const pacer = setInterval(() => {
    while (sent < Math.floor(((Date.now() - t0) * FPS) / 1000)) {
      sent++;
      if (child.stdin.writableLength < 10 * base.length) child.stdin.write(frameWithTime(base, Date.now() % 2 ** 32));
    }
  }, 10);
  return {
    stop() {
      clearInterval(pacer);
      child.kill('SIGKILL');
      children.delete(child);
    },
  };
}

/** The time burnt into a segment's first picture, or null. */
function drawnAt(segment) {
  try {
    const gray = execFileSync('ffmpeg', ['-v', 'error', '-f', 'mpegts', '-i', 'pipe:0', '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'], { input: segment, maxBuffer: 8 << 20 });
    return gray.length === W * H ? readTime(gray) : null;
  } catch {
    return null;
  }
}

log(`before: ${uptime()}`);
const cluster = await startCluster({
  instances: 2,
  env: { OTT_WORKER: 'false' },
  instanceEnv: (n) => ({ OTT_INGEST_HOST: `127.0.0.${n}`, OTT_INGEST_PUBLIC_HOST: `127.0.0.${n}` }),
});
let owner;
try {
  const token = await signIn(cluster.url);
  const call = async (method, path, body) => {
    const res = await fetch(`${cluster.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/vnd.api+json', accept: 'application/vnd.api+json', 'cache-control': 'no-cache' },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = await res.json().catch(() => null);
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const stream = (await call('POST', '/api/v3/ott/streams', { data: { type: 'ott_streams', attributes: { protocol: 'rtmp', encryption: 'none' } } })).data;
  await call('POST', '/api/v3/ott/events', { data: { type: 'ott_events', attributes: { title: 'Bench: live across instances', access: 'free' }, relationships: { stream: { data: { type: 'ott_streams', id: stream.id } } } } });
  const ingestOf = async () => (await call('GET', `/api/v3/ott/streams/${stream.id}`)).meta.ingest;
  const first = await ingestOf();
  owner = cluster.instances[Number(/127\.0\.0\.(\d)/.exec(first.primary.rtmp)[1]) - 1];
  let crew = contribute(first.primary.rtmp);
  await sleep(1500);
  await call('PATCH', `/api/v3/ott/streams/${stream.id}/start`, { data: { id: stream.id, type: 'ott_stream', attributes: { use_backup: false } } });

  // Segments as the balancer lists them: when each was first seen, and what time its first picture carries.
  const playlist = `${cluster.url}/ott/hls/live/${stream.id}/r0/index.m3u8`;
  const seen = new Map();
  async function look() {
    const res = await fetch(playlist).catch(() => null);
    if (!res?.ok) return;
    const text = await res.text();
    for (const uri of text.split('\n').filter((l) => l && !l.startsWith('#'))) {
      if (seen.has(uri)) continue;
      const listedAt = Date.now();
      const body = await fetch(`${cluster.url}/ott/hls/live/${stream.id}/r0/${uri}`).then((r) => (r.ok ? r.arrayBuffer() : null)).catch(() => null);
      const drawn = body ? drawnAt(Buffer.from(body)) : null;
      seen.set(uri, { listedAt, latency: drawn === null ? null : ((listedAt % 2 ** 32) - drawn) >>> 0 });
    }
  }
  const until = Date.now() + (SEGMENTS + 8) * 2000 + 30_000;
  while (seen.size < SEGMENTS + 2 && Date.now() < until) {
    await look();
    await sleep(50);
  }
  // The first segments include the contribution's start-up.
  const steady = [...seen.values()].slice(2).map((s) => s.latency).filter((l) => l !== null && l < 60_000);
  log(`live latency (burnt-in clock → segment listed through HAProxy, fetched from storage through either instance), ${steady.length} segments:`);
  log(`  median ${seconds(percentile(steady, 50))}, min ${seconds(Math.min(...steady))}, max ${seconds(Math.max(...steady))}   (target: median ≤ 6 s, 2-second segments)`);

  // The owner dies.
  const before = new Set(seen.keys());
  const lastBefore = Math.max(...[...seen.values()].map((s) => s.listedAt));
  await owner.kill('SIGKILL');
  const killedAt = Date.now();
  crew.stop();
  let announcedAt = null;
  let firstAfter = null;
  let onAirAt = null;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline && onAirAt === null) {
    if (announcedAt === null) {
      const now = await ingestOf().catch(() => null);
      if (now && now.primary.rtmp !== first.primary.rtmp) {
        announcedAt = Date.now();
        crew = contribute(now.primary.rtmp);
      }
    }
    await look();
    for (const [uri, s] of seen) {
      if (before.has(uri)) continue;
      firstAfter ??= s.listedAt;
      // A picture of the crew drawn after the kill: the contribution is on air again (not the slate).
      if (s.latency !== null && s.listedAt - s.latency > killedAt) onAirAt ??= s.listedAt;
    }
    await sleep(100);
  }
  log('takeover after the owner was killed with SIGKILL (lease 10 s, heartbeat every 2 s):');
  log(`  new addresses announced ${announcedAt === null ? 'never' : `after ${seconds(announcedAt - killedAt)}`}`);
  log(`  gap: last segment listed before the kill → first listed after it ${firstAfter === null ? 'none within 90 s' : seconds(firstAfter - lastBefore)}   (target ≤ 30 s)`);
  log(`  the crew's encoder, restarted on the new address when it was announced, on air again ${onAirAt === null ? 'not within 90 s' : `${seconds(onAirAt - killedAt)} after the kill`}`);
  crew.stop();
  await call('PATCH', `/api/v3/ott/streams/${stream.id}/stop`, { data: { id: stream.id, type: 'ott_stream', attributes: { use_backup: false } } }).catch(() => {});
  log(`after: ${uptime()}`);
} finally {
  for (const c of children) c.kill('SIGKILL');
  await cluster.stop();
}
