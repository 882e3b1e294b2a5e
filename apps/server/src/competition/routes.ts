import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAbility, type AuthContext } from '../auth/context';
import { requestOrigin } from '../auth/routes';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { ApiError, apiError, badParameter } from '../jsonapi/errors';
import { modelOf } from '../jsonapi/model';
import { parseInclude, parsePage, type RawQuery } from '../jsonapi/query';
import { buildDocument, findRow, scoped, type ReadContext, type ResourceObject } from '../jsonapi/read';
import { API_PREFIX, conditional, JSONAPI_MEDIA_TYPE, withQueryStats } from '../jsonapi/routes';
import { fromDb } from '../jsonapi/values';
import { createRecord } from '../jsonapi/write';
import type { ChangeBus } from '../realtime/change-bus';
import type { ComputedCache } from '../realtime/computed-cache';
import type { ChangeEvent } from '../jsonapi/context';
import { loadStatsMatches } from './loaders';
import { computeStandings, DEFAULT_TIEBREAKERS, type Tiebreaker } from './standings';
import { computeMatchStatistics, computePlayerStatistics, ratingOf, STATISTIC_TYPES, type PlayerStatistics, type StatisticType } from './statistics';

const FAIR_PLAY_POINTS: Record<string, number> = { yellow_card: 1, second_yellow_card: 3, red_card: 3 };
const link = (type: string, id: string | number | null) => ({ data: id == null ? null : { type, id: String(id) } });

/** The competition's computed views: standings, statistics, ratings and its squads. */
export function registerCompetitionRoutes(app: FastifyInstance, config: Config, database: Database, bus: ChangeBus, cache: ComputedCache) {
  const ctxOf = (request: FastifyRequest, auth: AuthContext): ReadContext => ({
    db: database.db,
    dialect: database.dialect,
    clientId: auth.clientId,
    apiBase: requestOrigin(request, config) + API_PREFIX,
  });
  const squadInclude = parseInclude(modelOf('squads'), 'team.image,team.club.image');

  /** Squads with their team and crest, as included resources. */
  async function includedSquads(ctx: ReadContext, ids: string[]): Promise<ResourceObject[]> {
    if (!ids.length) return [];
    const rows = await ctx.db.selectFrom('squads').selectAll().where('client_id', '=', ctx.clientId).where('id', 'in', ids.map(Number)).execute();
    const doc = await buildDocument(ctx, modelOf('squads'), rows, { include: squadInclude, fields: new Map() }, false);
    return [...(doc.data as ResourceObject[]), ...(doc.included ?? [])];
  }

  app.get<{ Params: { id: string } }>(`${API_PREFIX}/groups/:id/standings`, async (request, reply) =>
    withQueryStats(reply, async () => {
      const auth = requireAbility(request, 'read', 'groups');
      const ctx = ctxOf(request, auth);
      const q = request.query as RawQuery;
      const round = q.round === undefined ? undefined : Number(q.round);
      if (round !== undefined && (!Number.isInteger(round) || round < 0)) throw badParameter('round', 'invalidFilterValue.round', { parameter: 'round' });
      const group = await findRow(ctx, modelOf('groups'), request.params.id);
      reply.type(JSONAPI_MEDIA_TYPE);
      // Reads outnumber match events by far: the table is kept until the client's data changes.
      const { body, etag } = await cache.text(auth.clientId, `standings:${group.id}:${round ?? ''}:${ctx.apiBase}`, async () => {
        const competition = await ctx.db
          .selectFrom('stages')
          .innerJoin('competition_seasons', 'competition_seasons.id', 'stages.competition_season_id')
          .innerJoin('competitions', 'competitions.id', 'competition_seasons.competition_id')
          .select(['competitions.points_for_win', 'competitions.points_for_draw', 'competitions.points_for_loss', 'competitions.tiebreakers', 'competitions.head_to_head_only_when_complete', 'competition_seasons.id as competition_season_id'])
          .where('stages.id', '=', group.stage_id as number)
          .executeTakeFirstOrThrow();
        const matches = await ctx.db
          .selectFrom('matches')
          .innerJoin('rounds', 'rounds.id', 'matches.round_id')
          .select(['matches.id', 'matches.kickoff_at', 'matches.home_squad_id', 'matches.away_squad_id', 'matches.home_score', 'matches.away_score', 'matches.status', 'rounds.number as round'])
          .where('matches.client_id', '=', ctx.clientId)
          .where('matches.group_id', '=', group.id as number)
          .execute();
        const [deductions, cards, listed] = await Promise.all([
          ctx.db.selectFrom('point_deductions').selectAll().where('client_id', '=', ctx.clientId).where('group_id', '=', group.id as number).execute(),
          ctx.db
            .selectFrom('incidents')
            .innerJoin('matches', 'matches.id', 'incidents.match_id')
            .select(['incidents.squad_id', 'incidents.incident_type'])
            .where('incidents.client_id', '=', ctx.clientId)
            .where('matches.group_id', '=', group.id as number)
            .where('matches.status', '=', 'finished')
            .where('incidents.incident_type', 'in', Object.keys(FAIR_PLAY_POINTS))
            .execute(),
          ctx.db.selectFrom('competition_season_squads').select('squad_id').where('client_id', '=', ctx.clientId).where('competition_season_id', '=', competition.competition_season_id).execute(),
        ]);
        const inMatches = new Set(matches.flatMap((m) => [String(m.home_squad_id), String(m.away_squad_id)]));
        // A deduction counts in the tables of rounds that ended after it was decided; the current
        // table always shows it. Without a date it counts everywhere.
        const lastKickoff = new Map<number, string>();
        let latestFinished = 0;
        for (const m of matches) {
          const at = String(fromDb('datetime', m.kickoff_at)).slice(0, 10);
          const r = Number(m.round);
          if (at > (lastKickoff.get(r) ?? '')) lastKickoff.set(r, at);
          if (m.status === 'finished') latestFinished = Math.max(latestFinished, r);
        }
        const roundOfDecision = (decided: unknown): number | undefined => {
          if (decided == null) return undefined;
          const ended = [...lastKickoff].filter(([, at]) => at >= String(decided)).map(([r]) => r);
          const first = ended.length ? Math.min(...ended) : Math.max(0, ...lastKickoff.keys()) + 1;
          return round === undefined ? Math.min(first, latestFinished) : first;
        };
        const tiebreakers = (fromDb('json', competition.tiebreakers) as Tiebreaker[] | null) ?? DEFAULT_TIEBREAKERS;
        const rows = computeStandings(
          matches.map((m) => ({
            id: String(m.id),
            round: Number(m.round),
            kickoff_at: String(fromDb('datetime', m.kickoff_at)),
            home: String(m.home_squad_id),
            away: String(m.away_squad_id),
            home_goals: Number(m.home_score),
            away_goals: Number(m.away_score),
            status: String(m.status),
          })),
          {
            points: { win: Number(competition.points_for_win), draw: Number(competition.points_for_draw), loss: Number(competition.points_for_loss) },
            tiebreakers,
            deductions: deductions.map((d) => ({ squad: String(d.squad_id), points: Number(d.points), reason: String(d.reason), round: roundOfDecision(d.decided_on) })),
            fairPlay: cards.map((c) => ({ squad: String(c.squad_id), points: FAIR_PLAY_POINTS[String(c.incident_type)] })),
            // A competition's squads that play in this group are listed before their first match.
            squads: inMatches.size ? [...inMatches] : listed.map((s) => String(s.squad_id)),
            upToRound: round,
            headToHeadOnlyWhenComplete: Boolean(fromDb('boolean', competition.head_to_head_only_when_complete)),
          },
        );
        return {
          data: rows.map((r) => ({
            type: 'standings',
            id: `${group.id}-${r.squad}`,
            attributes: { ...r, squad: undefined },
            relationships: { squad: link('squads', r.squad), group: link('groups', group.id as number) },
          })),
          included: await includedSquads(ctx, rows.map((r) => r.squad)),
          meta: {
            points: { win: Number(competition.points_for_win), draw: Number(competition.points_for_draw), loss: Number(competition.points_for_loss) },
            tiebreakers,
            head_to_head_only_when_complete: Boolean(fromDb('boolean', competition.head_to_head_only_when_complete)),
            promotion_places: Number(group.promotion_places),
            relegation_places: Number(group.relegation_places),
            finished_matches: matches.filter((m) => m.status === 'finished').length,
            matches: matches.length,
            up_to_round: round ?? null,
          },
        };
      });
      return conditional(request, reply, body, etag);
    }),
  );

  app.get<{ Params: { id: string } }>(`${API_PREFIX}/matches/:id/stats`, async (request, reply) =>
    withQueryStats(reply, async () => {
      const auth = requireAbility(request, 'read', 'matches');
      const ctx = ctxOf(request, auth);
      const match = await findRow(ctx, modelOf('matches'), request.params.id);
      const [m] = await loadStatsMatches(ctx, [match]);
      const stats = computeMatchStatistics(m);
      const players = computePlayerStatistics([m]).filter((p) => p.minutes_played || p.goals || p.assists || p.yellow_cards || p.red_cards);
      reply.type(JSONAPI_MEDIA_TYPE);
      return {
        data: { type: 'match_stats', id: String(match.id), attributes: { ...stats, players }, relationships: { match: link('matches', match.id as number) } },
        included: await includedSquads(ctx, [stats.squads.home, stats.squads.away]),
      };
    }),
  );

  app.get<{ Params: { id: string } }>(`${API_PREFIX}/squads/:id/stats`, async (request, reply) =>
    withQueryStats(reply, async () => {
      const auth = requireAbility(request, 'read', 'squads');
      const ctx = ctxOf(request, auth);
      const squad = await findRow(ctx, modelOf('squads'), request.params.id);
      const sid = squad.id as number;
      const matches = await ctx.db
        .selectFrom('matches')
        .selectAll()
        .where('client_id', '=', ctx.clientId)
        .where((eb) => eb.or([eb('home_squad_id', '=', sid), eb('away_squad_id', '=', sid)]))
        .where('status', '!=', 'not_started')
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
      reply.type(JSONAPI_MEDIA_TYPE);
      return { data: { type: 'squad_stats', id: String(sid), attributes: { ...totals, players }, relationships: { squad: link('squads', sid) } } };
    }),
  );

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
    const all = await cache.value(ctx.clientId, `statistics:${competitionSeason}`, async () => {
      const matches = await ctx.db
        .selectFrom('matches')
        .innerJoin('rounds', 'rounds.id', 'matches.round_id')
        .innerJoin('stages', 'stages.id', 'rounds.stage_id')
        .selectAll('matches')
        .where('matches.client_id', '=', ctx.clientId)
        .where('stages.competition_season_id', '=', competitionSeason)
        .where('matches.status', '!=', 'not_started')
        .execute();
      return computePlayerStatistics(await loadStatsMatches(ctx, matches));
    });
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

  app.get(`${API_PREFIX}/statistics`, async (request, reply) =>
    withQueryStats(reply, async () => {
      const auth = requireAbility(request, 'read', 'matches');
      const ctx = ctxOf(request, auth);
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
      reply.type(JSONAPI_MEDIA_TYPE);
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
    }),
  );

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
    return buildDocument(ctx, squads, rows, { include: squadInclude, fields: new Map() }, false);
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
