import { MATCH_PLAYING_STATUSES } from '@umpire/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAbility, type AuthContext } from '../jsonapi/access';
import { requestOrigin, type Config } from '../config';
import { declarePublicType } from '../jsonapi/public-projection';
import type { Delivery } from '../delivery/delivery';
import type { Database } from '../db/database';
import { ApiError, apiError, badParameter } from '../jsonapi/errors';
import { modelOf } from '../jsonapi/model';
import { parsePage, type RawQuery } from '../jsonapi/query';
import { buildDocument, findRow, scoped, type ReadContext, type ResourceObject } from '../jsonapi/read';
import { API_PREFIX, conditional, JSONAPI_MEDIA_TYPE, withQueryStats } from '../jsonapi/routes';
import { createRecord } from '../jsonapi/write';
import type { ChangeBus } from '../realtime/change-bus';
import type { ComputedCache } from '../db/computed-cache';
import type { ChangeEvent } from '../jsonapi/context';
import { loadStatsMatches } from './loaders';
import { includedSquads, seasonPlayerStatistics, squadWithCrest, standingsDocument } from './documents';
import { computeMatchStatistics, computePlayerStatistics, ratingOf, STATISTIC_TYPES, type PlayerStatistics, type StatisticType } from './statistics';

// Computed for readers: the public side shows them as they are.
// What the public side shows of the computed views (the projection drops anything else).
declarePublicType('standings', {
  reach: 'capability',
  attributes: ['position', 'played', 'won', 'drawn', 'lost', 'goals_for', 'goals_against', 'goal_difference', 'points', 'deducted_points', 'deductions', 'away_goals_for', 'away_wins', 'fair_play_points', 'form', 'previous_position', 'position_change', 'decided_by', 'tied', 'tied_with'],
  relationships: ['squad', 'group'],
});
declarePublicType('statistics', { reach: 'capability', attributes: [...STATISTIC_TYPES.map((t) => t.id), 'rating'], relationships: ['player', 'squad', 'competition_season'] });
declarePublicType('match_stats', { reach: 'capability', attributes: ['squads', 'home', 'away', 'timeline', 'goals_by_half', 'players'], relationships: ['match'] });
declarePublicType('squad_stats', { reach: 'capability', attributes: ['played', 'won', 'drawn', 'lost', 'goals_for', 'goals_against', 'clean_sheets', 'yellow_cards', 'red_cards', 'players'], relationships: ['squad'] });

const link = (type: string, id: string | number | null) => ({ data: id == null ? null : { type, id: String(id) } });

/** The competition's computed views: standings, statistics, ratings and its squads. */
export function registerCompetitionRoutes(app: FastifyInstance, config: Config, database: Database, bus: ChangeBus, cache: ComputedCache, delivery: Delivery) {
  const ctxOf = (request: FastifyRequest, auth: AuthContext): ReadContext => ({
    db: database.db,
    dialect: database.dialect,
    clientId: auth.clientId,
    apiBase: requestOrigin(request, config) + API_PREFIX,
    keep: cache.partsOf(auth.clientId),
  });
  /** A read of staff (with the ability to read `subject`); the same builder serves the public side. */
  const staffRead = <P>(path: string, subject: string, build: (ctx: ReadContext, request: FastifyRequest<{ Params: P }>) => Promise<unknown>) =>
    app.get<{ Params: P }>(`${API_PREFIX}${path}`, (request, reply) =>
      withQueryStats(reply, async () => {
        const ctx = ctxOf(request, requireAbility(request, 'read', subject));
        reply.type(JSONAPI_MEDIA_TYPE);
        return build(ctx, request);
      }),
    );
  const roundOf = (request: FastifyRequest) => {
    const q = request.query as RawQuery;
    const round = q.round === undefined ? undefined : Number(q.round);
    if (round !== undefined && (!Number.isInteger(round) || round < 0)) throw badParameter('round', 'invalidFilterValue.round', { parameter: 'round' });
    return round;
  };
  // The delivery API keeps its own copy per address, with the headers a CDN needs.
  delivery.get<{ id: string }>('/groups/:id/standings', async (ctx, request) => standingsDocument(ctx, await findRow(ctx, modelOf('groups'), request.params.id), roundOf(request)));
  app.get<{ Params: { id: string } }>(`${API_PREFIX}/groups/:id/standings`, async (request, reply) =>
    withQueryStats(reply, async () => {
      const auth = requireAbility(request, 'read', 'groups');
      const ctx = ctxOf(request, auth);
      const round = roundOf(request);
      const group = await findRow(ctx, modelOf('groups'), request.params.id);
      reply.type(JSONAPI_MEDIA_TYPE);
      // Reads outnumber match events by far: the table is kept until the client's data changes.
      const { body, etag } = await cache.text(auth.clientId, `standings:${group.id}:${round ?? ''}:${ctx.apiBase}`, async () => {
        return standingsDocument(ctx, group, round);
      });
      return conditional(request, reply, body, etag);
    }),
  );

  const matchStats = async (ctx: ReadContext, request: FastifyRequest<{ Params: { id: string } }>) => {
    const match = await findRow(ctx, modelOf('matches'), request.params.id);
    const [m] = await loadStatsMatches(ctx, [match]);
    const stats = computeMatchStatistics(m);
    const players = computePlayerStatistics([m]).filter((p) => p.minutes_played || p.goals || p.assists || p.yellow_cards || p.red_cards);
    return {
      data: { type: 'match_stats', id: String(match.id), attributes: { ...stats, players }, relationships: { match: link('matches', match.id as number) } },
      included: await includedSquads(ctx, [stats.squads.home, stats.squads.away]),
    };
  };
  staffRead('/matches/:id/stats', 'matches', matchStats);
  delivery.get('/matches/:id/stats', matchStats);

  const squadStats = async (ctx: ReadContext, request: FastifyRequest<{ Params: { id: string } }>) => {
    const squad = await findRow(ctx, modelOf('squads'), request.params.id);
    const sid = squad.id as number;
    const matches = await ctx.db
      .selectFrom('matches')
      .selectAll()
      .where('client_id', '=', ctx.clientId)
      .where((eb) => eb.or([eb('home_squad_id', '=', sid), eb('away_squad_id', '=', sid)]))
      .where('status', 'in', [...MATCH_PLAYING_STATUSES])
      .execute();
    const loaded = await loadStatsMatches(ctx, matches);
    const totals = { played: 0, won: 0, drawn: 0, lost: 0, goals_for: 0, goals_against: 0, clean_sheets: 0, yellow_cards: 0, red_cards: 0 };
    for (const m of loaded) {
      if (m.status !== 'finished') continue;
      const home = m.home === String(sid);
      const [gf, ga] = home ? [m.home_score, m.away_score] : [m.away_score, m.home_score];
      totals.played++;
      totals.goals_for += gf;
      totals.goals_against += ga;
      if (gf > ga) totals.won++;
      else if (gf === ga) totals.drawn++;
      else totals.lost++;
      if (ga === 0) totals.clean_sheets++;
    }
    // The same matches as the totals: finished ones.
    const players = computePlayerStatistics(loaded.filter((m) => m.status === 'finished')).filter((p) => p.squad === String(sid));
    for (const p of players) {
      totals.yellow_cards += p.yellow_cards;
      totals.red_cards += p.red_cards;
    }
    players.sort((a, b) => b.goals - a.goals || b.assists - a.assists || b.minutes_played - a.minutes_played);
    return { data: { type: 'squad_stats', id: String(sid), attributes: { ...totals, players }, relationships: { squad: link('squads', sid) } } };
  };
  staffRead('/squads/:id/stats', 'squads', squadStats);
  delivery.get('/squads/:id/stats', squadStats);

  /** Player statistics of one competition season (the current one when none is named). */
  async function seasonStatistics(ctx: ReadContext, q: RawQuery): Promise<{ rows: PlayerStatistics[]; competitionSeason: number }> {
    const value = (name: string) => {
      const parameter = `filter[${name}]`;
      const v = q[parameter];
      if (v === undefined) return undefined;
      if (typeof v !== 'string' || !/^[1-9]\d{0,14}$/.test(v)) throw badParameter(parameter, 'invalidFilterValue.id', { parameter });
      return Number(v);
    };
    for (const key of Object.keys(q))
      if (key.startsWith('filter[') && !['filter[competition_season]', 'filter[squad]', 'filter[player]'].includes(key))
        throw badParameter(key, 'unknownFilter.statistics', { names: ['competition_season', 'squad', 'player'] });
    let competitionSeason = value('competition_season');
    if (competitionSeason === undefined) {
      const current = await ctx.db.selectFrom('competition_seasons').select('id').where('client_id', '=', ctx.clientId).where('is_current', '=', ctx.dialect === 'sqlite' ? 1 : true).orderBy('id').executeTakeFirst();
      competitionSeason = current ? Number(current.id) : 0;
    }
    const season = competitionSeason;
    // Kept as a part (ctx.keep): a document kept with it depends on what it read, so a goal drops both.
    const all = await seasonPlayerStatistics(ctx, season);
    let rows = all;
    const squad = value('squad');
    const player = value('player');
    if (squad !== undefined) rows = rows.filter((r) => r.squad === String(squad));
    if (player !== undefined) rows = rows.filter((r) => r.player === String(player));
    return { rows, competitionSeason };
  }

  app.get(`${API_PREFIX}/statistics/types`, async (request, reply) => {
    requireAbility(request, 'read', 'matches');
    reply.type(JSONAPI_MEDIA_TYPE);
    return { data: STATISTIC_TYPES.map((t) => ({ type: 'statistic_types', id: t.id, attributes: { unit: t.unit } })) };
  });

  const statistics = async (ctx: ReadContext, request: FastifyRequest) => {
    const q = request.query as RawQuery;
    const { rows: cached, competitionSeason } = await seasonStatistics(ctx, q);
    const rows = [...cached];
    const sortSpec = typeof q.sort === 'string' ? q.sort : '-goals';
    const keys = sortSpec.split(',').map((s) => ({ desc: s.startsWith('-'), name: s.replace(/^-/, '') as StatisticType | 'rating' }));
    const sortable = [...STATISTIC_TYPES.map((t) => t.id), 'rating'];
    for (const k of keys) if (!sortable.includes(k.name)) throw badParameter('sort', 'unknownSort.statistics', { names: sortable });
    const valueOf = (r: PlayerStatistics, name: StatisticType | 'rating') => (name === 'rating' ? (ratingOf(r) ?? -1) : r[name]);
    rows.sort((a, b) => {
      for (const k of keys) {
        const [x, y] = [valueOf(a, k.name), valueOf(b, k.name)];
        if (x !== y) return k.desc ? y - x : x - y;
      }
      return Number(a.player) - Number(b.player);
    });
    const page = parsePage(q);
    const slice = rows.slice((page.number - 1) * page.size, page.number * page.size);
    const players = slice.length
      ? await ctx.db.selectFrom('players').selectAll().where('client_id', '=', ctx.clientId).where('id', 'in', slice.map((r) => Number(r.player))).execute()
      : [];
    const playerDoc = await buildDocument(ctx, modelOf('players'), players, { include: {}, fields: new Map() }, false);
    return {
      data: slice.map((r) => ({
        type: 'statistics',
        id: `${competitionSeason}-${r.squad}-${r.player}`,
        attributes: { ...r, player: undefined, squad: undefined, rating: ratingOf(r) },
        relationships: { player: link('players', r.player), squad: link('squads', r.squad), competition_season: link('competition_seasons', competitionSeason) },
      })),
      included: [...(playerDoc.data as ResourceObject[]), ...(await includedSquads(ctx, [...new Set(slice.map((r) => r.squad))]))],
      meta: { total: rows.length, pages: Math.max(1, Math.ceil(rows.length / page.size)), page: page.number, size: page.size, competition_season: String(competitionSeason) },
    };
  };
  staffRead('/statistics', 'matches', statistics);
  delivery.get('/statistics', statistics);

  app.get(`${API_PREFIX}/squad_players/ratings`, async (request, reply) =>
    withQueryStats(reply, async () => {
      const auth = requireAbility(request, 'read', 'squad_players');
      const ctx = ctxOf(request, auth);
      const q = request.query as RawQuery;
      const { rows } = await seasonStatistics(ctx, q);
      const byKey = new Map(rows.map((r) => [`${r.squad}:${r.player}`, r]));
      let members = ctx.db.selectFrom('squad_players').selectAll().where('client_id', '=', ctx.clientId);
      if (typeof q['filter[squad]'] === 'string') members = members.where('squad_id', '=', Number(q['filter[squad]']));
      if (typeof q['filter[player]'] === 'string') members = members.where('player_id', '=', Number(q['filter[player]']));
      const list = (await members.execute()).filter((m) => byKey.has(`${m.squad_id}:${m.player_id}`) || typeof q['filter[squad]'] === 'string');
      reply.type(JSONAPI_MEDIA_TYPE);
      return {
        data: list.map((m) => {
          const s = byKey.get(`${m.squad_id}:${m.player_id}`);
          return {
            type: 'squad_player_ratings',
            id: String(m.id),
            attributes: { rating: s ? ratingOf(s) : null, appearances: s?.appearances ?? 0, minutes_played: s?.minutes_played ?? 0 },
            relationships: { squad_player: link('squad_players', m.id as number), player: link('players', m.player_id as number), squad: link('squads', m.squad_id as number) },
          };
        }),
        meta: { formula: '6.0 +1.0 goal +0.7 assist +0.5 clean sheet −0.5 yellow −2.0 red −1.0 own goal, per appearance, 1–10' },
      };
    }),
  );

  const squadsOfSeason = async (ctx: ReadContext, csId: number) => {
    const links = await ctx.db.selectFrom('competition_season_squads').select('squad_id').where('client_id', '=', ctx.clientId).where('competition_season_id', '=', csId).execute();
    const squads = modelOf('squads');
    const rows = links.length
      ? await scoped(ctx, squads).where('id', 'in', links.map((l) => l.squad_id as number)).orderBy(squads.sortKeys.get('name')!).orderBy('id').execute()
      : [];
    return buildDocument(ctx, squads, rows, { include: squadWithCrest(), fields: new Map() }, false);
  };

  app.get<{ Params: { id: string } }>(`${API_PREFIX}/competition_seasons/:id/competitions_squads`, async (request, reply) =>
    withQueryStats(reply, async () => {
      const auth = requireAbility(request, 'read', 'competition_seasons');
      const ctx = ctxOf(request, auth);
      const cs = await findRow(ctx, modelOf('competition_seasons'), request.params.id);
      reply.type(JSONAPI_MEDIA_TYPE);
      return squadsOfSeason(ctx, cs.id as number);
    }),
  );

  /** Adds squads to a competition season: `data` is one squad identifier or a list of them. */
  app.post<{ Params: { id: string } }>(`${API_PREFIX}/competition_seasons/:id/competitions_squads`, async (request, reply) =>
    withQueryStats(reply, async () => {
      const auth = requireAbility(request, 'create', 'competition_season_squads');
      const ctx = ctxOf(request, auth);
      const cs = await findRow(ctx, modelOf('competition_seasons'), request.params.id);
      const data = (request.body as { data?: unknown } | undefined)?.data;
      const items = Array.isArray(data) ? data : data ? [data] : [];
      if (!items.length) throw apiError(422, 'atLeastOneItemRequired.squads', { values: { field: 'data' }, source: { pointer: '/data' } });
      const events: ChangeEvent[] = [];
      await database.db.transaction().execute(async (trx) => {
        const existing = new Set(
          (await trx.selectFrom('competition_season_squads').select('squad_id').where('client_id', '=', ctx.clientId).where('competition_season_id', '=', cs.id as number).execute()).map((r) => String(r.squad_id)),
        );
        for (const [i, item] of items.entries()) {
          const id = (item as { id?: unknown })?.id;
          if ((item as { type?: unknown })?.type !== 'squads' || (typeof id !== 'string' && typeof id !== 'number'))
            throw apiError(422, 'invalidType.expected', { values: { field: `data/${i}`, expected: 'squads' }, source: { pointer: `/data/${i}` } });
          if (existing.has(String(id))) continue;
          await createRecord(
            { ...ctx, db: trx, actor: auth.username, events },
            modelOf('competition_season_squads'),
            { data: { type: 'competition_season_squads', relationships: { competition_season: link('competition_seasons', cs.id as number), squad: link('squads', String(id)) } } },
          ).catch((err: unknown) => {
            // Point at the item of the request rather than at the internal link document.
            if (err instanceof ApiError)
              throw apiError(422, 'notFound.squad', { values: { field: `data/${i}`, id: JSON.stringify(id) }, source: { pointer: `/data/${i}/id` } });
            throw err;
          });
          existing.add(String(id));
        }
      });
      await bus.publish(events);
      reply.code(201).type(JSONAPI_MEDIA_TYPE);
      return squadsOfSeason(ctx, cs.id as number);
    }),
  );
}
