import { describe, expect, it } from 'vitest';
import { SnapshotCache, type Snapshot } from './snapshot-cache';

const read = (body: string | null, serial = 1): Snapshot => ({ serial, body: Promise.resolve(body) });
/** Lets the cache see what its reads answered. */
const settled = () => new Promise((r) => setImmediate(r));

describe("the public snapshots' cache", () => {
  it('evicts the least recently used first', async () => {
    const cache = new SnapshotCache(2);
    cache.set('a', read('A'));
    cache.set('b', read('B'));
    await settled();
    expect(cache.get('a', 1)).toBeDefined(); // a is now the more recent
    cache.set('c', read('C'));
    await settled();
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('a', 1)).toBeDefined();
    expect(cache.get('c', 1)).toBeDefined();
  });

  it('remembers "no such match", and made-up ids beyond its size push out only one another', async () => {
    const cache = new SnapshotCache(3);
    cache.set('real', read('{"action":"snapshot"}'));
    await settled();
    for (let i = 0; i < 10_000; i++) cache.set(`made-up-${i}`, read(null));
    await settled();
    expect(await cache.get('real', 1)?.body).toBe('{"action":"snapshot"}');
    // The latest made-up ones are answered from memory, the earliest are gone.
    expect(await cache.get('made-up-9999', 1)?.body).toBeNull();
    expect(cache.get('made-up-0', 1)).toBeUndefined();
    expect(cache.stats()).toEqual({ entries: 4, hits: 2, reads: 10_001 });
  });

  it('serves nothing of an older serial, and a read that failed is not kept', async () => {
    const cache = new SnapshotCache(3);
    cache.set('a', read('A', 1));
    const failed: Snapshot = { serial: 1, body: Promise.reject(new Error('database gone')) };
    failed.body.catch(() => {});
    cache.set('b', failed);
    await settled();
    expect(cache.get('a', 2)).toBeUndefined();
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.stats().entries).toBe(0);
  });

  it('keeps the newer of two reads of one key', async () => {
    const cache = new SnapshotCache(3);
    let finishOld: (body: string) => void = () => {};
    const old: Snapshot = { serial: 1, body: new Promise((r) => (finishOld = r)) };
    cache.set('a', old);
    cache.set('a', read('new', 2));
    await settled();
    finishOld('old');
    await settled();
    expect(await cache.get('a', 2)?.body).toBe('new');
  });
});
