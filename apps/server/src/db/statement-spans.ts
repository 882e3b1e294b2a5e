import type { SqliteStatement } from 'kysely';
import { childSpan, inChildSpanSync } from '../telemetry/spans';

/** The statement's first word, as the pg instrumentation names its spans (`SELECT`, `INSERT`, `BEGIN`). */
export function operationOf(sql: string): string {
  const m = /^\s*([A-Za-z]+)/.exec(sql);
  return m ? m[1].toUpperCase() : 'QUERY';
}

/**
 * A SQLite statement whose runs are spans (`sqlite.query:SELECT`), as the pg instrumentation
 * gives PostgreSQL's: better-sqlite3 has no instrumentation. Made only when tracing is on, once per
 * prepared statement (database.ts keeps them), so an untraced process runs the bare statement.
 */
export function withStatementSpans(statement: SqliteStatement, sql: string, namespace: string): SqliteStatement {
  const operation = operationOf(sql);
  const name = `sqlite.query:${operation}`;
  const attributes = { 'db.system.name': 'sqlite', 'db.namespace': namespace, 'db.operation.name': operation, 'db.query.text': sql };
  return {
    reader: statement.reader,
    all: (parameters) => inChildSpanSync(name, attributes, () => statement.all(parameters)),
    run: (parameters) => inChildSpanSync(name, attributes, () => statement.run(parameters)),
    *iterate(parameters) {
      const span = childSpan(name, attributes);
      try {
        yield* statement.iterate(parameters);
      } finally {
        span?.end();
      }
    },
  };
}
