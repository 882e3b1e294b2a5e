import { sql } from 'kysely';
import type { PredictorStandingAttributes } from '@umpire/schema';
import type { Row } from '../jsonapi/read';
import { USER_RESULTS, type PredictorScope } from './settlement';

/** One fan's line in a ranking: place (shared on equal points and exact scores), points and how they were made. */
export type Standing = PredictorStandingAttributes;

export interface Standings {
  lines: Standing[];
  /** How many fans have each number of points (the admin's chart). */
  distribution: { points: number; fans: number }[];
}

/** Ranks aggregated lines: more points first, then more exact scores, then the fan's id (stable). */
export function rankStandings(lines: Omit<Standing, 'position'>[]): Standing[] {
  const sorted = [...lines].sort((x, y) => y.points - x.points || y.exact - x.exact || x.fan_id - y.fan_id);
  let position = 0;
  return sorted.map((line, i) => {
    const prev = sorted[i - 1];
    if (!prev || prev.points !== line.points || prev.exact !== line.exact) position = i + 1;
    return { position, ...line };
  });
}

export function pointsDistribution(lines: readonly { points: number }[]): { points: number; fans: number }[] {
  const counts = new Map<number, number>();
  for (const l of lines) counts.set(l.points, (counts.get(l.points) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => a - b).map(([points, fans]) => ({ points, fans }));
}

/**
 * A ranking's standings for its competition season, or for one round of it: the settled
 * predictions grouped by fan in one statement, scored with the ranking's own rules.
 */
export async function rankingStandings(scope: PredictorScope, ranking: Row, roundId?: number): Promise<Standings> {
  const pe = sql.lit(Number(ranking.points_exact));
  const po = sql.lit(Number(ranking.points_outcome));
  let q = scope.db
    .selectFrom(USER_RESULTS)
    .select([
      'fan_id',
      sql<string | null>`max(fan_name)`.as('fan_name'),
      sql<number>`sum(case result when 'exact' then ${pe} when 'outcome' then ${po} else 0 end)`.as('points'),
      sql<number>`sum(case when result = 'exact' then 1 else 0 end)`.as('exact'),
      sql<number>`sum(case when result = 'outcome' then 1 else 0 end)`.as('outcome'),
      sql<number>`count(*)`.as('settled'),
    ])
    .where('client_id', '=', scope.clientId)
    .where('competition_season_id', '=', Number(ranking.competition_season_id))
    .where('result', 'is not', null)
    .groupBy('fan_id');
  if (roundId !== undefined) q = q.where('round_id', '=', roundId);
  const rows = await q.execute();
  // PostgreSQL sums are bigints (strings): numbers here.
  const lines = rankStandings(
    rows.map((r) => ({
      fan_id: Number(r.fan_id),
      fan_name: (r.fan_name) ?? null,
      points: Number(r.points),
      exact: Number(r.exact),
      outcome: Number(r.outcome),
      settled: Number(r.settled),
    })),
  );
  return { lines, distribution: pointsDistribution(lines) };
}

/** The rounds of a ranking's season that have predictions, in their order (the round picker). */
export async function rankingRounds(scope: PredictorScope, ranking: Row) {
  const rows = await scope.db
    .selectFrom('rounds as r')
    .select(['r.id', 'r.name', 'r.number'])
    .where('r.client_id', '=', scope.clientId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom(`${USER_RESULTS} as u`)
          .select('u.id')
          .whereRef('u.round_id', '=', 'r.id')
          .where('u.competition_season_id', '=', Number(ranking.competition_season_id)),
      ),
    )
    .orderBy('r.number')
    .orderBy('r.id')
    .execute();
  return rows.map((r) => ({ id: String(r.id), name: String(r.name), number: Number(r.number) }));
}

/** A standing as a JSON:API resource object of a ranking (`scope`: `season` or the round's id). */
export function standingObject(rankingId: string, scopeKey: string, s: Standing, apiBase: string) {
  const table = `${apiBase}/match_predictors/rankings/${rankingId}/standings${scopeKey === 'season' ? '' : `?round=${scopeKey}`}`;
  return {
    type: 'match_predictor_standings',
    id: `${rankingId}-${scopeKey}-${s.fan_id}`,
    attributes: { position: s.position, fan_id: s.fan_id, fan_name: s.fan_name, points: s.points, exact: s.exact, outcome: s.outcome, settled: s.settled },
    relationships: { ranking: { data: { type: 'match_predictor_rankings', id: rankingId } } },
    links: { self: table },
  };
}
