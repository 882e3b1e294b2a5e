/** The match predictor's screens beyond forms: a ranking's standings with the spread of points. */
export { PredictorStandings, fanLabel } from './predictor-standings';
export { predictorStandingsKey } from './use-predictor-standings';
