import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { mkdtempSync, promises as fs, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveHealth, LiveStreamConfig } from '../live-control';
import { createLiveEngine, type LiveEngine } from './engine';
import { parseMediaPlaylist } from './playlists';
import { localSegments, recordedSegments, segmentsToMp4 } from './recording';

// The live engine with the real ffmpeg: contributions are generated test patterns (a burnt-in clock
// and a tone) pushed over RTMP and SRT at 320x180, a few seconds each, niced on the shared machine.

const run = promisify(execFile);
const SLATE_RGB = [0x12, 0x26, 0x3f];

let workDir: string;
let engine: LiveEngine;
const health = new Map<number, LiveHealth[]>();
const contributors: ChildProcess[] = [];

const config = (streamId: number, over: Partial<LiveStreamConfig> = {}): LiveStreamConfig => ({
  streamId,
  clientId: 1,
  protocol: 'rtmp',
  encryption: 'none',
  primaryKey: `primary-key-${streamId}-x7Hq2`,
  backupKey: `backup-key-${streamId}-Pz81k`,
  passphrase: null,
  ...over,
});

/** A contribution encoder: test pattern with a burnt-in clock and a tone, for `seconds`. */
function contribute(url: string, format: 'flv' | 'mpegts', seconds: number, pattern = 'testsrc2') {
  const args = [
    '-n', '10', 'ffmpeg', '-hide_banner', '-nostdin', '-loglevel', 'error', '-re',
    '-f', 'lavfi', '-i', `${pattern}=size=320x180:rate=25`,
    '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000',
    '-t', String(seconds), '-vf', "drawtext=text='%{localtime\\:%T}':fontcolor=white:fontsize=20:x=8:y=8",
    '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '25', '-pix_fmt', 'yuv420p',
    '-c:a', 'aac', '-b:a', '64k', '-f', format, url,
  ];
  const child = spawn('nice', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  contributors.push(child);
  let stderr = '';
  child.stderr?.on('data', (b: Buffer) => (stderr += b.toString()));
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) => child.on('exit', (code) => resolve({ code, stderr })));
  return { child, exited };
}

async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false> | T | null | undefined | false, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const readText = (file: string) => fs.readFile(file, 'utf8').catch(() => '');
/** The top rendition's recording in `dir` (an engine without a sink keeps it there) as one MP4. */
async function recordingMp4(dir: string, onProgress?: (p: number) => void): Promise<string> {
  const folder = path.join(dir, 'r0');
  return segmentsToMp4({ ffmpegPath: 'ffmpeg', nice: 10 }, await localSegments(folder, await recordedSegments(folder)), path.join(dir, 'recording.mp4'), onProgress);
}
const lastHealth = (id: number) => health.get(id)?.at(-1) ?? null;

/** The media playlist a player reaches from the master playlist (the first variant). */
async function firstVariant(streamId: number): Promise<{ file: string; text: string }> {
  const dir = engine.hlsDirectory(streamId);
  expect(dir).toBeTruthy();
  const master = await readText(path.join(dir!, 'master.m3u8'));
  expect(master).toMatch(/^#EXTM3U/);
  expect(master).toMatch(/#EXT-X-STREAM-INF:BANDWIDTH=\d+,RESOLUTION=320x180,CODECS="avc1\.[0-9a-f]{6},mp4a\.40\.2"/);
  const uri = master.split('\n').find((l) => l && !l.startsWith('#'))!;
  const file = path.join(dir!, uri);
  return { file, text: await readText(file) };
}

/** Waits until the live playlist lists `count` more segments than it did, and returns the newest. */
async function nextSegments(streamId: number, count: number): Promise<string> {
  const { file } = await firstVariant(streamId);
  const seen = parseMediaPlaylist(await readText(file)).segments.map((s) => s.uri);
  const base = seen.length ? Number(seen.at(-1)!.match(/(\d+)\.ts$/)![1]) : -1;
  const newest = await waitFor(`${count} new segments of stream ${streamId}`, async () => {
    const segs = parseMediaPlaylist(await readText(file)).segments;
    const last = segs.at(-1);
    return last && Number(last.uri.match(/(\d+)\.ts$/)![1]) >= base + count ? last.uri : null;
  }, 30_000);
  return path.join(path.dirname(file), newest);
}

async function probe(file: string) {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration:stream=codec_type,codec_name,width,height', '-of', 'json', file]);
  return JSON.parse(stdout) as { format: { duration: string }; streams: { codec_type: string; codec_name: string; width?: number; height?: number }[] };
}

describe('instances with ingest port ranges of their own (compose publishes each its range)', () => {
  it("a stream taken over from another instance's range gets ports of the new owner's, and says so; its own range's ports are kept", { timeout: 30_000 }, async () => {
    const options = { workDir: path.join(workDir, 'ranges'), host: '127.0.0.1', publicHost: '127.0.0.1', ladder: [{ name: '180p', width: 320, height: 180, videoKbps: 300 }], preset: 'ultrafast', nice: 10 };
    const [a, b] = [await portRange(6), await portRange(6)];
    const within = (ports: object, range: { from: number; to: number }) =>
      Object.values(ports).flatMap((p) => Object.values(p as Record<string, number>)).every((n) => n >= range.from && n <= range.to);
    const warnings: string[] = [];
    const first = createLiveEngine({ ...options, portRange: a });
    const second = createLiveEngine({ ...options, portRange: b, warn: (m) => warnings.push(m) });
    const third = createLiveEngine({ ...options, portRange: b, warn: (m) => warnings.push(m) });
    try {
      const opened = await first.ensureIngest(config(6));
      expect(within(opened.ports, a)).toBe(true);
      await first.close();
      const moved = await second.ensureIngest(config(6), opened.ports);
      expect(within(moved.ports, b)).toBe(true);
      expect(moved.primary.rtmp).toContain(`:${moved.ports.primary.rtmp}/`);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain("not this instance's");
      await second.close();
      // Handed on within the same range (an ingest balancer in front of one range shared by all): the same addresses.
      const kept = await third.ensureIngest(config(6), moved.ports);
      expect(kept.ports).toEqual(moved.ports);
      expect(warnings).toHaveLength(1);
    } finally {
      await first.close();
      await second.close();
      await third.close();
    }
  });
});

/** A range of `size` ports starting at one the system just gave out (likely free, as its neighbours). */
async function portRange(size: number): Promise<{ from: number; to: number }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const from = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return { from, to: Math.min(from + size - 1, 65535) };
}

/** Share of the pixels of a segment's last picture that have the slate's colour. */
async function slateShare(segment: string): Promise<number> {
  const { stdout } = await run('ffmpeg', ['-v', 'error', '-i', segment, '-ss', '1', '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'], {
    encoding: 'buffer',
    maxBuffer: 10 << 20,
  });
  let near = 0;
  for (let i = 0; i + 2 < stdout.length; i += 3) {
    if (SLATE_RGB.every((c, k) => Math.abs(stdout[i + k] - c) < 24)) near++;
  }
  return near / (stdout.length / 3);
}

beforeAll(() => {
  workDir = mkdtempSync(path.join(tmpdir(), 'umpire-live-'));
  engine = createLiveEngine({
    workDir,
    host: '127.0.0.1',
    publicHost: '127.0.0.1',
    ladder: [{ name: '180p', width: 320, height: 180, videoKbps: 300 }],
    preset: 'ultrafast',
    nice: 10,
  });
  engine.onHealth((id, h) => {
    const list = health.get(id) ?? [];
    list.push(h);
    health.set(id, list);
  });
});

afterAll(async () => {
  for (const c of contributors) c.kill('SIGKILL');
  await engine?.close();
  rmSync(workDir, { recursive: true, force: true });
});

describe('RTMP contribution to HLS, pause, resume, markers, stop and recording', () => {
  const id = 1;
  let endpoints: Awaited<ReturnType<LiveEngine['ensureIngest']>>;
  let feed: ReturnType<typeof contribute>;

  it('hands out ingest addresses and reaches HLS that a player can read', { timeout: 60_000 }, async () => {
    endpoints = await engine.ensureIngest(config(id));
    expect(endpoints.primary.rtmp).toMatch(new RegExp(`^rtmp://127\\.0\\.0\\.1:\\d+/live/primary-key-${id}-x7Hq2$`));
    expect(endpoints.backup.rtmp).toMatch(/\/live\/backup-key-1-Pz81k$/);
    expect(endpoints.primary.srt).toMatch(/^srt:\/\/127\.0\.0\.1:\d+\?mode=caller$/);
    expect(await engine.ensureIngest(config(id))).toEqual(endpoints);
    expect(engine.state(id)).toBe('idle');

    feed = contribute(endpoints.primary.rtmp, 'flv', 60);
    await waitFor('the contribution', () => lastHealth(id)?.connected.primary);
    await engine.start(id, false);
    expect(engine.state(id)).toBe('live');
    const segment = await nextSegments(id, 2);
    const facts = await probe(segment);
    expect(facts.streams).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ codec_type: 'video', codec_name: 'h264', width: 320, height: 180 }),
        expect.objectContaining({ codec_type: 'audio', codec_name: 'aac' }),
      ]),
    );
    expect(Number(facts.format.duration)).toBeGreaterThan(1.5);
    expect(await slateShare(segment)).toBeLessThan(0.5);
    const { text } = await firstVariant(id);
    expect(text).toContain('#EXT-X-TARGETDURATION:2');
    expect(text).toContain('#EXT-X-PROGRAM-DATE-TIME:');
    expect(text).not.toContain('#EXT-X-ENDLIST');

    const h = await waitFor('health of the primary feed', () => {
      const last = lastHealth(id);
      return last && last.input === 'primary' && last.fps > 0 ? last : null;
    });
    expect(h.connected).toEqual({ primary: true, backup: false });
    expect(h.bitrateKbps).toBeGreaterThan(20);
    expect(h.rttMs).toBeNull();
    expect(engine.health(id)).toMatchObject({ input: 'primary' });
  });

  it('refuses a wrong stream key', { timeout: 30_000 }, async () => {
    const wrong = endpoints.backup.rtmp.replace(/[^/]+$/, 'not-the-key');
    const bad = contribute(wrong, 'flv', 5);
    const { code } = await bad.exited;
    expect(code).not.toBe(0);
    expect(lastHealth(id)?.connected.backup).toBe(false);
    // The output went on from the primary meanwhile.
    await waitFor('the primary on air', () => lastHealth(id)?.input === 'primary');
  });

  it('writes the markers into the playlists as date ranges', { timeout: 30_000 }, async () => {
    const startAt = new Date().toISOString();
    await engine.setMarkers(id, [
      { id: 7, kind: 'ad_break', startAt, durationSeconds: 30, title: 'Half "time" break' },
      { id: 8, kind: 'highlight', startAt, durationSeconds: 0, title: null },
    ]);
    const { text } = await firstVariant(id);
    expect(text).toContain(`#EXT-X-DATERANGE:ID="marker-7",CLASS="ad_break",START-DATE="${startAt}",DURATION=30.000,X-TITLE="Half 'time' break"`);
    expect(text).toContain('#EXT-X-DATERANGE:ID="marker-8",CLASS="highlight"');
    await nextSegments(id, 1);
    const again = await firstVariant(id);
    expect(again.text).toContain('ID="marker-7"');
    const recording = await readText(path.join(path.dirname(again.file), 'recording.m3u8'));
    expect(recording).toContain('ID="marker-7"');
    // Markers are replaced, not added.
    await engine.setMarkers(id, [{ id: 9, kind: 'chapter', startAt, durationSeconds: 60, title: 'Second half' }]);
    const replaced = await firstVariant(id);
    expect(replaced.text).toContain('ID="marker-9"');
    expect(replaced.text).not.toContain('ID="marker-7"');
  });

  it('shows the slate while paused, keeping the ingest, and resumes', { timeout: 60_000 }, async () => {
    await engine.pause(id, false);
    expect(engine.state(id)).toBe('paused');
    const paused = await nextSegments(id, 2);
    expect(await slateShare(paused)).toBeGreaterThan(0.6);
    await waitFor('the ingest still connected while paused', () => lastHealth(id)?.connected.primary);
    expect(engine.state(id)).toBe('paused');

    await engine.start(id, false);
    expect(engine.state(id)).toBe('live');
    const resumed = await nextSegments(id, 2);
    expect(await slateShare(resumed)).toBeLessThan(0.5);
    // One continuous output: no discontinuity, segment numbers follow each other.
    const { text } = await firstVariant(id);
    expect(text).not.toContain('#EXT-X-DISCONTINUITY');
  });

  it('stop writes ENDLIST and the recording becomes an MP4 of the whole stream', { timeout: 60_000 }, async () => {
    await engine.stop(id);
    expect(engine.state(id)).toBe('ended');
    const { file, text } = await firstVariant(id);
    expect(text.trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
    await expect(engine.start(id, false)).rejects.toMatchObject({ code: 'ended' });
    await expect(engine.ensureIngest(config(id))).rejects.toMatchObject({ code: 'ended' });
    feed.child.kill('SIGKILL');

    const recording = parseMediaPlaylist(await readText(path.join(path.dirname(file), 'recording.m3u8')));
    expect(recording.ended).toBe(true);
    expect(recording.segments[0].uri).toBe('seg_000000.ts');
    const total = recording.segments.reduce((a, s) => a + s.duration, 0);
    expect(total).toBeGreaterThan(10);

    const progress: number[] = [];
    const mp4 = await recordingMp4(engine.hlsDirectory(id)!, (p) => progress.push(p));
    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    const facts = await probe(mp4);
    expect(facts.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264']);
    expect(Math.abs(Number(facts.format.duration) - total)).toBeLessThan(0.5);
  });
});

describe('SRT contribution with a passphrase', () => {
  const id = 2;

  it('reaches HLS with AES-256 and reports round-trip time and loss', { timeout: 60_000 }, async () => {
    const endpoints = await engine.ensureIngest(config(id, { protocol: 'srt', encryption: 'AES-256', passphrase: 'correct horse battery' }));
    expect(endpoints.primary.srt).toMatch(/^srt:\/\/127\.0\.0\.1:\d+\?mode=caller&passphrase=correct\+horse\+battery&pbkeylen=32$/);
    const feed = contribute(endpoints.primary.srt, 'mpegts', 40);
    await waitFor('the contribution', () => lastHealth(id)?.connected.primary);
    await engine.start(id, false);
    const segment = await nextSegments(id, 2);
    expect((await probe(segment)).streams.some((s) => s.codec_type === 'video' && s.width === 320)).toBe(true);
    expect(await slateShare(segment)).toBeLessThan(0.5);
    const h = await waitFor('SRT health', () => {
      const last = lastHealth(id);
      return last && last.input === 'primary' && last.rttMs !== null ? last : null;
    });
    expect(h.packetLossPercent).not.toBeNull();
    expect(h.bitrateKbps).toBeGreaterThan(20);

    // The backup with a wrong passphrase is refused by the listener.
    const wrong = endpoints.backup.srt.replace(/passphrase=[^&]+/, 'passphrase=not+the+passphrase');
    const bad = contribute(wrong, 'mpegts', 5);
    const { code } = await bad.exited;
    expect(code).not.toBe(0);
    expect(lastHealth(id)?.connected.backup).toBe(false);
    feed.child.kill('SIGKILL');
    await engine.stop(id);
  });
});

describe('new stream keys', () => {
  const id = 5;

  it('keep the addresses, refuse the old key and take the new one', { timeout: 60_000 }, async () => {
    const before = await engine.ensureIngest(config(id));
    const after = await engine.ensureIngest(config(id, { primaryKey: 'rotated-key-5-Qm4s' }));
    expect(after.primary.rtmp).toBe(before.primary.rtmp.replace(/[^/]+$/, 'rotated-key-5-Qm4s'));
    expect(after.backup).toEqual(before.backup);
    const old = contribute(before.primary.rtmp, 'flv', 5);
    expect((await old.exited).code).not.toBe(0);
    expect(lastHealth(id)?.connected.primary ?? false).toBe(false);
    const feed = contribute(after.primary.rtmp, 'flv', 20);
    // The listener restarts after the refused publisher: slow on a machine busy with the other suites.
    await waitFor('the new key connected', () => lastHealth(id)?.connected.primary, 40_000);
    feed.child.kill('SIGKILL');
    await engine.stop(id);
  });
});

describe('an encoder that dies', () => {
  const id = 4;

  it('is started again, numbering on after a discontinuity', { timeout: 60_000 }, async () => {
    const endpoints = await engine.ensureIngest(config(id));
    const feed = contribute(endpoints.primary.rtmp, 'flv', 40);
    await waitFor('the contribution', () => lastHealth(id)?.connected.primary);
    await engine.start(id, false);
    await nextSegments(id, 1);
    const { file } = await firstVariant(id);
    const before = parseMediaPlaylist(await readText(path.join(path.dirname(file), 'recording.m3u8'))).segments;
    // The encoder is the ffmpeg writing this stream's playlists (a child of this test's engine).
    const marker = path.join(workDir, String(id), 'r%v', 'live.m3u8');
    const pids = (await fs.readdir('/proc')).filter((p) => /^\d+$/.test(p));
    let encoderPid = 0;
    for (const pid of pids) {
      const cmd = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
      if (cmd.split('\0').includes(marker)) encoderPid = Number(pid);
    }
    expect(encoderPid).toBeGreaterThan(0);
    process.kill(encoderPid, 'SIGKILL');

    await waitFor('a discontinuity in the live playlist', async () => (await readText(file)).includes('#EXT-X-DISCONTINUITY'), 30_000);
    const segment = await nextSegments(id, 1);
    expect(await slateShare(segment)).toBeLessThan(0.5);
    const after = parseMediaPlaylist(await readText(path.join(path.dirname(file), 'recording.m3u8'))).segments;
    // Nothing recorded before the crash was overwritten.
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.some((s) => s.discontinuity)).toBe(true);
    expect(new Set(after.map((s) => s.uri)).size).toBe(after.length);
    feed.child.kill('SIGKILL');
    await engine.stop(id);
    expect((await readText(file)).trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
    // The MP4 of a recording with a discontinuity still has the whole duration.
    const recorded = parseMediaPlaylist(await readText(path.join(path.dirname(file), 'recording.m3u8'))).segments;
    const total = recorded.reduce((a, s) => a + s.duration, 0);
    const facts = await probe(await recordingMp4(engine.hlsDirectory(id)!));
    expect(Math.abs(Number(facts.format.duration) - total)).toBeLessThan(1);
  });
});

describe('fail-over', () => {
  const id = 3;

  it('falls over to the backup when the primary ingest dies', { timeout: 60_000 }, async () => {
    const endpoints = await engine.ensureIngest(config(id));
    const primary = contribute(endpoints.primary.rtmp, 'flv', 40);
    const backup = contribute(endpoints.backup.rtmp, 'flv', 40, 'smptebars');
    await engine.start(id, false);
    await waitFor('both ingests', () => {
      const last = lastHealth(id);
      return last && last.connected.primary && last.connected.backup && last.input === 'primary';
    });
    await nextSegments(id, 1);
    primary.child.kill('SIGKILL');
    await waitFor('the backup on air', () => lastHealth(id)?.input === 'backup');
    expect(lastHealth(id)?.connected.primary).toBe(false);
    const segment = await nextSegments(id, 2);
    expect(await slateShare(segment)).toBeLessThan(0.5);

    // use_backup chooses the backup while both are there.
    const again = contribute(endpoints.primary.rtmp, 'flv', 40);
    await waitFor('the primary back', () => lastHealth(id)?.input === 'primary', 30_000);
    await engine.start(id, true);
    await waitFor('the chosen backup', () => lastHealth(id)?.input === 'backup');
    again.child.kill('SIGKILL');
    backup.child.kill('SIGKILL');
    await engine.stop(id);
  });
});

describe('an output published to a sink (the storage every instance serves from)', () => {
  const id = 5;

  it('stores each segment before a playlist names it, and when storage fails says so once, waits, and catches up', { timeout: 60_000 }, async () => {
    const stored = new Map<string, Buffer>();
    const violations: string[] = [];
    let failing = false;
    const sink = {
      async putFile(rel: string, local: string) {
        if (failing) throw new Error('storage unavailable');
        stored.set(rel, await fs.readFile(local));
      },
      async putText(rel: string, text: string) {
        if (failing) throw new Error('storage unavailable');
        // A player reading this playlist must find every segment it names.
        if (rel.endsWith('.m3u8') && rel.includes('/'))
          for (const s of parseMediaPlaylist(text).segments) if (!stored.has(`${path.posix.dirname(rel)}/${s.uri}`)) violations.push(`${rel} names ${s.uri}`);
        stored.set(rel, Buffer.from(text));
      },
    };
    const warnings: string[] = [];
    const dir = path.join(workDir, 'sink');
    const published = createLiveEngine({ workDir: dir, host: '127.0.0.1', publicHost: '127.0.0.1', ladder: [{ name: '180p', width: 320, height: 180, videoKbps: 300 }], preset: 'ultrafast', nice: 10, sink: () => sink, warn: (m) => warnings.push(m) });
    const segments = () => [...stored.keys()].filter((k) => k.endsWith('.ts')).length;
    try {
      await published.ensureIngest(config(id));
      // Paused: the slate is encoded, no contribution needed.
      await published.pause(id, false);
      await waitFor('two segments stored', () => segments() >= 2, 30_000);
      expect(stored.has('master.m3u8')).toBe(true);
      failing = true;
      await waitFor('the failure said', () => warnings.length >= 1, 20_000);
      const before = segments();
      // Segments made meanwhile wait on disk.
      await waitFor('a segment waiting on disk', async () => (await fs.readdir(path.join(dir, String(id), 'r0'))).filter((f) => f.endsWith('.ts')).length >= 1, 20_000);
      failing = false;
      await waitFor('published again', () => warnings.some((w) => w.includes('published again')), 20_000);
      await waitFor('the waiting segments stored', () => segments() > before, 20_000);
      expect(warnings.filter((w) => w.includes('not published'))).toHaveLength(1);
      expect(warnings[0]).toContain(`stream ${id}`);
      expect(violations).toEqual([]);
      // The stored recording has every segment, with no gap, and the local copies of stored ones are gone.
      const recorded = parseMediaPlaylist(stored.get('r0/recording.m3u8')!.toString()).segments.map((s) => Number(/(\d+)\.ts$/.exec(s.uri)![1]));
      expect(recorded).toEqual(recorded.map((_, i) => i));
      await waitFor('the local copies of stored segments gone', async () =>
        (await fs.readdir(path.join(dir, String(id), 'r0'))).every((f) => !f.endsWith('.ts') || !stored.has(`r0/${f}`)),
      );
    } finally {
      await published.close();
    }
  });
});

describe('a stream taken over (a restart, another instance)', () => {
  const id = 4;

  it('resumes a paused stream on the ports asked for, a taken port replaced and said, and continues its recording', { timeout: 60_000 }, async () => {
    const dir = path.join(workDir, 'restart');
    const options = { workDir: dir, host: '127.0.0.1', publicHost: '127.0.0.1', ladder: [{ name: '180p', width: 320, height: 180, videoKbps: 300 }], preset: 'ultrafast', nice: 10 };
    const warnings: string[] = [];
    const before = createLiveEngine(options);
    const after = createLiveEngine({ ...options, warn: (m) => warnings.push(m) });
    const blocker = createServer();
    try {
      const first = await before.ensureIngest(config(id));
      await before.pause(id, false);
      const folder = path.join(dir, String(id), 'r0');
      const recording = path.join(folder, 'recording.m3u8');
      await waitFor('two recorded segments', async () => parseMediaPlaylist(await readText(recording)).segments.length >= 2, 30_000);
      await before.close();
      // Suspended, not ended: viewers and the recording wait for the next owner.
      expect(await readText(path.join(folder, 'index.m3u8'))).not.toContain('#EXT-X-ENDLIST');
      const old = parseMediaPlaylist(await readText(recording));
      expect(old.ended).toBe(false);

      // Meanwhile something else took the backup's RTMP port.
      const taken = first.ports.backup.rtmp;
      await new Promise<void>((resolve) => blocker.listen(taken, '127.0.0.1', resolve));
      const marker = { id: 7, kind: 'chapter', startAt: new Date().toISOString(), durationSeconds: 0, title: 'Second half' };
      const again = await after.resume(config(id), { paused: true, useBackup: false, markers: [marker], ports: first.ports, recording: [old.segments] });
      expect(again.primary).toEqual(first.primary);
      expect(again.backup.srt).toBe(first.backup.srt);
      expect(again.ports.backup.rtmp).not.toBe(taken);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain(`stream ${id}`);
      expect(after.state(id)).toBe('paused');

      const last = Math.max(...old.segments.map((s) => Number(/(\d+)\.ts$/.exec(s.uri)![1])));
      const grown = await waitFor('new segments after the old ones', async () => {
        const text = await readText(recording);
        return parseMediaPlaylist(text).segments.length >= old.segments.length + 2 ? text : null;
      }, 30_000);
      const segments = parseMediaPlaylist(grown).segments;
      expect(segments.slice(0, old.segments.length)).toEqual(old.segments);
      const next = segments[old.segments.length];
      expect(Number(/(\d+)\.ts$/.exec(next.uri)![1])).toBe(last + 1);
      expect(next.discontinuity).toBe(true);
      expect(grown).toContain('ID="marker-7"');
      expect(await slateShare(path.join(folder, next.uri))).toBeGreaterThan(0.5);

      // Stopped: the recording is closed, and one MP4 covers both owners' parts.
      await after.stop(id);
      const closed = parseMediaPlaylist(await readText(recording));
      expect(closed.ended).toBe(true);
      const facts = await probe(await recordingMp4(path.join(dir, String(id))));
      const seconds = closed.segments.reduce((a, s) => a + s.duration, 0);
      expect(Math.abs(Number(facts.format.duration) - seconds)).toBeLessThan(1);
    } finally {
      blocker.close();
      await before.close();
      await after.close();
    }
  });
});
