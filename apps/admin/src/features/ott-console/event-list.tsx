import { Chip } from '@mui/material';
import { CreateButton, Datagrid, FunctionField, List, SearchInput, SelectInput, TextField, TopToolbar, useTranslate, type RaRecord } from 'react-admin';
import { ACCESS_TYPES, OTT_EVENT_STATUSES } from '@umpire/schema';
import { pollEvents } from './polling';
import { DateTimeField } from '../../framework/dates/date-time-field';

const STATUS_COLOURS: Record<string, 'default' | 'error' | 'success'> = { pending: 'default', live: 'error', ended: 'success' };

/** The event's status; a live one wears a red badge operators spot on a match day. */
export function EventStatusBadge({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const status = String(record.status ?? 'pending');
  return (
    <Chip
      size="small"
      variant={status === 'live' ? 'filled' : 'outlined'}
      color={STATUS_COLOURS[status] ?? 'default'}
      label={status === 'live' ? translate('ottConsole.liveBadge') : translate(`resources.ott_events.choices.status.${status}`)}
    />
  );
}

/** OTT events: search in titles, filters by status and access, soonest first; refreshed while one is live. */
export default function OttEventList() {
  const translate = useTranslate();
  const choices = (name: string, values: readonly string[]) => values.map((v) => ({ id: v, name: translate(`resources.ott_events.choices.${name}.${v}`) }));
  return (
    <List
      filters={[
        <SearchInput key="q" source="q" alwaysOn placeholder={translate('ottConsole.search')} />,
        <SelectInput key="status" source="status" choices={choices('status', OTT_EVENT_STATUSES)} alwaysOn />,
        <SelectInput key="access" source="access" choices={choices('access', ACCESS_TYPES)} />,
      ]}
      sort={{ field: 'starts_at', order: 'DESC' }}
      queryOptions={{ refetchInterval: (query: { state: { data?: { data?: RaRecord[] } } }) => pollEvents(query.state.data?.data) }}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
      title={translate('resources.ott_events.name', { smart_count: 2 })}
    >
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="title" />
        <FunctionField source="status" render={(record: RaRecord) => <EventStatusBadge record={record} />} />
        <FunctionField source="access" render={(record: RaRecord) => translate(`resources.ott_events.choices.access.${String(record.access)}`)} />
        <DateTimeField source="starts_at" />
      </Datagrid>
    </List>
  );
}
