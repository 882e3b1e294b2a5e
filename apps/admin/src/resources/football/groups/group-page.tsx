import { Box, Card, Skeleton, Typography } from '@mui/material';
import { EditBase, Title, useCanAccess, useGetOne, useGetRecordId, useTranslate, type RaRecord } from 'react-admin';
import { resourceDef } from '../../../framework/definitions';
import { ResourceForm } from '../../../framework/generic/resource-form';
import { RecordHistory } from '../../../framework/history/record-history';
import { StandingsView, standingsKey } from '../../../features/standings';
import { FixtureGenerator } from '../../../features/fixture-generator';
import { useQueryClient } from '@tanstack/react-query';
import { LoadError, PageTabs, RecordBreadcrumbs } from '../../../framework/ui/page-layout';

interface GroupRecord extends RaRecord {
  name?: string;
  stage_id?: string;
  stage?: RaRecord & {
    name?: string;
    competition_season_id?: string;
    competition_season?: RaRecord & { name?: string; competition_id?: string; competition?: RaRecord & { name?: string } };
  };
}

/** A group with where it sits (stage, competition season, competition): the standings need them. */
const GROUP_META = { include: ['stage.competition_season.competition'] };

export default function GroupEdit() {
  return <GroupPage mode="edit" />;
}

export function GroupShow() {
  return <GroupPage mode="show" />;
}

function GroupPage({ mode }: { mode: 'edit' | 'show' }) {
  const id = useGetRecordId();
  const translate = useTranslate();
  const { canAccess: canEdit } = useCanAccess({ action: 'edit', resource: 'groups' });
  const { canAccess: canCreateMatches } = useCanAccess({ action: 'create', resource: 'matches' });
  const { canAccess: canCreateRounds } = useCanAccess({ action: 'create', resource: 'rounds' });
  const { data: group, error, refetch } = useGetOne<GroupRecord>('groups', { id, meta: GROUP_META }, { staleTime: 5 * 60_000 });
  if (error && !group) return <Box sx={{ py: 2 }}><LoadError onRetry={() => void refetch()} /></Box>;
  const season = group?.stage?.competition_season;

  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2, minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Title title={group?.name ?? translate('resources.groups.name', { smart_count: 1 })} />
      <Box component="header" sx={{ display: 'grid', gap: 0.5 }}>
        <RecordBreadcrumbs resource="groups" name={group?.name} />
        <Typography variant="h1" sx={{ fontSize: { xs: '1.4rem', md: '1.8rem' }, fontWeight: 600 }}>
          {group ? group.name : <Skeleton width={260} />}
        </Typography>
        {season && (
          <Typography color="text.secondary">
            {[season.name, group?.stage?.name].filter(Boolean).join(' · ')}
          </Typography>
        )}
      </Box>
      {!group ? (
        <Skeleton variant="rectangular" height={480} />
      ) : (
        <PageTabs
          label={translate('standings.sections')}
          tabs={[
            {
              id: 'standings',
              label: translate('standings.tabs.standings'),
              render: () => <StandingsView groupId={group.id} stageId={group.stage_id} competitionId={season?.competition_id} />,
            },
            ...(mode === 'edit' && canEdit ? [{ id: 'details', label: translate('squadEditor.tabs.details'), render: () => <GroupDetails id={group.id} /> }] : []),
            ...(canCreateMatches && canCreateRounds
              ? [{ id: 'fixtures', label: translate('fixtureGenerator.tab'), render: () => <FixtureGenerator groupId={group.id} stageId={group.stage_id} competitionSeasonId={season?.id} /> }]
              : []),
          ]}
        />
      )}
    </Box>
  );
}

function GroupDetails({ id }: { id: RaRecord['id'] }) {
  const { canAccess: canDelete } = useCanAccess({ action: 'delete', resource: 'groups' });
  const queryClient = useQueryClient();
  return (
    <EditBase
      resource="groups"
      id={id}
      mutationMode="pessimistic"
      redirect={false}
      queryOptions={{ meta: GROUP_META, staleTime: 5 * 60_000 }}
      mutationOptions={{
        meta: GROUP_META,
        // Promotion and relegation places change the table's bands.
        onSettled: () => void queryClient.invalidateQueries({ queryKey: standingsKey(id) }),
      }}
    >
      <Card>
        <ResourceForm def={resourceDef('groups')!} canDelete={canDelete} />
        <RecordHistory />
      </Card>
    </EditBase>
  );
}
