import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import type { EntitlementKind } from '@umpire/schema';
import { recordAudit } from '../jsonapi/audit';
import { requireAbility } from '../jsonapi/access';
import { requestOrigin, type Config } from '../config';
import type { DB, Database, Dialect } from '../db/database';
import type { Clock } from '../jobs/clock';
import { systemClock } from '../jobs/clock';
import type { WriteContext } from '../jsonapi/context';
import { badParameter, errorSpec, type ErrorSpec } from '../jsonapi/errors';
import { fieldError } from '../jsonapi/messages';
import { modelOf } from '../jsonapi/model';
import { includedTypes, parseRecordQuery, type RawQuery } from '../jsonapi/query';
import { findRow, recordDocument, type Row } from '../jsonapi/read';
import { API_PREFIX, JSONAPI_MEDIA_TYPE, transactionalWrites } from '../jsonapi/routes';
import { defineRules } from '../jsonapi/rules';
import { publish, createRecord } from '../jsonapi/write';
import { fromDb, nowIso, toDb } from '../db/values';
import type { ChangeBus } from '../realtime/change-bus';
import { PUBLIC_PREFIX } from '../fan-api/fans';

/**
 * Fans' entitlements to paid OTT events (issue 24, point 5): the rules the engine applies to them,
 * granting (staff through `POST /api/v3/ott/entitlements`, the payment provider through its
 * webhook, both through the engine's create), revoking, the check playback makes, and the
 * client's webhook secret. An `event` entitlement opens its one event, whatever its paid access;
 * a `subscription` opens every `subscription` event of the client (pay-per-view events are sold one
 * by one, so a subscription does not open them). Active means: not revoked, `valid_from` passed,
 * `valid_until` (exclusive) not yet reached or open-ended.
 */

const TYPE = 'ott_entitlements';
/** Who the history names for the webhook's grants and revocations (no username has a space). */
export const WEBHOOK_ACTOR = 'payment webhook';
/** The contexts of webhook writes: their grants are `source: webhook` (nothing in a body can say so). */
const webhookWrites = new WeakSet<object>();
export const markWebhookWrite = (ctx: WriteContext): void => void webhookWrites.add(ctx);

/** The condition "active at `now`" on the rows of `table` (`now` as the database stores instants). */
function activeAt(table: string, now: unknown) {
  const col = (name: string) => sql.ref(`${table}.${name}`);
  return sql<SqlBool>`(${col('revoked_at')} is null and ${col('valid_from')} <= ${now} and (${col('valid_until')} is null or ${col('valid_until')} > ${now}))`;
}

defineRules(TYPE, {
  async validate(_ctx, { row }) {
    const errors: ErrorSpec[] = [];
    if (row.kind === 'event' && row.event_id == null) errors.push(fieldError('/data/relationships/event', 'event', 'required'));
    if (row.kind === 'subscription' && row.event_id != null)
      errors.push(errorSpec(422, 'entitlementSubscriptionEvent', { values: { field: 'event' }, source: { pointer: '/data/relationships/event' } }));
    const from = row.valid_from == null ? Date.now() : Date.parse(String(fromDb('datetime', row.valid_from)));
    if (row.valid_until != null && Date.parse(String(fromDb('datetime', row.valid_until))) <= from)
      errors.push(errorSpec(422, 'entitlementWindowOrder', { values: { field: 'valid_until' }, source: { pointer: '/data/attributes/valid_until' } }));
    return errors;
  },
  async derive(ctx, row) {
    if (row.id != null) return {};
    return {
      source: webhookWrites.has(ctx) ? 'webhook' : 'staff',
      valid_from: row.valid_from ?? toDb(ctx.dialect, 'datetime', nowIso()),
    };
  },
  filters: {
    // `filter[active]=true`: what opens playback now; `false`: the rest (revoked, ended, not yet begun).
    active(value, parameter) {
      if (value !== 'true' && value !== 'false') throw badParameter(parameter, 'invalidFilterValue', { parameter, value });
      return {
        volatile: true,
        where: (table: string, dialect: Dialect) => {
          const active = activeAt(table, toDb(dialect, 'datetime', systemClock.now().toISOString()));
          return value === 'true' ? active : sql<SqlBool>`not ${active}`;
        },
      };
    },
  },
});

/** Whether `fanId` may watch `event` (a paid one) at `now`. */
export async function hasActiveEntitlement(
  db: DB,
  dialect: Dialect,
  clientId: number,
  fanId: number,
  event: { id: number; access: string },
  now: Date,
): Promise<boolean> {
  const opens = (kind: EntitlementKind) => sql<SqlBool>`kind = ${kind}`;
  const row = await db
    .selectFrom('ott_entitlements')
    .select('id')
    .where('client_id', '=', clientId)
    .where('fan_id', '=', fanId)
    .where(activeAt('ott_entitlements', toDb(dialect, 'datetime', now.toISOString())))
    .where((eb) =>
      event.access === 'subscription'
        ? eb.or([eb.and([opens('event'), eb('event_id', '=', event.id)]), opens('subscription')])
        : eb.and([opens('event'), eb('event_id', '=', event.id)]),
    )
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

/** Grants through the engine's create: the declaration's checks, the rules above, history and realtime. */
export function grantEntitlement(ctx: WriteContext, body: unknown): Promise<Row> {
  return createRecord(ctx, modelOf(TYPE), body);
}

/** Revokes (once: a revoked entitlement stays as it was revoked); the row as it is after. */
export async function revokeEntitlement(ctx: WriteContext, before: Row): Promise<Row> {
  if (before.revoked_at != null) return before;
  const model = modelOf(TYPE);
  const now = nowIso();
  const after = await ctx.db
    .updateTable(model.table)
    .set({ revoked_at: toDb(ctx.dialect, 'datetime', now), revoked_by: ctx.actor, updated_at: toDb(ctx.dialect, 'datetime', now) })
    .where('client_id', '=', ctx.clientId)
    .where('id', '=', Number(before.id))
    .where('revoked_at', 'is', null)
    .returning(model.readColumns)
    .executeTakeFirst();
  // Revoked meanwhile by another request: that revocation stands.
  if (!after) return findRow(ctx, model, String(before.id));
  await recordAudit(ctx, 'update', TYPE, String(before.id), { revoked_at: { before: null, after: now }, revoked_by: { before: null, after: ctx.actor } });
  publish(ctx, model, 'update', String(before.id), before, after);
  return after;
}

/** The secret's last characters, all staff ever see of it after it was shown once. */
const hintOf = (secret: string) => `…${secret.slice(-4)}`;

export async function webhookSecretOf(db: DB, clientId: number): Promise<Buffer | null> {
  const row = await db.selectFrom('ott_payment_webhooks').select('secret').where('client_id', '=', clientId).executeTakeFirst();
  return row ? Buffer.from(String(row.secret), 'utf8') : null;
}

export interface EntitlementDeps {
  config: Config;
  database: Database;
  bus: ChangeBus;
  clock: Clock;
}

/** The staff's routes beside the engine's list and fetch: grant, revoke, the webhook's secret. */
export function registerEntitlementRoutes(app: FastifyInstance, deps: EntitlementDeps): void {
  const { config, database, bus } = deps;
  const model = modelOf(TYPE);
  const base = `${API_PREFIX}/${model.path}`;

  const write = transactionalWrites({ config, database, bus });

  function recordQuery(request: FastifyRequest) {
    const query = parseRecordQuery(model, request.query as RawQuery);
    for (const type of includedTypes(model, query.include)) requireAbility(request, 'read', type);
    return query;
  }

  app.post(base, async (request, reply) => {
    const auth = requireAbility(request, 'create', TYPE);
    const query = recordQuery(request);
    const doc = await write(request, auth, async (ctx) => recordDocument(ctx, model, await grantEntitlement(ctx, request.body), query));
    const id = (doc.data as { id: string }).id;
    reply.code(201).type(JSONAPI_MEDIA_TYPE).header('location', `${requestOrigin(request, config)}${base}/${id}`);
    return doc;
  });

  app.post<{ Params: { id: string } }>(`${base}/:id/revoke`, async (request, reply) => {
    const auth = requireAbility(request, 'update', TYPE);
    const query = recordQuery(request);
    const doc = await write(request, auth, async (ctx) => recordDocument(ctx, model, await revokeEntitlement(ctx, await findRow(ctx, model, request.params.id)), query));
    reply.type(JSONAPI_MEDIA_TYPE);
    return doc;
  });

  // The payment provider's webhook: where it calls, and the secret it signs with (set or rotated
  // by admins, shown once in the answer of the rotation, then only its last characters).
  const webhookPath = `${API_PREFIX}/ott/payment_webhook`;
  async function webhookDocument(request: FastifyRequest, clientId: number, secret?: string) {
    const [row, client] = await Promise.all([
      database.db.selectFrom('ott_payment_webhooks').select(['secret_hint', 'rotated_at', 'rotated_by']).where('client_id', '=', clientId).executeTakeFirst(),
      database.db.selectFrom('clients').select('slug').where('id', '=', clientId).executeTakeFirstOrThrow(),
    ]);
    return {
      data: {
        type: 'ott_payment_webhooks',
        id: String(clientId),
        attributes: {
          url: `${requestOrigin(request, config)}${PUBLIC_PREFIX}/ott/payments/webhook?client=${encodeURIComponent(String(client.slug))}`,
          configured: !!row,
          secret_hint: row ? String(row.secret_hint) : null,
          rotated_at: row ? fromDb('datetime', row.rotated_at) : null,
          rotated_by: row ? String(row.rotated_by) : null,
        },
      },
      ...(secret ? { meta: { secret } } : {}),
    };
  }

  app.get(webhookPath, async (request, reply) => {
    const auth = requireAbility(request, 'read', 'client');
    reply.type(JSONAPI_MEDIA_TYPE).header('cache-control', 'private, no-store');
    return webhookDocument(request, auth.clientId);
  });

  // A new secret at once: the provider must be given it (calls signed with the old one are refused from now on).
  app.post(`${webhookPath}/rotate_secret`, async (request, reply) => {
    const auth = requireAbility(request, 'update', 'client');
    const secret = `whsec_${randomBytes(32).toString('base64url')}`;
    await write(request, auth, async (ctx) => {
      const now = toDb(ctx.dialect, 'datetime', nowIso());
      const before = await ctx.db.selectFrom('ott_payment_webhooks').select('secret_hint').where('client_id', '=', auth.clientId).executeTakeFirst();
      const values = { secret, secret_hint: hintOf(secret), rotated_at: now, rotated_by: auth.username };
      await ctx.db
        .insertInto('ott_payment_webhooks')
        .values({ client_id: auth.clientId, ...values })
        .onConflict((oc) => oc.column('client_id').doUpdateSet(values))
        .execute();
      // The history keeps which secret was replaced by which, by their last characters only.
      await recordAudit(ctx, 'update', 'client', String(auth.clientId), { payment_webhook_secret: { before: before ? String(before.secret_hint) : null, after: hintOf(secret) } });
    });
    reply.type(JSONAPI_MEDIA_TYPE).header('cache-control', 'no-store');
    return webhookDocument(request, auth.clientId, secret);
  });
}
