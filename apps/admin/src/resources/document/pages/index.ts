import type { ResourceScreens } from '../../../framework/screens';
import { lazyScreen } from '../../../framework/lazy-screen';

/** Pages: the generic list, creation and page; editing is the page builder (features/page-builder). */
export const pageScreens: ResourceScreens = {
  edit: lazyScreen(() => import('../../../features/page-builder').then((m) => ({ default: m.PageEdit }))),
};
