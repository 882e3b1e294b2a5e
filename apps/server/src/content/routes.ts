import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAbility, type AuthContext } from '../jsonapi/access';
import { sql } from 'kysely';
import { isTemplateKind, sameJson, TEMPLATE_DEFS } from '@umpire/schema';
import { recordAudit, recordAudits } from '../jsonapi/audit';
import { requestOrigin, type Config } from '../config';
import type { Delivery } from '../delivery/delivery';
import type { Database } from '../db/database';
import type { ChangeEvent, WriteContext } from '../jsonapi/context';
import { ApiError, apiError, badParameter, notFound } from '../jsonapi/errors';
import { fieldError } from '../jsonapi/messages';
import { modelOf, type Model } from '../jsonapi/model';
import type { RawQuery } from '../jsonapi/query';
import { findRow, scoped, type ReadContext } from '../jsonapi/read';
import { API_PREFIX, conditional, JSONAPI_MEDIA_TYPE, readerGone, withQueryStats } from '../jsonapi/routes';
import { fromDb, toDb } from '../db/values';
import { nextUpdatedAt, publish } from '../jsonapi/write';
import type { ChangeBus } from '../realtime/change-bus';
import { encodedDocument, type ComputedCache } from '../db/computed-cache';
import { placeOf } from './component-rules';
import { currentPageDocument, draftPageDocument, globalElementDocument, globalElementsDocument, parseIncludeSets, parseReaderLocale, templatePageDocument } from './current-page';
import { parseDraftComponents } from './draft-preview';
import './usages';

const CURRENT_PAGE_PARAMETERS = ['slug', 'template', 'record', 'include', 'season_id', 'locale', 'preview'];
/** `client` names the league on the public side (or its delivery key does). */
const PUBLIC_CURRENT_PAGE_PARAMETERS = ['slug', 'template', 'record', 'include', 'season_id', 'locale', 'client'];
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Pages, global page elements and their components beyond the generic routes (issue 9). */
export function registerContentRoutes(app: FastifyInstance, config: Config, database: Database, bus: ChangeBus, cache: ComputedCache, delivery: Delivery): void {
  const readCtx = (request: FastifyRequest, auth: AuthContext): ReadContext => ({
    db: database.db,
    dialect: database.dialect,
    clientId: auth.clientId,
    apiBase: requestOrigin(request, config) + API_PREFIX,
  });

  /** The query of /current_page; `known` are the parameters the route takes (the public one has no preview). */
  const currentPageQuery = (q: RawQuery, known: string[]) => {
    for (const name of Object.keys(q))
      if (!known.includes(name)) throw badParameter(name, 'badRequest.unknownParameter', { parameter: name, names: known });
    for (const name of known)
      if (Array.isArray(q[name])) throw badParameter(name, 'badRequest.repeatedParameter', { parameter: name });
    const includeSets = parseIncludeSets(q.include);
    const seasonRaw = q.season_id;
    if (seasonRaw !== undefined && !/^[1-9]\d{0,14}$/.test(String(seasonRaw)))
      throw badParameter('season_id', 'invalidFilterValue.id', { parameter: 'season_id' });
    const seasonId = seasonRaw === undefined ? null : Number(seasonRaw);
    const locale = parseReaderLocale(q.locale);
    // A page by its slug, or a template's page made for a record (`template=match&record=155`).
    if (q.template !== undefined) {
      if (q.slug !== undefined) throw badParameter('slug', 'badRequest.slugOrTemplate', {});
      if (!isTemplateKind(q.template)) throw badParameter('template', 'invalidFilterValue', { parameter: 'template', value: String(q.template) });
      const recordRaw = q.record;
      if (recordRaw !== undefined && !/^[1-9]\d{0,14}$/.test(String(recordRaw))) throw badParameter('record', 'invalidFilterValue.id', { parameter: 'record' });
      const record = recordRaw === undefined ? null : Number(recordRaw);
      // Readers name the record of a kind that has one: nothing is picked for them.
      if (TEMPLATE_DEFS[q.template].record && record === null) throw badParameter('record', 'invalidFilterValue.id', { parameter: 'record' });
      return { slug: null, template: { template: q.template, record }, includeSets, seasonId, locale };
    }
    if (q.record !== undefined) throw badParameter('record', 'badRequest.recordWithoutTemplate', { parameter: 'record' });
    const slug = typeof q.slug === 'string' ? q.slug.trim().replace(/^\/+|\/+$/g, '') : '';
    if (!slug) throw badParameter('slug', 'invalidFilterValue', { parameter: 'slug', value: '' });
    return { slug, template: null, includeSets, seasonId, locale };
  };
  type PageQuery = ReturnType<typeof currentPageQuery>;
  /** The document of a /current_page query, by slug or by template. */
  const currentPage = (ctx: ReadContext, q: PageQuery, preview: boolean) =>
    q.template
      ? templatePageDocument(ctx, { ...q.template, includeSets: q.includeSets, seasonId: q.seasonId, locale: q.locale, preview })
      : currentPageDocument(ctx, { slug: q.slug, includeSets: q.includeSets, seasonId: q.seasonId, locale: q.locale, preview });

  // What websites read: only a page published and inside its window, cut to its public part.
  delivery.get('/current_page', (ctx, request) =>
    currentPage(ctx, currentPageQuery(request.query as RawQuery, PUBLIC_CURRENT_PAGE_PARAMETERS), false),
  );

  // Every global page element (branding, header and footer, what goes below the content) with its
  // components resolved as readers see them: what a website draws around each page, in one read.
  delivery.get('/current_page_elements', async (ctx, request) => {
    const q = request.query as RawQuery;
    for (const name of Object.keys(q))
      if (name !== 'client' && name !== 'locale') throw badParameter(name, 'badRequest.unknownParameter', { parameter: name, names: ['client', 'locale'] });
    return globalElementsDocument(ctx, parseReaderLocale(q.locale));
  });

  app.get(`${API_PREFIX}/current_page`, async (request, reply) =>
    withQueryStats(reply, async () => {
      const auth = requireAbility(request, 'read', 'pages');
      const q = request.query as RawQuery;
      const pageQuery = currentPageQuery(q, CURRENT_PAGE_PARAMETERS);
      const { includeSets, seasonId, locale } = pageQuery;
      if (q.preview !== undefined && q.preview !== 'true' && q.preview !== 'false')
        throw badParameter('preview', 'invalidFilterValue', { parameter: 'preview', value: String(q.preview) });
      const preview = q.preview === 'true';
      // A preview shows drafts: only to someone who may change pages.
      if (preview) requireAbility(request, 'update', 'pages');
      const ctx = readCtx(request, auth);
      reply.type(JSONAPI_MEDIA_TYPE);
      const build = () => currentPage(ctx, pageQuery, preview);
      if (preview || /no-cache/i.test(request.headers['cache-control'] ?? '')) {
        reply.header('x-cache', 'bypass');
        const { body, etag } = await cache.computeNow(async () => encodedDocument(await build()), readerGone(request));
        return conditional(request, reply, body, etag);
      }
      const page = pageQuery.template ? `template:${pageQuery.template.template}:${pageQuery.template.record ?? ''}` : `slug:${pageQuery.slug}`;
      const key = `current_page:${ctx.apiBase}:${page}:${String(includeSets)}:${seasonId ?? ''}:${locale ?? ''}`;
      const { body, etag, hit } = await cache.text(auth.clientId, key, build);
      reply.header('x-cache', hit ? 'hit' : 'miss');
      return conditional(request, reply, body, etag);
    }),
  );

  // The builder's live preview: the owner as readers would get it with the posted drafts in place
  // of its stored components (unsaved edits included). Nothing is written, nothing is cached.
  for (const [ownerType, column] of [
    ['pages', 'page_id'],
    ['global_page_elements', 'global_page_element_id'],
  ] as const) {
    app.post<{ Params: { id: string } }>(`${API_PREFIX}/${ownerType}/:id/preview`, async (request, reply) =>
      withQueryStats(reply, async () => {
        const auth = requireAbility(request, 'update', ownerType);
        requireAbility(request, 'read', 'components');
        const q = request.query as RawQuery;
        const parameters = ownerType === 'pages' ? ['include', 'season_id', 'locale', 'record'] : [];
        for (const name of Object.keys(q)) if (!parameters.includes(name)) throw badParameter(name, 'badRequest.unknownParameter', { parameter: name, names: parameters });
        for (const name of parameters) if (Array.isArray(q[name])) throw badParameter(name, 'badRequest.repeatedParameter', { parameter: name });
        const ctx = readCtx(request, auth);
        const id = /^[1-9]\d{0,14}$/.test(request.params.id) ? Number(request.params.id) : null;
        const place = id === null ? null : await placeOf(ctx, { [column]: id });
        if (id === null || !place) throw notFound(ownerType, request.params.id);
        const drafts = parseDraftComponents(ctx, request.body, { column, id, place });
        reply.type(JSONAPI_MEDIA_TYPE).header('cache-control', 'private, no-store');
        let doc: Record<string, unknown>;
        if (ownerType === 'pages') {
          const seasonRaw = q.season_id;
          if (seasonRaw !== undefined && !/^[1-9]\d{0,14}$/.test(String(seasonRaw))) throw badParameter('season_id', 'invalidFilterValue.id', { parameter: 'season_id' });
          const locale = parseReaderLocale(q.locale);
          const recordRaw = q.record;
          if (recordRaw !== undefined && !/^[1-9]\d{0,14}$/.test(String(recordRaw))) throw badParameter('record', 'invalidFilterValue.id', { parameter: 'record' });
          const record = recordRaw === undefined ? null : Number(recordRaw);
          doc = await draftPageDocument(ctx, id, { includeSets: parseIncludeSets(q.include), seasonId: seasonRaw === undefined ? null : Number(seasonRaw), locale, record }, drafts);
        } else doc = await globalElementDocument(ctx, await findRow(ctx, modelOf(ownerType), String(id)), drafts);
        return { ...doc, meta: { ...(doc.meta as Record<string, unknown> | undefined), draft: true, issues: drafts.issues } };
      }),
    );
  }

  app.get<{ Params: { id: string } }>(`${API_PREFIX}/global_page_elements/:id/preview`, async (request, reply) =>
    withQueryStats(reply, async () => {
      const auth = requireAbility(request, 'read', 'global_page_elements');
      requireAbility(request, 'read', 'components');
      const ctx = readCtx(request, auth);
      const element = await findRow(ctx, modelOf('global_page_elements'), request.params.id);
      reply.type(JSONAPI_MEDIA_TYPE).header('cache-control', 'private, no-cache');
      return globalElementDocument(ctx, element);
    }),
  );

  // Reordering: the components of a page (or global element) in their new order, in one call.
  for (const [ownerType, column] of [
    ['pages', 'page_id'],
    ['global_page_elements', 'global_page_element_id'],
  ] as const) {
    const owner = modelOf(ownerType);
    const path = `${API_PREFIX}/${ownerType}/:id/relationships/components`;

    app.get<{ Params: { id: string } }>(path, async (request, reply) =>
      withQueryStats(reply, async () => {
        const auth = requireAbility(request, 'read', ownerType);
        requireAbility(request, 'read', 'components');
        const ctx = readCtx(request, auth);
        const row = await findRow(ctx, owner, request.params.id);
        const components = await scoped(ctx, modelOf('components')).where(column, '=', row.id as number).orderBy('index').orderBy('id').execute();
        reply.type(JSONAPI_MEDIA_TYPE);
        return {
          data: components.map((c) => ({ type: 'components', id: String(c.id) })),
          links: { self: `${ctx.apiBase}/${ownerType}/${row.id}/relationships/components`, related: `${ctx.apiBase}/${ownerType}/${row.id}?include=components` },
          meta: { updated_at: fromDb('datetime', row.updated_at) },
        };
      }),
    );

    app.patch<{ Params: { id: string } }>(path, async (request, reply) =>
      withQueryStats(reply, async () => {
        const auth = requireAbility(request, 'update', ownerType);
        requireAbility(request, 'update', 'components');
        const events: ChangeEvent[] = [];
        const doc = await database.db.transaction().execute(async (trx) => {
          const ctx: WriteContext = { ...readCtx(request, auth), db: trx, actor: auth.username, events };
          return reorder(ctx, owner, column, request.params.id, request.body);
        });
        await bus.publish(events);
        reply.type(JSONAPI_MEDIA_TYPE);
        return doc;
      }),
    );
  }
}

/**
 * Rewrites the indexes of an owner's components (0, 1, 2… in the given order) in one transaction:
 * the body must list each of its components exactly once. Each moved component and the owner
 * get an entry in their history; a body naming an older version of the owner (`meta.updated_at`) is stale.
 */
async function reorder(ctx: WriteContext, owner: Model, column: string, id: string, body: unknown) {
  const row = await findRow(ctx, owner, id);
  if (!isObject(body) || !Array.isArray(body.data))
    throw ApiError.many([fieldError('/data', 'data', 'required')]);
  const seen = isObject(body.meta) && typeof body.meta.updated_at === 'string' ? body.meta.updated_at : null;
  const current = String(fromDb('datetime', row.updated_at));
  if (seen !== null && Date.parse(seen) !== Date.parse(current))
    throw apiError(409, 'staleRecord', { values: { type: owner.type }, source: { pointer: '/meta/updated_at' }, params: { updated_at: current } });
  const components = modelOf('components');
  const existing = await scoped(ctx, components).where(column, '=', row.id as number).orderBy('index').orderBy('id').execute();
  const ids = body.data.map((item) => (isObject(item) && item.type === 'components' ? String(item.id) : ''));
  const known = new Set(existing.map((c) => String(c.id)));
  if (ids.length !== existing.length || new Set(ids).size !== ids.length || ids.some((x) => !known.has(x)))
    throw apiError(422, 'reorderMismatch', { source: { pointer: '/data' } });
  const byId = new Map(existing.map((c) => [String(c.id), c]));
  const before = existing.map((c) => String(c.id));
  const moves = ids.map((componentId, index) => ({ row: byId.get(componentId)!, index })).filter((m) => Number(m.row.index) !== m.index);
  if (moves.length) {
    // One statement for every moved component, each a later updated_at than it had (the stale check relies on it).
    const stamp = moves.map((m) => nextUpdatedAt(m.row.updated_at)).sort().at(-1)!;
    const cases = sql.join(moves.map((m) => sql`when ${Number(m.row.id)} then cast(${m.index} as integer)`), sql` `);
    const after = await ctx.db
      .updateTable('components')
      .set({ index: sql`case ${sql.ref('id')} ${cases} end`, updated_at: toDb(ctx.dialect, 'datetime', stamp) })
      .where('id', 'in', moves.map((m) => Number(m.row.id)))
      .where('client_id', '=', ctx.clientId)
      .returning(components.readColumns)
      .execute();
    const afterById = new Map(after.map((r) => [String(r.id), r]));
    await recordAudits(
      ctx,
      moves.map((m) => ({ action: 'update' as const, resourceType: 'components', resourceId: String(m.row.id), changes: { index: { before: Number(m.row.index), after: m.index } } })),
    );
    for (const m of moves) publish(ctx, components, 'update', String(m.row.id), m.row, afterById.get(String(m.row.id)) ?? null);
  }
  const moved = moves.length;
  let updatedAt = current;
  if (moved || !sameJson(before, ids)) {
    updatedAt = nextUpdatedAt(row.updated_at);
    const after = await ctx.db
      .updateTable(owner.table)
      .set({ updated_at: toDb(ctx.dialect, 'datetime', updatedAt) })
      .where('id', '=', row.id as number)
      .where('client_id', '=', ctx.clientId)
      .returning(owner.readColumns)
      .executeTakeFirstOrThrow();
    await recordAudit(ctx, 'update', owner.type, id, { components: { before, after: ids } });
    publish(ctx, owner, 'update', id, row, after);
  }
  return {
    data: ids.map((x) => ({ type: 'components', id: x })),
    links: { self: `${ctx.apiBase}/${owner.path}/${row.id}/relationships/components` },
    meta: { updated_at: updatedAt },
  };
}
