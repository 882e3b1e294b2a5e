import { MATCH_PLAYING_STATUSES } from '@umpire/schema';
import { buildDocument, type ReadContext, type ResourceObject, type Row } from '../jsonapi/read';
import { modelOf } from '../jsonapi/model';
import { parseInclude } from '../jsonapi/query';
import { fromDb } from '../db/values';
import { loadStatsMatches } from './loaders';
import { computeStandings, DEFAULT_TIEBREAKERS, type Tiebreaker } from './standings';
import { computePlayerStatistics, type PlayerStatistics } from './statistics';

/**
 * The computed views of a competition as documents, shared by their own routes
 * (/groups/{id}/standings, /statistics) and by /current_page, which includes them for a page's
 * groups and competition seasons when the page asks for its `standings` or `statistics` set.
 */
const FAIR_PLAY_POINTS: Record<string, number> = { yellow_card: 1, second_yellow_card: 3, red_card: 3 };
const link = (type: string, id: string | number | null) => ({ data: id == null ? null : { type, id: String(id) } });
let squadInclude: ReturnType<typeof parseInclude> | null = null;
/** A squad's include paths wherever squads are shown: its team and the crest. */
export const squadWithCrest = () => (squadInclude ??= parseInclude(modelOf('squads'), 'team.image,team.club.image'));

/** Squads with their team and crest, as included resources. */
export async function includedSquads(ctx: ReadContext, ids: string[]): Promise<ResourceObject[]> {
  if (!ids.length) return [];
  const rows = await ctx.db.selectFrom('squads').selectAll().where('client_id', '=', ctx.clientId).where('id', 'in', ids.map(Number)).execute();
  const doc = await buildDocument(ctx, modelOf('squads'), rows, { include: squadWithCrest(), fields: new Map() }, false);
  return [...(doc.data as ResourceObject[]), ...(doc.included ?? [])];
}

type StandingsResult = {
  data: ResourceObject[];
  /** Squads of the table (their team and crest). */
  squads: string[];
  meta: Record<string, unknown>;
};

/**
 * The tables of several groups (after round `round` when given) in a fixed number of statements,
 * however many groups: what /current_page needs for a page's groups, and the standings route for one.
 */
export async function standingsOfGroups(ctx: ReadContext, groups: Row[], round: number | undefined): Promise<Map<string, StandingsResult>> {
  const out = new Map<string, StandingsResult>();
  if (!groups.length) return out;
  const groupIds = groups.map((g) => Number(g.id));
  const competitions = await ctx.db
    .selectFrom('stages')
    .innerJoin('competition_seasons', 'competition_seasons.id', 'stages.competition_season_id')
    .innerJoin('competitions', 'competitions.id', 'competition_seasons.competition_id')
    .select([
      'stages.id as stage_id',
      'competitions.points_for_win',
      'competitions.points_for_draw',
      'competitions.points_for_loss',
      'competitions.tiebreakers',
      'competitions.head_to_head_only_when_complete',
      'competition_seasons.id as competition_season_id',
    ])
    .where('stages.id', 'in', [...new Set(groups.map((g) => Number(g.stage_id)))])
    .execute();
  const competitionOf = new Map(competitions.map((c) => [String(c.stage_id), c]));
  const seasonIds = [...new Set(competitions.map((c) => Number(c.competition_season_id)))];
  const [matches, deductions, cards, listed] = await Promise.all([
    ctx.db
      .selectFrom('matches')
      .innerJoin('rounds', 'rounds.id', 'matches.round_id')
      .select(['matches.id', 'matches.group_id', 'matches.kickoff_at', 'matches.home_squad_id', 'matches.away_squad_id', 'matches.home_score', 'matches.away_score', 'matches.status', 'rounds.number as round'])
      .where('matches.client_id', '=', ctx.clientId)
      .where('matches.group_id', 'in', groupIds)
      .execute(),
    ctx.db.selectFrom('point_deductions').selectAll().where('client_id', '=', ctx.clientId).where('group_id', 'in', groupIds).execute(),
    // Counted by the database: a season's cards are thousands of rows, their counts a few per squad.
    ctx.db
      .selectFrom('incidents')
      .innerJoin('matches', 'matches.id', 'incidents.match_id')
      .select(({ fn }) => ['matches.group_id', 'incidents.squad_id', 'incidents.incident_type', fn.countAll().as('n')])
      .where('incidents.client_id', '=', ctx.clientId)
      .where('matches.group_id', 'in', groupIds)
      .where('matches.status', '=', 'finished')
      .where('incidents.incident_type', 'in', Object.keys(FAIR_PLAY_POINTS))
      .groupBy(['matches.group_id', 'incidents.squad_id', 'incidents.incident_type'])
      .execute(),
    seasonIds.length
      ? ctx.db.selectFrom('competition_season_squads').select(['competition_season_id', 'squad_id']).where('client_id', '=', ctx.clientId).where('competition_season_id', 'in', seasonIds).execute()
      : Promise.resolve([] as Row[]),
  ]);
  const byGroup = <T extends Row>(rows: T[]) => (id: unknown) => rows.filter((r) => String(r.group_id) === String(id));
  for (const group of groups) {
    const competition = competitionOf.get(String(group.stage_id));
    if (!competition) continue;
    out.set(
      String(group.id),
      tableOf(ctx, group, round, competition, byGroup(matches)(group.id), byGroup(deductions)(group.id), byGroup(cards)(group.id),
        listed.filter((l) => String(l.competition_season_id) === String(competition.competition_season_id))),
    );
  }
  return out;
}

function tableOf(ctx: ReadContext, group: Row, round: number | undefined, competition: Row, matches: Row[], deductions: Row[], cards: Row[], listed: Row[]): StandingsResult {
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
  const points = { win: Number(competition.points_for_win), draw: Number(competition.points_for_draw), loss: Number(competition.points_for_loss) };
  const headToHead = Boolean(fromDb('boolean', competition.head_to_head_only_when_complete));
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
      points,
      tiebreakers,
      deductions: deductions.map((d) => ({ squad: String(d.squad_id), points: Number(d.points), reason: String(d.reason), round: roundOfDecision(d.decided_on) })),
      fairPlay: cards.map((c) => ({ squad: String(c.squad_id), points: FAIR_PLAY_POINTS[String(c.incident_type)] * Number(c.n) })),
      // A competition's squads that play in this group are listed before their first match.
      squads: inMatches.size ? [...inMatches] : listed.map((s) => String(s.squad_id)),
      upToRound: round,
      headToHeadOnlyWhenComplete: headToHead,
    },
  );
  return {
    data: rows.map((r) => ({
      type: 'standings',
      id: `${group.id}-${r.squad}`,
      attributes: { ...r, squad: undefined },
      relationships: { squad: link('squads', r.squad), group: link('groups', group.id as number) },
      links: { self: `${ctx.apiBase}/groups/${group.id}/standings` },
    })),
    squads: rows.map((r) => r.squad),
    meta: {
      points,
      tiebreakers,
      head_to_head_only_when_complete: headToHead,
      promotion_places: Number(group.promotion_places),
      relegation_places: Number(group.relegation_places),
      finished_matches: matches.filter((m) => m.status === 'finished').length,
      matches: matches.length,
      up_to_round: round ?? null,
    },
  };
}

/** The table of one group as GET /groups/{id}/standings answers it, with its squads. */
export async function standingsDocument(ctx: ReadContext, group: Row, round: number | undefined) {
  const table = (await standingsOfGroups(ctx, [group], round)).get(String(group.id));
  if (!table) throw new Error(`group ${String(group.id)} has no stage`);
  return { data: table.data, included: await includedSquads(ctx, table.squads), meta: table.meta };
}

/**
 * Player statistics of several competition seasons. Each season's is kept in the computed cache
 * (ctx.keep, `statistics:{id}`, shared by /statistics and the pages that show leaders) while the
 * matches, incidents and line-ups it read are unchanged: a season's every played match is read
 * for it, which cost a table page more than the rest of it. What the kept part read counts as read
 * by the document using it (db/computed-cache.ts, `part`), so a goal drops both. Computed afresh
 * where nothing may be kept (inside a transaction).
 */
export async function playerStatisticsOfSeasons(ctx: ReadContext, competitionSeasons: number[]): Promise<Map<string, PlayerStatistics[]>> {
  const keep = ctx.keep?.db === ctx.db ? ctx.keep : null;
  if (!keep) return computePlayerStatisticsOfSeasons(ctx, competitionSeasons);
  const ids = [...new Set(competitionSeasons)];
  const each = await Promise.all(ids.map((id) => keep.part(`statistics:${id}`, async () => (await computePlayerStatisticsOfSeasons(ctx, [id])).get(String(id)) ?? [])));
  return new Map(ids.map((id, i) => [String(id), each[i]]));
}

/**
 * Player statistics of several competition seasons, from their started and finished matches, in a
 * fixed number of statements (one read of the matches, one of their incidents and lineups).
 */
async function computePlayerStatisticsOfSeasons(ctx: ReadContext, competitionSeasons: number[]): Promise<Map<string, PlayerStatistics[]>> {
  const out = new Map<string, PlayerStatistics[]>(competitionSeasons.map((id) => [String(id), []]));
  if (!competitionSeasons.length) return out;
  const matches = await ctx.db
    .selectFrom('matches')
    .innerJoin('rounds', 'rounds.id', 'matches.round_id')
    .innerJoin('stages', 'stages.id', 'rounds.stage_id')
    .selectAll('matches')
    .select('stages.competition_season_id as season_of_match')
    .where('matches.client_id', '=', ctx.clientId)
    .where('stages.competition_season_id', 'in', competitionSeasons)
    .where('matches.status', 'in', [...MATCH_PLAYING_STATUSES])
    .execute();
  const loaded = await loadStatsMatches(ctx, matches);
  for (const id of competitionSeasons)
    out.set(String(id), computePlayerStatistics(loaded.filter((_, i) => String(matches[i].season_of_match) === String(id))));
  return out;
}

/** Player statistics of one competition season (kept as playerStatisticsOfSeasons keeps them). */
export async function seasonPlayerStatistics(ctx: ReadContext, competitionSeason: number): Promise<PlayerStatistics[]> {
  return (await playerStatisticsOfSeasons(ctx, [competitionSeason])).get(String(competitionSeason)) ?? [];
}
