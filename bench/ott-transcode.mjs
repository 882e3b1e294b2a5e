#!/usr/bin/env node
// VOD transcoding benchmark (issue 11, item 9), on SQLite.
//
//   npm run bench -- ott-transcode          (or: node --import tsx bench/ott-transcode.mjs)
//   options: --seconds 60 --size 1920x1080
//
// A generated clip (test pattern and tone, --seconds long, --size) is transcoded to the HLS ladder
// twice in the same run: (a) by the same ffmpeg command the server builds, run alone; (b) through
// the server: a library video, an event choosing it, the durable job queue, the OTT worker (copy
// from storage, ffprobe, ffmpeg, upload of the renditions). It prints both wall times and their
// ratio, alone (the mean of one run before and one after) ÷ through the queue (target of the issue: at least 0.95, i.e. the queue and the
// server add at most ~5 %), with the machine's load. Timings never fail the run.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { probeFile, runMediaTool } from '../apps/server/src/media/videos/ffmpeg.ts';
import { ladderArgs } from '../apps/server/src/ott/ladder.ts';
import { startServer } from '../apps/server/src/server.ts';
import { addLibraryFile } from '../apps/server/test/support/library.ts';
import { apiClient, cancelDemoTranscodings } from '../apps/server/test/support/test-server.ts';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo-data.ts';

const TARGET_RATIO = 0.95;
const { values: opts } = parseArgs({ options: { seconds: { type: 'string', default: '60' }, size: { type: 'string', default: '1920x1080' } } });
const work = mkdtempSync(join(tmpdir(), 'umpire-bench-ott-'));
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;

let server;
try {
  console.log(`ott-transcode: ${availableParallelism()} cores, load ${load()}`);
  const source = join(work, 'source.mp4');
  let t = performance.now();
  await promisify(execFile)('ffmpeg', [
    '-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=${opts.size}:rate=25`, '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000',
    '-t', opts.seconds, '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '18', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', source,
  ]);
  console.log(`  source: ${opts.seconds} s at ${opts.size}, ${(readFileSync(source).length / 1e6).toFixed(1)} MB (made in ${secs(performance.now() - t)})`);

  // (a) The ladder alone: the server's own command, no queue, no storage.
  const facts = await probeFile(source);
  let runs = 0;
  const aloneRun = async () => {
    const out = join(work, `alone-${++runs}`);
    mkdirSync(out);
    const { args, rungs } = ladderArgs(source, out, facts, 'veryfast');
    const started = performance.now();
    await runMediaTool('ffmpeg', args, { timeoutMs: 3_600_000 });
    const ms = performance.now() - started;
    console.log(`  (a${runs}) ffmpeg alone to ${rungs.map((r) => r.name).join(' + ')}: ${secs(ms)} (${(Number(opts.seconds) / (ms / 1000)).toFixed(2)}× real time), load ${load()}`);
    rmSync(out, { recursive: true, force: true });
    return ms;
  };
  const alone1 = await aloneRun();

  // (b) The same through the server and its job queue.
  server = await startServer({ port: 0, host: '127.0.0.1' }, { ...process.env, DATA_DIR: join(work, 'data'), DATABASE_URL: '', LOG_LEVEL: 'warn', JOB_POLL_MS: '50', UMPIRE_JWT_SECRET: 'bench-secret-0123456789abcdef0123456789' });
  const signIn = await fetch(`${server.url}/auth/v1/sign_in`, { method: 'POST', headers: { 'content-type': 'application/vnd.api+json' }, body: JSON.stringify({ data: { type: 'sign_in', attributes: { username: 'admin', password: DEMO_PASSWORD } } }) });
  const token = (await signIn.json()).data?.attributes?.token;
  if (!token) throw new Error(`sign-in failed: ${signIn.status}`);
  const call = async (method, path, body) => {
    const res = await fetch(server.url + path, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/vnd.api+json', 'cache-control': 'no-cache' }, body: body && JSON.stringify(body) });
    const json = await res.json();
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  // The demo data queues a transcoding of its own (the highlights clip): cancelled, so that the
  // bench's job neither waits for it nor shares the cores with it.
  await cancelDemoTranscodings(apiClient(server.url));
  const file = await addLibraryFile(server, { name: 'bench.mp4', kind: 'video', bytes: readFileSync(source), contentType: 'video/mp4' });
  const video = await call('POST', '/api/v3/videos', { data: { type: 'videos', attributes: { file_id: file.id } } });
  t = performance.now();
  const event = await call('POST', '/api/v3/ott/events', { data: { type: 'ott_events', attributes: { title: 'Bench' }, relationships: { video: { data: { type: 'videos', id: video.data.id } } } } });
  let job;
  for (;;) {
    job = (await call('GET', `/api/v3/ott/transcoding_jobs?filter[event_id]=${event.data.id}`)).data[0];
    if (['FINISHED', 'ERROR', 'CANCELED', 'TRANSFER_ERROR'].includes(job.attributes.state)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const queued = performance.now() - t;
  if (job.attributes.state !== 'FINISHED') throw new Error(`the job ended ${job.attributes.state}: ${job.attributes.error}`);
  const inJob = Date.parse(job.attributes.finished_at) - Date.parse(job.attributes.started_at);
  console.log(`  (b) through the queue (event created → FINISHED, renditions stored): ${secs(queued)}; inside the job ${secs(inJob)}, load ${load()}`);
  // The machine is shared: the run alone is repeated after the queue, and their mean is compared.
  const alone = (alone1 + (await aloneRun())) / 2;
  const ratio = alone / queued;
  console.log(`  ratio alone ÷ queue: ${ratio.toFixed(3)} (target ≥ ${TARGET_RATIO}: ${ratio >= TARGET_RATIO ? 'met' : 'NOT MET'})`);
} finally {
  await server?.close();
  rmSync(work, { recursive: true, force: true });
}
