import { createHash } from 'node:crypto';
import type { Database } from '../db/database';
import type { ChangeBus } from './change-bus';

/**
 * Reads kept in memory per client (whole JSON:API responses, standings, statistics) and dropped
 * whenever anything of that client changes: committed changes of this instance and, through the
 * bus, of the others (PostgreSQL NOTIFY). With SQLite, another process writing to the same file
 * moves `data_version`, and everything is dropped.
 */
export class ComputedCache {
  private readonly byClient = new Map<number, Map<string, Promise<unknown>>>();
  private bytes = 0;
  private dataVersion: number | undefined;

  constructor(
    bus: ChangeBus,
    private readonly database: Database,
    private readonly maxBytes = 64 * 1024 * 1024,
    private readonly maxEntriesPerClient = 2000,
  ) {
    bus.subscribe((event) => this.drop(event.clientId));
    this.dataVersion = database.dataVersion?.();
  }

  private drop(clientId?: number) {
    if (clientId === undefined) this.byClient.clear();
    else this.byClient.delete(clientId);
    if (!this.byClient.size) this.bytes = 0;
  }

  private entries(clientId: number): Map<string, Promise<unknown>> {
    const version = this.database.dataVersion?.();
    if (version !== this.dataVersion) {
      this.dataVersion = version;
      this.drop();
    }
    let entries = this.byClient.get(clientId);
    if (!entries) this.byClient.set(clientId, (entries = new Map<string, Promise<unknown>>()));
    if (entries.size >= this.maxEntriesPerClient || this.bytes >= this.maxBytes) {
      this.drop();
      this.byClient.set(clientId, (entries = new Map<string, Promise<unknown>>()));
    }
    return entries;
  }

  /** Drops everything kept for a client (any committed change of that client, a publication job's included). */
  invalidate(clientId: number): void {
    this.drop(clientId);
  }

  /** The cached value of `key`, or the result of `compute` (shared by concurrent callers). */
  value<T>(clientId: number, key: string, compute: () => Promise<T>): Promise<T> {
    const entries = this.entries(clientId);
    const hit = entries.get(key);
    if (hit) return hit as Promise<T>;
    const value = compute();
    entries.set(key, value);
    // A failed computation is not remembered.
    value.catch(() => entries.get(key) === value && entries.delete(key));
    return value;
  }

  /**
   * A response body, serialized and encoded once, with an entity tag of its content (so a client
   * that already holds it gets 304); `hit` tells whether it came from memory.
   */
  async text(clientId: number, key: string, compute: () => Promise<unknown>): Promise<{ body: Buffer; etag: string; hit: boolean }> {
    let computed = false;
    const { body, etag } = await this.value(clientId, key, async () => {
      computed = true;
      const body = Buffer.from(JSON.stringify(await compute()));
      this.bytes += body.length;
      return { body, etag: entityTag(body) };
    });
    return { body, etag, hit: !computed };
  }
}

/** A strong entity tag of a body's bytes. */
export const entityTag = (body: Buffer) => `"${createHash('sha1').update(body).digest('base64url')}"`;
