import { describe, expect, it, vi } from 'vitest';
import { MutationObserver, QueryClient } from '@tanstack/react-query';
import manifest from 'virtual:umpire/resources';
import { createDataProvider } from '../../providers/data-provider';
import type { HttpClient } from '../../providers/http-client';
import { startEarlyRead } from '../../lib/early-reads';
import { cardsToShow, COUNTED_RESOURCES, COUNTED_TYPES, countsQuery, invalidateCountsOnWrite, prefetchCounts } from './counts';

/** The real data provider over an HTTP client that answers like the server's GET /counts. */
function countingProvider(counts: Record<string, number>) {
  const urls: string[] = [];
  const http = ((url: string) => {
    urls.push(url);
    return Promise.resolve({ status: 200, headers: new Headers(), body: { meta: { counts } }, url });
  }) as HttpClient;
  return { dataProvider: createDataProvider({ http, baseUrl: () => '/api/v3', resources: manifest }), urls };
}

describe('dashboard counts', () => {
  it('counts named records and matches, not link records nor the history, in the sidebar’s order', () => {
    expect(COUNTED_TYPES).toContain('clubs');
    expect(COUNTED_TYPES).toContain('matches');
    expect(COUNTED_TYPES).not.toContain('audit_events');
    expect(COUNTED_TYPES).not.toContain('squad_players');
    expect(COUNTED_TYPES.indexOf('competitions')).toBeLessThan(COUNTED_TYPES.indexOf('clubs'));
  });

  it('shows every card while loading, then those the server counted, and on failure those the user may list', () => {
    expect(cardsToShow({ data: undefined, isError: false }, undefined)).toEqual(COUNTED_RESOURCES);
    const counted = cardsToShow({ data: { clubs: 3, players: 0 }, isError: false }, undefined);
    expect(counted.map((r) => r.name)).toEqual(COUNTED_TYPES.filter((t) => t === 'clubs' || t === 'players'));
    expect(cardsToShow({ data: {}, isError: false }, undefined)).toEqual([]);
    expect(cardsToShow({ data: undefined, isError: true }, { clubs: true, tags: false }).map((r) => r.name)).toEqual(['clubs']);
    expect(cardsToShow({ data: undefined, isError: true }, undefined)).toEqual([]);
  });

  it('is asked for once, during start-up, and served from memory when the dashboard appears', async () => {
    const { dataProvider, urls } = countingProvider({ clubs: 18 });
    const queryClient = new QueryClient();
    prefetchCounts(queryClient, dataProvider);
    const query = countsQuery(dataProvider);
    await queryClient.fetchQuery(query);
    expect(queryClient.getQueryData(query.queryKey)).toEqual({ clubs: 18 });
    // The dashboard's observer finds fresh figures: no second request.
    await queryClient.fetchQuery(query);
    expect(urls).toEqual(['/api/v3/counts']);
  });

  it('takes the answer start-up asked for before the app arrived, without asking again', async () => {
    const { dataProvider, urls } = countingProvider({ clubs: 18 });
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ meta: { counts: { clubs: 17, tags: 4 } } }))));
    try {
      startEarlyRead('/api/v3/counts', 'token');
      const queryClient = new QueryClient();
      expect(await queryClient.fetchQuery(countsQuery(dataProvider))).toEqual({ clubs: 17, tags: 4 });
      expect(urls).toEqual([]);
      // Taken once: the next read asks the server.
      await queryClient.invalidateQueries();
      expect(await queryClient.fetchQuery(countsQuery(dataProvider))).toEqual({ clubs: 18 });
      expect(urls).toEqual(['/api/v3/counts']);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('goes stale after a successful write of the app, not after a failed one', async () => {
    const { dataProvider } = countingProvider({ clubs: 18 });
    const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    invalidateCountsOnWrite(queryClient);
    const query = countsQuery(dataProvider);
    await queryClient.fetchQuery(query);
    const stale = () => queryClient.getQueryState(query.queryKey)?.isInvalidated;

    await new MutationObserver(queryClient, { mutationFn: () => Promise.reject(new Error('refused')) }).mutate().catch(() => undefined);
    expect(stale()).toBe(false);
    await new MutationObserver(queryClient, { mutationFn: () => Promise.resolve({ id: 1 }) }).mutate();
    expect(stale()).toBe(true);
  });
});
