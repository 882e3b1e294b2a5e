import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireAbility } from '../jsonapi/access';
import { requestOrigin, type Config } from '../config';
import type { Database } from '../db/database';
import { PUBLIC_PREFIX, type FanAccess } from '../fan-api/fans';
import type { Clock } from '../jobs/clock';
import { badParameter } from '../jsonapi/errors';
import { modelOf } from '../jsonapi/model';
import { parsePage, type RawQuery } from '../jsonapi/query';
import { findRow, scoped, toResourceObject, type Row } from '../jsonapi/read';
import { API_PREFIX, conditional, JSONAPI_MEDIA_TYPE, withQueryStats } from '../jsonapi/routes';
import type { ChangeBus } from '../realtime/change-bus';
import type { ComputedCache } from '../db/computed-cache';
import type { Delivery } from '../delivery/delivery';
import { declarePublicType } from '../jsonapi/public-projection';
import { fromDb } from '../db/values';
import { parsePredictionBody, placePrediction, PREDICTION_TYPE } from './predictions';
import { RANKINGS, USER_RESULTS, type PredictorScope } from './settlement';
import { rankingRounds, rankingStandings, standingObject } from './standings';

/** Largest standings page (the admin's chart reads the distribution, not every line). */
const MAX_STANDINGS_PAGE = 500;

interface Deps {
  config: Config;
  database: Database;
  bus: ChangeBus;
  cache: ComputedCache;
  clock: Clock;
  fans: FanAccess;
  delivery: Delivery;
}

/** A fan's own prediction of a match, with its result once settled. */
declarePublicType(PREDICTION_TYPE, { reach: 'own', attributes: ['home_score', 'away_score', 'result', 'points', 'settled_at', 'updated_at'], relationships: ['match', 'round'] });

/** `?round=` of a standings read: a round id, or none for the whole season. */
function parseRound(raw: RawQuery): number | undefined {
  const value = raw.round;
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !/^[1-9]\d{0,14}$/.test(value)) throw badParameter('round', 'invalidFilterValue.round', { parameter: 'round' });
  return Number(value);
}

function parseStandingsPage(raw: RawQuery) {
  const { ['page[size]']: size, ...rest } = raw;
  const page = parsePage(rest);
  if (size === undefined) return page;
  if (typeof size !== 'string' || !/^\d{1,4}$/.test(size) || Number(size) < 1 || Number(size) > MAX_STANDINGS_PAGE)
    throw badParameter('page[size]', 'invalidPage.range', { parameter: 'page[size]', max: MAX_STANDINGS_PAGE });
  return { ...page, size: Number(size) };
}

/** A ranking's standings as a JSON:API list: one page of lines, the round picker and the points distribution. */
async function standingsDocument(scope: PredictorScope, ranking: Row, raw: RawQuery, apiBase: string) {
  const round = parseRound(raw);
  const page = parseStandingsPage(raw);
  const { lines, distribution } = await rankingStandings(scope, ranking, round);
  const rankingId = String(ranking.id);
  const from = (page.number - 1) * page.size;
  return {
    data: lines.slice(from, from + page.size).map((s) => standingObject(rankingId, round === undefined ? 'season' : String(round), s, apiBase)),
    included: [toResourceObject(modelOf(RANKINGS), ranking, apiBase)],
    meta: {
      total: lines.length,
      pages: Math.max(1, Math.ceil(lines.length / page.size)),
      round: round === undefined ? null : String(round),
      rounds: await rankingRounds(scope, ranking),
      distribution,
    },
  };
}

/** A prediction as the fan API shows it. */
function predictionObject(row: Row) {
  return {
    type: PREDICTION_TYPE,
    id: String(row.id),
    attributes: {
      home_score: Number(row.home_score),
      away_score: Number(row.away_score),
      result: row.result ?? null,
      points: row.points == null ? null : Number(row.points),
      settled_at: fromDb('datetime', row.settled_at),
      updated_at: fromDb('datetime', row.updated_at),
    },
    relationships: {
      match: { data: { type: 'matches', id: String(row.match_id) } },
      round: { data: { type: 'rounds', id: String(row.round_id) } },
    },
  };
}

/**
 * The match predictor's own calls: the standings of a ranking for staff (computed, cached until the
 * client's data changes) and, under /public/v1, what fans do: predict, read their predictions and
 * points, and read the rankings.
 */
export function registerMatchPredictorRoutes(app: FastifyInstance, deps: Deps): void {
  const { config, database, bus, cache, clock, fans } = deps;
  const scopeOf = (clientId: number): PredictorScope => ({ db: database.db, dialect: database.dialect, clientId });
  const readCtx = (request: FastifyRequest, clientId: number) => ({ ...scopeOf(clientId), apiBase: requestOrigin(request, config) + API_PREFIX });

  async function sendStandings(request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply, clientId: number, raw: RawQuery) {
    const ctx = readCtx(request, clientId);
    const ranking = await findRow(ctx, modelOf(RANKINGS), request.params.id);
    reply.type(JSONAPI_MEDIA_TYPE);
    const key = `predictor-standings:${ranking.id}:${JSON.stringify(raw)}:${ctx.apiBase}`;
    const { body, etag } = await cache.text(clientId, key, () => standingsDocument(ctx, ranking, raw, ctx.apiBase));
    return conditional(request, reply, body, etag);
  }

  app.get<{ Params: { id: string } }>(`${API_PREFIX}/match_predictors/rankings/:id/standings`, async (request, reply) =>
    withQueryStats(reply, async () => {
      const auth = requireAbility(request, 'read', RANKINGS);
      return sendStandings(request, reply, auth.clientId, request.query as RawQuery);
    }),
  );

  // Fans: the rankings of the league and their standings, through the delivery API (its
  // projection, cache and CDN headers; a settlement changes the tables they read).
  deps.delivery.get('/match_predictors/rankings', async (ctx) => {
    const rows = await scoped(ctx, modelOf(RANKINGS)).orderBy('name').orderBy('id').limit(100).execute();
    return { data: rows.map((r) => toResourceObject(modelOf(RANKINGS), r, ctx.apiBase)) };
  });

  deps.delivery.get<{ id: string }>('/match_predictors/rankings/:id/standings', async (ctx, request) => {
    const raw = { ...(request.query as RawQuery) };
    delete raw.client;
    const ranking = await findRow(ctx, modelOf(RANKINGS), request.params.id);
    return standingsDocument(ctx, ranking, raw, ctx.apiBase);
  });

  // Fans: the matches they can still predict, with their own prediction when signed in.
  app.get(`${PUBLIC_PREFIX}/match_predictors/matches`, async (request, reply) => {
    const { clientId } = await fans.publicClient(request);
    const fan = await fans.optionalFan(request);
    const ctx = readCtx(request, clientId);
    const now = clock.now().toISOString();
    const matches = await scoped(ctx, modelOf('matches'))
      .where('status', '=', 'not_started')
      .where('kickoff_at', '>', now)
      .orderBy('kickoff_at')
      .orderBy('id')
      .limit(50)
      .execute();
    const mine =
      fan && fan.clientId === clientId && matches.length
        ? await database.db.selectFrom(USER_RESULTS).selectAll().where('fan_id', '=', fan.id).where('match_id', 'in', matches.map((m) => m.id)).execute()
        : [];
    reply.type(JSONAPI_MEDIA_TYPE).header('cache-control', 'private, no-cache');
    return {
      data: matches.map((m) => toResourceObject(modelOf('matches'), m, ctx.apiBase)),
      included: mine.map(predictionObject),
    };
  });

  // Fans: their own predictions and points.
  app.get(`${PUBLIC_PREFIX}/match_predictors/predictions`, async (request, reply) => {
    const fan = await fans.requireFan(request, reply);
    const raw = request.query as RawQuery;
    let q = database.db.selectFrom(USER_RESULTS).selectAll().where('client_id', '=', fan.clientId).where('fan_id', '=', fan.id);
    if (raw['filter[round]'] !== undefined) q = q.where('round_id', '=', parseRound({ round: raw['filter[round]'] }) ?? 0);
    const rows = await q.orderBy('id', 'desc').limit(500).execute();
    reply.type(JSONAPI_MEDIA_TYPE).header('cache-control', 'private, no-store');
    return {
      data: rows.map(predictionObject),
      meta: { total: rows.length, points: rows.reduce((sum, r) => sum + Number(r.points ?? 0), 0) },
    };
  });

  // Fans: one prediction per match, made or changed until kick-off.
  app.post(`${PUBLIC_PREFIX}/match_predictors/predictions`, async (request, reply) => {
    const fan = await fans.requireFan(request, reply, { write: true });
    const input = parsePredictionBody(request.body);
    const scope = scopeOf(fan.clientId);
    const { row, created } = await placePrediction(scope, fan, input, clock.now());
    // Lists of user results (and their cached copies) change with it.
    await bus.publish([{ clientId: fan.clientId, type: USER_RESULTS, id: String(row.id), action: created ? 'create' : 'update', actor: `fan:${fan.id}`, before: null, after: row }]);
    reply.code(created ? 201 : 200).type(JSONAPI_MEDIA_TYPE).header('cache-control', 'no-store');
    return { data: predictionObject(row) };
  });

}
