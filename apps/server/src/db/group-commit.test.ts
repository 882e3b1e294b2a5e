import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type DB } from './database';
import { groupCommit } from './group-commit';

let dir: string;
let database: Database;
/** The tables each commit of this process wrote, in order. */
let commits: string[][];

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'umpire-group-commit-'));
  database = openDatabase({ databaseUrl: null, sqlitePath: join(dir, 'db.sqlite') });
  const { db } = database;
  await sql`create table data_versions (client_id integer not null, table_name text not null, version integer not null, primary key (client_id, table_name))`.execute(db);
  await sql`create table names (name text primary key)`.execute(db);
  await sql`create table parents (id integer primary key)`.execute(db);
  // Checked at COMMIT: a row naming no parent fails the commit, not its statement.
  await sql`create table children (id integer primary key, parent_id integer references parents (id) deferrable initially deferred)`.execute(db);
  database.versions.enable([]);
  commits = [];
  database.versions.onCommit((written) => void commits.push([...written.keys()].sort()));
});

afterEach(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

const add = (name: string) => async (trx: DB) => {
  await trx.insertInto('names').values({ name }).execute();
  return name;
};
const names = async () => (await database.db.selectFrom('names').select('name').orderBy('name').execute()).map((r) => r.name as string);

describe('transactions of one event-loop turn committed together (SQLite)', () => {
  it('commits them once; one that throws is undone alone and the others are kept', async () => {
    const group = groupCommit(database);
    const heard: number[] = [];
    const results = await Promise.allSettled([
      group.run(add('ala')).then((v) => (heard.push(commits.length), v)),
      group.run(async (trx) => {
        await add('bartek')(trx);
        throw new Error('refused after its write');
      }),
      group.run(add('celina')).then((v) => (heard.push(commits.length), v)),
    ]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual(['ala', 'refused after its write', 'celina']);
    expect(await names()).toEqual(['ala', 'celina']);
    // One commit for the three, and each caller heard back only after it.
    expect(commits).toEqual([['names']]);
    expect(heard).toEqual([1, 1]);
  });

  it('refuses the second of two writes of one key in a batch and keeps the first', async () => {
    const group = groupCommit(database);
    const results = await Promise.allSettled([group.run(add('darek')), group.run(add('darek')), group.run(add('ewa'))]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ code: 'SQLITE_CONSTRAINT_PRIMARYKEY' });
    expect(await names()).toEqual(['darek', 'ewa']);
  });

  it('fails every transaction of a batch whose commit fails, keeps none of them, and goes on with the next batch', async () => {
    const group = groupCommit(database);
    const results = await Promise.allSettled([
      group.run(add('filip')),
      group.run(async (trx) => {
        await trx.insertInto('children').values({ id: 1, parent_id: 404 }).execute();
      }),
      group.run(async () => {
        throw new Error('its own refusal');
      }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect((results[0] as PromiseRejectedResult).reason).toMatchObject({ code: 'SQLITE_CONSTRAINT_FOREIGNKEY' });
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ code: 'SQLITE_CONSTRAINT_FOREIGNKEY' });
    // A transaction refused on its own is told its own reason.
    expect((results[2] as PromiseRejectedResult).reason).toMatchObject({ message: 'its own refusal' });
    expect(await names()).toEqual([]);
    expect(commits).toEqual([]);
    expect(await Promise.all([group.run(add('gosia')), group.run(add('henryk'))])).toEqual(['gosia', 'henryk']);
    expect(await names()).toEqual(['gosia', 'henryk']);
  });

  it('runs a lone transaction as before, and a long queue in bounded batches, in order', async () => {
    const group = groupCommit(database);
    await expect(group.run(add('irena'))).resolves.toBe('irena');
    await expect(group.run(async (trx) => (await add('jan')(trx), Promise.reject(new Error('no'))))).rejects.toThrow('no');
    expect(await names()).toEqual(['irena']);
    commits = [];
    const many = Array.from({ length: 150 }, (_, i) => `n${String(i).padStart(3, '0')}`);
    expect(await Promise.all(many.map((n) => group.run(add(n))))).toEqual(many);
    expect((await names()).length).toBe(151);
    expect(commits.length).toBe(3);
  });

  it("runs each transaction in its caller's async context", async () => {
    const request = new AsyncLocalStorage<string>();
    const group = groupCommit(database);
    const seen = await Promise.all(['r1', 'r2'].map((id) => request.run(id, () => group.run(async (trx) => (await add(id)(trx), request.getStore())))));
    expect(seen).toEqual(['r1', 'r2']);
  });
});
