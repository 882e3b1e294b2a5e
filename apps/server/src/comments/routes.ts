import type { FastifyInstance, FastifyRequest } from 'fastify';
import { visibleCommentStatuses } from '@umpire/schema';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { apiError, badParameter } from '../jsonapi/errors';
import { parsePage, type RawQuery } from '../jsonapi/query';
import { declarePublicType, vouchPublic } from '../jsonapi/public-projection';
import { JSONAPI_MEDIA_TYPE, requestApiBase } from '../jsonapi/routes';
import { fromDb, toDb } from '../db/values';
import type { ChangeBus } from '../realtime/change-bus';
import type { ChangeEvent } from '../jsonapi/context';
import { createAsFan, fanActor } from '../fan-api/fan-writes';
import { PUBLIC_PREFIX, type FanAccess } from '../fan-api/fans';
import { commentModerationOf } from './comment-rules';
import { reportComment } from './comment-reports';

const ID = /^[1-9]\d{0,14}$/;

/** `filter[article]` or `filter[match]`: the one thing a public read of comments is about. */
function targetOf(request: FastifyRequest): { column: 'article_id' | 'match_id'; id: number } {
  const raw = request.query as RawQuery;
  const given = (['article', 'match'] as const).filter((name) => raw[`filter[${name}]`] !== undefined);
  if (given.length !== 1) throw apiError(400, 'badRequest.commentTarget', { source: { parameter: 'filter[article]' } });
  const name = given[0];
  const value = raw[`filter[${name}]`];
  if (typeof value !== 'string' || !ID.test(value)) throw badParameter(`filter[${name}]`, 'invalidFilterValue.id', { parameter: `filter[${name}]` });
  return { column: `${name}_id`, id: Number(value) };
}

const publicComment = (r: Record<string, unknown>) => ({
  type: 'comments',
  id: String(r.id),
  attributes: { body: r.body, author_name: r.author_name ?? null, created_at: fromDb('datetime', r.created_at) },
  relationships: {
    article: { data: r.article_id != null ? { type: 'articles', id: String(r.article_id) } : null },
    match: { data: r.match_id != null ? { type: 'matches', id: String(r.match_id) } : null },
  },
});

/** A fan's own report of a comment, answered to the report. */
declarePublicType('comment_reports', { reach: 'own', attributes: [], relationships: ['comment'] });

/** Fans' comments (issue 10): post with a fan token, read what the league's moderation rule shows, report. */
export function registerCommentRoutes(app: FastifyInstance, deps: { config: Config; database: Database; bus: ChangeBus; fans: FanAccess }) {
  const { config, database, bus, fans } = deps;
  const db = database.db;
  const notBanned = toDb(database.dialect, 'boolean', false) as boolean;

  const visible = async (clientId: number) => {
    const statuses = visibleCommentStatuses(await commentModerationOf(db, clientId));
    return db.selectFrom('comments').where('client_id', '=', clientId).where('status', 'in', statuses).where('author_banned', '=', notBanned);
  };

  /**
   * Comments belong to their article: readers see them while the article is public (in some
   * language), as they see the article. A match is always public.
   */
  const requireReadable = async (clientId: number, target: { column: 'article_id' | 'match_id'; id: number }) => {
    if (target.column !== 'article_id') return;
    const visible = await db
      .selectFrom('article_translations')
      .select('article_id')
      .where('client_id', '=', clientId)
      .where('article_id', '=', target.id)
      .where('visible', '=', toDb(database.dialect, 'boolean', true) as boolean)
      .executeTakeFirst();
    if (!visible) throw apiError(404, 'notFound.article', { values: { value: JSON.stringify(String(target.id)) } });
  };

  app.get(`${PUBLIC_PREFIX}/comments`, async (request, reply) => {
    const { clientId } = await fans.publicClient(request);
    const target = targetOf(request);
    await requireReadable(clientId, target);
    if (target.column === 'article_id') vouchPublic(request, 'articles', target.id);
    const page = parsePage(Object.fromEntries(Object.entries(request.query as RawQuery).filter(([k]) => k.startsWith('page'))));
    const base = (await visible(clientId)).where(target.column, '=', target.id);
    const total = Number((await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
    const rows = await base
      .select(['id', 'body', 'author_name', 'article_id', 'match_id', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.size)
      .offset((page.number - 1) * page.size)
      .execute();
    reply.type(JSONAPI_MEDIA_TYPE).header('cache-control', 'no-cache');
    return { data: rows.map(publicComment), meta: { total, page: page.number, size: page.size } };
  });

  app.post(`${PUBLIC_PREFIX}/comments`, async (request, reply) => {
    const fan = await fans.requireFan(request, reply, { write: true });
    const row = await createAsFan({ database, bus, apiBase: requestApiBase(request, config) }, fan, 'comments', request.body);
    const mode = await commentModerationOf(db, fan.clientId);
    // Written only on what fans may comment on (comment-rules.ts): the article is public.
    if (row.article_id != null) vouchPublic(request, 'articles', String(row.article_id));
    reply.code(201).type(JSONAPI_MEDIA_TYPE).header('cache-control', 'no-store');
    // The author learns whether others see it yet (pre-moderation: once approved).
    return { data: publicComment(row), meta: { status: row.status, visible: visibleCommentStatuses(mode).includes(row.status as 'pending') } };
  });

  // A fan reports a comment they can see; reporting it again changes nothing.
  app.post<{ Params: { id: string } }>(`${PUBLIC_PREFIX}/comments/:id/reports`, async (request, reply) => {
    const fan = await fans.requireFan(request, reply, { write: true });
    const id = ID.test(request.params.id) ? Number(request.params.id) : 0;
    const events: ChangeEvent[] = [];
    const counted = id
      ? await db.transaction().execute((trx) => reportComment({ db: trx, dialect: database.dialect, clientId: fan.clientId, apiBase: '', actor: fanActor(fan), events }, fan, id))
      : null;
    if (counted === null) throw apiError(404, 'notFound.record', { values: { type: 'comments', id: JSON.stringify(request.params.id) } });
    await bus.publish(events);
    reply.code(counted ? 201 : 200).type(JSONAPI_MEDIA_TYPE).header('cache-control', 'no-store');
    return { data: { type: 'comment_reports', id: `${id}-${fan.id}`, relationships: { comment: { data: { type: 'comments', id: String(id) } } } } };
  });
}
