#!/usr/bin/env node
// Soak benchmark (issue 12, point 6): the cluster of `npm run cluster` (PostgreSQL, S3 store, two
// instances of the compiled server, HAProxy) under mixed traffic for SOAK_MINUTES (default 10):
// reads (lists with includes, counts, records), writes (create, update, delete), uploads to the
// media library (S3) and cable traffic (subscribers of a match through the balancer while
// incidents are written). Prints per minute: requests, errors, latency percentiles, cable
// messages, and the memory (RSS) of each instance; at the end the error total and the memory
// trend. Targets: errors 0, memory flat (last minute within 15 % of the second).
//   SOAK_MINUTES=3 npm run bench -- soak     options: --workers 6 --subscribers 4
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startCluster } from '../scripts/cluster.mjs';
import { createMatch, incidentBody } from '../apps/server/test/support/fixtures.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const WebSocket = createRequire(join(ROOT, 'apps/server/package.json'))('ws');
const { values: opts } = parseArgs({ options: { workers: { type: 'string', default: '6' }, subscribers: { type: 'string', default: '4' } } });
const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const WORKERS = Number(opts.workers);
const SUBSCRIBERS = Number(opts.subscribers);
const log = (...a) => console.log(...a);
const pct = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0);
const ms = (v) => `${v.toFixed(1)} ms`;
const mb = (b) => `${(b / 1024 / 1024).toFixed(0)} MB`;

/** A small client (no schema checks: the client must not be the bottleneck), shaped like the tests' ApiClient. */
function client(url) {
  const tokens = new Map();
  const api = {
    url,
    async token(username = 'admin') {
      if (!tokens.has(username)) {
        const res = await fetch(`${url}/auth/v1/sign_in`, {
          method: 'POST',
          headers: { 'content-type': 'application/vnd.api+json' },
          body: JSON.stringify({ data: { type: 'sign_in', attributes: { username, password: 'umpire-demo' } } }),
        });
        if (res.status !== 200) throw new Error(`sign in ${username}: ${res.status}`);
        tokens.set(username, (await res.json()).data.attributes.token);
      }
      return tokens.get(username);
    },
    async request(method, path, o = {}) {
      const headers = { accept: 'application/vnd.api+json', authorization: `Bearer ${await api.token()}`, ...o.headers };
      let body = o.form;
      if (o.body !== undefined) {
        body = JSON.stringify(o.body);
        headers['content-type'] = 'application/vnd.api+json';
      }
      const res = await fetch(url + path, { method, headers, body });
      const text = await res.text();
      return { status: res.status, headers: res.headers, text, body: text && (res.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : undefined };
    },
    get: (p, o) => api.request('GET', p, o),
    post: (p, body, o) => api.request('POST', p, { ...o, body }),
    patch: (p, body, o) => api.request('PATCH', p, { ...o, body }),
    delete: (p, o) => api.request('DELETE', p, o),
  };
  return api;
}

// A 1×1 PNG: uploads exercise the multipart path, the content check and S3, not bandwidth.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

log(`Umpire soak benchmark: ${MINUTES} min, ${WORKERS} workers, ${SUBSCRIBERS} cable subscribers, 2 instances behind HAProxy on PostgreSQL + S3`);
const cluster = await startCluster({ instances: 2 });
let stopping = false;
const finish = async (code) => {
  if (stopping) return;
  stopping = true;
  await cluster.stop();
  process.exit(code);
};
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => void finish(130));
try {
  const api = client(cluster.url);
  const match = await createMatch(api);
  const token = await api.token();

  // Cable: subscribers through the balancer (so on both instances), counting messages.
  let cableMessages = 0;
  let cableErrors = 0;
  const sockets = [];
  for (let i = 0; i < SUBSCRIBERS; i++) {
    const ws = new WebSocket(`${cluster.url.replace('http', 'ws')}/cable?token=${encodeURIComponent(token)}`, ['actioncable-v1-json']);
    ws.on('open', () =>
      ws.send(JSON.stringify({ command: 'subscribe', identifier: JSON.stringify({ channel: 'API::V3::IncidentsChannel', match_id: Number(match.matchId) }) })),
    );
    ws.on('message', (d) => {
      const m = JSON.parse(d.toString());
      if (m.message) cableMessages++;
    });
    ws.on('error', () => cableErrors++);
    ws.on('close', () => !stopping && cableErrors++);
    sockets.push(ws);
  }

  const minutes = [];
  const current = () => minutes[minutes.length - 1];
  const newMinute = () => minutes.push({ latencies: [], errors: 0, errorSamples: [], requests: 0, cable: 0, memory: {} });
  newMinute();
  const timed = async (what, run, ok = (s) => s < 400) => {
    const started = performance.now();
    let status;
    try {
      const res = await run();
      status = res.status;
      if (!ok(status)) throw new Error(`${status} ${res.text?.slice(0, 200)}`);
      return res;
    } catch (err) {
      const m = current();
      m.errors++;
      if (m.errorSamples.length < 3) m.errorSamples.push(`${what}: ${err.message}`);
      return null;
    } finally {
      const m = current();
      m.requests++;
      m.latencies.push(performance.now() - started);
    }
  };

  const ops = [
    [30, () => timed('list tags', () => api.get('/api/v3/tags?sort=-id&page[size]=20'))],
    [15, () => timed('list clubs+include', () => api.get('/api/v3/clubs?include=image,venue&page[size]=10'))],
    [10, () => timed('counts', () => api.get('/api/v3/counts?types=tags,clubs,players'))],
    [5, () => timed('match', () => api.get(`/api/v3/matches/${match.matchId}?include=home_squad,away_squad`))],
    [
      20,
      async () => {
        const name = `Soak ${randomBytes(6).toString('hex')}`;
        const res = await timed('create tag', () => api.post('/api/v3/tags', { data: { type: 'tags', attributes: { name } } }));
        const id = res?.body?.data?.id;
        if (!id) return;
        await timed('update tag', () => api.patch(`/api/v3/tags/${id}`, { data: { type: 'tags', id, attributes: { name: `${name}!` } } }));
        // Half are deleted again, so the table grows slowly (as a season's data does).
        if (Math.random() < 0.5) await timed('delete tag', () => api.delete(`/api/v3/tags/${id}`));
      },
    ],
    [
      10,
      async () => {
        const res = await timed('incident', () =>
          api.post('/api/v3/incidents', incidentBody(match, { incident_type: 'yellow_card', occurrence_half: 1, occurrence_minute: 1 + Math.floor(Math.random() * 44) }, { squad: match.homeSquad, player: match.homePlayers[0] })),
        );
        const id = res?.body?.data?.id;
        if (id) await timed('delete incident', () => api.delete(`/api/v3/incidents/${id}`));
      },
    ],
    [
      5,
      async () => {
        const form = new FormData();
        form.append('path', '/soak');
        form.append('file', new Blob([PNG], { type: 'image/png' }), `soak-${randomBytes(6).toString('hex')}.png`);
        const res = await timed('upload', () => api.request('POST', '/media/v1/uploads/files', { form }));
        const id = res?.body?.data?.id;
        if (id && Math.random() < 0.8) await timed('delete upload', () => api.delete(`/media/v1/uploads/files/${id}`));
      },
    ],
  ];
  const total = ops.reduce((s, [w]) => s + w, 0);
  const pick = () => {
    let r = Math.random() * total;
    for (const [w, op] of ops) if ((r -= w) < 0) return op;
    return ops[0][1];
  };

  const rss = (pid) => {
    try {
      return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024;
    } catch {
      return NaN;
    }
  };
  const header = `${'min'.padEnd(4)}${'requests'.padStart(9)}${'errors'.padStart(8)}${'p50'.padStart(10)}${'p95'.padStart(10)}${'p99'.padStart(10)}${'max'.padStart(11)}${'cable msgs'.padStart(12)}   ${cluster.instances.map((i) => `${i.name} RSS`).join('  ')}`;
  log(header);
  const report = (m, n) => {
    const sorted = [...m.latencies].sort((x, y) => x - y);
    log(
      `${String(n).padEnd(4)}${String(m.requests).padStart(9)}${String(m.errors).padStart(8)}${ms(pct(sorted, 50)).padStart(10)}${ms(pct(sorted, 95)).padStart(10)}${ms(pct(sorted, 99)).padStart(10)}${ms(sorted.at(-1) ?? 0).padStart(11)}${String(m.cable).padStart(12)}   ${cluster.instances.map((i) => mb(m.memory[i.name]).padStart(i.name.length + 4)).join('  ')}`,
    );
    for (const s of m.errorSamples) log(`      error: ${s}`);
  };

  const end = Date.now() + MINUTES * 60_000;
  let minuteEnds = Date.now() + 60_000;
  let cableAtMinute = 0;
  const workers = Array.from({ length: WORKERS }, async () => {
    while (Date.now() < end) await pick()();
  });
  const ticker = (async () => {
    let n = 1;
    while (Date.now() < end) {
      await new Promise((r) => setTimeout(r, Math.max(0, Math.min(minuteEnds, end) - Date.now())));
      const m = current();
      for (const i of cluster.instances) m.memory[i.name] = rss(i.process.pid);
      m.cable = cableMessages - cableAtMinute;
      cableAtMinute = cableMessages;
      report(m, n++);
      minuteEnds += 60_000;
      if (Date.now() < end) newMinute();
    }
  })();
  await Promise.all([...workers, ticker]);

  const errors = minutes.reduce((s, m) => s + m.errors, 0) + cableErrors;
  const requests = minutes.reduce((s, m) => s + m.requests, 0);
  log('');
  log(`requests: ${requests}; errors: ${errors} (HTTP ${errors - cableErrors}, cable ${cableErrors})   target 0`);
  log(`cable messages received: ${cableMessages} by ${SUBSCRIBERS} subscribers`);
  for (const i of cluster.instances) {
    const series = minutes.map((m) => m.memory[i.name]);
    const base = series[Math.min(1, series.length - 1)];
    const last = series.at(-1);
    const growth = (last - base) / base;
    log(`${i.name} RSS per minute: ${series.map(mb).join(' → ')}; last vs minute ${Math.min(2, series.length)}: ${(growth * 100).toFixed(1)} %   target: within 15 % (flat)`);
  }
  const [l1, l5] = loadavg();
  log(`load average during the run: ${l1.toFixed(2)} (1 min) ${l5.toFixed(2)} (5 min) on this machine`);
  for (const ws of sockets) ws.close();
  await finish(0);
} catch (err) {
  console.error(err);
  await finish(1);
}
