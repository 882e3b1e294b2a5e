import type { Database } from '../db/database';
import { toDb } from '../db/values';
import type { Config } from '../config';
import { verifyToken } from './tokens';

/**
 * Signing out revokes the token (issue 12: no token stays valid after sign-out). The token's id
 * goes into `revoked_tokens` until its expiry, and authentication refuses it from then on, on every
 * instance. A token that does not verify needs no revoking.
 */
export async function revokeToken(token: string, config: Config, database: Database, now = new Date()): Promise<boolean> {
  let claims;
  try {
    claims = await verifyToken(token, config.jwtSecret, config.jwtPreviousSecrets);
  } catch {
    return false;
  }
  const at = (date: Date) => toDb(database.dialect, 'datetime', date.toISOString()) as string;
  await database.db
    .insertInto('revoked_tokens')
    .values({ jti: claims.jti, expires_at: at(new Date(claims.exp * 1000)) })
    .onConflict((oc) => oc.column('jti').doNothing())
    .execute();
  // Rows of tokens that expired by now mean nothing more.
  await database.db.deleteFrom('revoked_tokens').where('expires_at', '<', at(now)).execute();
  return true;
}
