import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { CompiledQuery, type DatabaseConnection, type Dialect as KyselyDialect, type Driver, type QueryResult, type TransactionSettings } from 'kysely';
import { anyChange, changeOf, mergeChange, readsOf, type RowChange, type TableRead } from './row-changes';

/**
 * Read-your-writes across instances (issue 12, point 2). Every committed write bumps, in its own
 * transaction, one version row per table it wrote (`data_versions`); a cached read remembers the
 * versions of the tables it read and is served again only while they are unchanged. The tables
 * are taken from the SQL itself, at the driver, so no write path (engine, fan API, jobs, raw SQL)
 * can forget it; DDL and statements that cannot be read bump the row `*`, on which every cached
 * read depends.
 */
export const ALL_TABLES = '*';
export const VERSIONS_TABLE = 'data_versions';
// Rows no cached read shows: bumping them would only add contention (job claims, replays, rate
// limits, the offsets uploads commit every few megabytes, a push send's two writes per message:
// the notification's counters, which staff see, are written beside them and stay tracked). And
// the kept row counts (row-counts.ts), written by triggers: a read of one depends on its table's
// inserts and deletes instead (dependOnMembership).
const UNTRACKED = new Set([
  VERSIONS_TABLE, 'jobs', 'idempotency_keys', 'rate_limit_hits', 'file_uploads', 'file_upload_chunks', 'kysely_migration', 'kysely_migration_lock', 'push_deliveries',
  'row_counts',
]);
const NOT_TABLES = new Set(['set', 'skip', 'of', 'nowait', 'only', 'lateral', 'select']);

/** Rows of every client: a write whose client cannot be read from its statement counts for all. */
export const ALL_CLIENTS = 0;

/** What a write statement changed: table → clients (ALL_CLIENTS when unknown). */
export type Written = Map<string, Set<number>>;

/** Parameter index of each placeholder (`$n` for PostgreSQL, `?` for SQLite) by its position. */
function placeholders(sql: string): Map<number, number> {
  const at = new Map<number, number>();
  let next = 0;
  for (const m of sql.matchAll(/\$(\d+)|\?/g)) at.set(m.index, m[1] ? Number(m[1]) - 1 : next++);
  return at;
}

/**
 * Where a write's clients are, from its SQL alone: the parameter holding `client_id` in each of
 * its value tuples or filters (-1: a place that cannot be read, every client), or null when the
 * statement names none (every client). Kept per SQL text: an engine repeats a few shapes.
 */
function clientParamsOf(sql: string): number[] | null {
  const at = placeholders(sql);
  const out: number[] = [];
  const param = (pos: number) => out.push(at.get(pos) ?? -1);
  const insert = /^\s*insert\s+(?:or\s+\w+\s+)?into\s+"?\w+"?\s*\(([^)]*)\)\s*values\s*/i.exec(sql);
  if (insert) {
    const k = insert[1].split(',').map((c) => c.trim().replace(/"/g, '')).indexOf('client_id');
    if (k < 0) return null;
    // Each tuple of plain placeholders; anything else (an expression) is not read: all clients.
    const tuples = /^(\((?:\s*(?:\$\d+|\?)\s*,?)*\)\s*,?\s*)+/.exec(sql.slice(insert.index + insert[0].length));
    if (!tuples) return null;
    const base = insert.index + insert[0].length;
    for (const t of tuples[0].matchAll(/\(([^)]*)\)/g)) {
      const items = [...t[1].matchAll(/\$\d+|\?/g)];
      if (items[k]) param(base + t.index + 1 + items[k].index);
      else out.push(-1);
    }
    return out.length ? out : null;
  }
  const filters = [...sql.matchAll(/(?:"\w+"\.)?"?client_id"?\s*=\s*(\$\d+|\?)/gi)];
  if (!filters.length) return null;
  for (const f of filters) param(f.index + f[0].length - f[1].length);
  return out;
}

/** The clients whose rows a write touches, read from `client_id` in its values or its filter. */
function clientsOf(sql: string, params: readonly unknown[]): Set<number> {
  const places = planOf(sql).clientParams;
  if (!places) return new Set([ALL_CLIENTS]);
  const clients = new Set<number>();
  for (const i of places) {
    const v = i < 0 ? undefined : Number(params[i]);
    clients.add(v !== undefined && Number.isInteger(v) && v > 0 ? v : ALL_CLIENTS);
  }
  return clients;
}

/** What a statement's SQL says of its writes, whatever its parameters. */
interface WritePlan {
  head: string | undefined;
  tables: string[];
  deletes: string[];
  clientParams: number[] | null;
}

const plans = new Map<string, WritePlan>();
const MAX_PLANS = 2000;

function planOf(sql: string): WritePlan {
  let plan = plans.get(sql);
  if (plan) return plan;
  const head = /^\s*(\w+)/.exec(sql)?.[1]?.toLowerCase();
  const tables = new Set<string>();
  for (const m of sql.matchAll(/\b(?:insert\s+(?:or\s+\w+\s+)?into|replace\s+into|update|delete\s+from)\s+"?(\w+)"?/gi)) {
    const t = m[1].toLowerCase();
    if (!NOT_TABLES.has(t)) tables.add(t);
  }
  const deletes = [...sql.matchAll(/\bdelete\s+from\s+"?(\w+)"?/gi)].map((m) => m[1].toLowerCase());
  plan = { head, tables: [...tables], deletes, clientParams: head && head !== 'with' && ['insert', 'update', 'delete', 'replace'].includes(head) ? clientParamsOf(sql) : null };
  // Bulk inserts make SQL texts of every length: the map is emptied rather than grown without bound.
  if (plans.size >= MAX_PLANS) plans.clear();
  plans.set(sql, plan);
  return plan;
}

/**
 * Tables a delete of each table reaches through foreign keys (cascade, set null, set default),
 * transitively: their rows change without the SQL naming them.
 */
export type Cascades = Map<string, Set<string>>;

/** Closes `edges` (parent → children whose keys follow a delete) over every path. */
export function cascadesOf(edges: Iterable<{ parent: string; child: string }>): Cascades {
  const direct = new Map<string, Set<string>>();
  for (const { parent, child } of edges) {
    const p = parent.toLowerCase();
    if (!direct.has(p)) direct.set(p, new Set());
    direct.get(p)!.add(child.toLowerCase());
  }
  const all: Cascades = new Map();
  for (const start of direct.keys()) {
    const reached = new Set<string>();
    const todo = [start];
    while (todo.length)
      for (const next of direct.get(todo.pop()!) ?? []) {
        if (reached.has(next)) continue;
        reached.add(next);
        todo.push(next);
      }
    all.set(start, reached);
  }
  return all;
}

/** What a statement writes, `*` when it changes the schema; nothing for a read. */
export function writtenBy(sql: string, params: readonly unknown[] = [], cascades?: Cascades): Written {
  const written: Written = new Map();
  const head = /^\s*(\w+)/.exec(sql)?.[1]?.toLowerCase();
  if (!head) return written;
  if (['create', 'alter', 'drop', 'truncate'].includes(head)) return new Map([[ALL_TABLES, new Set([ALL_CLIENTS])]]);
  if (!['insert', 'update', 'delete', 'replace', 'with'].includes(head)) return written;
  const { tables, deletes } = planOf(sql);
  // A write whose target cannot be found (unusual syntax): unsure, so everything.
  if (head !== 'with' && !tables.length) return new Map([[ALL_TABLES, new Set([ALL_CLIENTS])]]);
  const clients = head === 'with' ? new Set([ALL_CLIENTS]) : clientsOf(sql, params);
  for (const t of tables) written.set(t, new Set(clients));
  // A delete reaches further than its SQL says: foreign keys cascade (an article's components) or
  // set null in other tables. With the schema's keys known, those tables count too; without them,
  // every table of its clients does.
  for (const d of deletes) {
    const reached = cascades ? cascades.get(d) : new Set([ALL_TABLES]);
    for (const t of reached ?? []) written.set(t, new Set([...(written.get(t) ?? []), ...clients]));
  }
  return written;
}

/** The tables (or views) a statement reads. */
export function readTables(sql: string): string[] {
  const tables = new Set<string>();
  for (const m of sql.matchAll(/\b(?:from|join)\s+"?(\w+)"?/gi)) tables.add(m[1].toLowerCase());
  return [...tables];
}

/** What a computation read, per table: each statement's dependencies (row-changes.ts). */
export type Reads = Map<string, TableRead[]>;

/** What a cached computation read: filled by the driver while the computation runs. */
const reading = new AsyncLocalStorage<{ tables: Set<string>; reads: Reads }>();

/**
 * For the computation being tracked: it depends on which of the client's rows a table holds (an
 * insert, a delete, a change of client), though no statement of it names the table. For figures
 * kept beside the table by triggers (row-counts.ts), whose writes no statement names either.
 */
export function dependOnMembership(table: string): void {
  const store = reading.getStore();
  if (!store) return;
  store.tables.add(table);
  addRead(store.reads, table, { conditions: new Set(['client_id']), words: new Set(['client_id']) });
}

/**
 * For the computation being tracked: it depends on what another computation read (a value kept
 * apart and used by this one, computed or from memory), as if it had run those statements itself.
 */
export function dependOnReads(tables: ReadonlySet<string>, reads: Reads): void {
  const store = reading.getStore();
  if (!store) return;
  for (const t of tables) store.tables.add(t);
  for (const [table, list] of reads) for (const read of list) addRead(store.reads, table, read);
}

function addRead(reads: Reads, table: string, read: TableRead): void {
  const list = reads.get(table);
  if (list) list.push(read);
  else reads.set(table, [read]);
}

/** Row-level detail of a commit: version key (client, table) → what changed there. */
export type RowChanges = Map<string, RowChange>;

/**
 * A commit as caches see it: the row-level changes (null when not known) and, with PostgreSQL,
 * the versions the commit gave its tables (a cache that checked a change against an entry may
 * move the entry's version on, when the change was the only one since).
 */
export interface CommitDetail {
  changes: RowChanges | null;
  versions: Map<string, number> | null;
  /** The tables another instance's commit wrote, when its versions were too many to send (else those of `versions`). */
  tables?: Set<string>;
}

/** PostgreSQL channel of every commit's versions and row changes, for the other instances' caches. */
export const VERSIONS_CHANNEL = 'umpire_versions';
// NOTIFY payloads are limited to 8000 bytes: larger detail is left out (receivers then know less, and drop).
const MAX_DETAIL = 4000;
/** Tables (per client) a commit's NOTIFY may name: beyond, the others learn nothing from it (and drop). */
const MAX_NOTIFIED = 60;

/** What the transaction of a connection wrote, bumped just before it commits. */
interface Tracked extends DatabaseConnection {
  inner: DatabaseConnection;
  written: Written | null;
  changes: RowChanges | null;
}

function addChanges(into: RowChanges, written: Written, query: CompiledQuery, rows: readonly unknown[]) {
  const own = changeOf(query.sql, query.parameters, rows);
  for (const [table, clients] of written)
    for (const c of clients) {
      const key = versionKey(c, table);
      into.set(key, mergeChange(into.get(key), own && own.table === table ? own.change : anyChange()));
    }
}

/** The detail of a commit as a NOTIFY payload (null detail when too large). */
function detailPayload(origin: string, changes: RowChanges): string {
  const list = [...changes].map(([k, c]) => [k, c.ids && [...c.ids], c.columns && [...c.columns], c.membership]);
  const text = JSON.stringify(list);
  return JSON.stringify({ origin, changes: text.length > MAX_DETAIL ? null : list });
}

function parseDetail(payload: string, versions: Map<string, number>): CommitDetail {
  const body = JSON.parse(payload) as { changes: [string, number[] | null, string[] | null, boolean][] | null };
  const changes: RowChanges | null = body.changes
    ? new Map(body.changes.map(([k, ids, columns, membership]) => [k, { ids: ids && new Set(ids), columns: columns && new Set(columns), membership }]))
    : null;
  return { changes, versions };
}

function merge(into: Written, from: Written) {
  for (const [t, clients] of from) {
    let set = into.get(t);
    if (!set) into.set(t, (set = new Set()));
    for (const c of clients) set.add(c);
  }
}

/** The version key of a client's table. */
export const versionKey = (clientId: number, table: string) => `${clientId}:${table}`;

export class DataVersions {
  private enabled = false;
  private views = new Set<string>();
  private cascades: Cascades | undefined;
  private readonly listeners = new Set<(written: Written, detail: CommitDetail) => void>();
  private readonly remoteListeners = new Set<(detail: CommitDetail) => void>();
  /** This process, in its NOTIFY payloads (its own come back to it). */
  private readonly origin = randomUUID();
  private listener: pg.Client | null = null;
  private closed = false;
  /** Whether other instances' commits are heard now, and how many times that began or stopped. */
  private listening = false;
  private listenEpoch = 0;

  /** With PostgreSQL: bumps return the new versions and tell the other instances (NOTIFY at commit). */
  constructor(private readonly shared = false) {}

  /** Turned on once the migrations have created the table (they run untracked). */
  enable(views: Iterable<string>, cascades?: Cascades): void {
    this.views = new Set([...views].map((v) => v.toLowerCase()));
    this.cascades = cascades;
    this.enabled = true;
  }

  get active(): boolean {
    return this.enabled;
  }

  /** Called synchronously after each commit of this process with what it changed. */
  onCommit(listener: (written: Written, detail: CommitDetail) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Called with the commits of other instances (PostgreSQL NOTIFY, once `listen` runs). They may
   * arrive late or not at all: they only let a cache keep entries a change did not touch; the
   * version check before serving is what keeps answers fresh.
   */
  onRemoteCommit(listener: (detail: CommitDetail) => void): () => void {
    this.remoteListeners.add(listener);
    return () => this.remoteListeners.delete(listener);
  }

  /**
   * While other instances' commits are heard (LISTEN in place), a number that changes each time
   * that starts or stops; null while they are not (a cache relying on them must keep nothing).
   */
  remoteEpoch(): number | null {
    return this.listening ? this.listenEpoch : null;
  }

  /** LISTENs for other instances' commits (PostgreSQL), reconnecting when the connection drops. */
  async listen(url: string): Promise<void> {
    if (this.closed || this.listener) return;
    const client = new pg.Client({ connectionString: url });
    let retried = false;
    const retry = () => {
      if (retried) return;
      retried = true;
      if (this.listener === client) {
        this.listener = null;
        this.listening = false;
        this.listenEpoch++;
      }
      if (!this.closed) setTimeout(() => void this.listen(url).catch(retry), 500).unref();
    };
    client.on('notification', (msg) => {
      if (!msg.payload) return;
      try {
        const { origin, versions, detail, tables } = JSON.parse(msg.payload) as { origin: string; versions: [number, string, number][] | null; detail: string; tables?: string[] };
        if (origin === this.origin) return;
        const parsed = parseDetail(detail, new Map((versions ?? []).map(([c, t, v]) => [versionKey(Number(c), t), Number(v)])));
        if (tables) parsed.tables = new Set(tables);
        for (const listener of this.remoteListeners) listener(parsed);
      } catch {
        // A payload not of ours: nothing to learn from it.
      }
    });
    client.on('error', retry);
    client.on('end', retry);
    this.listener = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${VERSIONS_CHANNEL}`);
      if (this.listener === client && !retried) {
        this.listening = true;
        this.listenEpoch++;
      }
    } catch {
      await client.end().catch(() => {});
      retry();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.listener?.end().catch(() => {});
  }

  /**
   * Runs a computation and returns the tables it read with its result; a view stands for
   * everything (its tables are not in the SQL).
   */
  async tracking<T>(compute: () => Promise<T>): Promise<{ value: T; tables: Set<string>; reads: Reads }> {
    const store = { tables: new Set<string>(), reads: new Map() as Reads };
    const value = await reading.run(store, compute);
    const { tables, reads } = store;
    for (const t of tables) if (this.views.has(t)) tables.add(ALL_TABLES);
    return { value, tables, reads };
  }

  /** The dialect with its driver wrapped. */
  wrap(dialect: KyselyDialect): KyselyDialect {
    return {
      createAdapter: () => dialect.createAdapter(),
      createQueryCompiler: () => dialect.createQueryCompiler(),
      createIntrospector: (db) => dialect.createIntrospector(db),
      createDriver: () => this.wrapDriver(dialect.createDriver()),
    };
  }

  private wrapDriver(driver: Driver): Driver {
    const connections = new WeakMap<DatabaseConnection, Tracked>();
    const listeners = this.listeners;
    const enabled = () => this.enabled;
    const cascades = () => this.cascades;
    const shared = this.shared;
    const origin = this.origin;
    /** Bumps the versions of what a transaction wrote; with PostgreSQL returns them, and NOTIFY tells the others at commit. */
    const bump = async (inner: DatabaseConnection, written: Written, changes: RowChanges | null): Promise<Map<string, number> | null> => {
      // One row per client and table, in a fixed order: concurrent bumpers lock them alike (no
      // deadlock). Names are inlined: word characters or `*` (the patterns above), never input.
      const rows = [...written].flatMap(([t, clients]) => [...clients].map((c) => [c, t] as const));
      rows.sort(([c1, t1], [c2, t2]) => c1 - c2 || (t1 < t2 ? -1 : t1 > t2 ? 1 : 0));
      const values = rows.map(([c, t]) => `(${c}, '${t}', 1)`).join(', ');
      const upsert = `insert into ${VERSIONS_TABLE} (client_id, table_name, version) values ${values} on conflict (client_id, table_name) do update set version = ${VERSIONS_TABLE}.version + 1`;
      if (!shared) {
        await inner.executeQuery(CompiledQuery.raw(upsert));
        return null;
      }
      if (rows.length > MAX_NOTIFIED) {
        // Too many versions to send: the others hear which tables changed (caches that must drop at once, auth), no versions.
        const tables = [...new Set(rows.map(([, t]) => t))];
        await inner.executeQuery(
          CompiledQuery.raw(`with b as (${upsert}) select pg_notify('${VERSIONS_CHANNEL}', $1::text)`, [
            JSON.stringify({ origin, versions: null, tables, detail: JSON.stringify({ origin, changes: null }) }),
          ]),
        );
        return null;
      }
      // The new versions with the row detail in one NOTIFY, sent by PostgreSQL when (and if) this commits.
      const result = await inner.executeQuery<{ client_id: number; table_name: string; version: number }>(
        CompiledQuery.raw(
          `with b as (${upsert} returning client_id, table_name, version), ` +
            `n as (select pg_notify('${VERSIONS_CHANNEL}', json_build_object('origin', $1::text, 'versions', (select json_agg(json_build_array(client_id, table_name, version)) from b), 'detail', $2::text)::text) as sent) ` +
            `select b.client_id, b.table_name, b.version from b cross join n`,
          [origin, detailPayload(origin, changes ?? (new Map() as RowChanges))],
        ),
      );
      return new Map(result.rows.map((r) => [versionKey(Number(r.client_id), String(r.table_name)), Number(r.version)]));
    };
    const committed = (written: Written, changes: RowChanges | null, versions: Map<string, number> | null) => {
      for (const listener of listeners) listener(written, { changes, versions });
    };
    const note = (query: CompiledQuery): Written => {
      const store = reading.getStore();
      if (store) for (const t of readTables(query.sql)) store.tables.add(t);
      const written: Written = enabled() ? writtenBy(query.sql, query.parameters, cascades()) : new Map<string, Set<number>>();
      for (const t of UNTRACKED) written.delete(t);
      return written;
    };
    /** A read's row-level dependencies, for the computation being tracked. */
    const noteRead = (query: CompiledQuery, rows: readonly unknown[]) => {
      const store = reading.getStore();
      if (!store) return;
      for (const [table, read] of readsOf(query.sql, query.parameters, rows)) addRead(store.reads, table, read);
    };
    return {
      init: () => driver.init(),
      destroy: () => driver.destroy(),
      async acquireConnection() {
        const inner = await driver.acquireConnection();
        let conn = connections.get(inner);
        if (!conn) {
          const tracked: Tracked = {
            inner,
            written: null,
            changes: null,
            async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
              const writes = note(query);
              if (!writes.size) {
                const result = await inner.executeQuery<R>(query);
                noteRead(query, result.rows);
                return result;
              }
              if (tracked.written) {
                merge(tracked.written, writes);
                const result = await inner.executeQuery<R>(query);
                if (tracked.changes) addChanges(tracked.changes, writes, query, result.rows);
                return result;
              }
              // A write outside a transaction: made one, so the write and its bump commit together.
              await driver.beginTransaction(inner, {});
              try {
                const result = await inner.executeQuery<R>(query);
                const changes: RowChanges = new Map();
                addChanges(changes, writes, query, result.rows);
                const versions = await bump(inner, writes, changes);
                await driver.commitTransaction(inner);
                committed(writes, changes, versions);
                return result;
              } catch (err) {
                await driver.rollbackTransaction(inner).catch(() => {});
                throw err;
              }
            },
            streamQuery: <R>(query: CompiledQuery, chunkSize?: number) => inner.streamQuery<R>(query, chunkSize),
          };
          connections.set(inner, (conn = tracked));
        }
        return conn;
      },
      releaseConnection: (conn) => driver.releaseConnection((conn as Tracked).inner),
      async beginTransaction(conn, settings: TransactionSettings) {
        await driver.beginTransaction((conn as Tracked).inner, settings);
        (conn as Tracked).written = new Map();
        (conn as Tracked).changes = new Map();
      },
      async commitTransaction(conn) {
        const tracked = conn as Tracked;
        const { written, changes } = tracked;
        tracked.written = null;
        tracked.changes = null;
        const versions = written?.size && enabled() ? await bump(tracked.inner, written, changes) : null;
        await driver.commitTransaction(tracked.inner);
        if (written?.size) committed(written, changes, versions);
      },
      async rollbackTransaction(conn) {
        (conn as Tracked).written = null;
        (conn as Tracked).changes = null;
        await driver.rollbackTransaction((conn as Tracked).inner);
      },
      ...(driver.savepoint && { savepoint: (conn, name, compile) => driver.savepoint!((conn as Tracked).inner, name, compile) }),
      ...(driver.rollbackToSavepoint && { rollbackToSavepoint: (conn, name, compile) => driver.rollbackToSavepoint!((conn as Tracked).inner, name, compile) }),
      ...(driver.releaseSavepoint && { releaseSavepoint: (conn, name, compile) => driver.releaseSavepoint!((conn as Tracked).inner, name, compile) }),
    };
  }
}
