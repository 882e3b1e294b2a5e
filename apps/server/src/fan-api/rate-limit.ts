import type { SignInLimit } from '../config';

/**
 * Counters of the fan-facing API: at most `max` hits per key in any window of `windowSeconds`
 * (two fixed windows weighted by overlap, so a burst at a window's edge cannot double the rate).
 * They live in this process: several instances behind a load balancer each allow the limit, which
 * bounds abuse without a write per request. Keys are pruned as their windows pass.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number; previous: number }>();
  private lastPrune = 0;

  /** Counts a hit; null when allowed, else the seconds until one more is. */
  hit(key: string, limit: SignInLimit, now: number): number | null {
    const size = limit.windowSeconds * 1000;
    this.prune(now, size);
    const start = Math.floor(now / size) * size;
    let w = this.windows.get(key);
    if (!w || w.start < start - size) w = { start, count: 0, previous: 0 };
    else if (w.start < start) w = { start, count: 0, previous: w.count };
    const weight = 1 - (now - start) / size;
    const estimate = w.previous * weight + w.count;
    if (estimate + 1 > limit.max) {
      this.windows.set(key, w);
      // The previous window's share fades linearly: when it has faded enough, or the next window starts.
      const excess = estimate + 1 - limit.max;
      const wait = w.previous > 0 ? Math.min(start + size - now, (excess / w.previous) * size) : start + size - now;
      return Math.max(1, Math.ceil(wait / 1000));
    }
    w.count++;
    this.windows.set(key, w);
    return null;
  }

  private prune(now: number, size: number) {
    if (now - this.lastPrune < 60_000) return;
    this.lastPrune = now;
    for (const [key, w] of this.windows) if (w.start < now - 2 * Math.max(size, 3_600_000)) this.windows.delete(key);
  }
}
