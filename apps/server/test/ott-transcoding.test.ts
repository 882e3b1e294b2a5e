import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeFile } from '../src/media/videos/ffmpeg';
import { toDb } from '../src/db/values';
import { makeClip } from './support/clip';
import { addLibraryFile } from './support/library';
import { storageEnv, testS3Env } from './support/s3';
import { cancelDemoTranscodings, startTestServer, TEST_DB, type TestServer } from './support/test-server';

/** VOD transcoding through the durable queue with Debian's real ffmpeg (clips of seconds). */
let api: TestServer;
let work: string;
let hits = 0;
let trap: Server;
let trapUrl: string;

const clip = (name: string, size: string, seconds: number) => makeClip(work, name, size, seconds);

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'umpire-ott-tc-'));
  // Anything a crafted file makes ffmpeg fetch lands here and is counted.
  trap = createServer((_req, res) => {
    hits++;
    res.end('#EXTM3U\n');
  });
  await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve));
  trapUrl = `http://127.0.0.1:${(trap.address() as AddressInfo).port}`;
  api = await startTestServer({}, { JOB_POLL_MS: '50', OTT_WORKER: 'true' });
  await cancelDemoTranscodings(api);
}, 60_000);
afterAll(async () => {
  await api?.close();
  trap?.close();
  rmSync(work, { recursive: true, force: true });
});

const rel = (type: string, id: string) => ({ data: { type, id } });
const fresh = { headers: { 'cache-control': 'no-cache' } };

async function video(bytes: Buffer, name = 'clip.mp4', t = api) {
  const file = await addLibraryFile(t.server, { name, kind: 'video', bytes, contentType: name.endsWith('.avi') ? 'video/x-msvideo' : 'video/mp4' });
  const res = await t.post('/api/v3/videos', { data: { type: 'videos', attributes: { file_id: file.id } } });
  return { file, res };
}

async function eventWith(videoId: string | null, title = 'VOD', t = api) {
  const res = await t.post('/api/v3/ott/events', { data: { type: 'ott_events', attributes: { title }, relationships: videoId ? { video: rel('videos', videoId) } : {} } });
  expect(res.status, res.text).toBe(201);
  return res.body.data.id as string;
}

async function jobsOf(eventId: string, t = api) {
  return (await t.get(`/api/v3/ott/transcoding_jobs?filter[event_id]=${eventId}&sort=-created_at`, fresh)).body.data as any[];
}

async function settled(jobId: string, timeout = 60_000, t = api) {
  await expect
    .poll(async () => (await t.get(`/api/v3/ott/transcoding_jobs/${jobId}`, fresh)).body.data.attributes.state, { timeout, interval: 100 })
    .toMatch(/^(FINISHED|ERROR|CANCELED|TRANSFER_ERROR)$/);
  return (await t.get(`/api/v3/ott/transcoding_jobs/${jobId}`, fresh)).body.data;
}

const nowDb = (d = new Date()) => toDb(api.server.database.dialect, 'datetime', d.toISOString()) as string;

/** The main case, on the storage `t` runs with: a library video transcoded through the queue, stored, and played. */
async function transcodesToHls(t: TestServer) {
    const { res } = await video(await clip(`small-${t.server.config.storage.driver}.mp4`, '320x180', 2), 'clip.mp4', t);
    expect(res.status, res.text).toBe(201);
    const seen: { state: string; progress: number }[] = [];
    const stop = t.server.bus.subscribe((e) => {
      if (e.type === 'transcoding_jobs' && e.after) seen.push({ state: String(e.after.state), progress: Number(e.after.progress) });
    });
    const eventId = await eventWith(res.body.data.id, 'VOD', t);
    const [job] = await jobsOf(eventId, t);
    expect(job.relationships.event.data).toEqual({ type: 'ott_events', id: eventId });
    const done = await settled(job.id, 60_000, t);
    stop();
    expect(done.attributes, JSON.stringify(done.attributes)).toMatchObject({ state: 'FINISHED', progress: 100, renditions: ['180p'], output_url: `/ott/hls/vod/${job.id}/master.m3u8`, error: null });
    expect(done.attributes.duration).toBeCloseTo(2, 0);
    const states = seen.map((s) => s.state);
    expect(states[0]).toBe('QUEUED');
    expect(states).toContain('RUNNING');
    expect(states.at(-1)).toBe('FINISHED');
    expect(states.indexOf('RUNNING')).toBeLessThan(states.indexOf('FINISHED'));
    // Progress only goes up.
    const progress = seen.map((s) => s.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));

    // The ladder is in the configured storage (the bucket on S3), under the job's folder.
    const stored: string[] = [];
    for await (const o of t.server.storage.list('ott/')) if (o.key.includes(`/j${job.id}/`)) stored.push(o.key.slice(o.key.indexOf(`/j${job.id}/`) + 1));
    expect(stored).toEqual(expect.arrayContaining([`j${job.id}/master.m3u8`, `j${job.id}/180p/index.m3u8`]));
    expect(stored.some((k) => /^j\d+\/180p\/.+\.ts$/.test(k)), stored.join(' ')).toBe(true);

    // Served as HLS with the players' media types, and readable by a player (ffprobe over HTTP).
    const master = await t.get(`/ott/hls/vod/${job.id}/master.m3u8`, { token: null });
    expect(master.status).toBe(200);
    expect(master.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(master.text).toContain('180p/index.m3u8');
    const variant = await t.get(`/ott/hls/vod/${job.id}/180p/index.m3u8`, { token: null });
    expect(variant.text).toContain('#EXT-X-ENDLIST');
    const segment = await t.get(`/ott/hls/vod/${job.id}/180p/${variant.text.split('\n').find((l: string) => l.endsWith('.ts'))}`, { token: null });
    expect(segment.headers.get('content-type')).toBe('video/mp2t');
    const { stdout } = await promisify(execFile)('ffprobe', ['-v', 'error', '-protocol_whitelist', 'http,tcp', '-show_entries', 'stream=codec_name,height', '-of', 'csv=p=0', `${t.url}/ott/hls/vod/${job.id}/master.m3u8`]);
    expect(stdout).toContain('h264,180');
    expect(stdout).toContain('aac');
    const status = await t.get(`/api/v3/ott/events/${eventId}/status`);
    expect(status.body.data.attributes.encoding).toMatchObject({ state: 'FINISHED', progress: 100 });
}

describe(`VOD transcoding on ${TEST_DB}`, () => {
  it('probes and transcodes a library video to HLS through the queue, with its states and progress', async () => {
    await transcodesToHls(api);
  }, 90_000);

  it('cancels a running job once (ffmpeg stopped, nothing stored), then recreate_encoding runs it again', async () => {
    const { res } = await video(await clip('long.mp4', '1280x720', 8));
    expect(res.status, res.text).toBe(201);
    const cancelled: Promise<{ status: number }>[] = [];
    const stop = api.server.bus.subscribe((e) => {
      if (e.type === 'transcoding_jobs' && e.after?.state === 'RUNNING' && !cancelled.length) cancelled.push(api.post(`/api/v3/ott/transcoding_jobs/${e.id}/cancel`, undefined));
    });
    const eventId = await eventWith(res.body.data.id, 'Do anulowania');
    const [job] = await jobsOf(eventId);
    const done = await settled(job.id);
    stop();
    expect(cancelled).toHaveLength(1);
    expect((await cancelled[0]).status).toBe(200);
    expect(done.attributes.state).toBe('CANCELED');
    // The worker noticed within its heartbeat and stopped ffmpeg: once its handler has returned (the
    // queue's row no longer started), the job stays cancelled and nothing is stored.
    await expect
      .poll(async () => (await api.server.database.db.selectFrom('jobs').select('status').where('key', '=', `ott.transcoding:${job.id}`).executeTakeFirst())?.status, { timeout: 30_000, interval: 100 })
      .toBe('finished');
    expect((await api.get(`/api/v3/ott/transcoding_jobs/${job.id}`, fresh)).body.data.attributes.state).toBe('CANCELED');
    const stored: string[] = [];
    for await (const o of api.server.storage.list(`ott/`)) if (o.key.includes(`/j${job.id}/`)) stored.push(o.key);
    expect(stored).toEqual([]);
    const again = await api.post(`/api/v3/ott/transcoding_jobs/${job.id}/cancel`, undefined);
    expect(again.status).toBe(409);
    expect(again.body.errors[0].code).toBe('transcodingEnded');

    const rerun = await api.post(`/api/v3/ott/events/${eventId}/recreate_encoding`, undefined);
    expect(rerun.status, rerun.text).toBe(202);
    expect(rerun.body.data.attributes.state).toBe('QUEUED');
    const second = await settled(rerun.body.data.id, 120_000);
    expect(second.attributes).toMatchObject({ state: 'FINISHED', renditions: ['720p', '360p'] });
  }, 180_000);

  it('resumes a job whose worker died (lease lapsed), and never takes one whose lease still holds', async () => {
    const worker = api.server.app.ottJobs!;
    await worker.stop();
    try {
      const { res } = await video(await clip('resume.mp4', '320x180', 2));
      const eventId = await eventWith(res.body.data.id, 'Po awarii');
      const [job] = await jobsOf(eventId);
      const db = api.server.database.db;
      // A worker took it and is still alive: nobody else may run it.
      await db
        .updateTable('jobs')
        .set({ status: 'started', locked_by: 'another-instance', locked_until: nowDb(new Date(Date.now() + 60_000)), attempts: 1 })
        .where('key', '=', `ott.transcoding:${job.id}`)
        .execute();
      await db.updateTable('ott_transcoding_jobs').set({ state: 'RUNNING', progress: 40 }).where('id', '=', Number(job.id)).execute();
      expect(await worker.runDue()).toBe(0);
      // It died: its lease lapses, and the next worker takes the job again from the start.
      await db.updateTable('jobs').set({ locked_until: nowDb(new Date(Date.now() - 1000)) }).where('key', '=', `ott.transcoding:${job.id}`).execute();
      expect(await worker.runDue()).toBe(1);
      const done = (await api.get(`/api/v3/ott/transcoding_jobs/${job.id}`, fresh)).body.data;
      expect(done.attributes).toMatchObject({ state: 'FINISHED', progress: 100, attempts: 2 });
      const row = await db.selectFrom('jobs').select(['status', 'attempts', 'locked_by']).where('key', '=', `ott.transcoding:${job.id}`).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'finished', locked_by: null });
    } finally {
      await worker.start();
    }
  }, 90_000);

  it('keeps ffmpeg\'s reason when a job fails', async () => {
    const { file, res } = await video(await clip('broken.mp4', '320x180', 2));
    // The stored bytes go bad after the video was chosen (a disk error, a bad upload repaired by hand).
    await api.server.storage.put(file.storageKey, Readable.from([Buffer.alloc(4096, 7)]));
    const eventId = await eventWith(res.body.data.id, 'Zepsuty');
    const [job] = await jobsOf(eventId);
    const done = await settled(job.id);
    expect(done.attributes.state).toBe('ERROR');
    expect(done.attributes.error).toMatch(/Invalid data|could not find|not on whitelist/i);
    const status = await api.get(`/api/v3/ott/events/${eventId}/status`);
    expect(status.status).toBe(422);
    expect(status.body.errors[0].code).toBe('ottEncodingFailed');
  }, 60_000);

  describe('crafted uploads reach nothing', () => {
    const crafted = () => ({
      hls: Buffer.from(`#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\nfile:///etc/passwd\n#EXTINF:10,\n${trapUrl}/segment.ts\n#EXT-X-ENDLIST\n`),
      concat: Buffer.from(`ffconcat version 1.0\nfile /etc/passwd\nfile ${trapUrl}/part.mp4\n`),
    });

    it('refuses them as videos of the library', async () => {
      for (const [kind, bytes] of Object.entries(crafted())) {
        const { res } = await video(bytes, `${kind}.avi`);
        expect(res.status, kind).toBe(422);
        expect(res.body.errors[0].source.pointer).toBe('/data/attributes/file_id');
      }
      expect(hits).toBe(0);
    });

    it('fails their transcoding without reading /etc/passwd or calling the address', async () => {
      for (const [kind, bytes] of Object.entries(crafted())) {
        // Swapped in behind a valid video, so the transcoder itself meets them.
        const { file, res } = await video(await clip(`${kind}.mp4`, '320x180', 1));
        await api.server.storage.put(file.storageKey, Readable.from([bytes]));
        const eventId = await eventWith(res.body.data.id, kind);
        const [job] = await jobsOf(eventId);
        const done = await settled(job.id);
        expect(done.attributes.state, kind).toBe('ERROR');
        expect(done.attributes.error, kind).toMatch(/not on whitelist|Invalid/i);
        expect(done.attributes.output_url).toBeNull();
      }
      expect(hits).toBe(0);
      // The probe itself, given the files directly, refuses them too.
      for (const [kind, bytes] of Object.entries(crafted())) {
        const path = join(work, `${kind}.avi`);
        writeFileSync(path, bytes);
        await expect(probeFile(path), kind).rejects.toThrow();
      }
      expect(hits).toBe(0);
    }, 60_000);
  });
});

// The same case on the S3 driver (the bucket of its own), when the S3-compatible test server runs.
describe.skipIf(!testS3Env)(`VOD transcoding on ${TEST_DB} with S3 storage`, () => {
  let s3api: TestServer;
  beforeAll(async () => {
    s3api = await startTestServer({}, { ...(await storageEnv('s3')), JOB_POLL_MS: '50', OTT_WORKER: 'true' });
    await cancelDemoTranscodings(s3api);
  }, 60_000);
  afterAll(async () => {
    await s3api?.close();
  });

  it('transcodes a library video into the bucket and plays it from there', async () => {
    expect(s3api.server.config.storage.driver).toBe('s3');
    await transcodesToHls(s3api);
  }, 90_000);
});
