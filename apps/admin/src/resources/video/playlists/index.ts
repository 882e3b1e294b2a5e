import type { ResourceScreens } from '../../../framework/screens';
import { lazyScreen } from '../../../framework/lazy-screen';

/** Playlists: the generic form with their events ordered by drag and drop (features/ott-console). */
export const playlistScreens: ResourceScreens = {
  edit: lazyScreen(() => import('../../../features/ott-console').then((m) => ({ default: m.PlaylistEdit }))),
};
