export { Dashboard } from './dashboard';
export { invalidateCountsOnWrite, prefetchCounts } from './counts';
