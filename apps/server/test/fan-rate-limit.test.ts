import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/database';
import { migrate } from '../src/jsonapi/migrate';
import { MemoryRateLimiter, rateLimiterFor, SharedRateLimiter, type RateLimiter } from '../src/delivery/rate-limit';
import { freshDatabase, TEST_DB } from './support/test-server';

/**
 * The fan API's limiter behind its one interface: in memory (one instance, SQLite's topology) and
 * in the shared table (run here on the test database, whichever it is), with the same rules; and
 * on the shared table, two "instances" (two connection pools) hitting one key at once never
 * together pass the limit.
 */
let fresh: Awaited<ReturnType<typeof freshDatabase>>;
let first: Database;
let second: Database;

beforeAll(async () => {
  fresh = await freshDatabase();
  const open = () => openDatabase({ databaseUrl: fresh.env.DATABASE_URL || null, sqlitePath: join(fresh.env.DATA_DIR!, 'umpire.sqlite'), poolSize: 8 });
  first = open();
  await migrate(first);
  second = open();
}, 60_000);

afterAll(async () => {
  await first?.close();
  await second?.close();
  await fresh?.drop();
});

const limit = { max: 3, windowSeconds: 60 };
const W = 600_000; // the start of a window
let serial = 0;
const key = () => `test:${++serial}`;

const kinds: [string, () => RateLimiter][] = [
  ['in memory', () => new MemoryRateLimiter()],
  [`shared (${TEST_DB})`, () => new SharedRateLimiter(first.db)],
];

describe.each(kinds)('the fan rate limiter %s', (_name, make) => {
  it('allows max hits per key in a window, then says how long to wait; a refused hit is not counted', async () => {
    const l = make();
    const k = key();
    expect([await l.hit(k, limit, W), await l.hit(k, limit, W + 1), await l.hit(k, limit, W + 2)]).toEqual([null, null, null]);
    // A full window with no previous one: wait for the next window.
    expect(await l.hit(k, limit, W + 3)).toBe(60);
    expect(await l.hit(k, limit, W + 30_000)).toBe(30);
    // Another key has its own count.
    expect(await l.hit(key(), limit, W + 3)).toBeNull();
  });

  it('does not let a burst at the edge of a window double the rate', async () => {
    const l = make();
    const k = key();
    const end = W + 60_000 - 10;
    for (let i = 0; i < 3; i++) expect(await l.hit(k, limit, end)).toBeNull();
    // Just after, the previous window still weighs nearly in full: a third of it must fade (20 s).
    expect(await l.hit(k, limit, W + 60_000 + 10)).toBe(20);
    // Half a window later, half of it has faded: one more fits, and not two.
    expect(await l.hit(k, limit, W + 90_000)).toBeNull();
    expect(await l.hit(k, limit, W + 90_000)).not.toBeNull();
    // Two windows on, nothing remains.
    for (let i = 0; i < 3; i++) expect(await l.hit(k, limit, W + 180_000)).toBeNull();
  });

  it('keeps each window size of a key to itself (registrations per hour, writes per minute)', async () => {
    const l = make();
    const k = key();
    const hourly = { max: 2, windowSeconds: 3600 };
    expect([await l.hit(k, hourly, 3_600_000 * 5), await l.hit(k, hourly, 3_600_000 * 5 + 1)]).toEqual([null, null]);
    expect(await l.hit(k, hourly, 3_600_000 * 5 + 1000)).toBe(3599);
  });
});

describe(`the shared fan rate limiter on ${TEST_DB}`, () => {
  it('counts the hits of several instances together, and never lets simultaneous hits pass the limit', async () => {
    const a = new SharedRateLimiter(first.db);
    const b = new SharedRateLimiter(second.db);
    const k = key();
    const many = { max: 25, windowSeconds: 60 };
    const results = await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 2 ? a : b).hit(k, many, W + 5)));
    expect(results.filter((r) => r === null)).toHaveLength(25);
    expect(results.filter((r) => r !== null).every((r) => r === 60)).toBe(true);
    const row = await first.db.selectFrom('rate_limit_hits').select('hits').where('key', '=', k).executeTakeFirstOrThrow();
    expect(Number(row.hits)).toBe(25);
  });

  it('sweeps the windows that can no longer weigh', async () => {
    const k = key();
    await new SharedRateLimiter(first.db).hit(k, limit, W);
    // A new limiter sweeps on its first hit: two windows later the row has gone.
    await new SharedRateLimiter(first.db).hit(key(), limit, W + 120_001);
    expect(await first.db.selectFrom('rate_limit_hits').select('hits').where('key', '=', k).executeTakeFirst()).toBeUndefined();
  });

  it('is the one the fan API takes on PostgreSQL (instances share it); SQLite keeps counts in memory (one instance)', () => {
    expect(rateLimiterFor(first)).toBeInstanceOf(TEST_DB === 'postgres' ? SharedRateLimiter : MemoryRateLimiter);
  });
});
