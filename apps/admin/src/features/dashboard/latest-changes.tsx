import { Avatar, Box, Card, CardHeader, Chip, List, ListItem, ListItemAvatar, ListItemText, Link, Skeleton, Typography } from '@mui/material';
import { Button, LinkBase, useGetList, useGetManyAggregate, useGetResourceLabel, useTranslate } from 'react-admin';
import { resourceDef } from '../../framework/definitions';
import { formatDateTime, formatRelative } from '../../lib/locale';
import { AUDIT_RESOURCE, changedFields, titleFromChanges, type AuditEvent } from '../../framework/history/audit';

const ACTION_COLORS = { create: 'success', update: 'info', delete: 'error' } as const;

/** The latest entries of the history of changes: who changed what, and when. */
export function LatestChanges() {
  const translate = useTranslate();
  const { data, isPending } = useGetList<AuditEvent>(AUDIT_RESOURCE, {
    pagination: { page: 1, perPage: 8 },
    sort: { field: 'id', order: 'DESC' },
  });
  return (
    <Card component="section" aria-labelledby="dashboard-latest-changes">
      <CardHeader
        id="dashboard-latest-changes"
        title={translate('dashboard.latestChanges')}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
        action={<Button component={LinkBase} to={`/${AUDIT_RESOURCE}`} label={translate('dashboard.fullHistory')} />}
      />
      {isPending ? (
        <Box sx={{ px: 2, pb: 2 }}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={56} />
          ))}
        </Box>
      ) : !data?.length ? (
        <Typography sx={{ px: 2, pb: 2 }} color="text.secondary">
          {translate('dashboard.noChanges')}
        </Typography>
      ) : (
        <List dense data-testid="latest-changes">
          {data.map((event) => (
            <ChangeItem key={event.id} event={event} />
          ))}
        </List>
      )}
    </Card>
  );
}

function ChangeItem({ event }: { event: AuditEvent }) {
  const translate = useTranslate();
  const getResourceLabel = useGetResourceLabel();
  const def = resourceDef(event.resource_type);
  const titleAttribute = def?.titleAttribute;
  // One request per resource type for all rows (react-admin aggregates these calls).
  const { data: records } = useGetManyAggregate(event.resource_type, { ids: [event.resource_id] }, { enabled: !!def && event.action !== 'delete' });
  const record = records?.[0] as Record<string, unknown> | undefined;
  const title = (titleAttribute && (record?.[titleAttribute] as string | undefined)) || titleFromChanges(event, titleAttribute) || `#${event.resource_id}`;
  const resourceLabel = def ? getResourceLabel(event.resource_type, 1) : event.resource_type;
  const fields = changedFields(event).map((f) => translate(`resources.${event.resource_type}.fields.${f}`, { _: f }));

  return (
    <ListItem alignItems="flex-start" divider>
      <ListItemAvatar>
        <Avatar sx={{ bgcolor: 'secondary.main', width: 32, height: 32, fontSize: 14 }} aria-hidden>
          {event.actor.slice(0, 1).toUpperCase()}
        </Avatar>
      </ListItemAvatar>
      <ListItemText
        primary={
          <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <Chip
              size="small"
              color={ACTION_COLORS[event.action]}
              label={translate(`resources.audit_events.choices.action.${event.action}`)}
            />
            <span>
              {resourceLabel}{' '}
              {record && def ? (
                <Link component={LinkBase} to={`/${event.resource_type}/${event.resource_id}`}>
                  {title}
                </Link>
              ) : (
                <strong>{title}</strong>
              )}
            </span>
          </Box>
        }
        secondary={
          <>
            {translate('history.by', { actor: event.actor })} ·{' '}
            <time dateTime={event.occurred_at} title={formatDateTime(event.occurred_at)}>
              {formatRelative(event.occurred_at)}
            </time>
            {event.action === 'update' && fields.length > 0 && <> · {translate('history.changedFields', { fields: fields.join(', ') })}</>}
          </>
        }
        slotProps={{ primary: { component: 'div' } }}
      />
    </ListItem>
  );
}
