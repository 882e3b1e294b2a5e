#!/usr/bin/env node
// Fair registration (issue 25, point 4): how long a fan's browser takes to solve the proof-of-work
// challenge that lets a registration past the limit per address, and what checking one costs the server.
//
//   npm run bench -- proof          options: --solves 30 --registrations 300 --concurrency 10
//
// The real server runs in a child process (bench/support/serve-demo.ts, the demo data, the default
// difficulty unless FAN_CHALLENGE_COST / FAN_CHALLENGE_MAX_COUNTER are set), its registration
// limit per address as it ships (30 an hour). Printed, each figure beside its target:
//   1. In Chromium (Debian's, through playwright-core) on the website, the site's own solver (the
//      browser script's proof chunk: Web Crypto PBKDF2): --solves challenges one after another,
//      each from GET /public/v1/fans/challenge to a solution; p50, p95, max (target ≤ 1 s).
//   2. Registrations from one address, --registrations of them (20000 for the hour), --concurrency
//      at once, each fan fetching a challenge, solving it in Node and registering: all must pass (the limit per address is 30 an hour);
//      registrations per second and the server's CPU per registration, beside the same without a
//      proof (which the limit refuses after 30).
// Timings never fail the run; only a crash does (exit code 1).
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { cpuMs, fmt, memKb, percentile, startChild } from './support/child.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values: opts } = parseArgs({ options: { solves: { type: 'string', default: '30' }, registrations: { type: 'string', default: '300' }, concurrency: { type: 'string', default: '10' } } });
const SOLVES = Number(opts.solves);
const REGISTRATIONS = Number(opts.registrations);
const CONCURRENCY = Number(opts.concurrency);
const TARGET_SOLVE_MS = 1000;
const CLIENT = 'ekstraklasa-demo';
const log = (m = '') => console.log(m);
const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');

// The browser script, whose proof chunk the page imports (built when missing).
const assets = join(ROOT, 'apps/site/dist/assets');
if (!existsSync(assets) || !readdirSync(assets).some((f) => /^proof-.*\.js$/.test(f))) {
  const { spawnSync } = await import('node:child_process');
  spawnSync(process.execPath, [join(ROOT, 'apps/site/scripts/build-client.mjs'), '--quiet'], { cwd: ROOT, stdio: 'inherit' });
}
const proofChunk = readdirSync(assets).find((f) => /^proof-.*\.js$/.test(f));
if (!proofChunk) throw new Error('the browser script has no proof chunk (apps/site/scripts/build-client.mjs)');

const dataDir = mkdtempSync(join(tmpdir(), 'umpire-bench-proof-'));
const server = await startChild(join(ROOT, 'bench/support/serve-demo.ts'), {
  env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', NODE_ENV: 'production', SITE_CLIENT: CLIENT, SITE_BASE_PATH: '/site' },
  cwd: ROOT,
  name: 'server',
});
const { url } = server.info;
let browser;
try {
  const challenge = (await (await fetch(`${url}/public/v1/fans/challenge?client=${CLIENT}`)).json()).data.attributes;
  log(`server on ${url} (SQLite, demo data); the challenge: ${challenge.parameters.algorithm}, ${fmt(challenge.parameters.cost)} iterations a try; load ${load()}`);

  // ---- 1. solving in Chromium ------------------------------------------------------------------
  const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(chromiumPath)) log(`\n1. Chromium not found at ${chromiumPath}: skipped`);
  else {
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'] });
    const page = await browser.newPage();
    await page.goto(`${url}/site/pl/`);
    const times = await page.evaluate(
      async ({ chunk, client, n }) => {
        const { solvedProof } = await import(chunk);
        const api = { get: async (path) => (await fetch(`/public/v1${path}?client=${client}`)).json() };
        const out = [];
        for (let i = 0; i < n; i++) {
          const t0 = performance.now();
          const proof = await solvedProof(api);
          if (!proof) throw new Error('no solution');
          out.push(performance.now() - t0);
        }
        return out;
      },
      { chunk: `/site/assets/${proofChunk}`, client: CLIENT, n: SOLVES },
    );
    const p95 = percentile(times, 95);
    log(`\n1. Solving a challenge in Chromium (the website's own solver, Web Crypto PBKDF2; ${SOLVES} one after another, each from the GET of the challenge)`);
    log(`   p50 ${fmt(percentile(times, 50))} ms, p95 ${fmt(p95)} ms, max ${fmt(Math.max(...times))} ms (target ≤ ${fmt(TARGET_SOLVE_MS)} ms: ${p95 <= TARGET_SOLVE_MS ? 'met' : 'NOT MET'})`);
  }

  // ---- 2. registrations from one address ---------------------------------------------------------
  // Each fan asks for a challenge, solves it and registers at once (a challenge lives 5 minutes, so
  // a run of 20,000 cannot solve them all first). Solving is the fans' work; here it shares the two
  // cores with the server (PBKDF2 runs on libuv's thread pool), so the run's length is bound by it.
  const register = async (i, proof) => {
    const res = await fetch(`${url}/public/v1/fans?client=${CLIENT}`, {
      method: 'POST',
      headers: { 'content-type': 'application/vnd.api+json' },
      body: JSON.stringify({ data: { type: 'fans', attributes: { device_id: `bench-proof-${proof ? 'with' : 'without'}-${String(i).padStart(8, '0')}` } }, ...(proof ? { meta: { proof } } : {}) }),
    });
    await res.arrayBuffer();
    return res.status;
  };
  const solved = async () => {
    const c = (await (await fetch(`${url}/public/v1/fans/challenge?client=${CLIENT}`)).json()).data.attributes;
    return { challenge: c, solution: await solveChallenge({ challenge: c, deriveKey }) };
  };
  const run = async (withProof, count) => {
    const counts = { ok: 0, refused: 0, other: 0 };
    let next = 0;
    let solveMs = 0;
    const cpu0 = cpuMs(server.pid);
    const t0 = performance.now();
    const every = Math.max(1000, Math.round(count / 10));
    await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        const i = next++;
        let proof = null;
        if (withProof) {
          const s0 = performance.now();
          proof = await solved();
          solveMs += performance.now() - s0;
        }
        const status = await register(i, proof);
        if (status === 201) counts.ok++;
        else if (status === 429) counts.refused++;
        else counts.other++;
        if ((i + 1) % every === 0 && count >= 5000) log(`   … ${fmt(i + 1)} after ${fmt((performance.now() - t0) / 1000, 0)} s (${fmt(counts.ok)} registered), server RSS ${fmt(memKb(server.pid) / 1024)} MB; load ${load()}`);
      }
    }));
    const seconds = (performance.now() - t0) / 1000;
    return { ...counts, seconds, perS: count / seconds, cpu: (cpuMs(server.pid) - cpu0) / count, solveMs: solveMs / count };
  };
  log(`\n2. ${fmt(REGISTRATIONS)} registrations from one address, ${CONCURRENCY} at once (the limit per address: 30 an hour)`);
  const withProof = await run(true, REGISTRATIONS);
  log(`   with a challenge solved by each: ${fmt(withProof.ok)} registered, ${fmt(withProof.refused)} refused, ${fmt(withProof.other)} other answers (target: all registered: ${withProof.ok === REGISTRATIONS ? 'met' : 'NOT MET'})`);
  log(`   in ${fmt(withProof.seconds, 0)} s (${fmt(withProof.perS)} registrations/s; ${fmt(REGISTRATIONS / 20_000 * 3600 / withProof.seconds * 100, 0)} % of the pace of 20,000 an hour), ${fmt(withProof.cpu, 2)} ms of server CPU each (its challenge and its registration), ${fmt(withProof.solveMs, 0)} ms to fetch and solve a challenge here`);
  const withoutCount = Math.min(REGISTRATIONS, 300);
  const without = await run(false, withoutCount);
  log(`   ${fmt(withoutCount)} without a proof: ${fmt(without.ok)} registered, ${fmt(without.refused)} refused (429); ${fmt(without.cpu, 2)} ms of server CPU each`);
  log(`\nload average at the end: ${load()}`);
} finally {
  await browser?.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
