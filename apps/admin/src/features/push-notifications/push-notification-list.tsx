import { Chip } from '@mui/material';
import {
  CreateButton,
  Datagrid,
  DateField,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  TextField,
  TopToolbar,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { PUSH_STATUSES } from '@umpire/schema';
import { DeliveryCounts } from './delivery-counts';
import { pollWhileLive } from './delivery';

const STATUS_COLOURS: Record<string, 'default' | 'info' | 'warning' | 'success' | 'error'> = {
  draft: 'default',
  scheduled: 'info',
  sending: 'warning',
  sent: 'success',
  failed: 'error',
};

export function StatusChip({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const status = String(record.status ?? 'draft');
  return <Chip size="small" color={STATUS_COLOURS[status] ?? 'default'} label={translate(`resources.push_notifications.choices.status.${status}`)} />;
}

/**
 * Push notifications: search in titles and texts, a status filter, newest first; while one is being
 * sent (or is due) the list reloads every second, so its delivery counts arrive as they are made.
 */
export default function PushNotificationList() {
  const translate = useTranslate();
  const statusChoices = PUSH_STATUSES.map((s) => ({ id: s, name: translate(`resources.push_notifications.choices.status.${s}`) }));
  return (
    <List
      filters={[
        <SearchInput key="q" source="q" alwaysOn placeholder={translate('pushPage.search')} />,
        <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
      ]}
      sort={{ field: 'created_at', order: 'DESC' }}
      queryOptions={{ refetchInterval: (query: { state: { data?: { data?: RaRecord[] } } }) => pollWhileLive(query.state.data?.data) }}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
      empty={false}
      title={translate('resources.push_notifications.name', { smart_count: 2 })}
    >
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="title_pl" />
        <FunctionField source="status" render={(record: RaRecord) => <StatusChip record={record} />} />
        <DateField source="send_at" showTime />
        <FunctionField source="delivered_count" render={(record: RaRecord) => <DeliveryCounts record={record} />} />
      </Datagrid>
    </List>
  );
}
