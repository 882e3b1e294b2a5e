import type { ResourceScreens } from '../../../framework/screens';
import { lazyScreen } from '../../../framework/lazy-screen';

/** Staff members: the generic list; their page (photo, facts, squads with roles) with the details form when editing. */
export const staffMemberScreens: ResourceScreens = {
  edit: lazyScreen(() => import('./staff-member-page')),
  show: lazyScreen(() => import('./staff-member-page').then((m) => ({ default: m.StaffMemberShow }))),
};
