import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '../db/database';

/**
 * Signed playback URLs of pay_per_view and subscription events: the path carries the expiry and an
 * HMAC-SHA256 of `{kind}/{id}/{expiry}` under the client's own playback secret (made on first use,
 * kept in the database, so every instance checks the same). The signature sits in the path, not
 * the query, so the relative URLs of an HLS playlist keep it for every rendition and segment.
 */
const secrets = new Map<string, Buffer>();

export async function playbackSecret(database: Database, clientId: number): Promise<Buffer> {
  const cacheKey = `${database.dialect}:${clientId}`;
  const known = secrets.get(cacheKey);
  if (known) return known;
  let row = await database.db.selectFrom('ott_playback_keys').select('secret').where('client_id', '=', clientId).executeTakeFirst();
  if (!row) {
    await database.db
      .insertInto('ott_playback_keys')
      .values({ client_id: clientId, secret: randomBytes(32).toString('base64url') })
      .onConflict((oc) => oc.column('client_id').doNothing())
      .execute();
    row = await database.db.selectFrom('ott_playback_keys').select('secret').where('client_id', '=', clientId).executeTakeFirstOrThrow();
  }
  const secret = Buffer.from(String(row.secret), 'base64url');
  secrets.set(cacheKey, secret);
  return secret;
}

export type PlaybackKind = 'live' | 'vod';

const mac = (secret: Buffer, kind: PlaybackKind, id: number, expires: number) =>
  createHmac('sha256', secret).update(`umpire ott playback v1\n${kind}/${id}/${expires}`).digest('base64url');

/** The path segment `s/{expires}/{signature}` that opens `kind/id` until `expires` (seconds). */
export function signPlayback(secret: Buffer, kind: PlaybackKind, id: number, expires: number): string {
  return `s/${expires}/${mac(secret, kind, id, expires)}`;
}

export function verifyPlayback(secret: Buffer, kind: PlaybackKind, id: number, expires: number, signature: string, nowSeconds: number): boolean {
  if (!Number.isSafeInteger(expires) || expires < nowSeconds) return false;
  const want = Buffer.from(mac(secret, kind, id, expires));
  const got = Buffer.from(signature);
  return got.length === want.length && timingSafeEqual(got, want);
}
