#!/usr/bin/env node
// Server API benchmark (issue 2, item 9), on SQLite and on PostgreSQL.
//
//   node --import tsx bench/server-api.mjs             both databases (plain `node` works too)
//   node bench/server-api.mjs --db sqlite              one database: sqlite | postgres
//   options: --duration 10 --connections 50 --rows 100000 --warmup 2
//            --profile   writes a CPU profile of the API process while it serves (not its start-up
//                        and seed) and prints its hot spots
//            --uncached-only   measures (a) computed every time alone (the engine without its cache)
//
// For each database: the real server runs in a child process (bench/support/serve.ts: migrations,
// demo seed, then 100,000 bulk rows for the demo client) with LOG_LEVEL=warn, and a bare Fastify
// route runs in another child, so neither shares an event loop with the load generator
// (autocannon, here). Each target gets 50 connections: 2 s of warm-up, then 10 s measured on the same
// connections (steady state; see measure()), with the CPU time the serving processes spent per request:
//   (a) GET /api/v3/competition_seasons?include=image,season,competition,season.squads,competition.image&page[size]=50
//   (b) PATCH /api/v3/clubs/{id}, rotating over many clubs, every request a real change of short_name
//   (c) GET /bare on a minimal Fastify answering a fixed body of (a)'s byte size
//   (d) GET /api/v3/players?filter[q]=łuk, (e) sorted by name, (f) by name descending: over a
//       separate set of --players people (default as many as --rows), computed every time (no-cache)
//   (g) the floor of (a) computed every time: the statements the server ran for it, replayed through
//       the bare driver by a bare Fastify answering their rows as one JSON.stringify (serve.ts floor)
//   (h) the same statements, then (a)'s own document (parsed once, never built) written out as the
//       server writes its documents: what any engine answering (a) from those statements costs
// Targets: (a) at least 25% of (c)'s requests/s, and (a) p99 at most 50 ms; (a) computed every
// time (issue 25, point 5): ≤ 2.5 ms of server CPU per request on SQLite, ≤ 3 ms of node CPU and
// ≤ 2 ms of PostgreSQL's on PostgreSQL (6.2 ms, and 7.1 + 3.7 ms, before). Also printed: the
// x-db-queries header of (a) at page[size] 10, 50 and 100 (equal: includes cost one query per level).
// Timings never fail the run; only a crash does (exit code 1).
// PostgreSQL is a throw-away cluster (scripts/pg-temp.mjs); skipped with a message if it cannot start.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { fmt, running, signIn, startChild } from './support/child.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SERVE = join(ROOT, 'bench/support/serve.ts');
// autocannon is a devDependency of apps/server: resolve it from there, wherever npm put it.
const autocannon = createRequire(join(ROOT, 'apps/server/package.json'))('autocannon');

const { values: opts } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite,postgres' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    rows: { type: 'string', default: '100000' },
    players: { type: 'string' },
    warmup: { type: 'string', default: '2' },
    profile: { type: 'boolean', default: false },
    'uncached-only': { type: 'boolean', default: false },
  },
});
const UNCACHED_ONLY = opts['uncached-only'];
/** Issue 25, point 5: CPU ms per request of (a) computed every time, the targets and the figures before. */
const UNCACHED_TARGETS = {
  SQLite: [{ what: 'server CPU', target: 2.5, before: 6.2 }],
  PostgreSQL: [
    { what: 'node CPU', target: 3, before: 7.1 },
    { what: 'PostgreSQL CPU', target: 2, before: 3.7 },
  ],
};
const DURATION = Number(opts.duration);
const CONNECTIONS = Number(opts.connections);
const WARMUP = Number(opts.warmup);
const ROWS = Number(opts.rows);
const PLAYERS = Number(opts.players ?? opts.rows);
const DATABASES = opts.db.split(',').map((s) => s.trim()).filter(Boolean);

const LIST_PATH = (size) =>
  `/api/v3/competition_seasons?include=image,season,competition,season.squads,competition.image&page[size]=${size}`;
const TARGET_RATIO = 0.25;
const TARGET_P99_MS = 50;
const CLUB_IDS_WANTED = 2000;
/** Text search and sorts by a name over the bulk players; the first answer of each is described. */
const TEXT_TARGETS = [
  ['(d) players: text search filter[q]=łuk', '/api/v3/players?filter[q]=%C5%82uk&page[size]=25'],
  ['(e) players: sort=last_name,first_name', '/api/v3/players?sort=last_name,first_name&page[size]=25'],
  ['(f) players: sort=-last_name,-first_name', '/api/v3/players?sort=-last_name,-first_name&page[size]=25'],
];

const log = (msg) => console.log(msg);

// ---- CPU accounting (Linux /proc): CPU time per request does not depend on what else runs ------

let TICK_MS = 10;
try {
  TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim() || 100);
} catch {
  // No getconf: keep Linux's usual 100 ticks a second.
}

/** utime, stime, cutime, cstime of a process in ms, or null where /proc is missing. */
function procTimes(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { self: (Number(f[11]) + Number(f[12])) * TICK_MS, children: (Number(f[13]) + Number(f[14])) * TICK_MS, ppid: Number(f[1]) };
  } catch {
    return null;
  }
}

/** CPU ms used so far by a process, and optionally by its children (living and exited). */
function cpuMs(pid, withChildren = false) {
  const me = procTimes(pid);
  if (!me) return NaN;
  if (!withChildren) return me.self;
  let total = me.self + me.children;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const t = procTimes(entry);
    if (t && t.ppid === pid) total += t.self;
  }
  return total;
}

// ---- child processes -------------------------------------------------------------------------

const startServe = (mode, env, nodeArgs = []) => startChild(SERVE, { args: mode ? [mode] : [], env, nodeArgs, cwd: ROOT, name: mode || 'api' });

// ---- HTTP helpers ----------------------------------------------------------------------------

async function get(url, path, token) {
  const res = await fetch(url + path, { headers: { authorization: `Bearer ${token}`, accept: 'application/vnd.api+json' } });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${text.slice(0, 300)}`);
  return { text, bytes: Buffer.byteLength(text), queries: res.headers.get('x-db-queries'), body: JSON.parse(text) };
}

async function clubIds(url, token) {
  const ids = [];
  for (let page = 1; ids.length < CLUB_IDS_WANTED; page++) {
    const { body } = await get(url, `/api/v3/clubs?fields[clubs]=code&page[size]=100&page[number]=${page}`, token);
    ids.push(...body.data.map((d) => d.id));
    if (!body.links.next) break;
  }
  return ids;
}

// ---- load ------------------------------------------------------------------------------------

/**
 * One autocannon run of warm-up + measured time on the same connections. Only the measured part
 * counts: requests/s from the responses received in it, latency percentiles from the requests
 * sent in it. (Separate runs would open 50 new connections each time, and a Node server busy with
 * earlier requests accepts new connections slowly: their first requests would wait seconds, a
 * ramp-up artefact, not the latency of the API.) `cpu` lists [pid, withChildren] of the serving
 * processes: their CPU time per request is reported next to the rates.
 */
async function measure(label, opts, cpu = []) {
  const latencies = [];
  const statuses = {};
  let received = 0;
  let t0 = 0;
  let windowStart = Infinity;
  let windowEnd = Infinity;
  let cpuBefore = [];
  let genBefore = null;
  const instance = autocannon({ connections: CONNECTIONS, ...opts, duration: WARMUP + DURATION });
  instance.on('start', () => {
    t0 = performance.now();
    windowStart = t0 + WARMUP * 1000;
    setTimeout(() => {
      cpuBefore = cpu.map(([pid, kids]) => cpuMs(pid, kids));
      genBefore = process.cpuUsage();
    }, WARMUP * 1000).unref();
  });
  let bytes = 0;
  instance.on('response', (_client, status, resBytes, ms) => {
    const now = performance.now();
    if (now < windowStart || now > windowEnd) return;
    received++;
    bytes += resBytes;
    statuses[status] = (statuses[status] ?? 0) + 1;
    if (now - ms >= windowStart) latencies.push(ms);
  });
  const r = await new Promise((resolvePromise, reject) => {
    instance.once('done', resolvePromise);
    instance.once('error', reject);
  });
  windowEnd = performance.now();
  const seconds = (windowEnd - windowStart) / 1000;
  const cpuUsed = cpu.map(([pid, kids], i) => cpuMs(pid, kids) - cpuBefore[i]);
  const gen = genBefore ? process.cpuUsage(genBefore) : { user: NaN, system: NaN };
  latencies.sort((x, y) => x - y);
  const pct = (p) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.ceil(p * latencies.length) - 1)] : NaN);
  const non2xx = Object.entries(statuses).filter(([st]) => st < 200 || st >= 300).reduce((n, [, c]) => n + c, 0);
  const bad = non2xx + r.errors + r.timeouts;
  if (bad) log(`  ! ${label}: ${non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts (${JSON.stringify(statuses)})`);
  return {
    label,
    rps: received / seconds,
    p50: pct(0.5),
    p99: pct(0.99),
    total: received,
    bad,
    /** Average bytes per response (headers and body): a check that every answer was whole. */
    bytesPerResponse: bytes / (received || NaN),
    cpu: cpuUsed.map((ms) => ms / (received || NaN)),
    // Share of one core the load generator (this process) used: near 100%, it is the limit.
    gen: (gen.user + gen.system) / 1000 / (seconds * 1000),
  };
}

function patchRequests(ids) {
  let n = 0;
  return [
    {
      method: 'PATCH',
      setupRequest(req) {
        // Consecutive requests touch different clubs; a running number makes every value new.
        const i = n++;
        const id = ids[i % ids.length];
        req.path = `/api/v3/clubs/${id}`;
        req.body = JSON.stringify({ data: { type: 'clubs', id, attributes: { short_name: `Bench ${i % 2 ? 'B' : 'A'}${i}` } } });
        return req;
      },
    },
  ];
}

// ---- one database ----------------------------------------------------------------------------

async function benchDatabase(name, databaseUrl, postmasterPid = null) {
  const dataDir = mkdtempSync(join(tmpdir(), 'umpire-bench-'));
  const children = [];
  try {
    const env = {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      LOG_LEVEL: 'warn',
      UMPIRE_JWT_SECRET: randomBytes(24).toString('hex'),
      SEED_ON_EMPTY: 'true',
      BENCH_ROWS: String(ROWS),
      BENCH_PLAYERS: String(PLAYERS),
      // The statements of (a) computed afresh, for the floor (g) to replay.
      BENCH_FLOOR_PATH: LIST_PATH(50),
      BENCH_FLOOR_FILE: join(dataDir, 'floor-statements.json'),
    };
    const profileDir = opts.profile ? join(dataDir, 'profile') : null;
    if (profileDir) mkdirSync(profileDir);
    log(`\n[${name}] starting the server and seeding ${fmt(ROWS)} bulk rows and ${fmt(PLAYERS)} players...`);
    const api = await startServe('', profileDir ? { ...env, BENCH_PROFILE_DIR: profileDir } : env);
    children.push(api);
    const { url, bulk, startMs } = api.info;
    const token = await signIn(url);
    const auth = { authorization: `Bearer ${token}` };

    // Shape of (a): size and query counts at three page sizes.
    const sample = {};
    for (const size of [10, 50, 100]) sample[size] = await get(url, LIST_PATH(size), token);
    const a = sample[50];
    const counts = {};
    for (const o of a.body.included ?? []) counts[o.type] = (counts[o.type] ?? 0) + 1;

    // The uncached figure must be the engine computing the document: the server says it bypassed its cache.
    const probeUncached = await fetch(url + LIST_PATH(50), { headers: { ...auth, accept: 'application/vnd.api+json', 'cache-control': 'no-cache' } });
    const bypass = probeUncached.headers.get('x-cache');
    if ((await probeUncached.text()) !== a.text || bypass !== 'bypass') log(`  ! (a) with no-cache: x-cache ${bypass}, ${bypass === 'bypass' ? 'same' : 'a different'} document`);
    const apiCpu = [[api.pid, false], ...(postmasterPid ? [[postmasterPid, true]] : [])];
    const uncachedTarget = { url: url + LIST_PATH(50), headers: { ...auth, accept: 'application/vnd.api+json', 'cache-control': 'no-cache' } };
    if (UNCACHED_ONLY) {
      log(`[${name}] measuring (a) computed every time: ${CONNECTIONS} connections, ${WARMUP} s warm-up then ${DURATION} s measured...`);
      const ru = await measure('(a) same, no-cache: computed every time', uncachedTarget, apiCpu);
      // Requests still queued in the server finish before the floor starts (and before it stops: it would close the database under them).
      await new Promise((r) => setTimeout(r, 2000));
      const rg = await measureFloor(name, env, children, postmasterPid, a.text);
      for (const c of children.splice(0).reverse()) await c.stop();
      log(`\n== ${name}: (a) ${fmt(a.bytes)} bytes, x-db-queries ${sample[50].queries}, ${fmt(ru.rps, 1)} req/s, p99 ${fmt(ru.p99, 1)} ms, ${fmt(ru.total)} requests, ${fmt(ru.bad)} failed`);
      reportUncached(name, ru, rg);
      printHotSpots(await hotSpots(profileDir));
      return { name, results: [ru] };
    }
    const ids = await clubIds(url, token);
    const bodyFile = join(dataDir, 'bare-body.json');
    writeFileSync(bodyFile, a.text);
    const bare = await startServe('bare', { ...env, BARE_BODY_FILE: bodyFile });
    children.push(bare);

    log(`[${name}] measuring: ${CONNECTIONS} connections, ${WARMUP} s warm-up then ${DURATION} s measured, per target...`);
    const results = [];
    results.push(await measure('(a) GET competition_seasons + 5 includes', { url: url + LIST_PATH(50), headers: { ...auth, accept: 'application/vnd.api+json' } }, apiCpu));
    // The same list computed every time (Cache-Control: no-cache, x-cache: bypass), as right after each change.
    const uncached = await measure('(a) same, no-cache: computed every time', uncachedTarget, apiCpu);
    results.push(
      await measure(
        `(b) PATCH clubs/{id} (${ids.length} ids)`,
        { url, headers: { ...auth, 'content-type': 'application/vnd.api+json', accept: 'application/vnd.api+json' }, requests: patchRequests(ids) },
        apiCpu,
      ),
    );
    results.push(await measure('(c) bare Fastify, fixed body', { url: `${bare.info.url}/bare` }, [[bare.pid, false]]));
    results.push(uncached);
    await new Promise((r) => setTimeout(r, 2000));
    const floor = await measureFloor(name, env, children, postmasterPid, a.text);
    const textSamples = [];
    for (const [label, path] of TEXT_TARGETS) {
      const { body, queries } = await get(url, path, token);
      const names = body.data.slice(0, 4).map((d) => `${d.attributes.last_name} ${d.attributes.first_name}`);
      textSamples.push(`${label.slice(0, 3)} ${fmt(body.meta.total)} found, ${queries} queries; first: ${names.join(', ')}`);
      results.push(await measure(label, { url: url + path, headers: { ...auth, accept: 'application/vnd.api+json', 'cache-control': 'no-cache' } }, apiCpu));
    }

    // One PATCH outside the load, for its query count.
    const probe = await fetch(`${url}/api/v3/clubs/${ids[0]}`, {
      method: 'PATCH',
      headers: { ...auth, 'content-type': 'application/vnd.api+json' },
      body: JSON.stringify({ data: { type: 'clubs', id: ids[0], attributes: { short_name: `Probe ${Date.now()}` } } }),
    });
    const patchQueries = probe.headers.get('x-db-queries');
    await probe.arrayBuffer();

    for (const c of children.splice(0).reverse()) await c.stop();
    const hot = await hotSpots(profileDir);

    // ---- report
    const [ra, , rc, ru] = results;
    const ratio = ra.rps / rc.rps;
    const line = '-'.repeat(92);
    log(`\n== ${name} ${line.slice(name.length + 4)}`);
    log(`seeded ${fmt(bulk.rows)} bulk rows in ${fmt(bulk.ms / 1000, 1)} s (server start with migrations and demo seed ${fmt(startMs / 1000, 1)} s)`);
    log(`  ${Object.entries(bulk.tables).map(([t, n]) => `${t} ${fmt(n)}`).join(', ')}`);
    log(`(a) response: ${fmt(a.bytes)} bytes, ${a.body.data.length} competition_seasons + ${(a.body.included ?? []).length} included (${Object.entries(counts).map(([t, n]) => `${n} ${t}`).join(', ')})`);
    log(`x-db-queries (a): page[size]=10 → ${sample[10].queries}, 50 → ${sample[50].queries}, 100 → ${sample[100].queries}` +
      `  ${sample[10].queries === sample[100].queries ? '(equal: OK)' : '(NOT equal)'};  PATCH → ${patchQueries}`);
    log('');
    const cpuHead = postmasterPid ? `${'node ms/req'.padStart(13)}${'pg ms/req'.padStart(11)}` : `${'CPU ms/req'.padStart(12)}`;
    log(`${'target'.padEnd(44)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'requests'.padStart(10)}${'failed'.padStart(8)}${cpuHead}${'loadgen'.padStart(9)}`);
    for (const r of results) {
      const cpuCols = postmasterPid
        ? `${fmt(r.cpu[0], 2).padStart(13)}${(r.cpu.length > 1 ? fmt(r.cpu[1], 2) : '').padStart(11)}`
        : fmt(r.cpu[0], 2).padStart(12);
      log(`${r.label.padEnd(44)}${fmt(r.rps, 1).padStart(9)}${fmt(r.p50, 1).padStart(9)}${fmt(r.p99, 1).padStart(9)}${fmt(r.total).padStart(10)}${fmt(r.bad).padStart(8)}${cpuCols}${`${fmt(r.gen * 100)}%`.padStart(9)}`);
    }
    // Every answer of (a) must be the whole document (no 304, no error page): compare sizes with (c).
    const whole = (r) => r.bytesPerResponse >= a.bytes;
    for (const r of [ra, ru, rc]) if (!whole(r)) log(`  ! ${r.label}: ${fmt(r.bytesPerResponse)} bytes per response, less than the ${fmt(a.bytes)}-byte document`);
    for (const line of textSamples) log(`  ${line}`);
    log(`  (latency of the requests sent in the measured ${DURATION} s, after ${WARMUP} s of warm-up on the same connections;`);
    log(`   CPU ms/req: CPU time of the serving process(es) per request; loadgen: share of a core autocannon used)`);
    log('');
    log(`(a)/(c) requests/s = ${fmt(ratio * 100, 1)}%   target ≥ ${TARGET_RATIO * 100}%   ${ratio >= TARGET_RATIO ? 'MET' : 'MISSED'}`);
    log(`(a) p99 = ${fmt(ra.p99, 1)} ms        target ≤ ${TARGET_P99_MS} ms   ${ra.p99 <= TARGET_P99_MS ? 'MET' : 'MISSED'}`);
    log(`(a) computed every time (no-cache) / (c) = ${fmt((ru.rps / rc.rps) * 100, 1)}%, p99 ${fmt(ru.p99, 1)} ms: reads between changes come from memory, the first after a change is computed`);
    reportUncached(name, ru, floor);
    const cpuRatio = rc.cpu[0] / ra.cpu.reduce((x, y) => x + y, 0);
    if (Number.isFinite(cpuRatio))
      log(`by CPU time per request (what the rates would give with a core each and nothing else running): (a)/(c) = ${fmt(cpuRatio * 100, 1)}%`);
    log(`load average during the runs: ${loadavg().map((x) => x.toFixed(2)).join(' ')} on ${availableParallelism()} cores${loadavg()[0] > availableParallelism() ? ' (other work competed for the CPU: figures are low and noisy)' : ''}`);
    printHotSpots(hot);
    return { name, results, ratio };
  } finally {
    for (const c of children.reverse()) await c.stop().catch(() => {});
    if (!opts.profile) rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The hot spots of the API process's CPU profile (--profile), once it has stopped. */
async function hotSpots(profileDir) {
  if (!profileDir) return null;
  const { summarizeProfile } = await import('./support/cpu-profile.mjs');
  const files = readdirSync(profileDir).filter((f) => f.endsWith('.cpuprofile')).map((f) => join(profileDir, f));
  const file = files.sort((x, y) => statSync(y).size - statSync(x).size)[0];
  return file ? { file, lines: summarizeProfile(file, 30) } : null;
}

function printHotSpots(hot) {
  if (!hot) return;
  log(`\nCPU profile of the API process: ${hot.file}`);
  for (const l of hot.lines) log(`  ${l}`);
}

/**
 * (g) the floor of (a) computed every time: the statements the server ran for it, replayed
 * through the bare driver by a bare Fastify that answers their rows as one JSON.stringify
 * (bench/support/serve.ts, floor mode). The engine cannot cost less than fetching and writing out
 * its rows; the difference is its own work (Kysely, rows made resources, includes, links, access).
 */
async function measureFloor(name, env, children, postmasterPid, documentText) {
  log(`[${name}] measuring (g) the floor: (a)'s statements replayed through the bare driver, ${CONNECTIONS} connections...`);
  const documentFile = join(env.DATA_DIR, 'floor-document.json');
  writeFileSync(documentFile, documentText);
  const floor = await startServe('floor', { ...env, BENCH_FLOOR_DOCUMENT: documentFile });
  children.push(floor);
  const cpu = [[floor.pid, false], ...(postmasterPid ? [[postmasterPid, true]] : [])];
  const r = await measure('(g) floor: (a)\'s statements, bare driver', { url: `${floor.info.url}/floor` }, cpu);
  await new Promise((resolveWait) => setTimeout(resolveWait, 2000));
  log(`[${name}] measuring (h): the same statements, then (a)'s own document written out, ${CONNECTIONS} connections...`);
  const withDocument = await measure('(h) floor: statements and (a)\'s document', { url: `${floor.info.url}/floor-document` }, cpu);
  await new Promise((resolveWait) => setTimeout(resolveWait, 2000));
  return { ...r, statements: floor.info.statements, floorBytes: floor.info.bytes, documentBytes: Buffer.byteLength(documentText), withDocument };
}

/** (a) computed every time: each CPU figure beside its target, the figure before and the floor (g) (issue 25, point 5). */
function reportUncached(name, ru, rg) {
  const load = loadavg().map((x) => x.toFixed(2)).join(' ');
  log(`(a) computed every time (the engine without its cache), CPU ms per request; load average ${load} on ${availableParallelism()} cores:`);
  UNCACHED_TARGETS[name].forEach(({ what, target, before }, i) => {
    const ms = ru.cpu[i];
    const floor = rg ? `   floor (g) ${fmt(rg.cpu[i], 2)} ms, (h) ${fmt(rg.withDocument.cpu[i], 2)} ms` : '';
    log(`  ${what.padEnd(15)} ${fmt(ms, 2).padStart(6)} ms   target ≤ ${target} ms   before ${before} ms   ${ms <= target ? 'MET' : 'MISSED'}${floor}`);
  });
  if (!rg) return;
  log(`  (g) the floor: the ${rg.statements} statements the server ran for (a), replayed one after another through the bare driver, their rows`);
  log(`      answered as one JSON.stringify (${fmt(rg.floorBytes)} bytes) by a bare Fastify, ${fmt(rg.rps, 1)} req/s: (a) cannot cost less here;`);
  log(`      ${UNCACHED_TARGETS[name].map(({ what }, i) => `${what} ${fmt(ru.cpu[i] - rg.cpu[i], 2)} ms`).join(', ')} of (a) above it is the engine's own work`);
  const h = rg.withDocument;
  log(`  (h) the same statements, then (a)'s own document (${fmt(rg.documentBytes)} bytes, parsed once, never built) written out as the server writes`);
  log(`      its documents (JSON, UTF-8, entity tag), ${fmt(h.rps, 1)} req/s: any engine answering (a) from those statements costs this much;`);
  log(`      ${UNCACHED_TARGETS[name].map(({ what, target }, i) => `${what} ${fmt(Math.max(0, target - h.cpu[i]), 2)} ms`).join(', ')} of the target left for building the document`);
}

// ---- main ------------------------------------------------------------------------------------

// Ctrl-C (or `npm run bench` stopping us): stop the servers and the PostgreSQL cluster first.
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.once(sig, async () => {
    log(`\n${sig}: stopping...`);
    await Promise.allSettled([...running].map((r) => r.stop()));
    process.exit(130);
  });
}

const t0 = Date.now();
log(`machine: ${availableParallelism()} cores, load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
log(`Umpire server API benchmark: ${DATABASES.join(' and ')}, ${fmt(ROWS)} bulk rows, ${CONNECTIONS} connections, ${DURATION} s per target`);
let failed = false;
for (const name of DATABASES) {
  if (name === 'sqlite') {
    await benchDatabase('SQLite').catch((err) => {
      failed = true;
      log(`[SQLite] failed: ${err.stack ?? err}`);
    });
  } else if (name === 'postgres') {
    let pg;
    try {
      const { startTempPostgres } = await import('../scripts/pg-temp.mjs');
      pg = await startTempPostgres();
    } catch (err) {
      log(`\n[PostgreSQL] skipped: a temporary PostgreSQL could not start (${String(err.message ?? err).split('\n')[0]})`);
      continue;
    }
    running.add(pg);
    const pidFile = join(pg.dir, 'data', 'postmaster.pid');
    const postmaster = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').split('\n')[0]) : null;
    try {
      await benchDatabase('PostgreSQL', pg.url, postmaster);
    } catch (err) {
      failed = true;
      log(`[PostgreSQL] failed: ${err.stack ?? err}`);
    } finally {
      running.delete(pg);
      await pg.stop();
    }
  } else {
    log(`unknown database "${name}" (sqlite, postgres)`);
    failed = true;
  }
}
log(`\ndone in ${fmt((Date.now() - t0) / 1000, 0)} s`);
process.exit(failed ? 1 : 0);
