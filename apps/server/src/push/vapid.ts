import { createECDH } from 'node:crypto';
import type { Database } from '../db/database';
import { toDb } from '../db/values';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** A P-256 key pair in the form VAPID uses: the uncompressed public point and the private scalar, base64url. */
export function generateVapidKeys(): VapidKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const priv = ecdh.getPrivateKey();
  // The scalar is 32 bytes even when it starts with zeros.
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: Buffer.concat([Buffer.alloc(32 - priv.length), priv]).toString('base64url') };
}

// Per database: tests run several servers (several databases) in one process.
const caches = new WeakMap<Database, Map<number, VapidKeys>>();

/**
 * The client's VAPID key pair, made on first use and kept in the database: every instance signs
 * with the same pair, and browsers' subscriptions (tied to the public key) stay valid across restarts.
 */
export async function vapidKeysOf(database: Database, clientId: number, now: Date): Promise<VapidKeys> {
  let cache = caches.get(database);
  if (!cache) caches.set(database, (cache = new Map<number, VapidKeys>()));
  const cached = cache.get(clientId);
  if (cached) return cached;
  const read = () => database.db.selectFrom('push_vapid_keys').select(['public_key', 'private_key']).where('client_id', '=', clientId).executeTakeFirst();
  let row = await read();
  if (!row) {
    const keys = generateVapidKeys();
    // Two instances racing both insert; the first wins and both read it back.
    await database.db
      .insertInto('push_vapid_keys')
      .values({ client_id: clientId, public_key: keys.publicKey, private_key: keys.privateKey, created_at: toDb(database.dialect, 'datetime', now.toISOString()) })
      .onConflict((oc) => oc.column('client_id').doNothing())
      .execute();
    row = await read();
  }
  const keys = { publicKey: String(row!.public_key), privateKey: String(row!.private_key) };
  cache.set(clientId, keys);
  return keys;
}
