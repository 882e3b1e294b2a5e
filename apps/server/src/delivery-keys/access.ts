import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DELIVERY_KEY_HEADER } from '@umpire/schema';
import type { Database } from '../db/database';
import type { RateLimiter } from '../delivery/rate-limit';
import type { Clock } from '../jobs/clock';
import { apiError } from '../jsonapi/errors';
import { fromDb, toDb } from '../db/values';
import { hashDeliveryKey, isDeliveryKeySecret } from './secrets';

/** The delivery key a public request was made with: its client decides what the request reads. */
export interface DeliveryKeyUse {
  id: number;
  clientId: number;
  clientSlug: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on `/public/v1` requests that carry a valid key (X-Delivery-Key); null otherwise. */
    deliveryKey: DeliveryKeyUse | null;
  }
}

/** A key's last use is written at most this often: a write per read would cost more than the read. */
export const LAST_USED_EVERY_MS = 60_000;
const HEADER = DELIVERY_KEY_HEADER.toLowerCase();

/**
 * Requests of the delivery API made with a key (issue 24, point 2). Every such request finds its
 * key by the secret's hash (one indexed lookup, no copy kept in memory, so a revoke or a deletion
 * holds from the next request on every instance), is refused when the key is unknown or revoked
 * (401, never read as a request without a key), counts against the key's own limit per minute
 * (429 with Retry-After; shared by the instances on PostgreSQL), and moves the key's last use
 * about once a minute. An answer read with a key is `private`: a shared cache (a CDN) keys by
 * the address and many ignore Vary, so it could hand one league's keyed answer to another league's
 * key on the same address, or to a reader without a key. Answers say they vary by the key too.
 */
export function registerDeliveryKeyAccess(app: FastifyInstance, deps: { database: Database; clock: Clock; limiter: RateLimiter; prefix: string }): void {
  const { database, clock, limiter, prefix } = deps;
  const db = database.db;
  const under = (url: string) => url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`);

  app.decorateRequest('deliveryKey', null);

  async function touch(request: FastifyRequest, id: number, clientId: number, lastUsed: unknown, now: number) {
    const last = lastUsed == null ? NaN : Date.parse(String(fromDb('datetime', lastUsed)));
    if (now - last < LAST_USED_EVERY_MS) return;
    const cutoff = toDb(database.dialect, 'datetime', new Date(now - LAST_USED_EVERY_MS).toISOString());
    // Guarded, so of the instances that saw the old time one writes.
    await db
      .updateTable('delivery_keys')
      .set({ last_used_at: toDb(database.dialect, 'datetime', new Date(now).toISOString()) })
      .where('id', '=', id)
      .where('client_id', '=', clientId)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', cutoff)]))
      .execute()
      // The last use is a courtesy to staff: a failure to note it never fails the read.
      .catch((err: unknown) => request.log.warn({ err, deliveryKey: id }, 'delivery key: last use not written'));
  }

  async function use(request: FastifyRequest, reply: FastifyReply, value: string | string[]): Promise<DeliveryKeyUse> {
    const secret = typeof value === 'string' ? value.trim() : '';
    const refused = (revoked = false) => apiError(401, revoked ? 'invalidDeliveryKey.revoked' : 'invalidDeliveryKey', { source: { header: DELIVERY_KEY_HEADER } });
    if (!isDeliveryKeySecret(secret)) throw refused();
    const row = await db
      .selectFrom('delivery_keys as k')
      .innerJoin('clients as c', 'c.id', 'k.client_id')
      .select(['k.id', 'k.client_id', 'k.status', 'k.rate_limit_per_minute', 'k.last_used_at', 'c.slug'])
      .where('k.key_hash', '=', hashDeliveryKey(secret))
      .executeTakeFirst();
    if (!row) throw refused();
    if (row.status !== 'active') throw refused(true);
    const id = Number(row.id);
    const clientId = Number(row.client_id);
    const max = Number(row.rate_limit_per_minute);
    const now = clock.now().getTime();
    const wait = await limiter.hit(`delivery-key:${id}`, { max, windowSeconds: 60 }, now);
    if (wait !== null) {
      reply.header('retry-after', String(wait));
      throw apiError(429, 'tooManyRequests.deliveryKey', { values: { limit: max } });
    }
    await touch(request, id, clientId, row.last_used_at, now);
    return { id, clientId, clientSlug: String(row.slug) };
  }

  app.addHook('onRequest', async (request, reply) => {
    if (!under(request.url)) return;
    const value = request.headers[HEADER];
    if (value === undefined) return;
    request.deliveryKey = await use(request, reply, value);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (!under(request.url)) return payload;
    const vary = reply.getHeader('vary');
    const names = vary === undefined ? [] : String(vary).split(',').map((v) => v.trim()).filter(Boolean);
    if (!names.some((n) => n.toLowerCase() === HEADER || n === '*')) reply.header('vary', [...names, DELIVERY_KEY_HEADER].join(', '));
    const cacheControl = reply.getHeader('cache-control');
    if (request.deliveryKey && typeof cacheControl === 'string' && /\bpublic\b/.test(cacheControl))
      reply.header('cache-control', cacheControl.replace(/\bpublic\b/, 'private').replace(/,\s*s-maxage=\d+/, ''));
    return payload;
  });
}

/**
 * The league a delivery key belongs to, when the key is active: how a fan's /cable connection of a
 * league that requires keys is let in (apps can send the header on a WebSocket; browsers cannot).
 */
export function deliveryKeyClient(database: Database): (secret: string) => Promise<number | null> {
  return async (secret) => {
    const value = secret.trim();
    if (!isDeliveryKeySecret(value)) return null;
    const row = await database.db
      .selectFrom('delivery_keys')
      .select(['client_id', 'status'])
      .where('key_hash', '=', hashDeliveryKey(value))
      .executeTakeFirst();
    return row && row.status === 'active' ? Number(row.client_id) : null;
  };
}
