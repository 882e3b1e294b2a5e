import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import type { Database } from './database';
import { ALL_CLIENTS, ALL_TABLES, dependOnReads, VERSIONS_TABLE, versionKey, type CommitDetail, type Reads, type RowChanges, type Written } from './data-versions';
import { affects } from './row-changes';

/**
 * A kept read: its value, the tables it read (null while it is computed), what each of its
 * statements depended on there (rows, columns: db/row-changes.ts) and the versions of its tables.
 */
interface Entry {
  clientId: number;
  key: string;
  value: Promise<unknown>;
  tables: Set<string> | null;
  reads: Reads | null;
  versions?: Map<string, number>;
  bytes: number;
}

/** Whether changes to a table leave an entry as it is: every statement it ran there is untouched. */
function untouched(entry: Entry, table: string, changes: RowChanges): boolean {
  const reads = entry.reads?.get(table);
  if (!reads) return false;
  const found = [versionKey(entry.clientId, table), versionKey(ALL_CLIENTS, table)].map((k) => changes.get(k)).filter((c) => c !== undefined);
  // The commit says it wrote the table for this client, but not what: unsure, so not untouched.
  if (!found.length) return false;
  return found.every((change) => !reads.some((read) => affects(read, change)));
}

const splitKey = (key: string): [number, string] => {
  const at = key.indexOf(':');
  return [Number(key.slice(0, at)), key.slice(at + 1)];
};

/**
 * A computation not started: the reader it was for had gone (closed its connection) while it
 * waited its turn. An error of status 499 (client closed request), answered to nobody and not
 * logged as a failure.
 */
export class ReaderGone extends Error {
  readonly statusCode = 499;
  readonly code = 'UMPIRE_READER_GONE';
  constructor() {
    super('the reader left before its turn');
  }
}

/**
 * At most `limit` computations at a time, the others waiting their turn in order. On PostgreSQL,
 * fifty documents computed side by side each keep their rows and objects alive across every round
 * trip to the database, long enough to be promoted out of V8's young generation and collected at
 * a higher price; a few at a time finish sooner each. bench/server-api.mjs (a list computed every
 * time, 50 connections), alternating runs: 4.2-4.8 ms of node CPU a request at most 4 at once,
 * against 5.1-6.2 with no limit, and a quarter more requests a second. SQLite's statements do not
 * wait (computations barely overlap), and there the turns cost more than they saved (2.6-3.3 ms
 * against 2.3-2.6): it has none. A computation started inside another runs at once (its caller
 * already holds a turn: waiting would wait for itself).
 */
class Turns {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly inside = new AsyncLocalStorage<true>();

  constructor(private readonly limit: number) {}

  async run<T>(compute: () => Promise<T>, gone?: () => boolean): Promise<T> {
    if (this.inside.getStore()) return compute();
    if (this.active >= this.limit) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
      // Its reader left while it waited: the turn goes to the next reader, and nothing is computed.
      if (gone?.()) {
        this.waiting.shift()?.();
        throw new ReaderGone();
      }
    }
    this.active++;
    try {
      return await this.inside.run(true, compute);
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}

/**
 * Reads kept in memory per client (whole JSON:API responses, standings, statistics). Each entry
 * knows what its computation read (seen by the driver, db/data-versions.ts): the tables, and for
 * each statement the rows it asked for or got and the columns that decided them (row-changes.ts).
 * A commit drops the entries whose statements it may have changed: a change to one club drops the
 * documents and lists holding that club, the lists of clubs it may enter, leave or move in (insert,
 * delete, a change of a filtered or sorted column), not another club's document nor lists of other
 * types; a write whose rows or columns the SQL does not say drops every entry reading its table.
 * Commits of this process drop entries at once; with PostgreSQL, other instances commit too, and
 * NOTIFY arrives late: there every cached read first compares the versions of its tables (bumped in
 * each write's own transaction) with those it was computed at, so no instance serves an answer
 * older than the reader's last write, wherever it went. A commit checked against an entry (this
 * process's own, or another's through NOTIFY with its row detail) that leaves it untouched moves
 * the entry's versions on, but only from the version just before: if any other commit came
 * between, the versions differ and the entry is computed again. With SQLite, another process
 * writing to the file moves `data_version`, and everything is dropped.
 */
export class ComputedCache {
  private readonly byClient = new Map<number, Map<string, Entry>>();
  private readonly byTable = new Map<string, Set<Entry>>();
  /** Entries still being computed: their tables are not known yet, so any change drops them. */
  private readonly pending = new Set<Entry>();
  private bytes = 0;
  private dataVersion: number | undefined;
  /** Other instances write to the same database: versions are compared on every read. */
  private readonly shared: boolean;
  /** Documents computed at once (Turns), when their statements wait for a database server. */
  private readonly turns: Turns | null;

  constructor(
    private readonly database: Database,
    private readonly maxBytes = 64 * 1024 * 1024,
    private readonly maxEntriesPerClient = 2000,
    /** Documents computed at once: two per core on PostgreSQL, no limit on SQLite. */
    turns = database.dialect === 'postgres' ? 2 * availableParallelism() : Infinity,
  ) {
    this.turns = Number.isFinite(turns) ? new Turns(turns) : null;
    database.versions.onCommit((written, detail) => this.dropWritten(written, detail));
    database.versions.onRemoteCommit((detail) => this.remoteCommit(detail));
    this.dataVersion = database.dataVersion?.();
    this.shared = database.dialect === 'postgres';
  }

  private clear() {
    this.byClient.clear();
    this.byTable.clear();
    this.pending.clear();
    this.bytes = 0;
  }

  private remove(entry: Entry) {
    const entries = this.byClient.get(entry.clientId);
    if (entries?.get(entry.key) !== entry) return;
    entries.delete(entry.key);
    this.pending.delete(entry);
    for (const t of entry.tables ?? []) this.byTable.get(t)?.delete(entry);
    this.bytes -= entry.bytes;
  }

  /** Drops the entries that read what a commit of this process changed. */
  private dropWritten(written: Written, detail?: CommitDetail) {
    const hit = (entry: Entry, clients: Set<number>) => clients.has(ALL_CLIENTS) || clients.has(entry.clientId);
    const all = new Set<number>();
    for (const clients of written.values()) for (const c of clients) all.add(c);
    if (written.get(ALL_TABLES)?.has(ALL_CLIENTS)) return this.clear();
    // Every table of these clients may have changed (a schema change, cascades not known).
    const everything = written.get(ALL_TABLES);
    if (everything) {
      for (const c of everything) for (const entry of [...(this.byClient.get(c)?.values() ?? [])]) this.remove(entry);
    }
    // Still computing: what they read is not known yet.
    for (const entry of [...this.pending]) if (hit(entry, all)) this.remove(entry);
    for (const entry of [...(this.byTable.get(ALL_TABLES) ?? [])]) if (hit(entry, all)) this.remove(entry);
    const changes = written.has(ALL_TABLES) ? null : (detail?.changes ?? null);
    for (const [table, clients] of written)
      for (const entry of [...(this.byTable.get(table) ?? [])])
        if ((hit(entry, clients) || written.has(ALL_TABLES)) && !(changes && untouched(entry, table, changes))) this.remove(entry);
    if (detail?.versions && !everything) this.advance(detail.versions);
  }

  /**
   * Entries a commit left untouched move their versions on to the commit's, each from the version
   * just before it only (so a commit not seen here still makes them stale).
   */
  private advance(versions: Map<string, number>, only?: Set<Entry>) {
    const byClient = new Map<number, [string, number][]>();
    for (const [key, version] of versions) {
      const [c, t] = splitKey(key);
      // A change of everything is never checked against an entry: it stays stale.
      if (t === ALL_TABLES) continue;
      byClient.set(c, [...(byClient.get(c) ?? []), [key, version]]);
    }
    for (const [c, keys] of byClient) {
      const groups = c === ALL_CLIENTS ? [...this.byClient.values()] : [this.byClient.get(c)].filter((g) => g !== undefined);
      for (const entries of groups)
        for (const entry of entries.values()) {
          if (!entry.versions || !entry.tables || (only && !only.has(entry))) continue;
          for (const [key, version] of keys) if ((entry.versions.get(key) ?? 0) === version - 1) entry.versions.set(key, version);
        }
    }
  }

  /**
   * Another instance's commit (NOTIFY): entries it touched are dropped now, those it left alone
   * move their versions on. Without its row detail nothing moves on: the versions differ, the
   * entries are computed again when next read.
   */
  private remoteCommit(detail: CommitDetail) {
    if (!detail.versions || !this.shared) return;
    const tables = new Map<number, Set<string>>();
    for (const key of detail.versions.keys()) {
      const [c, t] = splitKey(key);
      if (!tables.has(c)) tables.set(c, new Set());
      tables.get(c)!.add(t);
    }
    // Each entry is checked against everything the commit wrote for its client and for all clients
    // at once: moving on the versions of one part while another touched it would serve it stale.
    const candidates = tables.has(ALL_CLIENTS) ? [...this.byClient.values()] : [...tables.keys()].map((c) => this.byClient.get(c)).filter((g) => g !== undefined);
    const untouchedEntries = new Set<Entry>();
    for (const entries of candidates)
      for (const entry of [...entries.values()]) {
        if (!entry.tables || !entry.versions) continue;
        const written = new Set([...(tables.get(entry.clientId) ?? []), ...(tables.get(ALL_CLIENTS) ?? [])]);
        const read = [...written].filter((t) => entry.tables!.has(t) || t === ALL_TABLES || entry.tables!.has(ALL_TABLES));
        if (!read.length || (detail.changes && read.every((t) => t !== ALL_TABLES && untouched(entry, t, detail.changes!)))) untouchedEntries.add(entry);
        else if (detail.changes) this.remove(entry);
      }
    this.advance(detail.versions, untouchedEntries);
  }

  private entries(clientId: number): Map<string, Entry> {
    const version = this.database.dataVersion?.();
    if (version !== this.dataVersion) {
      this.dataVersion = version;
      this.clear();
    }
    let entries = this.byClient.get(clientId);
    if (!entries) this.byClient.set(clientId, (entries = new Map<string, Entry>()));
    if (entries.size >= this.maxEntriesPerClient || this.bytes >= this.maxBytes) {
      this.clear();
      this.byClient.set(clientId, (entries = new Map<string, Entry>()));
    }
    return entries;
  }

  /** Current versions of a client's tables (all when null), with those of every client's rows. */
  private async versions(clientId: number, tables: string[] | null): Promise<Map<string, number>> {
    let q = this.database.db.selectFrom(VERSIONS_TABLE).select(['client_id', 'table_name', 'version']).where('client_id', 'in', [ALL_CLIENTS, clientId]);
    if (tables) q = q.where('table_name', 'in', tables);
    const rows = await q.execute();
    return new Map(rows.map((r) => [versionKey(Number(r.client_id), String(r.table_name)), Number(r.version)]));
  }

  /** Whether a kept entry is still what a computation now would give (always, within one process). */
  private async fresh(entry: Entry): Promise<boolean> {
    if (!this.shared) return true;
    if (!entry.versions || !this.database.versions.active) return false;
    const tables = entry.tables ? [ALL_TABLES, ...entry.tables] : null;
    const now = await this.versions(entry.clientId, tables);
    const keys = tables
      ? [ALL_CLIENTS, entry.clientId].flatMap((c) => tables.map((t) => versionKey(c, t)))
      : new Set([...now.keys(), ...entry.versions.keys()]);
    for (const k of keys) if ((now.get(k) ?? 0) !== (entry.versions.get(k) ?? 0)) return false;
    return true;
  }

  private settle(entry: Entry, tables: Set<string>, reads: Reads, value: unknown) {
    if (this.byClient.get(entry.clientId)?.get(entry.key) !== entry) return;
    this.pending.delete(entry);
    entry.tables = tables;
    entry.reads = reads;
    for (const t of tables) {
      let set = this.byTable.get(t);
      if (!set) this.byTable.set(t, (set = new Set()));
      set.add(entry);
    }
    const body = (value as { body?: unknown } | null)?.body;
    entry.bytes = Buffer.isBuffer(body) ? body.length : 0;
    this.bytes += entry.bytes;
  }

  /** The cached value of `key`, or the result of `compute` (shared by concurrent callers). */
  async value<T>(clientId: number, key: string, compute: () => Promise<T>): Promise<T> {
    const kept = this.entries(clientId).get(key);
    if (kept && (await this.fresh(kept))) return kept.value as Promise<T>;
    // Versions are read before computing: a write committed meanwhile makes the entry stale, never wrong.
    const versions = this.shared && this.database.versions.active ? await this.versions(clientId, null) : undefined;
    const entries = this.entries(clientId);
    const entry: Entry = { clientId, key, tables: null, reads: null, versions, bytes: 0, value: Promise.resolve() };
    entry.value = this.database.versions.tracking(compute).then(({ value, tables, reads }) => {
      this.settle(entry, tables, reads, value);
      return value;
    });
    const previous = entries.get(key);
    if (previous) this.remove(previous);
    entries.set(key, entry);
    this.pending.add(entry);
    // A failed computation is not remembered.
    entry.value.catch(() => this.remove(entry));
    return entry.value as Promise<T>;
  }

  /**
   * `value` for a part of another computation (a list's total): kept while what it read is
   * unchanged, and what it read counts as read by the computation using it, computed or from
   * memory, so a kept document still depends on it. Only with the root database, never inside a
   * transaction, whose reads may not be committed.
   */
  async part<T>(clientId: number, key: string, compute: () => Promise<T>): Promise<T> {
    const value = await this.value(clientId, key, compute);
    const entry = this.byClient.get(clientId)?.get(key);
    // Dropped meanwhile (a commit, or the cache full): what it read is not known, so everything.
    if (entry?.tables && entry.reads) dependOnReads(entry.tables, entry.reads);
    else dependOnReads(new Set([ALL_TABLES]), new Map());
    return value;
  }

  /** `part` for one client, with the database it reads (a read context's `keep`). */
  partsOf(clientId: number) {
    return { db: this.database.db, part: <T>(key: string, compute: () => Promise<T>) => this.part(clientId, key, compute) };
  }

  /**
   * A response computed for a reader who asked for no kept answer (`Cache-Control: no-cache`), or
   * that is never kept: it waits its turn among the documents being computed, as `text`'s do, and
   * is not computed (ReaderGone) if `gone` says its reader left meanwhile: on match day a fan whose
   * app gave up waiting, and computing for nobody would make every later reader wait longer still.
   */
  computeNow<T>(compute: () => Promise<T>, gone?: () => boolean): Promise<T> {
    return this.turns ? this.turns.run(compute, gone) : compute();
  }

  /**
   * A response body, serialized and encoded once, with an entity tag of its content (so a client
   * that already holds it gets 304); `hit` tells whether it came from memory, `tables` what its
   * computation read (null when no longer known: it was dropped meanwhile).
   */
  async text(
    clientId: number,
    key: string,
    compute: () => Promise<unknown>,
  ): Promise<{ body: Buffer; etag: string; hit: boolean; tables: ReadonlySet<string> | null }> {
    let computed = false;
    const { body, etag } = await this.value(clientId, key, () =>
      this.computeNow(async () => {
        computed = true;
        return encodedDocument(await compute());
      }),
    );
    return { body, etag, hit: !computed, tables: this.byClient.get(clientId)?.get(key)?.tables ?? null };
  }
}

/** A strong entity tag of a body's bytes. */
export const entityTag = (body: Buffer) => `"${createHash('sha1').update(body).digest('base64url')}"`;

/** Where documents are encoded: grown to the largest seen, up to SCRATCH_MAX bytes. */
let scratch = Buffer.alloc(0);
const SCRATCH_MAX = 8 * 1024 * 1024;

/**
 * A document as its JSON's UTF-8 bytes, with their entity tag. Buffer.from measures a text before
 * writing it, two walks over a list's 120 kB of two-byte text (Polish names) and 0.17 ms; written
 * into a scratch buffer of the most it may need (3 bytes a UTF-16 unit) and copied out to its size,
 * 0.08 ms. Synchronous from write to copy, so no other document can come between.
 */
export function encodedDocument(doc: unknown): { body: Buffer; etag: string } {
  const text = JSON.stringify(doc);
  const most = text.length * 3;
  let body: Buffer;
  if (most > SCRATCH_MAX) body = Buffer.from(text);
  else {
    if (scratch.length < most) scratch = Buffer.allocUnsafe(Math.max(most, 2 * scratch.length, 64 * 1024));
    const length = scratch.write(text);
    body = Buffer.allocUnsafe(length);
    scratch.copy(body, 0, 0, length);
  }
  return { body, etag: entityTag(body) };
}
