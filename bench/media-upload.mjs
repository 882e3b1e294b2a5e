#!/usr/bin/env node
// Upload benchmarks (issue 8, point 12), on the local storage driver:
//   1. A 1 GB file uploaded to the server, against `dd conv=fdatasync` writing the same number of
//      bytes to the same disk in the same run: the upload's throughput as a share of dd's (target
//      ≥ 80 %; plain dd, which only fills the page cache, is shown too), taking turns for
//      BENCH_UPLOAD_ROUNDS rounds (default 3), medians compared. Every upload path is timed from its first byte to the answer that names the stored file, so the
//      type check, the SHA-256 and any copy the path makes are inside the figure.
//      The same rounds time the floor: the plainest upload a Node server can take (the body piped to a
//      file, fdatasync, no parsing or hashing; bench/support/plain-upload-server.ts), with the same
//      client. What the real path costs on top of Node's own is its share of the floor.
//   2. The server's peak resident memory (sampled from /proc every 20 ms, server in its own process)
//      while it takes a 100 MB and a 2 GB upload; flat means it does not grow with the file.
//
// Paths: `post` = POST /media/v1/uploads/files (multipart form, one stream; when the route exists),
// `tus` = tus 1.0 (one PATCH), `parts` = POST /api/v3/ott/file_uploads, 64 MB parts PUT one after
// another, then complete.
//
//   node --import tsx bench/media-upload.mjs [--size-mb 1024] [--memory-mb 100,2048] [--paths post,tus,parts]
//   BENCH_CPU_PROF=/tmp/dir writes the server's CPU profile there (node --cpu-prof), to see where an upload's time goes.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, createReadStream, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { formatUploadMetadata } from '../apps/server/src/media/uploads/tus-metadata';
import { fmt, running, signIn, startChild } from './support/child.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const MB = 1024 * 1024;
const { values: opts } = parseArgs({
  options: {
    'size-mb': { type: 'string', default: '1024' },
    'memory-mb': { type: 'string', default: '100,2048' },
    paths: { type: 'string', default: 'post,tus,parts' },
  },
});
const PATHS = opts.paths.split(',');
const log = (m) => console.log(m);

/** An MP4 as file-type reads it (an `ftyp` box first), then incompressible bytes: a video may be 5 GB. */
function makeSource(dir, bytes) {
  const file = join(dir, `source-${bytes}.mp4`);
  const fd = openSync(file, 'w');
  const ftyp = Buffer.from('000000206674797069736f6d0000020069736f6d69736f32617663316d703431', 'hex');
  writeSync(fd, ftyp);
  const block = randomBytes(MB);
  let left = bytes - ftyp.length;
  while (left > 0) left -= writeSync(fd, block, 0, Math.min(block.length, left));
  closeSync(fd);
  return file;
}

/** Streams `file` as the body of one request; resolves with the status and the body text. */
function streamRequest(url, method, headers, { file, start = 0, end, prefix, suffix }) {
  return new Promise((resolvePromise, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (c) => (text += c));
      res.on('end', () => resolvePromise({ status: res.statusCode, headers: res.headers, text }));
    });
    req.on('error', reject);
    if (prefix) req.write(prefix);
    const body = createReadStream(file, { start, end, highWaterMark: MB });
    body.on('error', reject);
    body.on('end', () => req.end(suffix));
    body.pipe(req, { end: false });
  });
}

const check = (res, what) => {
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${res.text.slice(0, 300)}`);
  return res;
};

const UPLOADS = {
  async post(url, token, file, size) {
    const boundary = `----umpire${randomBytes(8).toString('hex')}`;
    const prefix =
      `--${boundary}\r\nContent-Disposition: form-data; name="path"\r\n\r\n/\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench-${Date.now()}.mp4"\r\nContent-Type: video/mp4\r\n\r\n`;
    const suffix = `\r\n--${boundary}--\r\n`;
    const headers = {
      authorization: `Bearer ${token}`,
      accept: 'application/vnd.api+json',
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(Buffer.byteLength(prefix) + size + Buffer.byteLength(suffix)),
    };
    return check(await streamRequest(`${url}/media/v1/uploads/files`, 'POST', headers, { file, prefix, suffix }), 'POST /uploads/files');
  },
  async tus(url, token, file, size) {
    const tus = { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' };
    const created = await fetch(`${url}/media/v1/uploads/tus`, {
      method: 'POST',
      headers: { ...tus, 'upload-length': String(size), 'upload-metadata': formatUploadMetadata({ filename: `bench-${Date.now()}.mp4` }) },
    });
    if (created.status !== 201) throw new Error(`tus create: ${created.status} ${await created.text()}`);
    const headers = { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', 'content-length': String(size) };
    return check(await streamRequest(created.headers.get('location'), 'PATCH', headers, { file }), 'tus PATCH');
  },
  async parts(url, token, file, size) {
    const partSize = 64 * MB;
    const json = { authorization: `Bearer ${token}`, 'content-type': 'application/vnd.api+json', accept: 'application/vnd.api+json' };
    const created = await fetch(`${url}/api/v3/ott/file_uploads`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ data: { type: 'file_upload', attributes: { file_name: `bench-${Date.now()}.mp4`, number_of_parts: Math.ceil(size / partSize) } } }),
    });
    const upload = (await created.json()).data;
    if (created.status !== 201) throw new Error(`file_uploads: ${created.status} ${JSON.stringify(upload)}`);
    for (const part of upload.attributes.parts) {
      const start = (part.part_number - 1) * partSize;
      const end = Math.min(size, start + partSize) - 1;
      const headers = { 'content-length': String(end - start + 1), ...(part.authorization === 'bearer' ? { authorization: `Bearer ${token}` } : {}) };
      check(await streamRequest(part.url, part.method, headers, { file, start, end }), `part ${part.part_number}`);
    }
    const done = await fetch(upload.attributes.complete.url, { method: 'POST', headers: json });
    if (done.status !== 201) throw new Error(`complete: ${done.status} ${await done.text()}`);
    return done;
  },
};

/** User and system CPU seconds a process has used so far (/proc/{pid}/stat, clock ticks of 1/100 s). */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Samples a process's resident memory until stopped; returns the peak (MB). */
function sampleRss(pid) {
  const read = () => {
    try {
      return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
    } catch {
      return 0;
    }
  };
  const baseline = read();
  let peak = baseline;
  const timer = setInterval(() => (peak = Math.max(peak, read())), 20);
  return { baseline, stop: () => (clearInterval(timer), Math.max(peak, read())) };
}

async function time(fn) {
  const t0 = performance.now();
  await fn();
  return (performance.now() - t0) / 1000;
}

const work = mkdtempSync(join(tmpdir(), 'umpire-bench-upload-'));
let server;
let plain;
try {
  server = await startChild(join(ROOT, 'bench/support/serve-uploads.ts'), {
    name: 'server',
    cwd: ROOT,
    nodeArgs: process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [],
    env: { ...process.env, DATA_DIR: join(work, 'data'), DATABASE_URL: '', STORAGE_DRIVER: 'local', LOG_LEVEL: 'warn', UMPIRE_JWT_SECRET: 'bench-secret-0123456789abcdef0123456789' },
  });
  const { url } = server.info;
  const token = await signIn(url);
  plain = await startChild(join(ROOT, 'bench/support/plain-upload-server.ts'), { name: 'plain', cwd: ROOT, env: { ...process.env, DATA_DIR: join(work, 'data') } });
  /** The floor: the same client, the same file, the same disk, to a server that only writes it. */
  const plainUpload = (file, size) =>
    streamRequest(plain.info.url, 'POST', { 'content-length': String(size), 'content-type': 'application/octet-stream' }, { file }).then((res) => {
      check(res, 'plain upload');
      rmSync(plain.info.target);
    });
  const available = { ...UPLOADS };
  // POST /uploads/files belongs to the media API; skip it where that is not built yet.
  const probe = await fetch(`${url}/media/v1/uploads/files`, { headers: { authorization: `Bearer ${token}` } });
  if (probe.status === 404) {
    delete available.post;
    log('  (POST /media/v1/uploads/files is not on this branch: that path is skipped)');
  }
  const paths = PATHS.filter((p) => available[p]);

  // 1. Throughput against dd, same size, same disk, same run.
  const size = Number(opts['size-mb']) * MB;
  const source = makeSource(work, size);
  // Dirty pages of the source would be written back during whichever run comes first.
  execFileSync('sync');
  const ddTarget = join(work, 'data', 'dd.bin');
  // Raw disk writing is dd with conv=fdatasync (the bytes reach the disk before it ends); plain dd
  // only fills the page cache, which on a machine with free memory is a memory copy, shown for
  // reference.
  const dd = async (...extra) => {
    const seconds = await time(async () => execFileSync('dd', ['if=/dev/zero', `of=${ddTarget}`, 'bs=1M', `count=${size / MB}`, ...extra], { stdio: 'ignore' }));
    rmSync(ddTarget);
    execFileSync('sync');
    return seconds;
  };
  // This machine's disk and page cache vary several-fold from one minute to the next (dd alone
  // has shown 0.4 to 5 GB/s here), so dd and the uploads take turns, three rounds, and the
  // medians are compared. The server's CPU time per upload (from /proc) is steadier, and shows
  // how much of a core each path needs per GB.
  const rounds = Number(process.env.BENCH_UPLOAD_ROUNDS ?? 3);
  const runs = { sync: [], cache: [], plain: [], ...Object.fromEntries(paths.map((p) => [p, []])) };
  const cpu = Object.fromEntries(paths.map((p) => [p, []]));
  for (let round = 0; round < rounds; round++) {
    runs.sync.push(await dd('conv=fdatasync'));
    runs.cache.push(await dd());
    // Uploads take turns too: the one right after dd and a sync met another disk than the next.
    const order = ['plain', ...paths];
    for (let i = 0; i < order.length; i++) {
      const path = order[(i + round) % order.length];
      if (path === 'plain') {
        runs.plain.push(await time(() => plainUpload(source, size)));
        execFileSync('sync');
        continue;
      }
      const before = cpuSeconds(server.pid);
      runs[path].push(await time(() => available[path](url, token, source, size)));
      cpu[path].push(cpuSeconds(server.pid) - before);
      execFileSync('sync');
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const rate = (seconds) => `${fmt(size / MB / seconds)} MB/s`;
  const spread = (xs) => xs.map((x) => fmt(size / MB / x)).join(', ');
  const ddSync = median(runs.sync);
  const ddCache = median(runs.cache);
  log(`\nUpload of ${fmt(size / MB)} MB vs dd of the same size on the same disk, ${rounds} rounds taking turns, medians (an upload ends when the server names the stored file)`);
  log(`  dd conv=fdatasync  ${rate(ddSync).padStart(11)}  (rounds: ${spread(runs.sync)} MB/s): raw disk writing, the reference`);
  log(`  dd (page cache)    ${rate(ddCache).padStart(11)}  (rounds: ${spread(runs.cache)} MB/s)`);
  const plainSeconds = median(runs.plain);
  log(
    `  plain Node upload  ${rate(plainSeconds).padStart(11)}  (rounds: ${spread(runs.plain)} MB/s) = ${fmt((ddSync / plainSeconds) * 100)} % of dd: ` +
      `the floor, a body piped to a file and synced, nothing parsed or hashed`,
  );
  for (const path of paths) {
    const seconds = median(runs[path]);
    log(
      `  upload ${path.padEnd(11)} ${rate(seconds).padStart(11)}  (rounds: ${spread(runs[path])} MB/s) = ${fmt((ddSync / seconds) * 100)} % of dd (target ≥ 80 %), ` +
        `${fmt((plainSeconds / seconds) * 100)} % of the floor; server CPU ${fmt(median(cpu[path]) / (size / 1024 / MB), 2)} s per GB`,
    );
  }
  rmSync(source);

  // 2. Peak memory of the server process while it takes one upload of each size.
  log(`\nServer peak RSS during one upload (baseline = before it; flat = the same for every size)`);
  for (const mb of opts['memory-mb'].split(',').map(Number)) {
    const file = makeSource(work, mb * MB);
    for (const path of paths) {
      const rss = sampleRss(server.pid);
      await available[path](url, token, file, mb * MB);
      const peak = rss.stop();
      log(`  ${`${fmt(mb)} MB`.padStart(8)} ${path.padEnd(6)} baseline ${fmt(rss.baseline)} MB, peak ${fmt(peak)} MB (+${fmt(peak - rss.baseline)} MB)`);
    }
    rmSync(file);
  }
} finally {
  await server?.stop();
  await plain?.stop();
  for (const r of running) await r.stop();
  rmSync(work, { recursive: true, force: true });
}
