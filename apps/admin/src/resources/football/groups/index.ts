import type { ResourceScreens } from '../../../framework/screens';
import { lazyScreen } from '../../../framework/lazy-screen';

/** Groups: the generic list; a group opens on its standings (with the details form when editing). */
export const groupScreens: ResourceScreens = {
  edit: lazyScreen(() => import('./group-page')),
  show: lazyScreen(() => import('./group-page').then((m) => ({ default: m.GroupShow }))),
};
