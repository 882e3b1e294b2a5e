import type { ResourceScreens } from '../../../framework/screens';
import { lazyScreen } from '../../../framework/lazy-screen';

/** Rounds: the generic list; a round opens on its matches, with "Postpone round" (the details form when editing). */
export const roundScreens: ResourceScreens = {
  edit: lazyScreen(() => import('./round-page')),
  show: lazyScreen(() => import('./round-page').then((m) => ({ default: m.RoundShow }))),
};
