import { defineResource } from '../../resource';
import { integer, isoDateTime, oneOf, text } from '../../validators';

/** What a settled prediction earned: the exact score, the right outcome only, or nothing. */
export const PREDICTION_RESULTS = ['exact', 'outcome', 'miss'] as const;
export type PredictionResult = (typeof PREDICTION_RESULTS)[number];

/** Points when a competition season has no ranking yet (the usual 3 for the score, 1 for the outcome). */
export const DEFAULT_PREDICTOR_POINTS = { points_exact: 3, points_outcome: 1 } as const;
/** One fan's line in a ranking's standings (GET /match_predictors/rankings/{id}/standings). */
export interface PredictorStandingAttributes {
  /** Shared by fans with equal points and exact scores. */
  position: number;
  fan_id: number;
  fan_name: string | null;
  points: number;
  exact: number;
  outcome: number;
  settled: number;
}

/** Highest score a fan may predict for one side (anything above is a typing error). */
export const MAX_PREDICTED_GOALS = 30;

/**
 * A match predictor ranking (spec §7 /match_predictors/rankings): the predictor of one competition
 * season and its scoring rules. Its standings, per round and for the season, are computed from the
 * settled predictions and never typed in.
 */
export const matchPredictorRankings = defineResource({
  type: 'match_predictor_rankings',
  path: 'match_predictors/rankings',
  table: 'match_predictor_rankings',
  section: 'match_predictor',
  titleAttribute: 'name',
  defaultSort: 'name',
  public: { reach: 'capability', attributes: ['name', 'points_exact', 'points_outcome'], relationships: ['competition_season'] },
  attributes: {
    name: { type: 'string', schema: text(120), required: true, search: true, sort: true, filter: true, list: true, example: 'Typer Ekstraklasy' },
    points_exact: { type: 'integer', schema: integer(0, 20), default: DEFAULT_PREDICTOR_POINTS.points_exact, sort: true, list: true, example: 3 },
    points_outcome: { type: 'integer', schema: integer(0, 20), default: DEFAULT_PREDICTOR_POINTS.points_outcome, sort: true, list: true, example: 1 },
  },
  relationships: {
    competition_season: { kind: 'belongsTo', type: 'competition_seasons', required: true, onDelete: 'cascade' },
  },
});

/**
 * One fan's prediction of one match and what it earned once the match ended (spec §7 GET
 * /match_predictors/user_results). Fans write them through /public/v1; staff only read them.
 */
export const matchPredictorUserResults = defineResource({
  type: 'match_predictor_user_results',
  path: 'match_predictors/user_results',
  table: 'match_predictor_user_results',
  section: 'match_predictor',
  readOnly: true,
  defaultSort: '-updated_at',
  attributes: {
    fan_id: { type: 'integer', schema: integer(1), readOnly: true, filter: true, list: true },
    fan_name: { type: 'string', schema: text(60), readOnly: true, search: true, sort: true, list: true },
    home_score: { type: 'integer', schema: integer(0, MAX_PREDICTED_GOALS), readOnly: true, list: true },
    away_score: { type: 'integer', schema: integer(0, MAX_PREDICTED_GOALS), readOnly: true, list: true },
    result: { type: 'string', schema: oneOf(PREDICTION_RESULTS), readOnly: true, filter: true, sort: true, list: true },
    points: { type: 'integer', schema: integer(0, 20), readOnly: true, filter: 'range', sort: true, list: true },
    settled_at: { type: 'datetime', schema: isoDateTime(), readOnly: true, sort: true },
  },
  relationships: {
    match: { kind: 'belongsTo', type: 'matches', required: true, onDelete: 'cascade' },
    round: { kind: 'belongsTo', type: 'rounds', required: true, onDelete: 'cascade' },
    competition_season: { kind: 'belongsTo', type: 'competition_seasons', required: true, onDelete: 'cascade' },
  },
});
