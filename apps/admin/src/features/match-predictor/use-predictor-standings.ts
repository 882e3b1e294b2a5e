import { useEffect } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Identifier, RaRecord } from 'react-admin';
import type { PredictorStandingAttributes } from '@umpire/schema';
import { trailing, watchContent } from '../../lib/content-channel';
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

/** A refresh at most this often while fans predict or matches end. */
const LIVE_REFRESH_MS = 1000;

/**
 * Keeps a ranking's standings live: new predictions and the settlement of a match of its season
 * are announced on /cable's ContentChannel, and a burst of them is one refresh of what is shown.
 */
export function useLivePredictorStandings(rankingId: Identifier) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = trailing(() => void queryClient.invalidateQueries({ queryKey: predictorStandingsKey(rankingId) }), LIVE_REFRESH_MS);
    const stop = watchContent(['match_predictor_user_results', 'match_predictor_rankings'], (change) => {
      if (change.type === 'match_predictor_rankings' && change.id !== String(rankingId)) return;
      refresh();
    });
    return () => {
      stop();
      refresh.cancel();
    };
  }, [queryClient, rankingId]);
}
