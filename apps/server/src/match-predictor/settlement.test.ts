import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/database';
import { migrate } from '../jsonapi/migrate';
import { LocalStorage } from '../storage/local-storage';
import { seedDemo } from '../seed/seed';
import { pointsFor, predictionResult, rescoreSeason, settleMatch, USER_RESULTS, type PredictorScope } from './settlement';
import { pointsDistribution, rankStandings } from './standings';

describe('what a prediction earns', () => {
  it('is the exact score, the right outcome, or nothing', () => {
    const final = { home_score: 2, away_score: 1 };
    expect(predictionResult({ home_score: 2, away_score: 1 }, final)).toBe('exact');
    expect(predictionResult({ home_score: 1, away_score: 0 }, final)).toBe('outcome');
    expect(predictionResult({ home_score: 5, away_score: 0 }, final)).toBe('outcome');
    expect(predictionResult({ home_score: 1, away_score: 1 }, final)).toBe('miss');
    expect(predictionResult({ home_score: 0, away_score: 2 }, final)).toBe('miss');
    expect(predictionResult({ home_score: 3, away_score: 3 }, { home_score: 0, away_score: 0 })).toBe('outcome');
    expect(predictionResult({ home_score: 0, away_score: 0 }, { home_score: 0, away_score: 0 })).toBe('exact');
  });

  it('scores by the ranking’s rules', () => {
    const rules = { points_exact: 5, points_outcome: 2 };
    expect([pointsFor('exact', rules), pointsFor('outcome', rules), pointsFor('miss', rules)]).toEqual([5, 2, 0]);
  });
});

describe('standings', () => {
  it('rank by points, then exact scores; equal lines share a place', () => {
    const line = (fan_id: number, points: number, exact: number) => ({ fan_id, fan_name: null, points, exact, outcome: 0, settled: 3 });
    const ranked = rankStandings([line(4, 3, 0), line(1, 6, 1), line(2, 6, 2), line(3, 6, 1), line(5, 0, 0)]);
    expect(ranked.map((s) => [s.fan_id, s.position])).toEqual([[2, 1], [1, 2], [3, 2], [4, 4], [5, 5]]);
    expect(pointsDistribution(ranked)).toEqual([{ points: 0, fans: 1 }, { points: 3, fans: 1 }, { points: 6, fans: 3 }]);
  });
});

describe('settling a match (SQLite, demo data)', () => {
  let dir: string;
  let database: Database;
  let scope: PredictorScope;
  let match: { id: number; home_score: number; away_score: number; competition_season_id: number };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'umpire-predictor-'));
    database = openDatabase({ databaseUrl: null, sqlitePath: join(dir, 'test.sqlite') });
    await migrate(database);
    const seeded = await seedDemo(database, { storage: new LocalStorage(join(dir, 'uploads')) });
    scope = { db: database.db, dialect: database.dialect, clientId: seeded!.clientId };
    const row = await database.db
      .selectFrom(`${USER_RESULTS} as u`)
      .innerJoin('matches as m', 'm.id', 'u.match_id')
      .select(['m.id', 'm.home_score', 'm.away_score', 'u.competition_season_id'])
      .where('u.result', 'is not', null)
      .orderBy('m.id')
      .executeTakeFirstOrThrow();
    match = { id: Number(row.id), home_score: Number(row.home_score), away_score: Number(row.away_score), competition_season_id: Number(row.competition_season_id) };
  }, 120_000);

  afterAll(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const predictions = () =>
    database.db.selectFrom(USER_RESULTS).select(['id', 'home_score', 'away_score', 'result', 'points']).where('match_id', '=', match.id).orderBy('id').execute();
  const setMatch = (values: Record<string, unknown>) => database.db.updateTable('matches').set(values).where('id', '=', match.id).execute();
  const expected = (final: { home_score: number; away_score: number }, rules = { points_exact: 3, points_outcome: 1 }) =>
    predictions().then((rows) =>
      rows.map((r) => {
        const result = predictionResult({ home_score: Number(r.home_score), away_score: Number(r.away_score) }, final);
        return { ...r, result, points: pointsFor(result, rules) };
      }),
    );

  it('gives every prediction its result from the final score, and again the same (idempotent)', async () => {
    const settled = await predictions();
    expect(settled.length).toBeGreaterThan(5);
    expect(settled).toEqual(await expected(match));
    expect(await settleMatch(scope, match.id)).toBe(settled.length);
    expect(await predictions()).toEqual(settled);
  });

  it('recomputes after a correction of the final score, and unsettles when the match is no longer finished', async () => {
    await setMatch({ home_score: match.home_score + 1 });
    await settleMatch(scope, match.id);
    expect(await predictions()).toEqual(await expected({ home_score: match.home_score + 1, away_score: match.away_score }));
    await setMatch({ status: 'second_half' });
    await settleMatch(scope, match.id);
    expect((await predictions()).every((r) => r.result === null && r.points === null)).toBe(true);
    await setMatch({ status: 'finished', home_score: match.home_score });
    await settleMatch(scope, match.id);
    expect(await predictions()).toEqual(await expected(match));
  });

  it('rescored under new rules of the season’s ranking', async () => {
    await database.db.updateTable('match_predictor_rankings').set({ points_exact: 4, points_outcome: 2 }).where('competition_season_id', '=', match.competition_season_id).execute();
    await rescoreSeason(scope, match.competition_season_id);
    expect(await predictions()).toEqual(await expected(match, { points_exact: 4, points_outcome: 2 }));
  });
});
