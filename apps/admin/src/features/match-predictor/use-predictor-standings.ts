import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Identifier, RaRecord } from 'react-admin';
import type { PredictorStandingAttributes } from '@umpire/schema';
import { getList } from '../../providers/json-api';

export interface PredictorStanding extends RaRecord, PredictorStandingAttributes {}

export interface PredictorStandingsMeta {
  total: number;
  pages: number;
  round: string | null;
  rounds: { id: string; name: string; number: number }[];
  distribution: { points: number; fans: number }[];
}

export const predictorStandingsKey = (rankingId: Identifier) => ['match_predictor_rankings', 'standings', String(rankingId)];

/** GET /match_predictors/rankings/{id}/standings: one page of the season's table, or of one round's. */
export function usePredictorStandings(rankingId: Identifier, round: string | null, page: number, perPage: number) {
  return useQuery({
    queryKey: [...predictorStandingsKey(rankingId), round ?? 'season', page, perPage],
    queryFn: () =>
      getList<PredictorStanding, PredictorStandingsMeta>(`/match_predictors/rankings/${encodeURIComponent(String(rankingId))}/standings`, {
        round: round ?? undefined,
        'page[number]': page,
        'page[size]': perPage,
      }),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
