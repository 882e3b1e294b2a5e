import type { DB, Dialect } from '../db/database';
import { clientCollation, withShadows } from '../jsonapi/shadow';
import { toDb } from '../db/values';

/** Rounds of the demo season held back until the demo fans have predicted them (seedFanSeason). */
export const DEMO_PREDICTED_ROUNDS = 2;

/**
 * The demo season's predictor ranking, as staff set it up; the demo fans' predictions go through
 * the fan API (seedFanSeason), and its standings follow from them.
 */
export async function seedMatchPredictor(db: DB, dialect: Dialect, clientId: number, now: Date): Promise<void> {
  const season = await db.selectFrom('competition_seasons').select('id').where('client_id', '=', clientId).where('is_current', '=', toDb(dialect, 'boolean', true)).executeTakeFirst();
  if (!season) return;
  const at = toDb(dialect, 'datetime', now.toISOString());
  await db
    .insertInto('match_predictor_rankings')
    .values(
      withShadows(
        'match_predictor_rankings',
        { client_id: clientId, name: 'Typer Ekstraklasy', points_exact: 3, points_outcome: 1, competition_season_id: season.id, created_at: at, updated_at: at },
        await clientCollation({ db, dialect, clientId }),
      ),
    )
    .execute();
}
