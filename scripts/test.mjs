#!/usr/bin/env node
// `npm test`: installs what is missing, runs every suite as its own child process (a failing
// suite does not stop the others), and ends with one line `N passed, N failed`.
//   npm test                          all suites
//   npm test -- unit api-sqlite       only some: typecheck lint docs unit api (= api-sqlite api-postgres) api-sqlite api-postgres e2e
// Env: UMPIRE_TEST_TIMEOUT (seconds per suite run, default 1800).
import { AsyncLocalStorage } from 'node:async_hooks';
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { APT, ensureApt, ensureNpm, isMain, repoRoot } from './ensure-deps.mjs';
import { runOnNode24 } from './ensure-node.mjs';
import { KNOWN_FLAKY } from './known-flaky-tests.mjs';
import { startTempPostgres } from './pg-temp.mjs';
import { startTempS3 } from './s3-temp.mjs';

const GROUPS = ['typecheck', 'lint', 'docs', 'unit', 'api-sqlite', 'api-postgres', 'e2e'];
const ALIASES = { api: ['api-sqlite', 'api-postgres'], types: ['typecheck'], tsc: ['typecheck'], browser: ['e2e'] };

// Imported (a check of how the runs are counted), it only defines its functions: see the end.
const main = isMain(import.meta.url);
// On an older Node, the run starts again under Node 24 (from the npm registry when need be).
if (main) await runOnNode24();
const argv = main ? process.argv.slice(2) : [];
if (argv.includes('-h') || argv.includes('--help')) {
  console.log(`usage: npm test [-- ${GROUPS.join('|')}|api ...]`);
  process.exit(0);
}
const selected = new Set();
for (const a of argv) {
  if (GROUPS.includes(a)) selected.add(a);
  else if (ALIASES[a]) ALIASES[a].forEach((g) => selected.add(g));
  else {
    console.error(`unknown suite "${a}"; known: ${GROUPS.join(', ')}, api`);
    process.exit(2);
  }
}
const want = (g) => selected.size === 0 || selected.has(g);

const timeoutMs = Number(process.env.UMPIRE_TEST_TIMEOUT || 1800) * 1000;
const reportDir = path.join(repoRoot, '.tmp', 'test-reports'); // .tmp/ is git-ignored; reports stay for a look
fs.mkdirSync(reportDir, { recursive: true });

const KNOWN = knownFlaky();
const results = []; // { name, passed, failed, skipped, note, seconds, failures }
/**
 * The output of suites that run side by side (typecheck, lint and unit: see the end) is held per
 * suite and printed whole when it ends, so that their lines do not mix.
 */
const held = new AsyncLocalStorage();
const out = (text) => {
  const buffer = held.getStore();
  if (buffer) buffer.push(String(text));
  else process.stdout.write(text);
};
const say = (msg) => out(`\n[umpire-test] ${msg}\n`);

function record(r) {
  const res = { passed: 0, failed: 0, skipped: 0, note: '', seconds: 0, ...r };
  results.push(res);
  const counts = `${res.passed} passed, ${res.failed} failed${res.skipped ? `, ${res.skipped} skipped` : ''}`;
  say(`${res.failed ? 'FAIL' : 'ok  '} ${res.name}: ${counts}${res.note ? ` (${res.note})` : ''}${res.seconds ? ` in ${res.seconds.toFixed(1)} s` : ''}`);
}

// ---- child processes -------------------------------------------------------------------------

const running = new Set(); // the running children, for signal forwarding
let interrupted = null;

/**
 * Runs a command with its output streamed to ours. The child gets its own process group so
 * that a timeout or Ctrl-C can stop it together with its workers and web servers.
 */
function runChild(cmd, args, { env = process.env, cwd = repoRoot } = {}) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    say(`$ ${[cmd, ...args].map((a) => (a.startsWith(repoRoot + path.sep) ? path.relative(repoRoot, a) : a)).join(' ')}`);
    const holding = !!held.getStore();
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', holding ? 'pipe' : 'inherit', holding ? 'pipe' : 'inherit'], detached: true });
    child.stdout?.on('data', out);
    child.stderr?.on('data', out);
    running.add(child);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      say(`timed out after ${timeoutMs / 1000} s; stopping it`);
      killGroup(child, 'SIGTERM');
      setTimeout(() => killGroup(child, 'SIGKILL'), 10_000).unref();
    }, timeoutMs);
    const done = (code, signal, error) => {
      clearTimeout(timer);
      running.delete(child);
      // Whatever the child left running in its group (a web server, a worker) goes too.
      killGroup(child, 'SIGKILL');
      resolve({ code, signal, timedOut, error, seconds: (Date.now() - t0) / 1000 });
    };
    child.on('error', (err) => done(null, null, err));
    child.on('exit', (code, signal) => done(code, signal));
  });
}

/** runChild, also keeping what the child printed (it is still shown as it comes). */
function runChildCapturing(cmd, args) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    say(`$ ${[cmd, ...args].map((a) => (a.startsWith(repoRoot + path.sep) ? path.relative(repoRoot, a) : a)).join(' ')}`);
    const holding = !!held.getStore();
    const child = spawn(cmd, args, { cwd: repoRoot, env: process.env, stdio: ['ignore', 'pipe', holding ? 'pipe' : 'inherit'] });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
      out(d);
    });
    child.stderr?.on('data', out);
    child.on('error', (error) => resolve({ code: null, error, output, seconds: (Date.now() - t0) / 1000 }));
    child.on('exit', (code, signal) => resolve({ code, signal, output, seconds: (Date.now() - t0) / 1000 }));
  });
}

function killGroup(child, sig) {
  try {
    process.kill(-child.pid, sig);
  } catch {
    /* already gone */
  }
}

for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    if (interrupted) {
      for (const child of running) killGroup(child, 'SIGKILL');
      process.exit(130);
    }
    interrupted = sig;
    console.error(`\n[umpire-test] ${sig}: stopping (again to force)`);
    for (const child of running) killGroup(child, sig);
  });
}

const crashNote = (r) =>
  r.error ? `could not start: ${r.error.message}` : r.timedOut ? 'timed out' : r.signal ? `killed by ${r.signal}` : `exit code ${r.code}`;

const readJson = (file) => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};

function localBin(name) {
  const p = path.join(repoRoot, 'node_modules', '.bin', name);
  return fs.existsSync(p) ? p : null;
}

// ---- what exists ----------------------------------------------------------------------------

const TEST_FILE = /\.(test|spec)\.[cm]?[jt]sx?$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'build', 'coverage', '.git', '.vite', '.tmp']);

/** Test files under dir (vitest's default naming), ignoring build output and dependencies. */
function findTests(dir) {
  const found = [];
  const walk = (d) => {
    let entries;
    try {
      entries = fs.readdirSync(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.isDirectory()) {
        if (!SKIP_DIRS.has(e.name)) walk(path.join(d, e.name));
      } else if (TEST_FILE.test(e.name)) found.push(path.join(d, e.name));
    }
  };
  walk(dir);
  return found;
}

const abs = (p) => path.join(repoRoot, p);

// ---- suites ---------------------------------------------------------------------------------

async function typecheck() {
  const projects = [
    ['schema', 'packages/schema'],
    ['render', 'packages/render'],
    ['server', 'apps/server'],
    ['site', 'apps/site'],
    ['admin', 'apps/admin'],
    ['e2e', 'e2e'],
  ];
  for (const [name, dir] of projects) {
    if (interrupted) return;
    if (!fs.existsSync(abs(`${dir}/tsconfig.json`))) {
      say(`typecheck:${name}: skipped, ${dir}/tsconfig.json does not exist`);
      continue;
    }
    const tsc = localBin('tsc');
    if (!tsc) {
      record({ name: `typecheck:${name}`, failed: 1, note: 'typescript is not installed' });
      continue;
    }
    const r = await runChild(tsc, ['-p', dir]);
    record({ name: `typecheck:${name}`, passed: r.code === 0 ? 1 : 0, failed: r.code === 0 ? 0 : 1, note: r.code === 0 ? '' : crashNote(r), seconds: r.seconds });
  }
}

async function lint() {
  const config = ['eslint.config.js', 'eslint.config.mjs', 'eslint.config.cjs', 'eslint.config.ts'].find((f) => fs.existsSync(abs(f)));
  if (!config) {
    say('lint: skipped, no eslint.config.* at the repository root');
    return;
  }
  const eslint = localBin('eslint');
  if (!eslint) {
    record({ name: 'lint', failed: 1, note: `${config} exists but eslint is not installed` });
    return;
  }
  const r = await runChild(eslint, ['.', '--max-warnings=0']);
  record({ name: 'lint', passed: r.code === 0 ? 1 : 0, failed: r.code === 0 ? 0 : 1, note: r.code === 0 ? '' : crashNote(r), seconds: r.seconds });
  // And the architecture rules are shown to refuse what they must (scripts/lint-rules.mjs).
  await checkScript('lint:rules', 'scripts/lint-rules.mjs');
}

/** A plain script that prints `✗ …` per failure and ends with `N passed, N failed`, recorded as a suite. */
async function checkScript(name, script) {
  const r = await runChildCapturing(process.execPath, [abs(script)]);
  const m = /(\d+) passed, (\d+) failed\s*$/.exec(r.output);
  const failures = r.output.split('\n').filter((l) => l.startsWith('✗ ')).map((l) => l.slice(2));
  if (m) record({ name, passed: Number(m[1]), failed: Number(m[2]), seconds: r.seconds, failures });
  else record({ name, failed: 1, note: `no summary (${crashNote(r)})`, seconds: r.seconds });
}

/**
 * The handbook (scripts/docs/check.mjs: links, anchors, scripts, variables, screenshots, samples,
 * the configuration reference), and its rules shown to refuse what they must (check-rules.mjs).
 */
async function docs() {
  await checkScript('docs', 'scripts/docs/check.mjs');
  await checkScript('docs:rules', 'scripts/docs/check-rules.mjs');
}

/** One vitest run; counts come from its JSON report, not from its exit code alone. */
async function vitest(name, root, dir, extraEnv = {}, { deleteEnv = [], retry = 0 } = {}) {
  const vitestBin = localBin('vitest');
  if (!vitestBin) {
    record({ name, failed: 1, note: 'vitest is not installed' });
    return;
  }
  const report = path.join(reportDir, `${name.replace(/[^a-z0-9-]+/gi, '-')}.json`);
  fs.rmSync(report, { force: true });
  const flakyFile = path.join(reportDir, `${name.replace(/[^a-z0-9-]+/gi, '-')}.flaky.jsonl`);
  fs.rmSync(flakyFile, { force: true });
  const env = { ...process.env, UMPIRE_TEST_SUITE: name.split(':')[0], UMPIRE_FLAKY_FILE: flakyFile, ...extraEnv };
  for (const k of deleteEnv) delete env[k];
  const args = ['run', '--root', root, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, '--passWithNoTests'];
  if (retry) args.push(`--retry=${retry}`, `--reporter=${path.join(repoRoot, 'scripts/vitest-flaky-reporter.mjs')}`);
  // A path filter rather than --dir: --dir also re-bases the config's "include" globs
  // (apps/server's include: ['src/**/*.test.ts', 'test/**/*.test.ts'] would then match nothing).
  if (dir) args.push(path.join(repoRoot, root, dir) + path.sep);
  const r = await runChild(vitestBin, args, { env });
  const j = readJson(report);
  if (!j) {
    record({ name, failed: 1, note: `no report (${crashNote(r)})`, seconds: r.seconds });
    return;
  }
  let passed = j.numPassedTests ?? 0;
  let failed = j.numFailedTests ?? 0;
  const skipped = (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0);
  let note = '';
  // A test file that fails to load, or an unhandled error, fails the run without failing a test.
  if (failed === 0 && (r.code !== 0 || j.success === false)) {
    failed = Math.max(1, j.numFailedTestSuites ?? 0);
    note = `run failed outside tests: ${crashNote(r)}`;
  }
  if (passed + failed + skipped === 0) {
    // We only run vitest where test files exist, so none run means a config that leaves them out.
    failed = 1;
    note = `vitest ran no test although ${path.join(root, dir ?? '')} has test files (check "include" in its vitest config)`;
  }
  // A test that passed only on its retry counts as failed (the JSON report counts it passed),
  // unless it is in scripts/known-flaky-tests.mjs: then it counts as passed and is shown with `~`.
  const failures = vitestFailures(j);
  const flaky = [];
  let retried = 0;
  for (const l of readLines(flakyFile)) {
    const entry = KNOWN.get(l.name);
    if (entry) {
      flaky.push(`${l.name} (known flaky since ${entry.added}: ${entry.reason}; passed on retry; first failure: ${firstLine(l.error)})`);
      continue;
    }
    retried += 1;
    passed -= 1;
    failed += 1;
    failures.push(`${l.name}: failed, then passed on its retry (not in scripts/known-flaky-tests.mjs): ${firstLine(l.error)}`);
  }
  if (retried && !note) note = `${retried} passed only on retry, counted failed`;
  else if (flaky.length && !note) note = `${flaky.length} known flaky, passed on retry`;
  record({ name, passed, failed, skipped, note, seconds: r.seconds, failures, flaky });
}

/** scripts/known-flaky-tests.mjs by test name; an entry without its name, reason or date stops the run at once. */
function knownFlaky() {
  const known = new Map();
  for (const e of KNOWN_FLAKY) {
    if (typeof e?.test !== 'string' || !e.test.includes(' › ') || typeof e.reason !== 'string' || !e.reason.trim() || !/^\d{4}-\d{2}-\d{2}$/.test(e.added ?? '')) {
      throw new Error(`scripts/known-flaky-tests.mjs: each entry needs test ('file › full name'), reason and added ('YYYY-MM-DD'): ${JSON.stringify(e)}`);
    }
    known.set(e.test, e);
  }
  return known;
}

function readLines(file) {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
  } catch {
    return [];
  }
}

// CI shows only the tail of the output, so the summary repeats which tests failed and why.
function vitestFailures(report) {
  const out = [];
  for (const file of report.testResults ?? []) {
    const where = path.relative(repoRoot, file.name ?? '');
    for (const t of file.assertionResults ?? []) {
      if (t.status === 'failed') out.push(`${where} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    }
    if ((file.assertionResults ?? []).length === 0 && file.status === 'failed') out.push(`${where}: ${firstLine(file.message)}`);
  }
  return out;
}

function playwrightFailures(report) {
  const out = [];
  const walk = (suite, titles) => {
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const last = test.results?.[test.results.length - 1];
        const error = last?.error ?? last?.errors?.[0];
        // The line, the project and the locator with what it expected and found: "toHaveCount
        // failed" alone cannot tell which of a test's steps broke on a CI run.
        const at = error?.location ? ` (${path.basename(error.location.file)}:${error.location.line}, ${test.projectName})` : ` (${test.projectName})`;
        const detail = plainLines(error?.message).filter((l) => /^(Locator|Expected|Received|Timeout):/.test(l)).map((l) => l.slice(0, 200));
        out.push(`${[...titles, spec.title].filter(Boolean).join(' › ')}${at}: ${[firstLine(error?.message), ...detail].join(' | ')}`);
      }
    }
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  return out;
}

// eslint-disable-next-line no-control-regex
const plainLines = (text) => String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '').split('\n').map((l) => l.trim()).filter(Boolean);
/**
 * The first line of a failure, and for a property-based test (fast-check) also its seed and the
 * assertion its counterexample broke: "Property failed after 2 tests" alone cannot be replayed.
 */
const firstLine = (text) => {
  const lines = plainLines(text);
  const head = lines[0]?.slice(0, 300) ?? '';
  if (!/^Property failed/.test(head)) return head;
  const more = lines.filter((l) => /^\{ seed:|^Counterexample:|^Got (error|AssertionError)|^AssertionError/.test(l)).map((l) => l.slice(0, 700));
  return [head, ...more].join(' | ');
};

async function unit() {
  const projects = [
    ['unit:schema', 'packages/schema', null],
    ['unit:render', 'packages/render', null],
    ['unit:site', 'apps/site', null],
    ['unit:admin', 'apps/admin', null],
    // Unit tests sit next to the code; apps/server/test holds the API tests, run separately.
    // (vitest picks up each workspace's own vitest.config.ts through --root.)
    ['unit:server', 'apps/server', 'src'],
  ];
  for (const [name, root, dir] of projects) {
    if (interrupted) return;
    if (!fs.existsSync(abs(root))) {
      say(`${name}: skipped, ${root} does not exist`);
      continue;
    }
    if (findTests(abs(dir ? `${root}/${dir}` : root)).length === 0) {
      say(`${name}: skipped, no *.test.ts files in ${dir ? `${root}/${dir}` : root}`);
      continue;
    }
    await vitest(name, root, dir);
  }
}

const apiTestsExist = () => findTests(abs('apps/server/test')).length > 0;

/**
 * The seed of the property-based fuzzing (apps/server/test/fuzz.test.ts): FUZZ_SEED when given,
 * otherwise one drawn from the commit's tree. Each commit explores other cases, and a run of the
 * same commit (on this machine, or on CI after it) draws the same ones, so a CI failure replays
 * here with the seed the summary prints.
 */
function fuzzSeed() {
  if (process.env.FUZZ_SEED) return process.env.FUZZ_SEED;
  try {
    const tree = execFileSync('git', ['rev-parse', 'HEAD^{tree}'], { cwd: repoRoot, encoding: 'utf8' }).trim();
    return String(parseInt(tree.slice(0, 8), 16) % 2 ** 31);
  } catch {
    return String(Math.floor(Math.random() * 2 ** 31));
  }
}

async function apiSqlite() {
  if (!apiTestsExist()) {
    say('api-sqlite: skipped, no test files in apps/server/test');
    return;
  }
  // DATABASE_URL would point the server at PostgreSQL; this run is about SQLite.
  // One retry tells a flaky test from a broken one; a test that passes only on it still fails the
  // run unless scripts/known-flaky-tests.mjs lists it (see vitest-flaky-reporter).
  await withTempS3('api-sqlite', (s3) =>
    vitest('api-sqlite', 'apps/server', 'test', { UMPIRE_TEST_DB: 'sqlite', FUZZ_SEED: fuzzSeed(), ...s3 }, { deleteEnv: ['DATABASE_URL'], retry: 1 }),
  );
}

/**
 * The storage suite (apps/server/test/storage.test.ts) runs on the local driver and on S3, against
 * a throw-away S3-compatible server on a free port (scripts/s3-temp.mjs), stopped after the run.
 */
async function withTempS3(name, run) {
  let s3;
  try {
    s3 = await startTempS3();
    say(`temporary S3-compatible server at ${s3.endpoint}`);
  } catch (err) {
    console.error(err.message);
    record({ name: `${name}:s3`, failed: 1, note: 'could not start the S3-compatible test server' });
    return run({});
  }
  try {
    return await run({ UMPIRE_TEST_S3_ENV: JSON.stringify(s3.env) });
  } finally {
    await s3.stop();
  }
}

async function apiPostgres() {
  if (!apiTestsExist()) {
    say('api-postgres: skipped, no test files in apps/server/test');
    return;
  }
  let pg;
  try {
    pg = await startTempPostgres();
    say(`temporary PostgreSQL at ${pg.url}`);
  } catch (err) {
    console.error(err.message);
    record({ name: 'api-postgres', failed: 1, note: 'could not start a temporary PostgreSQL' });
    return;
  }
  try {
    await withTempS3('api-postgres', (s3) =>
      vitest('api-postgres', 'apps/server', 'test', { UMPIRE_TEST_DB: 'postgres', DATABASE_URL: pg.url, FUZZ_SEED: fuzzSeed(), ...s3 }, { retry: 1 }),
    );
  } finally {
    await pg.stop();
  }
}

async function e2e() {
  const config = ['playwright.config.ts', 'playwright.config.mts', 'playwright.config.js', 'playwright.config.mjs']
    .map((f) => `e2e/${f}`)
    .find((f) => fs.existsSync(abs(f)));
  if (!config) {
    say('e2e: skipped, e2e/playwright.config.ts does not exist');
    return;
  }
  const pw = localBin('playwright');
  if (!pw) {
    record({ name: 'e2e', failed: 1, note: '@playwright/test is not installed' });
    return;
  }
  const report = path.join(reportDir, 'e2e.json');
  fs.rmSync(report, { force: true });
  const env = {
    ...process.env,
    UMPIRE_TEST_SUITE: 'e2e',
    // Debian's Chromium; Playwright's own browser downloads cannot be fetched here.
    CHROMIUM_PATH: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    PLAYWRIGHT_JSON_OUTPUT_FILE: report, // Playwright >= 1.46
    PLAYWRIGHT_JSON_OUTPUT_NAME: report, // older name of the same setting
  };
  // The `postgres` project runs the screens and the flows that store JSON, rich text and dates
  // again on PostgreSQL: a throw-away one, given to the global set-up, which starts a server on it.
  let pg = null;
  try {
    pg = await startTempPostgres({ dbName: 'umpire_e2e' });
    env.UMPIRE_E2E_DATABASE_URL = pg.url;
    say(`temporary PostgreSQL for the browser tests at ${pg.url}`);
  } catch (err) {
    console.error(err.message);
    record({ name: 'e2e:postgres', failed: 1, note: 'could not start a temporary PostgreSQL' });
  }
  const r = await runChild(pw, ['test', '-c', config, '--reporter=list,json'], { env }).finally(() => pg?.stop());
  const j = readJson(report);
  if (!j || !j.stats) {
    record({ name: 'e2e', failed: 1, note: `no report (${crashNote(r)})`, seconds: r.seconds });
    return;
  }
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = j.stats;
  let failed = unexpected;
  let note = flaky ? `${flaky} flaky, passed on retry` : '';
  // A global set-up or web-server failure fails the run without a failed test.
  if (failed === 0 && (r.code !== 0 || (j.errors?.length ?? 0) > 0)) {
    failed = 1;
    note = `run failed outside tests: ${j.errors?.[0]?.message?.split('\n')[0] ?? crashNote(r)}`;
  }
  if (expected + flaky + unexpected + skipped === 0 && !note) note = 'playwright found no tests';
  record({ name: 'e2e', passed: expected + flaky, failed, skipped, note, seconds: r.seconds, failures: playwrightFailures(j) });
}

// ---- main -----------------------------------------------------------------------------------

/** Suites in the order of GROUPS (those run side by side end in any order); set-up first. */
const inOrder = () => results.map((r, i) => ({ r, i, g: GROUPS.indexOf(r.name.split(':')[0]) })).sort((a, b) => a.g - b.g || a.i - b.i).map((x) => x.r);

function finish() {
  const passed = results.reduce((n, r) => n + r.passed, 0);
  const failed = results.reduce((n, r) => n + r.failed, 0);
  console.log('\n[umpire-test] summary');
  for (const r of inOrder()) {
    console.log(`  ${r.failed ? 'FAIL' : 'ok  '} ${r.name.padEnd(16)} ${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''}${r.note ? `  (${r.note})` : ''}`);
  }
  for (const r of inOrder()) {
    for (const f of r.failures ?? []) console.log(`  ✗ ${r.name}: ${f}`);
    for (const f of r.flaky ?? []) console.log(`  ~ ${r.name}: ${f}`);
  }
  if (interrupted) console.log(`  interrupted by ${interrupted}: later suites did not run`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(interrupted ? 130 : failed > 0 ? 1 : 0);
}

export { finish, results, vitest };

if (main) {
  try {
    ensureNpm();
  } catch (err) {
    console.error(`[umpire-test] ${err.message}`);
    record({ name: 'setup:npm', failed: 1, note: 'npm install failed; nothing else can run' });
    finish();
  }

  // Debian packages only for the suites that need them (installs only when root; see ensure-deps.mjs).
  const aptPkgs = [];
  if (want('e2e')) aptPkgs.push(...APT.chromium);
  if (want('api-postgres') || want('e2e')) aptPkgs.push(...APT.postgres);
  if (want('api-sqlite') || want('api-postgres') || want('e2e')) aptPkgs.push(...APT.ffmpeg); // video jobs
  if (want('unit') || want('api-sqlite') || want('api-postgres') || want('e2e')) aptPkgs.push(...APT.openssl); // the local push service's certificate
  if (aptPkgs.length) {
    try {
      ensureApt(aptPkgs);
    } catch (err) {
      // Not fatal by itself: the suites that need the package fail and say so.
      console.error(`[umpire-test] ${err.message}`);
      record({ name: 'setup:apt', failed: 1, note: err.message.split('\n')[0] });
    }
  }

  const step = async (group, fn) => {
    if (interrupted || !want(group)) return;
    try {
      await fn();
    } catch (err) {
      console.error(err.stack || err);
      record({ name: group, failed: 1, note: `test script error: ${err.message}` });
    }
  };
  // The type checks and ESLint use one core each, the unit tests wait on real time (the live
  // engine's ffmpeg): side by side they fill the two cores that one after another left half idle.
  // Each one's output is printed whole when it ends.
  await Promise.all(
    [
      ['typecheck', typecheck],
      ['lint', lint],
      ['docs', docs],
      ['unit', unit],
    ].map(([group, fn]) =>
      held.run([], async () => {
        try {
          await step(group, fn);
        } finally {
          process.stdout.write(held.getStore().join(''));
        }
      }),
    ),
  );
  // The API and browser suites each keep both cores busy: one after another.
  for (const [group, fn] of [
    ['api-sqlite', apiSqlite],
    ['api-postgres', apiPostgres],
    ['e2e', e2e],
  ])
    await step(group, fn);
  finish();
}
