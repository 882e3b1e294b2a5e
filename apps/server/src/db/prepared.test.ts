import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { prepared, preparedLists } from './prepared';

const db = new Kysely<any>({
  dialect: { createAdapter: () => new SqliteAdapter(), createDriver: () => new DummyDriver(), createIntrospector: (k) => new SqliteIntrospector(k), createQueryCompiler: () => new SqliteQueryCompiler() },
});

describe('a statement compiled once', () => {
  it('runs with each call’s values in their places, fixed values kept, the SQL the same as built each time', () => {
    const build = (v: { id: unknown; fan: unknown; at: unknown }) =>
      db.updateTable('starts').set({ used_at: v.at }).where('id', '=', v.id).where('fan_id', '=', v.fan).where('kind', '=', 'device').returning((eb) => ['started_at', eb.selectFrom('attempts').select((s) => s.fn.countAll().as('n')).where('fan_id', '=', v.fan).as('used')]);
    const run = prepared(['id', 'fan', 'at'], build);
    for (const values of [{ id: 1, fan: 7, at: 1000 }, { id: 2, fan: 8, at: 2000 }]) {
      const direct = build(values).compile();
      const once = run(values);
      expect(once.sql).toBe(direct.sql);
      expect(once.parameters).toEqual(direct.parameters);
    }
    expect(run({ id: 3, fan: 9, at: 3 }).parameters).toEqual([3, 3, 9, 'device', 9]);
  });

  it('compiled once per length of its lists, each the SQL and parameters built each time would have', () => {
    const build = (v: { client: unknown; ids: unknown; limit: unknown }) =>
      db.selectFrom('squads').select(['id', 'name']).where('client_id', '=', v.client).where('season_id', 'in', v.ids as unknown[]).orderBy('id').limit(v.limit as number);
    let builds = 0;
    const run = preparedLists(['client', 'ids', 'limit'], ['ids'], (v) => (builds++, build(v)));
    for (const values of [{ client: 1, ids: [4, 5, 6], limit: 10 }, { client: 2, ids: [7], limit: 3 }, { client: 3, ids: [8, 9, 10], limit: 1 }]) {
      const direct = build(values).compile();
      const once = run(values);
      expect(once.sql).toBe(direct.sql);
      expect(once.parameters).toEqual(direct.parameters);
    }
    expect(builds).toBe(2);
  });

  it('refuses a value written into the SQL text instead of bound', () => {
    const run = prepared(['name'], (v) => db.selectFrom('squads').select('id').where(sql.raw<boolean>(`name = '${String(v.name)}'`)));
    expect(() => run({ name: 'x' })).toThrow(/part of the SQL text/);
  });
});
