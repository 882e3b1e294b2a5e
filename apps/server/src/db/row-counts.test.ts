import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database';
import { keepRowCounts, keptRowCount } from './row-counts';

describe('row counts kept by triggers (SQLite)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'umpire-row-counts-'));
  let database: Database;
  const exact = async (table: string, clientId: number) =>
    Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)} where client_id = ${clientId}`.execute(database.db)).rows[0].n);
  const both = async (table: string, clientId: number) => [await keptRowCount(database.db, table, clientId), await exact(table, clientId)];

  beforeAll(async () => {
    database = openDatabase({ databaseUrl: null, sqlitePath: join(dir, 'db.sqlite') });
    const { db } = database;
    await sql`create table owners (id integer primary key, client_id integer not null)`.execute(db);
    await sql`create table items (id integer primary key, client_id integer not null, owner_id integer references owners(id) on delete cascade, name text)`.execute(db);
    await sql`create table settings (id integer primary key, name text)`.execute(db);
    await sql`create table notes (id integer primary key, client_id integer, body text)`.execute(db);
    await sql`create view item_names as select id, client_id, name from items`.execute(db);
    await sql`insert into owners (id, client_id) values (1, 1), (2, 1), (3, 2)`.execute(db);
    // Rows before the triggers: counted when they are made.
    await sql`insert into items (client_id, owner_id, name) values (1, 1, 'a'), (1, 2, 'b'), (2, 3, 'c')`.execute(db);
    await keepRowCounts(db, 'sqlite', ['owners', 'items', 'settings', 'item_names', 'notes']);
  });
  afterAll(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('counts the rows already there, per client; a client without rows has 0', async () => {
    expect(await both('items', 1)).toEqual([2, 2]);
    expect(await both('items', 2)).toEqual([1, 1]);
    expect(await both('items', 3)).toEqual([0, 0]);
    expect(await both('owners', 1)).toEqual([2, 2]);
  });

  it('follows inserts (one or many), deletes, a cascade and a row moved to another client, in the writing transaction', async () => {
    const { db } = database;
    await sql`insert into items (client_id, owner_id, name) values (1, 1, 'd')`.execute(db);
    // Fifty in one statement.
    await sql`with recursive s(i) as (select 1 union all select i + 1 from s where i < 50) insert into items (client_id, owner_id, name) select 1, 2, 'e' || i from s`.execute(db);
    expect(await both('items', 1)).toEqual([53, 53]);
    await sql`delete from items where name = 'a'`.execute(db);
    expect(await both('items', 1)).toEqual([52, 52]);
    // Deleting owner 2 deletes its 51 items through the foreign key.
    await sql`delete from owners where id = 2`.execute(db);
    expect(await both('items', 1)).toEqual([1, 1]);
    expect(await both('owners', 1)).toEqual([1, 1]);
    await sql`update items set client_id = 2 where name = 'd'`.execute(db);
    expect(await both('items', 1)).toEqual([0, 0]);
    expect(await both('items', 2)).toEqual([2, 2]);
    // An update of another column moves nothing.
    await sql`update items set name = 'c2' where name = 'c'`.execute(db);
    expect(await both('items', 2)).toEqual([2, 2]);
    // A transaction rolled back leaves the count as it was.
    await db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into items (client_id, owner_id, name) values (2, 3, 'x')`.execute(trx);
        throw new Error('undo');
      })
      .catch(() => undefined);
    expect(await both('items', 2)).toEqual([2, 2]);
  });

  it('leaves a row without a client out of every count, and writes it', async () => {
    await sql`insert into notes (client_id, body) values (null, 'shared'), (1, 'mine')`.execute(database.db);
    expect(await both('notes', 1)).toEqual([1, 1]);
    await sql`update notes set client_id = 1 where client_id is null`.execute(database.db);
    expect(await both('notes', 1)).toEqual([2, 2]);
    await sql`update notes set client_id = null`.execute(database.db);
    expect(await both('notes', 1)).toEqual([0, 0]);
  });

  it('keeps none for a table without client_id, a view, or a table it was not asked for; nor through a transaction', async () => {
    expect(await keptRowCount(database.db, 'settings', 1)).toBeNull();
    expect(await keptRowCount(database.db, 'item_names', 1)).toBeNull();
    expect(await keptRowCount(database.db, 'unknown_table', 1)).toBeNull();
    await database.db.transaction().execute(async (trx) => expect(await keptRowCount(trx, 'items', 1)).toBeNull());
  });

  it('makes the triggers again, and counts anew, when a table lost them (a migration that rebuilds it)', async () => {
    const { db } = database;
    const triggers = async () => (await sql<{ name: string }>`select name from sqlite_master where type = 'trigger' and tbl_name = 'items' order by name`.execute(db)).rows.map((r) => r.name);
    const made = await triggers();
    expect(made).toHaveLength(3);
    // A rebuild: the rows copied into a new table, which has no triggers.
    await sql`create table items_new (id integer primary key, client_id integer not null, owner_id integer references owners(id) on delete cascade, name text)`.execute(db);
    await sql`insert into items_new select * from items`.execute(db);
    await sql`drop view item_names`.execute(db);
    await sql`drop table items`.execute(db);
    await sql`alter table items_new rename to items`.execute(db);
    expect(await triggers()).toEqual([]);
    await sql`insert into items (client_id, owner_id, name) values (2, 3, 'after the rebuild')`.execute(db);
    await keepRowCounts(db, 'sqlite', ['owners', 'items']);
    expect(await triggers()).toEqual(made);
    expect(await both('items', 2)).toEqual([3, 3]);
    await sql`insert into items (client_id, owner_id, name) values (2, 3, 'and one more')`.execute(db);
    expect(await both('items', 2)).toEqual([4, 4]);
  });

  it('serves a second instance on the same file, which finds the triggers made and counts nothing again', async () => {
    const second = openDatabase({ databaseUrl: null, sqlitePath: join(dir, 'db.sqlite') });
    try {
      // A count made wrong on purpose: a second instance that counted anew would put it right.
      await sql`update row_counts set n = n + 100 where table_name = 'owners' and client_id = 1`.execute(database.db);
      await keepRowCounts(second.db, 'sqlite', ['owners']);
      expect(await keptRowCount(second.db, 'owners', 1)).toBe(101);
      await sql`update row_counts set n = n - 100 where table_name = 'owners' and client_id = 1`.execute(database.db);
      // Its writes count for both.
      await sql`insert into owners (id, client_id) values (10, 1)`.execute(second.db);
      expect(await both('owners', 1)).toEqual([2, 2]);
      expect(await keptRowCount(second.db, 'owners', 1)).toBe(2);
    } finally {
      await second.close();
    }
  });

  it('is not kept on PostgreSQL (its writers would wait for each other on the count)', async () => {
    const other = openDatabase({ databaseUrl: null, sqlitePath: join(dir, 'other.sqlite') });
    try {
      await sql`create table things (id integer primary key, client_id integer not null)`.execute(other.db);
      await keepRowCounts(other.db, 'postgres', ['things']);
      expect(await keptRowCount(other.db, 'things', 1)).toBeNull();
    } finally {
      await other.close();
    }
  });
});
