import { sql } from 'kysely';
import type { DB, Dialect } from './database';
import { dependOnMembership } from './data-versions';

/**
 * How many rows each client has in each table, kept by triggers on SQLite (issue 25, point 5). A
 * list's total was `count(*)` over the client's entries of an index: 0.34 ms at 10,000 rows, 35 ms
 * at a million (a fan list, a quiz's attempts), on every read the cache could not answer. Here it
 * is one row, written in the transaction of every insert and delete, a cascade's included, so it is
 * never behind the table (about 1.5 µs more per row written). Not on PostgreSQL: its writers commit
 * side by side, and one row per client and table would make every insert wait for the one before
 * it to commit.
 *
 * The triggers are made when the server starts (`keepRowCounts`), for the tables it lists: a
 * migration that rebuilds a table drops its triggers, and the next start makes them again and
 * counts that table anew. The version in their names does the same when their text changes.
 */
export const ROW_COUNTS_TABLE = 'row_counts';
const VERSION = 1;
const triggerName = (table: string, what: 'insert' | 'delete' | 'update') => `row_counts_v${VERSION}_${table}_${what}`;

/** The tables whose counts are kept, per database (its root Kysely instance), once `keepRowCounts` has run. */
const kept = new WeakMap<DB, Set<string>>();

/** Makes the counts table and the triggers of `tables` that miss them (SQLite only); tables without `client_id`, and views, are left out. */
export async function keepRowCounts(db: DB, dialect: Dialect, tables: string[]): Promise<void> {
  if (dialect !== 'sqlite') return;
  await sql`create table if not exists ${sql.table(ROW_COUNTS_TABLE)} (
    table_name text not null, client_id integer not null, n integer not null, primary key (table_name, client_id)
  ) without rowid`.execute(db);
  const counted = new Set<string>();
  const wanted = [...new Set(tables)];
  const real = await sql<{ name: string }>`select m.name from sqlite_master m where m.type = 'table'
    and exists (select 1 from pragma_table_info(m.name) c where c.name = 'client_id')`.execute(db);
  const withClient = new Set(real.rows.map((r) => r.name));
  const triggers = new Set((await sql<{ name: string }>`select name from sqlite_master where type = 'trigger'`.execute(db)).rows.map((r) => r.name));
  for (const table of wanted) {
    // Names from the declarations, written into the triggers' text.
    if (!withClient.has(table) || !/^[a-z_][a-z0-9_]*$/.test(table)) continue;
    if (!(['insert', 'delete', 'update'] as const).every((what) => triggers.has(triggerName(table, what)))) await countAnew(db, table, triggers);
    counted.add(table);
  }
  kept.set(db, counted);
}

/** Drops the table's count triggers of any version, counts its rows and makes the triggers, in one transaction. */
async function countAnew(db: DB, table: string, triggers: Set<string>): Promise<void> {
  // A row without a client is in no client's count (a where is also what SQLite needs before `on conflict`).
  const add = (row: 'new' | 'old', sign: 1 | -1) =>
    `insert into "${ROW_COUNTS_TABLE}" ("table_name", "client_id", "n") select '${table}', ${row}."client_id", ${sign} where ${row}."client_id" is not null
     on conflict ("table_name", "client_id") do update set "n" = "${ROW_COUNTS_TABLE}"."n" + (${sign})`;
  const current = (['insert', 'delete', 'update'] as const).map((what) => triggerName(table, what));
  const older = [...triggers].filter((name) => new RegExp(`^row_counts_v\\d+_${table}_(insert|delete|update)$`).test(name));
  await db.transaction().execute(async (trx) => {
    // `if exists`: an instance starting beside this one may have made them meanwhile.
    for (const name of new Set([...current, ...older])) await sql.raw(`drop trigger if exists "${name}"`).execute(trx);
    await sql`delete from ${sql.table(ROW_COUNTS_TABLE)} where table_name = ${table}`.execute(trx);
    await sql
      .raw(`insert into "${ROW_COUNTS_TABLE}" ("table_name", "client_id", "n") select '${table}', "client_id", count(*) from "${table}" where "client_id" is not null group by "client_id"`)
      .execute(trx);
    await sql.raw(`create trigger "${triggerName(table, 'insert')}" after insert on "${table}" begin ${add('new', 1)}; end`).execute(trx);
    await sql.raw(`create trigger "${triggerName(table, 'delete')}" after delete on "${table}" begin ${add('old', -1)}; end`).execute(trx);
    await sql
      .raw(
        `create trigger "${triggerName(table, 'update')}" after update of "client_id" on "${table}" when old."client_id" is not new."client_id" begin
           ${add('old', -1)}; ${add('new', 1)};
         end`,
      )
      .execute(trx);
  });
}

/**
 * The client's rows in the table, from its kept count: null when this database keeps none for it
 * (PostgreSQL, a table without triggers, or `db` a transaction), and the caller counts the rows.
 */
export async function keptRowCount(db: DB, table: string, clientId: number): Promise<number | null> {
  const kept = keptRowCountsSelect(db, [table], clientId);
  if (!kept) return null;
  return Number((await kept.query.executeTakeFirst())?.n ?? 0);
}

/**
 * The kept counts of the client's rows in those of `tables` kept here, as a select of (key: the
 * table's name, n) to put in one statement with others; a table without rows may have no line (0).
 * Null when none is kept. A cached read of it depends on those tables' inserts and deletes (the
 * triggers' writes are seen by no one), and on nothing else of them.
 */
export function keptRowCountsSelect(db: DB, tables: string[], clientId: number) {
  const keptHere = kept.get(db);
  const wanted = [...new Set(tables.filter((t) => keptHere?.has(t)))];
  if (!wanted.length) return null;
  for (const table of wanted) dependOnMembership(table);
  return {
    tables: new Set(wanted),
    query: db.selectFrom(ROW_COUNTS_TABLE).select(['table_name as key', 'n']).where('client_id', '=', clientId).where('table_name', 'in', wanted),
  };
}
