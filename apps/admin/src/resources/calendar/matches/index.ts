import type { ResourceScreens } from '../../../framework/screens';
import { lazyScreen } from '../../../framework/lazy-screen';

export { MATCH_FORM_PATH } from './paths';

export const matchScreens: ResourceScreens = {
  list: lazyScreen(() => import('./match-list')),
  create: lazyScreen(() => import('./match-create')),
  edit: lazyScreen(() => import('./match-edit-redirect')),
};

/** The match form at its own route: the match centre (features/match-centre). */
export const MatchFormRoute = lazyScreen(() => import('./match-form-route'));
