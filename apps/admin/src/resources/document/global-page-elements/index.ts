import type { ResourceScreens } from '../../../framework/screens';
import { lazyScreen } from '../../../framework/lazy-screen';

/** Global page elements: edited with the page builder, like pages (features/page-builder). */
export const globalPageElementScreens: ResourceScreens = {
  edit: lazyScreen(() => import('../../../features/page-builder').then((m) => ({ default: m.GlobalElementEdit }))),
};
