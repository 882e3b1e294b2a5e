import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database';

describe('SQLite rows made objects from raw arrays', () => {
  const dir = mkdtempSync(join(tmpdir(), 'umpire-db-'));
  const path = join(dir, 'rows.sqlite');
  const database = openDatabase({ databaseUrl: null, sqlitePath: path });
  const { db } = database;
  afterAll(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('are the objects better-sqlite3 makes: every column, its value and type, a later column of a name winning', async () => {
    await sql`create table t (id integer primary key, name text, score real, data blob, gone text)`.execute(db);
    await db.insertInto('t').values([{ id: 1, name: 'a', score: 1.5, data: Buffer.from('x'), gone: null }, { id: 2, name: 'b', score: null, data: null, gone: 'z' }]).execute();
    const direct = new SQLite(path, { readonly: true });
    try {
      for (const text of ['select * from t order by id', 'select id, name as id, score from t order by id', 'select count(*) as n from t where id > 5']) {
        const { rows } = await db.executeQuery(CompiledQuery.raw(text));
        expect(rows).toEqual(direct.prepare(text).all());
      }
    } finally {
      direct.close();
    }
    // The same statement again (kept prepared), and one with parameters.
    expect(await db.selectFrom('t').select(['id', 'name']).where('id', '=', 2).execute()).toEqual([{ id: 2, name: 'b' }]);
    expect(await db.selectFrom('t').select(['id', 'name']).where('id', '=', 1).execute()).toEqual([{ id: 1, name: 'a' }]);
  });

  it('come from writes that return rows, streams, and leave writes and the file version as they were', async () => {
    await sql`create table w (id integer primary key, name text)`.execute(db);
    const before = database.dataVersion!();
    expect(await db.insertInto('w').values({ name: 'one' }).returning(['id', 'name']).execute()).toEqual([{ id: 1, name: 'one' }]);
    const result = await db.insertInto('w').values({ name: 'two' }).executeTakeFirst();
    expect(result.insertId).toBe(2n);
    expect((await db.updateTable('w').set({ name: 'deux' }).where('id', '=', 2).executeTakeFirst()).numUpdatedRows).toBe(1n);
    const streamed = [];
    for await (const row of db.selectFrom('w').select(['id', 'name']).orderBy('id').stream()) streamed.push(row);
    expect(streamed).toEqual([{ id: 1, name: 'one' }, { id: 2, name: 'deux' }]);
    expect(database.dataVersion!()).toBe(before);
  });
});
