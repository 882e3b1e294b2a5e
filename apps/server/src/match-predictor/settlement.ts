import { sql } from 'kysely';
import { DEFAULT_PREDICTOR_POINTS, type PredictionResult } from '@umpire/schema';
import type { DB, Dialect } from '../db/database';
import { toDb } from '../db/values';

/** The database and the client a predictor operation works in (a request's, or a write's transaction). */
export interface PredictorScope {
  db: DB;
  dialect: Dialect;
  clientId: number;
}

export interface Score {
  home_score: number;
  away_score: number;
}

export interface ScoringRules {
  points_exact: number;
  points_outcome: number;
}

export const USER_RESULTS = 'match_predictor_user_results';
export const RANKINGS = 'match_predictor_rankings';

/** What a prediction earned against the final score: the exact score, the right outcome only, or nothing. */
export function predictionResult(predicted: Score, final: Score): PredictionResult {
  if (predicted.home_score === final.home_score && predicted.away_score === final.away_score) return 'exact';
  return Math.sign(predicted.home_score - predicted.away_score) === Math.sign(final.home_score - final.away_score) ? 'outcome' : 'miss';
}

export function pointsFor(result: PredictionResult, rules: ScoringRules): number {
  return result === 'exact' ? rules.points_exact : result === 'outcome' ? rules.points_outcome : 0;
}

export interface MatchPlace {
  id: number;
  status: string;
  kickoff_at: unknown;
  home_score: number | null;
  away_score: number | null;
  round_id: number;
  competition_season_id: number;
}

/** The competition season a match belongs to (through its round and stage), with its round. */
export async function matchPlace(scope: PredictorScope, matchId: number): Promise<MatchPlace | undefined> {
  const row = await scope.db
    .selectFrom('matches as m')
    .innerJoin('rounds as r', 'r.id', 'm.round_id')
    .innerJoin('stages as s', 's.id', 'r.stage_id')
    .select(['m.id', 'm.status', 'm.kickoff_at', 'm.home_score', 'm.away_score', 'm.round_id', 's.competition_season_id'])
    .where('m.client_id', '=', scope.clientId)
    .where('m.id', '=', matchId)
    .executeTakeFirst();
  return row;
}

/**
 * The scoring of a competition season: that of its ranking (the first one when there are several),
 * else the usual 3 and 1. User results carry points under these rules; each ranking's standings
 * apply its own rules to the results.
 */
export async function seasonRules(scope: PredictorScope, competitionSeasonId: number): Promise<ScoringRules> {
  const ranking = await scope.db
    .selectFrom(RANKINGS)
    .select(['points_exact', 'points_outcome'])
    .where('client_id', '=', scope.clientId)
    .where('competition_season_id', '=', competitionSeasonId)
    .orderBy('id')
    .executeTakeFirst();
  return ranking ? { points_exact: Number(ranking.points_exact), points_outcome: Number(ranking.points_outcome) } : { ...DEFAULT_PREDICTOR_POINTS };
}

/**
 * Settles the predictions of one match from its current state, idempotently: a finished match's
 * predictions get their result and points from the final score (recomputed whole, so a corrected
 * score replaces the earlier settlement); a match that is not finished (match_ended removed) has
 * none. Predictions follow the match into another round too. One statement per step whatever the
 * number of predictions; returns how many predictions the match has settled.
 */
export async function settleMatch(scope: PredictorScope, matchId: number, now = new Date()): Promise<number> {
  const match = await matchPlace(scope, matchId);
  if (!match) return 0;
  const { db, clientId } = scope;
  const mine = () => db.updateTable(USER_RESULTS).where('client_id', '=', clientId).where('match_id', '=', matchId);
  await mine()
    .set({ round_id: match.round_id, competition_season_id: match.competition_season_id })
    .where((eb) => eb.or([eb('round_id', '!=', match.round_id), eb('competition_season_id', '!=', match.competition_season_id)]))
    .execute();
  if (match.status !== 'finished' || match.home_score == null || match.away_score == null) {
    await mine().set({ result: null, points: null, settled_at: null }).where('settled_at', 'is not', null).execute();
    return 0;
  }
  const rules = await seasonRules(scope, match.competition_season_id);
  const h = Number(match.home_score);
  const a = Number(match.away_score);
  const exact = sql<boolean>`home_score = ${h} and away_score = ${a}`;
  const sign = Math.sign(h - a);
  const outcome = sign > 0 ? sql<boolean>`home_score > away_score` : sign < 0 ? sql<boolean>`home_score < away_score` : sql<boolean>`home_score = away_score`;
  const res = await mine()
    .set({
      result: sql`case when ${exact} then 'exact' when ${outcome} then 'outcome' else 'miss' end`,
      points: sql`case when ${exact} then ${sql.lit(rules.points_exact)} when ${outcome} then ${sql.lit(rules.points_outcome)} else 0 end`,
      settled_at: toDb(scope.dialect, 'datetime', now.toISOString()),
    })
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** After a season's scoring changes: the points of its settled results under the new rules (results stay). */
export async function rescoreSeason(scope: PredictorScope, competitionSeasonId: number): Promise<void> {
  const rules = await seasonRules(scope, competitionSeasonId);
  await scope.db
    .updateTable(USER_RESULTS)
    .set({
      points: sql`case result when 'exact' then ${sql.lit(rules.points_exact)} when 'outcome' then ${sql.lit(rules.points_outcome)} else 0 end`,
    })
    .where('client_id', '=', scope.clientId)
    .where('competition_season_id', '=', competitionSeasonId)
    .where('result', 'is not', null)
    .execute();
}
