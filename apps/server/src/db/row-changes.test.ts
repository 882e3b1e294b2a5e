import { describe, expect, it } from 'vitest';
import { affects, changeOf, mergeChange, readsOf, type RowChange } from './row-changes';

const CLUB_COLUMNS = '"id", "client_id", "name", "short_name", "city", "created_at", "updated_at"';
const update = (id: number, columns = ['short_name', 'updated_at']): RowChange =>
  changeOf(`update "clubs" set ${columns.map((c) => `"${c}" = ?`).join(', ')} where "id" = ? and "client_id" = ? returning ${CLUB_COLUMNS}`, [...columns.map(() => 'x'), id, 1], [{ id }])!.change;

describe('what a write statement changed', () => {
  it('reads the rows and columns of an update by id, on both placeholder styles', () => {
    expect(update(7)).toEqual({ ids: new Set([7]), columns: new Set(['short_name', 'updated_at']), membership: false });
    expect(changeOf('update "clubs" set "name" = $1 where "id" in ($2, $3) and "client_id" = $4', ['n', 4, 5, 1], [])).toEqual({
      table: 'clubs',
      change: { ids: new Set([4, 5]), columns: new Set(['name']), membership: false },
    });
  });

  it('takes inserted rows from what the statement returned, deleted ones from its filter', () => {
    expect(changeOf('insert into "clubs" ("client_id", "name") values (?, ?) returning "id", "name"', [1, 'x'], [{ id: 12, name: 'x' }])!.change).toEqual({ ids: new Set([12]), columns: null, membership: true });
    expect(changeOf('delete from "clubs" where "id" = ? and "client_id" = ?', [3, 1], [])!.change).toEqual({ ids: new Set([3]), columns: null, membership: true });
  });

  it('says "any row" or "any column" where the statement does not say', () => {
    // Rows chosen by another column, a computed value, an insert without its ids.
    expect(changeOf('update "squads" set "position" = ? where "season_id" = ?', [1, 2], [])!.change).toEqual({ ids: null, columns: new Set(['position']), membership: false });
    expect(changeOf('update "t" set "n" = ("n" + 1) where "id" = ?', [1], [])!.change).toMatchObject({ columns: null, membership: true });
    expect(changeOf('insert into "tags" ("client_id", "name") values (?, ?)', [1, 'x'], [])!.change).toEqual({ ids: null, columns: null, membership: true });
    expect(changeOf("update \"t\" set \"a\" = 'x' where \"id\" = ?", [1], [])).toBeNull();
  });

  it('merges a transaction’s changes, widening to the least precise', () => {
    const merged = mergeChange(mergeChange(undefined, update(1, ['city'])), update(2, ['name']));
    expect(merged).toEqual({ ids: new Set([1, 2]), columns: new Set(['city', 'name']), membership: false });
    expect(mergeChange(merged, { ids: null, columns: null, membership: true })).toEqual({ ids: null, columns: null, membership: true });
  });
});

describe('what a read depends on, and which changes reach it', () => {
  const byId = readsOf(`select ${CLUB_COLUMNS} from "clubs" where "client_id" = ? and "id" = ?`, [1, 7], [{ id: 7 }]).get('clubs')!;
  const list = readsOf(`select ${CLUB_COLUMNS} from "clubs" where "client_id" = ? order by "clubs"."name_sort" asc nulls first, "clubs"."id" limit ? offset ?`, [1, 2, 0], [{ id: 1 }, { id: 2 }]).get('clubs')!;
  const count = readsOf('select count(*) as "n" from "clubs" where "client_id" = ?', [1], [{ n: 40 }]).get('clubs')!;

  it('a document of one row: its own row only', () => {
    expect(byId.asked).toEqual(new Set([7]));
    expect(affects(byId, update(7))).toBe(true);
    expect(affects(byId, update(8))).toBe(false);
    // A new row of another id cannot be the one it asked for; a deleted one that was is gone.
    expect(affects(byId, { ids: new Set([9]), columns: null, membership: true })).toBe(false);
    expect(affects(byId, { ids: new Set([7]), columns: null, membership: true })).toBe(true);
    expect(affects(byId, { ids: null, columns: new Set(['city']), membership: false })).toBe(true);
  });

  it('a list: the rows it holds, and any row that may enter, leave or move', () => {
    expect(list.got).toEqual(new Set([1, 2]));
    expect(affects(list, update(2))).toBe(true);
    expect(affects(list, update(5))).toBe(false);
    // Its sort key changed: the row may move into the page.
    expect(affects(list, update(5, ['name', 'name_sort', 'updated_at']))).toBe(true);
    expect(affects(list, { ids: new Set([41]), columns: null, membership: true })).toBe(true);
    // The count: rows coming and going, not their columns.
    expect(affects(count, update(5, ['name', 'name_sort']))).toBe(false);
    expect(affects(count, { ids: new Set([41]), columns: null, membership: true })).toBe(true);
  });

  it('joins and subqueries: the other tables count by the columns the statement names', () => {
    const joined = readsOf(
      'select "t"."id", "t"."name", "j"."competition_season_id" as "__parent" from "squads" as "t" inner join "competition_season_squads" as "j" on "j"."squad_id" = "t"."id" where "j"."competition_season_id" in (?, ?) and "t"."client_id" = ? and "j"."client_id" = ? order by "t"."id"',
      [1, 2, 1, 1],
      [{ id: 3, name: 'a', __parent: 1 }],
    );
    expect(joined.get('squads')!.got).toEqual(new Set([3]));
    expect(joined.get('competition_season_squads')!.got).toBeUndefined();
    expect(affects(joined.get('competition_season_squads')!, { ids: new Set([1]), columns: new Set(['updated_at']), membership: false })).toBe(false);
    expect(affects(joined.get('competition_season_squads')!, { ids: new Set([1]), columns: new Set(['squad_id']), membership: false })).toBe(true);
    // `*` shows every column; a statement reading its table twice is nobody's rows.
    const star = readsOf('select * from "clubs" where "client_id" = ?', [1], [{ id: 1 }]).get('clubs')!;
    expect(affects(star, { ids: null, columns: new Set(['city']), membership: false })).toBe(true);
    const twice = readsOf('select "id" from "clubs" where "id" in (select "parent_id" from "clubs" where "city" = ?)', ['x'], [{ id: 1 }]).get('clubs')!;
    expect(twice.got).toBeUndefined();
    expect(affects(twice, update(9, ['city']))).toBe(true);
  });
});
