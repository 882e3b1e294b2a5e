import type { ResourceScreens } from '../../../framework/screens';
import { lazyScreen } from '../../../framework/lazy-screen';

/** Quiz attempts: made by fans only (no create), listed with the ban toggle. */
export const quizUserAttemptScreens: ResourceScreens = {
  list: lazyScreen(() => import('./attempt-list')),
};
