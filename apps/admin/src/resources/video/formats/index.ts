import type { ResourceScreens } from '../../../framework/screens';
import { lazyScreen } from '../../../framework/lazy-screen';

/** Video formats: the generic form with their segments ordered by drag and drop (features/ott-console). */
export const formatScreens: ResourceScreens = {
  edit: lazyScreen(() => import('../../../features/ott-console').then((m) => ({ default: m.FormatEdit }))),
};
