import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ComputedCache, ReaderGone } from './computed-cache';
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

describe('documents computed at once (ComputedCache.computeNow, and text), two per core as on PostgreSQL', () => {
  const dir = mkdtempSync(join(tmpdir(), 'umpire-computed-turns-'));
  let database: Database;
  let cache: ComputedCache;
  beforeAll(() => {
    database = openDatabase({ databaseUrl: null, sqlitePath: join(dir, 'db.sqlite') });
    cache = new ComputedCache(database, undefined, undefined, 2 * availableParallelism());
  });
  afterAll(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  it('two per core at a time, the others in their order; one inside another at once; a failure frees its turn', async () => {
    const limit = 2 * availableParallelism();
    const range = (n: number) => Array.from({ length: n }, (_, i) => i);
    const gates = range(limit + 2).map(() => {
      let open!: () => void;
      const shut = new Promise<void>((resolve) => (open = resolve));
      return { shut, open };
    });
    const started: number[] = [];
    let innerRan = false;
    const job = (i: number, inner = false) =>
      cache.computeNow(async () => {
        started.push(i);
        await gates[i].shut;
        if (inner) await cache.computeNow(async () => (innerRan = true));
        return i;
      });
    const jobs = [job(0, true), ...range(limit + 1).map((k) => job(k + 1))];
    await settle();
    expect(started).toEqual(range(limit));
    // A document kept by text() waits its turn too, behind those.
    let keptDone = false;
    const kept = cache.text(1, 'waiting', async () => ({ data: [] })).then((r) => ((keptDone = true), r));
    // Job 0 starts one inside itself while every turn is taken: it runs at once (it would wait for itself).
    gates[0].open();
    expect(await jobs[0]).toBe(0);
    expect(innerRan).toBe(true);
    await settle();
    expect(started).toEqual(range(limit + 1));
    const failing = cache.computeNow(async () => Promise.reject(new Error('broken')));
    gates[1].open();
    await settle();
    expect(started).toEqual(range(limit + 2));
    expect(keptDone).toBe(false);
    // Job 2's turn goes to the document, then to the failing one, which frees it.
    gates[2].open();
    await expect(failing).rejects.toThrow('broken');
    expect(keptDone).toBe(true);
    expect((await kept).hit).toBe(false);
    for (const gate of gates) gate.open();
    expect(await Promise.all(jobs)).toEqual(range(limit + 2));
    // Every turn came back: as many as the limit run at once again.
    const again: number[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const more = range(limit).map((i) => cache.computeNow(async () => (again.push(i), held)));
    await settle();
    expect(again).toHaveLength(limit);
    release();
    await Promise.all(more);
  });

  it('a reader gone while it waited is not computed for, and its turn goes to the next', async () => {
    const limit = 2 * availableParallelism();
    let open!: () => void;
    const shut = new Promise<void>((resolve) => (open = resolve));
    const busy = Array.from({ length: limit }, () => cache.computeNow(() => shut));
    let readerLeft = false;
    let computedForGone = false;
    let nextRan = false;
    const forGone = cache.computeNow(async () => (computedForGone = true), () => readerLeft);
    const next = cache.computeNow(async () => (nextRan = true), () => false);
    await settle();
    readerLeft = true;
    open();
    await expect(forGone).rejects.toBeInstanceOf(ReaderGone);
    await expect(forGone).rejects.toMatchObject({ statusCode: 499 });
    expect(await next).toBe(true);
    expect(computedForGone).toBe(false);
    expect(nextRan).toBe(true);
    await Promise.all(busy);
    // A reader who left is computed for when no turn had to be waited for (nothing to spare).
    expect(await cache.computeNow(async () => 'at once', () => true)).toBe('at once');
    // Every turn came back.
    const running: number[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const again = Array.from({ length: limit }, (_, i) => cache.computeNow(async () => (running.push(i), held)));
    await settle();
    expect(running).toHaveLength(limit);
    release();
    await Promise.all(again);
  });
});
