import type { ResourceScreens } from '../../../framework/screens';
import { lazyScreen } from '../../../framework/lazy-screen';

/** Images show their CDN thumbnail in the list; forms are the generic ones. */
export const imageScreens: ResourceScreens = {
  list: lazyScreen(() => import('./image-list')),
};
