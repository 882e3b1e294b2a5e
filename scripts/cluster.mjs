#!/usr/bin/env node
// `npm run cluster`: the production topology on one machine, for trying it and for tests and the
// soak benchmark: a throw-away PostgreSQL (pg-temp), a local S3-compatible store (s3-temp), two or
// more server instances running the compiled JavaScript, and HAProxy in front of them (WebSocket
// for /cable included). Prints the address; Ctrl-C stops everything.
//   npm run cluster [-- --instances 3]
//   import { startCluster } from './cluster.mjs'; const c = await startCluster(); ... await c.stop();
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildServer, serverArgs } from './build-server.mjs';
import { ensureHaproxy, ensureNpm, isMain, log as setupLog, repoRoot } from './ensure-deps.mjs';
import { runOnNode24 } from './ensure-node.mjs';
import { freePort, startTempPostgres } from './pg-temp.mjs';
import { startTempS3 } from './s3-temp.mjs';

const log = (msg) => setupLog(msg, 'cluster');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Polls `url`/healthz until it answers 200 (or `alive()` says the process is gone). */
export async function waitHealthy(url, timeoutMs, alive = () => true) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (!alive()) throw new Error(`${url} ended before it answered`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      /* not up yet */
    }
    await sleep(200);
  }
  throw new Error(`${url}/healthz did not answer within ${timeoutMs} ms`);
}

/**
 * HAProxy's configuration, shared with the compose deployment (deploy/compose.yaml): the same
 * file, told by the environment where to listen and where the instances are.
 */
export const HAPROXY_CONFIG = path.join(repoRoot, 'deploy/haproxy.cfg');

/** The instances the configuration has a `server` line for (beyond them HAProxy would not send). */
export function haproxySlots(config = fs.readFileSync(HAPROXY_CONFIG, 'utf8')) {
  return [...config.matchAll(/^\s*server umpire(\d+) /gm)].length;
}

/** The environment deploy/haproxy.cfg reads: where to listen, and each instance's address. */
export function haproxyEnv(bind, instances) {
  return { LB_BIND: bind, ...Object.fromEntries(instances.map((i, n) => [`UMPIRE${n + 1}_ADDRESS`, i.address])) };
}

/**
 * Starts the cluster. `instances` servers behind HAProxy, sharing PostgreSQL, S3 and the JWT
 * secret; each instance can be killed and restarted on its port (crash tests). `instanceEnv(n)`
 * adds settings of the n-th instance alone (tests give each its own ingest address, as separate
 * machines would have).
 */
export async function startCluster({ instances: count = 2, env: extraEnv = {}, instanceEnv = () => ({}), quiet = true } = {}) {
  const haproxy = ensureHaproxy();
  if (!haproxy) throw new Error('HAProxy is not installed and could not be installed (apt-get install haproxy)');
  const slots = haproxySlots();
  if (count > slots) throw new Error(`${path.relative(repoRoot, HAPROXY_CONFIG)} balances at most ${slots} instances; add server lines there for more`);
  await buildServer();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'umpire-cluster-'));
  const stops = [];
  const stop = async () => {
    for (const s of stops.splice(0).reverse()) await s().catch(() => {});
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    const pg = await startTempPostgres({ dbName: 'umpire' });
    stops.push(() => pg.stop());
    const s3 = await startTempS3();
    stops.push(() => s3.stop());
    const lbPort = await freePort();
    const url = `http://127.0.0.1:${lbPort}`;
    const shared = {
      // The production topology runs production libraries (React's production build for the website).
      NODE_ENV: 'production',
      ...process.env,
      DATABASE_URL: pg.url,
      ...s3.env,
      // Every instance must verify the tokens of the others.
      UMPIRE_JWT_SECRET: randomBytes(32).toString('base64url'),
      // Exactly one proxy, HAProxy, which reaches the instances from this address.
      TRUST_PROXY: '127.0.0.1',
      PUBLIC_URL: url,
      ALLOWED_ORIGINS: `${url},http://localhost:${lbPort}`,
      HOST: '127.0.0.1',
      OTT_INGEST_HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...extraEnv,
    };
    const instances = [];
    for (let n = 1; n <= count; n++) {
      const name = `umpire${n}`;
      const instance = {
        name,
        port: await freePort(),
        url: '',
        process: null,
        output: '',
        /** Starts (or starts again, on the same port) and waits until it answers. */
        async start() {
          const child = spawn(process.execPath, serverArgs(), {
            cwd: repoRoot,
            env: { ...shared, PORT: String(instance.port), DATA_DIR: path.join(dir, name), ...instanceEnv(n) },
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          instance.process = child;
          instance.output = '';
          const keep = (c) => {
            instance.output = (instance.output + c.toString()).slice(-20_000);
            if (!quiet) process.stderr.write(`[${name}] ${c}`);
          };
          child.stdout.on('data', keep);
          child.stderr.on('data', keep);
          instance.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
          instance.url = `http://127.0.0.1:${instance.port}`;
          await waitHealthy(instance.url, 120_000, () => child.exitCode === null && child.signalCode === null).catch((err) => {
            throw new Error(`${err.message}\n${instance.output}`);
          });
        },
        /** Sends a signal and waits until the process has ended. */
        async kill(signal = 'SIGTERM') {
          const child = instance.process;
          if (!child || child.exitCode !== null || child.signalCode !== null) return;
          child.kill(signal);
          await instance.exited;
        },
      };
      instances.push(instance);
      stops.push(() => instance.kill('SIGTERM'));
    }
    // The first instance migrates and seeds alone; the others then start side by side.
    await instances[0].start();
    await Promise.all(instances.slice(1).map((i) => i.start()));
    const lb = spawn(haproxy, ['-db', '-f', HAPROXY_CONFIG], {
      env: { ...process.env, ...haproxyEnv(`127.0.0.1:${lbPort}`, instances.map((i) => ({ address: `127.0.0.1:${i.port}` }))) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let lbOutput = '';
    lb.stdout.on('data', (c) => (lbOutput += c));
    lb.stderr.on('data', (c) => (lbOutput += c));
    const lbExited = new Promise((resolve) => lb.once('exit', resolve));
    stops.push(async () => {
      if (lb.exitCode === null && lb.signalCode === null) lb.kill('SIGTERM');
      await lbExited;
    });
    await waitHealthy(url, 30_000, () => lb.exitCode === null).catch((err) => {
      throw new Error(`${err.message}\n${lbOutput}`);
    });
    // Every instance up in HAProxy's eyes before anyone is told the address.
    await sleep(1500);
    return { url, databaseUrl: pg.url, s3: s3.env, instances, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({ options: { instances: { type: 'string', default: '2' } } });
  const count = Math.max(2, Number(values.instances) || 2);
  await runOnNode24();
  try {
    ensureNpm();
  } catch (err) {
    log(err.message);
    process.exit(1);
  }
  let cluster;
  let stopping = false;
  const shutDown = async () => {
    if (stopping) return;
    stopping = true;
    log('stopping the instances, HAProxy, S3 and PostgreSQL...');
    await cluster?.stop();
    process.exit(0);
  };
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => void shutDown());
  // `kill <npm pid>` ends npm without reaching us: stop as well when our parent goes away.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) void shutDown();
  }, 1000).unref();
  try {
    log(`starting PostgreSQL, an S3-compatible store, ${count} instances and HAProxy...`);
    cluster = await startCluster({ instances: count, quiet: false });
  } catch (err) {
    log(`could not start the cluster: ${err.message}`);
    process.exit(1);
  }
  console.log(`
  Umpire cluster is running at ${cluster.url}  (HAProxy, round robin, WebSocket /cable)
  Instances: ${cluster.instances.map((i) => `${i.name} ${i.url}`).join(', ')}
  PostgreSQL: ${cluster.databaseUrl}
  S3: ${cluster.s3.S3_ENDPOINT} bucket ${cluster.s3.S3_BUCKET}
  Sign in as admin / umpire-demo. Ctrl-C stops everything.
`);
  for (const i of cluster.instances)
    void i.exited.then((code) => {
      if (!stopping) log(`${i.name} ended (${code}); the others go on serving`);
    });
}
