import type { ResourceScreens } from '../../../framework/screens';
import { lazyScreen } from '../../../framework/lazy-screen';

/**
 * Players: the generic list; the player's page (photo, facts, squads, career, this season's
 * statistics) with the details form on its edit route, read only on its show route.
 */
export const playerScreens: ResourceScreens = {
  edit: lazyScreen(() => import('./player-page')),
  show: lazyScreen(() => import('./player-page').then((m) => ({ default: m.PlayerShow }))),
};
