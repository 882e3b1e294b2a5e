import * as ActionCable from '@rails/actioncable';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import './support/cable-client';
import { contributions } from './support/contribution';
import { createMatch, incidentBody, type MatchFixture } from './support/fixtures';
import { startTestCluster, type Cluster } from './support/cluster';
import { apiClient, TEST_DB, type ApiClient } from './support/test-server';
import { waitFor } from './support/wait';

/**
 * A deploy without a dropped goal (issue 39, point 5): both instances of the cluster (HAProxy in
 * front, `npm run cluster`'s scripts/cluster.mjs) restarted one after the other with SIGTERM, as a
 * rolling deploy does, while a camera crew's ffmpeg pushes a live stream, 200 fans hold public
 * sockets on a match, and reads and writes go on through the balancer. No request may fail, the
 * live playlist may show one discontinuity at most, and every fan's socket comes back with a fresh
 * snapshot. Times are printed as figures, never asserted.
 */

const ON_POSTGRES = TEST_DB === 'postgres';
const FANS = 200;
// Of the fans, these use the official client (which reconnects on its own clock, 6 to 18 s later);
// the others are bare sockets that reconnect as soon as they are told to.
const OFFICIAL_FANS = 5;
const CLIENT = 'ekstraklasa-demo';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let cluster: Cluster;
let lb: ApiClient;
let sql: pg.Client;

beforeAll(async () => {
  if (!ON_POSTGRES) return;
  // The production defaults (a live lease of 10 s, the drain of 2 s), save the live ladder's size.
  cluster = await startTestCluster({
    instances: 2,
    env: { OTT_LIVE_PRESET: 'ultrafast', OTT_LIVE_LADDER: '320x180@300' },
    // Each instance takes camera crews on an address of its own, as separate machines would.
    instanceEnv: (n) => ({ OTT_INGEST_HOST: `127.0.0.${n}`, OTT_INGEST_PUBLIC_HOST: `127.0.0.${n}` }),
  });
  lb = apiClient(cluster.url);
  sql = new pg.Client({ connectionString: cluster.databaseUrl });
  await sql.connect();
}, 240_000);

afterAll(async () => {
  await sql?.end();
  await cluster?.stop();
}, 60_000);

/** A request through the balancer, as the test's traffic records it. */
interface Outcome {
  what: string;
  status: number | string;
  /** When it was sent (epoch ms), and how long its answer took. */
  at: number;
  ms: number;
  by: string | null;
}

/** A fan's bare ActionCable socket on the match's public channel, through the balancer, from an address of its own. */
class Fan {
  ws: WebSocket | null = null;
  connections = 0;
  /** `disconnect` messages received, and sockets closed without one (there must be none). */
  disconnects: { reason: string; reconnect: boolean }[] = [];
  closedUntold = 0;
  /** The last snapshot's incidents and the connection it came on; incidents created since. */
  snapshot: { connection: number; incidents: Set<string> } | null = null;
  createdSince = new Set<string>();
  snapshots = 0;
  refused = 0;
  private told = false;
  private stopped = false;

  constructor(
    private readonly url: string,
    private readonly identifier: string,
    private readonly localAddress: string,
  ) {}

  open(): void {
    if (this.stopped) return;
    const ws = new WebSocket(this.url, ['actioncable-v1-json'], { localAddress: this.localAddress, perMessageDeflate: false });
    this.ws = ws;
    this.told = false;
    let opened = false;
    ws.on('open', () => {
      opened = true;
      this.connections++;
    });
    ws.on('message', (data) => {
      const m = JSON.parse(data.toString());
      if (m.type === 'ping') return;
      if (m.type === 'welcome') return ws.send(JSON.stringify({ command: 'subscribe', identifier: this.identifier }));
      if (m.type === 'disconnect') {
        this.told = true;
        this.disconnects.push({ reason: m.reason, reconnect: m.reconnect });
        return;
      }
      const message = m.message;
      if (message?.action === 'snapshot') {
        this.snapshots++;
        this.snapshot = { connection: this.connections, incidents: new Set(message.incidents.map((i: { id: string }) => i.id)) };
        this.createdSince = new Set();
      } else if (message?.action === 'created' && message.incident) this.createdSince.add(message.incident.id);
    });
    ws.on('error', () => {});
    ws.on('close', () => {
      if (this.stopped) return;
      if (!opened) this.refused++;
      else if (!this.told) this.closedUntold++;
      // Told to reconnect (or refused): at once, through the balancer, to an instance still up.
      setTimeout(() => this.open(), opened ? 0 : 250);
    });
  }

  /** Every incident given is in what this fan shows (its last snapshot and what came after it). */
  shows(ids: string[]): boolean {
    return ids.every((id) => this.snapshot?.incidents.has(id) || this.createdSince.has(id));
  }

  close(): void {
    this.stopped = true;
    this.ws?.close();
  }
}

/** A fan with the official client, as a league's website runs it. */
function officialFan(url: string, matchId: number) {
  const consumer = ActionCable.createConsumer(url);
  const state = { connected: 0, disconnected: 0, snapshot: null as { at: number; incidents: Set<string> } | null, createdSince: new Set<string>() };
  consumer.subscriptions.create(
    { channel: 'Public::MatchChannel', match_id: matchId },
    {
      connected: () => void state.connected++,
      disconnected: () => void state.disconnected++,
      received: (message: any) => {
        if (message.action === 'snapshot') {
          state.snapshot = { at: state.connected, incidents: new Set(message.incidents.map((i: { id: string }) => i.id)) };
          state.createdSince = new Set();
        } else if (message.action === 'created' && message.incident) state.createdSince.add(message.incident.id);
      },
    },
  );
  return {
    consumer,
    state,
    shows: (ids: string[]) => ids.every((id) => state.snapshot?.incidents.has(id) || state.createdSince.has(id)),
  };
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0);

/** Segment numbers of a media playlist, and those a discontinuity comes right before. */
function parsePlaylist(text: string): { numbers: number[]; discontinuities: number[] } {
  const numbers: number[] = [];
  const discontinuities: number[] = [];
  let pending = false;
  for (const line of text.split('\n').map((l) => l.trim())) {
    if (line === '#EXT-X-DISCONTINUITY') pending = true;
    const m = /seg_(\d+)\.ts$/.exec(line);
    if (!m) continue;
    numbers.push(Number(m[1]));
    if (pending) discontinuities.push(Number(m[1]));
    pending = false;
  }
  return { numbers, discontinuities };
}

describe.skipIf(!ON_POSTGRES)('a rolling restart of the cluster', () => {
  it(`restarts both instances with SIGTERM while a live stream is pushed, ${FANS} fans hold sockets and reads and writes go on: no request fails`, async () => {
    const [first, second] = cluster.instances;
    const b = apiClient(second.url);
    const token = await lb.token('admin');
    const match: MatchFixture = await createMatch(lb);
    const matchId = Number(match.matchId);

    // ---- the live stream, owned by the second instance --------------------------------------
    // A rolling deploy restarts the instances in its own order; the stream's owner is restarted
    // last here, so the stream moves once (each move is one discontinuity: one of the first
    // instance restarted would move twice, to the other and back).
    const created = await b.post('/api/v3/ott/streams', { data: { type: 'ott_streams', attributes: { protocol: 'rtmp', encryption: 'none' } } }, { token });
    expect(created.status, created.text).toBe(201);
    const streamId = created.body.data.id as string;
    const event = await lb.post('/api/v3/ott/events', { data: { type: 'ott_events', attributes: { title: 'Rolling restart', access: 'free' }, relationships: { stream: { data: { type: 'ott_streams', id: streamId } } } } });
    expect(event.status, event.text).toBe(201);
    const streamMeta = async () => (await lb.get(`/api/v3/ott/streams/${streamId}`, { headers: { 'cache-control': 'no-cache' } })).body.meta;
    // The first to ask for the addresses claims the stream: the second instance, asked directly.
    const ingest = (await b.get(`/api/v3/ott/streams/${streamId}`, { token })).body.meta.ingest;
    expect(ingest.primary.rtmp).toMatch(/^rtmp:\/\/127\.0\.0\.2:/);

    // The crew's encoder: pushes to the address the event page shows, and when cut off (its
    // instance stopped) pushes again to the one shown then, as an operator would tell it to.
    const crews = contributions();
    let crewRunning = true;
    const crew = (async () => {
      let pushedTo = '';
      while (crewRunning) {
        const address = (await streamMeta().catch(() => null))?.ingest?.primary?.rtmp as string | undefined;
        if (!address || address === pushedTo) {
          await sleep(250);
          continue;
        }
        pushedTo = address;
        const push = crews.contribute(address, 600);
        await new Promise((r) => push.once('exit', r));
        // Cut off: the same address again only once the event page shows another (or the same, reopened).
        pushedTo = crewRunning ? '' : pushedTo;
        await sleep(250);
      }
    })();
    const hls = `/ott/hls/live/${streamId}/r0/index.m3u8`;
    try {
      await waitFor('the contribution', async () => (await streamMeta()).health?.connected?.primary === true, 60_000);
      const started = await lb.patch(`/api/v3/ott/streams/${streamId}/start`, { data: { id: streamId, type: 'ott_stream', attributes: { use_backup: false } } });
      expect(started.status, started.text).toBe(200);
      await waitFor('three live segments', async () => {
        const res = await fetch(`${cluster.url}${hls}`);
        return res.status === 200 && parsePlaylist(await res.text()).numbers.length >= 3;
      }, 60_000);

      // ---- the fans ------------------------------------------------------------------------------
      const identifier = JSON.stringify({ channel: 'Public::MatchChannel', match_id: matchId });
      const cableUrl = `${cluster.url.replace('http', 'ws')}/cable?client=${CLIENT}`;
      // Each from an address of its own (HAProxy gives the instances the address it saw), as fans are.
      const fans = Array.from({ length: FANS - OFFICIAL_FANS }, (_, i) => new Fan(cableUrl, identifier, `127.0.1.${i + 1}`));
      for (const fan of fans) fan.open();
      const official = Array.from({ length: OFFICIAL_FANS }, () => officialFan(cableUrl, matchId));
      const cleanUp = () => {
        for (const fan of fans) fan.close();
        for (const o of official) o.consumer.disconnect();
      };
      try {
        await waitFor('every fan subscribed with a snapshot', async () => fans.every((f) => f.snapshot) && official.every((o) => o.state.snapshot), 60_000);

        // ---- the traffic through the balancer --------------------------------------------------
        const outcomes: Outcome[] = [];
        const incidents: string[] = [];
        let running = true;
        const timed = async (what: string, send: () => Promise<Response>, ok: (r: Response) => Promise<void> = async () => {}) => {
          const at = performance.now();
          const sentAt = Date.now();
          try {
            const res = await send();
            await ok(res);
            await res.arrayBuffer().catch(() => undefined);
            outcomes.push({ what, status: res.status, at: sentAt, ms: performance.now() - at, by: res.headers.get('x-served-by') });
            return res;
          } catch (err) {
            outcomes.push({ what, status: `no answer (${(err as Error).cause ?? (err as Error).message})`, at: sentAt, ms: performance.now() - at, by: null });
            return null;
          }
        };
        const headers = { authorization: `Bearer ${token}`, accept: 'application/vnd.api+json', 'content-type': 'application/vnd.api+json' };
        let serial = 0;
        const loops = [
          // Staff reads, and fans' reads of the public API.
          async () => {
            while (running) {
              await timed('GET /api/v3/tags', () => fetch(`${cluster.url}/api/v3/tags?page[size]=5&sort=-id`, { headers }));
              await timed('GET /public/v1/matches', () => fetch(`${cluster.url}/public/v1/matches?client=${CLIENT}&page[size]=5`, { headers: { accept: 'application/vnd.api+json' } }));
              await sleep(50);
            }
          },
          // Writes, each with its Idempotency-Key: tags, and incidents of the fans' match.
          async () => {
            while (running) {
              const n = ++serial;
              await timed('POST /api/v3/tags', () =>
                fetch(`${cluster.url}/api/v3/tags`, { method: 'POST', headers: { ...headers, 'idempotency-key': `rolling-tag-${n}` }, body: JSON.stringify({ data: { type: 'tags', attributes: { name: `Rolling ${n}` } } }) }),
              );
              const body = incidentBody(match, { incident_type: 'yellow_card', occurrence_half: 1, occurrence_minute: 1 + (n % 45) }, { squad: match.homeSquad, player: match.homePlayers[n % match.homePlayers.length] });
              await timed(
                'POST /api/v3/incidents',
                () => fetch(`${cluster.url}/api/v3/incidents`, { method: 'POST', headers: { ...headers, 'idempotency-key': `rolling-incident-${n}` }, body: JSON.stringify(body) }),
                async (r) => {
                  if (r.status === 201) incidents.push((await r.clone().json()).data.id);
                },
              );
              await sleep(100);
            }
          },
        ];
        // Viewers: the live playlist through the balancer, every segment and discontinuity it listed.
        const discontinuities = new Set<number>();
        const listed = new Map<number, number>();
        const watch = async () => {
          while (running) {
            await timed('GET live playlist', () => fetch(`${cluster.url}${hls}`), async (res) => {
              if (res.status !== 200) return;
              const { numbers, discontinuities: before } = parsePlaylist(await res.clone().text());
              for (const n of numbers) if (!listed.has(n)) listed.set(n, Date.now());
              for (const n of before) discontinuities.add(n);
            });
            await sleep(200);
          }
        };
        const traffic = Promise.all([...loops.map((l) => l()), watch()]);
        // The owner's lease row, read every few milliseconds: when another instance claims the stream.
        let claimedAt = 0;
        const ownerBefore = (await sql.query('select generation from ott_live_owners where stream_id = $1', [Number(streamId)])).rows[0];
        const claims = (async () => {
          while (running && !claimedAt) {
            const [row] = (await sql.query('select generation from ott_live_owners where stream_id = $1', [Number(streamId)])).rows;
            if (Number(row.generation) > Number(ownerBefore.generation)) claimedAt = Date.now();
            else await sleep(20);
          }
        })();
        await waitFor('traffic under way', async () => outcomes.length >= 20);

        // ---- the rolling restart: the first instance, then the second (the stream's owner) ------
        const restarts: { name: string; at: number; exit: number | string | null; stopMs: number; backMs: number }[] = [];
        let signalledOwnerAt = 0;
        for (const instance of [first, second]) {
          const at = Date.now();
          if (instance === second) signalledOwnerAt = at;
          await instance.kill('SIGTERM');
          const exit = await instance.exited;
          const stopMs = Date.now() - at;
          await instance.start();
          // Back in HAProxy's turn: it answers a request through the balancer.
          await waitFor(`${instance.name} served through the balancer again`, async () => (await fetch(`${cluster.url}/healthz`)).headers.get('x-served-by') === instance.name, 60_000);
          restarts.push({ name: instance.name, at, exit, stopMs, backMs: Date.now() - at });
        }

        // ---- the stream goes on after its takeover ------------------------------------------------
        // The new owner's first segment is the one after the discontinuity.
        const onAir = await waitFor('new segments from the contribution after the takeover', async () => {
          const meta = await streamMeta();
          const moved = Math.min(...discontinuities);
          const after = [...listed.keys()].filter((n) => n >= moved);
          return meta.health?.connected?.primary === true && after.length >= 3 ? meta : null;
        }, 90_000);
        expect(onAir.output_state).toBe('live');
        expect(onAir.ingest.primary.rtmp).toMatch(/^rtmp:\/\/127\.0\.0\.1:/);

        // ---- every fan back, with a fresh snapshot ---------------------------------------------
        // The official client reconnects on its own clock (6 to 18 s after it was told).
        // (Both instances were restarted, so every fan's socket was closed at least once.)
        await waitFor('every fan back with a snapshot after its socket was closed', async () =>
          fans.every((f) => f.connections > 1 && f.snapshot?.connection === f.connections && f.ws?.readyState === WebSocket.OPEN) &&
          official.every((o) => o.state.disconnected > 0 && o.state.connected > o.state.disconnected && o.state.snapshot?.at === o.state.connected),
        60_000);
        running = false;
        await traffic;
        await claims;
        // A goal after the restart reaches every fan, live.
        const goal = await lb.post('/api/v3/incidents', incidentBody(match, { incident_type: 'goal', occurrence_half: 2, occurrence_minute: 88 }, { squad: match.awaySquad, player: match.awayPlayers[0] }));
        expect(goal.status, goal.text).toBe(201);
        const everything = [...incidents, goal.body.data.id as string];
        await waitFor('every fan shows every incident', async () => fans.every((f) => f.shows(everything)) && official.every((o) => o.shows(everything)), 30_000);

        // ---- figures ------------------------------------------------------------------------------
        const firstNew = Math.min(...discontinuities);
        const lastBefore = firstNew - 1;
        const byWhat = new Map<string, Outcome[]>();
        for (const o of outcomes) byWhat.set(o.what, [...(byWhat.get(o.what) ?? []), o]);
        console.log(
          [
            'rolling-restart.test.ts: a rolling restart of two instances behind HAProxy (SIGTERM, drain, start again)',
            ...restarts.map((r) => {
              // The balancer's last request to the draining instance (sent after the signal, before it exited).
              const last = Math.max(0, ...outcomes.filter((o) => o.by === r.name && o.at >= r.at && o.at <= r.at + r.stopMs).map((o) => o.at - r.at));
              return `  ${r.name}: exit ${r.exit}, SIGTERM to exit ${r.stopMs} ms (the balancer's last request to it sent ${last} ms after the signal), to served again through the balancer ${r.backMs} ms`;
            }),
            `  live stream: SIGTERM of its owner to another instance's claim ${claimedAt - signalledOwnerAt} ms; to the next segment listed ${listed.get(firstNew)! - signalledOwnerAt} ms; viewers' gap between the last segment of before (listed at ${listed.get(lastBefore)! - signalledOwnerAt} ms) and the first after ${listed.get(firstNew)! - listed.get(lastBefore)!} ms`,
            `  discontinuities listed in the live playlist during the restart: ${discontinuities.size} (before segment ${[...discontinuities].join(', ') || '-'})`,
            `  requests: ${outcomes.length}, failed ${outcomes.filter((o) => typeof o.status !== 'number' || o.status >= 300).length}; served by ${[...new Set(outcomes.map((o) => o.by))].map((by) => `${by} ${outcomes.filter((o) => o.by === by).length}`).join(', ')}`,
            ...[...byWhat].map(([what, list]) => {
              const ms = list.map((o) => o.ms).sort((x, y) => x - y);
              return `    ${what}: ${list.length}, p50 ${percentile(ms, 50).toFixed(0)} ms, p95 ${percentile(ms, 95).toFixed(0)} ms, p99 ${percentile(ms, 99).toFixed(0)} ms, max ${ms.at(-1)!.toFixed(0)} ms`;
            }),
            `  fans: ${fans.length} bare sockets, ${fans.reduce((n, f) => n + f.disconnects.length, 0)} told to reconnect, ${fans.reduce((n, f) => n + f.closedUntold, 0)} closed without a word, ${fans.reduce((n, f) => n + f.refused, 0)} reconnections refused, ${fans.reduce((n, f) => n + f.snapshots, 0)} snapshots; ${official.length} official clients, ${official.reduce((n, o) => n + o.state.disconnected, 0)} disconnected`,
          ].join('\n'),
        );

        // ---- what must hold ---------------------------------------------------------------------
        for (const r of restarts) expect(r.exit, `${r.name} exits cleanly on SIGTERM`).toBe(0);
        const failed = outcomes.filter((o) => typeof o.status !== 'number' || o.status < 200 || o.status >= 300);
        const summary = [...new Set(failed.map((o) => `${o.what} → ${o.status} (${o.by})`))].map((k) => `${failed.filter((o) => `${o.what} → ${o.status} (${o.by})` === k).length}× ${k}`);
        expect(failed, summary.join('; ')).toEqual([]);
        expect(new Set(outcomes.map((o) => o.by))).toEqual(new Set(['umpire1', 'umpire2']));
        expect(discontinuities.size).toBeLessThanOrEqual(1);
        // Every fan was told before its socket closed (none cut off without a word), and came back.
        for (const f of fans) {
          expect(f.closedUntold).toBe(0);
          expect(f.disconnects.length).toBeGreaterThan(0);
          expect(f.disconnects.every((d) => d.reason === 'server_restart' && d.reconnect)).toBe(true);
          expect(f.refused).toBe(0);
        }
        // The recording holds one discontinuity for the move, and every segment in order, none missing.
        const recording = parsePlaylist(await (await fetch(`${cluster.url}/ott/hls/live/${streamId}/r0/recording.m3u8`)).text());
        expect(recording.discontinuities).toEqual([firstNew]);
        expect(recording.numbers).toEqual(recording.numbers.map((_, i) => recording.numbers[0] + i));
      } finally {
        cleanUp();
      }
    } finally {
      crewRunning = false;
      crews.stopAll();
      await crew;
    }
  }, 420_000);
});
