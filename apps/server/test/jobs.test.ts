import { sameJson } from '@umpire/schema';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/database';
import { migrate } from '../src/jsonapi/migrate';
import { ManualClock } from '../src/jobs/clock';
import { backoffMs, claimDue, enqueue } from '../src/jobs/queue';
import { JobReleased, JobWorker, SWEEP_JOB } from '../src/jobs/worker';
import { freshDatabase, TEST_DB } from './support/test-server';

/** The jobs table and worker on a real database (SQLite or PostgreSQL, per UMPIRE_TEST_DB). */
let database: Database;
let second: Database;
let drop: () => Promise<void>;
const T0 = new Date('2026-05-01T10:00:00Z');

beforeAll(async () => {
  const fresh = await freshDatabase();
  drop = fresh.drop;
  const config = loadConfig(fresh.env);
  database = openDatabase(config);
  await migrate(database);
  // A second connection (pool) to the same database, as a second server instance would have.
  second = openDatabase(config);
});
afterAll(async () => {
  await second?.close();
  await database?.close();
  await drop?.();
});
beforeEach(async () => {
  await database.db.deleteFrom('jobs').execute();
});

const rows = () => database.db.selectFrom('jobs').selectAll().orderBy('id').execute();
const add = (kind: string, payload: unknown, runAt: Date, key?: string) => enqueue(database.db, database.dialect, kind, payload, { runAt, key }, T0);

describe(`jobs on ${TEST_DB}`, () => {
  it('runs a job only when its time has come, once', async () => {
    const clock = new ManualClock(T0);
    const worker = new JobWorker(database, clock, { pollMs: 1000 });
    const ran: unknown[] = [];
    worker.handle('test.echo', async (job) => void ran.push(job.payload));
    await add('test.echo', { n: 1 }, new Date(T0.getTime() + 60_000));
    expect(await worker.runDue()).toBe(0);
    clock.advance(59_999);
    expect(await worker.runDue()).toBe(0);
    clock.advance(1);
    expect(await worker.runDue()).toBe(1);
    expect(ran).toEqual([{ n: 1 }]);
    expect(await worker.runDue()).toBe(0);
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'finished', attempts: 1, locked_by: null });
  });

  it('replaces a waiting job with the same key', async () => {
    await add('test.echo', { v: 1 }, T0, 'k');
    await add('test.echo', { v: 2 }, T0, 'k');
    const all = await rows();
    expect(all).toHaveLength(1);
    expect(JSON.parse(String(all[0].payload))).toEqual({ v: 2 });
  });

  it('retries a failing job with growing backoff, then marks it failed', async () => {
    const clock = new ManualClock(T0);
    const worker = new JobWorker(database, clock, { pollMs: 1000 });
    let calls = 0;
    worker.handle('test.fail', async () => {
      calls++;
      throw new Error('boom');
    });
    await enqueue(database.db, database.dialect, 'test.fail', {}, { runAt: T0, maxAttempts: 3 }, T0);
    expect(await worker.runDue()).toBe(1);
    let [row] = await rows();
    expect(row).toMatchObject({ status: 'not_started', attempts: 1 });
    expect(String(row.last_error)).toContain('boom');
    expect(Date.parse(String(row.run_at instanceof Date ? row.run_at.toISOString() : row.run_at))).toBe(T0.getTime() + backoffMs(1));
    expect(await worker.runDue()).toBe(0); // not before the backoff
    clock.advance(backoffMs(1));
    expect(await worker.runDue()).toBe(1);
    clock.advance(backoffMs(2));
    expect(await worker.runDue()).toBe(1);
    [row] = await rows();
    expect(row).toMatchObject({ status: 'failed', attempts: 3 });
    clock.advance(3_600_000);
    expect(await worker.runDue()).toBe(0);
    expect(calls).toBe(3);
  });

  it('never gives one job to two workers claiming at the same moment', async () => {
    for (let i = 0; i < 60; i++) await add('test.count', { i }, T0);
    const claims = await Promise.all([
      claimDue(database, 'worker-a', T0, new Date(T0.getTime() + 60_000), 25),
      claimDue(second, 'worker-b', T0, new Date(T0.getTime() + 60_000), 25),
      claimDue(database, 'worker-c', T0, new Date(T0.getTime() + 60_000), 25),
      claimDue(second, 'worker-d', T0, new Date(T0.getTime() + 60_000), 25),
    ]);
    const ids = claims.flat().map((j) => j.id);
    expect(ids).toHaveLength(60);
    expect(new Set(ids).size).toBe(60);
  });

  it('runs every job exactly once with two workers polling side by side', async () => {
    const clock = new ManualClock(T0);
    const runs = new Map<number, number>();
    const workers = [new JobWorker(database, clock, { pollMs: 5, batch: 7 }), new JobWorker(second, clock, { pollMs: 5, batch: 7 })];
    for (const w of workers) w.handle('test.count', async (job) => void runs.set(job.id, (runs.get(job.id) ?? 0) + 1));
    for (let i = 0; i < 40; i++) await add('test.count', { i }, T0);
    await Promise.all(workers.map((w) => w.start()));
    const deadline = Date.now() + 20_000;
    while (runs.size < 40 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await Promise.all(workers.map((w) => w.stop()));
    expect(runs.size).toBe(40);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
  });

  it('takes over a job whose worker died (its lease lapsed)', async () => {
    await add('test.echo', { lost: true }, T0);
    const [claimed] = await claimDue(database, 'dead-worker', T0, new Date(T0.getTime() + 60_000), 1);
    expect(claimed).toBeDefined();
    const clock = new ManualClock(T0);
    const worker = new JobWorker(database, clock, { pollMs: 1000 });
    const ran: unknown[] = [];
    worker.handle('test.echo', async (job) => void ran.push(job.payload));
    expect(await worker.runDue()).toBe(0); // still leased
    clock.advance(60_001);
    expect(await worker.runDue()).toBe(1);
    expect(ran).toEqual([{ lost: true }]);
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'finished', attempts: 2 });
  });

  it('schedules the sweep of finished jobs once, and the sweep removes old ones and schedules itself again', async () => {
    const clock = new ManualClock(T0);
    const worker = new JobWorker(database, clock, { pollMs: 1000, retentionMs: 24 * 3_600_000, sweepEveryMs: 3_600_000 });
    worker.handle('test.echo', async () => {});
    await worker.scheduleSweep();
    await worker.scheduleSweep();
    await new JobWorker(second, clock, { pollMs: 1000 }).scheduleSweep(); // another instance starting
    expect((await rows()).filter((r) => r.key === SWEEP_JOB)).toHaveLength(1);
    await add('test.echo', {}, T0);
    expect(await worker.runDue()).toBe(1);
    clock.advance(3_600_000); // the sweep is due, but the finished job is only an hour old
    expect(await worker.runDue()).toBe(1);
    expect((await rows()).filter((r) => r.kind === 'test.echo')).toHaveLength(1);
    clock.advance(25 * 3_600_000);
    expect(await worker.runDue()).toBe(1);
    const left = await rows();
    expect(left.filter((r) => r.kind === 'test.echo')).toHaveLength(0);
    const waiting = left.filter((r) => r.key === SWEEP_JOB && r.status === 'not_started');
    expect(waiting).toHaveLength(1);
  });

  it('the timer of a started worker runs due jobs by itself, and stops', async () => {
    const clock = new ManualClock(T0);
    const worker = new JobWorker(database, clock, { pollMs: 10 });
    const ran: unknown[] = [];
    worker.handle('test.echo', async (job) => void ran.push(job.payload));
    await worker.start();
    await add('test.echo', { tick: 1 }, new Date(T0.getTime() + 5000));
    // Two polls: the second began after the job was added, and it has ended.
    await worker.afterPolls(2);
    expect(ran).toEqual([]);
    clock.advance(5000);
    // The same wait sees it run once due: the wait above let the worker look, and it found nothing.
    await worker.afterPolls(2);
    expect(ran).toEqual([{ tick: 1 }]);
    await worker.stop();
    // Stopped, it has no timer set and no batch running (once the poll that was ending has run its
    // last callbacks), so nothing can run a due job any more; run by hand, it would.
    await new Promise((r) => setImmediate(r));
    expect(worker.polling).toBe(false);
    await add('test.echo', { tick: 2 }, T0);
    expect(await worker.runDue()).toBe(1);
    expect(ran).toEqual([{ tick: 1 }, { tick: 2 }]);
  });
  it('a stopping worker gives back at once the jobs it claimed and had not begun, and waits for the one running', async () => {
    const clock = new ManualClock(T0);
    const worker = new JobWorker(database, clock, { pollMs: 10, batch: 3 });
    let entered!: () => void;
    const inFirst = new Promise<void>((r) => (entered = r));
    let finish!: () => void;
    const finishing = new Promise<void>((r) => (finish = r));
    const ran: unknown[] = [];
    worker.handle('test.held', async (job) => {
      ran.push(job.payload);
      entered();
      await finishing;
    });
    for (let i = 0; i < 3; i++) await add('test.held', { i }, T0);
    await worker.start();
    await inFirst;
    // The instance drains while the first job of the batch runs: the stop waits for it...
    const stopped = worker.stop();
    finish();
    await stopped;
    expect(ran).toHaveLength(1);
    const all = (await rows()).filter((r) => r.kind === 'test.held');
    const done = all.filter((r) => sameJson(JSON.parse(String(r.payload)), ran[0]));
    expect(done).toMatchObject([{ status: 'finished', attempts: 1 }]);
    // ...and the two it had not begun wait again, uncounted and unlocked: another instance claims them now.
    const rest = all.filter((r) => !done.includes(r));
    expect(rest).toHaveLength(2);
    for (const row of rest) expect(row).toMatchObject({ status: 'not_started', attempts: 0, locked_by: null, locked_until: null });
    const claimed = await claimDue(second, 'another-instance', T0, new Date(T0.getTime() + 60_000), 10, { only: 'test.' });
    expect(claimed.map((j) => j.id).sort()).toEqual(rest.map((r) => Number(r.id)).sort());
  });

  it('a job whose handler gives up when the worker stops goes back to the queue, not failed', async () => {
    const clock = new ManualClock(T0);
    const worker = new JobWorker(database, clock, { pollMs: 10 });
    let entered!: () => void;
    const inJob = new Promise<void>((r) => (entered = r));
    worker.handle('test.long', async (_job, stopping) => {
      entered();
      // A transcoding's hour of ffmpeg: it stops when asked, and says the job was given back.
      await new Promise((r) => stopping.addEventListener('abort', r, { once: true }));
      throw new JobReleased();
    });
    await add('test.long', {}, T0);
    await worker.start();
    await inJob;
    await worker.stop();
    const [row] = (await rows()).filter((r) => r.kind === 'test.long');
    expect(row).toMatchObject({ status: 'not_started', attempts: 0, locked_by: null, last_error: null });
    expect(await claimDue(second, 'another-instance', T0, new Date(T0.getTime() + 60_000), 10, { only: 'test.' })).toHaveLength(1);
  });
});
