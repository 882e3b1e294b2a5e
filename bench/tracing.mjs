#!/usr/bin/env node
// What tracing costs (issue 39, point 6): requests/s of a simple cached read with tracing off, on
// with every request sampled, and on with one in ten (OTEL_TRACES_SAMPLER=traceidratio 0.1).
//
//   npm run bench -- tracing            (or: node --import tsx bench/tracing.mjs)
//   options: --duration 10 --warmup 2 --connections 10 --rounds 3
//
// The real server runs in a child process (bench/support/serve-demo.ts, the demo data on SQLite, or
// PostgreSQL with DATABASE_URL), started anew for each setting on the same data; traced, it loads
// the tracing preload (apps/server/src/tracing.ts) as `npm start` does, and exports OTLP/HTTP
// protobuf (the default) to a receiver in this process that reads and drops it. The batch queue is
// made large enough that no span is dropped at these rates (OTEL_BSP_MAX_QUEUE_SIZE). Settings
// alternate round by round, so that other work on this shared machine weighs on each alike, and
// the summary gives each setting's median round. The server's CPU time per request (from /proc) is
// steadier than requests/s when the machine is busy.
// GET /api/v3/clubs?page[size]=20 as admin: after the first, answered from the cache of computed
// reads (its x-db-queries header, printed as SQL per request, counts the statements it ran), so
// what is measured is mostly the request's own spans (the server span, its handler's) and their
// export. Figures are printed, never asserted.
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { cpuMs, fmt, signIn, startChild } from './support/child.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const autocannon = createRequire(join(ROOT, 'apps/server/package.json'))('autocannon');

const { values: opts } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
  },
});
const DURATION = Number(opts.duration);
const WARMUP = Number(opts.warmup);
const CONNECTIONS = Number(opts.connections);
const ROUNDS = Number(opts.rounds);
const PATH = '/api/v3/clubs?page[size]=20';

// The collector: reads each export whole and answers 200, as a collector would.
let exported = 0;
const receiver = createServer((req, res) => {
  req.on('data', (c) => (exported += c.length));
  req.on('end', () => res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end());
});
await new Promise((r) => receiver.listen(0, '127.0.0.1', r));
const collector = `http://127.0.0.1:${receiver.address().port}`;

const SETTINGS = [
  { label: 'tracing off', env: {} },
  { label: 'tracing on, every request', env: { OTEL_EXPORTER_OTLP_ENDPOINT: collector } },
  { label: 'tracing on, 1 in 10 (traceidratio 0.1)', env: { OTEL_EXPORTER_OTLP_ENDPOINT: collector, OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.1' } },
];

const dataDir = mkdtempSync(join(tmpdir(), 'umpire-bench-tracing-'));
const baseEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', OTT_LIVE: 'false', OTT_WORKER: 'false', OTEL_BSP_MAX_QUEUE_SIZE: '65536', OTEL_BSP_MAX_EXPORT_BATCH_SIZE: '2048' };

async function run(setting) {
  const traced = 'OTEL_EXPORTER_OTLP_ENDPOINT' in setting.env;
  const server = await startChild(join(ROOT, 'bench/support/serve-demo.ts'), {
    env: { ...baseEnv, ...setting.env },
    cwd: ROOT,
    name: 'server',
    // tsx first: the preload is TypeScript (npm start runs the compiled dist/tracing.js the same way).
    nodeArgs: traced ? ['--import', 'tsx', '--import', join(ROOT, 'apps/server/src/tracing.ts')] : [],
  });
  try {
    const url = server.info.url;
    const token = await signIn(url);
    const headers = { authorization: `Bearer ${token}`, accept: 'application/vnd.api+json' };
    // Warm: the read computed once, then kept.
    for (let i = 0; i < 20; i++) await (await fetch(url + PATH, { headers })).arrayBuffer();
    const warm = await fetch(url + PATH, { headers });
    await warm.arrayBuffer();
    const statements = Number(warm.headers.get('x-db-queries'));
    await autocannon({ url: url + PATH, headers, connections: CONNECTIONS, duration: WARMUP });
    const cpu0 = cpuMs(server.pid);
    const bytes0 = exported;
    const r = await autocannon({ url: url + PATH, headers, connections: CONNECTIONS, duration: DURATION });
    const cpu = cpuMs(server.pid) - cpu0;
    const bad = r.non2xx + r.errors + r.timeouts;
    return { statements, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, cpuPerRequest: (cpu / r.requests.total) * 1000, exportedKb: (exported - bytes0) / 1024, bad };
  } finally {
    await server.stop();
  }
}

console.log(`tracing overhead: GET ${PATH} (cached), ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s, ${ROUNDS} rounds, database ${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'}`);
const results = new Map(SETTINGS.map((s) => [s.label, []]));
try {
  for (let round = 1; round <= ROUNDS; round++)
    for (const setting of SETTINGS) {
      const r = await run(setting);
      results.get(setting.label).push(r);
      console.log(
        `  round ${round}  ${setting.label.padEnd(40)} ${fmt(r.rps).padStart(7)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  CPU ${fmt(r.cpuPerRequest)} µs/request  exported ${fmt(r.exportedKb)} kB  SQL ${r.statements}/request${r.bad ? `  (${r.bad} failed)` : ''}`,
      );
    }
  // Medians: a round that other work on the machine slowed down weighs no more than one.
  const median = (list, key) => {
    const v = list.map((r) => r[key]).sort((a, b) => a - b);
    return v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
  };
  const off = results.get(SETTINGS[0].label);
  console.log('  medians of the rounds:');
  for (const [label, list] of results) {
    const rps = median(list, 'rps');
    const cpu = median(list, 'cpuPerRequest');
    console.log(
      `    ${label.padEnd(40)} ${fmt(rps).padStart(7)} req/s (${fmt((rps / median(off, 'rps') - 1) * 100, 1)} % against off), CPU ${fmt(cpu)} µs/request (${fmt((cpu / median(off, 'cpuPerRequest') - 1) * 100, 1)} %)`,
    );
  }
} finally {
  receiver.close();
  rmSync(dataDir, { recursive: true, force: true });
}
