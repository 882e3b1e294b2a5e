import { DataTable, useCanAccess, useTranslate } from 'react-admin';
import ResourceList from '../../../framework/generic/resource-list';
import { MatchBulkEditButton, MatchFilteredEditButton, PostponeFilteredRoundButton, PostponeMatchButton } from '../../../features/match-schedule';

/**
 * The matches (issue 26): the generic list with rows to tick for "Edit selected", "Edit all
 * filtered" for what the filter shows (a round, a day, a club), "Postpone" on each match, and
 * "Postpone round" while the list shows one round.
 */
export default function MatchList() {
  const translate = useTranslate();
  const { canAccess: canEdit } = useCanAccess({ action: 'edit', resource: 'matches' });
  if (!canEdit) return <ResourceList />;
  return (
    <ResourceList
      bulkActions={<MatchBulkEditButton />}
      toolbarActions={
        <>
          <MatchFilteredEditButton />
          <PostponeFilteredRoundButton />
        </>
      }
      trailing={
        <DataTable.Col source="postpone" label={translate('matchSchedule.postpone.column')} disableSort>
          <PostponeMatchButton />
        </DataTable.Col>
      }
    />
  );
}
