import type { FastifyInstance, FastifyReply } from 'fastify';
import { recordAudit } from '../jsonapi/audit';
import { requireAbility } from '../jsonapi/access';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { Clock } from '../jobs/clock';
import { ApiError } from '../jsonapi/errors';
import { fingerprintOf, findStored, idempotencyKeyOf, lockIdempotencyKey, storeResponse, type StoredResponse } from '../jsonapi/idempotency';
import { fieldError } from '../jsonapi/messages';
import { modelOf } from '../jsonapi/model';
import { parseRecordQuery, type RawQuery } from '../jsonapi/query';
import { findRow, recordDocument } from '../jsonapi/read';
import { API_PREFIX, JSONAPI_MEDIA_TYPE, transactionalWrites, withQueryStats } from '../jsonapi/routes';
import { nowIso, toDb } from '../db/values';
import { createRecord, nextUpdatedAt, publish } from '../jsonapi/write';
import type { ChangeBus } from '../realtime/change-bus';
import { issueWith } from './rules';
import { hashDeliveryKey, newDeliveryKeySecret } from './secrets';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An empty body (revoke): nothing, `{}` or `{data: null}`. */
function requireEmptyBody(body: unknown): void {
  if (body === undefined || body === null || (isObject(body) && Object.keys(body).every((k) => k === 'data' && (body.data === null || body.data === undefined)))) return;
  throw ApiError.many([fieldError('/data', 'data', 'unknownAttribute')]);
}

export interface DeliveryKeyDeps {
  config: Config;
  database: Database;
  bus: ChangeBus;
  clock: Clock;
}

/**
 * The staff calls of delivery keys beyond the engine's list, fetch, update and delete: create
 * (the server makes the secret and answers it once, in `meta.secret`) and revoke (the row stays,
 * refused from the next read on, on every instance: reads look the key up in the database).
 */
export function registerDeliveryKeyRoutes(app: FastifyInstance, deps: DeliveryKeyDeps): void {
  const { config, database, bus, clock } = deps;
  const model = modelOf('delivery_keys');
  const base = `${API_PREFIX}/${model.path}`;

  const write = transactionalWrites({ config, database, bus });
  // Nothing that holds a secret (or says a key's state) may be kept by a cache on the way.
  const send = (reply: FastifyReply, status: number) => reply.code(status).type(JSONAPI_MEDIA_TYPE).header('cache-control', 'no-store');

  app.post(base, async (request, reply) =>
    withQueryStats(reply, async () => {
      const query = parseRecordQuery(model, request.query as RawQuery);
      const auth = requireAbility(request, 'create', model.type);
      // An Idempotency-Key (the admin sends one with every POST) makes a retry answer the first
      // create instead of making a second key. The replay cannot show the secret: it is kept nowhere.
      const key = idempotencyKeyOf(request);
      const fingerprint = key ? fingerprintOf(request) : '';
      const replay = (stored: StoredResponse) => {
        reply.headers(stored.headers).header('idempotent-replayed', 'true');
        return send(reply, stored.status).send(stored.body);
      };
      if (key) {
        const stored = await findStored(database.db, auth.clientId, key, fingerprint);
        if (stored) return replay(stored);
      }
      const secret = newDeliveryKeySecret();
      const outcome = await write(request, auth, async (ctx) => {
        if (key) {
          await lockIdempotencyKey(ctx.db, database.dialect, auth.clientId, key);
          const stored = await findStored(ctx.db, auth.clientId, key, fingerprint);
          if (stored) return { replayed: true as const, stored };
        }
        const created = await createRecord(issueWith(ctx, secret), model, request.body);
        // The hash goes in after the history entry of the create, so the history never holds it.
        await ctx.db.updateTable(model.table).set({ key_hash: hashDeliveryKey(secret) }).where('id', '=', Number(created.id)).where('client_id', '=', ctx.clientId).execute();
        const doc = await recordDocument(ctx, model, created, query);
        const headers = { location: `${ctx.apiBase}/${model.path}/${created.id}` };
        if (key)
          await storeResponse(
            ctx.db,
            auth.clientId,
            key,
            fingerprint,
            { status: 201, headers, body: JSON.stringify({ ...doc, meta: { secret: null, secret_withheld: true } }) },
            toDb(database.dialect, 'datetime', nowIso()) as string,
          );
        return { replayed: false as const, doc, headers };
      });
      if (outcome.replayed) return replay(outcome.stored);
      reply.headers(outcome.headers);
      return send(reply, 201).send({ ...outcome.doc, meta: { secret } });
    }),
  );

  // Revoking is final and keeps the row (its name, prefix and last use stay visible); again on a
  // revoked key it changes nothing.
  app.post<{ Params: { id: string } }>(`${base}/:id/revoke`, async (request, reply) =>
    withQueryStats(reply, async () => {
      const auth = requireAbility(request, 'update', model.type);
      requireEmptyBody(request.body);
      const doc = await write(request, auth, async (ctx) => {
        const before = await findRow(ctx, model, request.params.id);
        if (before.status === 'revoked') return recordDocument(ctx, model, before, { include: {}, fields: new Map() });
        const at = clock.now().toISOString();
        const after = await ctx.db
          .updateTable(model.table)
          .set({ status: 'revoked', revoked_at: toDb(ctx.dialect, 'datetime', at), updated_at: toDb(ctx.dialect, 'datetime', nextUpdatedAt(before.updated_at)) })
          .where('id', '=', Number(before.id))
          .where('client_id', '=', ctx.clientId)
          .where('status', '=', 'active')
          .returning(model.readColumns)
          .executeTakeFirst();
        // Revoked meanwhile by another call: that one wrote the history.
        if (!after) return recordDocument(ctx, model, await findRow(ctx, model, request.params.id), { include: {}, fields: new Map() });
        await recordAudit(ctx, 'update', model.type, String(before.id), { status: { before: 'active', after: 'revoked' }, revoked_at: { before: null, after: at } });
        publish(ctx, model, 'update', String(before.id), before, after);
        return recordDocument(ctx, model, after, { include: {}, fields: new Map() });
      });
      return send(reply, 200).send(doc);
    }),
  );
}
