/** Bulk edit and postponement of matches (issue 26): the list's actions and their dialogs. */
export { MatchBulkEditButton, MatchFilteredEditButton, PostponeFilteredRoundButton, PostponeMatchButton, PostponeRoundButton } from './buttons';
