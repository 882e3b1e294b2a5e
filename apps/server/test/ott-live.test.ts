import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelDemoTranscodings, startTestServer, type TestServer } from './support/test-server';
import { waitFor } from './support/wait';

/**
 * The live engine inside the server, end to end (issue 11): an operator creates a stream and its
 * event, reads the ingest addresses, a contribution encoder (ffmpeg: test pattern, burnt-in clock,
 * tone) pushes RTMP with the secret key, `start` publishes it, and a player reads the HLS the
 * server serves; `stop` ends the playlist and the event. The engine's own tests (src/ott/live)
 * cover SRT, pause, fail-over, markers and recordings in depth.
 */
let api: TestServer;
const contributors: ChildProcess[] = [];

beforeAll(async () => {
  api = await startTestServer({}, { OTT_WORKER: 'true', OTT_LIVE: 'true', OTT_INGEST_HOST: '127.0.0.1', OTT_INGEST_PUBLIC_HOST: '127.0.0.1', OTT_LIVE_PRESET: 'ultrafast', OTT_LIVE_LADDER: '320x180@300' });
  await cancelDemoTranscodings(api);
}, 120_000);
afterAll(async () => {
  for (const c of contributors) c.kill('SIGKILL');
  await api?.close();
});

function contribute(url: string, seconds: number): ChildProcess {
  const child = spawn('nice', ['-n', '10', 'ffmpeg', '-hide_banner', '-nostdin', '-loglevel', 'error', '-re',
    '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', String(seconds),
    '-vf', "drawtext=text='%{localtime\\:%T}':fontcolor=white:fontsize=20:x=8:y=8",
    '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '25', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '64k', '-f', 'flv', url], { stdio: 'ignore' });
  contributors.push(child);
  return child;
}

const rel = (type: string, id: string) => ({ data: { type, id } });

describe('a live stream through the server', () => {
  it('takes an RTMP contribution with its key, publishes HLS a player reads, and ends it', { timeout: 120_000 }, async () => {
    const operator = await api.token('operator');
    const stream = (await api.post('/api/v3/ott/streams', { data: { type: 'ott_streams', attributes: { protocol: 'rtmp', encryption: 'none' } } }, { token: operator })).body.data;
    const event = await api.post('/api/v3/ott/events', { data: { type: 'ott_events', attributes: { title: 'Legia – Lech', access: 'free' }, relationships: { stream: rel('ott_streams', stream.id) } } }, { token: operator });
    expect(event.status, event.text).toBe(201);

    // The operator sees where to push; a viewer sees neither the addresses nor the keys.
    const seen = await api.get(`/api/v3/ott/streams/${stream.id}`, { token: operator });
    const ingest = seen.body.meta.ingest as { primary: { rtmp: string }; backup: { rtmp: string } };
    expect(ingest.primary.rtmp).toMatch(new RegExp(`^rtmp://127\\.0\\.0\\.1:\\d+/.+/${seen.body.meta.primary_key}$`));
    const viewer = await api.get(`/api/v3/ott/streams/${stream.id}`, { token: await api.token('viewer') });
    expect(viewer.body.meta.ingest).toBeUndefined();
    expect(JSON.stringify(viewer.body)).not.toContain(seen.body.meta.primary_key);

    // A wrong key is refused: its encoder is cut off.
    const wrong = contribute(ingest.primary.rtmp.replace(seen.body.meta.primary_key, 'not-the-key-000'), 20);
    const wrongExit = await new Promise<number | null>((resolve) => wrong.on('exit', resolve));
    expect(wrongExit).not.toBe(0);

    contribute(ingest.primary.rtmp, 60);
    await waitFor('the contribution', async () => (await api.get(`/api/v3/ott/streams/${stream.id}`, { token: operator })).body.meta.health?.connected?.primary);
    const started = await api.patch(`/api/v3/ott/streams/${stream.id}/start`, { data: { id: stream.id, type: 'ott_stream', attributes: { use_backup: false } } }, { token: operator });
    expect(started.status, started.text).toBe(200);
    expect((await api.get(`/api/v3/ott/events/${event.body.data.id}`)).body.data.attributes.status).toBe('live');

    // A player: the playback address, the master playlist, a media playlist, a segment.
    const playback = (await api.get(`/api/v3/ott/events/${event.body.data.id}/playback`)).body.data.attributes.url as string;
    const masterUrl = new URL(playback, api.url).toString();
    const master = await waitFor('the master playlist', async () => {
      const res = await fetch(masterUrl);
      return res.status === 200 ? { text: await res.text(), type: res.headers.get('content-type'), cors: res.headers.get('access-control-allow-origin') } : null;
    });
    expect(master.type).toContain('application/vnd.apple.mpegurl');
    expect(master.cors).toBe('*');
    expect(master.text).toMatch(/RESOLUTION=320x180/);
    const variant = new URL(master.text.split('\n').find((l) => l && !l.startsWith('#'))!, masterUrl).toString();
    const media = await waitFor('a segment in the media playlist', async () => {
      const text = await (await fetch(variant)).text();
      return /#EXTINF/.test(text) ? text : null;
    });
    const segmentUrl = new URL(media.split('\n').filter((l) => l && !l.startsWith('#'))[0], variant).toString();
    const segment = await fetch(segmentUrl);
    expect(segment.status).toBe(200);
    const bytes = Buffer.from(await segment.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(1000);

    const stopped = await api.patch(`/api/v3/ott/streams/${stream.id}/stop`, { data: { id: stream.id, type: 'ott_stream', attributes: { use_backup: false } } }, { token: operator });
    expect(stopped.status, stopped.text).toBe(200);
    expect((await api.get(`/api/v3/ott/events/${event.body.data.id}`)).body.data.attributes.status).toBe('ended');
    await waitFor('the end of the playlist', async () => /#EXT-X-ENDLIST/.test(await (await fetch(variant)).text()));
    // After the stop the event plays its recording as HLS VOD: every segment, from the first.
    const vod = (await api.get(`/api/v3/ott/events/${event.body.data.id}/playback`)).body.data.attributes;
    expect(vod).toMatchObject({ kind: 'vod', url: expect.stringMatching(new RegExp(`/ott/hls/live/${stream.id}/vod\\.m3u8$`)) });
    const vodMaster = new URL(vod.url, api.url).toString();
    const vodVariant = new URL((await (await fetch(vodMaster)).text()).split('\n').find((l) => l && !l.startsWith('#'))!, vodMaster).toString();
    const vodMedia = await (await fetch(vodVariant)).text();
    expect(vodMedia).toMatch(/#EXT-X-ENDLIST/);
    expect(vodMedia.split('\n').filter((l) => l && !l.startsWith('#'))[0]).toBe(segmentUrl.split('/').pop());
    // Ended: no ingest to give, and reading the stream is still fine.
    const after = await api.get(`/api/v3/ott/streams/${stream.id}`, { token: operator });
    expect(after.status).toBe(200);
    expect(after.body.meta.ingest).toBeNull();
  });
});
