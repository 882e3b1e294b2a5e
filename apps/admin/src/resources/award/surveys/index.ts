import type { ResourceScreens } from '../../../framework/screens';
import { lazyScreen } from '../../../framework/lazy-screen';

/** Surveys: the generic list and forms, and a page with the questions and live results (features/surveys). */
export const surveyScreens: ResourceScreens = {
  show: lazyScreen(() => import('../../../features/surveys').then((m) => ({ default: m.SurveyShow }))),
};
