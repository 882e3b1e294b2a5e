import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database';
import { jobDuration, jobRuns } from '../telemetry/metrics';
import { inSpan, spanFailed } from '../telemetry/spans';
import type { Clock } from './clock';
import { claimDue, enqueue, extendLease, failJob, finishJob, releaseJob, sweepFinished, type Job, type KindScope } from './queue';

/**
 * Runs a job. `stopping` is aborted when the worker stops (the instance drains): a long handler (a
 * transcoding) may then give up and throw JobReleased, and its job goes back to the queue at once;
 * one that goes on to its end is waited for.
 */
export type JobHandler = (job: Job, stopping: AbortSignal) => Promise<void>;

/** Thrown by a handler that gave its job up because the worker stops: the job is released, not failed. */
export class JobReleased extends Error {
  constructor() {
    super('the worker stopped; the job is given back');
  }
}

export interface WorkerOptions {
  /** Milliseconds between polls (JOB_POLL_MS). */
  pollMs: number;
  /** How long a claimed job is ours; a worker that dies leaves it to others after this. */
  leaseMs?: number;
  batch?: number;
  /** Finished jobs are kept this long for inspection, then swept. */
  retentionMs?: number;
  /** How often the sweep runs (it is a job itself, so exactly one instance runs each sweep). */
  sweepEveryMs?: number;
  onError?: (err: unknown, job?: Job) => void;
  /**
   * The kinds this worker takes (a prefix). Long jobs (transcodings) get a worker of their own, so
   * an hour of ffmpeg never delays a scheduled publication; the main worker takes the rest.
   */
  kinds?: KindScope;
  /** Whether this worker schedules the periodic sweep (the main one does). */
  sweeps?: boolean;
}

export const SWEEP_JOB = 'jobs.sweep';

/**
 * Runs due jobs of the jobs table. Every server instance has one; they share the table, and a job
 * is claimed by exactly one of them (queue.ts). A handler that throws is retried with backoff.
 */
export class JobWorker {
  readonly id = randomUUID();
  private readonly handlers = new Map<string, JobHandler>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private stopped = true;
  /** Aborted by stop() while a batch runs: its handler may give up, the rest of it goes back. */
  private batchStop: AbortController | null = null;
  private polls = 0;
  /** Woken while a batch ran: the next poll comes at once instead of after pollMs. */
  private woken = false;
  private readonly pollWaiters = new Set<{ polls: number; resolve: () => void }>();
  private readonly opts: Required<Omit<WorkerOptions, 'onError' | 'kinds'>> & Pick<WorkerOptions, 'onError' | 'kinds'>;

  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    opts: WorkerOptions,
  ) {
    this.opts = { leaseMs: 5 * 60_000, batch: 20, retentionMs: 7 * 24 * 3_600_000, sweepEveryMs: 3_600_000, sweeps: true, ...opts };
    this.handle(SWEEP_JOB, async () => {
      const now = this.clock.now();
      await sweepFinished(this.database, new Date(now.getTime() - this.opts.retentionMs));
      await enqueue(this.database.db, this.database.dialect, SWEEP_JOB, {}, { runAt: new Date(now.getTime() + this.opts.sweepEveryMs), key: SWEEP_JOB }, now);
    });
  }

  handle(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  /** Makes sure the periodic sweep is scheduled (once per database, whatever the instances). */
  async scheduleSweep(): Promise<void> {
    const existing = await this.database.db.selectFrom('jobs').select('id').where('key', '=', SWEEP_JOB).where('status', 'in', ['not_started', 'started']).executeTakeFirst();
    if (existing) return;
    const now = this.clock.now();
    await enqueue(this.database.db, this.database.dialect, SWEEP_JOB, {}, { runAt: new Date(now.getTime() + this.opts.sweepEveryMs), key: SWEEP_JOB }, now);
  }

  async start(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    if (this.opts.sweeps) await this.scheduleSweep();
    this.schedule(0);
  }

  private schedule(delay: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.runDue()
        .catch((err) => this.opts.onError?.(err))
        .then((n) => {
          this.polled();
          const again = n === this.opts.batch || this.woken;
          this.woken = false;
          this.schedule(again ? 0 : this.opts.pollMs);
        });
    }, delay);
    this.timer.unref();
  }

  /**
   * Polls now rather than at the next tick of pollMs: a job just committed (a match alert) waits
   * for no timer. A worker in the middle of a batch polls again as soon as it ends, since the new
   * job may have committed after its claim.
   */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.woken = true;
      return;
    }
    if (!this.timer) return;
    clearTimeout(this.timer);
    this.timer = null;
    this.schedule(0);
  }

  /**
   * Resolves once the timer has finished `n` more polls. The first may have begun before the call,
   * each later one began after the one before it ended: after `afterPolls(2)` the worker has read
   * the table (and run what was due) since the call. Tests wait on it to show that something was
   * not due, instead of waiting a fixed time. Never resolves for a stopped worker.
   */
  afterPolls(n: number): Promise<void> {
    return new Promise((resolve) => this.pollWaiters.add({ polls: this.polls + n, resolve }));
  }

  private polled() {
    this.polls++;
    for (const w of this.pollWaiters) {
      if (w.polls > this.polls) continue;
      this.pollWaiters.delete(w);
      w.resolve();
    }
  }

  /** Whether the timer is set or a batch runs: false once stop() has returned (and the poll that was ending has ended). */
  get polling(): boolean {
    return this.timer !== null || this.running !== null;
  }

  /** Claims and runs what is due now; returns how many jobs it ran. One run at a time per worker. */
  runDue(): Promise<number> {
    this.running ??= this.runBatch().finally(() => (this.running = null));
    return this.running;
  }

  private async runBatch(): Promise<number> {
    // Made before the claim, so that a stop while the claim is under way gives those jobs back too.
    const control = (this.batchStop = new AbortController());
    try {
      const now = this.clock.now();
      const jobs = await claimDue(this.database, this.id, now, new Date(now.getTime() + this.opts.leaseMs), this.opts.batch, this.opts.kinds);
      for (const job of jobs) {
        // Stopping: the rest of the batch goes back to the queue, for another instance to run now.
        if (control.signal.aborted) await releaseJob(this.database, job, this.id, this.clock.now());
        else await this.run(job, control.signal);
      }
      return jobs.length;
    } finally {
      this.batchStop = null;
    }
  }

  /**
   * One run of a job: a trace of its own when tracing (its statements, storage and sends are its
   * children), counted by kind and outcome, timed (/metrics).
   */
  private run(job: Job, signal: AbortSignal): Promise<void> {
    const attributes = { 'umpire.job.id': job.id, 'umpire.job.kind': job.kind, 'umpire.job.attempt': job.attempts };
    return inSpan(`job ${job.kind}`, attributes, async (span) => {
      const handler = this.handlers.get(job.kind);
      const started = performance.now();
      try {
        if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
        await handler(job, signal);
        jobRuns.inc({ kind: job.kind, outcome: 'done' });
        await finishJob(this.database, job, this.id, this.clock.now());
      } catch (err) {
        if (err instanceof JobReleased) {
          jobRuns.inc({ kind: job.kind, outcome: 'released' });
          await releaseJob(this.database, job, this.id, this.clock.now());
          return;
        }
        jobRuns.inc({ kind: job.kind, outcome: 'failed' });
        spanFailed(span, err);
        this.opts.onError?.(err, job);
        await failJob(this.database, job, this.id, err, this.clock.now());
      } finally {
        jobDuration.observe({ kind: job.kind }, (performance.now() - started) / 1000);
      }
    }, { root: true });
  }

  /** Renews the lease of a job this worker runs; false when another worker holds it now (stop). */
  keepLease(job: Job): Promise<boolean> {
    const now = this.clock.now();
    return extendLease(this.database, job, this.id, now, new Date(now.getTime() + this.opts.leaseMs));
  }

  /**
   * Polls no more; the job running is asked to stop (`stopping`) and waited for, and the jobs of its
   * batch not yet begun are given back to the queue at once (a deploy's SIGTERM: another instance
   * runs them now, not once their lease lapses).
   */
  async stop(): Promise<void> {
    this.stopped = true;
    this.batchStop?.abort();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => {});
  }
}
