import type { DB, Dialect } from '../db/database';
import { clientCollation, withShadows } from '../jsonapi/shadow';
import { toDb } from '../jsonapi/values';
import { placePrediction, storePrediction } from '../match-predictor/predictions';
import { settleMatch } from '../match-predictor/settlement';
import { POLISH_FIRST_NAMES, POLISH_LAST_NAMES } from './names';
import { mulberry32 } from './season';

/** Demo fans who play the predictor, and how many rounds back their predictions go. */
export const DEMO_PREDICTOR_FANS = 24;
const PLAYED_ROUNDS = 3;

/**
 * The demo season's predictor: a ranking, demo fans, and their predictions of the last played
 * rounds (made before each kick-off, then settled from the final score) and of the next round,
 * all through the service functions the fan API uses.
 */
export async function seedMatchPredictor(db: DB, dialect: Dialect, clientId: number, now: Date): Promise<void> {
  const scope = { db, dialect, clientId };
  const season = await db.selectFrom('competition_seasons').select('id').where('client_id', '=', clientId).where('is_current', '=', toDb(dialect, 'boolean', true)).executeTakeFirst();
  if (!season) return;
  const at = toDb(dialect, 'datetime', now.toISOString());
  await db
    .insertInto('match_predictor_rankings')
    .values(
      withShadows(
        'match_predictor_rankings',
        { client_id: clientId, name: 'Typer Ekstraklasy', points_exact: 3, points_outcome: 1, competition_season_id: season.id, created_at: at, updated_at: at },
        await clientCollation(scope),
      ),
    )
    .execute();
  const matches = await db
    .selectFrom('matches as m')
    .innerJoin('rounds as r', 'r.id', 'm.round_id')
    .innerJoin('stages as s', 's.id', 'r.stage_id')
    .select(['m.id', 'm.status', 'm.kickoff_at', 'm.round_id', 's.competition_season_id', 'r.number'])
    .where('m.client_id', '=', clientId)
    .where('s.competition_season_id', '=', season.id)
    .orderBy('r.number')
    .orderBy('m.id')
    .execute();
  const finishedRounds = [...new Set(matches.filter((m) => m.status === 'finished').map((m) => Number(m.number)))].slice(-PLAYED_ROUNDS);
  const next = matches.find((m) => m.status === 'not_started' && new Date(String(m.kickoff_at)).getTime() > now.getTime());
  const nextRound = next ? Number(next.number) : null;
  const chosen = matches.filter((m) => finishedRounds.includes(Number(m.number)) || (Number(m.number) === nextRound && m.status === 'not_started'));
  const rnd = mulberry32(clientId * 7919 + 10);
  const goals = () => [0, 0, 1, 1, 1, 2, 2, 3][Math.floor(rnd() * 8)];
  for (let i = 0; i < DEMO_PREDICTOR_FANS; i++) {
    const name = `${POLISH_FIRST_NAMES[i % POLISH_FIRST_NAMES.length]} ${POLISH_LAST_NAMES[(i * 7) % POLISH_LAST_NAMES.length][0]}.`;
    const fan = await db
      .insertInto('fans')
      .values({ client_id: clientId, kind: 'device', device_id: `demo-predictor-fan-${String(i + 1).padStart(3, '0')}`, display_name: name, is_banned: toDb(dialect, 'boolean', false), created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const m of chosen) {
      if (rnd() < 0.15) continue; // not every fan predicts every match
      const who = { id: Number(fan.id), displayName: name };
      const input = { matchId: Number(m.id), home_score: goals(), away_score: goals() };
      // The next round is predicted now, like a fan would; played matches were predicted the day before.
      if (m.status !== 'finished') await placePrediction(scope, who, input, now);
      else {
        const before = new Date(new Date(String(m.kickoff_at)).getTime() - 86_400_000);
        await storePrediction(scope, who, { ...input, round_id: Number(m.round_id), competition_season_id: Number(m.competition_season_id) }, before);
      }
    }
  }
  for (const m of chosen) if (m.status === 'finished') await settleMatch(scope, Number(m.id), now);
}
