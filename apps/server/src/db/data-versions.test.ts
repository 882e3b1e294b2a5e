import { describe, expect, it } from 'vitest';
import { ALL_CLIENTS, ALL_TABLES, cascadesOf, readTables, writtenBy } from './data-versions';

const of = (sql: string, params: unknown[] = []) => Object.fromEntries([...writtenBy(sql, params)].map(([t, c]) => [t, [...c].sort()]));

describe('what a statement writes', () => {
  it('reads the table and the client of inserts, updates and deletes (PostgreSQL and SQLite placeholders)', () => {
    expect(of('insert into "tags" ("client_id", "name") values ($1, $2) returning "id"', [7, 'x'])).toEqual({ tags: [7] });
    expect(of('insert into "tags" ("name", "client_id") values (?, ?), (?, ?)', ['a', 3, 'b', 4])).toEqual({ tags: [3, 4] });
    expect(of('update "clubs" set "name" = $1 where "client_id" = $2 and "id" = $3', ['n', 5, 1])).toEqual({ clubs: [5] });
    // The same SQL again (its reading is kept per text): this time's parameters.
    expect(of('update "clubs" set "name" = $1 where "client_id" = $2 and "id" = $3', ['n', 6, 1])).toEqual({ clubs: [6] });
    expect(of('insert into "tags" ("name", "client_id") values (?, ?), (?, ?)', ['a', 8, 'b', 'x'])).toEqual({ tags: [ALL_CLIENTS, 8] });
    // A delete cascades through foreign keys to tables it does not name: all of its client's when
    // the keys are not known, else the tables they reach (transitively).
    expect(of('delete from "clubs" where "id" = ? and "clubs"."client_id" = ?', [1, 9])).toEqual({ clubs: [9], '*': [9] });
    const cascades = cascadesOf([{ parent: 'articles', child: 'components' }, { parent: 'components', child: 'component_links' }, { parent: 'tags', child: 'article_tags' }]);
    const withKeys = (sql: string, params: unknown[]) => Object.fromEntries([...writtenBy(sql, params, cascades)].map(([t, c]) => [t, [...c].sort()]));
    expect(withKeys('delete from "articles" where "id" = $1 and "client_id" = $2', [1, 9])).toEqual({ articles: [9], components: [9], component_links: [9] });
    expect(withKeys('delete from "sign_in_failures" where "key" = $1', ['x'])).toEqual({ sign_in_failures: [ALL_CLIENTS] });
    expect(of('insert into "x" ("a") values (?) on conflict ("a") do update set "a" = excluded."a"', [1])).toEqual({ x: [ALL_CLIENTS] });
  });

  it('counts a write it cannot place for every client, and schema changes for everything', () => {
    expect(of('update "clubs" set "name" = $1 where "id" = $2', ['n', 1])).toEqual({ clubs: [ALL_CLIENTS] });
    expect(of('insert into "t" ("client_id") select "client_id" from "u"')).toEqual({ t: [ALL_CLIENTS] });
    expect(of('with a as (delete from "t" where "client_id" = $1 returning *) insert into "u" select * from a', [2])).toEqual({ t: [ALL_CLIENTS], u: [ALL_CLIENTS], '*': [ALL_CLIENTS] });
    expect(of('create table "t" ("a" integer)')).toEqual({ [ALL_TABLES]: [ALL_CLIENTS] });
    expect(of('select * from "t" for update skip locked')).toEqual({});
  });

  it('reads the tables of a query', () => {
    expect(readTables('select "a".* from "clubs" as "a" inner join "squads" on "x" = "y" where exists (select 1 from quiz_rankings)').sort()).toEqual([
      'clubs',
      'quiz_rankings',
      'squads',
    ]);
  });
});
