import type { ResourceScreens } from '../../../framework/screens';
import { lazyScreen } from '../../../framework/lazy-screen';

/** OTT events: the console's list with live badges (features/ott-console); generic forms. */
export const ottEventScreens: ResourceScreens = {
  list: lazyScreen(() => import('../../../features/ott-console').then((m) => ({ default: m.OttEventList }))),
};
