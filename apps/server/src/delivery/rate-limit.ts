import { sql } from 'kysely';
import type { SignInLimit } from '../config';
import type { Database, DB } from '../db/database';

/**
 * Counters of the fan-facing API (`/public/v1`: fans' writes and registrations, delivery keys'
 * requests): at most `max` hits per key in any window of `windowSeconds` (two fixed windows
 * weighted by overlap, so a burst at a window's edge cannot double the rate).
 * One interface, two stores: this process's memory on SQLite (one instance), a table shared by
 * every instance on PostgreSQL, so N instances behind a load balancer still allow the limit once.
 */
export interface RateLimiter {
  /** Counts a hit; null when allowed, else the seconds until one more is. A refused hit is not counted. */
  hit(key: string, limit: SignInLimit, now: number): Promise<number | null>;
}

/** The limiter for the database: shared counters when instances share it (PostgreSQL). */
export const rateLimiterFor = (database: Database): RateLimiter => (database.dialect === 'postgres' ? new SharedRateLimiter(database.db) : new MemoryRateLimiter());

/** Where the current window starts, and its size (ms). */
function windowOf(limit: SignInLimit, now: number) {
  const size = limit.windowSeconds * 1000;
  return { size, start: Math.floor(now / size) * size };
}

/** The wait (s) of a refused hit: until the previous window's share has faded enough, or the next window starts. */
function retryAfter(previous: number, count: number, limit: SignInLimit, now: number): number {
  const { size, start } = windowOf(limit, now);
  const excess = previous * (1 - (now - start) / size) + count + 1 - limit.max;
  const wait = previous > 0 ? Math.min(start + size - now, (excess / previous) * size) : start + size - now;
  return Math.max(1, Math.ceil(wait / 1000));
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number; previous: number }>();
  private lastPrune = 0;

  hit(key: string, limit: SignInLimit, now: number): Promise<number | null> {
    return Promise.resolve(this.hitNow(key, limit, now));
  }

  private hitNow(key: string, limit: SignInLimit, now: number): number | null {
    const { size, start } = windowOf(limit, now);
    this.prune(now, size);
    let w = this.windows.get(key);
    if (!w || w.start < start - size) w = { start, count: 0, previous: 0 };
    else if (w.start < start) w = { start, count: 0, previous: w.count };
    this.windows.set(key, w);
    if (w.previous * (1 - (now - start) / size) + w.count + 1 > limit.max) return retryAfter(w.previous, w.count, limit, now);
    w.count++;
    return null;
  }

  private prune(now: number, size: number) {
    if (now - this.lastPrune < 60_000) return;
    this.lastPrune = now;
    for (const [key, w] of this.windows) if (w.start < now - 2 * Math.max(size, 3_600_000)) this.windows.delete(key);
  }
}

/**
 * The same counts in `rate_limit_hits` (migration 0022): one statement counts a hit only if it
 * fits, atomically (`INSERT … ON CONFLICT DO UPDATE … WHERE … RETURNING`: the row is locked while
 * its guard is checked), so simultaneous hits on several instances never pass the limit together.
 * Integer arithmetic (everything times the window size), so the guard is exact on both databases.
 * Windows that can no longer weigh are swept about once a minute per instance.
 */
export class SharedRateLimiter implements RateLimiter {
  private lastSweep = 0;

  constructor(private readonly db: DB) {}

  async hit(key: string, limit: SignInLimit, now: number): Promise<number | null> {
    const { size, start } = windowOf(limit, now);
    await this.sweep(now);
    const big = (v: number) => sql`cast(${v} as bigint)`;
    // The previous window's hits weigh by the share of it still inside the sliding window.
    const previous = sql`(select coalesce(max(p.hits), 0) from rate_limit_hits p where p."key" = ${key} and p.window_start = ${big(start - size)})`;
    const fits = (hitsAfter: ReturnType<typeof sql>) => sql`${hitsAfter} * ${big(size)} + ${previous} * ${big(start + size - now)} <= ${big(limit.max)} * ${big(size)}`;
    const counted = await sql<{ hits: number }>`
      insert into rate_limit_hits ("key", window_start, hits, expires_at)
      select cast(${key} as text), ${big(start)}, 1, ${big(start + 2 * size)}
      where ${fits(sql`1`)}
      on conflict ("key", window_start) do update set hits = rate_limit_hits.hits + 1
      where ${fits(sql`(rate_limit_hits.hits + 1)`)}
      returning hits`.execute(this.db);
    if (counted.rows.length) return null;
    const rows = await this.db
      .selectFrom('rate_limit_hits')
      .select(['window_start', 'hits'])
      .where('key', '=', key)
      .where('window_start', 'in', [start - size, start])
      .execute();
    const hitsOf = (at: number) => Number(rows.find((r) => Number(r.window_start) === at)?.hits ?? 0);
    return retryAfter(hitsOf(start - size), hitsOf(start), limit, now);
  }

  private async sweep(now: number) {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    await this.db.deleteFrom('rate_limit_hits').where('expires_at', '<', now).execute();
  }
}
