import type { ResourceScreens } from '../../registry';
import { lazyScreen } from '../../lazy-screen';

/** Spec §2: the match form lives at /competitions/matches/form/{id}. */
export const MATCH_FORM_PATH = '/competitions/matches/form/:id';
export const matchFormPath = (id: string | number) => `/competitions/matches/form/${encodeURIComponent(String(id))}`;

export const matchScreens: ResourceScreens = {
  create: lazyScreen(() => import('./match-create')),
  edit: lazyScreen(() => import('./match-edit-redirect')),
};

/** The match form at its own route: the match centre (features/match-centre). */
export const MatchFormRoute = lazyScreen(() => import('./match-form-route'));
