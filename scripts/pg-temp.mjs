#!/usr/bin/env node
// A throw-away PostgreSQL server for tests: own data directory under /tmp, own free port on
// 127.0.0.1, trust auth, fsync off. Nothing touches the machine's own PostgreSQL cluster.
//   import { startTempPostgres } from './pg-temp.mjs'; const pg = await startTempPostgres(); ... await pg.stop();
//   node scripts/pg-temp.mjs   # prints the URL on stdout, runs until Ctrl-C / SIGTERM
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ensurePostgres, isMain, log as setupLog } from './ensure-deps.mjs';

const log = (msg) => setupLog(msg, 'pg-temp');

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const DB_NAME = 'umpire_test';

/** A port that was free a moment ago on 127.0.0.1 (the kernel picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts PostgreSQL; resolves to { url, port, dir, stop() }.
 * PostgreSQL refuses to run as root, so as root every server command runs as the `postgres`
 * OS user (created by Debian's package) through runuser, in a directory chowned to it.
 */
export async function startTempPostgres({ dbName = DB_NAME, quiet = true } = {}) {
  const bin = ensurePostgres();
  if (!bin) throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin');

  // /tmp rather than $TMPDIR when root: the postgres user must be able to reach the directory.
  const dir = fs.mkdtempSync(path.join(isRoot ? '/tmp' : os.tmpdir(), 'umpire-pg-'));
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'postgres.log');
  if (isRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    fs.chownSync(dir, uid, gid);
  }

  // Output is captured, and shown only when a step fails.
  const pgRun = (tool, args) => {
    const [cmd, full] = isRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]]
      : [path.join(bin, tool), args];
    const r = spawnSync(cmd, full, { encoding: 'utf8', cwd: dir });
    return { ok: r.status === 0, out: `${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? String(r.error) : ''}` };
  };
  const logTail = () => {
    try {
      return fs.readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
    } catch {
      return '(no server log)';
    }
  };

  let started = false;
  let stopped = false;
  const stopSync = (mode = 'fast') => {
    if (stopped) return;
    stopped = true;
    process.removeListener('exit', onExit);
    if (started) {
      const r = pgRun('pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop']);
      if (!r.ok && !quiet) log(`pg_ctl stop: ${r.out.trim()}`);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  // If the caller dies without stop(), do not leave a server (and its directory) behind.
  const onExit = () => stopSync('immediate');
  process.on('exit', onExit);

  const fail = (what, out) => {
    const detail = `${out ?? ''}\n${logTail()}`.trim();
    stopSync('immediate');
    throw new Error(`temporary PostgreSQL: ${what} failed\n${detail}`);
  };

  // --no-sync: a test database need not survive a power cut.
  let r = pgRun('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  if (!r.ok) fail('initdb', r.out);

  // Settings go into postgresql.conf instead of `pg_ctl -o`, which goes through a shell and quoting.
  const port = await freePort();
  const conf = [
    '',
    '# umpire temporary test server',
    "listen_addresses = '127.0.0.1'",
    `port = ${port}`,
    `unix_socket_directories = '${dir}'`,
    'fsync = off',
    'synchronous_commit = off',
    'full_page_writes = off',
    // Room for instances killed on purpose (crash tests), whose backends end a little later.
    'max_connections = 400',
    '',
  ].join('\n');
  fs.appendFileSync(path.join(dataDir, 'postgresql.conf'), conf);
  // pg_hba.conf from initdb --auth=trust already trusts local sockets and 127.0.0.1/32.

  r = pgRun('pg_ctl', ['-D', dataDir, '-l', logFile, '-w', '-t', '60', 'start']);
  started = true; // even a failed start may have left a postmaster: stop it on the way out
  if (!r.ok) fail('pg_ctl start', r.out);

  const deadline = Date.now() + 30_000;
  for (;;) {
    r = pgRun('pg_isready', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', 'postgres']);
    if (r.ok) break;
    if (Date.now() > deadline) fail('waiting for pg_isready', r.out);
    await sleep(200);
  }

  r = pgRun('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', dbName]);
  if (!r.ok) fail(`createdb ${dbName}`, r.out);

  const url = `postgres://postgres@127.0.0.1:${port}/${dbName}`;
  return {
    url,
    port,
    dir,
    /** pg_ctl stop -m fast, then removes the directory; safe to call twice. */
    async stop() {
      stopSync('fast');
    },
  };
}

if (isMain(import.meta.url)) {
  let pg;
  try {
    pg = await startTempPostgres({ quiet: false });
  } catch (err) {
    log(err.message);
    process.exit(1);
  }
  process.stdout.write(`${pg.url}\n`);
  log(`temporary PostgreSQL running in ${pg.dir}; Ctrl-C or SIGTERM stops it`);
  const keepAlive = setInterval(() => {}, 1 << 30);
  const shutdown = async (sig) => {
    clearInterval(keepAlive);
    await pg.stop();
    log(`stopped (${sig})`);
    process.exit(0);
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGHUP', () => shutdown('SIGHUP'));
}
