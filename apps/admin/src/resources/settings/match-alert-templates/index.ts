import type { ResourceScreens } from '../../../framework/screens';
import { lazyScreen } from '../../../framework/lazy-screen';

/**
 * Match alerts (Settings): one screen of every kind with its switch, and a form per kind with the
 * live preview (features/match-alerts); the record's page stays generic.
 */
const load = () => import('../../../features/match-alerts');
export const matchAlertTemplateScreens: ResourceScreens = {
  list: lazyScreen(() => load().then((m) => ({ default: m.MatchAlertTemplateList }))),
  edit: lazyScreen(() => load().then((m) => ({ default: m.MatchAlertTemplateEdit }))),
  create: lazyScreen(() => load().then((m) => ({ default: m.MatchAlertTemplateCreate }))),
};
