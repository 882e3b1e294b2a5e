import type { ResourceScreens } from '../../../framework/screens';
import { lazyScreen } from '../../../framework/lazy-screen';

/** The history of changes is written by the server only: a list and a detail view. */
export const auditEventScreens: ResourceScreens = {
  list: lazyScreen(() => import('./audit-event-list')),
  show: lazyScreen(() => import('./audit-event-show')),
};
