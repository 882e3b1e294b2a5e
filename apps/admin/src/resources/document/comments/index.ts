import type { ResourceScreens } from '../../../framework/screens';
import { lazyScreen } from '../../../framework/lazy-screen';

/** Comments: the moderation queue is their list (features/comment-moderation). */
export const commentScreens: ResourceScreens = {
  list: lazyScreen(() => import('../../../features/comment-moderation').then((m) => ({ default: m.CommentModerationList }))),
};
