import { useState } from 'react';
import { Box, Chip, Divider, Skeleton, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Button, useCanAccess, useGetList, useGetManyAggregate, useRecordContext, useResourceContext, useTranslate } from 'react-admin';
import { choiceLabel } from '../../lib/i18n';
import { resourceDef } from '../../framework/definitions';
import { formatDate, formatDateTime, formatNumber, formatRelative } from '../../lib/locale';
import { AUDIT_RESOURCE, changedFields, type AuditEvent } from './audit';

const PAGE = 10;
const ACTION_COLORS = { create: 'success', update: 'info', delete: 'error' } as const;

/** How a recorded value reads: translated choices and booleans, local dates. */
export function useFormatValue(resource: string) {
  const translate = useTranslate();
  const def = resourceDef(resource);
  return (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return translate('history.noValue');
    const attr = def?.attributes.find((a) => a.name === field);
    if (typeof value === 'boolean') return translate(value ? 'ra.boolean.true' : 'ra.boolean.false');
    if (attr?.choices) return choiceLabel(translate, resource, field, String(value));
    if (attr?.type === 'date') return formatDate(String(value));
    if (attr?.type === 'datetime' || field.endsWith('_at')) return formatDateTime(String(value));
    if (typeof value === 'number' && !/^(founded|opened)$/.test(field)) return formatNumber(value);
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  };
}

/**
 * A recorded value as it reads: a link (`venue_id: "2"`) by the linked record's name, anything
 * else through `useFormatValue`.
 */
export function ChangeValue({ resource, field, value }: { resource: string; field: string; value: unknown }) {
  const formatValue = useFormatValue(resource);
  const rel = resourceDef(resource)?.relationships.find((r) => r.source === field);
  if (rel && value !== null && value !== undefined && value !== '') return <LinkedTitle type={rel.type} id={String(value)} />;
  return <>{formatValue(field, value)}</>;
}

function LinkedTitle({ type, id }: { type: string; id: string }) {
  const target = resourceDef(type);
  const titleField = type === 'images' ? 'path' : target?.titleAttribute;
  // Batched with every other title on the page into one request per type.
  const { data } = useGetManyAggregate(type, { ids: [id] }, { enabled: !!target && !!titleField });
  const first = data?.[0] as Record<string, unknown> | undefined;
  const title = titleField ? (first?.[titleField] as string | undefined) : undefined;
  return <>{title ? `${title} (#${id})` : `#${id}`}</>;
}

/** The history of changes of the record in context (issue 3, item 7): who changed what, and when. */
export function RecordHistory() {
  const record = useRecordContext();
  const resource = useResourceContext()!;
  const translate = useTranslate();
  const [perPage, setPerPage] = useState(PAGE);
  const { canAccess } = useCanAccess({ action: 'list', resource: AUDIT_RESOURCE });
  const { data, total, isPending } = useGetList<AuditEvent>(
    AUDIT_RESOURCE,
    {
      filter: { resource_type: resource, resource_id: String(record?.id ?? '') },
      sort: { field: 'id', order: 'DESC' },
      pagination: { page: 1, perPage },
      // Part of the query key only: a save changes `updated_at`, so the history reloads.
      meta: { version: record?.updated_at as string | undefined },
    },
    { enabled: !!record && !!canAccess },
  );
  if (!record || !canAccess) return null;

  return (
    <Box component="section" aria-labelledby="record-history-title" sx={{ p: 2 }} data-testid="record-history">
      <Divider sx={{ mb: 2 }} />
      <Typography id="record-history-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('history.title')}
      </Typography>
      {isPending ? (
        <Skeleton height={80} />
      ) : !data?.length ? (
        <Typography color="text.secondary">{translate('history.empty')}</Typography>
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
          {data.map((event) => (
            <HistoryEntry key={event.id} event={event} resource={resource} />
          ))}
        </Box>
      )}
      {!!total && data && total > data.length && (
        <Button label={translate('history.loadMore')} onClick={() => setPerPage(perPage + PAGE)} sx={{ mt: 1 }} />
      )}
    </Box>
  );
}

function HistoryEntry({ event, resource }: { event: AuditEvent; resource: string }) {
  const translate = useTranslate();
  const fields = event.action === 'update' ? changedFields(event) : changedFields(event).filter((f) => f !== 'id');
  const label = (field: string) => translate(`resources.${resource}.fields.${field}`, { _: field });

  return (
    <Box component="li" data-testid="history-entry">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Chip size="small" color={ACTION_COLORS[event.action]} label={translate(`resources.audit_events.choices.action.${event.action}`)} />
        <Typography variant="body2" component="span">
          {translate('history.by', { actor: event.actor })}
        </Typography>
        <Typography variant="body2" component="span" color="text.secondary">
          <time dateTime={event.occurred_at} title={formatDateTime(event.occurred_at)}>
            {formatRelative(event.occurred_at)} · {formatDateTime(event.occurred_at)}
          </time>
        </Typography>
      </Box>
      {fields.length > 0 && (
        <Table size="small" sx={{ mt: 1, maxWidth: 760 }} aria-label={translate('resources.audit_events.fields.changes')}>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                {translate('history.field')}
              </TableCell>
              {event.action !== 'create' && (
                <TableCell component="th" scope="col">
                  {translate('history.before')}
                </TableCell>
              )}
              {event.action !== 'delete' && (
                <TableCell component="th" scope="col">
                  {translate('history.after')}
                </TableCell>
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {fields.map((field) => {
              const change = event.changes![field];
              return (
                <TableRow key={field}>
                  <TableCell component="th" scope="row">
                    {label(field)}
                  </TableCell>
                  {event.action !== 'create' && (
                    <TableCell sx={{ wordBreak: 'break-word' }}>
                      <ChangeValue resource={resource} field={field} value={change.before} />
                    </TableCell>
                  )}
                  {event.action !== 'delete' && (
                    <TableCell sx={{ wordBreak: 'break-word' }}>
                      <ChangeValue resource={resource} field={field} value={change.after} />
                    </TableCell>
                  )}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
