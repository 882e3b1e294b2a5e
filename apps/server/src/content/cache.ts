import type { ComputedCache } from '../realtime/computed-cache';

/**
 * The content reads (`/current_page`, global page elements) are kept in each running app's
 * ComputedCache, which drops a client's entries on any committed change of that client (pages,
 * components, global elements and everything they link to included). A publication window
 * opening or closing changes no row: the publication job calls `invalidateContent(clientId)`.
 */
const CACHES = new Set<ComputedCache>();

export function registerContentCache(cache: ComputedCache): () => void {
  CACHES.add(cache);
  return () => CACHES.delete(cache);
}

/** Drops every cached content read of a client, in every app of this process. */
export function invalidateContent(clientId: number): void {
  for (const cache of CACHES) cache.invalidate(clientId);
}
