import type { Config, SignInLimit } from '../config';
import type { Database } from '../db/database';
import { errorSpec, type ErrorSpec } from '../jsonapi/errors';
import { DeviceCookies, normalUsername, type IssuedDeviceCookie } from './device-cookie';
import { dummyPasswordHash, verifyPassword } from './passwords';
import { signToken } from './tokens';

export type SignInResult =
  | { ok: true; token: string; username: string; device: IssuedDeviceCookie }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'limited'; retryAfterSeconds: number };

export interface SignInAttempt {
  ip: string;
  username: string;
  password: string;
  cookies: Readonly<Record<string, string | undefined>>;
}

/** The user row a sign-in checks (JSON columns are text on SQLite). */
interface SignInUserRow {
  username: string;
  password_hash: string;
  roles: unknown;
  disabled: boolean | number;
  client_id: number | string;
  client_name: string;
  providers: unknown;
}

interface Counter {
  key: string;
  limit: SignInLimit;
}

/** Rows older than every window are deleted at most this often per instance. */
const PRUNE_EVERY_MS = 60_000;

/**
 * Sign-in with failure limits, counted in the database so every instance behind a load balancer
 * shares them. Which counters judge an attempt:
 * - with a valid device cookie for the username it signs in as: only that cookie's own failures;
 * - otherwise: the (username, address) pair, the address (spraying many usernames) and the
 *   username across addresses (distributed guessing).
 * So one person mistyping never blocks a colleague behind the same address. The address and
 * username ceilings can hold back a correct sign-in, but only from a browser the account has not
 * signed in from: with its device cookie an account is never locked out by someone else's
 * failures. Every lock is a sliding window and lifts by itself once the failures stop.
 */
export class SignIn {
  private readonly devices: DeviceCookies;
  private lastPrune = 0;

  constructor(
    private readonly database: Database,
    private readonly config: Config,
  ) {
    this.devices = new DeviceCookies(config.jwtSecret, config.deviceCookieDays);
  }

  async attempt({ ip, username: usernameInput, password, cookies }: SignInAttempt): Promise<SignInResult> {
    const { db } = this.database;
    const limits = this.config.signInLimits;
    const username = usernameInput.trim();
    const name = normalUsername(username);
    const now = Date.now();
    const device = this.devices.verify(name, cookies, now);
    const pair: Counter = { key: `pair:${name}|${ip}`, limit: limits.pair };
    const counters: Counter[] = device
      ? [{ key: `device:${device}`, limit: limits.device }]
      : [pair, { key: `ip:${ip}`, limit: limits.address }, { key: `user:${name}`, limit: limits.username }];
    const until = await this.lockedUntil(counters, now);
    if (until !== null) return { ok: false, reason: 'limited', retryAfterSeconds: Math.max(1, Math.ceil((until - now) / 1000)) };

    const user = await db
      .selectFrom('users')
      .innerJoin('clients', 'clients.id', 'users.client_id')
      .select(['users.username', 'users.password_hash', 'users.roles', 'users.disabled', 'clients.id as client_id', 'clients.name as client_name', 'clients.providers'])
      .$castTo<SignInUserRow>()
      .where('users.username', '=', username)
      .executeTakeFirst();
    const valid = await verifyPassword(password, user?.password_hash ?? (await dummyPasswordHash()));
    if (!user || !valid || user.disabled === true || user.disabled === 1) {
      await db.insertInto('sign_in_failures').values(counters.map(({ key }) => ({ key, failed_at: now }))).execute();
      await this.prune(now);
      return { ok: false, reason: 'invalid' };
    }
    // The person got in: their own mistakes are forgiven; the address and username ceilings are not.
    await db.deleteFrom('sign_in_failures').where('key', 'in', [pair.key, ...(device ? [`device:${device}`] : [])]).execute();
    const parse = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
    const token = await signToken(
      {
        username: user.username,
        client: { id: Number(user.client_id), name: user.client_name, providers: parse(user.providers) },
        roles: parse<string[]>(user.roles),
      },
      this.config.jwtSecret,
      this.config.tokenTtlSeconds,
    );
    return { ok: true, token, username: user.username, device: this.devices.issue(name, now) };
  }

  /** When the attempt may be made again (ms), or null if no counter is full. */
  private async lockedUntil(counters: Counter[], now: number): Promise<number | null> {
    const rows = await this.database.db
      .selectFrom('sign_in_failures')
      .select(['key', 'failed_at'])
      .where((eb) => eb.or(counters.map(({ key, limit }) => eb.and([eb('key', '=', key), eb('failed_at', '>', now - limit.windowSeconds * 1000)]))))
      .orderBy('failed_at', 'desc')
      .execute();
    let until: number | null = null;
    for (const { key, limit } of counters) {
      const times = rows.filter((r) => r.key === key).map((r) => Number(r.failed_at));
      if (times.length < limit.max) continue;
      // Allowed again once the max-th newest failure leaves the window.
      const free = times[limit.max - 1] + limit.windowSeconds * 1000;
      until = Math.max(until ?? free, free);
    }
    return until;
  }

  private async prune(now: number): Promise<void> {
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    const { pair, address, username, device } = this.config.signInLimits;
    const longest = Math.max(...[pair, address, username, device].map((l) => l.windowSeconds));
    await this.database.db.deleteFrom('sign_in_failures').where('failed_at', '<', now - longest * 1000).execute();
  }
}

/** The error of a refused sign-in, the same for the API and the gateway page. */
export function signInFailure(result: Extract<SignInResult, { ok: false }>): ErrorSpec {
  if (result.reason === 'invalid') return errorSpec(401, 'invalidCredentials');
  const seconds = result.retryAfterSeconds;
  return seconds < 60
    ? errorSpec(429, 'tooManyRequests.signInSeconds', { values: { seconds } })
    : errorSpec(429, 'tooManyRequests.signInMinutes', { values: { minutes: Math.ceil(seconds / 60) } });
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
