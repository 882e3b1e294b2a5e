#!/usr/bin/env node
// Quiz competition benchmark (issue 10, point 8), on SQLite.
//
//   node --import tsx bench/quiz.mjs     options: --attempts 10000 --concurrency 50 --ranking 100000 --reads 300 --reads-during 20
//                                        --profile: a CPU profile of the server, its hot spots during the attempts printed
//
// The real server runs in a child process (bench/support/serve.ts) with the fan limits raised
// (FAN_LIMITS), so that the benchmark measures the work and not the limiter. It prints:
//   (a) POST /public/v1/quizzes/{id}/attempts: --attempts attempts of as many fans (registered
//       first through POST /public/v1/fans, each attempt started through …/attempt_starts and sent
//       once its fastest possible time has passed), --concurrency at once: requests per second,
//       p50, p99, and the same for the starts; meanwhile the ranking's first page is read
//       --reads-during times a second, one at a time (its share is in the attempts' server CPU);
//   (b) GET /api/v3/quiz_rankings?filter[quiz]=…&sort=rank of a quiz with --ranking attempts (the
//       rest written straight into the database file: the ranking's read is what is measured),
//       computed on every read (Cache-Control: no-cache), first, middle and last pages, one at a
//       time: p50, p99 (target: p99 ≤ 50 ms); then a ban, and the next read's latency.
// Timings never fail the run; only a crash does (exit code 1).
import http from 'node:http';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { cpuMs, fmt, percentile, running, signIn, startChild } from './support/child.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SERVE = join(ROOT, 'bench/support/serve.ts');
const Sqlite = createRequire(join(ROOT, 'apps/server/package.json'))('better-sqlite3');
const { values: opts } = parseArgs({
  options: {
    attempts: { type: 'string', default: '10000' },
    concurrency: { type: 'string', default: '50' },
    ranking: { type: 'string', default: '100000' },
    reads: { type: 'string', default: '300' },
    'reads-during': { type: 'string', default: '20' },
    profile: { type: 'boolean', default: false },
  },
});
const TARGET_RANKING_P99_MS = 50;
const ATTEMPTS = Number(opts.attempts);
const CONCURRENCY = Number(opts.concurrency);
const QUESTIONS = 10;

const dataDir = mkdtempSync(join(tmpdir(), 'umpire-bench-quiz-'));
const profileDir = opts.profile ? join(dataDir, 'profile') : null;
const server = await startChild(SERVE, {
  nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  env: {
    ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', PUBLIC_QUERY_COUNTS: 'true', BENCH_ROWS: '100',
    FAN_LIMITS: 'fan=1000000/60,address=10000000/60,register=10000000/3600',
  },
  cwd: ROOT,
  name: 'api',
});
/** When the attempts were sent (µs, monotonic clock): what --profile summarizes. */
let attemptWindow = null;
const micros = () => Number(process.hrtime.bigint() / 1000n);
const stopAll = async () => {
  for (const r of [...running]) await r.stop();
  if (profileDir) {
    const { summarizeProfile } = await import('./support/cpu-profile.mjs');
    // The main thread's profile is the largest (tsx's loader thread writes a small one too).
    const files = readdirSync(profileDir).map((f) => join(profileDir, f));
    const file = files.sort((x, y) => statSync(y).size - statSync(x).size)[0];
    if (file) for (const l of summarizeProfile(file, 70, attemptWindow)) console.log(`  ${l}`);
  }
  rmSync(dataDir, { recursive: true, force: true });
};
process.on('SIGINT', () => stopAll().then(() => process.exit(130)));

/** Runs `task(i)` for i in [0, n) with `concurrency` in flight; returns each call's latency. */
async function pool(n, concurrency, task) {
  const latencies = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        const i = next++;
        const t0 = performance.now();
        await task(i);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return latencies;
}

try {
  const url = server.info.url;
  const token = await signIn(url);
  const call = async (method, path, body, headers = {}) => {
    const t0 = performance.now();
    const res = await fetch(url + path, {
      method,
      headers: { accept: 'application/vnd.api+json', 'content-type': 'application/vnd.api+json', authorization: `Bearer ${token}`, ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    const ms = performance.now() - t0;
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 400)}`);
    return { body: text ? JSON.parse(text) : null, ms, queries: Number(res.headers.get('x-db-queries')) };
  };
  const create = async (type, attributes, relationships = {}) => (await call('POST', `/api/v3/${type}`, { data: { type, attributes, relationships } })).body.data.id;

  // The attempts go out on kept-alive sockets through node:http, which costs this process about
  // half of what fetch does: on two cores the load generator's share is the server's loss.
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const target = new URL(url);
  const post = (path, body, headers) =>
    new Promise((resolvePost, reject) => {
      const req = http.request({ host: target.hostname, port: target.port, path, method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) } }, (res) => {
        res.on('data', () => {});
        res.on('end', () => resolvePost(res.statusCode));
      });
      req.on('error', reject);
      req.end(body);
    });

  // A quiz of ten questions of four answers (the first correct), open now.
  const quiz = await create('quizzes', { title: 'Bench quiz', is_published: true, time_limit_seconds: 600, attempts_per_fan: 1 });
  const key = [];
  for (let q = 0; q < QUESTIONS; q++) {
    const question = await create('quiz_questions', { text: `Pytanie ${q + 1}`, position: q }, { quiz: { data: { type: 'quizzes', id: quiz } } });
    const answers = [];
    for (let a = 0; a < 4; a++) answers.push(await create('quiz_answers', { text: `Odpowiedź ${a + 1}`, is_correct: a === 0, position: a }, { quiz_question: { data: { type: 'quiz_questions', id: question } } }));
    key.push({ question, answers });
  }

  // (a) fans register, then attempt at CONCURRENCY at once.
  const fanTokens = new Array(ATTEMPTS);
  const registered = performance.now();
  await pool(ATTEMPTS, CONCURRENCY, async (i) => {
    const res = await fetch(`${url}/public/v1/fans?client=ekstraklasa-demo`, {
      method: 'POST',
      headers: { 'content-type': 'application/vnd.api+json' },
      body: JSON.stringify({ data: { type: 'fans', attributes: { device_id: `bench-fan-device-${String(i).padStart(8, '0')}`, display_name: `Kibic ${i}` } } }),
    });
    const body = await res.json();
    if (res.status >= 300) throw new Error(`register: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    fanTokens[i] = body.meta.token;
  });
  const registerSeconds = (performance.now() - registered) / 1000;
  // Each fan starts the attempt (the server's clock for it starts), then sends it once the fastest
  // possible time (a second per question) has passed for every start.
  const startTokens = new Array(ATTEMPTS);
  const startCpu0 = cpuMs(server.pid);
  const startsBegan = performance.now();
  const startLatencies = await pool(ATTEMPTS, CONCURRENCY, async (i) => {
    const res = await fetch(`${url}/public/v1/quizzes/${quiz}/attempt_starts`, { method: 'POST', headers: { 'content-type': 'application/vnd.api+json', authorization: `Bearer ${fanTokens[i]}` }, body: '{}' });
    const body = await res.json();
    if (res.status !== 201) throw new Error(`start: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    startTokens[i] = body.meta.token;
  });
  const startSeconds = (performance.now() - startsBegan) / 1000;
  const startCpu = (cpuMs(server.pid) - startCpu0) / ATTEMPTS;
  await new Promise((r) => setTimeout(r, QUESTIONS * 1000 + 500));
  let refused = 0;
  const attemptCpu0 = cpuMs(server.pid);
  const loadgenCpu0 = process.cpuUsage();
  const started = performance.now();
  attemptWindow = { from: micros(), to: Infinity };
  // The ranking as fans watch it during the burst: read at a steady pace, never cached.
  const rankingPath = (page) => `/api/v3/quiz_rankings?filter[quiz]=${quiz}&sort=rank&page[size]=25&page[number]=${page}`;
  const readsDuring = [];
  let bursting = true;
  const reader = (async () => {
    const every = 1000 / Number(opts['reads-during']);
    while (bursting && Number.isFinite(every)) {
      const t0 = performance.now();
      readsDuring.push((await call('GET', rankingPath(1), undefined, { 'cache-control': 'no-cache' })).ms);
      await new Promise((r) => setTimeout(r, Math.max(0, every - (performance.now() - t0))));
    }
  })();
  const latencies = await pool(ATTEMPTS, CONCURRENCY, async (i) => {
    const answers = key.map(({ question, answers: ids }, q) => ({ question, answers: [ids[(i + q) % 7 === 0 ? 1 : 0]] }));
    const body = JSON.stringify({ data: { type: 'quiz_user_attempts', attributes: { answers, start_token: startTokens[i] } } });
    const status = await post(`/public/v1/quizzes/${quiz}/attempts`, body, { 'content-type': 'application/vnd.api+json', authorization: `Bearer ${fanTokens[i]}` });
    if (status !== 201) refused++;
  });
  const seconds = (performance.now() - started) / 1000;
  attemptWindow.to = micros();
  bursting = false;
  const attemptCpu = (cpuMs(server.pid) - attemptCpu0) / ATTEMPTS;
  const loadgen = process.cpuUsage(loadgenCpu0);
  const loadgenCpu = (loadgen.user + loadgen.system) / 1000 / ATTEMPTS;
  await reader;
  if (refused) throw new Error(`${refused} attempts were refused`);
  console.log(`\nPOST /public/v1/quizzes/{id}/attempts (${fmt(ATTEMPTS)} fans, ${QUESTIONS} questions, ${CONCURRENCY} at once; ${fmt(ATTEMPTS / registerSeconds)} registrations/s before)`);
  console.log(`  (a) ${fmt(ATTEMPTS / seconds)} attempts/s; latency p50 ${fmt(percentile(latencies, 50), 2)} ms, p99 ${fmt(percentile(latencies, 99), 2)} ms; ${fmt(attemptCpu, 2)} ms of server CPU per attempt (the load generator here ${fmt(loadgenCpu, 2)} ms)`);
  console.log(`      their starts before (POST …/attempt_starts): ${fmt(ATTEMPTS / startSeconds)} starts/s; latency p50 ${fmt(percentile(startLatencies, 50), 2)} ms, p99 ${fmt(percentile(startLatencies, 99), 2)} ms; ${fmt(startCpu, 2)} ms of server CPU per start`);
  if (readsDuring.length)
    console.log(`      the ranking's first page read meanwhile (${fmt(readsDuring.length)} reads, one at a time): p50 ${fmt(percentile(readsDuring, 50), 2)} ms, p99 ${fmt(percentile(readsDuring, 99), 2)} ms (target ≤ ${TARGET_RANKING_P99_MS} ms: ${percentile(readsDuring, 99) <= TARGET_RANKING_P99_MS ? 'met' : 'NOT MET'})`);

  // (b) the ranking of RANKING attempts: the rest written straight into the database file.
  const total = Number(opts.ranking);
  const db = new Sqlite(join(dataDir, 'umpire.sqlite'));
  db.pragma('busy_timeout = 10000');
  const clientId = db.prepare('select client_id from quizzes where id = ?').get(Number(quiz)).client_id;
  const now = new Date().toISOString();
  const addFan = db.prepare("insert into fans (client_id, kind, device_id, display_name, is_banned, created_at, updated_at) values (?, 'device', ?, ?, 0, ?, ?)");
  const addAttempt = db.prepare(
    'insert into quiz_user_attempts (client_id, quiz_id, fan_id, fan_name, score, max_score, time_taken_ms, answers, is_banned, submitted_at, attempt_number, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, 1, ?, ?)',
  );
  db.transaction(() => {
    for (let i = ATTEMPTS; i < total; i++) {
      const fan = addFan.run(clientId, `bench-bulk-fan-${i}`, `Kibic ${i}`, now, now).lastInsertRowid;
      const at = new Date(Date.now() - (total - i) * 1000).toISOString();
      addAttempt.run(clientId, Number(quiz), fan, `Kibic ${i}`, (i * 31) % (QUESTIONS + 1), QUESTIONS, 15000 + ((i * 7919) % 300000), '[]', at, at, at);
    }
  })();
  db.close();

  const pages = Math.ceil(total / 25);
  const path = rankingPath;
  const check = await call('GET', path(1), undefined, { 'cache-control': 'no-cache' });
  if (check.body.meta.total !== total) throw new Error(`the ranking holds ${check.body.meta.total} attempts, not ${total}`);
  const reads = Number(opts.reads);
  for (let i = 0; i < 20; i++) await call('GET', path(1), undefined, { 'cache-control': 'no-cache' });
  const byPage = { first: [], middle: [], last: [] };
  const readCpu0 = cpuMs(server.pid);
  for (let i = 0; i < reads; i++) {
    const which = ['first', 'middle', 'last'][i % 3];
    const page = which === 'first' ? 1 : which === 'middle' ? Math.ceil(pages / 2) : pages;
    byPage[which].push((await call('GET', path(page), undefined, { 'cache-control': 'no-cache' })).ms);
  }
  const readCpu = (cpuMs(server.pid) - readCpu0) / reads;
  const all = [...byPage.first, ...byPage.middle, ...byPage.last];
  const p99 = percentile(all, 99);
  console.log(`\nGET /api/v3/quiz_rankings of one quiz with ${fmt(total)} attempts (25 a page, ${check.queries} SQL statements, computed on every read)`);
  for (const [name, values] of Object.entries(byPage)) console.log(`  ${name} page: p50 ${fmt(percentile(values, 50), 2)} ms, p99 ${fmt(percentile(values, 99), 2)} ms`);
  console.log(`  (b) all reads: p99 ${fmt(p99, 2)} ms (target ≤ ${TARGET_RANKING_P99_MS} ms: ${p99 <= TARGET_RANKING_P99_MS ? 'met' : 'NOT MET'}); ${fmt(readCpu, 2)} ms of server CPU per read`);

  // A ban moves everyone below up at once.
  const leader = check.body.data[0];
  await call('PATCH', `/api/v3/quiz_user_attempts/${leader.relationships.quiz_user_attempt.data.id}`, { data: { type: 'quiz_user_attempts', id: leader.relationships.quiz_user_attempt.data.id, attributes: { is_banned: true } } });
  const after = await call('GET', path(1));
  if (after.body.data[0].id === leader.id) throw new Error('the banned attempt still leads the ranking');
  console.log(`  after banning the leader: the first page read in ${fmt(after.ms, 2)} ms, the next fan is first`);

  const load = loadavg();
  console.log(`\nload average: ${load.map((x) => x.toFixed(2)).join(' ')} on ${availableParallelism()} cores${load[0] > availableParallelism() ? ' (other work competed for the CPU: figures are noisy)' : ''}`);
} finally {
  await stopAll();
}
