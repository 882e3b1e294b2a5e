#!/usr/bin/env node
// Admin app benchmark (issue 3, item 11): what the dashboard costs to load.
//
//   node bench/admin-bundle.mjs              builds apps/admin, then measures
//   node bench/admin-bundle.mjs --no-build   measures the existing apps/admin/dist
//   options: --runs 5 (page loads in Chromium, median reported)
//
// Prints (1) the initial JavaScript of index.html (its module script and modulepreloads), raw
// and gzip, next to the number of registered resources (every resource screen is lazy, so the
// first figure must not grow with the second); (2) all JavaScript the dashboard actually loads;
// (3) first contentful paint, load event and "dashboard ready" (figures on screen) in Chromium on
// localhost, against the real server started on a free port with a fresh data directory.
// Targets: initial JavaScript at most 350 kB gzip; first contentful paint at most 400 ms and
// dashboard ready at most 1,000 ms (median). Timings are printed against them, never asserted.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(ROOT, 'apps/admin/dist');
const TARGET_GZIP_KB = 350;
const TARGET_FCP_MS = 400;
const TARGET_READY_MS = 1000;
const { values: opts } = parseArgs({ options: { 'no-build': { type: 'boolean', default: false }, runs: { type: 'string', default: '5' } } });
const RUNS = Math.max(1, Number(opts.runs));

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
const verdict = (value, target) => (value <= target ? 'met' : 'NOT MET');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const gzipLength = (buf) => gzipSync(buf, { level: 9 }).length;

// ---- 1. the build -----------------------------------------------------------------------------

if (!opts['no-build'] || !existsSync(join(DIST, 'index.html'))) {
  console.log('building apps/admin …');
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/admin'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) {
    console.error('the admin build failed');
    process.exit(1);
  }
}

const html = readFileSync(join(DIST, 'index.html'), 'utf8');
const initial = [
  ...[...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)].map((m) => m[1]),
  ...[...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1]),
];
const files = initial.map((src) => {
  const buf = readFileSync(join(DIST, src.replace(/^\//, '')));
  return { src, raw: buf.length, gzip: gzipLength(buf) };
});
const raw = files.reduce((s, f) => s + f.raw, 0);
const gzip = files.reduce((s, f) => s + f.gzip, 0);
const info = JSON.parse(readFileSync(join(DIST, 'build-info.json'), 'utf8'));
const allJs = readdirSync(join(DIST, 'assets')).filter((f) => f.endsWith('.js'));
const lazy = allJs.filter((f) => !initial.some((src) => src.endsWith(f)));

console.log('\nAdmin app: initial JavaScript of the dashboard (index.html module script + modulepreloads)');
for (const f of files) console.log(`  ${f.src.padEnd(44)} ${kb(f.raw).padStart(10)} raw ${kb(f.gzip).padStart(10)} gzip`);
console.log(`  ${'total'.padEnd(44)} ${kb(raw).padStart(10)} raw ${kb(gzip).padStart(10)} gzip   (target ≤ ${TARGET_GZIP_KB} kB gzip: ${verdict(gzip / 1024, TARGET_GZIP_KB)})`);
console.log(`  registered resources: ${info.resources}; lazily loaded chunks: ${lazy.length} (screens, charts, country names, date locales)`);

// ---- 2. the dashboard in Chromium -------------------------------------------------------------

function freePort() {
  return new Promise((done, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => done(port));
    });
  });
}

async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'umpire-bench-admin-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_DIST: DIST, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error('the server exited early');
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { url, stop };
}

const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(chromiumPath)) {
  console.log(`\nChromium not found at ${chromiumPath}: page timings skipped (npm test installs it).`);
  process.exit(0);
}

const { chromium } = await import('playwright-core');
const server = await startServer();
try {
  const signIn = await fetch(`${server.url}/auth/v1/sign_in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/vnd.api+json' },
    body: JSON.stringify({ data: { type: 'sign_in', attributes: { username: 'admin', password: 'umpire-demo' } } }),
  });
  const token = (await signIn.json()).data.attributes.token;
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-quic', '--disable-sync'],
  });
  const results = [];
  for (let run = 0; run < RUNS; run++) {
    // A new context each time: a cold cache, as on a first visit.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/?token=${token}`, { waitUntil: 'load' });
    // Checked in each animation frame, and timed there: the frame that draws the figures, not the
    // moment a later task gets to answer the test (which would add whatever the app runs next).
    await page.waitForFunction(
      () => {
        if (!/\d/.test(document.querySelector('[data-testid="count-clubs"]')?.textContent ?? '')) return false;
        window.__dashboardReady ??= performance.now();
        return true;
      },
      null,
      { timeout: 30_000, polling: 'raf' },
    );
    const m = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      const fcp = performance.getEntriesByName('first-contentful-paint')[0];
      const js = performance.getEntriesByType('resource').filter((r) => r.name.endsWith('.js'));
      return {
        fcp: fcp?.startTime ?? NaN,
        load: nav.loadEventEnd,
        ready: window.__dashboardReady,
        jsFiles: js.length,
        jsBytes: js.reduce((s, r) => s + (r.decodedBodySize || 0), 0),
        transferred: [nav, ...performance.getEntriesByType('resource')].reduce((s, r) => s + (r.transferSize || 0), 0),
      };
    });
    results.push(m);
    // BENCH_WATERFALL=1: what the last cold load waited for, request by request.
    if (process.env.BENCH_WATERFALL && run === RUNS - 1) {
      const rows = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((r) => [r.startTime, r.responseEnd, r.name.replace(location.origin, '').replace(/\?token=[^&]+/, '?token=…')]),
      );
      console.log('\nWaterfall of the last load (ms from navigation: start → end, request)');
      for (const [start, end, name] of rows) console.log(`  ${start.toFixed(0).padStart(6)} → ${end.toFixed(0).padStart(6)}  ${name.slice(0, 110)}`);
      console.log(`  first contentful paint ${m.fcp.toFixed(0)}, ready ${m.ready.toFixed(0)}`);
    }
    await context.close();
  }
  await browser.close();
  const jsLoaded = median(results.map((r) => r.jsBytes));
  console.log(`\nDashboard in Chromium on localhost (median of ${RUNS} cold loads, real server and data):`);
  const fcp = median(results.map((r) => r.fcp));
  const ready = median(results.map((r) => r.ready));
  console.log(`  first contentful paint  ${fcp.toFixed(0)} ms   (target ≤ ${TARGET_FCP_MS} ms: ${verdict(fcp, TARGET_FCP_MS)})`);
  console.log(`  load event              ${median(results.map((r) => r.load)).toFixed(0)} ms`);
  console.log(`  dashboard ready         ${ready.toFixed(0)} ms (figures on screen)   (target ≤ ${TARGET_READY_MS} ms: ${verdict(ready, TARGET_READY_MS)})`);
  console.log(`  transferred             ${kb(median(results.map((r) => r.transferred)))} over the network (compressed), all requests`);
  console.log(`  JavaScript loaded       ${median(results.map((r) => r.jsFiles))} files, ${kb(jsLoaded)} raw (index.html's ${files.length} plus lazy chunks it asks for)`);
} finally {
  await server.stop();
}
