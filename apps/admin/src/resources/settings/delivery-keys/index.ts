import type { ResourceScreens } from '../../../framework/screens';
import { lazyScreen } from '../../../framework/lazy-screen';

/**
 * Delivery keys: the list is this folder's (the secret is shown once, in the creation dialog, and
 * keys are revoked from their row); editing the name and limit and the detail page are generic.
 */
export const deliveryKeyScreens: ResourceScreens = {
  list: lazyScreen(() => import('./delivery-key-list')),
};
