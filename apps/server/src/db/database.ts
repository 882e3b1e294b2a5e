import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type CompiledQuery, type LogEvent, type SelectQueryBuilder, type SqliteDatabase, type SqliteStatement } from 'kysely';
import pg from 'pg';
import { DataVersions } from './data-versions';
import { rowBuilder } from './object-literals';
import { tracing } from '../telemetry/spans';
import { withStatementSpans } from './statement-spans';

export type Dialect = 'sqlite' | 'postgres';
// Rows are dynamic: tables come from resource declarations, so the engine works untyped.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tables come from declarations
export type DB = Kysely<any>;
/** A query over such dynamic tables, selecting rows of type O. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same: no static table types
export type DynamicSelect<O = Record<string, unknown>> = SelectQueryBuilder<any, any, O>;

export interface Database {
  db: DB;
  dialect: Dialect;
  /** Listen/notify connection string for cross-instance broadcasts (PostgreSQL only). */
  url: string | null;
  /** SQLite: changes when another process commits to the file (cached reads must be dropped). */
  dataVersion?: () => number;
  /** Versions of the tables, bumped by every committed write (read-your-writes of cached reads). */
  versions: DataVersions;
  close(): Promise<void>;
}

/** Per-request statistics: the count of SQL statements, read by tests and a response header. */
export interface QueryStats {
  queries: number;
}
export const queryStats = new AsyncLocalStorage<QueryStats>();
let totalQueries = 0;
export const totalQueryCount = () => totalQueries;

/**
 * The statements run in an async context, for a caller that asks (bench/server-api.mjs replays
 * those of one request through the bare driver: the floor its figures are compared with).
 */
export const statementLog = new AsyncLocalStorage<CompiledQuery[]>();

function countQuery(event: LogEvent) {
  totalQueries++;
  const stats = queryStats.getStore();
  if (stats) stats.queries++;
  statementLog.getStore()?.push(event.query);
}

// PostgreSQL: keep dates as text and counts as numbers, the same as SQLite gives.
pg.types.setTypeParser(1082, (v) => v); // date
pg.types.setTypeParser(20, (v) => Number(v)); // int8 (count)
pg.types.setTypeParser(1700, (v) => Number(v)); // numeric
pg.types.setTypeParser(1184, isoFromPostgres); // timestamptz
pg.types.setTypeParser(1114, (v) => new Date(`${v}Z`).toISOString()); // timestamp

/**
 * timestamptz text in UTC ('2026-11-22 01:10:38.329+00') as ISO 8601 with milliseconds, without a
 * Date per value (a list builds hundreds). The pool sets the session time zone to UTC.
 */
export function isoFromPostgres(v: string): string {
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d+))?\+00(?::00)?$/.exec(v);
  if (!m) return new Date(v).toISOString();
  return `${m[1]}T${m[2]}.${(m[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
}

export function openDatabase(opts: { databaseUrl: string | null; sqlitePath: string; poolSize?: number }): Database {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10, options: '-c TimeZone=UTC' });
    // An idle client's error (server restart) must not crash the process.
    pool.on('error', () => {});
    pool.on('connect', (client) => prepareReads(client));
    const versions = new DataVersions(true);
    // Other instances' commits, so their changes drop only what they touched (the cache works without).
    void versions.listen(opts.databaseUrl).catch(() => {});
    const db = new Kysely({ dialect: versions.wrap(new PostgresDialect({ pool })), log: countQuery });
    return {
      db,
      dialect: 'postgres',
      url: opts.databaseUrl,
      versions,
      close: async () => {
        await versions.close();
        await db.destroy();
      },
    };
  }
  const sqlite = new SQLite(opts.sqlitePath);
  sqlite.pragma('journal_mode = WAL');
  // NORMAL in WAL mode survives a process kill (SIGKILL) without losing a committed write.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('optimize = 0x10002');
  const versions = new DataVersions();
  const db = new Kysely({ dialect: versions.wrap(new SqliteDialect({ database: forKysely(sqlite, tracing ? basename(opts.sqlitePath) : null) })), log: countQuery });
  // Asked before every cached read: prepared once (pragma() compiles its statement on every call).
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  return {
    db,
    dialect: 'sqlite',
    url: null,
    versions,
    dataVersion: () => Number(dataVersion.get()),
    close: async () => {
      sqlite.pragma('optimize');
      await db.destroy();
    },
  };
}

/**
 * better-sqlite3 as Kysely sees it, cheaper on the hot path. Kysely prepares every statement anew;
 * the engine repeats a few shapes endlessly, so statements are kept by their SQL (a bounded map,
 * oldest dropped first). And a read returns its rows as arrays, made objects here: better-sqlite3
 * builds each row object property by property in C++, which costs more than the query itself.
 * `traced`: the database's name for the spans of its statements, null when the process does not trace.
 */
function forKysely(sqlite: SQLite.Database, traced: string | null, max = 500): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(source: string) {
      let statement = cache.get(source);
      if (!statement) {
        statement = withRowObjects(sqlite.prepare(source));
        // Traced, each run is a span (PostgreSQL's come from the pg instrumentation).
        if (traced !== null) statement = withStatementSpans(statement, source, traced);
        if (cache.size >= max) cache.delete(cache.keys().next().value!);
        cache.set(source, statement);
      }
      return statement;
    },
  };
}

/** A statement whose reads return objects built in JS from raw rows (the same objects: a later column of a name wins). */
function withRowObjects(statement: SQLite.Statement): SqliteStatement {
  if (!statement.reader) return statement;
  statement.raw(true);
  const toObject = rowBuilder(statement.columns().map((c) => c.name));
  return {
    reader: true,
    all: (parameters) => {
      const rows = statement.all(parameters) as unknown[][];
      const out = new Array<Record<string, unknown>>(rows.length);
      for (let i = 0; i < rows.length; i++) out[i] = toObject(rows[i]);
      return out;
    },
    run: (parameters) => statement.run(parameters),
    *iterate(parameters) {
      for (const values of statement.iterate(parameters) as IterableIterator<unknown[]>) yield toObject(values);
    },
  };
}

/**
 * PostgreSQL parses and plans an unnamed statement on every execution; the engine repeats a few
 * read shapes endlessly, so each connection prepares its reads once, by a name made of their SQL
 * (up to `max` of them; later ones stay unnamed). Only reads without `*`: a migration adding a
 * column cannot change what a kept one returns. Nor text searches: after five executions a
 * prepared statement may take a generic plan, which would not know the pattern a LIKE looks for.
 */
function prepareReads(client: pg.PoolClient, max = 300) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const named = new Map<string, { name: string; toObject?: (values: readonly unknown[]) => Record<string, unknown> }>();
  client.query = ((config: unknown, values?: unknown, ...rest: unknown[]) => {
    if (typeof config === 'string' && Array.isArray(values) && !rest.length) {
      let read = named.get(config);
      if (!read && named.size < max && /^\s*select\b/i.test(config) && !config.includes('*') && !/\blike\b/i.test(config)) {
        read = { name: `r${createHash('sha1').update(config).digest('hex').slice(0, 20)}` };
        named.set(config, read);
      }
      // Rows as arrays, made objects by a function compiled for the statement's columns (which a
      // named read cannot change): pg builds each row object key by key.
      if (read) {
        const kept = read;
        return (query({ name: kept.name, text: config, values, rowMode: 'array' }) as Promise<pg.QueryArrayResult>).then((result) => {
          const toObject = (kept.toObject ??= rowBuilder(result.fields.map((f) => f.name)));
          const rows = result.rows as unknown[];
          for (let i = 0; i < rows.length; i++) rows[i] = toObject(rows[i] as unknown[]);
          return result;
        });
      }
    }
    return query(config, values, ...rest);
  }) as typeof client.query;
}

/** Unique violation in either database. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** The column of a NOT NULL violation in either database, or null when the error is another. */
export function notNullColumn(err: unknown): string | null {
  const e = err as { code?: string; column?: string; message?: string };
  if (e?.code === '23502') return e.column ?? '';
  if (e?.code === 'SQLITE_CONSTRAINT_NOTNULL') return /NOT NULL constraint failed: [^.]+\.(\w+)/.exec(e.message ?? '')?.[1] ?? '';
  return null;
}

/** Foreign-key violation in either database. */
export function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string };
  return e?.code === '23503' || e?.code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
