import { AsyncLocalStorage } from 'node:async_hooks';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type LogEvent } from 'kysely';
import pg from 'pg';

export type Dialect = 'sqlite' | 'postgres';
// Rows are dynamic: tables come from resource declarations, so the engine works untyped.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type DB = Kysely<any>;

export interface Database {
  db: DB;
  dialect: Dialect;
  /** Listen/notify connection string for cross-instance broadcasts (PostgreSQL only). */
  url: string | null;
  close(): Promise<void>;
}

/** Per-request statistics: the count of SQL statements, read by tests and a response header. */
export interface QueryStats {
  queries: number;
}
export const queryStats = new AsyncLocalStorage<QueryStats>();
let totalQueries = 0;
export const totalQueryCount = () => totalQueries;

function countQuery(_event: LogEvent) {
  totalQueries++;
  const stats = queryStats.getStore();
  if (stats) stats.queries++;
}

// PostgreSQL: keep dates as text and counts as numbers, the same as SQLite gives.
pg.types.setTypeParser(1082, (v) => v); // date
pg.types.setTypeParser(20, (v) => Number(v)); // int8 (count)
pg.types.setTypeParser(1700, (v) => Number(v)); // numeric
pg.types.setTypeParser(1184, (v) => new Date(v).toISOString()); // timestamptz
pg.types.setTypeParser(1114, (v) => new Date(`${v}Z`).toISOString()); // timestamp

export function openDatabase(opts: { databaseUrl: string | null; sqlitePath: string; poolSize?: number }): Database {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    // An idle client's error (server restart) must not crash the process.
    pool.on('error', () => {});
    const db = new Kysely({ dialect: new PostgresDialect({ pool }), log: countQuery });
    return { db, dialect: 'postgres', url: opts.databaseUrl, close: () => db.destroy() };
  }
  const sqlite = new SQLite(opts.sqlitePath);
  sqlite.pragma('journal_mode = WAL');
  // NORMAL in WAL mode survives a process kill (SIGKILL) without losing a committed write.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely({ dialect: new SqliteDialect({ database: sqlite }), log: countQuery });
  return {
    db,
    dialect: 'sqlite',
    url: null,
    close: async () => {
      await db.destroy();
    },
  };
}

/** Unique violation in either database. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** Foreign-key violation in either database. */
export function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string };
  return e?.code === '23503' || e?.code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
