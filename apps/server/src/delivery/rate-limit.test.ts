import { describe, expect, it } from 'vitest';
import { MemoryRateLimiter } from './rate-limit';

const limit = { max: 3, windowSeconds: 60 };

describe('rate limiter in memory (SQLite: one instance)', () => {
  it('allows max hits per key in a window, then says how long to wait', async () => {
    const l = new MemoryRateLimiter();
    const t = 600_000; // the start of a window
    expect([await l.hit('a', limit, t), await l.hit('a', limit, t + 1), await l.hit('a', limit, t + 2)]).toEqual([null, null, null]);
    const wait = await l.hit('a', limit, t + 3);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    // Another key has its own count.
    expect(await l.hit('b', limit, t + 3)).toBeNull();
  });

  it('does not let a burst at the edge of a window double the rate', async () => {
    const l = new MemoryRateLimiter();
    const end = 660_000 - 10; // just before a window ends
    for (let i = 0; i < 3; i++) expect(await l.hit('a', limit, end)).toBeNull();
    // Just after, the previous window still weighs nearly in full.
    expect(await l.hit('a', limit, 660_000 + 10)).not.toBeNull();
    // Half a window later, half of it has faded: one more fits.
    expect(await l.hit('a', limit, 660_000 + 30_000)).toBeNull();
    // Two windows on, nothing remains.
    for (let i = 0; i < 3; i++) expect(await l.hit('a', limit, 800_000)).toBeNull();
  });
});
