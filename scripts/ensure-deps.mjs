#!/usr/bin/env node
// Installs what the project needs when it is missing, and nothing when it is not:
// npm packages (npm ci / npm install) and Debian packages (chromium, postgresql, ffmpeg).
// Importable by the other scripts; runnable as `node scripts/ensure-deps.mjs [npm] [chromium] [postgres] [ffmpeg]`
// (no argument: all of them).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runOnNode24 } from './ensure-node.mjs';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

export function log(msg, tag = 'setup') {
  // stderr, so that scripts printing a value on stdout (pg-temp's URL) stay parseable
  process.stderr.write(`[${tag}] ${msg}\n`);
}

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', ...opts });
  if (r.error) throw r.error;
  return r.status ?? 1;
}

function mtime(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return null;
  }
}

const readJson = (file) => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};

/**
 * A package.json whose dependencies differ from what package-lock.json recorded for it
 * (someone added a dependency without installing), or null. Compares content, not mtimes,
 * so editing "scripts" does not trigger an install.
 */
function depsChangedSinceLock() {
  const lock = readJson(path.join(repoRoot, 'package-lock.json'));
  const root = readJson(path.join(repoRoot, 'package.json'));
  if (!lock?.packages || !root) return null;
  const ws = Array.isArray(root.workspaces) ? root.workspaces : (root.workspaces?.packages ?? []);
  for (const dir of ['', ...ws.filter((w) => !w.includes('*'))]) {
    const pkg = dir ? readJson(path.join(repoRoot, dir, 'package.json')) : root;
    if (!pkg) continue;
    const locked = lock.packages[dir];
    if (!locked) return path.join(dir, 'package.json');
    for (const field of ['dependencies', 'devDependencies', 'optionalDependencies']) {
      const a = pkg[field] ?? {};
      const b = locked[field] ?? {};
      const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
      for (const k of keys) if (a[k] !== b[k]) return path.join(dir, 'package.json');
    }
  }
  return null;
}

/**
 * Why node_modules must be (re)installed and with which npm command, or null when it is up to date.
 * npm install is used where npm ci would fail: no lockfile, or a package.json whose dependencies
 * changed without an install (npm ci refuses a lockfile out of sync with package.json; install
 * resolves, updates node_modules in place and rewrites the lockfile).
 */
function npmStale() {
  const hasLock = fs.existsSync(path.join(repoRoot, 'package-lock.json'));
  const ci = hasLock ? 'ci' : 'install';
  const hidden = mtime(path.join(repoRoot, 'node_modules', '.package-lock.json'));
  if (!fs.existsSync(path.join(repoRoot, 'node_modules')) || hidden === null) return { reason: 'node_modules is missing', cmd: ci };
  const lock = mtime(path.join(repoRoot, 'package-lock.json'));
  if (lock !== null && lock > hidden) return { reason: 'package-lock.json is newer than node_modules', cmd: ci };
  // A dependency added to a package.json without a fresh install would otherwise go unnoticed.
  const changed = hasLock ? depsChangedSinceLock() : null;
  if (changed) return { reason: `${changed} lists dependencies that package-lock.json does not`, cmd: 'install' };
  return null;
}

/**
 * Checks that a native/install-script package actually works, and rebuilds it once if not.
 * npm 11 only runs install scripts listed in root package.json "allowScripts"; if that list
 * is wrong, a package ends up without what its script makes and fails only at first use.
 * better-sqlite3 (13 and later) carries prebuilt Node-API binaries; "allowScripts" denies the
 * node-gyp build npm would infer from its binding.gyp. It is checked because the whole server
 * stands on it (a platform it has no binary for fails here).
 */
function verifyPackage(name, probe) {
  const cwd = fs.existsSync(path.join(repoRoot, 'apps/server')) ? path.join(repoRoot, 'apps/server') : repoRoot;
  // Exit code 3: the package is not installed at all (no longer a dependency): nothing to verify.
  const script = `try { require.resolve(${JSON.stringify(name)}) } catch { process.exit(3) }\n${probe}`;
  const check = () => spawnSync(process.execPath, ['-e', script], { cwd, encoding: 'utf8' });
  let r = check();
  if (r.status === 0 || r.status === 3) return;
  log(`${name} does not load (${(r.stderr || '').trim().split('\n').find((l) => /Error/.test(l)) ?? 'unknown error'}); running npm rebuild ${name}`);
  run('npm', ['rebuild', name], { cwd: repoRoot });
  r = check();
  if (r.status !== 0) {
    process.stderr.write(r.stderr);
    throw new Error(`${name} still does not load after npm rebuild ${name}`);
  }
  log(`${name} rebuilt and loads`);
}

/** npm ci (npm install without a lockfile) when node_modules is missing or stale. */
export function ensureNpm({ force = false } = {}) {
  const hasLock = fs.existsSync(path.join(repoRoot, 'package-lock.json'));
  const stale = force ? { reason: 'forced', cmd: hasLock ? 'ci' : 'install' } : npmStale();
  if (stale) {
    const flags = ['--no-audit', '--no-fund'];
    log(`${stale.reason}: running npm ${stale.cmd}`);
    let status = run('npm', [stale.cmd, ...flags], { cwd: repoRoot });
    if (status !== 0 && stale.cmd === 'ci') {
      // Usually a package.json changed without its lockfile: install resolves and rewrites the lockfile.
      log('npm ci failed (lockfile out of sync with package.json?); falling back to npm install');
      status = run('npm', ['install', ...flags], { cwd: repoRoot });
    }
    if (status !== 0) throw new Error(`npm install failed with exit code ${status}`);
    // npm may leave the hidden lockfile untouched when nothing changed; touch it so the
    // staleness check above does not fire again on every run.
    const hidden = path.join(repoRoot, 'node_modules', '.package-lock.json');
    if (fs.existsSync(hidden)) {
      const now = new Date();
      fs.utimesSync(hidden, now, now);
    }
  }
  verifyPackage('better-sqlite3', "const D=require('better-sqlite3'); new D(':memory:').prepare('select 1').get()");
  verifyPackage('esbuild', "require('esbuild').transformSync('let a: number = 1', { loader: 'ts' })");
}

function dpkgInstalled(pkg) {
  const r = spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' });
  return r.status === 0 && r.stdout.trim() === 'install ok installed';
}

let aptUpdated = false;

/**
 * Installs the Debian packages that are missing; returns true when all are installed afterwards.
 * Does nothing (apart from a message) when not root or not on a Debian-like system.
 */
export function ensureApt(pkgs) {
  const list = [...new Set(pkgs)];
  if (spawnSync('dpkg-query', ['--version']).status !== 0) {
    log(`no dpkg here: cannot check ${list.join(', ')}; install them yourself`);
    return false;
  }
  const missing = list.filter((p) => !dpkgInstalled(p));
  if (missing.length === 0) return true;
  if (!isRoot) {
    log(`missing Debian packages: ${missing.join(' ')}; not root, so not installing them.`);
    log(`  install them with: sudo apt-get install -y --no-install-recommends ${missing.join(' ')}`);
    return false;
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  // Wait for another apt/dpkg (another session, unattended-upgrades) instead of failing on its lock.
  const lockWait = ['-o', 'DPkg::Lock::Timeout=600'];
  if (!aptUpdated) {
    log('running apt-get update');
    const s = run('apt-get', [...lockWait, '-qq', 'update'], { env });
    if (s !== 0) throw new Error(`apt-get update failed with exit code ${s}`);
    aptUpdated = true;
  }
  log(`installing Debian packages: ${missing.join(' ')}`);
  const s = run('apt-get', [...lockWait, 'install', '-y', '-q', '--no-install-recommends', ...missing], { env });
  if (s !== 0) throw new Error(`apt-get install ${missing.join(' ')} failed with exit code ${s}`);
  const still = missing.filter((p) => !dpkgInstalled(p));
  if (still.length) throw new Error(`still not installed after apt-get install: ${still.join(' ')}`);
  return true;
}

// Package lists per tool, so test.mjs can install everything in one apt-get run.
export const APT = {
  // fonts-liberation: without any font Chromium renders text as boxes in screenshots.
  chromium: ['chromium', 'fonts-liberation'],
  postgres: ['postgresql'],
  ffmpeg: ['ffmpeg'],
  // The tests' local push service makes its self-signed certificate with it (HTTPS, HTTP/2).
  openssl: ['openssl'],
  // The load balancer of `npm run cluster` (WebSocket included).
  haproxy: ['haproxy'],
};

/** Path of Debian's Chromium (installing it when missing), or null when unavailable. */
export function ensureChromium() {
  ensureApt(APT.chromium);
  return fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : null;
}

/** Directory of the newest installed PostgreSQL server binaries, e.g. /usr/lib/postgresql/15/bin. */
export function findPostgresBin() {
  const base = '/usr/lib/postgresql';
  let versions = [];
  try {
    versions = fs.readdirSync(base).filter((v) => fs.existsSync(path.join(base, v, 'bin', 'postgres')));
  } catch {
    /* not installed */
  }
  versions.sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
  return versions.length ? path.join(base, versions[0], 'bin') : null;
}

/** Installs Debian's postgresql when missing; returns its bin directory, or null when unavailable. */
export function ensurePostgres() {
  if (!findPostgresBin()) ensureApt(APT.postgres);
  return findPostgresBin();
}

/** Path of ffmpeg (installing Debian's when missing), or null when unavailable. */
export function ensureFfmpeg() {
  ensureApt(APT.ffmpeg);
  return fs.existsSync('/usr/bin/ffmpeg') ? '/usr/bin/ffmpeg' : null;
}

/** Path of HAProxy (installing Debian's when missing), or null when unavailable. */
export function ensureHaproxy() {
  ensureApt(APT.haproxy);
  return ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((p) => fs.existsSync(p)) ?? null;
}

/** True when the module at `url` is the script node was started with (not imported). */
export function isMain(url) {
  try {
    return url === pathToFileURL(fs.realpathSync(process.argv[1])).href;
  } catch {
    return false;
  }
}

if (isMain(import.meta.url)) {
  // npm ci builds the native modules for the Node that runs it: Node 24.
  await runOnNode24();
  const want = process.argv.slice(2);
  const all = want.length === 0;
  try {
    if (all || want.includes('npm')) ensureNpm({ force: want.includes('--force') });
    const apt = [];
    if (all || want.includes('chromium')) apt.push(...APT.chromium);
    if (all || want.includes('postgres')) apt.push(...APT.postgres);
    if (all || want.includes('ffmpeg')) apt.push(...APT.ffmpeg);
    if (want.includes('haproxy')) apt.push(...APT.haproxy);
    if (apt.length) ensureApt(apt);
    if (all || want.includes('chromium')) log(`chromium: ${ensureChromium() ?? 'not available'}`);
    if (all || want.includes('postgres')) log(`postgresql: ${ensurePostgres() ?? 'not available'}`);
    if (all || want.includes('ffmpeg')) log(`ffmpeg: ${ensureFfmpeg() ?? 'not available'}`);
  } catch (err) {
    log(`error: ${err.message}`);
    process.exit(1);
  }
}
