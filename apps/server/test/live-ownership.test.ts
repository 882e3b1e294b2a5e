import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveControl, LiveHealth, LiveMarker, LiveOutputState, LiveStreamConfig, OpenIngest } from '../src/ott/live-control';
import { startTestInstances, TEST_DB, type TestServer } from './support/test-server';
import { waitFor } from './support/wait';

/**
 * Who runs a live stream when several instances share the database (issue 23): two in-process
 * servers, each with an engine that records what it is asked (the real engine with ffmpeg is in
 * ott-live*.test.ts and the cluster test). One instance owns a stream; the other answers its reads
 * with the owner's addresses and passes control to it; the owner's refusal comes back as a JSON:API
 * error; an owner that finds its lease taken stops its engine; a lapsed lease is taken over by one
 * instance, which resumes the stream; a stopping instance hands its streams over at once.
 */
class RecordingEngine implements LiveControl {
  readonly renditions = 1;
  calls: string[] = [];
  markers = new Map<number, string[]>();
  states = new Map<number, LiveOutputState>();
  refuseNextStart = false;
  constructor(readonly host: string) {}
  async ensureIngest(config: LiveStreamConfig): Promise<OpenIngest> {
    if (!this.states.has(config.streamId)) this.states.set(config.streamId, 'idle');
    this.calls.push(`ingest ${config.streamId}`);
    const at = (port: number, key: string) => ({ rtmp: `rtmp://${this.host}:${port}/live/${key}`, srt: `srt://${this.host}:${port + 1}?mode=caller` });
    return { primary: at(19350, config.primaryKey), backup: at(19360, config.backupKey), ports: { primary: { rtmp: 19350, srt: 19351 }, backup: { rtmp: 19360, srt: 19361 } } };
  }
  async resume(config: LiveStreamConfig, state: { paused: boolean }): Promise<OpenIngest> {
    this.calls.push(`resume ${config.streamId}`);
    const open = await this.ensureIngest(config);
    this.states.set(config.streamId, state.paused ? 'paused' : 'live');
    return open;
  }
  async start(id: number) {
    if (this.refuseNextStart) {
      this.refuseNextStart = false;
      throw new Error('no input on the primary ingest');
    }
    this.calls.push(`start ${id}`);
    this.states.set(id, 'live');
  }
  async pause(id: number) {
    this.calls.push(`pause ${id}`);
    this.states.set(id, 'paused');
  }
  async stop(id: number) {
    this.calls.push(`stop ${id}`);
    this.states.set(id, 'ended');
  }
  async suspend(id: number) {
    this.calls.push(`suspend ${id}`);
    this.states.delete(id);
  }
  state(id: number): LiveOutputState {
    return this.states.get(id) ?? 'idle';
  }
  health(id: number): LiveHealth | null {
    return this.states.has(id) ? { input: null, connected: { primary: false, backup: false }, bitrateKbps: 0, fps: 0, droppedFrames: 0, rttMs: null, packetLossPercent: null, at: new Date().toISOString() } : null;
  }
  onHealth() {
    return () => undefined;
  }
  async setMarkers(id: number, markers: LiveMarker[]) {
    this.markers.set(id, markers.map((m) => m.title ?? ''));
  }
  async close() {}
  of(id: number) {
    return this.calls.filter((c) => c.endsWith(` ${id}`));
  }
}

const LEASE_MS = 1500;
// The secret of before a rotation (UMPIRE_JWT_PREVIOUS_SECRETS): control calls keyed with it still pass.
const OLD_SECRET = 'the-secret-of-before-the-rotation-0123456789';
const controlKey = (secret: string) => createHmac('sha256', new TextEncoder().encode(secret)).update('umpire ott live control v1').digest('base64url');
let cluster: { instances: TestServer[]; close(): Promise<void> };
let a: TestServer;
let b: TestServer;
const engines = [new RecordingEngine('10.0.0.1'), new RecordingEngine('10.0.0.2')];

beforeAll(async () => {
  cluster = await startTestInstances(2, { OTT_LIVE_LEASE_MS: String(LEASE_MS), UMPIRE_JWT_PREVIOUS_SECRETS: OLD_SECRET }, (i) => ({ liveControl: engines[i] }));
  [a, b] = cluster.instances;
});
afterAll(async () => {
  await cluster?.close();
});

const action = (via: TestServer, id: string, name: string) =>
  via.patch(`/api/v3/ott/streams/${id}/${name}`, { data: { id, type: 'ott_stream', attributes: { use_backup: false } } });

async function liveStream(): Promise<{ id: string; n: number; eventId: string }> {
  const stream = await a.post('/api/v3/ott/streams', { data: { type: 'ott_streams', attributes: { protocol: 'rtmp', encryption: 'none' } } });
  expect(stream.status, stream.text).toBe(201);
  const id = stream.body.data.id as string;
  const event = await a.post('/api/v3/ott/events', { data: { type: 'ott_events', attributes: { title: `Ownership ${id}` }, relationships: { stream: { data: { type: 'ott_streams', id } } } } });
  expect(event.status, event.text).toBe(201);
  return { id, n: Number(id), eventId: event.body.data.id };
}

const owners = (n: number) => a.server.database.db.selectFrom('ott_live_owners').selectAll().where('stream_id', '=', n).execute();

describe(`live stream ownership between two instances on ${TEST_DB}`, () => {
  it('one owner: reads through the other give its addresses, control and markers reach it before the answer, its refusal comes back', async () => {
    const { id, n, eventId } = await liveStream();
    const first = await a.get(`/api/v3/ott/streams/${id}`);
    expect(first.body.meta.ingest.primary.rtmp).toMatch(/^rtmp:\/\/10\.0\.0\.1:19350\/live\//);
    // Through the other instance: the owner's addresses, and its engine never opened anything.
    expect((await b.get(`/api/v3/ott/streams/${id}`)).body.meta.ingest).toEqual(first.body.meta.ingest);
    expect(engines[1].of(n)).toEqual([]);
    expect(await owners(n)).toHaveLength(1);

    // The owner refuses: the error names its reason, and nothing changed.
    engines[0].refuseNextStart = true;
    const refused = await action(b, id, 'start');
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0]).toMatchObject({ code: 'liveEngineFailed', status: '409' });
    expect(refused.body.errors[0].detail).toContain('no input on the primary ingest');
    expect((await b.get(`/api/v3/ott/streams/${id}`)).body.data.attributes.status).toBe('idle');

    // Started through the other instance: the owner acted before the answer; both read it at once.
    expect((await action(b, id, 'start')).status).toBe(200);
    expect(engines[0].of(n)).toContain(`start ${n}`);
    for (const via of [a, b]) {
      const status = (await via.get(`/api/v3/ott/events/${eventId}/status`)).body.data.attributes;
      expect(status).toMatchObject({ stream_status: 'live', output_state: 'live', owner_generation: 1 });
    }
    const marker = await b.post('/api/v3/ott/markers', { data: { type: 'markers', attributes: { kind: 'chapter', start_at: new Date().toISOString(), title: 'Kick-off' }, relationships: { stream: { data: { type: 'ott_streams', id } } } } });
    expect(marker.status, marker.text).toBe(201);
    expect(engines[0].markers.get(n)).toEqual(['Kick-off']);
    expect((await action(b, id, 'pause')).status).toBe(200);
    expect((await a.get(`/api/v3/ott/streams/${id}`)).body.meta.output_state).toBe('paused');
    expect(engines[1].of(n)).toEqual([]);
  });

  it("takes other instances' control calls only with the instances' key, of the current secret or a previous one", async () => {
    const { id, n } = await liveStream();
    await a.get(`/api/v3/ott/streams/${id}`);
    const config = { streamId: n, clientId: 1, protocol: 'rtmp', encryption: 'none', primaryKey: 'k1', backupKey: 'k2', passphrase: null };
    const call = (via: TestServer, key: string | null) =>
      fetch(`${via.url}/internal/ott/live/${id}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(key ? { 'x-umpire-live-control': key } : {}) }, body: JSON.stringify({ op: 'markers', config }) });
    expect((await call(a, null)).status).toBe(403);
    expect((await call(a, controlKey('a-guess-at-the-secret-0123456789abcdef'))).status).toBe(403);
    // With a key of the current or the previous secret: the owner acts, the other says it is not the owner.
    expect((await call(a, controlKey(new TextDecoder().decode(a.server.config.jwtSecret)))).status).toBe(200);
    expect((await call(a, controlKey(OLD_SECRET))).status).toBe(200);
    const elsewhere = await call(b, controlKey(OLD_SECRET));
    expect(elsewhere.status).toBe(409);
    expect(await elsewhere.json()).toEqual({ code: 'not_owner' });
  });

  it('an owner whose lease was taken stops its engine; a lapsed lease is taken over by one instance, which resumes the stream', async () => {
    const { id, n } = await liveStream();
    await a.get(`/api/v3/ott/streams/${id}`);
    expect((await action(a, id, 'start')).status).toBe(200);
    const db = a.server.database.db;
    // Another instance holds it now (as after a network partition): the owner stops at its next renewal.
    await db.updateTable('ott_live_owners').set({ instance: 'someone-else', lease_until: Date.now() + 60_000 }).where('stream_id', '=', n).execute();
    await waitFor('the engine stopped', async () => engines[0].of(n).includes(`suspend ${n}`), 10_000);
    // Its lease then lapses with nobody renewing it: exactly one instance takes the stream and resumes it.
    await db.updateTable('ott_live_owners').set({ lease_until: Date.now() - 1 }).where('stream_id', '=', n).execute();
    await waitFor('the stream resumed', async () => engines.some((e) => e.of(n).includes(`resume ${n}`)), 10_000);
    await new Promise((r) => setTimeout(r, LEASE_MS));
    expect(engines.filter((e) => e.of(n).includes(`resume ${n}`))).toHaveLength(1);
    const [row] = await owners(n);
    expect(Number(row.generation)).toBe(2);
    expect(Number(row.lease_until)).toBeGreaterThan(Date.now());
    // Stopped through either instance: the owner ends it and nobody takes it again.
    expect((await action(b, id, 'stop')).status).toBe(200);
    expect(engines.some((e) => e.of(n).includes(`stop ${n}`))).toBe(true);
    for (const via of [a, b]) expect((await via.get(`/api/v3/ott/streams/${id}`)).body.meta).toMatchObject({ output_state: 'ended', ingest: null });
  });

  it('an instance that stops hands its streams over at once, not after a lease', async () => {
    const { id, n } = await liveStream();
    await a.get(`/api/v3/ott/streams/${id}`);
    expect((await action(a, id, 'start')).status).toBe(200);
    // A long lease the stopping instance lets go of: the other one need not wait for it.
    await a.server.database.db.updateTable('ott_live_owners').set({ lease_until: Date.now() + 60_000 }).where('stream_id', '=', n).execute();
    await a.server.close();
    expect(engines[0].of(n)).toContain(`suspend ${n}`);
    await waitFor('the other instance running it', async () => engines[1].of(n).includes(`resume ${n}`), 10_000);
    const moved = (await b.get(`/api/v3/ott/streams/${id}`)).body.meta;
    expect(moved.output_state).toBe('live');
    expect(moved.ingest.primary.rtmp).toMatch(/^rtmp:\/\/10\.0\.0\.2:19350\//);
    // The crews are shown where they still push to.
    expect(moved.ingest.previous.primary.rtmp).toMatch(/^rtmp:\/\/10\.0\.0\.1:19350\//);
  });
});

// The instances hear each other through PostgreSQL's NOTIFY (on SQLite there is one process).
describe.skipIf(TEST_DB !== 'postgres')('a stream let go by a stopping instance', () => {
  // A lease of ten minutes: the heartbeat that claims lapsed leases looks every two, far beyond this test.
  const slow = [new RecordingEngine('10.0.1.1'), new RecordingEngine('10.0.1.2')];
  let pair: { instances: TestServer[]; close(): Promise<void> };
  beforeAll(async () => {
    pair = await startTestInstances(2, { OTT_LIVE_LEASE_MS: '600000' }, (i) => ({ liveControl: slow[i] }));
  });
  afterAll(() => pair?.close());

  it("is taken by another instance as soon as it is let go, not at that one's next heartbeat", async () => {
    const [p, q] = pair.instances;
    const stream = await p.post('/api/v3/ott/streams', { data: { type: 'ott_streams', attributes: { protocol: 'rtmp', encryption: 'none' } } });
    expect(stream.status, stream.text).toBe(201);
    const id = stream.body.data.id as string;
    const n = Number(id);
    await p.get(`/api/v3/ott/streams/${id}`);
    expect((await action(p, id, 'start')).status).toBe(200);
    // The other instance's heartbeat looked at its start, before the stream existed; its next is minutes away.
    await p.server.close();
    await waitFor('the other instance running it', async () => slow[1].of(n).includes(`resume ${n}`), 20_000);
    expect((await q.get(`/api/v3/ott/streams/${id}`)).body.meta.output_state).toBe('live');
  });
});
