import type { ResourceScreens } from '../../../framework/screens';
import { lazyScreen } from '../../../framework/lazy-screen';

/** Competitions: the generic list and page; the form has a section for the rules of the tables. */
export const competitionScreens: ResourceScreens = {
  edit: lazyScreen(() => import('./competition-form')),
  create: lazyScreen(() => import('./competition-form').then((m) => ({ default: m.CompetitionCreate }))),
};
