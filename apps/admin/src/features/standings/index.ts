/** Standings of a group: the view, its cache key and the tiebreaker helpers of the rules form. */
export { StandingsView } from './standings-view';
export { standingsKey } from './use-standings';
export { tiebreakerKey, unusedTiebreakers } from './standings-model';
