import { sql } from 'kysely';
import { addShadowColumns, createBusinessTable, createSortIndex } from '../columns';
import type { DB, Dialect } from '../database';

/**
 * The match predictor (issue 10): rankings (the predictor of a competition season with its scoring
 * rules) and the fans' predictions with what they earned (user results). One prediction per fan and
 * match; the round and competition season are copied from the match so standings are one query.
 */
export async function up(db: DB, d: Dialect): Promise<void> {
  await createBusinessTable(
    db, d, 'match_predictor_rankings',
    [
      ['name', 'string', { notNull: true }],
      ['points_exact', 'integer', { notNull: true, default: 3 }],
      ['points_outcome', 'integer', { notNull: true, default: 1 }],
    ],
    [['competition_season_id', 'competition_seasons', 'cascade', { notNull: true }]],
  );
  await addShadowColumns(db, d, 'match_predictor_rankings', true, ['name']);

  await createBusinessTable(
    db, d, 'match_predictor_user_results',
    [
      ['fan_name', 'string'],
      ['home_score', 'integer', { notNull: true }],
      ['away_score', 'integer', { notNull: true }],
      ['result', 'string'],
      ['points', 'integer'],
      ['settled_at', 'datetime'],
    ],
    [
      ['fan_id', 'fans', 'cascade', { notNull: true }],
      ['match_id', 'matches', 'cascade', { notNull: true }],
      ['round_id', 'rounds', 'cascade', { notNull: true }],
      ['competition_season_id', 'competition_seasons', 'cascade', { notNull: true }],
    ],
  );
  await addShadowColumns(db, d, 'match_predictor_user_results', true, ['fan_name']);
  await db.schema.createIndex('match_predictor_user_results_fan_match_unique').on('match_predictor_user_results').columns(['fan_id', 'match_id']).unique().execute();
  // Standings: a season's (or round's) settled predictions grouped by fan.
  await db.schema.createIndex('match_predictor_user_results_standings_idx').on('match_predictor_user_results').columns(['client_id', 'competition_season_id', 'round_id', 'fan_id']).execute();
  await createSortIndex(db, d, 'match_predictor_user_results_updated_idx', 'match_predictor_user_results', '-updated_at');
  // Settlement rewrites result, points and settled_at (no index has them) of every prediction of a
  // match: with room left on each page PostgreSQL updates in place (HOT) instead of touching all the
  // indexes, the trigram index included (100,000 predictions: 1 s instead of 6 s, bench/predictor.mjs).
  if (d === 'postgres') await sql`alter table match_predictor_user_results set (fillfactor = 50)`.execute(db);
}
