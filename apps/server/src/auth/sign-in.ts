import type { Config } from '../config';
import type { Database } from '../db/database';
import { dummyPasswordHash, verifyPassword } from './passwords';
import { signToken } from './tokens';

export type SignInResult = { ok: true; token: string; username: string } | { ok: false; reason: 'invalid' | 'limited' };

const WINDOW_MS = 60_000;

/**
 * Checks credentials with the failure limit per address and per username, counted in the database
 * so that every instance behind a load balancer shares it.
 */
export async function signIn(database: Database, config: Config, ip: string, usernameInput: string, password: string): Promise<SignInResult> {
  const { db } = database;
  const username = usernameInput.trim();
  const keys = [`ip:${ip}`, `user:${username.toLowerCase()}`];
  const now = Date.now();
  const counts = await db
    .selectFrom('sign_in_failures')
    .select(['key', (eb) => eb.fn.countAll().as('n')])
    .where('key', 'in', keys)
    .where('failed_at', '>', now - WINDOW_MS)
    .groupBy('key')
    .execute();
  if (counts.some((c) => Number(c.n) >= config.signInLimitPerMinute)) return { ok: false, reason: 'limited' };

  const user = await db
    .selectFrom('users')
    .innerJoin('clients', 'clients.id', 'users.client_id')
    .select(['users.username', 'users.password_hash', 'users.roles', 'users.disabled', 'clients.id as client_id', 'clients.name as client_name', 'clients.providers'])
    .where('users.username', '=', username)
    .executeTakeFirst();
  const valid = await verifyPassword(password, user?.password_hash ?? (await dummyPasswordHash()));
  if (!user || !valid || user.disabled === true || user.disabled === 1) {
    await db.insertInto('sign_in_failures').values(keys.map((key) => ({ key, failed_at: now }))).execute();
    if (Math.random() < 0.05) await db.deleteFrom('sign_in_failures').where('failed_at', '<', now - 10 * WINDOW_MS).execute();
    return { ok: false, reason: 'invalid' };
  }
  const parse = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
  const token = await signToken(
    {
      username: user.username,
      client: { id: Number(user.client_id), name: user.client_name, providers: parse(user.providers) },
      roles: parse<string[]>(user.roles),
    },
    config.jwtSecret,
    config.tokenTtlSeconds,
  );
  return { ok: true, token, username: user.username };
}

/** Where the gateway may send a signed-in person: only to configured origins, never elsewhere. */
export function allowedRedirect(config: Config, requestOrigin: string, redirect: string | undefined): URL | null {
  const target = redirect && redirect.length ? redirect : '/';
  let url: URL;
  try {
    url = new URL(target, requestOrigin);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\')) return url;
  return config.allowedOrigins.includes(url.origin) || url.origin === requestOrigin ? url : null;
}
