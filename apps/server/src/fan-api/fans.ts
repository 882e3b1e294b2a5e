import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DELIVERY_KEY_HEADER, email as emailSchema, pointerSegment, text } from '@umpire/schema';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../auth/passwords';
import type { Config, SignInLimit } from '../config';
import type { Database } from '../db/database';
import { WatchedCache } from '../db/watched-cache';
import { anonymousReadsAllowed } from '../delivery/anonymous-reads';
import { registerDeliveryKeyAccess } from '../delivery-keys/access';
import { newFanChallenge, proofOf, takeFanProof } from './challenge';
import type { Clock } from '../jobs/clock';
import { ApiError, apiError } from '../jsonapi/errors';
import { fieldError } from '../jsonapi/messages';
import type { RawQuery } from '../jsonapi/query';
import { JSONAPI_MEDIA_TYPE } from '../jsonapi/routes';
import { clientCollation, withShadows } from '../jsonapi/shadow';
import { fromDb, toDb } from '../db/values';
import { declarePublicType, noteFanReader, PUBLIC_PREFIX } from '../jsonapi/public-projection';
import { readFanToken, signFanToken } from './fan-tokens';
import { rateLimiterFor } from '../delivery/rate-limit';

/**
 * The fan-facing API's identities and limits (issue 10, point 2). Websites and apps call
 * `/public/v1` without staff tokens: they name the league with `?client=` for reading, and a fan
 * registers a device (an anonymous identity the app makes up and keeps) or an account (e-mail and
 * password) to get a fan token for writing. Writes are limited per fan and per address; a banned
 * fan reads but cannot write. Nothing staff-only is reachable from here.
 */
// One prefix for the whole public side: the delivery API's (the fans' routes live beside its reads).
export { PUBLIC_PREFIX };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A public write route that counts its calls itself: the fans' per-address count passes it by. */
    ownRateLimit?: boolean;
  }
}

/** A fan as they see themselves (their registration, sign-in and `/fans/me`): never anyone else's. */
declarePublicType('fans', { reach: 'own', attributes: ['kind', 'display_name', 'is_banned'] });
/** A proof-of-work challenge (ALTCHA's: its parameters and their signature). */
declarePublicType('fan_challenges', { reach: 'capability', attributes: ['parameters', 'signature'] });

export interface Fan {
  id: number;
  clientId: number;
  kind: 'device' | 'account';
  displayName: string | null;
  isBanned: boolean;
}

export interface FanAccess {
  /**
   * The client of a public request: its delivery key's (X-Delivery-Key), else the one `?client=`
   * names (its slug), for reads only where the client allows reads without a key.
   */
  publicClient(request: FastifyRequest): Promise<{ clientId: number; clientSlug: string }>;
  /** The fan of the request's token (401 without one); `write` also counts the fan's limit and refuses a banned fan. */
  requireFan(request: FastifyRequest, reply: FastifyReply, opts?: { write?: boolean }): Promise<Fan>;
  /** The fan of the request's token, or null when there is none (reads that fans and visitors share). */
  optionalFan(request: FastifyRequest): Promise<Fan | null>;
}

const DEVICE_ID = /^[A-Za-z0-9_-]{16,128}$/;
const deviceSchema = z.object({ device_id: z.string({ error: 'required' }).regex(DEVICE_ID, { error: 'pattern' }), display_name: text(60).optional() }).strict();
const accountSchema = z
  .object({
    email: emailSchema(),
    password: z.string({ error: 'required' }).min(10, { error: 'minLength' }).max(200, { error: 'maxLength' }),
    display_name: text(60),
  })
  .strict();
const signInSchema = z.object({ email: z.string({ error: 'required' }), password: z.string({ error: 'required' }) }).strict();

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The attributes of a `{data:{type:'fans', attributes}}` body, checked against a schema; 422s name each field. */
function attributesOf<T>(body: unknown, schema: z.ZodType<T>): T {
  const data = isObject(body) ? body.data : undefined;
  if (!isObject(data) || data.type !== 'fans') throw ApiError.many([fieldError('/data/type', 'type', 'invalidType', { expected: 'fans' })]);
  const parsed = schema.safeParse(isObject(data.attributes) ? data.attributes : {});
  if (parsed.success) return parsed.data;
  throw ApiError.many(
    parsed.error.issues.map((issue) => {
      const field = String(issue.path[0] ?? 'attributes');
      const key = issue.code === 'unrecognized_keys' ? 'unknownAttribute' : (issue.message as Parameters<typeof fieldError>[2]);
      const name = issue.code === 'unrecognized_keys' ? String((issue as { keys?: string[] }).keys?.[0] ?? field) : field;
      return fieldError(`/data/attributes/${pointerSegment(name)}`, name, key);
    }),
  );
}

export function registerFanApi(app: FastifyInstance, deps: { config: Config; database: Database; clock: Clock }): FanAccess {
  const { config, database, clock } = deps;
  const db = database.db;
  const limiter = rateLimiterFor(database);
  const limit = async (reply: FastifyReply, key: string, l: SignInLimit) => {
    const wait = await limiter.hit(key, l, clock.now().getTime());
    if (wait !== null) {
      reply.header('retry-after', String(wait));
      throw apiError(429, 'tooManyRequests');
    }
  };

  /**
   * Writes of the fan API without a fan's token count against their address. A fan's own writes
   * count against the fan (requireFan): a stadium's Wi-Fi or a carrier's shared address holds
   * thousands of fans, and the fifty-thousandth answering a half-time quiz is served as the first.
   * Only a verified token of a fan who may write moves the count to the fan: any other
   * Authorization (garbage, a staff token, an expired or foreign fan token) counts per address, as
   * none does, and the route then refuses it. Registration and sign-in keep their own limits
   * (limitUnlessProved: per address, or a proof of work each), as do routes that declare
   * `config: { ownRateLimit: true }` (the payment webhook).
   */
  const ownLimits = new Set([`${PUBLIC_PREFIX}/fans`, `${PUBLIC_PREFIX}/fans/sign_in`]);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith(PUBLIC_PREFIX) || request.method === 'GET' || request.method === 'HEAD') return;
    if (ownLimits.has(request.url.split('?')[0]) || request.routeOptions.config?.ownRateLimit) return;
    const fan = await tokenFan(request);
    if (fan && !fan.isBanned) return;
    await limit(reply, `address:${request.ip}`, config.fanLimits.address);
  });

  // A request with a delivery key (X-Delivery-Key) reads as the key's client, within the key's limit.
  registerDeliveryKeyAccess(app, { database, clock, limiter, prefix: PUBLIC_PREFIX });

  async function publicClient(request: FastifyRequest) {
    const raw = request.query as RawQuery;
    const slug = typeof raw.client === 'string' ? raw.client : '';
    // A key names its client; a `?client=` beside it may only repeat that.
    const key = request.deliveryKey;
    if (key) {
      if (slug && slug !== key.clientSlug) throw apiError(400, 'badRequest.deliveryKeyClient', { source: { parameter: 'client' } });
      return { clientId: key.clientId, clientSlug: key.clientSlug };
    }
    const client = slug ? await db.selectFrom('clients').select(['id', 'settings']).where('slug', '=', slug).executeTakeFirst() : undefined;
    if (!client) throw apiError(400, 'badRequest.publicClient', { source: { parameter: 'client' } });
    // Reads without a key only where the client allows them; fans' writes keep their fan tokens and limits.
    if ((request.method === 'GET' || request.method === 'HEAD') && !anonymousReadsAllowed(client.settings))
      throw apiError(401, 'deliveryKeyRequired', { source: { header: DELIVERY_KEY_HEADER } });
    return { clientId: Number(client.id), clientSlug: slug };
  }

  // Staff find fans by name or e-mail (the `fans` resource's filter[q]): a new fan's row carries its search text.
  const searchable = async (clientId: number, values: Record<string, unknown>) => withShadows('fans', values, await clientCollation({ db, dialect: database.dialect, clientId }));

  const fanOfRow = (row: Record<string, unknown>): Fan => ({
    id: Number(row.id),
    clientId: Number(row.client_id),
    kind: row.kind as Fan['kind'],
    displayName: (row.display_name as string | null) ?? null,
    isBanned: fromDb('boolean', row.is_banned) === true,
  });

  /**
   * Fans as their tokens' checks read them (still there, banned or not), kept until a commit
   * writes `fans` (db/watched-cache.ts: a ban or a deletion on this instance at once, on another
   * when its NOTIFY is heard); a match day's burst of one fan's calls asks the database once.
   */
  const knownFans = new WatchedCache<string, Fan>(database, ['fans'], 50_000);

  /** The fan of the request's Authorization: a valid fan token of a fan still there; null for anything else. Asked once per request. */
  const tokenFans = new WeakMap<FastifyRequest, Promise<Fan | null>>();
  function tokenFan(request: FastifyRequest): Promise<Fan | null> {
    let found = tokenFans.get(request);
    if (!found) {
      found = readTokenFan(request.headers.authorization);
      tokenFans.set(request, found);
    }
    return found;
  }
  async function readTokenFan(header: string | undefined): Promise<Fan | null> {
    if (!header) return null;
    const claims = await readFanToken(header.replace(/^Bearer\s+/i, '').trim(), [config.jwtSecret, ...config.jwtPreviousSecrets], clock.now());
    if (!claims) return null;
    const fan = await knownFans.load(`${claims.fanId}:${claims.clientId}`, async () => {
      const row = await db.selectFrom('fans').select(['id', 'client_id', 'kind', 'display_name', 'is_banned']).where('id', '=', claims.fanId).where('client_id', '=', claims.clientId).executeTakeFirst();
      return row && fanOfRow(row);
    });
    return fan ?? null;
  }

  async function optionalFan(request: FastifyRequest): Promise<Fan | null> {
    if (!request.headers.authorization) return null;
    const fan = await tokenFan(request);
    if (!fan) throw apiError(401, 'unauthorized.fan');
    // The answer may hold this fan's own records (their predictions, subscriptions): theirs alone.
    noteFanReader(request, fan.id);
    return fan;
  }

  async function requireFan(request: FastifyRequest, reply: FastifyReply, opts: { write?: boolean } = {}): Promise<Fan> {
    const fan = await optionalFan(request);
    if (!fan) throw apiError(401, 'unauthorized.fan');
    if (opts.write) {
      if (fan.isBanned) throw apiError(403, 'fanBanned');
      await limit(reply, `fan:${fan.id}`, config.fanLimits.fan);
    }
    return fan;
  }

  async function issue(request: FastifyRequest, reply: FastifyReply, row: Record<string, unknown>, status: number) {
    const now = clock.now();
    const fan = fanOfRow(row);
    // Registered or signed in now: the answer is this fan's own.
    noteFanReader(request, fan.id);
    await db.updateTable('fans').set({ last_seen_at: toDb(database.dialect, 'datetime', now.toISOString()) }).where('id', '=', fan.id).execute();
    const token = await signFanToken({ fanId: fan.id, clientId: fan.clientId }, config.jwtSecret, config.fanTokenTtlSeconds, now);
    reply.code(status).type(JSONAPI_MEDIA_TYPE).header('cache-control', 'no-store');
    return {
      data: { type: 'fans', id: String(fan.id), attributes: { kind: fan.kind, display_name: fan.displayName, is_banned: fan.isBanned } },
      meta: { token, expires_at: new Date(now.getTime() + config.fanTokenTtlSeconds * 1000).toISOString() },
    };
  }

  // A proof-of-work challenge: solved, it lets one registration or sign-in past the limit per address.
  app.get(`${PUBLIC_PREFIX}/fans/challenge`, async (request, reply) => {
    await publicClient(request);
    const challenge = await newFanChallenge(config, clock.now());
    reply.type(JSONAPI_MEDIA_TYPE).header('cache-control', 'no-store');
    return { data: { type: 'fan_challenges', id: challenge.parameters.nonce, attributes: challenge } };
  });

  /**
   * The limit of registrations and sign-ins per address, unless the request carries a solved
   * challenge (`meta.proof`): then its own limit (`own`: an e-mail's sign-ins), if any.
   */
  const limitUnlessProved = async (request: FastifyRequest, reply: FastifyReply, own?: string) => {
    const proof = proofOf(request.body);
    if (proof === undefined) return limit(reply, `register:${request.ip}`, config.fanLimits.register);
    await takeFanProof(config, database, proof, clock.now());
    if (own) await limit(reply, own, config.fanLimits.register);
  };

  // Registration: a device identity (again: the same fan, a new token) or a new account.
  app.post(`${PUBLIC_PREFIX}/fans`, async (request, reply) => {
    const { clientId } = await publicClient(request);
    const data = isObject(request.body) && isObject(request.body.data) && isObject(request.body.data.attributes) ? request.body.data.attributes : {};
    const now = toDb(database.dialect, 'datetime', clock.now().toISOString());
    if ('device_id' in data) {
      const input = attributesOf(request.body, deviceSchema);
      const known = await db.selectFrom('fans').selectAll().where('client_id', '=', clientId).where('device_id', '=', input.device_id).executeTakeFirst();
      if (known) {
        // A known device's new token writes nothing new: the address's limit of writes bounds it.
        await limit(reply, `address:${request.ip}`, config.fanLimits.address);
        return issue(request, reply, known, 200);
      }
      await limitUnlessProved(request, reply);
      const row = await db
        .insertInto('fans')
        .values(await searchable(clientId, { client_id: clientId, kind: 'device', device_id: input.device_id, display_name: input.display_name?.trim() || null, is_banned: toDb(database.dialect, 'boolean', false), created_at: now, updated_at: now }))
        .onConflict((oc) => oc.columns(['client_id', 'device_id']).doNothing())
        .returningAll()
        .executeTakeFirst();
      // Two registrations of one device at once: the other one made it.
      return issue(request, reply, row ?? (await db.selectFrom('fans').selectAll().where('client_id', '=', clientId).where('device_id', '=', input.device_id).executeTakeFirstOrThrow()), 201);
    }
    const input = attributesOf(request.body, accountSchema);
    await limitUnlessProved(request, reply);
    const email = input.email.trim().toLowerCase();
    const row = await db
      .insertInto('fans')
      .values(await searchable(clientId, { client_id: clientId, kind: 'account', email, password_hash: await hashPassword(input.password), display_name: input.display_name.trim(), is_banned: toDb(database.dialect, 'boolean', false), created_at: now, updated_at: now }))
      .onConflict((oc) => oc.columns(['client_id', 'email']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!row) throw apiError(409, 'fanEmailTaken', { source: { pointer: '/data/attributes/email' } });
    return issue(request, reply, row, 201);
  });

  app.post(`${PUBLIC_PREFIX}/fans/sign_in`, async (request, reply) => {
    const { clientId } = await publicClient(request);
    const input = attributesOf(request.body, signInSchema);
    // Guessing is limited like registering: per address, or with a proof of work per e-mail.
    await limitUnlessProved(request, reply, `sign-in:${input.email.trim().toLowerCase()}`);
    const row = await db.selectFrom('fans').selectAll().where('client_id', '=', clientId).where('email', '=', input.email.trim().toLowerCase()).executeTakeFirst();
    // The same work whether the account exists or not, so timing tells nothing.
    const ok = await verifyPassword(input.password, (row?.password_hash as string | undefined) ?? (await dummyPasswordHash()));
    if (!row || !ok) throw apiError(401, 'invalidCredentials.fan');
    return issue(request, reply, row, 200);
  });

  app.get(`${PUBLIC_PREFIX}/fans/me`, async (request, reply) => {
    const fan = await requireFan(request, reply);
    reply.type(JSONAPI_MEDIA_TYPE).header('cache-control', 'private, no-store');
    return { data: { type: 'fans', id: String(fan.id), attributes: { kind: fan.kind, display_name: fan.displayName, is_banned: fan.isBanned } } };
  });

  return { publicClient, requireFan, optionalFan };
}
