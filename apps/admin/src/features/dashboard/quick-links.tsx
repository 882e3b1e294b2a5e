import { Card, CardContent, CardHeader, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Button, LinkBase, useCanAccessResources, useGetResourceLabel, useTranslate } from 'react-admin';
import { isWritable, RESOURCE_ENTRIES } from '../../framework/definitions';

/** The records staff add most often; only what the user may create. */
const FREQUENT = ['clubs', 'competitions', 'seasons', 'venues', 'sponsors', 'tags', 'images'];

export function QuickLinks() {
  const translate = useTranslate();
  const getResourceLabel = useGetResourceLabel();
  const candidates = FREQUENT.filter((name) => RESOURCE_ENTRIES.some((r) => r.name === name && isWritable(r)));
  const { canAccess } = useCanAccessResources({ action: 'create', resources: candidates });
  const allowed = candidates.filter((name) => canAccess?.[name]);
  if (!allowed.length) return null;
  return (
    <Card component="section" aria-labelledby="dashboard-quick-links">
      <CardHeader id="dashboard-quick-links" title={translate('dashboard.quickLinks')} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
      <CardContent sx={{ pt: 0 }}>
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
          {allowed.map((name) => (
            <Button
              key={name}
              component={LinkBase}
              to={`/${name}/create`}
              variant="outlined"
              label={translate('dashboard.newRecord', { name: getResourceLabel(name, 1) })}
            >
              <AddIcon />
            </Button>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
