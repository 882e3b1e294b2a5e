import type { ResourceScreens } from '../../../framework/screens';
import { lazyScreen } from '../../../framework/lazy-screen';

/** Competition seasons: the generic list; details and the squads taking part, on the edit and show routes. */
export const competitionSeasonScreens: ResourceScreens = {
  edit: lazyScreen(() => import('./competition-season-page')),
  show: lazyScreen(() => import('./competition-season-page').then((m) => ({ default: m.CompetitionSeasonShow }))),
};
