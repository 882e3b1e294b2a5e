import { createHash } from 'node:crypto';
import type { Database } from '../db/database';
import { ALL_CLIENTS, ALL_TABLES, VERSIONS_TABLE, versionKey, type Written } from '../db/data-versions';

/** A kept read: its value, the tables it read (null while it is computed) and their versions then. */
interface Entry {
  clientId: number;
  key: string;
  value: Promise<unknown>;
  tables: Set<string> | null;
  versions?: Map<string, number>;
  bytes: number;
}

/**
 * Reads kept in memory per client (whole JSON:API responses, standings, statistics). Each entry
 * knows the tables its computation read (seen by the driver, db/data-versions.ts), and is dropped
 * when one of them changes: so a fan's quiz attempt no longer empties the cached pages and lists
 * that never read attempts. Commits of this process drop entries at once; with PostgreSQL, other
 * instances commit too, and NOTIFY arrives late: there every cached read first compares the
 * versions of its tables (bumped in each write's own transaction) with those it was computed at,
 * so no instance serves an answer older than the reader's last write, wherever it went. With
 * SQLite, another process writing to the file moves `data_version`, and everything is dropped.
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

  constructor(
    private readonly database: Database,
    private readonly maxBytes = 64 * 1024 * 1024,
    private readonly maxEntriesPerClient = 2000,
  ) {
    database.versions.onCommit((written) => this.dropWritten(written));
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

  /** Drops the entries that read what a commit of this process wrote. */
  private dropWritten(written: Written) {
    const hit = (entry: Entry, clients: Set<number>) => clients.has(ALL_CLIENTS) || clients.has(entry.clientId);
    const all = new Set<number>();
    for (const clients of written.values()) for (const c of clients) all.add(c);
    if (written.get(ALL_TABLES)?.has(ALL_CLIENTS)) return this.clear();
    for (const entry of [...this.pending]) if (hit(entry, all)) this.remove(entry);
    for (const entry of [...(this.byTable.get(ALL_TABLES) ?? [])]) if (hit(entry, all)) this.remove(entry);
    for (const [table, clients] of written)
      for (const entry of [...(this.byTable.get(table) ?? [])]) if (hit(entry, clients) || written.has(ALL_TABLES)) this.remove(entry);
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

  private settle(entry: Entry, tables: Set<string>, value: unknown) {
    if (this.byClient.get(entry.clientId)?.get(entry.key) !== entry) return;
    this.pending.delete(entry);
    entry.tables = tables;
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
    const entry: Entry = { clientId, key, tables: null, versions, bytes: 0, value: Promise.resolve() };
    entry.value = this.database.versions.tracking(compute).then(({ value, tables }) => {
      this.settle(entry, tables, value);
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
    const { body, etag } = await this.value(clientId, key, async () => {
      computed = true;
      const body = Buffer.from(JSON.stringify(await compute()));
      return { body, etag: entityTag(body) };
    });
    return { body, etag, hit: !computed, tables: this.byClient.get(clientId)?.get(key)?.tables ?? null };
  }
}

/** A strong entity tag of a body's bytes. */
export const entityTag = (body: Buffer) => `"${createHash('sha1').update(body).digest('base64url')}"`;
