#!/usr/bin/env node
// What the fans' proof of work (issue 38, point 6) costs each side: the default difficulty beside
// what an attacker pays for one fan and what a phone pays.
//
//   npm run bench -- proof          (runs bench/proof.mjs too)   options: --node 40 --browser 20
//   node --import tsx bench/proof-cost.mjs
//
// Challenges are the server's own (fan-api/challenge.ts, the settings of config.ts: the defaults
// unless FAN_CHALLENGE_COST / FAN_CHALLENGE_MAX_COUNTER are set), made in this process; no server
// nor database is started. Printed:
//   1. The difficulty: PBKDF2 iterations a try, tries a solution takes (the counter is drawn from
//      [max/10, max], so on average 0.55 × max), iterations a solution.
//   2. The attacker, in Node on one core: --node challenges solved one after another, CPU time of
//      each (user + system of this process, the thread pool included), with altcha-lib's solver
//      (node:crypto PBKDF2, async) and with a tight pbkdf2Sync loop (no event loop in between);
//      the median, the CPU a try, and from it the average challenge's CPU and fans a core-hour.
//   3. A phone: Debian's Chromium (playwright-core), a tiny page on 127.0.0.1 loading the website's
//      own solver (apps/site/src/client/proof.ts, bundled with esbuild: Web Crypto PBKDF2), --browser
//      solves from the GET of the challenge to the solution, unthrottled then with the CPU throttled
//      4× (DevTools' Emulation.setCPUThrottlingRate, the "mid-tier mobile" preset); every solution
//      is checked here (the issued challenge, its key derived again).
// Timings never fail the run; only a crash does (exit code 1).
import { pbkdf2Sync } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import * as esbuild from 'esbuild';
import { sameJson } from '../packages/schema/src/json-equal.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { FAN_CHALLENGE_ALGORITHM, newFanChallenge } from '../apps/server/src/fan-api/challenge.ts';
import { fmt, percentile } from './support/child.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values: opts } = parseArgs({ options: { node: { type: 'string', default: '40' }, browser: { type: 'string', default: '20' } } });
const NODE_SOLVES = Number(opts.node);
const BROWSER_SOLVES = Number(opts.browser);
const THROTTLE = 4;
const log = (m = '') => console.log(m);
const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');

const config = loadConfig({ ...process.env, UMPIRE_JWT_SECRET: process.env.UMPIRE_JWT_SECRET || 'bench-proof-cost-secret-0123456789abcdef' });
const { cost, maxCounter, ttlSeconds } = config.fanChallenge;
const meanTries = (Math.max(1, Math.floor(maxCounter / 10)) + maxCounter) / 2;

log(`${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}; load ${load()}`);
log(`\n1. The difficulty (config.ts: FAN_CHALLENGE_COST ${fmt(cost)}, FAN_CHALLENGE_MAX_COUNTER ${fmt(maxCounter)}, FAN_CHALLENGE_TTL_SECONDS ${fmt(ttlSeconds)}${process.env.FAN_CHALLENGE_COST || process.env.FAN_CHALLENGE_MAX_COUNTER ? ', from the environment' : ', the defaults'})`);
log(`   ${FAN_CHALLENGE_ALGORITHM}, ${fmt(cost)} iterations a try, the answer among ${fmt(Math.floor(maxCounter / 10))}–${fmt(maxCounter)} tries: on average ${fmt(meanTries)} tries, ${fmt(meanTries * cost)} iterations a fan`);

// ---- 2. the attacker in Node -------------------------------------------------------------------
const cpuNow = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
/** The same search as altcha-lib's solver, without its awaits: nonce ‖ counter (uint32, big-endian). */
function solveSync(challenge) {
  const { nonce, salt, keyPrefix, keyLength = 32 } = challenge.parameters;
  const n = Buffer.from(nonce, 'hex');
  const s = Buffer.from(salt, 'hex');
  const password = Buffer.alloc(n.length + 4);
  n.copy(password);
  const prefix = Buffer.from(keyPrefix, 'hex');
  for (let counter = 0; counter <= 0xffffffff; counter++) {
    password.writeUInt32BE(counter, n.length);
    const key = pbkdf2Sync(password, s, challenge.parameters.cost, keyLength, 'sha256');
    if (key.subarray(0, prefix.length).equals(prefix)) return { counter, derivedKey: key.toString('hex') };
  }
  return null;
}
async function attacker(name, solve) {
  const cpu = [];
  const tries = [];
  for (let i = 0; i < NODE_SOLVES; i++) {
    const challenge = await newFanChallenge(config, new Date());
    const c0 = cpuNow();
    const solution = await solve(challenge);
    cpu.push(cpuNow() - c0);
    if (!solution) throw new Error(`${name}: no solution`);
    tries.push(solution.counter + 1);
  }
  const median = percentile(cpu, 50);
  const perTry = cpu.reduce((a, b) => a + b, 0) / tries.reduce((a, b) => a + b, 0);
  // A crowd of fans costs the average challenge each (the counter is drawn at random), not the median.
  const average = perTry * meanTries;
  log(`   ${name}: median ${fmt(median, 1)} ms of CPU a fan (p95 ${fmt(percentile(cpu, 95), 1)}); ${fmt(perTry * 1000, 1)} µs a try, so ${fmt(average, 1)} ms for the average challenge: ${fmt(3_600_000 / average)} fans a core-hour`);
  return average;
}
log(`\n2. The attacker: solving in Node on one core, ${NODE_SOLVES} challenges one after another, CPU time each`);
await attacker("altcha-lib's solveChallenge (node:crypto PBKDF2, async)", (challenge) => solveChallenge({ challenge, deriveKey }));
const tight = await attacker('a tight pbkdf2Sync loop', async (challenge) => solveSync(challenge));
log(`   (a cloud core-hour costs cents: at the tight loop's pace 1,000,000 fans take ${fmt(1_000_000 * tight / 3_600_000, 1)} core-hours)`);

// ---- 3. a phone: the website's solver in Chromium, throttled 4× ------------------------------------
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(chromiumPath)) {
  log(`\n3. Chromium not found at ${chromiumPath}: skipped`);
  process.exit(0);
}
const bundle = await esbuild.build({
  entryPoints: [join(ROOT, 'apps/site/src/client/proof.ts')],
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: ['chrome100'],
  minify: true,
  write: false,
  absWorkingDir: join(ROOT, 'apps/site'),
});
const solverJs = bundle.outputFiles[0].text;
const issued = new Map();
const page = `<!doctype html><meta charset="utf-8"><title>proof</title><p>proof of work</p>`;
const http = createServer(async (req, res) => {
  const path = new URL(req.url, 'http://x').pathname;
  if (path === '/') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  if (path === '/proof.js') return res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(solverJs);
  if (path === '/public/v1/fans/challenge') {
    const challenge = await newFanChallenge(config, new Date());
    issued.set(challenge.signature, challenge);
    return res.writeHead(200, { 'content-type': 'application/vnd.api+json', 'cache-control': 'no-store' }).end(JSON.stringify({ data: { type: 'fan_challenges', id: challenge.parameters.nonce, attributes: challenge } }));
  }
  res.writeHead(404).end();
});
await new Promise((r) => http.listen(0, '127.0.0.1', r));
const url = `http://127.0.0.1:${http.address().port}`;

const { chromium } = await import('playwright-core');
const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'] });
try {
  const tab = await browser.newPage();
  await tab.goto(`${url}/`);
  const cdp = await tab.context().newCDPSession(tab);
  const run = async () => {
    const results = await tab.evaluate(
      async ({ n }) => {
        const { solvedProof } = await import('/proof.js');
        const api = { get: async (path) => (await fetch(`/public/v1${path}?client=bench`)).json() };
        const out = [];
        for (let i = 0; i < n; i++) {
          const t0 = performance.now();
          const proof = await solvedProof(api);
          out.push({ ms: performance.now() - t0, proof });
        }
        return out;
      },
      { n: BROWSER_SOLVES },
    );
    let ok = 0;
    for (const { proof } of results) if (proof && verified(proof)) ok++;
    return { times: results.map((r) => r.ms), tries: results.map((r) => (r.proof?.solution.counter ?? 0) + 1), ok };
  };
  const report = (label, { times, tries, ok }) => {
    const perTry = times.reduce((a, b) => a + b, 0) / tries.reduce((a, b) => a + b, 0);
    log(`   ${label}: median ${fmt(percentile(times, 50))} ms, p95 ${fmt(percentile(times, 95))} ms, max ${fmt(Math.max(...times))} ms; ${fmt(perTry * 1000, 0)} µs a try, so ${fmt(perTry * meanTries)} ms for the average challenge; ${ok}/${times.length} answers verified`);
  };
  log(`\n3. A fan's browser: the website's solver (apps/site/src/client/proof.ts, Web Crypto PBKDF2) in Chromium, ${BROWSER_SOLVES} solves from the GET of the challenge`);
  report('unthrottled (this machine)', await run());
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  report(`CPU throttled ${THROTTLE}× (a mid-range phone)`, await run());
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  log(`\nload average at the end: ${load()}`);
} finally {
  await browser.close();
  await new Promise((r) => http.close(r));
}

/**
 * A browser's answer checked as the server checks it: a challenge this process issued (by its
 * signature, parameters unchanged) whose key, derived again here, is the one sent and has the prefix.
 */
function verified(proof) {
  const issuedOne = issued.get(proof.challenge.signature);
  if (!issuedOne || !sameJson(issuedOne.parameters, proof.challenge.parameters)) return false;
  const { nonce, salt, keyPrefix, keyLength = 32 } = issuedOne.parameters;
  const n = Buffer.from(nonce, 'hex');
  const password = Buffer.alloc(n.length + 4);
  n.copy(password);
  password.writeUInt32BE(proof.solution.counter, n.length);
  const key = pbkdf2Sync(password, Buffer.from(salt, 'hex'), issuedOne.parameters.cost, keyLength, 'sha256').toString('hex');
  return key === proof.solution.derivedKey && key.startsWith(keyPrefix);
}
