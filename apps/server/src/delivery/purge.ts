import type { FastifyBaseLogger } from 'fastify';
import type { DeliveryConfig } from '../config';
import { ALL_CLIENTS, ALL_TABLES, type DataVersions, type Written } from '../db/data-versions';

/** Changes within this window go out in one call. */
const BATCH_MS = 100;
/** Waits before the attempts after a failure; then the keys are given up (the CDN's s-maxage still ends them). */
const RETRY_MS = [1_000, 5_000];
const TIMEOUT_MS = 5_000;

/**
 * The keys a commit purges, the counterpart of `surrogateKeys` (delivery.ts): per client and table,
 * the table of every client when the client is not known, everything of a client (or of the
 * installation) when the tables are not known.
 */
export function purgeKeys(cdnId: string, written: Written): string[] {
  const keys = new Set<string>();
  for (const [table, clients] of written)
    for (const c of clients) {
      if (table === ALL_TABLES) keys.add(c === ALL_CLIENTS ? cdnId : `${cdnId}:c${c}`);
      else keys.add(c === ALL_CLIENTS ? `${cdnId}:${table}` : `${cdnId}:c${c}:${table}`);
    }
  return [...keys].sort();
}

/**
 * The purge hook: after each commit of this process (every instance purges for its own writes, so
 * each change is purged once), the CDN's purge URL is called with the surrogate keys of what
 * changed, `POST {"surrogate_keys": [...]}`, batched over a moment and retried twice.
 */
export class Purger {
  private pending = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private inFlight: Promise<void> = Promise.resolve();
  private readonly unsubscribe: () => void;
  private failing = false;

  constructor(
    private readonly config: DeliveryConfig & { purgeUrl: string },
    private readonly cdnId: string,
    versions: DataVersions,
    private readonly log: FastifyBaseLogger,
    private readonly relevant: (table: string) => boolean,
  ) {
    this.unsubscribe = versions.onCommit((written) => this.add(written));
  }

  private add(written: Written) {
    for (const key of purgeKeys(this.cdnId, new Map([...written].filter(([t]) => t === ALL_TABLES || this.relevant(t))))) this.pending.add(key);
    if (this.pending.size && !this.timer) this.timer = setTimeout(() => void this.flush(), BATCH_MS);
  }

  /** Sends what is pending now (and waits for what is on its way). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const keys = [...this.pending];
    this.pending.clear();
    if (keys.length) this.inFlight = this.inFlight.then(() => this.send(keys));
    return this.inFlight;
  }

  private async send(keys: string[]) {
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await fetch(this.config.purgeUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(this.config.purgeToken ? { authorization: `Bearer ${this.config.purgeToken}` } : {}) },
          body: JSON.stringify({ surrogate_keys: keys }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        await response.body?.cancel();
        if (!response.ok) throw new Error(`status ${response.status}`);
        if (this.failing) this.log.info('delivery purge: the purge URL answers again');
        this.failing = false;
        return;
      } catch (error) {
        if (attempt >= RETRY_MS.length) {
          // Said once per outage, not once per change.
          if (!this.failing) this.log.warn({ err: error, keys: keys.length }, 'delivery purge: the purge URL failed; CDN copies end with their s-maxage');
          this.failing = true;
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS[attempt]));
      }
    }
  }

  async close(): Promise<void> {
    this.unsubscribe();
    await this.flush();
  }
}
