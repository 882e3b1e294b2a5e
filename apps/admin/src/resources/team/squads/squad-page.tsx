import { Box, Button, Chip, Link, Skeleton, Typography } from '@mui/material';
import UploadFile from '@mui/icons-material/UploadFile';
import {
  Edit,
  LinkBase,
  Title,
  useCanAccess,
  useCreatePath,
  useGetRecordId,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { resourceDef } from '../../../framework/definitions';
import { formatNumber } from '../../../lib/locale';
import { ResourceForm } from '../../../framework/generic/resource-form';
import { RecordHistory } from '../../../framework/history/record-history';
import { Crest } from '../../../framework/ui/crest';
import { LoadError, PageTabs, RecordBreadcrumbs, ReloadButton } from '../../../framework/ui/page-layout';
import { ageOn } from '../../../framework/records/people';
import type { SquadRecord } from '../../../framework/records/squad-members';
import { SQUAD_META, useSquad } from './use-squad';
import { SquadPlayers } from './squad-players';
import { SquadStaff } from './squad-staff';
import { SquadStats } from './squad-stats';

/** The squad editor (its edit route) and the squad's page (its show route, read only). */
export default function SquadEdit() {
  return <SquadPage mode="edit" />;
}

export function SquadShow() {
  return <SquadPage mode="show" />;
}

function SquadPage({ mode }: { mode: 'edit' | 'show' }) {
  const id = useGetRecordId();
  const translate = useTranslate();
  const { data: squad, error, refetch, isFetching } = useSquad(id);
  const { canAccess: canEdit } = useCanAccess({ action: 'edit', resource: 'squads' });
  const { canAccess: canEditPlayers } = useCanAccess({ action: 'edit', resource: 'squad_players' });
  const { canAccess: canEditStaff } = useCanAccess({ action: 'edit', resource: 'squad_staff_members' });
  const { canAccess: canImport } = useCanAccess({ action: 'create', resource: 'imports' });
  const editable = mode === 'edit';

  if (error && !squad) return <Box sx={{ py: 2 }}><LoadError onRetry={() => void refetch()} /></Box>;

  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2, minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Title title={squad?.name ?? translate('resources.squads.name', { smart_count: 1 })} />
      <SquadHeader squad={squad} onReload={() => void refetch()} reloading={isFetching} />
      {squad && editable && canImport && canEditPlayers && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button component={LinkBase} to={`/imports?${new URLSearchParams({ kind: 'players', ...(squad.season?.id ? { season_id: String(squad.season.id) } : {}), squad_id: String(squad.id) })}`} startIcon={<UploadFile />} size="small">
            {translate('importsPage.intoSquad')}
          </Button>
        </Box>
      )}
      {squad ? (
        <PageTabs
          label={translate('squadEditor.sections')}
          tabs={[
            { id: 'players', label: translate('squadEditor.tabs.players'), render: () => <SquadPlayers squad={squad} editable={editable && !!canEditPlayers} /> },
            { id: 'staff', label: translate('squadEditor.tabs.staff'), render: () => <SquadStaff squad={squad} editable={editable && !!canEditStaff} /> },
            { id: 'statistics', label: translate('squadEditor.tabs.statistics'), render: () => <SquadStats squad={squad} /> },
            ...(editable && canEdit ? [{ id: 'details', label: translate('squadEditor.tabs.details'), render: () => <SquadDetails id={squad.id} /> }] : []),
          ]}
        />
      ) : (
        <Skeleton variant="rectangular" height={420} />
      )}
    </Box>
  );
}

function SquadHeader({ squad, onReload, reloading }: { squad: SquadRecord | undefined; onReload: () => void; reloading: boolean }) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const players = squad?.squad_players ?? [];
  const ages = players.map((m) => ageOn(m.player?.birth_date)).filter((a): a is number => a !== null);
  const averageAge = ages.length ? ages.reduce((s, a) => s + a, 0) / ages.length : null;
  const foreigners = players.filter((m) => m.player?.nationality && m.player.nationality !== 'PL').length;

  return (
    <Box component="header" sx={{ display: 'grid', gap: 1 }}>
      <RecordBreadcrumbs resource="squads" name={squad?.name} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        {squad ? <Crest team={squad.team} fallbackImage={squad.image} fallbackImageId={squad.image_id} size={64} /> : <Skeleton variant="rounded" width={64} height={64} />}
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.4rem', md: '1.8rem' }, fontWeight: 600 }}>
            {squad?.name ?? <Skeleton width={280} />}
          </Typography>
          {squad && (
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
              {squad.team && (
                <Link component={LinkBase} to={createPath({ resource: 'teams', id: squad.team.id, type: 'show' })} underline="hover">
                  {squad.team.name}
                </Link>
              )}
              {squad.season && (
                <Chip
                  size="small"
                  variant={squad.season.is_current ? 'filled' : 'outlined'}
                  color={squad.season.is_current ? 'primary' : 'default'}
                  label={translate(squad.season.is_current ? 'squadEditor.currentSeason' : 'squadEditor.season', { season: squad.season.name ?? '' })}
                />
              )}
            </Box>
          )}
        </Box>
        {squad && (
          <Box component="dl" sx={{ display: 'flex', gap: 3, m: 0, flexWrap: 'wrap' }}>
            <Figure label={translate('squadEditor.summary.players')} value={String(players.length)} />
            <Figure label={translate('squadEditor.summary.staff')} value={String(squad.squad_staff_members?.length ?? 0)} />
            <Figure label={translate('squadEditor.summary.averageAge')} value={averageAge === null ? '–' : formatNumber(averageAge, { maximumFractionDigits: 1 })} />
            <Figure label={translate('squadEditor.summary.foreigners')} value={String(foreigners)} />
          </Box>
        )}
        <ReloadButton onClick={onReload} loading={reloading} />
      </Box>
    </Box>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600, fontSize: '1.15rem' }}>
        {value}
      </Typography>
    </Box>
  );
}

/** The squad's own fields (name, season, team, image) in the generic form; saved into the same cached squad. */
function SquadDetails({ id }: { id: RaRecord['id'] }) {
  const def = resourceDef('squads')!;
  const { canAccess: canDelete } = useCanAccess({ action: 'delete', resource: 'squads' });
  return (
    <Edit
      resource="squads"
      id={id}
      title={false}
      actions={false}
      mutationMode="pessimistic"
      redirect={false}
      queryOptions={{ meta: SQUAD_META, staleTime: Infinity, refetchOnWindowFocus: false }}
      mutationOptions={{ meta: SQUAD_META }}
      sx={{ '& .RaEdit-main': { mt: 0 } }}
    >
      <ResourceForm def={def} canDelete={canDelete} />
      <RecordHistory />
    </Edit>
  );
}
