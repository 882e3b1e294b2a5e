import type { ResourceScreens } from '../../../framework/screens';
import { lazyScreen } from '../../../framework/lazy-screen';

/** OTT events: the console's list with live badges and the event page (features/ott-console); generic forms. */
export const ottEventScreens: ResourceScreens = {
  list: lazyScreen(() => import('../../../features/ott-console').then((m) => ({ default: m.OttEventList }))),
  show: lazyScreen(() => import('../../../features/ott-console').then((m) => ({ default: m.OttEventPage }))),
};
