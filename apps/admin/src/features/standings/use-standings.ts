import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Identifier } from 'react-admin';
import { getList } from '../../providers/json-api';
import type { StandingRecord, StandingsMeta } from './standings-model';

export const standingsKey = (groupId: Identifier) => ['groups', 'standings', String(groupId)];

/** Spec §7: GET /groups/{id}/standings, the table after `round` when given (squads with team, crest and club included). */
export function fetchStandings(groupId: Identifier, round?: number | null) {
  return getList<StandingRecord, StandingsMeta>(`/groups/${encodeURIComponent(String(groupId))}/standings`, { round: round ?? undefined }, 4);
}

export function useStandings(groupId: Identifier, round: number | null) {
  return useQuery({
    queryKey: [...standingsKey(groupId), round ?? 'latest'],
    queryFn: () => fetchStandings(groupId, round),
    staleTime: 30_000,
    // Switching rounds keeps the previous table on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });
}

/** After a deduction changes, every table of the group is out of date. */
export function useInvalidateStandings(groupId: Identifier) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: standingsKey(groupId) });
}
