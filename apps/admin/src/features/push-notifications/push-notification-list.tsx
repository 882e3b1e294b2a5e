import { Box, Chip, Tab, Tabs } from '@mui/material';
import {
  CreateButton,
  FilterButton,
  Datagrid,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  TextField,
  TopToolbar,
  useListContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { MATCH_ALERT_TEMPLATE_KINDS, PUSH_ORIGINS, PUSH_STATUSES } from '@umpire/schema';
import { DeliveryCounts } from './delivery-counts';
import { pollWhileLive } from './delivery';
import { AlertKind, AlertMatch, OriginChip } from './alert-fields';
import { DateTimeField } from '../../framework/dates/date-time-field';

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

const ORIGIN_TABS = ['all', ...PUSH_ORIGINS] as const;

/** Quick tabs over the list: every notification, staff's own, or the match centre's alerts. */
function OriginTabs() {
  const translate = useTranslate();
  const list = useListContext();
  const filterValues = list.filterValues as Record<string, unknown>;
  const origin = (PUSH_ORIGINS as readonly string[]).includes(String(filterValues.origin)) ? String(filterValues.origin) : 'all';
  const choose = (next: string) => {
    const { origin: _, ...rest } = filterValues;
    // A kind of alert means nothing for staff's own notifications: it goes with the tab.
    if (next !== 'match_alert') delete rest.alert_kind;
    list.setFilters(next === 'all' ? rest : { ...rest, origin: next }, list.displayedFilters as Record<string, boolean>);
  };
  const label = { all: 'pushPage.allOrigins', staff: 'pushPage.staffOnly', match_alert: 'pushPage.matchAlerts' } as const;
  return (
    <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Tabs value={origin} onChange={(_, next: string) => choose(next)} aria-label={translate('pushPage.originTabs')} variant="scrollable" allowScrollButtonsMobile>
        {ORIGIN_TABS.map((o) => (
          <Tab key={o} value={o} label={translate(label[o])} data-testid={`origin-tab-${o}`} />
        ))}
      </Tabs>
    </Box>
  );
}

/**
 * Push notifications: search in titles and texts, a status filter, newest first; while one is being
 * sent (or is due) the list reloads every second, so its delivery counts arrive as they are made.
 * Beside staff's own, the match centre's alerts (issue 41): who wrote each, the alert's kind and
 * its match, with tabs to see one or the other; an alert opens read only.
 */
export default function PushNotificationList() {
  const translate = useTranslate();
  const statusChoices = PUSH_STATUSES.map((s) => ({ id: s, name: translate(`resources.push_notifications.choices.status.${s}`) }));
  const kindChoices = MATCH_ALERT_TEMPLATE_KINDS.map((k) => ({ id: k, name: translate(`resources.push_notifications.choices.alert_kind.${k}`) }));
  return (
    <List
      filters={[
        <SearchInput key="q" source="q" alwaysOn placeholder={translate('pushPage.search')} />,
        <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
        <SelectInput key="alert_kind" source="alert_kind" choices={kindChoices} />,
      ]}
      sort={{ field: 'created_at', order: 'DESC' }}
      queryOptions={{ refetchInterval: (query: { state: { data?: { data?: RaRecord[] } } }) => pollWhileLive(query.state.data?.data) }}
      actions={
        <TopToolbar>
          <FilterButton />
          <CreateButton />
        </TopToolbar>
      }
      empty={false}
      title={translate('resources.push_notifications.name', { smart_count: 2 })}
    >
      <OriginTabs />
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="title_pl" />
        <FunctionField source="origin" render={(record: RaRecord) => <OriginChip record={record} />} />
        <FunctionField source="alert_kind" sortable={false} render={(record: RaRecord) => <AlertKind record={record} />} />
        <FunctionField source="match" sortable={false} render={(record: RaRecord) => <AlertMatch record={record} />} />
        <FunctionField source="status" render={(record: RaRecord) => <StatusChip record={record} />} />
        <DateTimeField source="send_at" />
        <FunctionField source="delivered_count" render={(record: RaRecord) => <DeliveryCounts record={record} />} />
      </Datagrid>
    </List>
  );
}
