import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestOrigin, type Config } from '../config';
import type { Database } from '../db/database';
import { ALL_TABLES } from '../db/data-versions';
import { notFound } from '../jsonapi/errors';
import { parseListQuery, parseRecordQuery, type RawQuery } from '../jsonapi/query';
import { findRow, listDocument, recordDocument, type ReadContext } from '../jsonapi/read';
import { API_PREFIX, JSONAPI_MEDIA_TYPE, readerGone, withQueryStats } from '../jsonapi/routes';
import { fromDb } from '../db/values';
import { encodedDocument, type ComputedCache } from '../db/computed-cache';
import { checkPublicQuery, projectDocument, PUBLIC_PREFIX, publicRowFilters, publicTables, routedPublicModels, type PublicModel } from '../jsonapi/public-projection';
import { Purger } from './purge';

/** The client a public request reads (`?client=`, or later its delivery key). */
export type ResolveClient = (request: FastifyRequest) => Promise<{ clientId: number; clientSlug: string }>;

export type PublicBuild<P> = (ctx: ReadContext, request: FastifyRequest<{ Params: P }>) => Promise<Record<string, unknown>>;

export interface Delivery {
  /**
   * Publishes a read at `GET /public/v1{path}`: `build` makes the document as the staff API would
   * (links under /api/v3 are rewritten), and the delivery API cuts it to what is public, keeps it
   * until what it read changes, and answers with the headers a CDN needs.
   */
  get<P = Record<string, string>>(path: string, build: PublicBuild<P>): void;
}

/**
 * Surrogate keys of an answer: the installation, the client, and each table it read, per client
 * and for all (a change whose client is not known purges the latter).
 */
export function surrogateKeys(cdnId: string, clientId: number, tables: ReadonlySet<string> | null): string[] {
  const keys = [cdnId, `${cdnId}:c${clientId}`];
  for (const t of [...(tables ?? [])].sort()) if (t !== ALL_TABLES) keys.push(`${cdnId}:c${clientId}:${t}`, `${cdnId}:${t}`);
  return keys;
}

/**
 * How long readers and shared caches keep an answer. `stale-if-error`: a CDN may serve what it
 * holds for a day while the origin fails. (An answer read with a delivery key is made `private`
 * where keys are read: delivery-keys/access.ts.)
 */
function cacheControl(config: Config): string {
  const d = config.delivery;
  return `public, max-age=${d.maxAge}, s-maxage=${d.sharedMaxAge}, stale-while-revalidate=${d.staleWhileRevalidate}, stale-if-error=86400`;
}

/** 304 when the client already holds this body (`If-None-Match`, weak or strong). */
function notModified(request: FastifyRequest, etag: string): boolean {
  const wanted = request.headers['if-none-match'];
  return !!wanted && (wanted.trim() === '*' || wanted.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag));
}

export function registerDelivery(app: FastifyInstance, deps: { config: Config; database: Database; cache: ComputedCache; resolveClient: ResolveClient }): Delivery {
  const { config, database, cache, resolveClient } = deps;
  // Tables public answers read: those of the public types, and any other an answer here has read
  // (a page's leading fans of a predictor); only their changes are purged.
  const readByAnswers = new Set(publicTables());
  const { purgeUrl } = config.delivery;
  if (purgeUrl) {
    const purger = new Purger({ ...config.delivery, purgeUrl }, config.cdnId, database.versions, app.log, (t) => readByAnswers.has(t));
    app.addHook('onClose', () => purger.close());
  }

  async function answer(request: FastifyRequest, reply: FastifyReply, build: (ctx: ReadContext) => Promise<Record<string, unknown>>) {
    const { clientId } = await resolveClient(request);
    const origin = requestOrigin(request, config);
    const ctx: ReadContext = {
      db: database.db,
      dialect: database.dialect,
      clientId,
      apiBase: origin + API_PREFIX,
      keep: cache.partsOf(clientId),
    };
    const compute = async () => {
      const built = await build(ctx);
      // Kept for every reader of this address: no fan's own records, nothing a route vouched for one request.
      const doc = await projectDocument(built, { db: ctx.db, from: origin + API_PREFIX, to: origin + PUBLIC_PREFIX });
      // The builder found the record, but it is not one the public may see (a draft): as if it were not there.
      if (!doc) {
        const data = built.data as { type: string; id: string };
        throw notFound(data.type, data.id);
      }
      return doc;
    };
    let body: Buffer;
    let etag: string;
    let tables: ReadonlySet<string> | null;
    if (/no-cache/i.test(request.headers['cache-control'] ?? '')) {
      const tracked = await cache.computeNow(() => database.versions.tracking(compute), readerGone(request));
      ({ body, etag } = encodedDocument(tracked.value));
      tables = tracked.tables;
      reply.header('x-cache', 'bypass');
    } else {
      // The origin is part of the key: links in the body are absolute.
      const kept = await cache.text(clientId, `public:${origin}${request.url}`, compute);
      ({ body, etag, tables } = kept);
      reply.header('x-cache', kept.hit ? 'hit' : 'miss');
    }
    for (const t of tables ?? []) readByAnswers.add(t);
    const keys = surrogateKeys(config.cdnId, clientId, tables);
    reply
      .type(JSONAPI_MEDIA_TYPE)
      .header('cache-control', cacheControl(config))
      .header('etag', etag)
      .header('vary', 'X-Delivery-Key')
      .header('surrogate-key', keys.join(' '))
      .header('cache-tag', keys.join(','))
      .header('access-control-allow-origin', '*')
      .header('access-control-expose-headers', 'ETag')
      .header('cross-origin-resource-policy', 'cross-origin');
    if (notModified(request, etag)) return reply.code(304).send();
    return reply.send(body);
  }

  const delivery: Delivery = {
    get<P>(path: string, build: PublicBuild<P>) {
      // Cut inside `answer`, before it is kept: the cache holds only what readers may see.
      app.get<{ Params: P }>(`${PUBLIC_PREFIX}${path}`, { config: { publicAnswer: 'projected' } }, (request, reply) => withQueryStats(reply, () => answer(request, reply, (ctx) => build(ctx, request))));
    },
  };

  // A website on a host of its own calls the public side from the browser: reads with its key in a
  // header, fans' writes with their token. No cookie is ever read here (tokens travel in headers),
  // so any origin may call, and the browser asks first.
  app.options(`${PUBLIC_PREFIX}/*`, async (_request, reply) =>
    reply
      .code(204)
      .header('access-control-allow-origin', '*')
      .header('access-control-allow-methods', 'GET, HEAD, POST, PATCH, DELETE, OPTIONS')
      .header('access-control-allow-headers', 'X-Delivery-Key, If-None-Match, Authorization, Content-Type, Idempotency-Key')
      .header('access-control-max-age', '86400')
      .send(),
  );
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith(`${PUBLIC_PREFIX}/`) && !reply.hasHeader('access-control-allow-origin')) reply.header('access-control-allow-origin', '*');
    return payload;
  });
  for (const pm of routedPublicModels()) registerGenericReads(delivery, pm, config);
  return delivery;
}

/** Whether a stored row meets the declaration's `where` (a draft does not). */
function isPublicRow(pm: PublicModel, row: Record<string, unknown>): boolean {
  return pm.where.every(([a, values]) => values.has(fromDb(pm.model.attributeTypes.get(a)!, row[a])));
}

/** List and fetch of a public type, through the engine, kept to its public rows and fields. */
function registerGenericReads(delivery: Delivery, pm: PublicModel, config: Config) {
  const { model } = pm;
  delivery.get(`/${model.path}`, async (ctx, request) => {
    const query = parseListQuery(model, checkPublicQuery(pm, request.query as RawQuery));
    query.filters.push(...publicRowFilters(pm));
    return listDocument(ctx, model, query, new URL(request.url, requestOrigin(request, config))) as unknown as Promise<Record<string, unknown>>;
  });
  delivery.get<{ id: string }>(`/${model.path}/:id`, async (ctx, request) => {
    const query = parseRecordQuery(model, checkPublicQuery(pm, request.query as RawQuery));
    const row = await findRow(ctx, model, request.params.id);
    if (!isPublicRow(pm, row)) throw notFound(model.type, request.params.id);
    return recordDocument(ctx, model, row, query) as unknown as Promise<Record<string, unknown>>;
  });
}
