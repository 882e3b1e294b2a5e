import { Chip, Link } from '@mui/material';
import {
  ColumnsButton,
  DataTable,
  ExportButton,
  FilterButton,
  LinkBase,
  List,
  SelectInput,
  TextInput,
  TopToolbar,
  useGetResourceLabel,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { LeagueDateTimeInput } from '../../../framework/dates/league-date-inputs';
import manifest from 'virtual:umpire/resources';
import { formatDateTime, formatRelative } from '../../../lib/locale';
import { changedFields, type AuditEvent } from '../../../framework/history/audit';
import { RecordLink as RecordLinkToShow } from '../../../framework/generic/fields';
import { safeExporter } from '../../../framework/generic/csv';

const ACTION_COLORS = { create: 'success', update: 'info', delete: 'error' } as const;
const ACTIONS = ['create', 'update', 'delete'] as const;

/** The whole history of changes of the client, newest first, filterable by who, what and when. */
export default function AuditEventList() {
  const translate = useTranslate();
  const getResourceLabel = useGetResourceLabel();
  const types = manifest.filter((r) => r.type !== 'audit_events').map((r) => ({ id: r.type, name: getResourceLabel(r.type, 2) }));
  const filters = [
    <SelectInput key="resource_type" source="resource_type" choices={types} translateChoice={false} alwaysOn />,
    <SelectInput key="action" source="action" choices={ACTIONS.map((id) => ({ id, name: `resources.audit_events.choices.action.${id}` }))} alwaysOn />,
    <TextInput key="actor" source="actor" />,
    <LeagueDateTimeInput key="from" source="occurred_at_gte" label={translate('list.rangeFrom', { field: translate('resources.audit_events.fields.occurred_at') })} />,
    <LeagueDateTimeInput key="to" source="occurred_at_lte" label={translate('list.rangeTo', { field: translate('resources.audit_events.fields.occurred_at') })} />,
  ];
  return (
    <List
      sort={{ field: 'id', order: 'DESC' }}
      exporter={safeExporter}
      filters={filters}
      perPage={25}
      actions={
        <TopToolbar>
          <FilterButton />
          <ColumnsButton />
          <ExportButton />
        </TopToolbar>
      }
    >
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col
          source="occurred_at"
          render={(e: AuditEvent) => (
            <RecordLinkToShow>
              <time dateTime={e.occurred_at} title={formatRelative(e.occurred_at)}>
                {formatDateTime(e.occurred_at)}
              </time>
            </RecordLinkToShow>
          )}
        />
        <DataTable.Col source="actor" />
        <DataTable.Col
          source="action"
          render={(e: AuditEvent) => <Chip size="small" color={ACTION_COLORS[e.action]} label={translate(`resources.audit_events.choices.action.${e.action}`)} />}
        />
        <DataTable.Col source="resource_type" render={(e: AuditEvent) => getResourceLabel(e.resource_type, 1)} />
        <DataTable.Col source="resource_id" disableSort>
          <RecordLink />
        </DataTable.Col>
        <DataTable.Col
          source="changes"
          disableSort
          render={(e: AuditEvent) =>
            changedFields(e)
              .map((f) => translate(`resources.${e.resource_type}.fields.${f}`, { _: f }))
              .join(', ')
          }
        />
      </DataTable>
    </List>
  );
}

/** A link to the changed record while it exists (deleted records have nowhere to go). */
export function RecordLink() {
  const event = useRecordContext<AuditEvent>();
  if (!event) return null;
  const known = manifest.some((r) => r.type === event.resource_type);
  if (!known || event.action === 'delete') return <span>#{event.resource_id}</span>;
  return (
    <Link component={LinkBase} to={`/${event.resource_type}/${event.resource_id}/show`} onClick={(e: React.MouseEvent) => e.stopPropagation()}>
      #{event.resource_id}
    </Link>
  );
}
