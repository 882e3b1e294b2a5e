import type { ResourceScreens } from '../../../framework/screens';
import { lazyScreen } from '../../../framework/lazy-screen';

/**
 * OTT entitlements: the list is this folder's (granted in a dialog with fan and event pickers,
 * revoked from their row after a question, the payment webhook's secret above them); the detail
 * page is generic. Entitlements are never edited nor deleted.
 */
export const ottEntitlementScreens: ResourceScreens = {
  list: lazyScreen(() => import('./entitlement-list')),
};
