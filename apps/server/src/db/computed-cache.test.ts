import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ComputedCache } from './computed-cache';
import { openDatabase, type Database } from './database';

// A part kept apart (a list's total) and the computation using it: what a change must drop.
describe('a part of a kept read (ComputedCache.part)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'umpire-computed-cache-'));
  let database: Database;
  let cache: ComputedCache;
  let counted = 0;
  let built = 0;

  const total = (clientId: number) =>
    cache.part(clientId, 'total items', async () => {
      counted++;
      return Number((await sql<{ n: number }>`select count(*) as n from items where client_id = ${clientId}`.execute(database.db)).rows[0].n);
    });
  // A document showing the total and the client's notes: it reads items only through the part.
  const doc = (clientId: number) =>
    cache.value(clientId, 'doc', async () => {
      built++;
      const notes = (await sql<{ body: string }>`select body from notes where client_id = ${clientId} order by id`.execute(database.db)).rows;
      return { total: await total(clientId), notes: notes.map((n) => n.body) };
    });
  const run = (query: ReturnType<typeof sql>) => query.execute(database.db);

  beforeAll(async () => {
    database = openDatabase({ databaseUrl: null, sqlitePath: join(dir, 'db.sqlite') });
    await run(sql`create table data_versions (client_id integer not null, table_name text not null, version integer not null, primary key (client_id, table_name))`);
    await run(sql`create table items (id integer primary key, client_id integer not null, name text)`);
    await run(sql`create table notes (id integer primary key, client_id integer not null, body text)`);
    await run(sql`insert into items (client_id, name) values (1, 'a'), (1, 'b'), (2, 'c')`);
    await run(sql`insert into notes (client_id, body) values (1, 'first')`);
    database.versions.enable([]);
    cache = new ComputedCache(database);
  });
  afterAll(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is kept while no row enters or leaves; what it read drops the document using it, computed or from memory', async () => {
    expect(await doc(1)).toEqual({ total: 2, notes: ['first'] });
    expect([built, counted]).toEqual([1, 1]);
    expect(await doc(1)).toEqual({ total: 2, notes: ['first'] });
    expect([built, counted]).toEqual([1, 1]);

    // A change of a column the count does not read: both stay.
    await run(sql`update items set name = ${'renamed'} where client_id = ${1} and id = ${1}`);
    expect(await doc(1)).toEqual({ total: 2, notes: ['first'] });
    expect([built, counted]).toEqual([1, 1]);

    // A new item: the total is counted again, and the document that showed it is built again.
    await run(sql`insert into items (client_id, name) values (${1}, ${'d'})`);
    expect(await doc(1)).toEqual({ total: 3, notes: ['first'] });
    expect([built, counted]).toEqual([2, 2]);

    // A note drops the document alone: built again with the total from memory...
    await run(sql`insert into notes (client_id, body) values (${1}, ${'second'})`);
    expect(await doc(1)).toEqual({ total: 3, notes: ['first', 'second'] });
    expect([built, counted]).toEqual([3, 2]);
    // ...and that document still depends on the items the total counted.
    await run(sql`delete from items where client_id = ${1} and id = ${2}`);
    expect(await doc(1)).toEqual({ total: 2, notes: ['first', 'second'] });
    expect([built, counted]).toEqual([4, 3]);

    // Another client's items: neither is dropped.
    await run(sql`insert into items (client_id, name) values (${2}, ${'e'})`);
    expect(await doc(1)).toEqual({ total: 2, notes: ['first', 'second'] });
    expect([built, counted]).toEqual([4, 3]);
  });
});
