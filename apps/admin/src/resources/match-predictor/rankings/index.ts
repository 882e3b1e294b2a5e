import type { ResourceScreens } from '../../../framework/screens';
import { lazyScreen } from '../../../framework/lazy-screen';

/** Match predictor rankings: the generic list and form; a ranking opens on its computed standings. */
export const rankingScreens: ResourceScreens = {
  edit: lazyScreen(() => import('./ranking-page')),
  show: lazyScreen(() => import('./ranking-page').then((m) => ({ default: m.RankingShow }))),
};
