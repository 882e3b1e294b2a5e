import { up as scrubStreamSecrets } from '../src/db/migrations/0027-audit-without-stream-secrets';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveControl, LiveHealth, LiveMarker, LiveOutputState, LiveStreamConfig, OpenIngest } from '../src/ott/live-control';
import { LiveHlsStore } from '../src/ott/live-store';
import { cancelDemoTranscodings, startTestServer, TEST_DB, type TestServer } from './support/test-server';

/**
 * A live engine that records what the routes ask of it and, once started, publishes a fixed output
 * to storage as the real one does (so playback is served from there); the real engine is tested
 * with ffmpeg in ott-live.test.ts and the cluster test.
 */
class FakeLive implements LiveControl {
  readonly renditions = 1;
  calls: string[] = [];
  configs: LiveStreamConfig[] = [];
  markers = new Map<number, LiveMarker[]>();
  states = new Map<number, LiveOutputState>();
  clients = new Map<number, number>();
  refuseNextStart = false;
  store: LiveHlsStore | null = null;
  constructor(readonly segment: string) {}
  async ensureIngest(config: LiveStreamConfig): Promise<OpenIngest> {
    this.configs.push(config);
    this.clients.set(config.streamId, config.clientId);
    const at = (port: number, key: string) => ({ rtmp: `rtmp://127.0.0.1:${port}/live/${key}`, srt: `srt://127.0.0.1:${port + 1}?mode=caller` });
    const ports = { primary: { rtmp: 19350, srt: 19351 }, backup: { rtmp: 19360, srt: 19361 } };
    return { primary: at(19350, config.primaryKey), backup: at(19360, config.backupKey), ports };
  }
  async resume(config: LiveStreamConfig, state: { paused: boolean }): Promise<OpenIngest> {
    this.states.set(config.streamId, state.paused ? 'paused' : 'live');
    return this.ensureIngest(config);
  }
  private sink(id: number) {
    return this.store!.sink(this.clients.get(id)!, id);
  }
  async start(id: number, useBackup: boolean) {
    if (this.refuseNextStart) {
      this.refuseNextStart = false;
      throw new Error('no input on the primary ingest');
    }
    this.calls.push(`start ${id} ${useBackup}`);
    this.states.set(id, 'live');
    await this.sink(id).putText('master.m3u8', '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000\nr0/index.m3u8\n');
    await this.sink(id).putFile('r0/seg_000001.ts', this.segment);
  }
  async pause(id: number, useBackup: boolean) {
    this.calls.push(`pause ${id} ${useBackup}`);
    this.states.set(id, 'paused');
  }
  async stop(id: number) {
    this.calls.push(`stop ${id}`);
    this.states.set(id, 'ended');
    await this.sink(id).putText('vod.m3u8', '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000\nr0/recording.m3u8\n#EXT-X-ENDLIST\n');
  }
  async suspend(id: number) {
    this.calls.push(`suspend ${id}`);
  }
  state(id: number): LiveOutputState {
    return this.states.get(id) ?? 'idle';
  }
  health(id: number): LiveHealth | null {
    return this.states.get(id) === 'live'
      ? { input: 'primary', connected: { primary: true, backup: false }, bitrateKbps: 2500, fps: 25, droppedFrames: 0, rttMs: null, packetLossPercent: null, at: new Date().toISOString() }
      : null;
  }
  onHealth() {
    return () => undefined;
  }
  async setMarkers(id: number, markers: LiveMarker[]) {
    this.markers.set(id, markers);
  }
  async close() {}
}

let api: TestServer;
let live: FakeLive;
let work: string;
let segment: string;
let image: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'umpire-ott-hls-'));
  // One real second of the output (a recording's MP4 is remuxed by the real ffmpeg).
  segment = join(work, 'seg.ts');
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=160x90:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '1', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-f', 'mpegts', segment]);
  live = new FakeLive(segment);
  api = await startTestServer({}, { JOB_POLL_MS: '50', OTT_WORKER: 'true' }, { liveControl: live });
  live.store = new LiveHlsStore(api.server.storage);
  await cancelDemoTranscodings(api);
  image = (await api.get('/api/v3/images?page[size]=1')).body.data[0].id;
});
afterAll(async () => {
  await api?.close();
  rmSync(work, { recursive: true, force: true });
});

const rel = (type: string, id: string | null) => ({ data: id === null ? null : { type, id } });

async function createStream(attributes: Record<string, unknown> = {}) {
  const res = await api.post('/api/v3/ott/streams', { data: { type: 'ott_streams', attributes: { protocol: 'srt', encryption: 'AES-128', ...attributes } } });
  expect(res.status, res.text).toBe(201);
  return res.body.data;
}

async function createEvent(attributes: Record<string, unknown> = {}, relationships: Record<string, unknown> = {}) {
  const res = await api.post('/api/v3/ott/events', { data: { type: 'ott_events', attributes: { title: 'Legia – Lech', ...attributes }, relationships } });
  expect(res.status, res.text).toBe(201);
  return res.body.data;
}

const action = (id: string, name: string, body: unknown, token?: string) => api.patch(`/api/v3/ott/streams/${id}/${name}`, body, token ? { token } : {});
const actionBody = (id: string, useBackup: unknown = false) => ({ data: { id, type: 'ott_stream', attributes: { use_backup: useBackup } } });

describe(`OTT resources on ${TEST_DB}`, () => {
  it('lists the countries of spec §3: official names, the home nations, Kosovo as XKX', async () => {
    const res = await api.get('/api/v3/ott/events/allowed_country');
    expect(res.status).toBe(200);
    const byCode = new Map(res.body.data.map((c: any) => [c.id, c.attributes.name]));
    expect(byCode.get('GB-ENG')).toBe('England');
    expect(byCode.get('GB-SCT')).toBe('Scotland');
    expect(byCode.get('GB-WLS')).toBe('Wales');
    expect(byCode.get('GB-NIR')).toBe('Northern Ireland');
    expect(byCode.get('XKX')).toBe('Kosovo');
    expect(byCode.has('XK')).toBe(false);
    expect(byCode.get('PL')).toBe('Poland');
    expect(res.body.data.length).toBeGreaterThan(230);
    const pl = await api.get('/api/v3/ott/events/allowed_country?locale=pl');
    expect(pl.body.data.find((c: any) => c.id === 'GB-ENG').attributes.name).toBe('Anglia');
  });

  it('keeps stream secrets to those who operate streams', async () => {
    const stream = await createStream();
    expect(stream.attributes).toMatchObject({ protocol: 'srt', encryption: 'AES-128', kind: 'live', use_backup: false, status: 'idle' });
    expect(stream.attributes.primary_key).toBeUndefined();
    const list = await api.get('/api/v3/ott/streams');
    expect(JSON.stringify(list.body)).not.toMatch(/primary_key|passphrase/);

    const full = await api.get(`/api/v3/ott/streams/${stream.id}`);
    expect(full.status).toBe(200);
    const a = full.body.meta;
    expect(a.primary_key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(a.backup_key).not.toBe(a.primary_key);
    expect(a.passphrase.length).toBeGreaterThanOrEqual(10);
    expect(a.passphrase.length).toBeLessThanOrEqual(79);
    expect(a.ingest.primary.rtmp).toContain(a.primary_key);
    expect(live.configs.at(-1)).toMatchObject({ streamId: Number(stream.id), protocol: 'srt', encryption: 'AES-128', passphrase: a.passphrase });

    for (const user of ['viewer', 'editor']) {
      const seen = await api.get(`/api/v3/ott/streams/${stream.id}`, { token: await api.token(user) });
      expect(seen.status).toBe(200);
      expect(JSON.stringify(seen.body)).not.toMatch(/primary_key|backup_key|passphrase|ingest"/);
    }
    const operator = await api.get(`/api/v3/ott/streams/${stream.id}`, { token: await api.token('operator') });
    expect(operator.body.meta.primary_key).toBe(a.primary_key);
    // Nor does the history of changes, which every role reads.
    const history = await api.get(`/api/v3/audit_events?filter[resource_type]=ott_streams&filter[resource_id]=${stream.id}`, { token: await api.token('viewer') });
    expect(history.status, history.text).toBe(200);
    expect(history.body.data.length).toBeGreaterThan(0);
    expect(JSON.stringify(history.body)).not.toContain(a.primary_key);
    expect(JSON.stringify(history.body)).not.toContain(a.passphrase);
    // An installation whose history recorded them before loses them with migration 0027.
    const db = api.server.database.db;
    const leaked = { protocol: { before: null, after: 'srt' }, primary_key: { before: null, after: a.primary_key }, passphrase: { before: null, after: a.passphrase } };
    const at = new Date().toISOString();
    await db.insertInto('audit_events').values({ client_id: 1, action: 'create', resource_type: 'ott_streams', resource_id: stream.id, actor: 'admin', changes: JSON.stringify(leaked), occurred_at: at, created_at: at, updated_at: at }).execute();
    await scrubStreamSecrets(db, api.server.database.dialect);
    const kept = await db.selectFrom('audit_events').select('changes').where('resource_type', '=', 'ott_streams').where('resource_id', '=', stream.id).execute();
    const text = JSON.stringify(kept);
    expect(text).not.toContain(a.primary_key);
    expect(text).toContain('srt');
    // A body cannot set the secrets.
    const forged = await api.patch(`/api/v3/ott/streams/${stream.id}`, { data: { type: 'ott_streams', id: stream.id, attributes: { primary_key: 'mine' } } });
    expect(forged.status).toBe(422);
    expect((await api.get(`/api/v3/ott/streams/${stream.id}`)).body.meta.primary_key).toBe(a.primary_key);
  });

  it('reads an event with the includes of spec §3 and its translations per locale', async () => {
    const stream = await createStream();
    const tag = (await api.post('/api/v3/tags', { data: { type: 'tags', attributes: { name: 'OTT test' } } })).body.data.id;
    const event = await createEvent(
      { access: 'pay_per_view', allowed_country: ['PL', 'GB-ENG', 'XKX'], starts_at: '2026-05-01T18:00:00Z' },
      { stream: rel('ott_streams', stream.id), image: rel('images', image), image_vertical: rel('images', image), tags: { data: [{ type: 'tags', id: tag }] } },
    );
    expect(event.attributes).toMatchObject({ status: 'pending', access: 'pay_per_view', allowed_country: ['PL', 'GB-ENG', 'XKX'], locale: 'pl', available_translations: ['pl'] });
    const en = await api.patch(`/api/v3/ott/events/${event.id}?locale=en`, { data: { type: 'ott_events', id: event.id, attributes: { title: 'Legia v Lech' } } });
    expect(en.status, en.text).toBe(200);
    expect(en.body.data.attributes.available_translations).toEqual(['pl', 'en']);
    expect((await api.get(`/api/v3/ott/events/${event.id}?locale=pl`)).body.data.attributes.title).toBe('Legia – Lech');
    await api.post('/api/v3/ott/markers', { data: { type: 'markers', attributes: { kind: 'chapter', start_at: '2026-05-01T18:01:00Z', title: 'Kick-off' }, relationships: { stream: rel('ott_streams', stream.id) } } });
    const doc = await api.get(`/api/v3/ott/events/${event.id}?include=stream,stream.marker,image,image_vertical,image_horizontal,tags,format,segment&locale=en`);
    expect(doc.status, doc.text).toBe(200);
    expect(doc.body.data.attributes.title).toBe('Legia v Lech');
    const types = doc.body.included.map((i: any) => i.type).sort();
    expect(types).toEqual(['images', 'markers', 'ott_streams', 'tags']);
    expect(JSON.stringify(doc.body.included)).not.toMatch(/primary_key/);
    const stream2 = await api.get(`/api/v3/ott/events/${event.id}/stream`);
    expect(stream2.body.data).toMatchObject({ type: 'ott_streams', id: stream.id });
    const none = await createEvent();
    expect((await api.get(`/api/v3/ott/events/${none.id}/stream`)).body.data).toBeNull();
    // Bad input: an unknown country, a status from the body.
    for (const [attributes, pointer] of [
      [{ allowed_country: ['XK'] }, '/data/attributes/allowed_country/0'],
      [{ allowed_country: 'PL' }, '/data/attributes/allowed_country'],
      [{ access: 'free_for_all' }, '/data/attributes/access'],
      [{ status: 'live' }, '/data/attributes/status'],
    ] as const) {
      const bad = await api.patch(`/api/v3/ott/events/${event.id}`, { data: { type: 'ott_events', id: event.id, attributes } });
      expect(bad.status, JSON.stringify(attributes)).toBe(422);
      expect(bad.body.errors[0].source.pointer).toBe(pointer);
    }
    expect((await api.get(`/api/v3/ott/events/${event.id}`)).body.data.attributes).toMatchObject({ status: 'pending', access: 'pay_per_view', allowed_country: ['PL', 'GB-ENG', 'XKX'] });
  });

  it('replaces the stream markers on create and hands them to the live engine before answering', async () => {
    const stream = await createStream();
    // Read once: this instance's engine now runs the stream (a stream nobody runs takes its markers when it starts).
    expect((await api.get(`/api/v3/ott/streams/${stream.id}`)).body.meta.ingest).toBeTruthy();
    const marker = (title: string) =>
      api.post('/api/v3/ott/markers?include=stream', { data: { type: 'markers', attributes: { kind: 'ad_break', start_at: '2026-05-01T18:30:00Z', duration_seconds: 30, title }, relationships: { stream: rel('ott_streams', stream.id) } } });
    const first = await marker('Pierwsza');
    expect(first.status, first.text).toBe(201);
    expect(first.body.included[0]).toMatchObject({ type: 'ott_streams', id: stream.id });
    const second = await marker('Druga');
    expect(second.status).toBe(201);
    const all = await api.get(`/api/v3/ott/markers?filter[stream_id]=${stream.id}`);
    expect(all.body.data.map((m: any) => m.attributes.title)).toEqual(['Druga']);
    expect((await api.get(`/api/v3/ott/markers/${first.body.data.id}`)).status).toBe(404);
    expect(live.markers.get(Number(stream.id))?.map((m) => m.title)).toEqual(['Druga']);
    const bad = await api.post('/api/v3/ott/markers', { data: { type: 'markers', attributes: { kind: 'goal', start_at: 'soon' }, relationships: { stream: rel('ott_streams', stream.id) } } });
    expect(bad.status).toBe(422);
    expect((await api.get(`/api/v3/ott/markers?filter[stream_id]=${stream.id}`)).body.data).toHaveLength(1);
  });

  it("rotates a stream's keys: new secrets handed to the open listeners, refused on air and to those who may not operate streams", async () => {
    const stream = await createStream();
    const before = (await api.get(`/api/v3/ott/streams/${stream.id}`)).body.meta;
    const rotate = (body?: unknown, token?: string) => api.post(`/api/v3/ott/streams/${stream.id}/rotate_keys`, body, token ? { token } : {});

    const rotated = await rotate();
    expect(rotated.status, rotated.text).toBe(200);
    const after = rotated.body.meta;
    expect(after.primary_key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    for (const name of ['primary_key', 'backup_key', 'passphrase']) expect(after[name], name).not.toBe(before[name]);
    expect(after.ingest.primary.rtmp).toContain(after.primary_key);
    expect(after.ingest.primary.rtmp).not.toContain(before.primary_key);
    // The engine got the new keys for the same stream, and a later read shows them.
    expect(live.configs.at(-1)).toMatchObject({ streamId: Number(stream.id), primaryKey: after.primary_key, backupKey: after.backup_key, passphrase: after.passphrase });
    expect((await api.get(`/api/v3/ott/streams/${stream.id}`)).body.meta.primary_key).toBe(after.primary_key);

    // Only those who may operate streams; an empty body only.
    expect((await rotate(undefined, await api.token('editor'))).status).toBe(403);
    expect((await rotate({ data: { type: 'ott_streams', attributes: { primary_key: 'mine' } } })).status).toBe(422);

    // On air, the encoder would be cut off: refused, keys kept.
    expect((await action(stream.id, 'start', actionBody(stream.id))).status).toBe(200);
    const onAir = await rotate();
    expect(onAir.status).toBe(409);
    expect(onAir.body.errors[0]).toMatchObject({ code: 'streamKeysOnAir', source: { pointer: '/data' } });
    expect((await api.get(`/api/v3/ott/streams/${stream.id}`)).body.meta.primary_key).toBe(after.primary_key);
    expect((await action(stream.id, 'stop', actionBody(stream.id))).status).toBe(200);
    expect((await rotate()).status).toBe(200);
  });

  it('goes start → pause → stop, moving the event pending → live → ended, and refuses the rest', async () => {
    const stream = await createStream({ protocol: 'rtmp', encryption: 'none' });
    const event = await createEvent({}, { stream: rel('ott_streams', stream.id) });
    const id = stream.id;
    // Bad bodies change nothing.
    for (const [body, status, pointer] of [
      [{ data: { id, type: 'ott_events', attributes: { use_backup: false } } }, 409, '/data/type'],
      [{ data: { id: '999999', type: 'ott_stream', attributes: { use_backup: false } } }, 409, '/data/id'],
      [{ data: { id, type: 'ott_stream', attributes: {} } }, 422, '/data/attributes/use_backup'],
      [{ data: { id, type: 'ott_stream', attributes: { use_backup: 'no' } } }, 422, '/data/attributes/use_backup'],
      [{ data: { id, type: 'ott_stream', attributes: { use_backup: false, status: 'live' } } }, 422, '/data/attributes/status'],
      [{}, 422, '/data'],
    ] as const) {
      const res = await action(id, 'start', body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.errors[0].source.pointer).toBe(pointer);
    }
    expect((await action(id, 'pause', actionBody(id))).status).toBe(409);
    expect((await api.get(`/api/v3/ott/streams/${id}`)).body.data.attributes.status).toBe('idle');

    // The engine refusing leaves the database as it was.
    live.refuseNextStart = true;
    const refused = await action(id, 'start', actionBody(id));
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0].code).toBe('liveEngineFailed');
    expect((await api.get(`/api/v3/ott/events/${event.id}`)).body.data.attributes.status).toBe('pending');

    const started = await action(id, 'start', actionBody(id));
    expect(started.status, started.text).toBe(200);
    expect(started.body.data.attributes).toMatchObject({ status: 'live', use_backup: false });
    expect((await api.get(`/api/v3/ott/events/${event.id}`)).body.data.attributes.status).toBe('live');
    const status = await api.get(`/api/v3/ott/events/${event.id}/status`);
    expect(status.body.data.attributes).toMatchObject({ status: 'live', stream_status: 'live', output_state: 'live', health: { fps: 25 } });
    // The protocol cannot change under a live encoder.
    const locked = await api.patch(`/api/v3/ott/streams/${id}`, { data: { type: 'ott_streams', id, attributes: { protocol: 'srt' } } });
    expect(locked.status).toBe(422);
    expect(locked.body.errors[0].code).toBe('streamLocked');

    expect((await api.delete(`/api/v3/ott/streams/${id}`)).status).toBe(409);
    expect((await action(id, 'pause', actionBody(id, true))).body.data.attributes).toMatchObject({ status: 'paused', use_backup: true });
    expect((await action(id, 'start', actionBody(id))).body.data.attributes.status).toBe('live');
    expect((await action(id, 'stop', actionBody(id))).body.data.attributes.status).toBe('ended');
    expect((await api.get(`/api/v3/ott/events/${event.id}`)).body.data.attributes.status).toBe('ended');
    expect(live.calls.filter((c) => c.includes(` ${id}`))).toEqual([`start ${id} false`, `pause ${id} true`, `start ${id} false`, `stop ${id}`]);
    // Stop is final.
    for (const name of ['start', 'pause', 'stop']) {
      const again = await action(id, name, actionBody(id));
      expect(again.status).toBe(409);
      expect(again.body.errors[0]).toMatchObject({ code: 'streamTransition' });
    }
  });

  it('checks abilities and refuses another client\'s ids as if they did not exist', async () => {
    const stream = await createStream();
    const viewer = await api.token('viewer');
    expect((await action(stream.id, 'start', actionBody(stream.id), viewer)).status).toBe(403);
    expect((await api.post(`/api/v3/ott/streams/${stream.id}/download`, undefined, { token: viewer })).status).toBe(403);
    const operator = await api.token('operator');
    expect((await action(stream.id, 'start', actionBody(stream.id), operator)).status).toBe(200);
    const other = await api.token('other-admin');
    expect((await api.get(`/api/v3/ott/streams/${stream.id}`, { token: other })).status).toBe(404);
    expect((await action(stream.id, 'stop', actionBody(stream.id), other)).status).toBe(404);
    const event = await createEvent();
    expect((await api.get(`/api/v3/ott/events/${event.id}/status`, { token: other })).status).toBe(404);
    expect((await api.post(`/api/v3/ott/events/${event.id}/recreate_encoding`, undefined, { token: other })).status).toBe(404);
    // Linking another client's stream to one's event is refused too.
    const theirs = await api.post('/api/v3/ott/streams', { data: { type: 'ott_streams', attributes: { protocol: 'rtmp' } } }, { token: other });
    const link = await api.patch(`/api/v3/ott/events/${event.id}`, { data: { type: 'ott_events', id: event.id, relationships: { stream: rel('ott_streams', theirs.body.data.id) } } });
    expect(link.status).toBe(422);
    expect((await api.get(`/api/v3/ott/streams/${stream.id}`)).body.data.attributes.status).toBe('live');
  });

  it('orders a format by segments of its own, and a playlist by position', async () => {
    const format = (await api.post('/api/v3/ott/formats', { data: { type: 'formats', attributes: { title: 'Skróty' } } })).body.data;
    const segment = async (name: string, formatId = format.id) =>
      (await api.post('/api/v3/ott/segments', { data: { type: 'segments', attributes: { name }, relationships: { format: rel('formats', formatId) } } })).body.data.id;
    const [a, b] = [await segment('Studio'), await segment('Mecz')];
    const otherFormat = (await api.post('/api/v3/ott/formats', { data: { type: 'formats', attributes: { title: 'Inny' } } })).body.data;
    const foreign = await segment('Obcy', otherFormat.id);
    const order = (items: string[]) => api.patch(`/api/v3/ott/formats/${format.id}`, { data: { type: 'formats', id: format.id, attributes: { segments_order: items.map((segment_id) => ({ segment_id })) } } });
    expect((await order([b, foreign])).body.errors[0].source.pointer).toBe('/data/attributes/segments_order/1/segment_id');
    expect((await order([b, b])).status).toBe(422);
    expect((await order(['x'])).status).toBe(422);
    const ok = await order([b, a]);
    expect(ok.status, ok.text).toBe(200);
    const read = await api.get(`/api/v3/ott/formats/${format.id}?include=segments`);
    expect(read.body.data.attributes.segments_order).toEqual([{ segment_id: b }, { segment_id: a }]);
    expect(read.body.included.map((s: any) => s.id).sort()).toEqual([a, b].sort());

    const playlist = (await api.post('/api/v3/ott/playlists', { data: { type: 'playlists', attributes: { title: 'Kolejka' } } })).body.data;
    const [e1, e2] = [await createEvent({ title: 'Pierwszy' }), await createEvent({ title: 'Drugi' })];
    for (const [event, position] of [[e1, 2], [e2, 1]] as const)
      expect((await api.post('/api/v3/ott/playlist_events', { data: { type: 'playlist_events', attributes: { position }, relationships: { playlist: rel('playlists', playlist.id), event: rel('ott_events', event.id) } } })).status).toBe(201);
    const events = await api.get(`/api/v3/ott/playlists/${playlist.id}/events?include=stream`);
    expect(events.status, events.text).toBe(200);
    expect(events.body.data.map((e: any) => e.attributes.title)).toEqual(['Drugi', 'Pierwszy']);
    const withLinks = await api.get(`/api/v3/ott/playlists/${playlist.id}?include=playlist_events,playlist_tags,tags,image`);
    expect(withLinks.body.included.filter((i: any) => i.type === 'playlist_events')).toHaveLength(2);
    expect((await api.get(`/api/v3/ott/playlists/999999/events`)).status).toBe(404);
  });

  it('exports the events as a CSV download with formulas defused', async () => {
    await createEvent({ title: '=HYPERLINK("http://evil")' });
    // The same shared cell as every CSV (@umpire/schema csvCell): + - @ too; a list as words.
    await createEvent({ title: '@SUM(A1:A9)', allowed_country: ['PL', 'LT'] });
    await createEvent({ title: '-2+3+cmd|calc' });
    const res = await api.get('/api/v3/ott/events/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="ott-events.csv"');
    const lines = res.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('id,title,status,access,starts_at,allowed_country,stream_id,video_id,created_at');
    expect(res.text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(res.text).toContain(`"'@SUM(A1:A9)"`);
    expect(res.text).toContain(`"'-2+3+cmd|calc"`);
    expect(res.text).toMatch(/"PL LT"|"LT PL"/);
    expect((await api.get('/api/v3/ott/events/export', { token: null })).status).toBe(401);
  });

  it('answers the status path with a 422 carrying the reason of a failed encoding', async () => {
    const event = await createEvent();
    expect((await api.get(`/api/v3/ott/events/${event.id}/status`)).body.data.attributes).toMatchObject({ status: 'pending', encoding: null });
    const noVideo = await api.post(`/api/v3/ott/events/${event.id}/recreate_encoding`, undefined);
    expect(noVideo.status).toBe(422);
    expect(noVideo.body.errors[0]).toMatchObject({ code: 'ottNoVideo', source: { pointer: '/data/relationships/video' } });
    const withBody = await api.post(`/api/v3/ott/events/${event.id}/recreate_encoding`, { data: { type: 'x' } });
    expect(withBody.status).toBe(422);
    const now = new Date().toISOString();
    const db = api.server.database;
    const at = db.dialect === 'postgres' ? now : now;
    await db.db
      .insertInto('ott_transcoding_jobs')
      .values({ client_id: 1, event_id: Number(event.id), state: 'ERROR', source: 'vod', progress: 12, error: 'Invalid data found when processing input', attempts: 1, created_at: at, updated_at: at })
      .execute();
    const failed = await api.get(`/api/v3/ott/events/${event.id}/status`);
    expect(failed.status).toBe(422);
    expect(failed.body.errors[0]).toMatchObject({ code: 'ottEncodingFailed', meta: { params: { state: 'ERROR' } } });
    expect(failed.body.errors[0].detail).toContain('Invalid data found when processing input');
  });

  it('turns a live recording into an MP4 job and serves it and the live HLS with signatures and country rules', async () => {
    const stream = await createStream();
    const event = await createEvent({ access: 'pay_per_view', allowed_country: ['PL'] }, { stream: rel('ott_streams', stream.id) });
    // What an earlier run of the stream recorded, in storage (where the MP4 job reads it, on any instance).
    const recorded = live.store!.sink(1, Number(stream.id));
    await recorded.putFile('r0/seg_000000.ts', segment);
    await recorded.putFile('r0/seg_000001.ts', segment);
    await recorded.putText('r0/recording.m3u8', '#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1.0,\nseg_000000.ts\n#EXTINF:1.0,\nseg_000001.ts\n');
    const job = await api.post(`/api/v3/ott/streams/${stream.id}/download`, undefined);
    expect(job.status, job.text).toBe(202);
    expect(job.body.data.attributes).toMatchObject({ source: 'recording', state: 'QUEUED' });
    await expect.poll(async () => (await api.get(`/api/v3/ott/transcoding_jobs/${job.body.data.id}`, { headers: { 'cache-control': 'no-cache' } })).body.data.attributes.state, { timeout: 15_000 }).toBe('FINISHED');
    const done = (await api.get(`/api/v3/ott/transcoding_jobs/${job.body.data.id}?include=event`)).body;
    expect(done.data.attributes).toMatchObject({ progress: 100, output_url: `/ott/hls/vod/${job.body.data.id}/recording.mp4` });
    expect(done.included[0]).toMatchObject({ type: 'ott_events', id: event.id });
    // Read-only: the jobs are made by the server.
    expect((await api.post('/api/v3/ott/transcoding_jobs', { data: { type: 'transcoding_jobs', attributes: {} } })).status).toBe(404);

    const pl = { 'cf-ipcountry': 'PL' };
    const plain = `/ott/hls/vod/${job.body.data.id}/recording.mp4`;
    expect((await api.get(plain, { token: null, headers: pl })).status).toBe(403);
    // The MP4 is a download, not what the event plays: no HLS VOD yet, so nothing to play.
    const playback = await api.get(`/api/v3/ott/events/${event.id}/playback`);
    expect(playback.body.data.attributes).toMatchObject({ kind: null, url: null, download_job_id: job.body.data.id, access: 'pay_per_view' });
    const signed = new URL(playback.body.data.attributes.download_url).pathname;
    expect(signed).toMatch(new RegExp(`^/ott/hls/vod/${job.body.data.id}/s/\\d+/[A-Za-z0-9_-]{43}/recording\\.mp4$`));
    const ok = await api.get(signed, { token: null, headers: pl });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('video/mp4');
    expect(ok.headers.get('content-disposition')).toBe(`attachment; filename="recording-${job.body.data.id}.mp4"`);
    expect(ok.headers.get('access-control-allow-origin')).toBe('*');
    // An MP4 of both recorded segments, remuxed by ffmpeg.
    expect(ok.text.slice(4, 8)).toBe('ftyp');
    expect((await api.get(signed, { token: null, headers: { 'cf-ipcountry': 'DE' } })).status).toBe(403);
    expect((await api.get(signed, { token: null })).status).toBe(403);
    const tampered = signed.replace(/\/s\/(\d+)\//, (_m, exp: string) => `/s/${Number(exp) + 1}/`);
    expect((await api.get(tampered, { token: null, headers: pl })).status).toBe(403);
    expect((await api.get(signed.replace('recording.mp4', '..%2F..%2F..%2Fetc%2Fpasswd'), { token: null, headers: pl })).status).toBe(404);

    // Live: the output the owner publishes to storage while the stream runs, with the HLS media types.
    expect((await action(stream.id, 'start', actionBody(stream.id))).status).toBe(200);
    const livePlayback = (await api.get(`/api/v3/ott/events/${event.id}/playback`)).body.data.attributes;
    expect(livePlayback.kind).toBe('live');
    const livePath = new URL(livePlayback.url).pathname;
    const master = await api.get(livePath, { token: null, headers: pl });
    expect(master.status).toBe(200);
    expect(master.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(master.headers.get('cache-control')).toBe('private, max-age=1');
    const piece = await api.get(livePath.replace('master.m3u8', 'r0/seg_000001.ts'), { token: null, headers: pl });
    expect(piece.status).toBe(200);
    expect(piece.headers.get('content-type')).toBe('video/mp2t');
    expect(piece.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    // A segment never changes: ranges of it are served. A playlist is rewritten with every
    // segment: always whole, whatever the Range asked (its size and bytes from one version).
    const pieceRange = await api.get(livePath.replace('master.m3u8', 'r0/seg_000001.ts'), { token: null, headers: { ...pl, range: 'bytes=0-3' } });
    expect([pieceRange.status, pieceRange.headers.get('content-range')]).toEqual([206, `bytes 0-3/${piece.headers.get('content-length')}`]);
    const masterRange = await api.get(livePath, { token: null, headers: { ...pl, range: 'bytes=0-3' } });
    expect([masterRange.status, masterRange.text, masterRange.headers.get('accept-ranges')]).toEqual([200, master.text, 'none']);
    // A segment not there yet: a 404 that no cache keeps (a segment's year-long header is for the segment).
    const missing = await api.get(livePath.replace('master.m3u8', 'r0/seg_000009.ts'), { token: null, headers: pl });
    expect([missing.status, missing.headers.get('cache-control')]).toEqual([404, 'no-store']);
    const preflight = await api.request('OPTIONS', livePath, { token: null, headers: { origin: 'https://player.example', 'access-control-request-method': 'GET' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');

    // Ended: the recording plays as HLS VOD from storage, signed like the live one.
    expect((await action(stream.id, 'stop', actionBody(stream.id))).status).toBe(200);
    const ended = (await api.get(`/api/v3/ott/events/${event.id}/playback`)).body.data.attributes;
    expect(ended).toMatchObject({ kind: 'vod', download_job_id: job.body.data.id });
    const vodPath = new URL(ended.url).pathname;
    expect(vodPath).toMatch(new RegExp(`^/ott/hls/live/${stream.id}/s/\\d+/[A-Za-z0-9_-]{43}/vod\\.m3u8$`));
    expect((await api.get(vodPath, { token: null, headers: pl })).text).toContain('#EXT-X-ENDLIST');
    expect((await api.get(vodPath.replace(/\/s\/\d+\/[^/]+/, ''), { token: null, headers: pl })).status).toBe(403);
  });

  it('plays a free event from the plain path, anywhere when no country is set', async () => {
    const stream = await createStream();
    const event = await createEvent({ access: 'free' }, { stream: rel('ott_streams', stream.id) });
    expect((await action(stream.id, 'start', actionBody(stream.id))).status).toBe(200);
    const url = (await api.get(`/api/v3/ott/events/${event.id}/playback`)).body.data.attributes.url;
    expect(url).toMatch(new RegExp(`/ott/hls/live/${stream.id}/master\\.m3u8$`));
    expect((await api.get(new URL(url).pathname, { token: null })).status).toBe(200);
  });
});
