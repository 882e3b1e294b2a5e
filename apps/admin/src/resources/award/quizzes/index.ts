import type { ResourceScreens } from '../../../framework/screens';
import { lazyScreen } from '../../../framework/lazy-screen';

/** Quizzes: the generic list; a quiz's page holds its details, questions, prizes, attempts and ranking. */
export const quizScreens: ResourceScreens = {
  edit: lazyScreen(() => import('./quiz-page')),
  create: lazyScreen(() => import('./quiz-page').then((m) => ({ default: m.QuizCreate }))),
};
