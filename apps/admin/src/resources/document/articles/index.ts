import type { ResourceScreens } from '../../../framework/screens';
import { lazyScreen } from '../../../framework/lazy-screen';

/** Articles: their own list, page (translations side by side, Tiptap) and first step (features/articles). */
export const articleScreens: ResourceScreens = {
  list: lazyScreen(() => import('../../../features/articles').then((m) => ({ default: m.ArticleList }))),
  edit: lazyScreen(() => import('../../../features/articles').then((m) => ({ default: m.ArticleEdit }))),
  create: lazyScreen(() => import('../../../features/articles').then((m) => ({ default: m.ArticleCreate }))),
};
