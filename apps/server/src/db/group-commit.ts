import { AsyncResource } from 'node:async_hooks';
import { CompiledQuery } from 'kysely';
import type { Database, DB } from './database';

/**
 * Group commit for a hot write path on SQLite (issue 25, point 3: a quiz's burst of attempts).
 * A commit is most of an attempt's cost (its pages written to the WAL, the data versions bumped),
 * and SQLite has one writer anyway: transactions asked for in the same event-loop turn run one
 * after the other inside one transaction, each in its own savepoint, so one that throws is undone
 * alone and the others are kept. Each caller hears its outcome only after the shared COMMIT (or
 * its failure, which undoes them all): an answered write is as durable as its own commit would
 * have made it. The data versions, row changes and commit listeners see the batch as one commit
 * (a write undone at its savepoint may drop cached reads it did not change: never the reverse).
 * With PostgreSQL each transaction is its own, as before: its connections commit side by side.
 */
export interface GroupCommit {
  /** Runs `work` in a transaction (shared with others of this turn on SQLite); resolves once it is committed. */
  run<T>(work: (trx: DB) => Promise<T>): Promise<T>;
}

/** Transactions batched at most this many at a time, so reads waiting for the connection wait little. */
const MAX_BATCH = 64;

const SAVEPOINT = CompiledQuery.raw('savepoint group_commit');
const RELEASE = CompiledQuery.raw('release group_commit');
const ROLLBACK_TO = CompiledQuery.raw('rollback to group_commit');

interface Pending {
  work: (trx: DB) => Promise<unknown>;
  /** The caller's async context, in which its work runs (request-scoped stores see their own request). */
  context: AsyncResource;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

const groups = new WeakMap<Database, GroupCommit>();

/** The database's group commit (one per database: its batches share its one connection). */
export function groupCommit(database: Database): GroupCommit {
  let group = groups.get(database);
  if (!group) groups.set(database, (group = database.dialect === 'sqlite' ? new SqliteGroupCommit(database.db) : { run: (work) => database.db.transaction().execute(work) }));
  return group;
}

class SqliteGroupCommit implements GroupCommit {
  private queue: Pending[] = [];

  constructor(private readonly db: DB) {}

  run<T>(work: (trx: DB) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      // The check phase comes after this turn's I/O: requests read together are batched together.
      if (!this.queue.length) setImmediate(() => void this.flush());
      this.queue.push({ work, context: new AsyncResource('GroupCommit'), resolve: resolve as (value: unknown) => void, reject });
    });
  }

  private async flush(): Promise<void> {
    const batch = this.queue.splice(0, MAX_BATCH);
    if (this.queue.length) setImmediate(() => void this.flush());
    if (batch.length === 1) {
      const [one] = batch;
      return one.context.runInAsyncScope(() => this.db.transaction().execute(one.work)).then(one.resolve, one.reject);
    }
    const outcomes: Outcome[] = [];
    try {
      await this.db.transaction().execute(async (trx) => {
        for (const item of batch) {
          await trx.executeQuery(SAVEPOINT);
          try {
            const value = await item.context.runInAsyncScope(item.work, null, trx);
            await trx.executeQuery(RELEASE);
            outcomes.push({ ok: true, value });
          } catch (error) {
            // Only this work's writes are undone (a failed rollback fails the whole batch).
            await trx.executeQuery(ROLLBACK_TO);
            await trx.executeQuery(RELEASE);
            outcomes.push({ ok: false, error });
          }
        }
      });
    } catch (error) {
      // Nothing of the batch was committed: the works that had succeeded fail with it, and so do those never run.
      batch.forEach((item, i) => item.reject(outcomes[i]?.ok === false ? (outcomes[i] as { error: unknown }).error : error));
      return;
    }
    batch.forEach((item, i) => {
      const outcome = outcomes[i];
      if (outcome.ok) item.resolve(outcome.value);
      else item.reject(outcome.error);
    });
  }
}
