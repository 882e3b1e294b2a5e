import { ALL_TABLES, type CommitDetail } from './data-versions';
import type { Database } from './database';

/** How long an entry is trusted at most with PostgreSQL, where other instances' commits arrive by NOTIFY. */
export const SHARED_MAX_AGE_MS = 5_000;

interface Kept<V> {
  value: V;
  at: number;
  epoch: number | null;
}

/**
 * Small values kept in memory until a commit writes a table they were read from: a staff token's
 * user, a fan, a quiz's settings and key. What a hot path reads on every request but that changes
 * rarely. Dropped, all of them, whenever
 * - a commit of this process writes one of the tables (or every table: a schema change, raw SQL);
 * - with SQLite, another process commits to the file (`data_version` moves);
 * - with PostgreSQL, another instance's commit NOTIFYs one of the tables (db/data-versions.ts). While
 *   that listening connection is down (or reconnecting), nothing is kept or served: every call asks
 *   the database; entries kept before it dropped are not served after it comes back. And an entry
 *   is trusted for SHARED_MAX_AGE_MS at most, should a notification be lost without the connection
 *   noticing.
 * A value being read while such a commit happens is not kept (it may predate the commit).
 */
export class WatchedCache<K, V> {
  private readonly entries = new Map<K, Kept<V>>();
  private readonly tables: Set<string>;
  /** Moves on with every drop: a value read across one is not kept. */
  private generation = 0;
  private dataVersion: number | undefined;
  private readonly shared: boolean;

  constructor(
    private readonly database: Database,
    tables: readonly string[],
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {
    this.tables = new Set(tables);
    this.shared = database.dialect === 'postgres';
    this.dataVersion = database.dataVersion?.();
    database.versions.onCommit((written) => {
      if (this.touches(written.keys())) this.clear();
    });
    database.versions.onRemoteCommit((detail) => {
      if (this.touches(tablesOf(detail))) this.clear();
    });
  }

  private touches(tables: Iterable<string>): boolean {
    for (const t of tables) if (t === ALL_TABLES || this.tables.has(t)) return true;
    return false;
  }

  clear(): void {
    this.entries.clear();
    this.generation++;
  }

  /** The epoch of the other instances' notifications (null: not listening, keep nothing); 0 with SQLite. */
  private epoch(): number | null {
    if (!this.shared) return 0;
    return this.database.versions.remoteEpoch();
  }

  /** Drops everything when another process wrote to the SQLite file. */
  private checkFile() {
    const version = this.database.dataVersion?.();
    if (version !== this.dataVersion) {
      this.dataVersion = version;
      this.clear();
    }
  }

  /** The kept value, if still good. */
  get(key: K): V | undefined {
    this.checkFile();
    const kept = this.entries.get(key);
    if (!kept) return undefined;
    const epoch = this.epoch();
    if (epoch === null || kept.epoch !== epoch || (this.shared && this.now() - kept.at > SHARED_MAX_AGE_MS)) {
      this.entries.delete(key);
      return undefined;
    }
    return kept.value;
  }

  /**
   * The kept value of `key`, or `read()`'s, kept unless a drop happened while it was read (or
   * `keep` says no: a value that must be asked again each time, such as a refusal).
   */
  async load<R extends V | undefined>(key: K, read: () => Promise<R>, keep: (value: V) => boolean = () => true): Promise<R> {
    const found = this.get(key);
    if (found !== undefined) return found as R;
    const generation = this.generation;
    const epoch = this.epoch();
    const at = this.now();
    const value = await read();
    this.checkFile();
    if (generation === this.generation && epoch !== null && epoch === this.epoch() && value !== undefined && keep(value)) {
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, { value, at, epoch });
    }
    return value;
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The tables a remote commit wrote, as its notification tells them. */
function tablesOf(detail: CommitDetail): string[] {
  if (detail.tables) return [...detail.tables];
  // Without its tables, a commit could have written anything.
  if (!detail.versions) return [ALL_TABLES];
  return [...detail.versions.keys()].map((k) => k.slice(k.indexOf(':') + 1));
}
