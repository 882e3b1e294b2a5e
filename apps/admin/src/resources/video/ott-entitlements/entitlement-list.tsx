import { useState } from 'react';
import { Card, CardContent, Chip, Stack, Tooltip } from '@mui/material';
import BlockIcon from '@mui/icons-material/Block';
import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumber';
import {
  AutocompleteInput,
  DataTable,
  ExportButton,
  FilterButton,
  List,
  ReferenceInput,
  SelectInput,
  TopToolbar,
  useCanAccess,
  useRecordContext,
  useRefresh,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { ENTITLEMENT_KINDS, ENTITLEMENT_SOURCES } from '@umpire/schema';
import { CreateInDialogButton, EmptyListIntro } from '../../../framework/ui/list-intro';
import { ConfirmRemoveButton, useRowChange } from '../../../framework/ui/row-actions';
import { formatDateTime, formatRelative } from '../../../lib/locale';
import { safeExporter } from '../../../framework/generic/csv';
import { entitlementState, fanLabel, revokeEntitlement, type EntitlementRecord, type EntitlementState } from './entitlement-api';
import { GrantDialog } from './grant-dialog';
import { WebhookPanel } from './webhook-panel';

const STATE_COLORS: Record<EntitlementState, 'success' | 'info' | 'default' | 'warning'> = { active: 'success', scheduled: 'info', expired: 'default', revoked: 'warning' };

/** A moment in a cell: the date and time, and how long ago (or how soon) on hover. */
function Moment({ at }: { at: string }) {
  return (
    <Tooltip title={formatRelative(at)}>
      <time dateTime={at}>{formatDateTime(at)}</time>
    </Tooltip>
  );
}

/** Revoke, after a question (final: the fan's playback is refused from the next request). */
function RowActions() {
  const entitlement = useRecordContext<EntitlementRecord>();
  const translate = useTranslate();
  const refresh = useRefresh();
  const { busy, run } = useRowChange<'revoke'>();
  const { canAccess } = useCanAccess({ action: 'edit', resource: 'ott_entitlements', record: entitlement });
  if (!entitlement || !canAccess || entitlement.revoked_at) return null;
  const who = fanLabel(entitlement.fan, translate('entitlements.device'), entitlement.fan_id);
  return (
    // Clicks here (also in the portalled question) must not open the row.
    <Stack direction="row" sx={{ justifyContent: 'flex-end' }} role="presentation" onClick={(e) => e.stopPropagation()}>
      <ConfirmRemoveButton
        label={translate('entitlements.revokeLabel', { fan: who })}
        icon={<BlockIcon fontSize="small" />}
        title="entitlements.revokeTitle"
        content="entitlements.revokeText"
        titleOptions={{ fan: who }}
        contentOptions={{ fan: who }}
        loading={busy === 'revoke'}
        onConfirm={() =>
          run('revoke', async () => {
            await revokeEntitlement(String(entitlement.id));
            refresh();
          })
        }
      />
    </Stack>
  );
}

/**
 * Who may watch paid events (Video): each fan's tickets to one event and subscriptions, with
 * their window, where they came from (staff or the payment provider) and whether they open
 * playback now; granted in a dialog, revoked from their row. The payment webhook's address and
 * secret sit above the list.
 */
export default function EntitlementList() {
  const translate = useTranslate();
  const refresh = useRefresh();
  const [granting, setGranting] = useState(false);
  const deviceLabel = translate('entitlements.device');
  const choice = (attribute: string) => (id: string) => ({ id, name: translate(`resources.ott_entitlements.choices.${attribute}.${id}`) });
  const filters = [
    <SelectInput key="active" source="active" label="entitlements.filterActive" choices={[{ id: 'true', name: translate('entitlements.activeNow') }, { id: 'false', name: translate('entitlements.notActive') }]} translateChoice={false} alwaysOn />,
    <ReferenceInput key="fan" source="fan_id" reference="fans" alwaysOn>
      <AutocompleteInput label="resources.ott_entitlements.fields.fan" optionText={(f: RaRecord) => fanLabel(f as EntitlementRecord['fan'], deviceLabel)} filterToQuery={(q: string) => (q ? { q } : {})} />
    </ReferenceInput>,
    <ReferenceInput key="event" source="event_id" reference="ott_events">
      <AutocompleteInput label="resources.ott_entitlements.fields.event" optionText={(e: RaRecord) => String(e.title ?? `#${e.id}`)} filterToQuery={(q: string) => (q ? { q } : {})} />
    </ReferenceInput>,
    <SelectInput key="kind" source="kind" label="resources.ott_entitlements.fields.kind" choices={ENTITLEMENT_KINDS.map(choice('kind'))} translateChoice={false} />,
    <SelectInput key="source" source="source" label="resources.ott_entitlements.fields.source" choices={ENTITLEMENT_SOURCES.map(choice('source'))} translateChoice={false} />,
  ];
  return (
    <>
      <Card sx={{ mt: 1 }}>
        <CardContent>
          <WebhookPanel />
        </CardContent>
      </Card>
      <List
        resource="ott_entitlements"
        exporter={safeExporter}
        filters={filters}
        sort={{ field: 'created_at', order: 'DESC' }}
        perPage={25}
        queryOptions={{ meta: { include: ['fan', 'event'] } }}
        empty={
          <EmptyListIntro
            icon={<ConfirmationNumberIcon />}
            title={translate('entitlements.empty')}
            text={translate('entitlements.emptyText')}
            testId="entitlements-empty"
            action={<CreateInDialogButton resource="ott_entitlements" label={translate('entitlements.grant')} onClick={() => setGranting(true)} />}
          />
        }
        actions={
          <TopToolbar>
            <FilterButton />
            <CreateInDialogButton resource="ott_entitlements" label={translate('entitlements.grant')} onClick={() => setGranting(true)} />
            <ExportButton />
          </TopToolbar>
        }
        sx={{ '& .RaList-content': { overflowX: 'auto' }, '& .RaList-main': { minWidth: 0 }, '& .RaList-noResults .RaEmpty-message': { color: 'text.primary' } }}
      >
        <DataTable rowClick="show" bulkActionButtons={false}>
          <DataTable.Col source="fan" disableSort render={(e: EntitlementRecord) => fanLabel(e.fan, deviceLabel, e.fan_id)} />
          <DataTable.Col source="kind" render={(e: EntitlementRecord) => translate(`resources.ott_entitlements.choices.kind.${e.kind}`)} />
          <DataTable.Col source="event" disableSort render={(e: EntitlementRecord) => (e.kind === 'event' ? (e.event?.title ?? `#${e.event_id}`) : translate('entitlements.allSubscriptionEvents'))} />
          <DataTable.Col source="valid_from" render={(e: EntitlementRecord) => <Moment at={e.valid_from} />} />
          <DataTable.Col source="valid_until" render={(e: EntitlementRecord) => (e.valid_until ? <Moment at={e.valid_until} /> : translate('entitlements.openEnded'))} />
          <DataTable.Col source="source" render={(e: EntitlementRecord) => translate(`resources.ott_entitlements.choices.source.${e.source}`)} />
          <DataTable.Col
            source="state"
            label={translate('entitlements.state')}
            disableSort
            render={(e: EntitlementRecord) => {
              const state = entitlementState(e);
              const tip = e.revoked_at ? translate('entitlements.revokedBy', { at: formatDateTime(e.revoked_at), by: e.revoked_by ?? '' }) : '';
              return (
                <Tooltip title={tip}>
                  <Chip size="small" color={STATE_COLORS[state]} label={translate(`entitlements.states.${state}`)} />
                </Tooltip>
              );
            }}
          />
          <DataTable.Col source="actions" label={translate('list.actions')} disableSort align="right">
            <RowActions />
          </DataTable.Col>
        </DataTable>
      </List>
      {granting && <GrantDialog onClose={() => setGranting(false)} onGranted={() => refresh()} />}
    </>
  );
}
