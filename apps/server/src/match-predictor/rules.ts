import { defineRules } from '../jsonapi/rules';
import { onMatchChange } from '../matches/rules';
import { rescoreSeason, settleMatch } from './settlement';

// Settlement runs in the transaction of the incident (or match) write that changed the match, so
// a committed final score always comes with its settled predictions.
onMatchChange((ctx, matchId) => settleMatch(ctx, matchId).then(() => undefined));

defineRules('match_predictor_rankings', {
  async afterWrite(ctx, event) {
    // The season's user results carry points under its (first) ranking's rules.
    const seasons = new Set([event.before?.competition_season_id, event.after?.competition_season_id].filter((v) => v != null).map(Number));
    for (const id of seasons) await rescoreSeason(ctx, id);
  },
});
