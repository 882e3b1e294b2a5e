#!/usr/bin/env node
// The league's website and the delivery API behind it (issue 24, point 9; every kind of page, issue 40
// point 8), on SQLite and the demo data.
//
//   npm run bench -- site               (or: node --import tsx bench/site.mjs)
//   options: --duration 10 --warmup 2 --connections 10 --renders 200 --runs 5
//            --kinds page,matches  only these kinds of page (the names it prints)
//            --no-build   measures the browser script already in apps/site/dist (else it is built first)
//            --profile    a CPU profile of the server process, its hot spots printed for the uncached
//                         renders of the costliest kind and the cached load of the costliest page
//            --only render,cached,api,browser  only these sections (1, 2, 3, 4 and 5)
//   short, on a busy machine: --duration 3 --warmup 1 --renders 40 --runs 3
//
// The real server runs in a child process (bench/support/serve-demo.ts: migrations and the demo seed,
// nothing more; LOG_LEVEL=warn), serving the website at /site/ as `npm start` does: the site calls
// the delivery API of the same process (Fastify's inject).
//
// The kinds of page come from the site's own sitemaps (/site/sitemap.xml and the files it lists), in
// the first language: the builder's home page and each index template's address (the fixtures, the
// news) from sitemap-pages.xml, and one record of every other file (sitemap-matches.xml: a match,
// -clubs, -tables, -players once the league has a player template, -articles…), so a new kind of
// page is measured without a change here. The match is the one the home page shows live, when it
// shows one; another record the one its kind's own address leads to (the tables' address leads to
// the current season's), else the first listed; the fixtures are filtered by a round (the live
// match's), the news index is its page 2 when it has one.
//
// Printed for each kind, each figure beside its target:
//   1. The page rendered uncached, one request at a time: the server process's CPU time per page
//      (target ≤ 20 ms), from /proc. "Uncached" is everything a first visit after a change costs:
//      before each request the bench commits a row to the SQLite file from its own connection, which
//      moves SQLite's data_version, so the server's cache of computed reads drops every delivery
//      answer and each is read from the database, projected and serialized again; and this section's
//      server keeps no rendered page (SITE_CACHE_MS=0, an operator's setting, not something a reader
//      can ask for), so every request renders: the site revalidates each read with its ETag (an
//      answer computed again but the same is a 304, and the site reuses what it parsed), and runs
//      React's renderToString. The commit costs the server nothing (it happens in the bench's
//      process). The same with the delivery answers cached (only the site's render) splits the
//      figure. The reads a page makes are noted by the server (BENCH_READS_FILE); those of the
//      costliest kind and of the home page are then measured one by one, each computed afresh. The
//      sections after it run on a server started again as `npm start` runs it (pages kept a second).
//   2. The page cached, under --connections concurrent clients on this machine: pages/s
//      (target ≥ 2,000) with p50/p99 latency and the server's CPU per page, beside a bare Fastify
//      route answering the home page's bytes (bench/support/serve.ts bare): the most a Node server does here.
//   3. The delivery API cached, under the same load: current_page of the home page with its kind's
//      include sets, and matches with both sides' clubs, crests and rounds: p99 (target ≤ 10 ms),
//      and revalidation (If-None-Match → 304).
//   4. In Chromium on localhost (Debian's, through playwright-core), each page in --runs new
//      contexts (empty browser cache, server warm): largest contentful paint (PerformanceObserver,
//      target ≤ 1.0 s, median) and the JavaScript the page loads, each response gzipped (level 9)
//      and summed (target ≤ 100 kB gzip). The browser script is built first by
//      apps/site/scripts/build-client.mjs when that script exists.
//   5. A live score on the website: goals posted through the staff API while the home page, then
//      the match's page, is open in Chromium; the time from the POST to the new score on the page
//      (target ≤ 2 s).
// It ends with one line per kind, every figure against its target, and a verdict.
// The machine is 2 cores shared by the server, the load generator, Chromium and other work: where a
// target is missed, the output says which limit the figure is bound by, and every figure is printed
// with the load average. Timings never fail the run; only a crash does (exit code 1).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { PAGE_KIND_INCLUDE_SETS, TEMPLATE_DEFS, templateOfSegment } from '@umpire/schema';
import { cpuMs, fmt, percentile, running, startChild } from './support/child.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const serverRequire = createRequire(join(ROOT, 'apps/server/package.json'));
const autocannon = serverRequire('autocannon');
const Sqlite = serverRequire('better-sqlite3');

const { values: opts } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '10' },
    renders: { type: 'string', default: '200' },
    runs: { type: 'string', default: '5' },
    kinds: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});
// `--only render,cached`: some sections alone (render: 1, cached: 2, api: 3, browser: 4 and 5), to measure again quickly.
const SECTIONS = ['render', 'cached', 'api', 'browser'];
const ONLY = opts.only ? new Set(opts.only.split(',').map((s) => s.trim())) : new Set(SECTIONS);
for (const s of ONLY) if (!SECTIONS.includes(s)) throw new Error(`--only takes ${SECTIONS.join(', ')} (comma-separated), not "${s}"`);
const want = (section) => ONLY.has(section);
const DURATION = Number(opts.duration);
const WARMUP = Number(opts.warmup);
const CONNECTIONS = Number(opts.connections);
const RENDERS = Number(opts.renders);
const RUNS = Math.max(1, Number(opts.runs));
const ONLY_KINDS = opts.kinds ? new Set(opts.kinds.split(',').map((k) => k.trim()).filter(Boolean)) : null;

const TARGET_RENDER_CPU_MS = 20;
const TARGET_PAGES_PER_S = 2000;
const TARGET_API_P99_MS = 10;
const TARGET_LCP_MS = 1000;
const TARGET_JS_GZIP_KB = 100;
const TARGET_LIVE_MS = 2000;
const GOALS = 10;

const CLIENT = 'ekstraklasa-demo';
const BASE = '/site';
/** The site's first language: the kinds' addresses are taken in it. */
const LOCALE = 'pl';
const HOME = `${BASE}/${LOCALE}/`;
const HOME_INCLUDE = PAGE_KIND_INCLUDE_SETS.standard.join(',');
const API_TARGETS = [
  ['current_page of the home page', `/public/v1/current_page?slug=strona-glowna&locale=pl${HOME_INCLUDE ? `&include=${HOME_INCLUDE}` : ''}&client=${CLIENT}`],
  ['matches with clubs, crests and rounds', `/public/v1/matches?sort=kickoff_at&page[size]=20&include=home_squad.team.club.image,away_squad.team.club.image,round&client=${CLIENT}`],
];
/** How long the site keeps a rendered page as `npm start` runs it (SITE_CACHE_MS's default). */
const SITE_CACHE_MS = 1000;

const log = (m = '') => console.log(m);
const cores = availableParallelism();
const met = (ok) => (ok ? 'met' : 'NOT MET');
const kb = (bytes) => `${fmt(bytes / 1024, 1)} kB`;
const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');
const median = (xs) => percentile(xs, 50);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** Microseconds of the monotonic clock, which the V8 profile's sample times share (a profile window). */
const nowUs = () => Number(process.hrtime.bigint() / 1000n);

// ---- 0. the browser script --------------------------------------------------------------------

const BUILD_SCRIPT = join(ROOT, 'apps/site/scripts/build-client.mjs');
const SITE_JS = join(ROOT, 'apps/site/dist/assets/site.js');
let buildNote;
if (!existsSync(BUILD_SCRIPT)) buildNote = 'apps/site/scripts/build-client.mjs does not exist yet: no browser script';
else if (opts['no-build']) buildNote = existsSync(SITE_JS) ? 'the existing apps/site/dist (--no-build)' : 'no apps/site/dist/assets/site.js (--no-build)';
else {
  log('building the browser script (node apps/site/scripts/build-client.mjs --quiet) …');
  const r = spawnSync(process.execPath, [BUILD_SCRIPT, '--quiet'], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  buildNote =
    r.status === 0
      ? 'built by apps/site/scripts/build-client.mjs in this run'
      : `apps/site/scripts/build-client.mjs failed (exit code ${r.status}): measuring ${existsSync(SITE_JS) ? 'the apps/site/dist it left' : 'pages without a browser script'}`;
}

// ---- the server -------------------------------------------------------------------------------------

const dataDir = mkdtempSync(join(tmpdir(), 'umpire-bench-site-'));
const profileDir = opts.profile ? join(dataDir, 'profile') : null;
if (profileDir) mkdirSync(profileDir);
/** The parts of the profile summarized: the uncached renders of the costliest kind, the cached load of the costliest page. */
const profileWindows = [];
const sides = [];
const agents = [];
const stopAll = async () => {
  for (const s of sides) s.close();
  for (const a of agents) a.destroy();
  for (const r of [...running]) await r.stop();
  if (profileDir) {
    const { summarizeProfile } = await import('./support/cpu-profile.mjs');
    const files = readdirSync(profileDir).filter((f) => f.endsWith('.cpuprofile')).map((f) => join(profileDir, f));
    const largest = files.sort((x, y) => statSync(y).size - statSync(x).size)[0];
    // Each window in the profile of the server it was measured on (section 1's is another process).
    const fileOf = (w) => (w && files.find((f) => f.endsWith(`CPU.${w.pid}.cpuprofile`))) || largest;
    if (largest)
      for (const w of profileWindows.length ? profileWindows : [null]) {
        const file = fileOf(w);
        log(`\nCPU profile of the server process${w ? ` during ${w.label}` : ''}: ${file}`);
        for (const l of summarizeProfile(file, 30, w)) log(`  ${l}`);
      }
  } else rmSync(dataDir, { recursive: true, force: true });
};
process.on('SIGINT', () => stopAll().then(() => process.exit(130)));

/**
 * The real server on a fresh copy of the demo data (`env` on top of the caller's environment), with
 * what the benchmark needs around it: GETs over one kept-alive connection, the lever that drops its
 * cache of computed reads, and the reads a page makes.
 */
async function startDemo(name, env = {}) {
  const dir = join(dataDir, name);
  const readsFile = join(dataDir, `${name}-reads.json`);
  const child = await startChild(join(ROOT, 'bench/support/serve-demo.ts'), {
    env: {
      ...process.env,
      DATA_DIR: dir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      SITE_CLIENT: CLIENT,
      SITE_BASE_PATH: BASE,
      BENCH_READS_FILE: readsFile,
      ...(profileDir ? { BENCH_PROFILE_DIR: profileDir } : {}),
      ...env,
    },
    cwd: ROOT,
    name,
  });
  const { url } = child.info;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  agents.push(agent);
  /** One GET over the kept-alive connection, with the headers given (If-None-Match, Cache-Control). */
  const get = (path, headers = {}) =>
    new Promise((done, fail) => {
      const t0 = performance.now();
      const req = httpRequest(`${url}${path}`, { agent, headers }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => done({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks), ms: performance.now() - t0 }));
        res.on('error', fail);
      });
      req.on('error', fail);
      req.end();
    });
  const getOk = async (path, headers) => {
    const res = await get(path, headers);
    if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${res.body.toString('utf8').slice(0, 300)}`);
    return res;
  };
  // The bench's own connection to the server's SQLite file: a commit here moves data_version, and
  // the server's cache of computed reads (apps/server/src/db/computed-cache.ts) drops it all.
  const side = new Sqlite(join(dir, 'umpire.sqlite'));
  sides.push(side);
  side.pragma('busy_timeout = 5000');
  side.exec('CREATE TABLE IF NOT EXISTS bench_cache_buster (at INTEGER NOT NULL)');
  const bust = side.prepare('INSERT INTO bench_cache_buster (at) VALUES (?)');
  return {
    url,
    pid: child.pid,
    info: child.info,
    side,
    readsFile,
    get,
    getOk,
    stop: () => child.stop(),
    dropCache: () => bust.run(Date.now()),
    idlePerS: 0,
  };
}

/**
 * The delivery reads the site makes for one uncached render of `path` (noted by the server between
 * two SIGUSR2, bench/support/serve-demo.ts): address, status (304: computed again, the same) and x-cache.
 */
async function readsOf(srv, path) {
  const waitFor = async (ready) => {
    for (let i = 0; i < 500; i++) {
      try {
        const j = JSON.parse(readFileSync(srv.readsFile, 'utf8'));
        if (ready(j)) return j;
      } catch {
        // Not written yet, or half written: read again.
      }
      await sleep(10);
    }
    throw new Error(`the server did not note its reads in ${srv.readsFile} (SIGUSR2)`);
  };
  rmSync(srv.readsFile, { force: true });
  process.kill(srv.pid, 'SIGUSR2');
  await waitFor((j) => j.recording === true);
  srv.dropCache();
  await srv.getOk(path);
  process.kill(srv.pid, 'SIGUSR2');
  return (await waitFor((j) => Array.isArray(j.reads))).reads;
}

/**
 * Checks that the levers do what the figures claim: a commit from the bench's connection drops the
 * delivery API's cache; on the server for uncached renders (SITE_CACHE_MS=0, `uncached`) every
 * request renders (a change in the footer shows at once), while the one for the other sections
 * answers the copy it keeps for its second.
 */
async function checkLevers(srv, uncached) {
  const probe = API_TARGETS[0][1];
  await srv.getOk(probe);
  const hit = (await srv.getOk(probe)).headers['x-cache'];
  srv.dropCache();
  const miss = (await srv.getOk(probe)).headers['x-cache'];
  if (hit !== 'hit' || miss !== 'miss') throw new Error(`the delivery cache did not behave as the benchmark assumes (x-cache ${hit} then ${miss} after a commit)`);
  const footer = srv.side.prepare("SELECT id, settings FROM components WHERE kind = 'page_footer' ORDER BY id LIMIT 1").get();
  if (!footer) throw new Error('the demo has no page footer: the check of the site’s kept pages needs one');
  const setCopyright = (text) => srv.side.prepare("UPDATE components SET settings = json_set(settings, '$.copyright', ?) WHERE id = ?").run(text, footer.id);
  try {
    const t0 = performance.now();
    await srv.getOk(HOME);
    const mark = `bench-mark-${Date.now()}`;
    setCopyright(mark);
    const again = (await srv.getOk(HOME)).body.toString('utf8');
    const withinKeep = performance.now() - t0 < SITE_CACHE_MS;
    if (uncached && !again.includes(mark))
      throw new Error('with SITE_CACHE_MS=0 the site answered a page without a change made just before: the uncached renders would be kept pages (see startDemo\'s SITE_CACHE_MS)');
    if (!uncached && withinKeep && again.includes(mark)) throw new Error(`the site did not keep ${HOME} for its second (SITE_CACHE_MS): the cached figures would be renders`);
  } finally {
    srv.side.prepare('UPDATE components SET settings = ? WHERE id = ?').run(footer.settings, footer.id);
  }
}

/** Renders of `path` one at a time (on the server that keeps no rendered page), the server's cache dropped before each (`cold`) or not. */
async function renders(srv, path, cold) {
  const ms = [];
  const cpu0 = cpuMs(srv.pid);
  const t0 = performance.now();
  const from = nowUs();
  for (let i = 0; i < RENDERS; i++) {
    if (cold) srv.dropCache();
    ms.push((await srv.getOk(path)).ms);
  }
  const seconds = (performance.now() - t0) / 1000;
  return { cpu: (cpuMs(srv.pid) - cpu0 - srv.idlePerS * seconds) / RENDERS, p50: percentile(ms, 50), p99: percentile(ms, 99), window: { from, to: nowUs() } };
}

/** A delivery read as the site writes it (under /public/v1, without the league's `client=`). */
const shortRead = (u) => u.replace(/^\/public\/v1/, '').replace(`&client=${CLIENT}`, '').replace(`?client=${CLIENT}`, '');

const pathOf = (loc) => {
  const u = new URL(loc.replace(/&amp;/g, '&'));
  return `${u.pathname}${u.search}`;
};
const locsOf = (xml) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => pathOf(m[1]));
/** The template kind an address of the site is drawn with, by its first segment (`mecze` → match). */
const templateOfPath = (path) => {
  const rest = path.slice(`${BASE}/${LOCALE}/`.length).split('?')[0].replace(/\/+$/, '');
  const [segment, key, ...more] = rest.split('/');
  const t = segment && more.length === 0 ? templateOfSegment(segment) : undefined;
  return t ? { kind: t.kind, key } : undefined;
};

/**
 * The kinds of page to measure, from the site's sitemaps (see the top of this file): name, address,
 * the sitemap it came from, the template it is drawn with, and what was chosen.
 */
async function pageKinds(srv) {
  const text = async (path) => (await srv.getOk(path)).body.toString('utf8');
  const files = new Map();
  for (const loc of locsOf(await text(`${BASE}/sitemap.xml`))) {
    const m = /\/sitemap-([a-z][a-z0-9_]*?)(?:-\d+)?\.xml$/.exec(loc);
    if (m && !files.has(m[1])) files.set(m[1], loc);
  }
  const home = await text(HOME);
  const live = /<[^>]*data-match-id="(\d+)"[^>]*>/g;
  let liveMatch = null;
  for (const m of home.matchAll(live))
    if (/data-live="true"/.test(m[0])) {
      liveMatch = { id: m[1], round: /data-round-id="(\d+)"/.exec(m[0])?.[1] ?? null };
      break;
    }
  const prefix = `${BASE}/${LOCALE}/`;
  const kinds = [];
  for (const [name, file] of files) {
    const paths = locsOf(await text(file)).filter((p) => p.startsWith(prefix));
    if (!paths.length) continue;
    if (name === 'pages') {
      // The builder's page: the home page. The index templates: their kind's address.
      kinds.push({ name: 'page', path: paths.includes(HOME) ? HOME : paths[0], from: file, template: null, note: 'the builder’s home page' });
      for (const p of paths) {
        const t = templateOfPath(p);
        if (t && t.key === undefined && TEMPLATE_DEFS[t.kind].record === null) kinds.push({ name: t.kind, path: p, from: file, template: t.kind, note: 'its first page' });
      }
    } else {
      // A record's kind: the match the home page shows live; else the record the kind's own address
      // leads to (the tables' leads to the current season's); else the first.
      const livePath = liveMatch && paths.find((p) => templateOfPath(p)?.kind === 'match' && templateOfPath(p)?.key?.split('-')[0] === liveMatch.id);
      const segment = paths[0].slice(prefix.length).split('/')[0];
      const index = livePath ? null : await srv.get(`${prefix}${segment}`);
      const led = index && [301, 302, 303, 307, 308].includes(index.status) && typeof index.headers.location === 'string' ? pathOf(new URL(index.headers.location, srv.url).href) : null;
      const ledPath = led && paths.includes(led) ? led : null;
      const path = livePath ?? ledPath ?? paths[0];
      const note = livePath ? 'the match live now' : ledPath ? `the one ${prefix}${segment} leads to` : 'the first';
      kinds.push({ name, path, from: file, template: templateOfPath(path)?.kind ?? null, note: `${note} of ${paths.length} addresses` });
    }
  }
  // An index: its page 2 when it links one, else filtered by a round when it offers the filter.
  for (const k of kinds.filter((k) => k.template && TEMPLATE_DEFS[k.template].record === null)) {
    const html = await text(k.path);
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
    const second = hrefs.find((h) => h.split('?')[0] === k.path && new URLSearchParams(h.split('?')[1] ?? '').get('page') === '2');
    const rounds = /<select[^>]*name="round"[^>]*>([\s\S]*?)<\/select>/.exec(html);
    if (second) {
      k.path = second;
      k.note = 'page 2';
    } else if (rounds) {
      const values = [...rounds[1].matchAll(/<option value="([^"]+)"/g)].map((m) => m[1]);
      const round = liveMatch?.round && values.includes(liveMatch.round) ? liveMatch.round : values[0];
      if (round) {
        k.path = `${k.path}?round=${round}`;
        k.note = `filtered by round ${round}${round === liveMatch?.round ? ' (the live match’s)' : ''}`;
      }
    } else if (k.template === 'news') k.note = 'its only page (no page 2 linked)';
  }
  return { kinds: ONLY_KINDS ? kinds.filter((k) => ONLY_KINDS.has(k.name)) : kinds, all: kinds.map((k) => k.name), liveMatch };
}

/** React picks its development build unless NODE_ENV is production (react-dom/server's own entry does). */
const reactBuild = (nodeEnv) => (nodeEnv === 'production' ? 'production' : `development (NODE_ENV ${nodeEnv ? `"${nodeEnv}"` : 'unset'})`);

// As npm start runs it (scripts/start.mjs): React's production build unless NODE_ENV says otherwise.
const NODE_ENV = process.env.NODE_ENV || 'production';
// Section 1 on a server that keeps no rendered page (every request renders); the others on one
// started again as npm start runs it, pages kept for their second.
const LATER = ['cached', 'api', 'browser'].some(want);
let server = want('render') ? await startDemo('uncached', { NODE_ENV, SITE_CACHE_MS: '0' }) : await startDemo('server', { NODE_ENV });
let { url } = server;

/**
 * One autocannon run: WARMUP s, then DURATION s measured on the same connections (new connections
 * to a busy server would wait, a ramp-up artefact). Requests/s from the answers received in the
 * measured window, percentiles from the requests sent in it, and the CPU time the server and this
 * process (the load generator) spent meanwhile.
 */
async function loadTest(path, { headers = {}, target = url, pid = server.pid, expect = 200, connections = CONNECTIONS } = {}) {
  const latencies = [];
  const statuses = {};
  let received = 0;
  let windowStart = Infinity;
  let windowEnd = Infinity;
  let cpu0 = 0;
  let gen0 = null;
  const instance = autocannon({ url: target + path, connections, duration: WARMUP + DURATION, headers });
  instance.on('start', () => {
    windowStart = performance.now() + WARMUP * 1000;
    setTimeout(() => {
      cpu0 = cpuMs(pid);
      gen0 = process.cpuUsage();
    }, WARMUP * 1000).unref();
  });
  instance.on('response', (_client, status, _bytes, ms) => {
    const now = performance.now();
    if (now < windowStart || now > windowEnd) return;
    received++;
    statuses[status] = (statuses[status] ?? 0) + 1;
    if (now - ms >= windowStart) latencies.push(ms);
  });
  const r = await new Promise((done, fail) => {
    instance.once('done', done);
    instance.once('error', fail);
  });
  windowEnd = performance.now();
  const window = { from: nowUs() - Math.round((windowEnd - windowStart) * 1000), to: nowUs() };
  const seconds = (windowEnd - windowStart) / 1000;
  const serverCpu = cpuMs(pid) - cpu0;
  const gen = process.cpuUsage(gen0);
  const wrong = received - (statuses[expect] ?? 0);
  if (wrong || r.errors || r.timeouts) log(`  ! ${path}: ${wrong} answers other than ${expect}, ${r.errors} errors, ${r.timeouts} timeouts (${JSON.stringify(statuses)})`);
  return {
    rps: received / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    cpuPerRequest: serverCpu / (received || NaN),
    serverCores: serverCpu / 1000 / seconds,
    genCores: (gen.user + gen.system) / 1e6 / seconds,
    window,
  };
}

/**
 * Server CPU of delivery reads computed afresh (Cache-Control: no-cache), one request at a time,
 * the reads taking turns (so a change in the machine's load weighs on each alike); ms per read.
 */
async function freshReads(paths, n) {
  const fresh = (p) => server.getOk(p, { 'cache-control': 'no-cache' });
  for (const p of paths) for (let i = 0; i < 3; i++) await fresh(p);
  const cpu = new Map(paths.map((p) => [p, 0]));
  const bytes = new Map();
  for (let i = 0; i < n; i++)
    for (const p of paths) {
      const c0 = cpuMs(server.pid);
      const res = await fresh(p);
      cpu.set(p, cpu.get(p) + cpuMs(server.pid) - c0 - (server.idlePerS * res.ms) / 1000);
      bytes.set(p, res.body.length);
    }
  return paths.map((p) => ({ p, bytes: bytes.get(p), cpu: cpu.get(p) / n }));
}

/**
 * 5. A live score on a page: the page open in Chromium with its live channel connected; a goal
 * posted through the staff API (as the match centre does) until the page shows the new score: from
 * the POST's start to the DOM's change (target ≤ 2 s), GOALS times. `matchId`: the match to score
 * in (else the first live match on the page).
 */
async function liveScoreLatency(browser, path, matchId) {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await page.goto(`${url}${path}`);
    await page.waitForSelector('html[data-live-scores="connected"]', { timeout: 30_000 });
    const id = matchId ?? (await page.getAttribute('[data-match-id][data-live]', 'data-match-id'));
    const signIn = await fetch(`${url}/auth/v1/sign_in`, {
      method: 'POST',
      headers: { 'content-type': 'application/vnd.api+json' },
      body: JSON.stringify({ data: { type: 'sign_in', attributes: { username: 'editor', password: 'umpire-demo' } } }),
    });
    const token = (await signIn.json()).data.attributes.token;
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/vnd.api+json' };
    const match = (await (await fetch(`${url}/api/v3/matches/${id}`, { headers: auth })).json()).data;
    const squad = match.relationships.home_squad.data.id;
    const score = `[data-match-id="${id}"] [data-score="home"]`;
    const times = [];
    for (let i = 0; i < GOALS; i++) {
      const before = await page.textContent(score);
      const t0 = performance.now();
      const res = await fetch(`${url}/api/v3/incidents`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ data: { type: 'incidents', attributes: { incident_type: 'goal', occurrence_half: 2, occurrence_minute: 60 + i }, relationships: { match: { data: { type: 'matches', id } }, squad: { data: { type: 'squads', id: squad } } } } }),
      });
      if (res.status !== 201) throw new Error(`POST /api/v3/incidents: ${res.status} ${await res.text()}`);
      await page.waitForFunction(([sel, old]) => document.querySelector(sel)?.textContent !== old, [score, before], { timeout: 30_000, polling: 10 });
      times.push(performance.now() - t0);
    }
    return { p50: median(times), p95: percentile(times, 95), max: Math.max(...times), match: id };
  } finally {
    await context.close();
  }
}

let kinds = [];
try {
  const getOk = (path, headers) => server.getOk(path, headers);
  log(
    `\nserver on ${url} (SQLite, demo data; started in ${fmt(server.info.startMs / 1000, 1)} s; React on the server: ${reactBuild(server.info.nodeEnv)}; ` +
      `${want('render') ? 'SITE_CACHE_MS=0, no rendered page kept, for section 1' : `rendered pages kept ${SITE_CACHE_MS} ms`}); ${cores} cores, load average ${load()}`,
  );
  await checkLevers(server, want('render'));
  let found = await pageKinds(server);
  kinds = found.kinds;
  if (!kinds.length) throw new Error(`no kind of page to measure (the sitemaps give ${found.all.join(', ') || 'none'}; --kinds ${opts.kinds ?? ''})`);
  log(`\nkinds of page, from ${BASE}/sitemap.xml (${LOCALE}): ${found.all.join(', ')}${ONLY_KINDS ? `; measured (--kinds): ${kinds.map((k) => k.name).join(', ')}` : ''}`);
  for (const k of kinds) {
    const res = await getOk(k.path);
    k.bytes = res.body.length;
    log(`  ${k.name.padEnd(12)} ${k.path}  (${k.note}; ${kb(k.bytes)} of HTML)`);
  }
  // ---- 1. uncached renders ----------------------------------------------------------------------
  if (want('render')) {
    // Warm-up (JIT, first statements): every page, cold and warm.
    for (let i = 0; i < 8; i++)
      for (const k of kinds) {
        server.dropCache();
        await getOk(k.path);
        await getOk(k.path);
      }
    // What the server burns doing nothing (the job worker's polling), taken off CPU figures of sequential runs.
    const idle0 = cpuMs(server.pid);
    await sleep(3000);
    server.idlePerS = (cpuMs(server.pid) - idle0) / 3;
    log(`\n1. Each page rendered uncached, one request at a time (${RENDERS} renders each; server CPU from /proc, its idle ${fmt(server.idlePerS, 1)} ms/s taken off; load ${load()})`);
    log('   uncached = the delivery API answers read from the database, projected and serialized again (its cache dropped');
    log('   by a commit to the SQLite file before each request), then revalidated (ETag) and rendered by the site (renderToString;');
    log('   this server keeps no rendered page, SITE_CACHE_MS=0); "render" = the same with the delivery answers cached, "reads" = the difference');
    for (const k of kinds) {
      k.cold = await renders(server, k.path, true);
      k.warm = await renders(server, k.path, false);
      k.reads = await readsOf(server, k.path);
      const misses = k.reads.filter((r) => r.cache === 'miss').length;
      log(
        `   ${k.name.padEnd(12)} ${fmt(k.cold.cpu, 2).padStart(6)} ms of server CPU per page (target ≤ ${TARGET_RENDER_CPU_MS} ms: ${met(k.cold.cpu <= TARGET_RENDER_CPU_MS)}): ` +
          `render ${fmt(k.warm.cpu, 2)} ms + reads ${fmt(k.cold.cpu - k.warm.cpu, 2)} ms (${k.reads.length} delivery reads, ${misses} computed); latency p50 ${fmt(k.cold.p50, 1)} ms, p99 ${fmt(k.cold.p99, 1)} ms; load ${load()}`,
      );
      for (const r of k.reads) log(`${' '.repeat(18)}${r.cache ?? r.status} ${shortRead(r.url)}`);
    }
    const costliest = [...kinds].sort((a, b) => b.cold.cpu - a.cold.cpu)[0];
    profileWindows.push({ ...costliest.cold.window, pid: server.pid, label: `the uncached renders of ${costliest.name} (${costliest.path})` });
    // Where the reading goes: each delivery read of the home page and of the costliest kind, computed afresh.
    const detailed = [...new Set([kinds.find((k) => k.name === 'page'), costliest].filter(Boolean))];
    for (const k of detailed) {
      const urls = [...new Set(k.reads.map((r) => r.url))];
      const perRead = await freshReads(urls, Math.max(10, Math.round(RENDERS / 4)));
      log(`   ${k.name}: its ${urls.length} delivery reads, each computed afresh (Cache-Control: no-cache, over HTTP), server CPU per read (load ${load()}):`);
      for (const r of perRead) log(`     ${fmt(r.cpu, 2).padStart(7)} ms  ${kb(r.bytes).padStart(9)}  ${shortRead(r.p)}`);
      log(`     ${fmt(perRead.reduce((s, r) => s + r.cpu, 0), 2).padStart(7)} ms  in all (the same reads made one after another; in the page some run side by side)`);
      k.costliestRead = [...perRead].sort((a, b) => b.cpu - a.cpu)[0];
      // The home page's current_page: its kind's include sets, each alone on top of the page itself.
      const sets = PAGE_KIND_INCLUDE_SETS.standard;
      const pageRead = urls.find((u) => u.includes('/current_page?slug=') && u.includes('include=auto'));
      if (k.name === 'page' && sets.length && pageRead) {
        const bare = pageRead.replace(/&include=auto/, '');
        const [alone, ...each] = await freshReads([bare, ...sets.map((set) => `${bare}&include=${set}`)], Math.max(10, Math.round(RENDERS / 8)));
        const shares = sets.map((set, i) => [set, Math.max(0, each[i].cpu - alone.cpu)]);
        log(`     current_page without include sets: ${fmt(alone.cpu, 2)} ms (${kb(alone.bytes)}); each set alone adds: ${shares.map(([set, ms]) => `${set} +${fmt(ms, 2)} ms`).join(', ')}`);
      }
    }
    for (const k of kinds.filter((k) => k.cold.cpu > TARGET_RENDER_CPU_MS))
      log(
        `   ${k.name} bound by: the server's CPU work per page (${fmt(k.warm.cpu, 1)} ms rendering with React's ${reactBuild(server.info.nodeEnv)} build, ${fmt(k.cold.cpu - k.warm.cpu, 1)} ms reading` +
          `${k.costliestRead ? `; the costliest read ${k.costliestRead.p.replace(/^\/public\/v1/, '').split('?')[0]} at ${fmt(k.costliestRead.cpu, 1)} ms` : ''}), not by waiting: CPU time does not count ` +
          `the time other processes hold the cores, though a shared core (load ${load()} on ${cores} cores) runs each instruction slower (caches, frequency); --profile shows where it goes`,
      );

  }

  // The other sections on the server as npm start runs it: started again, its kept pages checked.
  if (want('render') && LATER) {
    await server.stop();
    server = await startDemo('server', { NODE_ENV });
    ({ url } = server);
    log(`\nserver started again on ${url} as npm start runs it (rendered pages kept ${SITE_CACHE_MS} ms; started in ${fmt(server.info.startMs / 1000, 1)} s); load ${load()}`);
    await checkLevers(server, false);
    found = await pageKinds(server);
    for (const k of kinds) {
      const again = found.kinds.find((o) => o.name === k.name);
      if (again && again.path !== k.path) {
        log(`  ${k.name}: ${again.path} on this server (${again.note}), ${k.path} before`);
        k.path = again.path;
      }
    }
  }

  // ---- 2. cached pages under load -----------------------------------------------------------------
  if (want('cached')) {
    log(`\n2. Each page cached (the site's kept page, refreshed every second from the delivery API's cached answers), ${CONNECTIONS} concurrent connections, ${DURATION} s after ${WARMUP} s of warm-up`);
    for (const k of kinds) {
      await getOk(k.path);
      k.cached = await loadTest(k.path);
      log(
        `   ${k.name.padEnd(12)} ${fmt(k.cached.rps).padStart(6)} pages/s (target ≥ ${fmt(TARGET_PAGES_PER_S)}: ${met(k.cached.rps >= TARGET_PAGES_PER_S)}); p50 ${fmt(k.cached.p50, 2)} ms, p99 ${fmt(k.cached.p99, 2)} ms; ` +
          `${fmt(k.cached.cpuPerRequest, 3)} ms of server CPU per page (${kb(k.bytes)}; server ${fmt(k.cached.serverCores * 100)} % of a core, load generator ${fmt(k.cached.genCores * 100)} %); load ${load()}`,
      );
    }
    const homeHtml = (await getOk(HOME)).body;
    const bodyFile = join(dataDir, 'home.html');
    writeFileSync(bodyFile, homeHtml);
    const bare = await startChild(join(ROOT, 'bench/support/serve.ts'), { args: ['bare'], env: { ...process.env, BARE_BODY_FILE: bodyFile }, cwd: ROOT, name: 'bare' });
    const floor = await loadTest('/bare', { target: bare.info.url, pid: bare.pid });
    await bare.stop();
    log(`   the floor: a bare Fastify route answering the home page's ${kb(homeHtml.length)}: ${fmt(floor.rps)} req/s, p99 ${fmt(floor.p99, 2)} ms (${fmt(floor.cpuPerRequest, 3)} ms of CPU each); load ${load()}`);
    const dearest = [...kinds].sort((a, b) => b.cached.cpuPerRequest - a.cached.cpuPerRequest)[0];
    profileWindows.push({ ...dearest.cached.window, pid: server.pid, label: `the cached load of ${dearest.name} (${dearest.path})` });
    const slowCached = kinds.filter((k) => k.cached.rps < TARGET_PAGES_PER_S);
    if (slowCached.length) {
      const worst = slowCached.sort((a, b) => b.cached.cpuPerRequest - a.cached.cpuPerRequest)[0];
      log(
        `   bound by: CPU. The server is one Node process (one core at most): at ${fmt(worst.cached.cpuPerRequest, 3)} ms per page (${worst.name}) it tops out near ${fmt(1000 / worst.cached.cpuPerRequest)} pages/s on a core of its own; ` +
          `here it shares ${cores} cores with the load generator (${fmt(worst.cached.genCores * 100)} % of a core) and other work (load ${load()}). ` +
          (floor.rps < TARGET_PAGES_PER_S
            ? `Even a bare Fastify route with the home page's body does ${fmt(floor.rps)}/s here: the target is past what one Node process serves on this machine.`
            : `The slowest page costs ${fmt((worst.cached.cpuPerRequest / floor.cpuPerRequest - 1) * 100)} % more CPU than the bare route's.`) +
          ' More instances (npm run cluster) or a CDN in front (Cache-Control: s-maxage=60) scale it.',
      );
    }

  }

  // ---- 3. the delivery API, cached ---------------------------------------------------------------
  if (want('api')) {
    log(`\n3. The delivery API, cached, ${CONNECTIONS} concurrent connections, ${DURATION} s each after ${WARMUP} s of warm-up`);
    let worstP99 = 0;
    let aloneP99 = 0;
    for (const [label, path] of API_TARGETS) {
      const first = await getOk(path);
      const r = await loadTest(path);
      const alone = await loadTest(path, { connections: 1 });
      const revalidate = await loadTest(path, { headers: { 'if-none-match': first.headers.etag }, expect: 304 });
      worstP99 = Math.max(worstP99, r.p99);
      aloneP99 = Math.max(aloneP99, alone.p99);
      log(`   ${label} (${kb(first.body.length)}): GET ${path}`);
      log(
        `     200: ${fmt(r.rps)} req/s, p50 ${fmt(r.p50, 2)} ms, p99 ${fmt(r.p99, 2)} ms (target ≤ ${TARGET_API_P99_MS} ms: ${met(r.p99 <= TARGET_API_P99_MS)}); ${fmt(r.cpuPerRequest, 3)} ms of server CPU each`,
      );
      log(`     200 on one connection (no queue): ${fmt(alone.rps)} req/s, p50 ${fmt(alone.p50, 2)} ms, p99 ${fmt(alone.p99, 2)} ms (target ≤ ${TARGET_API_P99_MS} ms: ${met(alone.p99 <= TARGET_API_P99_MS)})`);
      log(`     304 (If-None-Match): ${fmt(revalidate.rps)} req/s, p50 ${fmt(revalidate.p50, 2)} ms, p99 ${fmt(revalidate.p99, 2)} ms; ${fmt(revalidate.cpuPerRequest, 3)} ms of server CPU each; load ${load()}`);
    }
    if (worstP99 > TARGET_API_P99_MS)
      log(
        `   bound by: ${aloneP99 <= TARGET_API_P99_MS ? 'queueing for the CPU, not the answer itself (one connection meets the target).' : 'the CPU, even without a queue.'} ` +
          `With ${CONNECTIONS} connections kept busy, each request waits for those ahead of it in one Node process (mean latency ≈ connections ÷ throughput), ` +
          `and the process shares ${cores} cores with the load generator and other work (load ${load()}), so a pause of either (GC, another process) lands in the tail; ` +
          'a CDN in front (s-maxage), another core or more instances bring it down',
      );

  }

  // ---- 4. Chromium ------------------------------------------------------------------------------------
  if (want('browser')) {
    const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
    if (!existsSync(chromiumPath)) {
      log(`\n4. Chromium not found at ${chromiumPath}: page timings skipped (npm test installs it).`);
    } else {
      const { chromium } = await import('playwright-core');
      const browser = await chromium.launch({
        executablePath: chromiumPath,
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
      });
      const scriptOnPage = existsSync(SITE_JS);
      log(`\n4. In Chromium on localhost (1280×900, each load in a new context: empty browser cache; server warm; median of ${RUNS} loads)`);
      log(`   browser script: ${buildNote}${scriptOnPage ? '' : ' (pages link no script: 0 kB)'}`);
      try {
        for (const k of kinds) {
          const results = [];
          for (let run = 0; run <= RUNS; run++) {
            const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
            await context.addInitScript(() => {
              window.__lcp = null;
              new PerformanceObserver((list) => {
                const e = list.getEntries().at(-1);
                const el = e.element;
                window.__lcp = { t: e.startTime, url: e.url || '', size: e.size, what: el ? `<${el.tagName.toLowerCase()}${el.className ? ` class="${String(el.className).slice(0, 40)}"` : ''}>` : '(removed element)' };
              }).observe({ type: 'largest-contentful-paint', buffered: true });
            });
            const page = await context.newPage();
            const scripts = [];
            page.on('response', (res) => {
              if (res.request().resourceType() === 'script') scripts.push(res.body().then((body) => ({ url: res.url(), raw: body.length, gzip: gzipSync(body, { level: 9 }).length }), () => null));
            });
            const res = await page.goto(`${url}${k.path}`, { waitUntil: 'load' });
            if (res?.status() !== 200) throw new Error(`${k.path}: ${res?.status()} in Chromium`);
            // Lazily loaded chunks (live scores, the player) come after the load event.
            await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
            const m = await page.evaluate(
              () =>
                new Promise((done) =>
                  requestAnimationFrame(() =>
                    requestAnimationFrame(() => done({ lcp: window.__lcp, fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN, load: performance.getEntriesByType('navigation')[0].loadEventEnd })),
                  ),
                ),
            );
            const js = (await Promise.all(scripts)).filter(Boolean);
            await context.close();
            // The first load renders the image variants (sharp, then kept on disk): a warm-up, not counted.
            if (run > 0) results.push({ ...m, js });
          }
          const lcp = median(results.map((r) => r.lcp?.t ?? NaN));
          const last = results.at(-1);
          const jsGzip = last.js.reduce((s, f) => s + f.gzip, 0);
          const jsRaw = last.js.reduce((s, f) => s + f.raw, 0);
          k.lcp = lcp;
          k.jsGzip = jsGzip;
          log(`   ${k.name.padEnd(12)} ${k.path}`);
          log(
            `     largest contentful paint ${fmt(lcp)} ms (target ≤ ${fmt(TARGET_LCP_MS)} ms: ${met(lcp <= TARGET_LCP_MS)}; runs ${results.map((r) => fmt(r.lcp?.t ?? NaN)).join(', ')} ms): ` +
              `${last.lcp ? `${last.lcp.what}${last.lcp.url ? ` ${last.lcp.url.replace(url, '')}` : ''}` : 'no entry'}; first contentful paint ${fmt(median(results.map((r) => r.fcp)))} ms, load event ${fmt(median(results.map((r) => r.load)))} ms; load ${load()}`,
          );
          log(
            `     JavaScript: ${last.js.length} files, ${kb(jsRaw)} raw, ${kb(jsGzip)} gzip (target ≤ ${TARGET_JS_GZIP_KB} kB gzip: ${met(jsGzip <= TARGET_JS_GZIP_KB * 1024)})` +
              (last.js.length ? `: ${last.js.map((f) => `${f.url.replace(`${url}${BASE}/assets/`, '')} ${kb(f.gzip)}`).join(', ')}` : ''),
          );
          if (lcp > TARGET_LCP_MS)
            log(
              `     bound by: ${last.lcp?.url ? 'the largest element is a picture, painted once it has arrived and decoded' : 'the first paint of the page'}; Chromium, the server and other work share ${cores} cores (load ${load()})`,
            );
        }

        // ---- 5. live scores -----------------------------------------------------------------------------
        const live = [
          ...kinds.filter((k) => k.name === 'page'),
          ...(found.liveMatch ? kinds.filter((k) => k.template === 'match' && templateOfPath(k.path)?.key?.split('-')[0] === found.liveMatch.id) : []),
        ];
        log(`\n5. A live score on the website (the page in Chromium, its live channel connected; ${GOALS} goals posted through the staff API to the live match)`);
        if (!found.liveMatch) log('   the home page shows no live match: skipped');
        else if (!live.length) log('   neither the home page nor the live match’s page is among the kinds measured: skipped');
        for (const k of found.liveMatch ? live : []) {
          k.live = await liveScoreLatency(browser, k.path, found.liveMatch.id);
          log(
            `   ${k.name.padEnd(12)} ${k.path}: from the POST to the new score on the page: p50 ${fmt(k.live.p50)} ms, p95 ${fmt(k.live.p95)} ms, max ${fmt(k.live.max)} ms ` +
              `(target ≤ ${fmt(TARGET_LIVE_MS)} ms: ${met(k.live.p95 <= TARGET_LIVE_MS)}); load ${load()}`,
          );
        }
      } finally {
        await browser.close();
      }
    }
  }
} finally {
  // ---- the summary: one line per kind, every figure against its target -------------------------------
  if (kinds.length) {
    const missed = [];
    const unmeasured = new Set();
    const figure = (k, label, value, ok, shown) => {
      if (value === undefined || Number.isNaN(value)) {
        unmeasured.add(label);
        return `${label} n/a`;
      }
      if (!ok) missed.push(`${k.name} ${label}`);
      return `${label} ${shown} ${ok ? 'met' : 'NOT MET'}`;
    };
    log(`\nSummary, each figure / its target (2-core machine shared with other work: load average ${load()}):`);
    for (const k of kinds) {
      const parts = [
        figure(k, 'uncached', k.cold?.cpu, k.cold?.cpu <= TARGET_RENDER_CPU_MS, `${fmt(k.cold?.cpu, 1)}/${TARGET_RENDER_CPU_MS} ms CPU`),
        figure(k, 'cached', k.cached?.rps, k.cached?.rps >= TARGET_PAGES_PER_S, `${fmt(k.cached?.rps)}/${fmt(TARGET_PAGES_PER_S)} pages/s`),
        figure(k, 'LCP', k.lcp, k.lcp <= TARGET_LCP_MS, `${fmt(k.lcp)}/${fmt(TARGET_LCP_MS)} ms`),
        figure(k, 'JS', k.jsGzip, k.jsGzip <= TARGET_JS_GZIP_KB * 1024, `${fmt((k.jsGzip ?? NaN) / 1024, 1)}/${TARGET_JS_GZIP_KB} kB gzip`),
      ];
      if (k.live) parts.push(figure(k, 'live score', k.live.p95, k.live.p95 <= TARGET_LIVE_MS, `p95 ${fmt(k.live.p95)}/${fmt(TARGET_LIVE_MS)} ms`));
      else if (k.template === 'match') parts.push('live score n/a');
      log(`  ${k.name.padEnd(12)} ${parts.join(' · ')}`);
    }
    const note = unmeasured.size ? ` (not measured: ${[...unmeasured].join(', ')})` : '';
    log(
      missed.length
        ? `verdict: NOT MET: ${missed.join(', ')}${note}; measured at load ${load()} on ${cores} cores, where time figures are inflated (see each section's "bound by")`
        : `verdict: every figure measured meets its target${note}; load ${load()} on ${cores} cores`,
    );
  }
  await stopAll();
}
