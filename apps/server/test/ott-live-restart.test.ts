import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer, type ChildServer } from './support/child-server';
import { contributions } from './support/contribution';
import { apiClient, cancelDemoTranscodings, freshDatabase, TEST_DB, type ApiClient } from './support/test-server';
import { waitFor } from './support/wait';

/**
 * A live stream survives its server's restart (a deploy's SIGTERM, then a crash's SIGKILL): the
 * real server in its own process, on the same database and data directory each time, with a real
 * RTMP contribution (ffmpeg, seconds of a test pattern). After each start the stream is still live
 * on the same ingest address, a wrong key is still refused, the crew's encoder pushes to the same
 * URL again, the playlists go on after the segments of before with a discontinuity and keep the
 * marker, and the recording's MP4 holds every part.
 */
let db: Awaited<ReturnType<typeof freshDatabase>>;
/** Every server this file started, and every ffmpeg: all are stopped at the end. */
const servers: ChildServer[] = [];
const crews = contributions();
const { contribute } = crews;

const env = () => ({
  ...db.env,
  OTT_LIVE: 'true',
  OTT_WORKER: 'true',
  JOB_POLL_MS: '100',
  OTT_INGEST_HOST: '127.0.0.1',
  OTT_INGEST_PUBLIC_HOST: '127.0.0.1',
  OTT_LIVE_PRESET: 'ultrafast',
  OTT_LIVE_LADDER: '320x180@300',
  // A crashed owner's streams are taken over once its lease lapses: short here, so the test waits little.
  OTT_LIVE_LEASE_MS: '3000',
});

async function start(): Promise<ChildServer> {
  const server = await spawnServer(env());
  servers.push(server);
  return server;
}

beforeAll(async () => {
  if (TEST_DB !== 'postgres') db = await freshDatabase();
}, 60_000);

afterAll(async () => {
  crews.stopAll();
  for (const s of servers) {
    s.process.kill('SIGKILL');
    await s.exited;
  }
  for (const pid of db ? leftovers() : []) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  await db?.drop();
});

/** Segment numbers of a media playlist, and whether a discontinuity comes right before `first`. */
function segmentsOf(text: string): { numbers: number[]; sequence: number; discontinuityBefore: (n: number) => boolean; ended: boolean } {
  const lines = text.split('\n').map((l) => l.trim());
  const numbers = lines.filter((l) => /seg_\d+\.ts$/.test(l)).map((l) => Number(/seg_(\d+)\.ts$/.exec(l)![1]));
  return {
    numbers,
    sequence: Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(text)?.[1] ?? -1),
    ended: lines.includes('#EXT-X-ENDLIST'),
    discontinuityBefore(n) {
      const at = lines.findIndex((l) => l.endsWith(`seg_${String(n).padStart(6, '0')}.ts`));
      let previous = at - 1;
      while (previous >= 0 && (lines[previous] === '' || lines[previous].startsWith('#'))) previous--;
      return at > 0 && lines.slice(previous + 1, at).includes('#EXT-X-DISCONTINUITY');
    },
  };
}

/** ffmpeg processes of this file's servers (found by their data directory), which must die with them. */
function leftovers(): number[] {
  const mine = `DATA_DIR=${db.env.DATA_DIR}\0`;
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return readFileSync(`/proc/${d}/comm`, 'utf8').trim() === 'ffmpeg' && readFileSync(`/proc/${d}/environ`, 'utf8').includes(mine);
      } catch {
        return false; // gone meanwhile, or not ours to read
      }
    })
    .map(Number);
}

// On PostgreSQL the same path (a lapsed or released lease, the output continued from storage) runs
// in cluster.test.ts with a real encoder, through HAProxy, and live-ownership.test.ts checks the
// lease's SQL on both databases: this one-machine run is SQLite's, the default set-up.
describe.skipIf(TEST_DB === 'postgres')(`a live stream across server restarts on ${TEST_DB}`, () => {
  it('stays live on the same ingest addresses, continues its playlists and keeps one recording', { timeout: 300_000 }, async () => {
    let server = await start();
    let api: ApiClient = apiClient(server.url);
    await cancelDemoTranscodings(api);
    const operator = await api.token('operator');
    const stream = (await api.post('/api/v3/ott/streams', { data: { type: 'ott_streams', attributes: { protocol: 'rtmp', encryption: 'none' } } }, { token: operator })).body.data;
    const event = await api.post('/api/v3/ott/events', { data: { type: 'ott_events', attributes: { title: 'Restart', access: 'free' }, relationships: { stream: { data: { type: 'ott_streams', id: stream.id } } } } }, { token: operator });
    expect(event.status, event.text).toBe(201);
    const meta = async () => (await api.get(`/api/v3/ott/streams/${stream.id}`, { token: operator })).body;
    const first = await meta();
    const ingest = first.meta.ingest as { primary: { rtmp: string; srt: string }; backup: { rtmp: string; srt: string } };
    const key = first.meta.primary_key as string;

    const media = (a: ApiClient) => fetch(`${a.url}/ott/hls/live/${stream.id}/r0/index.m3u8`).then(async (r) => (r.status === 200 ? r.text() : ''));
    const recording = (a: ApiClient) => fetch(`${a.url}/ott/hls/live/${stream.id}/r0/recording.m3u8`).then(async (r) => (r.status === 200 ? r.text() : ''));

    // Part 1: pushed, started, a marker, a few segments.
    let pushing = contribute(ingest.primary.rtmp, 60);
    await waitFor('the contribution', async () => (await meta()).meta.health?.connected?.primary);
    const started = await api.patch(`/api/v3/ott/streams/${stream.id}/start`, { data: { id: stream.id, type: 'ott_stream', attributes: { use_backup: false } } }, { token: operator });
    expect(started.status, started.text).toBe(200);
    const marker = await api.post('/api/v3/ott/markers', { data: { type: 'markers', attributes: { kind: 'chapter', start_at: new Date().toISOString(), title: 'Kick-off' }, relationships: { stream: { data: { type: 'ott_streams', id: stream.id } } } } }, { token: operator });
    expect(marker.status, marker.text).toBe(201);
    await waitFor('three segments and the marker', async () => {
      const text = await media(api);
      return segmentsOf(text).numbers.length >= 3 && text.includes(`ID="marker-${marker.body.data.id}"`);
    });

    let last = -1;
    const pushes: number[] = [];
    for (const [signal, label] of [['SIGTERM', 'a deploy'], ['SIGKILL', 'a crash']] as const) {
      await crews.stop(pushing);
      const before = segmentsOf(await recording(api));
      const beforeLive = segmentsOf(await media(api));
      expect(before.numbers.length, label).toBeGreaterThanOrEqual(3);
      last = Math.max(...before.numbers);
      server.process.kill(signal);
      expect(await server.exited, label).toBe(signal === 'SIGTERM' ? 0 : 'SIGKILL');
      // Its ffmpeg processes went with it, even those waiting for a contribution.
      await waitFor(`no ffmpeg left after ${label}`, async () => leftovers().length === 0, 5_000);
      // Viewers are not told the stream ended.
      server = await start();
      api = apiClient(server.url);
      const after = await api.get(`/api/v3/ott/streams/${stream.id}`, { token: await api.token('operator') });
      expect(after.body.data.attributes.status, label).toBe('live');
      expect(after.body.meta.output_state, label).toBe('live');
      expect(after.body.meta.ingest, label).toEqual(ingest);
      expect(segmentsOf(await media(api)).ended, label).toBe(false);

      // A wrong key is still refused on the same address.
      const wrong = contribute(ingest.primary.rtmp.replace(key, 'not-the-key-000'), 20);
      expect(await new Promise<number | null>((resolve) => wrong.on('exit', resolve)), label).not.toBe(0);

      // Once the new server runs the stream (at once after a deploy, after the lease after a crash),
      // the crew's encoder comes back to the same URL; the playlists go on after the old segments.
      await waitFor(`the stream run again after ${label}`, async () => (await api.get(`/api/v3/ott/streams/${stream.id}`, { token: await api.token('operator') })).body.meta.health);
      pushing = contribute(ingest.primary.rtmp, 60);
      await waitFor(`the contribution after ${label}`, async () => (await api.get(`/api/v3/ott/streams/${stream.id}`, { token: await api.token('operator') })).body.meta.health?.connected?.primary);
      const live = await waitFor(`new segments after ${label}`, async () => {
        const text = await media(api);
        const s = segmentsOf(text);
        return s.numbers.filter((n) => n > last).length >= 3 ? text : null;
      });
      const continued = segmentsOf(live);
      expect(continued.sequence, label).toBeGreaterThan(beforeLive.sequence);
      expect(Math.min(...continued.numbers), label).toBeGreaterThan(last);
      expect(live, label).toContain(`ID="marker-${marker.body.data.id}"`);
      const whole = segmentsOf(await recording(api));
      expect(whole.numbers.slice(0, before.numbers.length), label).toEqual(before.numbers);
      expect(whole.numbers, label).toEqual([...whole.numbers].sort((a, b) => a - b));
      // One discontinuity after the segments of before (and after the last one a stopping server writes).
      expect(whole.numbers.filter((n) => n > last && whole.discontinuityBefore(n)), label).toHaveLength(1);
      expect(whole.numbers.filter((n) => n <= last && whole.discontinuityBefore(n)), label).toHaveLength(signal === 'SIGTERM' ? 0 : 1);
      pushes.push(whole.numbers.length);
    }

    // Stopped: one recording of the three parts, as an MP4.
    await crews.stop(pushing);
    const operatorNow = await api.token('operator');
    const stopped = await api.patch(`/api/v3/ott/streams/${stream.id}/stop`, { data: { id: stream.id, type: 'ott_stream', attributes: { use_backup: false } } }, { token: operatorNow });
    expect(stopped.status, stopped.text).toBe(200);
    const whole = segmentsOf(await recording(api));
    expect(whole.ended).toBe(true);
    const recordedSeconds = [...(await recording(api)).matchAll(/#EXTINF:([\d.]+)/g)].reduce((sum, m) => sum + Number(m[1]), 0);
    const job = await api.post(`/api/v3/ott/streams/${stream.id}/download`, undefined, { token: operatorNow });
    expect(job.status, job.text).toBe(202);
    const done = await waitFor('the MP4', async () => {
      const j = (await api.get(`/api/v3/ott/transcoding_jobs/${job.body.data.id}`, { headers: { 'cache-control': 'no-cache' } })).body.data;
      return /^(FINISHED|ERROR|CANCELED|TRANSFER_ERROR)$/.test(j.attributes.state) ? j : null;
    }, 60_000);
    expect(done.attributes.state, done.attributes.error).toBe('FINISHED');
    const mp4 = await fetch(new URL(done.attributes.output_url, api.url));
    expect(mp4.status).toBe(200);
    const file = join(db.env.DATA_DIR!, 'recording-check.mp4');
    writeFileSync(file, Buffer.from(await mp4.arrayBuffer()));
    const { stdout } = await promisify(execFile)('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]);
    const duration = Number(stdout.trim());
    // Every part is in it: at least the segments of before both restarts, and about all that was recorded.
    expect(pushes[1]).toBeGreaterThan(pushes[0]);
    expect(duration).toBeGreaterThan(recordedSeconds - 3);
    expect(duration).toBeLessThan(recordedSeconds + 3);
  });
});
