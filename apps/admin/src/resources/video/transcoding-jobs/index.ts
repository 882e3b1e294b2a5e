import type { ResourceScreens } from '../../../framework/screens';
import { lazyScreen } from '../../../framework/lazy-screen';

/** Transcoding jobs: read only, with progress bars (features/ott-console). */
export const transcodingJobScreens: ResourceScreens = {
  list: lazyScreen(() => import('../../../features/ott-console').then((m) => ({ default: m.TranscodingJobList }))),
};
