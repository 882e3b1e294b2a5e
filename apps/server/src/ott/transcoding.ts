import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { TranscodingJobState } from '@umpire/schema';
import type { Config } from '../config';
import type { DB, Database, Dialect } from '../db/database';
import type { Clock } from '../jobs/clock';
import { cancelJobs, enqueue, type Job } from '../jobs/queue';
import { JobReleased, type JobWorker } from '../jobs/worker';
import type { ChangeEvent } from '../jsonapi/context';
import { modelOf } from '../jsonapi/model';
import type { Row } from '../jsonapi/read';
import { toDb } from '../db/values';
import { FfmpegError, probeFile, runMediaTool } from '../media/videos/ffmpeg';
import type { Storage } from '../storage/storage';
import type { ChangeBus } from '../realtime/change-bus';
import { hlsContentType } from './hls-content-type';
import { ladderArgs, progressOf } from './ladder';
import type { LiveHlsStore } from './live-store';

/** Job kinds of the OTT worker (jobs table); the main worker leaves them alone. */
export const OTT_JOB_PREFIX = 'ott.';
export const TRANSCODE_JOB = 'ott.transcode';
export const RECORDING_JOB = 'ott.recording';
const ACTIVE_STATES: TranscodingJobState[] = ['CREATED', 'QUEUED', 'RUNNING'];
/** How often a running job reports progress, renews its lease and looks for a cancel. */
const HEARTBEAT_MS = 1000;

const jobKey = (id: number) => `ott.transcoding:${id}`;
/** The storage prefix of a job's output: its own, so a rerun overwrites only itself. */
export const outputPrefix = (clientId: number, id: number) => `ott/c${clientId}/j${id}`;
export const outputUrl = (id: number, file: string) => `/ott/hls/vod/${id}/${file}`;

const columns = () => modelOf('transcoding_jobs').readColumns;

interface Scope {
  db: DB;
  dialect: Dialect;
  clientId: number;
  /** Changes to publish after the caller's transaction commits. */
  events?: ChangeEvent[];
}

const changed = (scope: Scope, before: Row | null, after: Row): void =>
  void scope.events?.push({ clientId: scope.clientId, type: 'transcoding_jobs', id: String(after.id), action: before ? 'update' : 'create', actor: 'system', before, after });

/** Cancels the event's jobs that have not ended: a waiting one never starts, a running one stops at its next heartbeat. */
export async function cancelActiveJobs(scope: Scope, eventId: number, now: Date, exceptId?: number): Promise<void> {
  const active = await scope.db
    .selectFrom('ott_transcoding_jobs')
    .select(columns())
    .where('client_id', '=', scope.clientId)
    .where('event_id', '=', eventId)
    .where('state', 'in', ACTIVE_STATES)
    .execute();
  for (const row of active) if (Number(row.id) !== exceptId) await cancelJob(scope, row, now);
}

export async function cancelJob(scope: Scope, row: Row, now: Date): Promise<Row> {
  const at = toDb(scope.dialect, 'datetime', now.toISOString()) as string;
  const after = await scope.db
    .updateTable('ott_transcoding_jobs')
    .set({ state: 'CANCELED', finished_at: at, updated_at: at })
    .where('id', '=', Number(row.id))
    .where('state', 'in', ACTIVE_STATES)
    .returning(columns())
    .executeTakeFirst();
  if (!after) return row;
  await cancelJobs(scope.db, jobKey(Number(row.id)));
  changed(scope, row, after);
  return after;
}

/**
 * A new job for the event (in the caller's transaction): a VOD transcoding of the event's library
 * video, or the live recording turned into an MP4. Earlier jobs of the event still going are
 * cancelled, so `recreate_encoding` pressed twice runs one ffmpeg, not two.
 */
export async function createJob(scope: Scope, input: { eventId: number; videoId: number | null; source: 'vod' | 'recording'; streamId?: number }, now: Date): Promise<Row> {
  await cancelActiveJobs(scope, input.eventId, now);
  const at = toDb(scope.dialect, 'datetime', now.toISOString()) as string;
  const created = await scope.db
    .insertInto('ott_transcoding_jobs')
    .values({ client_id: scope.clientId, event_id: input.eventId, video_id: input.videoId, source: input.source, state: 'CREATED', progress: 0, attempts: 0, created_at: at, updated_at: at })
    .returning(columns())
    .executeTakeFirstOrThrow();
  const id = Number(created.id);
  await enqueue(
    scope.db,
    scope.dialect,
    input.source === 'vod' ? TRANSCODE_JOB : RECORDING_JOB,
    { id, clientId: scope.clientId, streamId: input.streamId ?? null },
    // A crashed ffmpeg is retried a few times (restarts resume the job); its reason stays on the row.
    { runAt: now, key: jobKey(id), maxAttempts: 3 },
    now,
  );
  const queued = await scope.db.updateTable('ott_transcoding_jobs').set({ state: 'QUEUED' }).where('id', '=', id).returning(columns()).executeTakeFirstOrThrow();
  changed(scope, null, queued);
  return queued;
}

/** Thrown inside a job when it must stop without an error of its own (cancelled, or lost its lease). */
class Stopped extends Error {}

export interface TranscodingDeps {
  config: Config;
  database: Database;
  storage: Storage;
  bus: ChangeBus;
  clock: Clock;
  worker: JobWorker;
  /** Live streams' output in storage, read by the recording's MP4 job on whichever instance runs it. */
  liveStore: LiveHlsStore;
  log?: (msg: string, err?: unknown) => void;
}

/** Runs the OTT jobs of the queue on this instance's OTT worker. */
export function registerTranscodingHandlers(deps: TranscodingDeps): void {
  deps.worker.handle(TRANSCODE_JOB, (job, stopping) => runJob(deps, job, 'vod', stopping));
  deps.worker.handle(RECORDING_JOB, (job, stopping) => runJob(deps, job, 'recording', stopping));
}

async function runJob(deps: TranscodingDeps, job: Job, source: 'vod' | 'recording', stopping: AbortSignal): Promise<void> {
  const { database, clock, bus } = deps;
  const { id, clientId, streamId } = job.payload as { id: number; clientId: number; streamId: number | null };
  const d = database.dialect;
  const at = () => toDb(d, 'datetime', clock.now().toISOString()) as string;
  let current = (await database.db.selectFrom('ott_transcoding_jobs').select(columns()).where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst());
  // Deleted with its event, or cancelled before it started: nothing to do.
  if (!current || !ACTIVE_STATES.includes(current.state as TranscodingJobState)) return;

  /** Writes the row unless the job was cancelled meanwhile; returns false when it was. */
  const update = async (values: Record<string, unknown>, from: TranscodingJobState[] = ACTIVE_STATES): Promise<boolean> => {
    const after = await database.db
      .updateTable('ott_transcoding_jobs')
      .set({ ...values, updated_at: at() })
      .where('id', '=', id)
      .where('state', 'in', from)
      .returning(columns())
      .executeTakeFirst();
    if (!after) return false;
    await bus.publish([{ clientId, type: 'transcoding_jobs', id: String(id), action: 'update', actor: 'system', before: current ?? null, after }]);
    current = after;
    return true;
  };
  if (!(await update({ state: 'RUNNING', progress: 0, error: null, started_at: at(), finished_at: null, attempts: job.attempts }))) return;

  const abort = new AbortController();
  let stopped = false;
  let progress = 0;
  let reported = 0;
  // The heartbeat: progress to the row, the lease renewed, a cancel noticed.
  const beat = setInterval(() => {
    void (async () => {
      if (!(await deps.worker.keepLease(job))) throw new Stopped('lease lost');
      const row = await database.db.selectFrom('ott_transcoding_jobs').select('state').where('id', '=', id).executeTakeFirst();
      if (row?.state !== 'RUNNING') throw new Stopped('cancelled');
      if (progress !== reported) {
        reported = progress;
        await update({ progress }, ['RUNNING']);
      }
    })().catch(() => {
      stopped = true;
      abort.abort();
    });
  }, HEARTBEAT_MS);
  // The instance stops (a deploy): an hour of ffmpeg is not waited for; the job goes back to the
  // queue and another instance starts it again at once.
  let released = false;
  const giveBack = () => {
    released = stopped = true;
    abort.abort();
  };
  stopping.addEventListener('abort', giveBack, { once: true });
  const work = await mkdtemp(join(tmpdir(), 'umpire-ott-'));
  try {
    const prefix = outputPrefix(clientId, id);
    let files: { path: string; key: string; type: string }[];
    let result: { output_url: string; renditions: string[] | null; duration: number | null };
    try {
      if (source === 'vod') {
        const made = await transcodeVideo(deps, current, work, abort.signal, (p) => (progress = p));
        files = made.files.map((f) => ({ ...f, key: `${prefix}/${f.rel}` }));
        result = { output_url: outputUrl(id, 'master.m3u8'), renditions: made.renditions, duration: made.duration };
      } else {
        if (streamId === null) throw new FfmpegError('the job names no stream', 'the job names no stream', null);
        const ff = { ffmpegPath: 'ffmpeg', nice: 0 };
        const path = await deps.liveStore.recordingToMp4(clientId, streamId, ff, join(work, 'recording.mp4'), (p) => (progress = Math.min(99.9, p)));
        if (stopped) throw new Stopped('cancelled');
        files = [{ path, key: `${prefix}/recording.mp4`, type: 'video/mp4' }];
        result = { output_url: outputUrl(id, 'recording.mp4'), renditions: null, duration: null };
      }
    } catch (err) {
      if (stopped || err instanceof Stopped) return;
      const reason = err instanceof FfmpegError ? err.reason || err.message : err instanceof Error ? err.message : String(err);
      await update({ state: 'ERROR', error: reason.slice(-4000), finished_at: at() });
      return;
    }
    if (stopped) return;
    try {
      for (const f of files) await deps.storage.put(f.key, createReadStream(f.path), { contentType: f.type, size: (await stat(f.path)).size });
    } catch (err) {
      if (stopped) return;
      await update({ state: 'TRANSFER_ERROR', error: (err instanceof Error ? err.message : String(err)).slice(0, 4000), finished_at: at() });
      return;
    }
    if (stopped) return;
    await update({ state: 'FINISHED', progress: 100, output_key: prefix, ...result, renditions: result.renditions ? JSON.stringify(result.renditions) : null, finished_at: at() });
  } finally {
    stopping.removeEventListener('abort', giveBack);
    clearInterval(beat);
    await rm(work, { recursive: true, force: true });
    // Whichever way it ended, a run given back must say so: its job is released, not finished.
    // eslint-disable-next-line no-unsafe-finally
    if (released) throw new JobReleased();
  }
}


/** Copies a stored object to a local file, refusing more than `max` bytes. */
async function copyToFile(storage: Storage, key: string, path: string, max: number): Promise<void> {
  const object = await storage.get(key);
  if (!object) throw new FfmpegError('the source video is missing from storage', 'the source video is missing from storage', null);
  let seen = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      done(seen > max ? new FfmpegError(`the source is larger than ${max} bytes`, `the source is larger than ${max} bytes`, null) : null, chunk);
    },
  });
  await pipeline(object.body, limit, createWriteStream(path));
}

async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) out.push(join(entry.parentPath, entry.name));
  return out;
}

/** The library video of a job → probe → the HLS ladder in `work/out`, within the configured limits. */
async function transcodeVideo(deps: TranscodingDeps, row: Row, work: string, signal: AbortSignal, onProgress: (p: number) => void) {
  const { database, storage, config } = deps;
  // videos.file_id holds the library file's id as text (a string attribute): two lookups, no join.
  const chosen = row.video_id == null
    ? undefined
    : await database.db.selectFrom('videos').select('file_id').where('id', '=', Number(row.video_id)).where('client_id', '=', Number(row.client_id)).executeTakeFirst();
  const fileId = Number(chosen?.file_id);
  const video = Number.isSafeInteger(fileId) && fileId > 0
    ? await database.db.selectFrom('media_files').select('storage_key as key').where('id', '=', fileId).where('client_id', '=', Number(row.client_id)).executeTakeFirst()
    : undefined;
  if (!video?.key) throw new FfmpegError('the event has no video to transcode', 'the event has no video to transcode', null);
  // The name is ours: nothing from the upload reaches a path or ffmpeg's arguments.
  const input = join(work, 'source.media');
  await copyToFile(storage, String(video.key), input, config.ott.maxSourceBytes);
  const facts = await probeFile(input);
  if (!facts.hasVideo || !facts.duration) throw new FfmpegError('the file has no video stream to transcode', 'the file has no video stream to transcode', null);
  const out = join(work, 'out');
  await mkdir(out);
  const { args, rungs } = ladderArgs(input, out, facts, config.ott.x264Preset);
  await runMediaTool('ffmpeg', args, {
    timeoutMs: config.ott.transcodeTimeoutMs,
    signal,
    onStdoutLine: (line) => {
      const p = progressOf(line, facts.duration);
      if (p !== null) onProgress(p);
    },
  });
  const paths = await listFiles(out);
  let total = 0;
  for (const p of paths) total += (await stat(p)).size;
  if (total > config.ott.maxOutputBytes) throw new FfmpegError(`the output is larger than ${config.ott.maxOutputBytes} bytes`, 'output size limit exceeded', null);
  const files = paths.map((path) => {
    const rel = relative(out, path).split(sep).join('/');
    return { path, rel, type: hlsContentType(rel) };
  });
  return { files, renditions: rungs.map((r) => r.name), duration: facts.duration };
}
