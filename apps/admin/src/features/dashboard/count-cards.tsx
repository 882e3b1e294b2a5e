import { Box, Card, CardActionArea, Skeleton, Typography } from '@mui/material';
import { LinkBase, useCanAccessResources, useGetList, useGetResourceLabel, useTranslate } from 'react-admin';
import { entriesBySection, RESOURCE_ENTRIES, type ResourceEntry } from '../../framework/definitions';
import { formatNumber } from '../../lib/locale';
import { AUDIT_RESOURCE } from '../../framework/history/audit';

const COUNTED_WITHOUT_TITLE = ['matches'];

/** How many records each list holds, one card per resource the user may read. */
export function CountCards() {
  // In the sidebar's order, so the cards read like the menu; only what staff count (named
  // records and matches), not link records such as a player's place in a squad.
  const resources = entriesBySection(RESOURCE_ENTRIES)
    .flatMap((s) => s.resources)
    .filter((r) => r.name !== AUDIT_RESOURCE && (r.def.titleAttribute || COUNTED_WITHOUT_TITLE.includes(r.name)));
  const { canAccess } = useCanAccessResources({ action: 'list', resources: resources.map((r) => r.name) });
  const translate = useTranslate();
  return (
    <Box component="section" aria-labelledby="dashboard-counts">
      <Typography id="dashboard-counts" variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('dashboard.atAGlance')}
      </Typography>
      <Box
        component="ul"
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))' }}
      >
        {resources
          .filter((r) => canAccess?.[r.name])
          .map((r) => (
            <CountCard key={r.name} resource={r} />
          ))}
      </Box>
    </Box>
  );
}

function CountCard({ resource }: { resource: ResourceEntry }) {
  const translate = useTranslate();
  const getResourceLabel = useGetResourceLabel();
  const { total, isPending, error } = useGetList(resource.name, { pagination: { page: 1, perPage: 1 } });
  const Icon = resource.icon;
  const label = getResourceLabel(resource.name, 2);
  return (
    <Box component="li">
      <Card variant="outlined" sx={{ height: '100%' }}>
        <CardActionArea component={LinkBase} to={`/${resource.name}`} sx={{ p: 1.5, height: '100%' }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary' }}>
            <Icon fontSize="small" aria-hidden />
            <Typography variant="body2" component="span" noWrap>
              {label}
            </Typography>
          </Box>
          <Typography variant="h5" component="p" sx={{ fontWeight: 600, mt: 0.5 }} data-testid={`count-${resource.name}`}>
            {isPending ? <Skeleton width={48} /> : error ? translate('dashboard.countUnavailable') : formatNumber(total ?? 0)}
          </Typography>
        </CardActionArea>
      </Card>
    </Box>
  );
}
