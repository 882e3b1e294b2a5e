import type { AttributeType } from '@umpire/schema';
import { sql, type ColumnDataType, type CreateTableBuilder, type Expression } from 'kysely';
import type { DB, Dialect } from './database';

/** Column types per database for the attribute types of resource declarations. */
export function columnType(dialect: Dialect, type: AttributeType | 'id'): ColumnDataType | Expression<unknown> {
  const pg = dialect === 'postgres';
  switch (type) {
    case 'id':
      return pg ? 'serial' : 'integer';
    case 'string':
    case 'text':
      return 'text';
    case 'integer':
      return 'integer';
    case 'number':
      return pg ? 'double precision' : 'real';
    case 'boolean':
      return pg ? 'boolean' : 'integer';
    case 'date':
      return pg ? 'date' : 'text';
    case 'datetime':
      return pg ? 'timestamptz' : 'text';
    case 'json':
      return pg ? 'jsonb' : 'text';
  }
}

type Col = [name: string, type: AttributeType, opts?: { notNull?: boolean; default?: unknown }];
type Ref = [name: string, table: string, onDelete: 'restrict' | 'set null' | 'cascade', opts?: { notNull?: boolean }];

/**
 * A business table: id, client_id (tenancy), the given columns and references, timestamps,
 * an index on each reference and a unique index per client for each `unique` column.
 */
export async function createBusinessTable(
  db: DB,
  dialect: Dialect,
  name: string,
  columns: Col[],
  refs: Ref[] = [],
  unique: string[] = [],
): Promise<void> {
  let t: CreateTableBuilder<string, never> = db.schema
    .createTable(name)
    .addColumn('id', columnType(dialect, 'id') as ColumnDataType, (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'));
  for (const [col, type, opts] of columns) {
    t = t.addColumn(col, columnType(dialect, type) as ColumnDataType, (c) => {
      let b = c;
      if (opts?.notNull) b = b.notNull();
      if (opts?.default !== undefined) b = b.defaultTo(sqlDefault(dialect, opts.default));
      return b;
    });
  }
  for (const [col, target, onDelete, opts] of refs) {
    t = t.addColumn(col, 'integer', (c) => {
      const b = c.references(`${target}.id`).onDelete(onDelete);
      return opts?.notNull ? b.notNull() : b;
    });
  }
  t = t
    .addColumn('created_at', columnType(dialect, 'datetime') as ColumnDataType, (c) => c.notNull())
    .addColumn('updated_at', columnType(dialect, 'datetime') as ColumnDataType, (c) => c.notNull());
  await t.execute();
  await db.schema.createIndex(`${name}_client_idx`).on(name).columns(['client_id', 'id']).execute();
  for (const [col] of refs) await db.schema.createIndex(`${name}_${col}_idx`).on(name).column(col).execute();
  for (const col of unique)
    await db.schema.createIndex(`${name}_${col}_unique`).on(name).columns(['client_id', col]).unique().execute();
}

function sqlDefault(dialect: Dialect, value: unknown) {
  if (typeof value === 'boolean') return dialect === 'postgres' ? sql.lit(value) : value ? 1 : 0;
  return value as string | number;
}

/**
 * An index in the order of a list sort ('a,-b'): (client_id, columns..., id), so a page is read in
 * order. The engine orders ascending with nulls first and descending with nulls last; PostgreSQL
 * needs that spelt out to use the index, SQLite does it anyway.
 */
export async function createSortIndex(db: DB, dialect: Dialect, name: string, table: string, sort: string): Promise<void> {
  const columns = sort.split(',').map((s) => {
    const desc = s.startsWith('-');
    const column = `"${s.replace(/^-/, '')}"`;
    if (dialect === 'sqlite') return `${column}${desc ? ' desc' : ''}`;
    return `${column} ${desc ? 'desc nulls last' : 'asc nulls first'}`;
  });
  await sql.raw(`create index "${name}" on "${table}" ("client_id", ${columns.join(', ')}, "id")`).execute(db);
}

/** Hidden column of the folded text of a row's search attributes (one per table, one index). */
export const SEARCH_COLUMN = 'search_text';
/** Hidden column of the collation key of a sortable text attribute. */
export const sortKeyColumn = (attribute: string) => `${attribute}_sort`;

/** Whether PostgreSQL's pg_trgm is installed, so substring search can be indexed. */
export async function hasTrigrams(db: DB, dialect: Dialect): Promise<boolean> {
  if (dialect !== 'postgres') return false;
  const { rows } = await sql`select 1 from pg_extension where extname = 'pg_trgm'`.execute(db);
  return rows.length > 0;
}

/** SQLite: the FTS5 table indexing the trigrams of a table's search text. */
export const searchIndexTable = (table: string) => `${table}_search`;

/**
 * Substring search served by trigrams: a GIN index where pg_trgm is installed; on SQLite an FTS5
 * trigram table over the column, kept in step by triggers.
 */
async function indexSearchText(db: DB, dialect: Dialect, table: string): Promise<void> {
  if (dialect === 'postgres') {
    if (await hasTrigrams(db, dialect))
      await sql.raw(`create index "${table}_search_trgm_idx" on "${table}" using gin ("${SEARCH_COLUMN}" gin_trgm_ops)`).execute(db);
    return;
  }
  const fts = searchIndexTable(table);
  const remove = `insert into "${fts}"("${fts}", rowid, "${SEARCH_COLUMN}") values ('delete', old.id, old."${SEARCH_COLUMN}");`;
  const add = `insert into "${fts}"(rowid, "${SEARCH_COLUMN}") values (new.id, new."${SEARCH_COLUMN}");`;
  for (const statement of [
    `create virtual table "${fts}" using fts5("${SEARCH_COLUMN}", content='${table}', content_rowid='id', tokenize='trigram')`,
    `create trigger "${fts}_insert" after insert on "${table}" begin ${add} end`,
    `create trigger "${fts}_delete" after delete on "${table}" begin ${remove} end`,
    `create trigger "${fts}_update" after update of "${SEARCH_COLUMN}" on "${table}" begin ${remove} ${add} end`,
  ])
    await sql.raw(statement).execute(db);
}

/**
 * The hidden columns the engine keeps for a table's text attributes (jsonapi/shadow.ts): the
 * folded search text, indexed by trigrams, and a collation key per sortable text attribute,
 * compared bytewise whatever the database's collation.
 */
export async function addShadowColumns(db: DB, dialect: Dialect, table: string, search: boolean, sortKeys: string[]): Promise<void> {
  if (search) {
    await db.schema.alterTable(table).addColumn(SEARCH_COLUMN, 'text').execute();
    await indexSearchText(db, dialect, table);
  }
  for (const attribute of sortKeys)
    await db.schema
      .alterTable(table)
      .addColumn(sortKeyColumn(attribute), 'text', (c) => (dialect === 'postgres' ? c.modifyEnd(sql`collate "C"`) : c))
      .execute();
}
