import { describe, expect, it } from 'vitest';
import { ALL_CLIENTS, ALL_TABLES, type CommitDetail, type Written } from './data-versions';
import type { Database } from './database';
import { SHARED_MAX_AGE_MS, WatchedCache } from './watched-cache';

/** A database as the cache sees it: its commits, other instances' commits, the file's version, the listening epoch. */
function fakeDatabase(dialect: 'sqlite' | 'postgres') {
  const local = new Set<(w: Written, d: CommitDetail) => void>();
  const remote = new Set<(d: CommitDetail) => void>();
  const state = { dataVersion: 1, epoch: 1 as number | null };
  const database = {
    dialect,
    dataVersion: dialect === 'sqlite' ? () => state.dataVersion : undefined,
    versions: {
      onCommit: (l: (w: Written, d: CommitDetail) => void) => (local.add(l), () => local.delete(l)),
      onRemoteCommit: (l: (d: CommitDetail) => void) => (remote.add(l), () => remote.delete(l)),
      remoteEpoch: () => state.epoch,
    },
  } as unknown as Database;
  const commit = (table: string, client = 1) => {
    for (const l of local) l(new Map([[table, new Set([client])]]), { changes: null, versions: null });
  };
  const remoteCommit = (detail: CommitDetail) => {
    for (const l of remote) l(detail);
  };
  return { database, state, commit, remoteCommit };
}

describe('values kept until their tables change', () => {
  it("drops everything when this process commits to a watched table (or to every table), not another table's commit", async () => {
    const { database, commit } = fakeDatabase('sqlite');
    const cache = new WatchedCache<string, string>(database, ['users', 'revoked_tokens']);
    let reads = 0;
    const load = () => cache.load('t', async () => `read ${++reads}`);
    expect(await load()).toBe('read 1');
    expect(await load()).toBe('read 1');
    commit('clubs');
    expect(await load()).toBe('read 1');
    commit('revoked_tokens', ALL_CLIENTS);
    expect(await load()).toBe('read 2');
    commit(ALL_TABLES, 5);
    expect(await load()).toBe('read 3');
  });

  it('drops everything when another process wrote to the SQLite file', async () => {
    const { database, state } = fakeDatabase('sqlite');
    const cache = new WatchedCache<string, number>(database, ['fans']);
    let reads = 0;
    await cache.load('f', async () => ++reads);
    state.dataVersion++;
    expect(cache.get('f')).toBeUndefined();
    expect(await cache.load('f', async () => ++reads)).toBe(2);
  });

  it('keeps no value read while a drop happened (it may predate the commit), nor one `keep` refuses', async () => {
    const { database, commit } = fakeDatabase('sqlite');
    const cache = new WatchedCache<string, string>(database, ['users']);
    expect(await cache.load('t', async () => (commit('users'), 'before the commit'))).toBe('before the commit');
    expect(cache.get('t')).toBeUndefined();
    expect(await cache.load('t', async () => 'refused', (v) => v !== 'refused')).toBe('refused');
    expect(cache.size).toBe(0);
    // Nothing found is nothing kept.
    expect(await cache.load('t', async () => undefined)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("with PostgreSQL: drops on another instance's commit to a watched table (by its versions, or its tables when too many to send)", async () => {
    const { database, remoteCommit } = fakeDatabase('postgres');
    const cache = new WatchedCache<string, number>(database, ['users']);
    let reads = 0;
    const load = () => cache.load('t', async () => ++reads);
    await load();
    remoteCommit({ changes: null, versions: new Map([['1:clubs', 4]]) });
    expect(await load()).toBe(1);
    remoteCommit({ changes: null, versions: new Map([['1:users', 7]]) });
    expect(await load()).toBe(2);
    remoteCommit({ changes: null, versions: new Map(), tables: new Set(['users', 'clubs']) });
    expect(await load()).toBe(3);
    remoteCommit({ changes: null, versions: null });
    expect(await load()).toBe(4);
  });

  it('with PostgreSQL: keeps nothing while other instances are not heard, serves nothing kept before that, nothing older than the bound', async () => {
    const { database, state } = fakeDatabase('postgres');
    let now = 1_000_000;
    const cache = new WatchedCache<string, number>(database, ['users'], 100, () => now);
    let reads = 0;
    const load = () => cache.load('t', async () => ++reads);
    await load();
    expect(await load()).toBe(1);
    // The listening connection dropped: every call asks the database.
    state.epoch = null;
    expect(await load()).toBe(2);
    expect(await load()).toBe(3);
    // Listening again: what was kept before is not served.
    state.epoch = 2;
    expect(await load()).toBe(4);
    expect(await load()).toBe(4);
    now += SHARED_MAX_AGE_MS + 1;
    expect(await load()).toBe(5);
  });

  it('holds a bounded number of values, the oldest dropped first', async () => {
    const { database } = fakeDatabase('sqlite');
    const cache = new WatchedCache<number, number>(database, ['fans'], 3);
    for (let i = 0; i < 5; i++) await cache.load(i, async () => i);
    expect(cache.size).toBe(3);
    expect(cache.get(0)).toBeUndefined();
    expect(cache.get(4)).toBe(4);
  });
});
