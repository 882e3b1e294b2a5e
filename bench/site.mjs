#!/usr/bin/env node
// The league's website and the delivery API behind it (issue 24, point 9), on SQLite and the demo data.
//
//   npm run bench -- site               (or: node --import tsx bench/site.mjs)
//   options: --duration 10 --warmup 2 --connections 10 --renders 200 --runs 5
//            --no-build   measures the browser script already in apps/site/dist (else it is built first)
//            --profile    writes a CPU profile of the server process and prints its hot spots
//            --only render  section 1 alone
//
// The real server runs in a child process (bench/support/serve-demo.ts: migrations and the demo seed,
// nothing more; LOG_LEVEL=warn), serving the website at /site/ as `npm start` does: the site calls
// the delivery API of the same process (Fastify's inject). Printed, each figure beside its target:
//   1. GET /site/pl/ (the demo home page) rendered uncached, one request at a time: the server
//      process's CPU time per page (target ≤ 20 ms), from /proc. "Uncached" is everything a first
//      visit after a change costs: before each request the bench commits a row to the SQLite file
//      from its own connection, which moves SQLite's data_version, so the server's cache of computed
//      reads drops every delivery answer (pages index, current_page, global elements, the match and
//      article lists) and each is read from the database, projected and serialized again; and each
//      request asks an address of its own (the page's address with 1…500 slashes after it: the same
//      page, which the site keeps apart for its second, cacheMs), so the site's kept copy of a
//      rendered page is never used (a Host of its own no longer does it: the site keys its kept pages
//      by the configured origin, never by Host): the site revalidates each read with its ETag (an answer computed again but
//      the same is a 304, and the site reuses what it parsed), and runs React's renderToString. The commit costs
//      the server nothing (it happens in the bench's process). The same with the delivery answers
//      cached (only the site's render) splits the figure; the match page is shown too.
//   2. GET /site/pl/ cached, under --connections concurrent clients on this machine: pages/s
//      (target ≥ 2,000) with p50/p99 latency, the server's CPU per page, and a bare Fastify route
//      answering the same bytes (bench/support/serve.ts bare): the most a Node server does here.
//   3. The delivery API cached, under the same load: current_page of the home page with its kind's
//      include sets, and matches with both sides' clubs, crests and rounds: p99 (target ≤ 10 ms),
//      and revalidation (If-None-Match → 304).
//   4. In Chromium on localhost (Debian's, through playwright-core), the home page and the match page
//      /site/pl/mecze/mecz-dnia, each in --runs new contexts (empty browser cache, server warm):
//      largest contentful paint (PerformanceObserver, target ≤ 1.0 s, median) and the JavaScript
//      the page loads, each response gzipped (level 9) and summed (target ≤ 100 kB gzip). The browser
//      script is built first by apps/site/scripts/build-client.mjs when that script exists.
//   5. A live score on the website: goals posted through the staff API while the home page is open
//      in Chromium; the time from the POST to the new score on the page (target ≤ 2 s).
// The machine is 2 cores shared by the server, the load generator, Chromium and other work: where a
// target is missed, the output says which limit the figure is bound by. Timings never fail the run;
// only a crash does (exit code 1).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { PAGE_KIND_INCLUDE_SETS } from '@umpire/schema';
import { feedsOf } from '@umpire/site';
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
    'no-build': { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});
// `--only render`: section 1 alone (the uncached render and its reads), to measure it again quickly.
const RENDER_ONLY = opts.only === 'render';
if (opts.only !== undefined && !RENDER_ONLY) throw new Error(`--only takes "render", not "${opts.only}"`);
const DURATION = Number(opts.duration);
const WARMUP = Number(opts.warmup);
const CONNECTIONS = Number(opts.connections);
const RENDERS = Number(opts.renders);
const RUNS = Math.max(1, Number(opts.runs));

const TARGET_RENDER_CPU_MS = 20;
const TARGET_PAGES_PER_S = 2000;
const TARGET_API_P99_MS = 10;
const TARGET_LCP_MS = 1000;
const TARGET_JS_GZIP_KB = 100;

const CLIENT = 'ekstraklasa-demo';
const HOME = '/site/pl/';
const MATCH_PAGE = '/site/pl/mecze/mecz-dnia';
const HOME_INCLUDE = PAGE_KIND_INCLUDE_SETS.standard.join(',');
const API_TARGETS = [
  ['current_page of the home page', `/public/v1/current_page?slug=strona-glowna&locale=pl${HOME_INCLUDE ? `&include=${HOME_INCLUDE}` : ''}&client=${CLIENT}`],
  ['matches with clubs, crests and rounds', `/public/v1/matches?sort=kickoff_at&page[size]=20&include=home_squad.team.club.image,away_squad.team.club.image,round&client=${CLIENT}`],
];

const log = (m = '') => console.log(m);
/** Distinct addresses of one page (its address, then 1…VARIANTS slashes): none is asked twice within the site's second. */
const VARIANTS = 500;
const SITE_CACHE_MS = 1000;
const TARGET_LIVE_MS = 2000;
const GOALS = 10;

/**
 * 5. A live score on the website: the demo home page open in Chromium with its live channel
 * connected; a goal posted through the staff API (as the match centre does) until the page shows
 * the new score: from the POST's start to the DOM's change (target ≤ 2 s), GOALS times.
 */
async function liveScoreLatency(browser, url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await page.goto(`${url}${HOME}`);
    await page.waitForSelector('html[data-live-scores="connected"]', { timeout: 30_000 });
    const matchId = await page.getAttribute('[data-match-id][data-live]', 'data-match-id');
    const signIn = await fetch(`${url}/auth/v1/sign_in`, {
      method: 'POST',
      headers: { 'content-type': 'application/vnd.api+json' },
      body: JSON.stringify({ data: { type: 'sign_in', attributes: { username: 'editor', password: 'umpire-demo' } } }),
    });
    const token = (await signIn.json()).data.attributes.token;
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/vnd.api+json' };
    const match = (await (await fetch(`${url}/api/v3/matches/${matchId}`, { headers: auth })).json()).data;
    const squad = match.relationships.home_squad.data.id;
    const times = [];
    for (let i = 0; i < GOALS; i++) {
      const before = await page.textContent(`[data-match-id="${matchId}"] [data-score="home"]`);
      const t0 = performance.now();
      const res = await fetch(`${url}/api/v3/incidents`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ data: { type: 'incidents', attributes: { incident_type: 'goal', occurrence_half: 2, occurrence_minute: 60 + i }, relationships: { match: { data: { type: 'matches', id: matchId } }, squad: { data: { type: 'squads', id: squad } } } } }),
      });
      if (res.status !== 201) throw new Error(`POST /api/v3/incidents: ${res.status} ${await res.text()}`);
      await page.waitForFunction(
        ([sel, old]) => document.querySelector(sel)?.textContent !== old,
        [`[data-match-id="${matchId}"] [data-score="home"]`, before],
        { timeout: 30_000, polling: 10 },
      );
      times.push(performance.now() - t0);
    }
    const p95 = percentile(times, 95);
    log(`\n5. A live score on the website (the demo home page in Chromium, its live channel connected; ${GOALS} goals posted through the staff API)`);
    log(`   from the POST to the new score on the page: p50 ${fmt(median(times))} ms, p95 ${fmt(p95)} ms, max ${fmt(Math.max(...times))} ms (target ≤ ${fmt(TARGET_LIVE_MS)} ms: ${met(p95 <= TARGET_LIVE_MS)})`);
  } finally {
    await context.close();
  }
}
const cores = availableParallelism();
const met = (ok) => (ok ? 'met' : 'NOT MET');
const kb = (bytes) => `${fmt(bytes / 1024, 1)} kB`;
const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');
const median = (xs) => percentile(xs, 50);

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

// ---- the servers ----------------------------------------------------------------------------------

const dataDir = mkdtempSync(join(tmpdir(), 'umpire-bench-site-'));
const profileDir = opts.profile ? join(dataDir, 'profile') : null;
const sides = [];
const agents = [];
const stopAll = async () => {
  for (const s of sides) s.close();
  for (const a of agents) a.destroy();
  for (const r of [...running]) await r.stop();
  if (profileDir) {
    const { summarizeProfile } = await import('./support/cpu-profile.mjs');
    const files = readdirSync(profileDir).filter((f) => f.endsWith('.cpuprofile')).map((f) => join(profileDir, f));
    const file = files.sort((x, y) => statSync(y).size - statSync(x).size)[0];
    if (file) {
      log(`\nCPU profile of the server process: ${file}`);
      for (const l of summarizeProfile(file, 30)) log(`  ${l}`);
    }
  } else rmSync(dataDir, { recursive: true, force: true });
};
process.on('SIGINT', () => stopAll().then(() => process.exit(130)));

/**
 * The real server on a fresh copy of the demo data (`env` on top of the caller's environment), with
 * what the benchmark needs around it: GETs over one kept-alive connection, addresses of a page the
 * site has not kept, and the lever that drops its cache of computed reads.
 */
async function startDemo(name, env = {}, nodeArgs = []) {
  const dir = join(dataDir, name);
  const child = await startChild(join(ROOT, 'bench/support/serve-demo.ts'), {
    env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', LOG_LEVEL: 'warn', SITE_CLIENT: CLIENT, SITE_BASE_PATH: '/site', ...env },
    nodeArgs,
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
  // The site keeps a rendered page for its second by the address asked (path and, for an index, its
  // filters): the same page with n slashes after its address is another entry, rendered afresh.
  // No n is used twice within the second (a wait otherwise; never, unless renders take < 2 ms).
  let variantNo = 0;
  const variantAt = new Map();
  const variant = async (path) => {
    variantNo = (variantNo % VARIANTS) + 1;
    const key = `${variantNo}${path}`;
    const since = performance.now() - (variantAt.get(key) ?? -Infinity);
    if (since < SITE_CACHE_MS + 100) await new Promise((r) => setTimeout(r, SITE_CACHE_MS + 100 - since));
    variantAt.set(key, performance.now());
    const at = path.indexOf('?');
    return at < 0 ? `${path}${'/'.repeat(variantNo)}` : `${path.slice(0, at)}${'/'.repeat(variantNo)}${path.slice(at)}`;
  };
  const srv = {
    url,
    pid: child.pid,
    info: child.info,
    get,
    getOk,
    stop: () => child.stop(),
    dropCache: () => bust.run(Date.now()),
    variant,
    idlePerS: 0,
  };
  // Check that the two levers do what the figures claim.
  const probe = API_TARGETS[0][1];
  await getOk(probe);
  const hit = (await getOk(probe)).headers['x-cache'];
  srv.dropCache();
  const miss = (await getOk(probe)).headers['x-cache'];
  if (hit !== 'hit' || miss !== 'miss') throw new Error(`the delivery cache did not behave as the benchmark assumes (x-cache ${hit} then ${miss} after a commit)`);
  // An address the site has not kept is rendered afresh (a change in the footer shows at once),
  // while the same address answers the copy kept for its second.
  const footer = side.prepare("SELECT id, settings FROM components WHERE kind = 'page_footer' ORDER BY id LIMIT 1").get();
  if (!footer) throw new Error('the demo has no page footer: the check of the site’s kept pages needs one');
  const setCopyright = (text) => side.prepare("UPDATE components SET settings = json_set(settings, '$.copyright', ?) WHERE id = ?").run(text, footer.id);
  try {
    const kept = await variant(HOME);
    const t0 = performance.now();
    await getOk(kept);
    const mark = `bench-mark-${Date.now()}`;
    setCopyright(mark);
    const again = (await getOk(kept)).body.toString('utf8');
    const keptChecked = performance.now() - t0 < SITE_CACHE_MS;
    const fresh = (await getOk(await variant(HOME))).body.toString('utf8');
    if (!fresh.includes(mark)) throw new Error('an address the site had not kept did not show a change made just before: the uncached renders would be kept pages (see variant above)');
    if (keptChecked && again.includes(mark)) throw new Error(`the site did not keep ${kept} for its second (cacheMs): the cached figures would be renders`);
  } finally {
    side.prepare('UPDATE components SET settings = ? WHERE id = ?').run(footer.settings, footer.id);
  }
  srv.homeHtml = (await getOk(HOME)).body;
  // Warm-up (JIT, first statements): both pages, cold and warm.
  for (let i = 0; i < 40; i++) {
    srv.dropCache();
    await getOk(await variant(i % 2 ? MATCH_PAGE : HOME));
    await getOk(await variant(i % 2 ? MATCH_PAGE : HOME));
  }
  // What the server burns doing nothing (the job worker's polling), taken off CPU figures of sequential runs.
  const idle0 = cpuMs(srv.pid);
  await new Promise((r) => setTimeout(r, 3000));
  srv.idlePerS = (cpuMs(srv.pid) - idle0) / 3;
  return srv;
}

/** Renders of `path` one at a time, each at an address the site has not kept, the server's cache dropped before each (`cold`) or not. */
async function renders(srv, path, cold) {
  const ms = [];
  const cpu0 = cpuMs(srv.pid);
  const t0 = performance.now();
  for (let i = 0; i < RENDERS; i++) {
    const address = await srv.variant(path);
    if (cold) srv.dropCache();
    ms.push((await srv.getOk(address)).ms);
  }
  const seconds = (performance.now() - t0) / 1000;
  return { cpu: (cpuMs(srv.pid) - cpu0 - srv.idlePerS * seconds) / RENDERS, p50: percentile(ms, 50), p99: percentile(ms, 99) };
}

/** React picks its development build unless NODE_ENV is production (react-dom/server's own entry does). */
const reactBuild = (nodeEnv) => (nodeEnv === 'production' ? 'production' : `development (NODE_ENV ${nodeEnv ? `"${nodeEnv}"` : 'unset'})`);

// As npm start runs it (scripts/start.mjs): React's production build unless NODE_ENV says otherwise.
const server = await startDemo('server', { NODE_ENV: process.env.NODE_ENV || 'production' }, profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []);
const { url } = server;

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
  };
}

/** Ends the run early (--only), through the same clean-up as a full one. */
const STOP = Symbol('stop');
try {
  const getOk = server.getOk;
  const homeBytes = server.homeHtml.length;
  log(
    `\nserver on ${url} (SQLite, demo data; started in ${fmt(server.info.startMs / 1000, 1)} s; React on the server: ${reactBuild(server.info.nodeEnv)}); ` +
      `${cores} cores, load average ${load()}`,
  );

  // ---- 1. uncached renders ----------------------------------------------------------------------
  log(`\n1. GET ${HOME} rendered uncached, one request at a time (${RENDERS} renders; server CPU from /proc, its idle ${fmt(server.idlePerS, 1)} ms/s taken off)`);
  log('   uncached = the delivery API answers read from the database, projected and serialized again (its cache dropped');
  log('   by a commit to the SQLite file before each request), then revalidated (ETag) and rendered by the site (renderToString, its');
  log('   kept page bypassed by an address of its own); the same server, route and headers as npm start serves');
  const coldHome = await renders(server, HOME, true);
  const warmHome = await renders(server, HOME, false);
  const coldMatch = await renders(server, MATCH_PAGE, true);
  log(
    `   home page: ${fmt(coldHome.cpu, 2)} ms of server CPU per page (target ≤ ${TARGET_RENDER_CPU_MS} ms: ${met(coldHome.cpu <= TARGET_RENDER_CPU_MS)}); ` +
      `latency p50 ${fmt(coldHome.p50, 1)} ms, p99 ${fmt(coldHome.p99, 1)} ms; ${kb(homeBytes)} of HTML`,
  );
  log(
    `     of which the site's render with the delivery answers cached: ${fmt(warmHome.cpu, 2)} ms (p50 ${fmt(warmHome.p50, 1)} ms); ` +
      `the delivery API's reads from the database: ${fmt(coldHome.cpu - warmHome.cpu, 2)} ms`,
  );
  log(`   match page (${MATCH_PAGE}): ${fmt(coldMatch.cpu, 2)} ms of server CPU per page; latency p50 ${fmt(coldMatch.p50, 1)} ms, p99 ${fmt(coldMatch.p99, 1)} ms`);
  // Where the reading goes: each delivery read the home page makes, computed afresh (Cache-Control:
  // no-cache), one at a time. The addresses are the site's own (apps/site/src/server/site.ts, feeds.ts).
  const reads = [
    '/pages?fields[pages]=slug,updated_at,title&page[size]=100&page[number]=1&sort=id',
    '/current_page?slug=strona-glowna&locale=pl&include=auto',
    '/current_page_elements?locale=pl',
  ];
  const apiPath = (p) => `/public/v1${p}${p.includes('?') ? '&' : '?'}client=${CLIENT}`;
  const homeDoc = JSON.parse((await getOk(apiPath(reads[1]))).body.toString('utf8'));
  await feedsOf(
    {
      async get(p) {
        reads.push(p);
        return { status: 200, body: JSON.parse((await getOk(apiPath(p))).body.toString('utf8')) };
      },
    },
    homeDoc,
    'pl',
  );
  /**
   * Server CPU of delivery reads computed afresh (Cache-Control: no-cache), one request at a time,
   * the reads taking turns (so a change in the machine's load weighs on each alike); ms per read.
   */
  async function freshReads(paths, n) {
    const fresh = (p) => getOk(apiPath(p), { 'cache-control': 'no-cache' });
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
  const perRead = await freshReads(reads, Math.max(10, Math.round(RENDERS / 4)));
  log(`     the home page's ${reads.length} delivery reads, each computed afresh (Cache-Control: no-cache, over HTTP), server CPU per read:`);
  for (const r of perRead) log(`       ${fmt(r.cpu, 2).padStart(7)} ms  ${kb(r.bytes).padStart(9)}  ${r.p}`);
  log(`       ${fmt(perRead.reduce((s, r) => s + r.cpu, 0), 2).padStart(7)} ms  in all`);
  // current_page's include sets (its kind's), each alone on top of the page itself.
  const sets = PAGE_KIND_INCLUDE_SETS.standard;
  const costliest = [...perRead].sort((a, b) => b.cpu - a.cpu)[0];
  let costliestSet = null;
  if (sets.length) {
    const pagePath = '/current_page?slug=strona-glowna&locale=pl';
    const [bare, ...each] = await freshReads([pagePath, ...sets.map((set) => `${pagePath}&include=${set}`)], Math.max(10, Math.round(RENDERS / 8)));
    const shares = sets.map((set, i) => [set, Math.max(0, each[i].cpu - bare.cpu)]);
    log(`     current_page of the home page without include sets: ${fmt(bare.cpu, 2)} ms (${kb(bare.bytes)}); each set alone adds: ${shares.map(([set, ms]) => `${set} +${fmt(ms, 2)} ms`).join(', ')}`);
    costliestSet = shares.sort((a, b) => b[1] - a[1])[0];
  }
  if (coldHome.cpu > TARGET_RENDER_CPU_MS)
    log(
      `   bound by: the server's CPU work per page (${fmt(warmHome.cpu, 1)} ms rendering with React's ${reactBuild(server.info.nodeEnv)} build, ${fmt(coldHome.cpu - warmHome.cpu, 1)} ms reading; ` +
        `the costliest read is ${costliest.p.split('?')[0]} at ${fmt(costliest.cpu, 1)} ms${costliestSet && costliest.p.startsWith('/current_page?') ? `, its costliest include set ${costliestSet[0]} (+${fmt(costliestSet[1], 1)} ms alone)` : ''}), ` +
        `not by waiting: CPU time does not count the time other processes hold the cores, though a shared core (load ${load()} on ${cores} cores) runs each ` +
        `instruction slower (caches, frequency); --profile shows where it goes`,
    );

  // ---- 2. cached pages under load -----------------------------------------------------------------
  if (RENDER_ONLY) throw STOP;
  await getOk(HOME);
  const cached = await loadTest(HOME);
  const bodyFile = join(dataDir, 'home.html');
  writeFileSync(bodyFile, server.homeHtml);
  const bare = await startChild(join(ROOT, 'bench/support/serve.ts'), { args: ['bare'], env: { ...process.env, BARE_BODY_FILE: bodyFile }, cwd: ROOT, name: 'bare' });
  const floor = await loadTest('/bare', { target: bare.info.url, pid: bare.pid });
  await bare.stop();
  log(`\n2. GET ${HOME} cached (the site's kept page, refreshed every second from the delivery API's cached answers), ${CONNECTIONS} concurrent connections, ${DURATION} s after ${WARMUP} s of warm-up`);
  log(
    `   ${fmt(cached.rps)} pages/s (target ≥ ${fmt(TARGET_PAGES_PER_S)}: ${met(cached.rps >= TARGET_PAGES_PER_S)}); p50 ${fmt(cached.p50, 2)} ms, p99 ${fmt(cached.p99, 2)} ms; ` +
      `${fmt(cached.cpuPerRequest, 3)} ms of server CPU per page (server ${fmt(cached.serverCores * 100)} % of a core, load generator ${fmt(cached.genCores * 100)} %)`,
  );
  log(`   the floor: a bare Fastify route answering the same ${kb(homeBytes)}: ${fmt(floor.rps)} req/s, p99 ${fmt(floor.p99, 2)} ms (${fmt(floor.cpuPerRequest, 3)} ms of CPU each)`);
  if (cached.rps < TARGET_PAGES_PER_S) {
    const ceiling = 1000 / cached.cpuPerRequest;
    log(
      `   bound by: CPU. The server is one Node process (one core at most): at ${fmt(cached.cpuPerRequest, 3)} ms per page it tops out near ${fmt(ceiling)} pages/s on a core of its own; ` +
        `here it shares ${cores} cores with the load generator (${fmt(cached.genCores * 100)} % of a core) and other work (load ${load()}). ` +
        (floor.rps < TARGET_PAGES_PER_S
          ? `Even a bare Fastify route with the same body does ${fmt(floor.rps)}/s here: the target is past what one Node process serves on this machine.`
          : `The site's page costs ${fmt((cached.cpuPerRequest / floor.cpuPerRequest - 1) * 100)} % more CPU than the bare route's.`) +
        ' More instances (npm run cluster) or a CDN in front (Cache-Control: s-maxage=60) scale it.',
    );
  }

  // ---- 3. the delivery API, cached ---------------------------------------------------------------
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
    log(`     304 (If-None-Match): ${fmt(revalidate.rps)} req/s, p50 ${fmt(revalidate.p50, 2)} ms, p99 ${fmt(revalidate.p99, 2)} ms; ${fmt(revalidate.cpuPerRequest, 3)} ms of server CPU each`);
  }
  if (worstP99 > TARGET_API_P99_MS)
    log(
      `   bound by: ${aloneP99 <= TARGET_API_P99_MS ? 'queueing for the CPU, not the answer itself (one connection meets the target).' : 'the CPU, even without a queue.'} ` +
        `With ${CONNECTIONS} connections kept busy, each request waits for those ahead of it in one Node process (mean latency ≈ connections ÷ throughput), ` +
        `and the process shares ${cores} cores with the load generator and other work (load ${load()}), so a pause of either (GC, another process) lands in the tail; ` +
        'a CDN in front (s-maxage), another core or more instances bring it down',
    );

  // ---- 4. Chromium ------------------------------------------------------------------------------------
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
      for (const path of [HOME, MATCH_PAGE]) {
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
          const res = await page.goto(`${url}${path}`, { waitUntil: 'load' });
          if (res?.status() !== 200) throw new Error(`${path}: ${res?.status()} in Chromium`);
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
        log(`   ${path}`);
        log(
          `     largest contentful paint ${fmt(lcp)} ms (target ≤ ${fmt(TARGET_LCP_MS)} ms: ${met(lcp <= TARGET_LCP_MS)}; runs ${results.map((r) => fmt(r.lcp?.t ?? NaN)).join(', ')} ms): ` +
            `${last.lcp ? `${last.lcp.what}${last.lcp.url ? ` ${last.lcp.url.replace(url, '')}` : ''}` : 'no entry'}; first contentful paint ${fmt(median(results.map((r) => r.fcp)))} ms, load event ${fmt(median(results.map((r) => r.load)))} ms`,
        );
        log(
          `     JavaScript: ${last.js.length} files, ${kb(jsRaw)} raw, ${kb(jsGzip)} gzip (target ≤ ${TARGET_JS_GZIP_KB} kB gzip: ${met(jsGzip <= TARGET_JS_GZIP_KB * 1024)})` +
            (last.js.length ? `: ${last.js.map((f) => `${f.url.replace(`${url}/site/assets/`, '')} ${kb(f.gzip)}`).join(', ')}` : ''),
        );
        if (lcp > TARGET_LCP_MS)
          log(
            `     bound by: ${last.lcp?.url ? 'the largest element is a picture, painted once it has arrived and decoded' : 'the first paint of the page'}; Chromium, the server and other work share ${cores} cores (load ${load()})`,
          );
      }
      await liveScoreLatency(browser, url);
    } finally {
      await browser.close();
    }
  }
  log(`\nload average at the end: ${load()} on ${cores} cores${loadavg()[0] > cores ? ' (other work competed for the CPU: latencies are high and noisy; CPU per request is the steadier figure)' : ''}`);
} catch (err) {
  if (err !== STOP) throw err;
} finally {
  await stopAll();
}
