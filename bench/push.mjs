#!/usr/bin/env node
// Push fan-out benchmark (issue 10, item 7), on SQLite.
//
//   npm run bench -- push          (or: node --import tsx bench/push.mjs)
//   options: --subscriptions 10000 --fans 100 --concurrency 64
//
// The real server runs in a child process (bench/support/serve.ts) with PUSH_ALLOW_LOOPBACK=true;
// the local push service of the API tests (apps/server/test/support/push-service.ts) runs here and
// checks and DECRYPTS every message (VAPID signature, aes128gcm, RFC 8291) with the private key of
// each subscription, made the way a browser makes it. --subscriptions browsers are subscribed to
// one topic through the fan API (spread over --fans fans); one notification to that topic is sent
// now, and the benchmark prints:
//   (a) the fan-out: notifications delivered per second, from the server's started_at to finished_at
//       (target of the issue: 10,000 subscriptions);
//   (b) the wall time from "send now" until the notification is `sent`, and its counts;
//   (c) what the push service received and decrypted (must equal the delivered count, none twice).
// Timings never fail the run; only a crash does (exit code 1).
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { fmt, running, signIn, startChild } from './support/child.mjs';
import { startPushService } from '../apps/server/test/support/push-service.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SERVE = join(ROOT, 'bench/support/serve.ts');
const { values: opts } = parseArgs({
  options: {
    subscriptions: { type: 'string', default: '10000' },
    fans: { type: 'string', default: '100' },
    concurrency: { type: 'string', default: '64' },
  },
});
const SUBSCRIPTIONS = Number(opts.subscriptions);
const FANS = Math.max(1, Math.min(Number(opts.fans), SUBSCRIPTIONS));
const CLIENT = 'ekstraklasa-demo';
const TOPIC = 'bench-push';
const JSONAPI = 'application/vnd.api+json';

const dataDir = mkdtempSync(join(tmpdir(), 'umpire-bench-push-'));
const push = await startPushService();
const server = await startChild(SERVE, {
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    BENCH_ROWS: '0',
    PUSH_ALLOW_LOOPBACK: 'true',
    PUSH_CONCURRENCY: opts.concurrency,
    JOB_POLL_MS: '50',
    FAN_LIMITS: `fan=${SUBSCRIPTIONS * 2}/60,address=${SUBSCRIPTIONS * 4}/60,register=${FANS * 2}/3600`,
  },
  cwd: ROOT,
  name: 'api',
});
const stopAll = async () => {
  for (const r of [...running]) await r.stop();
  await push.close();
  rmSync(dataDir, { recursive: true, force: true });
};
process.on('SIGINT', () => stopAll().then(() => process.exit(130)));

async function call(method, path, body, token) {
  const res = await fetch(`${server.info.url}${path}`, {
    method,
    headers: { accept: JSONAPI, ...(body ? { 'content-type': JSONAPI } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** Runs fn for 0..n-1 with `limit` at once. */
async function each(n, limit, fn) {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, n) }, async () => {
    while (next < n) await fn(next++);
  }));
}

try {
  console.log(`Push fan-out: ${fmt(SUBSCRIPTIONS)} subscriptions of ${fmt(FANS)} fans, one notification, SQLite, ${availableParallelism()} CPUs (load ${loadavg()[0].toFixed(2)}), sender concurrency ${opts.concurrency}`);
  const t0 = performance.now();
  const fanTokens = [];
  await each(FANS, 16, async (i) => {
    const fan = await call('POST', `/public/v1/fans?client=${CLIENT}`, { data: { type: 'fans', attributes: { device_id: `bench-push-device-${i}-abcdefgh` } } });
    fanTokens[i] = fan.meta.token;
  });
  const browsers = Array.from({ length: SUBSCRIPTIONS }, () => push.subscribe());
  await each(SUBSCRIPTIONS, 32, async (i) => {
    await call('POST', '/public/v1/push/subscriptions', { data: { type: 'push_subscriptions', attributes: { ...browsers[i].json, topics: [TOPIC] } } }, fanTokens[i % FANS]);
  });
  console.log(`  subscribed through the fan API in ${fmt((performance.now() - t0) / 1000, 1)} s`);

  const staff = await signIn(server.info.url);
  const target = await call('POST', '/api/v3/push_notification_targets', { data: { type: 'push_notification_targets', attributes: { name: 'Bench', topic: TOPIC } } }, staff);
  const sentAt = performance.now();
  const created = await call(
    'POST',
    '/api/v3/push_notifications',
    {
      data: {
        type: 'push_notifications',
        attributes: { title_pl: 'Benchmark', body_pl: 'Wiadomość testowa', status: 'scheduled' },
        relationships: { targets: { data: [{ type: 'push_notification_targets', id: target.data.id }] } },
      },
    },
    staff,
  );
  let n;
  for (;;) {
    n = (await call('GET', `/api/v3/push_notifications/${created.data.id}`, undefined, staff)).data.attributes;
    if (n.status === 'sent' || n.status === 'failed') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const wallS = (performance.now() - sentAt) / 1000;
  const sendS = (Date.parse(n.finished_at) - Date.parse(n.started_at)) / 1000;
  const received = browsers.reduce((sum, b) => sum + b.received.length, 0);
  const twice = browsers.filter((b) => b.posts > 1).length;
  console.log(`  (a) fan-out: ${fmt(n.delivered_count / sendS)} notifications/s (${fmt(n.delivered_count)} delivered in ${fmt(sendS, 2)} s of sending)`);
  console.log(`  (b) send now → sent: ${fmt(wallS, 2)} s; status ${n.status}, total ${fmt(n.total_count)}, delivered ${fmt(n.delivered_count)}, expired ${fmt(n.expired_count)}, failed ${fmt(n.failed_count)} ${JSON.stringify(n.failure_reasons ?? {})}`);
  console.log(`  (c) push service: ${fmt(received)} decrypted, ${push.rejected.length} refused, ${twice} subscriptions posted to more than once`);
  if (push.rejected.length) console.log(`      first refusal: ${push.rejected[0]}`);
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await stopAll();
}
