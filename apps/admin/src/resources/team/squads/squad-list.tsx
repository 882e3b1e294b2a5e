import { Box, Chip } from '@mui/material';
import {
  AutocompleteInput,
  BulkDeleteButton,
  CreateButton,
  DataTable,
  FilterButton,
  List,
  ReferenceInput,
  SearchInput,
  TopToolbar,
  useCanAccess,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { RecordLink } from '../../../framework/generic/fields';
import { RowDeleteButton } from '../../../framework/generic/row-delete-button';
import { deleteModeOf } from '../../../framework/generic/use-resource-def';
import { resourceDef } from '../../../framework/definitions';
import { formatDateTime } from '../../../lib/locale';
import { Crest } from '../../../framework/ui/crest';
import type { SquadRecord } from '../../../framework/records/squad-members';

/** What a row of the list shows: the crest needs the team, its club's colours and images. */
export const SQUAD_LIST_META = { include: ['image', 'team.image', 'team.club', 'season'] };

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput key="season_id" source="season_id" reference="seasons" sort={{ field: 'start_date', order: 'DESC' }} alwaysOn>
    <AutocompleteInput optionText="name" filterToQuery={(q: string) => (q ? { q } : {})} sx={{ minWidth: 180 }} />
  </ReferenceInput>,
  <ReferenceInput key="team_id" source="team_id" reference="teams" sort={{ field: 'name', order: 'ASC' }}>
    <AutocompleteInput optionText="name" filterToQuery={(q: string) => (q ? { q } : {})} sx={{ minWidth: 220 }} />
  </ReferenceInput>,
];

/**
 * Squads with their crests. Spec §4: a deleted squad leaves the list at once and comes back,
 * with the error pop-up, when the server refuses (e.g. it still has matches).
 */
export default function SquadList() {
  const translate = useTranslate();
  const { canAccess: canEdit } = useCanAccess({ action: 'edit', resource: 'squads' });
  const { canAccess: canDelete } = useCanAccess({ action: 'delete', resource: 'squads' });
  const mode = deleteModeOf(resourceDef('squads')!);
  return (
    <List
      resource="squads"
      sort={{ field: 'name', order: 'ASC' }}
      filters={filters}
      queryOptions={{ meta: SQUAD_LIST_META }}
      perPage={25}
      sx={{ '& .RaList-content': { overflowX: 'auto' }, '& .RaList-main': { minWidth: 0 } }}
      actions={
        <TopToolbar>
          <FilterButton />
          <CreateButton />
        </TopToolbar>
      }
    >
      <DataTable rowClick={canEdit ? 'edit' : 'show'} bulkActionButtons={canDelete ? <BulkDeleteButton mutationMode={mode} /> : false}>
        <DataTable.Col source="name">
          <SquadName />
        </DataTable.Col>
        <DataTable.Col source="team_id" disableSort>
          <TeamName />
        </DataTable.Col>
        <DataTable.Col source="season_id" disableSort>
          <SeasonName />
        </DataTable.Col>
        <DataTable.Col source="updated_at" render={(r: SquadRecord) => (r.updated_at ? formatDateTime(r.updated_at as string) : '')} />
        {canDelete && (
          <DataTable.Col source="actions" label={translate('list.actions')} disableSort align="right">
            <RowDeleteButton mutationMode={mode} />
          </DataTable.Col>
        )}
      </DataTable>
    </List>
  );
}

function SquadName() {
  const squad = useRecordContext<SquadRecord>();
  if (!squad) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
      <Crest team={squad.team} fallbackImage={squad.image} fallbackImageId={squad.image_id} size={32} />
      <RecordLink>{squad.name}</RecordLink>
    </Box>
  );
}

function TeamName() {
  const squad = useRecordContext<SquadRecord>();
  return <>{squad?.team?.name ?? ''}</>;
}

function SeasonName() {
  const translate = useTranslate();
  const squad = useRecordContext<SquadRecord>();
  const season = squad?.season;
  if (!season) return null;
  return season.is_current ? (
    <Chip size="small" color="primary" label={translate('squadEditor.currentSeason', { season: season.name ?? '' })} />
  ) : (
    <>{season.name}</>
  );
}
