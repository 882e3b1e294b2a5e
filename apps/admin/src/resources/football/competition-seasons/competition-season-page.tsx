import { Box, Button } from '@mui/material';
import UploadFile from '@mui/icons-material/UploadFile';
import { LinkBase, Title, useCanAccess, useGetOne, useGetRecordId, useTranslate, type RaRecord } from 'react-admin';
import ResourceEdit from '../../../framework/generic/resource-edit';
import ResourceShow from '../../../framework/generic/resource-show';
import { PageTabs } from '../../../framework/ui/page-layout';
import { SeasonSquads } from './season-squads';

/** A competition season: its details (the generic form or page) and the squads taking part. */
export default function CompetitionSeasonEdit() {
  return <CompetitionSeasonPage mode="edit" />;
}

export function CompetitionSeasonShow() {
  return <CompetitionSeasonPage mode="show" />;
}

function CompetitionSeasonPage({ mode }: { mode: 'edit' | 'show' }) {
  const id = useGetRecordId();
  const translate = useTranslate();
  const { canAccess: canEdit } = useCanAccess({ action: 'edit', resource: 'competition_seasons' });
  const { canAccess: canImport } = useCanAccess({ action: 'create', resource: 'imports' });
  const { data: season } = useGetOne<RaRecord & { season_id?: string; name?: string }>('competition_seasons', { id }, { staleTime: 60_000 });
  return (
    <Box sx={{ pt: 1, minWidth: 0 }}>
      <Title title={season?.name ?? translate('resources.competition_seasons.name', { smart_count: 1 })} />
      {canImport && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
          <Button component={LinkBase} to={`/imports?kind=fixtures&competition_season_id=${encodeURIComponent(String(id))}`} startIcon={<UploadFile />} size="small">
            {translate('importsPage.fromSeason')}
          </Button>
        </Box>
      )}
      <PageTabs
        label={translate('seasonSquads.sections')}
        tabs={[
          { id: 'details', label: translate('squadEditor.tabs.details'), render: () => (mode === 'edit' ? <ResourceEdit /> : <ResourceShow />) },
          {
            id: 'squads',
            label: translate('resources.competition_seasons.fields.squads'),
            render: () => (season ? <SeasonSquads competitionSeason={season} editable={mode === 'edit' && !!canEdit} /> : null),
          },
        ]}
      />
    </Box>
  );
}
