import type { ResourceScreens } from '../../../framework/screens';
import { lazyScreen } from '../../../framework/lazy-screen';

/** Quiz rankings: read only, with the prize of each rank. */
export const quizRankingScreens: ResourceScreens = {
  list: lazyScreen(() => import('./ranking-list')),
};
