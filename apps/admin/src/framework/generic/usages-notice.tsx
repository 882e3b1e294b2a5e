import { Alert, CircularProgress, Link, List, ListItem, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useCreatePath, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import manifest from 'virtual:umpire/resources';
import { LINK_TARGET_TYPES } from '@umpire/schema/content/component-kinds';
import { getUsages, type Usage } from '../../providers/json-api';

/**
 * Resources whose records others point at, so a delete lists the uses first (GET /{type}/{id}/usages
 * answers for every resource): the targets of belongsTo relationships (an image used as a crest)
 * and of component links (a club shown on a page), derived from the declarations.
 */
export const RESOURCES_WITH_USAGES: ReadonlySet<string> = new Set([
  ...manifest.flatMap((def) => def.relationships.filter((rel) => rel.kind === 'belongsTo').map((rel) => rel.type)),
  ...LINK_TARGET_TYPES,
]);

/** Records that use a file or an image, each a link to its form, with the field that points. */
export function UsageList({ usages }: { usages: readonly Usage[] }) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  return (
    <List dense disablePadding data-testid="usage-list">
      {usages.map((usage) => (
        <ListItem key={`${usage.type}:${usage.id}:${usage.field}`} disableGutters>
          <Link component={RouterLink} to={createPath({ resource: usage.type, id: usage.id, type: 'edit' })}>
            {`${translate(`resources.${usage.type}.name`, { smart_count: 1, _: usage.type })}: ${usage.title}`}
          </Link>
          {usage.field && (
            <Typography variant="body2" component="span" sx={{ color: 'text.secondary', ml: 1 }}>
              {`(${translate(`resources.${usage.type}.fields.${usage.field}`, { _: usage.field })})`}
            </Typography>
          )}
        </ListItem>
      ))}
    </List>
  );
}

/** Before a delete: the records that would lose what is deleted, or that none would. */
export function UsagesWarning({ usages, none }: { usages: readonly Usage[]; none: string }) {
  const translate = useTranslate();
  if (!usages.length) return <Typography>{none}</Typography>;
  return (
    <>
      <Alert severity="warning" sx={{ mb: 1 }}>
        {translate('usages.deleteWarning', { smart_count: usages.length })}
      </Alert>
      <UsageList usages={usages} />
    </>
  );
}

/** A delete confirmation's content for a record others may use (GET /{type}/{id}/usages). */
export function UsagesNotice({ resource, id, none }: { resource: string; id: string | number; none: string }) {
  const translate = useTranslate();
  const { data, isPending, isError } = useQuery({ queryKey: ['usages', resource, String(id)], queryFn: () => getUsages(resource, id) });
  if (isPending) return <CircularProgress size={20} aria-label={translate('ra.page.loading')} />;
  if (isError) return <Alert severity="warning">{translate('usages.unavailable')}</Alert>;
  return <UsagesWarning usages={data} none={none} />;
}
