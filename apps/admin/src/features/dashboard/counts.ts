import { queryOptions, useQuery, type QueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { entriesBySection, RESOURCE_ENTRIES, type ResourceEntry } from '../../framework/definitions';
import { AUDIT_RESOURCE } from '../../framework/history/audit';
import type { UmpireDataProvider } from '../../providers/data-provider';

const COUNTED_WITHOUT_TITLE = ['matches'];

/**
 * The resources that get a card, in the sidebar's order so the cards read like the menu; only
 * what staff count (named records and matches), not link records such as a player's place in a squad.
 */
export const COUNTED_RESOURCES: readonly ResourceEntry[] = entriesBySection(RESOURCE_ENTRIES)
  .flatMap((s) => s.resources)
  .filter((r) => r.name !== AUDIT_RESOURCE && (r.def.titleAttribute || COUNTED_WITHOUT_TITLE.includes(r.name)));

export const COUNTED_TYPES: string[] = COUNTED_RESOURCES.map((r) => r.name);

export const COUNTS_QUERY_KEY = ['counts'] as const;

/**
 * Records per type for every card at once (GET /counts): one request and one render instead of
 * a list request per card. Types the user may not read are missing from the answer.
 */
export function countsQuery(dataProvider: UmpireDataProvider) {
  return queryOptions({
    queryKey: COUNTS_QUERY_KEY,
    // Every type, as start-up asks for them before this code has arrived (app/bootstrap.ts);
    // the cards keep theirs.
    queryFn: ({ signal }) => dataProvider.getCounts(undefined, { signal }),
    // The answer asked for during start-up is not asked for again when the dashboard appears;
    // the app's own writes make it stale at once (see invalidateCountsOnWrite).
    staleTime: 30_000,
    // The HTTP client has already retried a transient failure and shown its pop-up: say so now.
    retry: false,
  });
}

export type Counts = UseQueryResult<Record<string, number>>;

/**
 * The cards to show: every one while the figures load; then those the server counted (it leaves
 * out what the user may not read); if that failed, those the user's abilities let them list.
 */
export function cardsToShow({ data, isError }: Pick<Counts, 'data' | 'isError'>, canList: Record<string, boolean> | undefined): ResourceEntry[] {
  if (data) return COUNTED_RESOURCES.filter((r) => r.name in data);
  if (isError) return COUNTED_RESOURCES.filter((r) => canList?.[r.name]);
  return [...COUNTED_RESOURCES];
}

export function useCounts(): Counts {
  return useQuery(countsQuery(useDataProvider<UmpireDataProvider>()));
}

/** Asks for the counts while the app renders, so the dashboard's first render can show them. */
export function prefetchCounts(queryClient: QueryClient, dataProvider: UmpireDataProvider): void {
  void queryClient.prefetchQuery(countsQuery(dataProvider));
}

/** Any write of this app may change a count. */
export function invalidateCountsOnWrite(queryClient: QueryClient): void {
  queryClient.getMutationCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success') void queryClient.invalidateQueries({ queryKey: COUNTS_QUERY_KEY });
  });
}
