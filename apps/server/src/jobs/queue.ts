import { sql } from 'kysely';
import type { DB, Database, Dialect } from '../db/database';
import { fromDb, toDb } from '../db/values';

/** One row of the jobs table as handlers receive it. */
export interface Job {
  id: number;
  kind: string;
  payload: unknown;
  key: string | null;
  attempts: number;
  maxAttempts: number;
  runAt: string;
}

export interface EnqueueOptions {
  runAt: Date;
  /** A waiting job with the same key is replaced (not one started by a worker right now). */
  key?: string;
  maxAttempts?: number;
}

const iso = (d: Dialect, at: Date) => toDb(d, 'datetime', at.toISOString()) as string;

/** Adds a job in the caller's transaction, so it exists exactly when the change that needs it commits. */
export async function enqueue(db: DB, dialect: Dialect, kind: string, payload: unknown, opts: EnqueueOptions, now: Date): Promise<void> {
  if (opts.key) await db.deleteFrom('jobs').where('key', '=', opts.key).where('status', '=', 'not_started').execute();
  await db
    .insertInto('jobs')
    .values({
      kind,
      payload: JSON.stringify(payload ?? null),
      key: opts.key ?? null,
      status: 'not_started',
      run_at: iso(dialect, opts.runAt),
      attempts: 0,
      max_attempts: opts.maxAttempts ?? 8,
      created_at: iso(dialect, now),
      updated_at: iso(dialect, now),
    })
    .execute();
}

/** Removes the waiting jobs of a key (a record deleted, a window cleared). */
export async function cancelJobs(db: DB, key: string): Promise<void> {
  await db.deleteFrom('jobs').where('key', '=', key).where('status', '=', 'not_started').execute();
}

function toJob(row: Record<string, unknown>): Job {
  return {
    id: Number(row.id),
    kind: String(row.kind),
    payload: JSON.parse(String(row.payload)),
    key: (row.key as string | null) ?? null,
    attempts: Number(row.attempts),
    maxAttempts: Number(row.max_attempts),
    runAt: String(fromDb('datetime', row.run_at)),
  };
}

/**
 * Claims up to `limit` due jobs for `worker` until `lockedUntil`. A job is due when it waits and its
 * time has come, or when a worker that started it let its lease lapse (it died mid-job).
 * PostgreSQL: one UPDATE over a `FOR UPDATE SKIP LOCKED` selection, so instances sharing the
 * database never take the same row. SQLite: one guarded UPDATE (writes are serialised), so the
 * same holds for processes sharing the file.
 */
/** Which kinds a worker takes: only those starting with a prefix, or all but those. */
export interface KindScope {
  /** A prefix of the kinds taken. */
  only?: string;
  /** Prefixes of kinds left to other workers. */
  except?: readonly string[];
}

export async function claimDue(database: Database, worker: string, now: Date, lockedUntil: Date, limit: number, scope: KindScope = {}): Promise<Job[]> {
  const d = database.dialect;
  const nowDb = iso(d, now);
  const due = (db: DB) =>
    db
      .selectFrom('jobs')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'not_started'), eb('run_at', '<=', nowDb)]),
          eb.and([eb('status', '=', 'started'), eb('locked_until', '<', nowDb)]),
        ]),
      )
      .$if(scope.only !== undefined, (q) => q.where('kind', 'like', `${scope.only}%`))
      .$if(!!scope.except?.length, (q) => q.where((eb) => eb.and(scope.except!.map((prefix) => eb('kind', 'not like', `${prefix}%`)))))
      .orderBy('run_at')
      .orderBy('id')
      .limit(limit);
  const rows = await database.db
    .updateTable('jobs')
    .set({
      status: 'started',
      locked_by: worker,
      locked_until: iso(d, lockedUntil),
      attempts: sql`attempts + 1`,
      updated_at: nowDb,
    })
    .where('id', 'in', d === 'postgres' ? due(database.db).forUpdate().skipLocked() : due(database.db))
    .returningAll()
    .execute();
  return rows.map(toJob);
}

export async function finishJob(database: Database, job: Job, worker: string, now: Date): Promise<void> {
  const at = iso(database.dialect, now);
  await database.db
    .updateTable('jobs')
    .set({ status: 'finished', finished_at: at, locked_by: null, locked_until: null, last_error: null, updated_at: at })
    .where('id', '=', job.id)
    .where('locked_by', '=', worker)
    .execute();
}

/**
 * Gives back a job `worker` claimed and did not run to its end (the instance stops): waiting and
 * due again at once, for any instance, with the attempt uncounted, rather than held until its lease
 * lapses (minutes) and then taken for one that died mid-run.
 */
export async function releaseJob(database: Database, job: Job, worker: string, now: Date): Promise<void> {
  await database.db
    .updateTable('jobs')
    .set({ status: 'not_started', locked_by: null, locked_until: null, attempts: sql`attempts - 1`, updated_at: iso(database.dialect, now) })
    .where('id', '=', job.id)
    .where('locked_by', '=', worker)
    .where('status', '=', 'started')
    .execute();
}

/** Backoff after the n-th failed attempt: 2 s, 4 s, 8 s … capped at an hour. */
export const backoffMs = (attempts: number) => Math.min(3_600_000, 1000 * 2 ** Math.max(1, attempts));

export async function failJob(database: Database, job: Job, worker: string, error: unknown, now: Date): Promise<'retry' | 'failed'> {
  const at = iso(database.dialect, now);
  const message = (error instanceof Error ? error.stack ?? error.message : String(error)).slice(0, 4000);
  const last = job.attempts >= job.maxAttempts;
  await database.db
    .updateTable('jobs')
    .set({
      status: last ? 'failed' : 'not_started',
      run_at: last ? iso(database.dialect, new Date(job.runAt)) : iso(database.dialect, new Date(now.getTime() + backoffMs(job.attempts))),
      finished_at: last ? at : null,
      last_error: message,
      locked_by: null,
      locked_until: null,
      updated_at: at,
    })
    .where('id', '=', job.id)
    .where('locked_by', '=', worker)
    .execute();
  return last ? 'failed' : 'retry';
}

/** Deletes finished and failed jobs that ended before `before`; returns how many. */
export async function sweepFinished(database: Database, before: Date): Promise<number> {
  const res = await database.db
    .deleteFrom('jobs')
    .where('status', 'in', ['finished', 'failed'])
    .where('finished_at', '<', iso(database.dialect, before))
    .executeTakeFirst();
  return Number(res.numDeletedRows ?? 0);
}

/**
 * Keeps a long job (a transcoding) ours: pushes its lease to `lockedUntil`. False when the job is
 * no longer held by `worker` (its lease lapsed and another worker took it): the caller must stop,
 * so a job never runs twice at once.
 */
export async function extendLease(database: Database, job: Job, worker: string, now: Date, lockedUntil: Date): Promise<boolean> {
  const res = await database.db
    .updateTable('jobs')
    .set({ locked_until: iso(database.dialect, lockedUntil), updated_at: iso(database.dialect, now) })
    .where('id', '=', job.id)
    .where('locked_by', '=', worker)
    .where('status', '=', 'started')
    .executeTakeFirst();
  return Number(res.numUpdatedRows ?? 0) > 0;
}
