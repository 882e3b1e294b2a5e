import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { SEARCH_COLUMN, searchIndexTable } from '../db/columns';
import { openDatabase, type Database } from '../db/database';
import { migrate } from './migrate';
import { seedBulk } from '../seed/bulk';
import { seedDemo } from '../seed/seed';
import { collationFor } from '../text/collation';
import { allModels } from './model';
import { contentLanguageOf, shadowValues } from './shadow';
import { fromDb } from '../db/values';
import { LocalStorage } from '../storage/local-storage';

let dir: string;
let database: Database;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'umpire-shadow-'));
  database = openDatabase({ databaseUrl: null, sqlitePath: join(dir, 'test.sqlite') });
  await migrate(database);
  const seeded = await seedDemo(database, { storage: new LocalStorage(join(dir, 'uploads')) });
  await seedBulk(database, seeded!.clientId, { rows: 1_000, players: 300 });
}, 60_000);

afterAll(async () => {
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

const shadowed = allModels().filter((m) => !m.def.view && (m.searchAttributes.length || m.sortKeys.size));

/** Rows whose stored shadow columns differ from what their attributes give, as "table id column". */
async function stale(): Promise<string[]> {
  const clients = await database.db.selectFrom('clients').select(['id', 'settings']).execute();
  const wrong: string[] = [];
  for (const client of clients) {
    const collation = collationFor(contentLanguageOf(fromDb('json', client.settings)));
    for (const model of shadowed) {
      const rows = await database.db.selectFrom(model.table).selectAll().where('client_id', '=', client.id).execute();
      for (const row of rows)
        for (const [column, value] of Object.entries(shadowValues(model, row, collation)))
          if (row[column] !== value) wrong.push(`${model.table} ${row.id} ${column}`);
    }
  }
  return wrong;
}

describe('shadow columns', () => {
  it('are written by every writer: the engine’s seeders, the demo season, its history and the bulk seed', async () => {
    const counts = await Promise.all(shadowed.map(async (m) => (await database.db.selectFrom(m.table).select('id').execute()).length));
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThan(5_000);
    expect(await stale()).toEqual([]);
  });

  it('are filled by migrate for rows written before them, and re-keyed when a client’s collation stamp is outdated', async () => {
    for (const model of shadowed) {
      const blank = Object.fromEntries([...(model.searchAttributes.length ? [SEARCH_COLUMN] : []), ...model.sortKeys.values()].map((c) => [c, null]));
      await database.db.updateTable(model.table).set(blank).execute();
    }
    await database.db.updateTable('clients').set({ collation: null }).execute();
    expect((await stale()).length).toBeGreaterThan(5_000);
    await migrate(database);
    expect(await stale()).toEqual([]);

    await database.db.updateTable('players').set({ last_name_sort: 'x' }).execute();
    await migrate(database);
    expect((await stale()).length).toBeGreaterThan(300);
    await database.db.updateTable('clients').set({ collation: 'pl:outdated' }).execute();
    await migrate(database);
    expect(await stale()).toEqual([]);
  });

  it('keep SQLite’s trigram tables in step with the rows through inserts, updates and deletes', async () => {
    const ids = (await database.db.selectFrom('players').select('id').orderBy('id', 'desc').limit(50).execute()).map((r) => r.id);
    await database.db.deleteFrom('players').where('id', 'in', ids.slice(0, 25)).execute();
    await database.db.updateTable('players').set({ [SEARCH_COLUMN]: 'zzyzx' }).where('id', 'in', ids.slice(25)).execute();
    const renamed = await sql<{ n: number }>`select count(*) as n from players_search where players_search match '"zzyzx"'`.execute(database.db);
    expect(renamed.rows[0].n).toBe(25);
    for (const model of shadowed.filter((m) => m.searchAttributes.length)) {
      const fts = searchIndexTable(model.table);
      // With rank 1, FTS5 compares its index with the rows it indexes and fails when they differ.
      await sql`insert into ${sql.table(fts)}(${sql.id(fts)}, rank) values ('integrity-check', 1)`.execute(database.db);
    }
    const viaIndex = await sql<{ n: number }>`select count(*) as n from players where id in (select rowid from players_search where players_search match '"kowal"')`.execute(database.db);
    const viaScan = await database.db.selectFrom('players').select((eb) => eb.fn.countAll<number>().as('n')).where(SEARCH_COLUMN, 'like', '%kowal%').executeTakeFirst();
    expect(viaIndex.rows[0].n).toBe(viaScan!.n);
    expect(viaScan!.n).toBeGreaterThan(0);
  });
});
