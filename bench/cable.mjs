#!/usr/bin/env node
// Live scores to many fans (issue 25, point 2): the public match channel of /cable
// (`/cable?client=<slug>`, Public::MatchChannel) held by a crowd of plain `ws` clients in two child
// processes, while incidents are written through the API:
//   1. one instance (SQLite): 20,000 sockets on one match; for each of BENCH_CABLE_INCIDENTS
//      incidents POSTed to /api/v3/incidents, the time from the POST's request to each socket's
//      receipt: p50, p95, max and how many of the sockets got it (target p95 <= 1 s), and the
//      server's resident memory (target <= 2 GB);
//   2. two instances on one PostgreSQL (changes travel by NOTIFY): 10,000 sockets on each, the
//      incident written through the first.
// BENCH_CABLE_STALLED of the sockets (default 100) subscribe and then never read again: they must
// not delay the others (the server drops them by its send-buffer bound or missed pongs).
// Each process may hold as many files as `ulimit -n` allows; a server needs a few dozen besides its
// sockets, so where the hard limit is 20,000 (containers) the one instance holds a little fewer, and
// the figure says so. Raise it with `ulimit -n 65536` in the shell that runs the benchmark.
//
//   npm run bench -- cable        BENCH_CABLE_SOCKETS (20000), BENCH_CABLE_INCIDENTS (5), BENCH_CABLE_DB (sqlite,postgres)
import { fork } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = fileURLToPath(import.meta.url);
const ROOT = resolve(dirname(HERE), '..');
const mode = process.argv[2];
const now = () => performance.timeOrigin + performance.now();

if (mode === 'serve') await serve();
else if (mode === 'fans') fans();
else await main();

/** A server instance in its own process: prints { url } once listening. */
async function serve() {
  const { startServer } = await import('../apps/server/src/server.ts');
  const { onStop } = await import('./support/on-stop.ts');
  const server = await startServer({ port: 0, host: '127.0.0.1' }, process.env);
  onStop(() => server.close());
  process.stdout.write(`${JSON.stringify({ url: server.url, dialect: server.database.dialect })}\n`);
}

/**
 * A load generator (forked, talking over IPC): opens sockets on the public match channel and, for
 * each incident created, notes when each socket first got it. Messages are matched as text, not
 * parsed: the generator must stay cheaper than the server it measures.
 */
function fans() {
  const require = createRequire(join(ROOT, 'apps/server/package.json'));
  const WebSocket = require('ws');
  const sockets = [];
  const receipts = new Map(); // incident id → [receipt times]
  let duplicates = 0;
  const created = /"action":"created","incident":\{"type":"incidents","id":"(\d+)"/;

  function open(url, identifier, stall) {
    return new Promise((done) => {
      const ws = new WebSocket(url, ['actioncable-v1-json'], { perMessageDeflate: false });
      const seen = new Set();
      let settled = false;
      const settle = (ok, why) => {
        if (settled) return;
        settled = true;
        done({ ok, why });
      };
      ws.on('error', (err) => settle(false, err.message));
      ws.on('unexpected-response', (_req, res) => settle(false, `HTTP ${res.statusCode}`));
      ws.on('close', () => settle(false, 'closed'));
      ws.on('message', (data) => {
        const at = now();
        const text = data.toString();
        if (text.startsWith('{"type":"ping"')) return;
        if (text === '{"type":"welcome"}') return ws.send(JSON.stringify({ command: 'subscribe', identifier }));
        if (!settled) {
          if (text.includes('"confirm_subscription"')) {
            sockets.push(ws);
            // A stalled fan: subscribed, then never reads again.
            if (stall) ws._socket.pause();
            settle(true);
          } else if (text.includes('"reject_subscription"')) settle(false, 'rejected');
          return;
        }
        const m = created.exec(text);
        if (!m) return;
        if (seen.has(m[1])) return duplicates++;
        seen.add(m[1]);
        let list = receipts.get(m[1]);
        if (!list) receipts.set(m[1], (list = []));
        list.push(at);
      });
    });
  }

  process.on('message', async (msg) => {
    if (msg.cmd === 'open') {
      const t0 = now();
      let opened = 0;
      const failures = new Map();
      // A few hundred handshakes at a time, as a crowd arriving, not all in one instant.
      for (let i = 0; i < msg.count; i += 250) {
        const batch = await Promise.all(Array.from({ length: Math.min(250, msg.count - i) }, (_, j) => open(msg.url, msg.identifier, i + j < msg.stalled)));
        for (const r of batch) {
          if (r.ok) opened++;
          else failures.set(r.why, (failures.get(r.why) ?? 0) + 1);
        }
      }
      process.send({ cmd: 'opened', opened, ms: now() - t0, failures: Object.fromEntries(failures) });
    } else if (msg.cmd === 'count') process.send({ cmd: 'count', n: receipts.get(msg.id)?.length ?? 0 });
    else if (msg.cmd === 'receipts') process.send({ cmd: 'receipts', times: receipts.get(msg.id) ?? [], duplicates });
    else if (msg.cmd === 'close') {
      for (const ws of sockets) ws.terminate();
      process.exit(0);
    }
  });
}

async function main() {
  const { api, cpuMs, fmt, percentile, signIn, startChild } = await import('./support/child.mjs');
  const log = (m) => console.log(m);
  const load = () => `load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} (${os.cpus().length} cores)`;
  const TARGET = Number(process.env.BENCH_CABLE_SOCKETS || 20_000);
  const INCIDENTS = Number(process.env.BENCH_CABLE_INCIDENTS || 5);
  const STALLED = Number(process.env.BENCH_CABLE_STALLED ?? 100);
  const dbs = (process.env.BENCH_CABLE_DB || 'sqlite,postgres').split(',').map((s) => s.trim()).filter(Boolean);
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const fileLimit = Number(/Max open files\s+(\d+)/.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1] ?? 1024);
  const status = (pid) => {
    const text = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (k) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(text)?.[1] ?? NaN);
    return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
  };

  /** A forked load generator and a request/answer helper over IPC. */
  function generator() {
    const child = fork(HERE, ['fans'], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const ask = (msg, answer) =>
      new Promise((res) => {
        const on = (m) => {
          if (m.cmd !== answer) return;
          child.off('message', on);
          res(m);
        };
        child.on('message', on);
        child.send(msg);
      });
    return { child, ask, close: () => (child.connected ? child.send({ cmd: 'close' }) : undefined) };
  }

  /**
   * One run: `servers` (each { url, pid }) with `perServer` sockets each, split over the two
   * generators; incidents written through the first server.
   */
  async function run(title, servers, perServer) {
    const url = servers[0].url;
    const token = await signIn(url);
    const match = (await api(url, token, 'GET', '/api/v3/matches?page[size]=1&sort=-kickoff_at')).data[0];
    const squad = match.relationships.home_squad.data.id;
    const member = (await api(url, token, 'GET', `/api/v3/squad_players?filter[squad]=${squad}&page[size]=1`)).data[0];
    const identifier = JSON.stringify({ channel: 'Public::MatchChannel', match_id: Number(match.id) });
    const gens = [generator(), generator()];
    try {
      // Generator g connects to server g (two instances), or both to the one server.
      const plan = gens.map((g, i) => {
        const server = servers[i % servers.length];
        const count = servers.length === 1 ? Math.floor(perServer / 2) + (i === 0 ? perServer % 2 : 0) : perServer;
        const stalled = Math.floor(STALLED / 2);
        return { g, server, count, stalled };
      });
      const t0 = now();
      const opened = await Promise.all(
        plan.map((p) => p.g.ask({ cmd: 'open', url: `${p.server.url.replace('http', 'ws')}/cable?client=ekstraklasa-demo`, identifier, count: p.count, stalled: p.stalled }, 'opened')),
      );
      const connectMs = now() - t0;
      const total = opened.reduce((s, o) => s + o.opened, 0);
      const stalled = plan.reduce((s, p) => s + p.stalled, 0);
      const reading = total - stalled;
      const failures = opened.flatMap((o) => Object.entries(o.failures)).map(([k, v]) => `${v} ${k}`);
      log(`\n${title}`);
      log(`  ${fmt(total)} of ${fmt(plan.reduce((s, p) => s + p.count, 0))} sockets subscribed in ${fmt(connectMs / 1000, 1)} s${failures.length ? ` (failed: ${failures.join(', ')})` : ''}; ${fmt(stalled)} of them stalled (never read again)`);
      for (const s of servers) {
        const m = status(s.pid);
        log(`  server ${s.name}: RSS ${fmt(m.rss)} MB after connecting`);
      }
      const latencies = [];
      // Per generator: with two instances, generator g holds server g's sockets.
      const byGenerator = gens.map(() => []);
      const cpu = servers.map(() => []);
      const fromResponse = [];
      const delivered = [];
      let duplicates = 0;
      for (let i = 0; i < INCIDENTS; i++) {
        await sleep(1000);
        const cpu0 = servers.map((s) => cpuMs(s.pid));
        const sentAt = now();
        const res = await api(url, token, 'POST', '/api/v3/incidents', {
          data: {
            type: 'incidents',
            attributes: { incident_type: 'yellow_card', occurrence_half: 2, occurrence_minute: 46 + (i % 44) },
            relationships: { match: { data: { type: 'matches', id: match.id } }, squad: { data: { type: 'squads', id: squad } }, player: member.relationships.player },
          },
        });
        const respondedAt = now();
        const id = res.data.id;
        // Until every reading socket has it, or 15 s.
        const until = now() + 15_000;
        for (;;) {
          const counts = await Promise.all(gens.map((g) => g.ask({ cmd: 'count', id }, 'count')));
          if (counts.reduce((s, c) => s + c.n, 0) >= reading || now() > until) break;
          await sleep(100);
        }
        const got = await Promise.all(gens.map((g) => g.ask({ cmd: 'receipts', id }, 'receipts')));
        servers.forEach((s, k) => cpu[k].push(cpuMs(s.pid) - cpu0[k]));
        got.forEach((r, k) => byGenerator[k].push(...r.times.map((t) => t - sentAt)));
        const times = got.flatMap((r) => r.times);
        duplicates = got.reduce((s, r) => s + r.duplicates, 0);
        delivered.push(times.length);
        for (const t of times) {
          latencies.push(t - sentAt);
          fromResponse.push(Math.max(0, t - respondedAt));
        }
        log(`  incident ${i + 1}: ${fmt(times.length)} of ${fmt(reading)} reading sockets, first ${fmt(Math.min(...times) - sentAt)} ms, p95 ${fmt(percentile(times.map((t) => t - sentAt), 95))} ms, max ${fmt(Math.max(...times) - sentAt)} ms after the POST (answered in ${fmt(respondedAt - sentAt)} ms)`);
      }
      const p95 = percentile(latencies, 95);
      const mem = servers.map((s) => ({ name: s.name, ...status(s.pid) }));
      const peak = Math.max(...mem.map((m) => m.hwm));
      const rows = [
        ['delivered', `${fmt(Math.min(...delivered))} of ${fmt(reading)} reading sockets (worst of ${INCIDENTS} incidents); ${duplicates} duplicates`, 'target: all'],
        ['latency from the POST', `p50 ${fmt(percentile(latencies, 50))} ms, p95 ${fmt(p95)} ms, max ${fmt(Math.max(...latencies))} ms`, `target p95 <= 1,000 ms: ${p95 <= 1000 ? 'met' : 'MISSED'}`],
        ['  from its response', `p50 ${fmt(percentile(fromResponse, 50))} ms, p95 ${fmt(percentile(fromResponse, 95))} ms`, ''],
        ...(servers.length > 1 ? servers.map((s, k) => [`  sockets on ${s.name}`, `p50 ${fmt(percentile(byGenerator[k], 50))} ms, p95 ${fmt(percentile(byGenerator[k], 95))} ms`, k === 0 ? '(the instance written to)' : '(reached by NOTIFY)']) : []),
        ...servers.map((s, k) => [`server ${s.name} CPU per incident`, `${fmt(percentile(cpu[k], 50))} ms (median; the POST, the fan-out, pings meanwhile)`, '']),
        ...mem.map((m) => [`server ${m.name} memory`, `RSS ${fmt(m.rss)} MB, peak ${fmt(m.hwm)} MB`, `target <= 2,048 MB: ${peak <= 2048 ? 'met' : 'MISSED'}`]),
        ['machine', load(), ''],
      ];
      const w0 = Math.max(...rows.map((r) => r[0].length));
      const w1 = Math.max(...rows.map((r) => r[1].length));
      for (const r of rows) log(`  ${r[0].padEnd(w0)}  ${r[1].padEnd(w1)}  ${r[2]}`);
    } finally {
      for (const g of gens) g.close();
    }
  }

  log(`before: ${load()}; open files per process: ${fmt(fileLimit)}`);
  const env = { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: '', CABLE_PUBLIC_CONNECTIONS_PER_ADDRESS: String(TARGET * 2) };
  const start = async (name, extra) => {
    const child = await startChild(HERE, { args: ['serve'], env: { ...env, ...extra }, cwd: ROOT, name, nodeArgs: ['--max-old-space-size=3072', ...(process.env.BENCH_CABLE_PROF ? ['--cpu-prof', '--cpu-prof-dir=' + process.env.BENCH_CABLE_PROF] : [])] });
    return { name, url: child.info.url, pid: child.pid, stop: () => child.stop() };
  };

  if (dbs.includes('sqlite')) {
    const dataDir = mkdtempSync(join(os.tmpdir(), 'umpire-bench-cable-'));
    const server = await start('A', { DATA_DIR: dataDir });
    try {
      // The server's sockets share its file limit with what it has open already (database, pipes, the listener).
      const room = fileLimit - readdirSync(`/proc/${server.pid}/fd`).length - 100;
      const sockets = Math.min(TARGET, room);
      const note = sockets < TARGET ? ` (${fmt(TARGET)} asked; the open-file limit of ${fmt(fileLimit)} per process leaves room for ${fmt(sockets)})` : '';
      await run(`one instance, SQLite: ${fmt(sockets)} sockets on one match${note}`, [server], sockets);
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (dbs.includes('postgres')) {
    const { startTempPostgres } = await import('../scripts/pg-temp.mjs');
    const pg = await startTempPostgres();
    const dirs = [mkdtempSync(join(os.tmpdir(), 'umpire-bench-cable-')), mkdtempSync(join(os.tmpdir(), 'umpire-bench-cable-'))];
    const servers = [];
    try {
      // One after the other: the first migrates and seeds, the second finds it done.
      servers.push(await start('A', { DATA_DIR: dirs[0], DATABASE_URL: pg.url }));
      servers.push(await start('B', { DATA_DIR: dirs[1], DATABASE_URL: pg.url }));
      const half = Math.floor(TARGET / 2);
      await run(`two instances, PostgreSQL (NOTIFY): ${fmt(half)} sockets on each, incidents written through A`, servers, half);
    } finally {
      for (const s of servers) await s.stop();
      await pg.stop();
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    }
  }
  log(`\nafter: ${load()}`);
}
