import type { ChangeBus } from './change-bus';

/**
 * Computed views (standings, statistics) per client, dropped whenever anything of that client
 * changes. Reads between match events are served from memory; a change on another instance
 * arrives through the bus (PostgreSQL NOTIFY) and drops the entries there too.
 */
export class ComputedCache {
  private readonly byClient = new Map<number, Map<string, Promise<unknown>>>();
  private readonly maxEntriesPerClient = 500;

  constructor(bus: ChangeBus) {
    bus.subscribe((event) => this.byClient.delete(event.clientId));
  }

  /** The cached value of `key`, or the result of `compute` (shared by concurrent callers). */
  get<T>(clientId: number, key: string, compute: () => Promise<T>): Promise<T> {
    let entries = this.byClient.get(clientId);
    if (!entries) this.byClient.set(clientId, (entries = new Map()));
    const hit = entries.get(key);
    if (hit) return hit as Promise<T>;
    if (entries.size >= this.maxEntriesPerClient) entries.clear();
    const value = compute();
    entries.set(key, value);
    // A failed computation is not remembered.
    value.catch(() => entries!.get(key) === value && entries!.delete(key));
    return value;
  }
}
