import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { apiError } from '../jsonapi/errors';
import type { AuthContext, AuthFailure } from '../jsonapi/access';
import { abilityFor } from './abilities';
import { WatchedCache } from '../db/watched-cache';
import { verifyToken } from './tokens';

/** The user row a token is checked against (JSON columns are text on SQLite). */
interface UserRow {
  id: number | string;
  username: string;
  roles: string | string[];
  disabled: boolean | number;
  client_id: number | string;
  client_name: string;
  revoked: boolean | number;
}

export const SESSION_COOKIE = 'umpire_session';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

/** The token of a request: the Authorization header (raw or Bearer), else the gateway's cookie. */
function tokenOf(request: FastifyRequest): { token: string; via: 'header' | 'cookie' } | null {
  const header = request.headers.authorization;
  if (header) return { token: header.replace(/^Bearer\s+/i, '').trim(), via: 'header' };
  const cookie = request.cookies?.[SESSION_COOKIE];
  return cookie ? { token: cookie, via: 'cookie' } : null;
}

type Checked = Omit<AuthContext, 'via'> | { error: AuthFailure };

/**
 * What the database said of a token (its user, enabled, of the token's client, not revoked), kept
 * per token until a commit writes users, clients or revoked_tokens (db/watched-cache.ts: at once
 * for this instance's commits and, with SQLite, another process's; with PostgreSQL when another
 * instance's commit is heard by NOTIFY, with nothing kept while that connection is down and
 * nothing trusted longer than 5 s). Only acceptances are kept: a refusal is asked again each time.
 * The token itself (signature, secret still accepted, expiry) is checked on every request.
 */
const checkedTokens = new WeakMap<Database, WatchedCache<string, Checked>>();

export function tokenChecks(database: Database): WatchedCache<string, Checked> {
  let cache = checkedTokens.get(database);
  if (!cache) checkedTokens.set(database, (cache = new WatchedCache<string, Checked>(database, ['users', 'clients', 'revoked_tokens'])));
  return cache;
}

/** Checks a token and that its user still exists and is enabled: used by HTTP requests and /cable. */
export async function authenticateToken(
  token: string,
  via: AuthContext['via'],
  config: Config,
  database: Database,
): Promise<AuthContext | { error: AuthFailure }> {
  let claims: Awaited<ReturnType<typeof verifyToken>>;
  try {
    claims = await verifyToken(token, config.jwtSecret, config.jwtPreviousSecrets);
  } catch (err) {
    return { error: (err as { code?: string }).code === 'ERR_JWT_EXPIRED' ? 'unauthorized.tokenExpired' : 'unauthorized.tokenInvalid' };
  }
  const checked = await tokenChecks(database).load(token, () => checkUser(token, claims, database), (c) => !('error' in c));
  return 'error' in checked ? checked : { ...checked, via };
}

async function checkUser(token: string, claims: Awaited<ReturnType<typeof verifyToken>>, database: Database): Promise<Checked> {
  const user = await database.db
    .selectFrom('users')
    .innerJoin('clients', 'clients.id', 'users.client_id')
    .select(['users.id', 'users.username', 'users.roles', 'users.disabled', 'users.client_id', 'clients.name as client_name'])
    // Signed out (auth/revocation.ts): asked in the same query, so it costs no extra round trip.
    .select((eb) => eb.exists(eb.selectFrom('revoked_tokens').select('jti').where('jti', '=', claims.jti)).as('revoked'))
    .$castTo<UserRow>()
    .where('users.username', '=', claims.username)
    .executeTakeFirst();
  if (!user || user.disabled === true || user.disabled === 1 || String(user.client_id) !== String(claims.client?.id))
    return { error: 'unauthorized.accountGone' };
  if (user.revoked === true || user.revoked === 1 || (user.revoked as unknown) === '1') return { error: 'unauthorized.tokenRevoked' };
  const roles = typeof user.roles === 'string' ? (JSON.parse(user.roles) as string[]) : user.roles;
  return {
    userId: Number(user.id),
    username: user.username,
    clientId: Number(user.client_id),
    clientName: user.client_name,
    roles,
    ability: abilityFor(roles),
    token,
    expiresAt: claims.exp * 1000,
  };
}

export function registerAuthentication(app: FastifyInstance, config: Config, database: Database) {
  app.decorateRequest('auth', null);
  app.decorateRequest('authError', null);
  app.addHook('onRequest', async (request) => {
    // The fan-facing API has its own tokens (fan-api/fans.ts); a staff token means nothing there.
    if (request.url.startsWith('/public/v1/')) return;
    const found = tokenOf(request);
    if (!found) return;
    const result = await authenticateToken(found.token, found.via, config, database);
    if ('error' in result) request.authError = result.error;
    else request.auth = result;
  });
  // Cookie sessions are open to cross-site requests; the double-submit header closes that door.
  app.addHook('preHandler', async (request) => {
    if (request.auth?.via !== 'cookie' || ['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return;
    if (request.url.startsWith('/auth/v1/sign_')) return; // the gateway's own form does not act on the session
    const cookie = request.cookies?.[XSRF_COOKIE];
    const header = request.headers[XSRF_HEADER];
    if (!cookie || header !== cookie)
      throw apiError(403, 'xsrfTokenMismatch', { source: { header: 'X-XSRF-TOKEN' } });
  });
}
