import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Action } from '@umpire/schema';
import { requireAbility, type AuthContext } from './access';
import { requestOrigin, type Config } from '../config';
import { queryStats, type Database } from '../db/database';
import { apiError } from './errors';
import { encodedDocument, type ComputedCache } from '../db/computed-cache';
import type { ChangeEvent, ChangePublisher, WriteContext, WriteServices } from './context';
import { fingerprintOf, findStored, idempotencyKeyOf, lockIdempotencyKey, storeResponse, type StoredResponse } from './idempotency';
import { allModels, type Model } from './model';
import { includedTypes, movesWithTime, parseListQuery, parseLocale, parseRecordQuery, type IncludeTree, type RawQuery } from './query';
import { isLocale } from './translations';
import { findRow, listDocument, recordDocument } from './read';
import { nowIso, toDb } from '../db/values';
import { createRecord, deleteRecord, updateRecord } from './write';

export const API_PREFIX = '/api/v3';
export const JSONAPI_MEDIA_TYPE = 'application/vnd.api+json';

/** The base of the API's links as the request reaches it (`https://host/api/v3`). */
export const requestApiBase = (request: FastifyRequest, config: Config) => requestOrigin(request, config) + API_PREFIX;

/** Counts the SQL statements of a request and reports them in a header (tests and benchmarks read it). */
export async function withQueryStats<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T> {
  const stats = { queries: 0 };
  return queryStats.run(stats, async () => {
    try {
      return await run();
    } finally {
      reply.header('x-db-queries', String(stats.queries));
    }
  });
}

/** Checks the ability for the resource and for every type an include reaches. */
function authorize(request: FastifyRequest, model: Model, action: Action, include: IncludeTree): AuthContext {
  const auth = requireAbility(request, action, model.type);
  for (const type of includedTypes(model, include)) requireAbility(request, 'read', type);
  return auth;
}

/**
 * A cached body with its entity tag: 304 with no body when the client's `If-None-Match` already
 * names it (a reload, or the admin's refetch of an unchanged list).
 */
export function conditional(request: FastifyRequest, reply: FastifyReply, body: Buffer, etag: string): Buffer | string {
  // Browsers may keep the copy, but must ask each time; shared caches must not keep it at all.
  reply.header('etag', etag).header('cache-control', 'private, no-cache');
  const wanted = request.headers['if-none-match'];
  if (wanted && wanted.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    reply.code(304);
    return '';
  }
  return body;
}

/** Whether the reader of a request has closed its connection (a computation for it would be for nobody). */
export const readerGone = (request: FastifyRequest) => () => request.raw.socket?.destroyed === true;

/**
 * A read answered from memory until the client's data changes (the ability was checked before),
 * with its entity tag; `Cache-Control: no-cache` asks for a fresh answer, as HTTP caches understand it.
 */
export async function cachedResponse(
  cache: ComputedCache,
  request: FastifyRequest,
  reply: FastifyReply,
  clientId: number,
  key: string,
  build: () => Promise<unknown>,
): Promise<Buffer | string> {
  if (/no-cache/i.test(request.headers['cache-control'] ?? '')) {
    reply.header('x-cache', 'bypass');
    const { body, etag } = await cache.computeNow(async () => encodedDocument(await build()), readerGone(request));
    return conditional(request, reply, body, etag);
  }
  const { body, etag, hit } = await cache.text(clientId, key, build);
  reply.header('x-cache', hit ? 'hit' : 'miss');
  return conditional(request, reply, body, etag);
}

/** The key of a whole response: it holds the origin, since links are absolute. */
const responseKey = (ctx: WriteContext, request: FastifyRequest) => `response:${ctx.apiBase}${request.url}`;

function selfUrl(request: FastifyRequest, config: Config): URL {
  return new URL(request.url, requestOrigin(request, config));
}

/** The locale a body names (`data.attributes.locale`), so the answer shows the translation just written. */
function bodyLocale(model: Model, body: unknown): string | undefined {
  const locale = (body as { data?: { attributes?: { locale?: unknown } } } | null)?.data?.attributes?.locale;
  return model.translation && isLocale(model.translation, locale) ? locale : undefined;
}

/**
 * Runs a route's write in one transaction with the request's tenant, actor and link base, and
 * tells caches and realtime subscribers once it has committed: the engine's writes and the
 * capabilities' own routes (a stream's controls, a delivery key, an entitlement) share it.
 */
export function transactionalWrites(deps: { config: Config; database: Database; bus: ChangePublisher; services?: WriteServices }) {
  const { config, database, bus, services } = deps;
  return async function write<T>(request: FastifyRequest, auth: AuthContext, run: (ctx: WriteContext) => Promise<T>): Promise<T> {
    const events: ChangeEvent[] = [];
    const result = await database.db.transaction().execute((trx) =>
      run({ ...services, db: trx, dialect: database.dialect, clientId: auth.clientId, actor: auth.username, apiBase: requestApiBase(request, config), events }),
    );
    await bus.publish(events);
    return result;
  };
}

/** The five routes of every declared resource; `services` are lent to every write (WriteServices). */
export function registerResourceRoutes(
  app: FastifyInstance,
  config: Config,
  database: Database,
  bus: ChangePublisher,
  cache: ComputedCache,
  services: WriteServices = {},
) {
  const ctxOf = (request: FastifyRequest, auth: AuthContext, db = database.db): WriteContext => ({
    ...services,
    db,
    dialect: database.dialect,
    clientId: auth.clientId,
    actor: auth.username,
    apiBase: requestApiBase(request, config),
    events: [],
    keep: cache.partsOf(auth.clientId),
  });
  const write = transactionalWrites({ config, database, bus, services });

  for (const model of allModels()) {
    const base = `${API_PREFIX}/${model.path}`;

    app.get(base, async (request, reply) =>
      withQueryStats(reply, async () => {
        const query = parseListQuery(model, request.query as RawQuery);
        const auth = authorize(request, model, 'read', query.include);
        const ctx = ctxOf(request, auth);
        reply.type(JSONAPI_MEDIA_TYPE);
        const build = () => listDocument(ctx, model, query, selfUrl(request, config));
        // A filter that moves with the time (entitlements active now) is answered afresh every time.
        if (movesWithTime(query.filters)) {
          reply.header('cache-control', 'private, no-store');
          return cache.computeNow(build, readerGone(request));
        }
        return cachedResponse(cache, request, reply, auth.clientId, responseKey(ctx, request), build);
      }),
    );

    if (!model.def.ownFetch) app.get<{ Params: { id: string } }>(`${base}/:id`, async (request, reply) =>
      withQueryStats(reply, async () => {
        const query = parseRecordQuery(model, request.query as RawQuery);
        const auth = authorize(request, model, 'read', query.include);
        const ctx = ctxOf(request, auth);
        reply.type(JSONAPI_MEDIA_TYPE);
        return cachedResponse(cache, request, reply, auth.clientId, responseKey(ctx, request), async () =>
          recordDocument(ctx, model, await findRow(ctx, model, request.params.id), query),
        );
      }),
    );

    if (model.def.readOnly) continue;

    if (!model.def.serverCreated) app.post(base, async (request, reply) =>
      withQueryStats(reply, async () => {
        const query = parseRecordQuery(model, request.query as RawQuery);
        const auth = authorize(request, model, 'create', query.include);
        const key = idempotencyKeyOf(request);
        const fingerprint = key ? fingerprintOf(request) : '';
        const send = (res: StoredResponse, replayed: boolean) => {
          reply.code(res.status).headers(res.headers).type(JSONAPI_MEDIA_TYPE);
          if (replayed) reply.header('idempotent-replayed', 'true');
          return reply.send(res.body);
        };
        if (key) {
          const stored = await findStored(database.db, auth.clientId, key, fingerprint);
          if (stored) return send(stored, true);
        }
        let replayed = false;
        const res = await write(request, auth, async (ctx) => {
          if (key) {
            // Requests with the same key wait for each other; the later one then replays the first.
            await lockIdempotencyKey(ctx.db, database.dialect, auth.clientId, key);
            const stored = await findStored(ctx.db, auth.clientId, key, fingerprint);
            if (stored) {
              replayed = true;
              return stored;
            }
          }
          const locale = query.locale ?? bodyLocale(model, request.body);
          const row = await createRecord(ctx, model, request.body, { locale: query.locale });
          const doc = await recordDocument(ctx, model, row, { ...query, locale });
          const res: StoredResponse = { status: 201, body: JSON.stringify(doc), headers: { location: `${ctx.apiBase}/${model.path}/${row.id}` } };
          // Stored in the same transaction: the record and its replay exist together or not at all.
          if (key) await storeResponse(ctx.db, auth.clientId, key, fingerprint, res, toDb(database.dialect, 'datetime', nowIso()) as string);
          return res;
        });
        return send(res, replayed);
      }),
    );

    app.patch<{ Params: { id: string } }>(`${base}/:id`, async (request, reply) =>
      withQueryStats(reply, async () => {
        const query = parseRecordQuery(model, request.query as RawQuery);
        const auth = authorize(request, model, 'update', query.include);
        const doc = await write(request, auth, async (ctx) => {
          const row = await updateRecord(ctx, model, request.params.id, request.body, { locale: query.locale });
          return recordDocument(ctx, model, row, { ...query, locale: query.locale ?? bodyLocale(model, request.body) });
        });
        reply.type(JSONAPI_MEDIA_TYPE);
        return doc;
      }),
    );

    app.delete<{ Params: { id: string } }>(`${base}/:id`, async (request, reply) =>
      withQueryStats(reply, async () => {
        const auth = authorize(request, model, 'delete', {});
        // Spec §7: a translated record's delete takes `?locale=` (that translation only), nothing else.
        const params = Object.keys(request.query as object).filter((k) => !(model.translation && k === 'locale'));
        if (params.length) throw apiError(400, 'badRequest.deleteQuery', { source: { parameter: params[0] } });
        const locale = parseLocale(model, request.query as RawQuery);
        await write(request, auth, (ctx) => deleteRecord(ctx, model, request.params.id, { locale }));
        return reply.code(204).send();
      }),
    );
  }
}
