import { Box, Breadcrumbs, Card, Link, Skeleton, Typography } from '@mui/material';
import { EditBase, LinkBase, Title, useCanAccess, useCreatePath, useGetOne, useGetRecordId, useTranslate, type RaRecord } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { resourceDef } from '../../../framework/definitions';
import { ResourceForm } from '../../../framework/generic/resource-form';
import { RecordHistory } from '../../../framework/history/record-history';
import { LoadError, PageTabs } from '../../../framework/ui/page-layout';
import { PredictorStandings, predictorStandingsKey } from '../../../features/match-predictor';

interface RankingRecord extends RaRecord {
  name?: string;
  points_exact?: number;
  points_outcome?: number;
  competition_season?: RaRecord & { name?: string };
}

const RESOURCE = 'match_predictor_rankings';
const RANKING_META = { include: ['competition_season'] };

export default function RankingEdit() {
  return <RankingPage mode="edit" />;
}

export function RankingShow() {
  return <RankingPage mode="show" />;
}

/** A ranking opens on its standings (season or round); editors also get its scoring rules form. */
function RankingPage({ mode }: { mode: 'edit' | 'show' }) {
  const id = useGetRecordId();
  const translate = useTranslate();
  const createPath = useCreatePath();
  const { canAccess: canEdit } = useCanAccess({ action: 'edit', resource: RESOURCE });
  const { data: ranking, error, refetch } = useGetOne<RankingRecord>(RESOURCE, { id, meta: RANKING_META }, { staleTime: 5 * 60_000 });
  if (error && !ranking) return <Box sx={{ py: 2 }}><LoadError onRetry={() => void refetch()} /></Box>;

  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2, minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Title title={ranking?.name ?? translate(`resources.${RESOURCE}.name`, { smart_count: 1 })} />
      <Box component="header" sx={{ display: 'grid', gap: 0.5 }}>
        <Breadcrumbs aria-label={translate('teamCommon.breadcrumbs')}>
          <Link component={LinkBase} to={createPath({ resource: RESOURCE, type: 'list' })} underline="hover" color="inherit">
            {translate(`resources.${RESOURCE}.name`, { smart_count: 2 })}
          </Link>
          <Typography color="text.primary" aria-current="page">
            {ranking?.name ?? '…'}
          </Typography>
        </Breadcrumbs>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.4rem', md: '1.8rem' }, fontWeight: 600 }}>
          {ranking ? ranking.name : <Skeleton width={260} />}
        </Typography>
        {ranking && (
          <Typography color="text.secondary">
            {[
              ranking.competition_season?.name,
              translate('predictor.rules', { exact: ranking.points_exact ?? 0, outcome: ranking.points_outcome ?? 0 }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
        )}
      </Box>
      {!ranking ? (
        <Skeleton variant="rectangular" height={480} />
      ) : (
        <PageTabs
          label={translate('predictor.sections')}
          tabs={[
            { id: 'standings', label: translate('predictor.tabs.standings'), render: () => <PredictorStandings rankingId={ranking.id} /> },
            ...(mode === 'edit' && canEdit ? [{ id: 'details', label: translate('squadEditor.tabs.details'), render: () => <RankingDetails id={ranking.id} /> }] : []),
          ]}
        />
      )}
    </Box>
  );
}

function RankingDetails({ id }: { id: RaRecord['id'] }) {
  const { canAccess: canDelete } = useCanAccess({ action: 'delete', resource: RESOURCE });
  const queryClient = useQueryClient();
  return (
    <EditBase
      resource={RESOURCE}
      id={id}
      mutationMode="pessimistic"
      redirect={false}
      queryOptions={{ meta: RANKING_META, staleTime: 5 * 60_000 }}
      mutationOptions={{
        meta: RANKING_META,
        // New scoring rules change every line of the standings.
        onSettled: () => void queryClient.invalidateQueries({ queryKey: predictorStandingsKey(id) }),
      }}
    >
      <Card>
        <ResourceForm def={resourceDef(RESOURCE)!} canDelete={canDelete} />
        <RecordHistory />
      </Card>
    </EditBase>
  );
}
