import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  PAYMENT_WEBHOOK_TOLERANCE_SECONDS,
  paymentWebhookSchema,
  pointerSegment,
  type PaymentWebhook,
} from '@umpire/schema';
import { requestOrigin, type Config } from '../config';
import type { Database } from '../db/database';
import { PUBLIC_PREFIX, type FanAccess } from '../fan-api/fans';
import { rateLimiterFor } from '../delivery/rate-limit';
import type { Clock } from '../jobs/clock';
import type { ChangeEvent, WriteContext } from '../jsonapi/context';
import { ApiError, apiError, notFound, type ErrorSpec } from '../jsonapi/errors';
import { fieldError, keyOfIssue } from '../jsonapi/messages';
import { modelOf } from '../jsonapi/model';
import { findRow, recordDocument, type Row } from '../jsonapi/read';
import { declarePublicType } from '../jsonapi/public-projection';
import { API_PREFIX, JSONAPI_MEDIA_TYPE } from '../jsonapi/routes';
import { fromDb, toDb } from '../db/values';
import type { ChangeBus } from '../realtime/change-bus';
import { countryAllowed, viewerCountry } from './countries';
import { grantEntitlement, hasActiveEntitlement, markWebhookWrite, revokeEntitlement, WEBHOOK_ACTOR, webhookSecretOf } from './entitlements';
import type { LiveHlsStore } from './live-store';
import { resolvePlayback } from './playback-routes';

export interface FanPlaybackDeps {
  config: Config;
  database: Database;
  bus: ChangeBus;
  clock: Clock;
  fans: FanAccess;
  liveStore: LiveHlsStore;
}

const ID = /^[1-9]\d{0,14}$/;
/** Where an event plays for this reader now: what the fan-facing playback answers. */
declarePublicType('ott_playbacks', { reach: 'capability', attributes: ['kind', 'url', 'expires_at', 'access', 'status'] });

/** Deliveries are remembered this long (a provider retries for a few days at most). */
const DELIVERY_MEMORY_MS = 30 * 24 * 3600 * 1000;
const SIGNATURE_HEADER = 'X-Umpire-Signature';

/**
 * Video for viewers (issue 24, point 5). `GET /public/v1/ott/events/{id}/playback?client=` answers
 * where an event plays: any event of the client that exists (pending ones answer `url: null` until
 * they have something to play, ended ones their recording); free ones for anyone, paid ones only
 * to a fan (Bearer fan token) with an active entitlement, as signed, expiring URLs; an event with
 * `allowed_country` only where the configured header names a listed country. Never cached.
 *
 * `POST /public/v1/ott/payments/webhook?client=` is the payment provider's: signed with the
 * client's webhook secret over the raw body (`X-Umpire-Signature: t=<unix>,v1=<hex HMAC-SHA256
 * of "<t>.<body>">`), within five minutes of the server's clock, each delivery (`id`) handled once;
 * at most PAYMENT_WEBHOOK_LIMIT calls per address, counted before the signature is checked.
 */
export function registerFanPlaybackRoutes(app: FastifyInstance, deps: FanPlaybackDeps): void {
  const { config, database, bus, clock, fans } = deps;
  const db = database.db;

  app.get<{ Params: { id: string } }>(`${PUBLIC_PREFIX}/ott/events/:id/playback`, async (request, reply) => {
    // An answer for one viewer: neither a CDN nor the browser keeps it (its URLs expire, its refusals change).
    reply.header('cache-control', 'private, no-store');
    const { clientId } = await fans.publicClient(request);
    const { id } = request.params;
    const event = ID.test(id)
      ? await db.selectFrom('ott_events').select(['id', 'access', 'allowed_country', 'stream_id', 'status']).where('client_id', '=', clientId).where('id', '=', Number(id)).executeTakeFirst()
      : undefined;
    if (!event) throw notFound('ott_events', id);
    // Where it cannot be watched, nobody is asked to sign in or to pay for it.
    const allowed = (fromDb('json', event.allowed_country) as string[] | null) ?? [];
    if (!countryAllowed(allowed, viewerCountry(request.headers[config.ott.countryHeader]))) throw apiError(403, 'playbackCountryNotAllowed');
    const access = String(event.access);
    if (access !== 'free') {
      const fan = await fans.optionalFan(request);
      // A fan of another client's apps is nobody here.
      if (!fan || fan.clientId !== clientId) throw apiError(401, 'unauthorized.fan');
      if (!(await hasActiveEntitlement(db, database.dialect, clientId, fan.id, { id: Number(event.id), access }, clock.now()))) throw apiError(403, 'entitlementRequired');
    }
    const playback = await resolvePlayback(deps, clientId, event, requestOrigin(request, config), { download: false });
    reply.type(JSONAPI_MEDIA_TYPE);
    return {
      data: {
        type: 'ott_playbacks',
        id: String(event.id),
        attributes: { kind: playback.kind, url: playback.url, expires_at: playback.expiresAt, access, status: String(event.status) },
      },
    };
  });

  // The raw bytes are what the provider signed: this route (alone) takes its body unparsed.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
      // Kept out of sight of the generic body checks (they walk enumerable properties).
      const holder = {};
      Object.defineProperty(holder, 'raw', { value: body, enumerable: false });
      done(null, holder);
    });
    scope.post(
      `${PUBLIC_PREFIX}/ott/payments/webhook`,
      // Its own count per address, before the body is read or any HMAC computed (not the fans' writes').
      // Its answer is for the signed provider, not a reader: the grant it asked for, left as it is.
      { bodyLimit: 64 * 1024, config: { ownRateLimit: true, publicAnswer: 'raw' }, onRequest: (request, reply) => limitWebhook(request, reply) },
      (request, reply) => webhook(request, reply),
    );
  });

  const limiter = rateLimiterFor(database);
  async function limitWebhook(request: FastifyRequest, reply: FastifyReply) {
    const wait = await limiter.hit(`payment-webhook:${request.ip}`, config.paymentWebhookLimit, clock.now().getTime());
    if (wait === null) return;
    reply.header('retry-after', String(wait)).header('cache-control', 'no-store');
    throw apiError(429, 'tooManyRequests');
  }

  async function webhook(request: FastifyRequest, reply: FastifyReply) {
    reply.header('cache-control', 'no-store');
    const { clientId } = await fans.publicClient(request);
    const secret = await webhookSecretOf(db, clientId);
    if (!secret) throw apiError(401, 'webhookNotConfigured');
    const raw = (request.body as { raw?: Buffer } | undefined)?.raw ?? Buffer.alloc(0);
    const timestamp = verifySignature(secret, request.headers['x-umpire-signature'], raw);
    if (Math.abs(Math.floor(clock.now().getTime() / 1000) - timestamp) > PAYMENT_WEBHOOK_TOLERANCE_SECONDS)
      throw apiError(401, 'webhookTimestampStale', { values: { seconds: PAYMENT_WEBHOOK_TOLERANCE_SECONDS }, source: { header: SIGNATURE_HEADER } });
    const payload = parsePayload(raw);

    const events: ChangeEvent[] = [];
    const ctx = (trx: typeof db): WriteContext => ({ db: trx, dialect: database.dialect, clientId, actor: WEBHOOK_ACTOR, apiBase: requestOrigin(request, config) + API_PREFIX, events });
    const result = await db.transaction().execute(async (trx) => {
      const now = toDb(database.dialect, 'datetime', clock.now().toISOString());
      const fresh = await trx
        .insertInto('ott_payment_webhook_deliveries')
        .values({ client_id: clientId, delivery_id: payload.id, type: payload.type, received_at: now })
        .onConflict((oc) => oc.columns(['client_id', 'delivery_id']).doNothing())
        .returning('delivery_id')
        .executeTakeFirst();
      if (!fresh) {
        // Delivered before: answered as then, nothing granted or revoked again.
        const seen = await trx.selectFrom('ott_payment_webhook_deliveries').select('entitlement_id').where('client_id', '=', clientId).where('delivery_id', '=', payload.id).executeTakeFirst();
        const row = seen?.entitlement_id == null ? null : await trx.selectFrom('ott_entitlements').selectAll().where('client_id', '=', clientId).where('id', '=', Number(seen.entitlement_id)).executeTakeFirst();
        return { row: row ?? null, duplicate: true, context: ctx(trx) };
      }
      const context = ctx(trx);
      markWebhookWrite(context);
      const row = payload.type === 'entitlement.granted' ? await grant(context, payload) : await revoke(context, payload);
      await trx.updateTable('ott_payment_webhook_deliveries').set({ entitlement_id: Number(row.id) }).where('client_id', '=', clientId).where('delivery_id', '=', payload.id).execute();
      return { row, duplicate: false, context };
    });
    await bus.publish(events);
    // Old deliveries are forgotten (their timestamps are long refused anyway).
    await db
      .deleteFrom('ott_payment_webhook_deliveries')
      .where('client_id', '=', clientId)
      .where('received_at', '<', toDb(database.dialect, 'datetime', new Date(clock.now().getTime() - DELIVERY_MEMORY_MS).toISOString()) as string)
      .execute();
    const model = modelOf('ott_entitlements');
    const doc = result.row ? await recordDocument({ ...result.context, db }, model, result.row, { include: {}, fields: new Map() }) : { data: null };
    reply.code(200).type(JSONAPI_MEDIA_TYPE);
    return { ...doc, meta: { delivery_id: payload.id, duplicate: result.duplicate } };
  }

  /** A grant: the fan by id or account e-mail, through the engine's create (its checks and rules). */
  async function grant(ctx: WriteContext, payload: PaymentWebhook): Promise<Row> {
    const data = payload.data;
    const model = modelOf('ott_entitlements');
    // The same purchase granted before (another delivery of it): that grant stands, once.
    const known = await ctx.db.selectFrom(model.table).select(model.readColumns).where('client_id', '=', ctx.clientId).where('external_ref', '=', data.external_ref).executeTakeFirst();
    if (known) return known;
    const errors: ErrorSpec[] = [];
    if (!data.kind) errors.push(fieldError('/data/kind', 'kind', 'required'));
    let fanId = data.fan_id;
    if (!fanId && data.fan_email) {
      const fan = await ctx.db.selectFrom('fans').select('id').where('client_id', '=', ctx.clientId).where('email', '=', data.fan_email.trim().toLowerCase()).executeTakeFirst();
      if (fan) fanId = String(fan.id);
      else errors.push(fieldError('/data/fan_email', 'fan_email', 'notFound'));
    } else if (!fanId) errors.push(fieldError('/data/fan_id', 'fan_id', 'required'));
    if (errors.length) throw ApiError.many(errors);
    const body = {
      data: {
        type: 'ott_entitlements',
        attributes: {
          kind: data.kind,
          external_ref: data.external_ref,
          ...(data.valid_from !== undefined ? { valid_from: data.valid_from } : {}),
          ...(data.valid_until !== undefined ? { valid_until: data.valid_until } : {}),
        },
        relationships: {
          fan: { data: { type: 'fans', id: fanId } },
          ...(data.event_id !== undefined ? { event: { data: { type: 'ott_events', id: data.event_id } } } : {}),
        },
      },
    };
    try {
      return await grantEntitlement(ctx, body);
    } catch (error) {
      throw error instanceof ApiError ? ApiError.many(error.errors.map(payloadPointer)) : error;
    }
  }

  async function revoke(ctx: WriteContext, payload: PaymentWebhook): Promise<Row> {
    const model = modelOf('ott_entitlements');
    const row = await ctx.db.selectFrom(model.table).select('id').where('client_id', '=', ctx.clientId).where('external_ref', '=', payload.data.external_ref).executeTakeFirst();
    if (!row) throw ApiError.many([fieldError('/data/external_ref', 'external_ref', 'notFound')]);
    return revokeEntitlement(ctx, await findRow(ctx, model, String(row.id)));
  }
}

/**
 * The timestamp of a valid `t=<unix seconds>,v1=<hex>` signature of `raw` (any of several `v1`
 * values may match, so a provider can sign with two secrets while one replaces the other).
 */
export function verifySignature(secret: Buffer, header: string | string[] | undefined, raw: Buffer): number {
  const refuse = () => apiError(401, 'webhookSignatureInvalid', { source: { header: SIGNATURE_HEADER } });
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || value.length > 2000) throw refuse();
  let timestamp: string | null = null;
  const signatures: string[] = [];
  for (const part of value.split(',')) {
    const [key, ...rest] = part.trim().split('=');
    const v = rest.join('=');
    if (key === 't' && /^\d{1,12}$/.test(v)) timestamp = v;
    else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(v)) signatures.push(v.toLowerCase());
  }
  if (timestamp === null || !signatures.length) throw refuse();
  const expected = Buffer.from(signPayload(secret, Number(timestamp), raw), 'hex');
  if (!signatures.some((s) => timingSafeEqual(Buffer.from(s, 'hex'), expected))) throw refuse();
  return Number(timestamp);
}

/** The hex HMAC-SHA256 of `<t>.<raw body>` under the client's secret (tests and providers sign alike). */
export function signPayload(secret: Buffer | string, timestamp: number, raw: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(raw).digest('hex');
}

/** The body as the documented payload, or the 400/422 naming each problem by its JSON pointer. */
function parsePayload(raw: Buffer): PaymentWebhook {
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    throw apiError(400, 'malformedJson');
  }
  const nul = findNul(json, '');
  if (nul !== null) throw apiError(422, 'pattern.nul', { source: { pointer: nul } });
  const parsed = paymentWebhookSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  throw ApiError.many(
    parsed.error.issues.map((issue) => {
      if (issue.code === 'unrecognized_keys') {
        const name = String(issue.keys[0]);
        return fieldError(`/${[...issue.path, name].map((p) => pointerSegment(String(p))).join('/')}`, name, 'unknownAttribute');
      }
      const { key, params, items } = keyOfIssue(issue);
      const pointer = issue.path.length ? `/${issue.path.map((p) => pointerSegment(String(p))).join('/')}` : '';
      // A field left out is missing, not of the wrong type.
      const missing = issue.code === 'invalid_type' && valueAt(json, issue.path) === undefined;
      return fieldError(pointer, String(issue.path.at(-1) ?? 'body'), missing ? 'required' : key, missing ? undefined : params, { items });
    }),
  );
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let at = value;
  for (const key of path) {
    if (typeof at !== 'object' || at === null) return undefined;
    at = (at as Record<PropertyKey, unknown>)[key];
  }
  return at;
}

function findNul(value: unknown, pointer: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? pointer : null;
  if (depth > 8 || typeof value !== 'object' || value === null) return null;
  for (const [k, v] of Object.entries(value)) {
    const where = k.includes('\u0000') ? `${pointer}/${pointerSegment(k)}` : findNul(v, `${pointer}/${pointerSegment(k)}`, depth + 1);
    if (where) return where;
  }
  return null;
}

/** An error of the engine's create, pointed at the webhook's own fields (`/data/fan_id`, `/data/kind`). */
function payloadPointer(spec: ErrorSpec): ErrorSpec {
  const pointer = spec.source?.pointer;
  if (!pointer) return spec;
  const mapped = pointer
    .replace(/^\/data\/relationships\/fan(?:\/.*)?$/, '/data/fan_id')
    .replace(/^\/data\/relationships\/event(?:\/.*)?$/, '/data/event_id')
    .replace(/^\/data\/attributes\//, '/data/');
  return { ...spec, source: { ...spec.source, pointer: mapped } };
}
