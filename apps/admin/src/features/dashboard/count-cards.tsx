import { Box, Card, CardActionArea, Skeleton, Typography } from '@mui/material';
import { LinkBase, useCanAccessResources, useGetResourceLabel, useTranslate } from 'react-admin';
import type { ResourceEntry } from '../../framework/definitions';
import { formatNumber } from '../../lib/locale';
import { cardsToShow, COUNTED_TYPES, type Counts } from './counts';

/** How many records each list holds, one card per resource the user may read. */
export function CountCards({ counts }: { counts: Counts }) {
  const translate = useTranslate();
  // Asked only when the counts failed, to know which cards say so.
  const { canAccess } = useCanAccessResources({ action: 'list', resources: COUNTED_TYPES, enabled: counts.isError });
  const shown = cardsToShow(counts, canAccess);
  return (
    <Box component="section" aria-labelledby="dashboard-counts">
      <Typography id="dashboard-counts" variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('dashboard.atAGlance')}
      </Typography>
      <Box
        component="ul"
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))' }}
      >
        {shown.map((r) => (
          <CountCard key={r.name} resource={r} count={counts.data?.[r.name]} failed={counts.isError} />
        ))}
      </Box>
    </Box>
  );
}

function CountCard({ resource, count, failed }: { resource: ResourceEntry; count: number | undefined; failed: boolean }) {
  const translate = useTranslate();
  const getResourceLabel = useGetResourceLabel();
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
            {count !== undefined ? formatNumber(count) : failed ? translate('dashboard.countUnavailable') : <Skeleton width={48} />}
          </Typography>
        </CardActionArea>
      </Card>
    </Box>
  );
}
