import { addLinkedView } from '../content/current-page';
import { defineRules } from '../jsonapi/rules';
import type { ResourceObject } from '../jsonapi/read';
import { fromDb } from '../db/values';
import { onMatchChange } from '../matches/rules';
import { addContentType } from '../realtime/content-types';
import { matchPlace, RANKINGS, rescoreSeason, settleMatch, USER_RESULTS } from './settlement';
import { declarePublicType } from '../jsonapi/public-projection';
import { rankingStandings, standingObject } from './standings';

// Settlement runs in the transaction of the incident (or match) write that changed the match, so
// a committed final score always comes with its settled predictions.
onMatchChange(async (ctx, matchId) => {
  const settled = await settleMatch(ctx, matchId);
  const place = ctx.events ? await matchPlace(ctx, matchId) : undefined;
  if (!place) return;
  if (!settled && !(await ctx.db.selectFrom(USER_RESULTS).select('id').where('client_id', '=', ctx.clientId).where('match_id', '=', matchId).executeTakeFirst())) return;
  // Staff watching a ranking's standings (ContentChannel) hear that its points may have moved: one
  // event per ranking of the match's season, not one per prediction.
  const rankings = await ctx.db.selectFrom(RANKINGS).selectAll().where('client_id', '=', ctx.clientId).where('competition_season_id', '=', place.competition_season_id).execute();
  for (const r of rankings) ctx.events!.push({ clientId: ctx.clientId, type: RANKINGS, id: String(r.id), action: 'update', actor: ctx.actor, before: r, after: r });
});
// New and changed predictions, and settled points, are announced on /cable's ContentChannel.
addContentType(RANKINGS);
addContentType(USER_RESULTS);

defineRules('match_predictor_rankings', {
  async afterWrite(ctx, event) {
    // The season's user results carry points under its (first) ranking's rules.
    const seasons = new Set([event.before?.competition_season_id, event.after?.competition_season_id].filter((v) => v != null).map(Number));
    for (const id of seasons) await rescoreSeason(ctx, id);
  },
});

/** Leading fans shown with a ranking on a page when its component sets no limit (its kind's default). */
const DEFAULT_TOP = 10;

// A page (or article) component linking a ranking gets its leading fans with it in /current_page.
// The leading fans of a ranking a page links to: their names and points, as the public standings show them.
declarePublicType('match_predictor_standings', { reach: 'capability', attributes: ['position', 'fan_id', 'fan_name', 'points', 'exact', 'outcome', 'settled'], relationships: ['ranking'] });
addLinkedView(RANKINGS, async (ctx, rankings, components, links) => {
  const included: ResourceObject[] = [];
  const related: Record<string, string> = {};
  for (const ranking of rankings) {
    const id = String(ranking.id);
    // The largest limit of the components showing this ranking.
    const limits = components
      .filter((c) => links.get(String(c.id))?.match_predictor_ranking === id)
      .map((c) => Number((fromDb('json', c.settings) as { limit?: unknown } | null)?.limit ?? DEFAULT_TOP))
      .filter((n) => Number.isInteger(n) && n > 0);
    const top = Math.min(100, Math.max(...limits, 0) || DEFAULT_TOP);
    const { lines } = await rankingStandings(ctx, ranking);
    included.push(...lines.slice(0, top).map((s) => standingObject(id, 'season', s, ctx.apiBase)));
    related[`standings:${RANKINGS}:${id}`] = `${ctx.apiBase}/match_predictors/rankings/${id}/standings`;
  }
  return { included, related };
});
