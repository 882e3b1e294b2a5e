import type { ResourceScreens } from '../../../framework/screens';
import { lazyScreen } from '../../../framework/lazy-screen';

/**
 * Squads: a list with crests (deleted at once, put back if the server refuses, spec §4), the
 * squad editor (players, staff, statistics, details) and the same page read only.
 */
export const squadScreens: ResourceScreens = {
  list: lazyScreen(() => import('./squad-list')),
  edit: lazyScreen(() => import('./squad-page')),
  show: lazyScreen(() => import('./squad-page').then((m) => ({ default: m.SquadShow }))),
};
