import { Box, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Labeled, Show, useGetResourceLabel, useRecordContext, useTranslate } from 'react-admin';
import { formatDateTime } from '../../../lib/locale';
import { changedFields, type AuditEvent } from '../../../framework/history/audit';
import { ChangeValue } from '../../../framework/history/record-history';
import { RecordLink } from './audit-event-list';

/** One change in full: who, when, which record, and every field before and after. */
export default function AuditEventShow() {
  return (
    <Show>
      <AuditEventDetails />
    </Show>
  );
}

function AuditEventDetails() {
  const event = useRecordContext<AuditEvent>();
  const translate = useTranslate();
  const getResourceLabel = useGetResourceLabel();
  if (!event) return null;
  const fields = changedFields(event);
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}>
        <Labeled source="occurred_at">
          <time dateTime={event.occurred_at}>{formatDateTime(event.occurred_at)}</time>
        </Labeled>
        <Labeled source="actor">
          <span>{event.actor}</span>
        </Labeled>
        <Labeled source="action">
          <Chip size="small" label={translate(`resources.audit_events.choices.action.${event.action}`)} />
        </Labeled>
        <Labeled source="resource_id">
          <span>
            {getResourceLabel(event.resource_type, 1)} <RecordLink />
          </span>
        </Labeled>
      </Box>
      <Typography variant="h6" component="h2">
        {translate('resources.audit_events.fields.changes')}
      </Typography>
      <Table size="small" sx={{ maxWidth: 960 }}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">{translate('history.field')}</TableCell>
            <TableCell component="th" scope="col">{translate('history.before')}</TableCell>
            <TableCell component="th" scope="col">{translate('history.after')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {fields.map((field) => (
            <TableRow key={field}>
              <TableCell component="th" scope="row">
                {translate(`resources.${event.resource_type}.fields.${field}`, { _: field })}
              </TableCell>
              <TableCell sx={{ wordBreak: 'break-word' }}>
                <ChangeValue resource={event.resource_type} field={field} value={event.changes![field].before} />
              </TableCell>
              <TableCell sx={{ wordBreak: 'break-word' }}>
                <ChangeValue resource={event.resource_type} field={field} value={event.changes![field].after} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
