import { matchPredictorUserResults } from '@umpire/schema';
import { isUniqueViolation } from '../db/database';
import { apiError, ApiError, notFound, type ErrorSpec } from '../jsonapi/errors';
import { fieldError, keyOfIssue } from '../jsonapi/messages';
import { fromDb, toDb } from '../db/values';
import { clientCollation, withShadows } from '../jsonapi/shadow';
import type { Row } from '../jsonapi/read';
import { matchPlace, USER_RESULTS, type PredictorScope, type Score } from './settlement';

/** JSON:API type of a fan's prediction in the fan API (the staff API shows them as user results). */
export const PREDICTION_TYPE = 'match_predictor_predictions';

export interface PredictionInput extends Score {
  matchId: number;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A prediction body `{data:{type, attributes:{home_score, away_score}, relationships:{match}}}`, or 422s naming each field. */
export function parsePredictionBody(body: unknown): PredictionInput {
  const data = isObject(body) ? body.data : undefined;
  if (!isObject(data) || data.type !== PREDICTION_TYPE) throw ApiError.many([fieldError('/data/type', 'type', 'invalidType', { expected: PREDICTION_TYPE })]);
  const attributes = isObject(data.attributes) ? data.attributes : {};
  const errors: ErrorSpec[] = [];
  for (const name of Object.keys(attributes))
    if (name !== 'home_score' && name !== 'away_score') errors.push(fieldError(`/data/attributes/${name}`, name, 'unknownAttribute'));
  const scores: Record<string, number> = {};
  for (const name of ['home_score', 'away_score'] as const) {
    const value = attributes[name];
    if (value === undefined || value === null) {
      errors.push(fieldError(`/data/attributes/${name}`, name, 'required'));
      continue;
    }
    const parsed = matchPredictorUserResults.attributes[name].schema.safeParse(value);
    if (parsed.success) scores[name] = parsed.data;
    else {
      const { key, params, items } = keyOfIssue(parsed.error.issues[0]);
      errors.push(fieldError(`/data/attributes/${name}`, name, key, params, { items }));
    }
  }
  const match = isObject(data.relationships) && isObject(data.relationships.match) ? data.relationships.match.data : undefined;
  const matchId = isObject(match) && match.type === 'matches' && typeof match.id === 'string' && /^[1-9]\d{0,14}$/.test(match.id) ? Number(match.id) : null;
  if (matchId === null) errors.push(fieldError('/data/relationships/match', 'match', 'required'));
  if (errors.length) throw ApiError.many(errors);
  return { matchId: matchId!, home_score: scores.home_score, away_score: scores.away_score };
}

/** Whether a match still takes predictions: before its kick-off time and before anything happened in it. */
export async function isOpenForPredictions(scope: PredictorScope, match: { id: number; status: string; kickoff_at: unknown }, now: Date): Promise<boolean> {
  if (match.status !== 'not_started') return false;
  if (new Date(String(fromDb('datetime', match.kickoff_at))).getTime() <= now.getTime()) return false;
  // A kick-off recorded early (match_started / kick_off) closes it whatever the planned time.
  const started = await scope.db
    .selectFrom('incidents')
    .select('id')
    .where('client_id', '=', scope.clientId)
    .where('match_id', '=', match.id)
    .where('incident_type', 'in', ['match_started', 'kick_off'])
    .executeTakeFirst();
  return !started;
}

/**
 * A fan's prediction of a match, made or changed (one per fan and match) until kick-off. The scope
 * is the fan's client: a match of another client is not found. Returns the stored row and whether
 * it is new.
 */
export async function placePrediction(
  scope: PredictorScope,
  fan: { id: number; displayName: string | null },
  input: PredictionInput,
  now: Date,
): Promise<{ row: Row; created: boolean }> {
  const match = await matchPlace(scope, input.matchId);
  if (!match) throw notFound('matches', String(input.matchId));
  if (!(await isOpenForPredictions(scope, match, now))) throw apiError(422, 'predictionClosed', { source: { pointer: '/data/relationships/match' } });
  return storePrediction(scope, fan, { ...input, round_id: match.round_id, competition_season_id: match.competition_season_id }, now);
}

/**
 * Stores a prediction whose match is known to be open (placePrediction checks it; the demo data
 * replays predictions made before matches that have been played since).
 */
export async function storePrediction(
  scope: PredictorScope,
  fan: { id: number; displayName: string | null },
  input: PredictionInput & { round_id: number; competition_season_id: number },
  now: Date,
): Promise<{ row: Row; created: boolean }> {
  const at = toDb(scope.dialect, 'datetime', now.toISOString());
  const values = {
    home_score: input.home_score,
    away_score: input.away_score,
    fan_name: fan.displayName,
    round_id: input.round_id,
    competition_season_id: input.competition_season_id,
    updated_at: at,
  };
  const collation = await clientCollation(scope);
  const update = () =>
    scope.db
      .updateTable(USER_RESULTS)
      .set(withShadows(USER_RESULTS, values, collation))
      .where('client_id', '=', scope.clientId)
      .where('fan_id', '=', fan.id)
      .where('match_id', '=', input.matchId)
      .returningAll()
      .executeTakeFirst();
  const changed = await update();
  if (changed) return { row: changed, created: false };
  try {
    const row = await scope.db
      .insertInto(USER_RESULTS)
      .values(withShadows(USER_RESULTS, { ...values, client_id: scope.clientId, fan_id: fan.id, match_id: input.matchId, created_at: at }, collation))
      .returningAll()
      .executeTakeFirstOrThrow();
    return { row, created: true };
  } catch (err) {
    // The same fan's other request made it first: this one changes it.
    if (!isUniqueViolation(err)) throw err;
    return { row: (await update())!, created: false };
  }
}
