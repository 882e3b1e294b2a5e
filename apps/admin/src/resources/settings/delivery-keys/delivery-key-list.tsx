import { useState } from 'react';
import { Box, Card, CardContent, Chip, Stack, Tooltip, Typography } from '@mui/material';
import BlockIcon from '@mui/icons-material/Block';
import KeyIcon from '@mui/icons-material/Key';
import {
  DataTable,
  ExportButton,
  FilterButton,
  List,
  SearchInput,
  SelectInput,
  TopToolbar,
  useCanAccess,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { DELIVERY_KEY_STATUSES, type DeliveryKeyStatus } from '@umpire/schema';
import { RecordLink } from '../../../framework/generic/fields';
import { RowDeleteButton } from '../../../framework/generic/row-delete-button';
import { CreateInDialogButton, EmptyListIntro } from '../../../framework/ui/list-intro';
import { ConfirmRemoveButton, useRowChange } from '../../../framework/ui/row-actions';
import { formatDateTime, formatNumber, formatRelative } from '../../../lib/locale';
import { safeExporter } from '../../../framework/generic/csv';
import { AnonymousReadsSwitch } from './anonymous-reads-switch';
import { CreateKeyDialog } from './create-key-dialog';
import { revokeDeliveryKey } from './delivery-key-api';

interface DeliveryKeyRecord {
  id: string;
  name: string;
  prefix: string;
  rate_limit_per_minute: number;
  status: DeliveryKeyStatus;
  last_used_at: string | null;
  revoked_at: string | null;
  created_by: string | null;
  created_at: string;
}

const STATUS_COLORS = { active: 'success', revoked: 'default' } as const;
const statusChoices = DELIVERY_KEY_STATUSES.map((id) => ({ id, name: `resources.delivery_keys.choices.status.${id}` }));

/** A moment in a cell: the date and time, and how long ago on hover. */
function Moment({ at }: { at: string }) {
  return (
    <Tooltip title={formatRelative(at)}>
      <time dateTime={at}>{formatDateTime(at)}</time>
    </Tooltip>
  );
}

/** Revoke (after a question; final) and delete (after a question) of one key. */
function RowActions() {
  const key = useRecordContext<DeliveryKeyRecord>();
  const translate = useTranslate();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const { busy, run } = useRowChange<'revoke'>();
  const { canAccess: canRevoke } = useCanAccess({ action: 'edit', resource: 'delivery_keys', record: key });
  if (!key) return null;
  const revoke = () =>
    run('revoke', async () => {
      await revokeDeliveryKey(String(key.id));
      await queryClient.invalidateQueries({ queryKey: ['delivery_keys'] });
      refresh();
    });
  return (
    // Clicks here (also in the portalled questions) must not open the row.
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }} role="presentation" onClick={(e) => e.stopPropagation()}>
      {canRevoke && key.status === 'active' && (
        <ConfirmRemoveButton
          label={translate('deliveryKeys.revokeLabel', { name: key.name })}
          icon={<BlockIcon fontSize="small" />}
          title="deliveryKeys.revokeTitle"
          content="deliveryKeys.revokeText"
          titleOptions={{ name: key.name }}
          contentOptions={{ name: key.name }}
          loading={busy === 'revoke'}
          onConfirm={revoke}
        />
      )}
      <RowDeleteButton mutationMode="pessimistic" />
    </Stack>
  );
}

/**
 * The delivery keys of the client (Settings): each website's or app's key by name and prefix with
 * its limit, last use and state; made in a dialog that shows the secret once, revoked and deleted
 * after a question. Above them, whether reads without a key are allowed at all.
 */
export default function DeliveryKeyList() {
  const translate = useTranslate();
  const refresh = useRefresh();
  const [creating, setCreating] = useState(false);
  const { canAccess: canEdit } = useCanAccess({ action: 'edit', resource: 'delivery_keys' });
  const filters = [<SearchInput key="q" source="q" alwaysOn />, <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />];
  return (
    <>
      <Card sx={{ mt: 1 }}>
        <CardContent>
          <Typography sx={{ mb: 1.5 }}>{translate('deliveryKeys.intro')}</Typography>
          <AnonymousReadsSwitch />
        </CardContent>
      </Card>
      <List
        resource="delivery_keys"
        exporter={safeExporter}
        filters={filters}
        sort={{ field: 'created_at', order: 'DESC' }}
        perPage={25}
        empty={
          <EmptyListIntro
            icon={<KeyIcon />}
            title={translate('deliveryKeys.empty')}
            text={translate('deliveryKeys.emptyText')}
            testId="delivery-keys-empty"
            action={<CreateInDialogButton resource="delivery_keys" label={translate('deliveryKeys.create')} onClick={() => setCreating(true)} />}
          />
        }
        actions={
          <TopToolbar>
            <FilterButton />
            <CreateInDialogButton resource="delivery_keys" label={translate('deliveryKeys.create')} onClick={() => setCreating(true)} />
            <ExportButton />
          </TopToolbar>
        }
        sx={{ '& .RaList-content': { overflowX: 'auto' }, '& .RaList-main': { minWidth: 0 } }}
      >
        <DataTable rowClick={canEdit ? 'edit' : 'show'} bulkActionButtons={false}>
          <DataTable.Col source="name">
            <RecordLink source="name">
              <DeliveryKeyName />
            </RecordLink>
          </DataTable.Col>
          <DataTable.Col source="prefix" disableSort render={(k: DeliveryKeyRecord) => <Box component="code" sx={{ fontFamily: 'monospace' }}>{`${k.prefix}…`}</Box>} />
          <DataTable.Col source="rate_limit_per_minute" align="right" render={(k: DeliveryKeyRecord) => formatNumber(k.rate_limit_per_minute)} />
          <DataTable.Col source="last_used_at" render={(k: DeliveryKeyRecord) => (k.last_used_at ? <Moment at={k.last_used_at} /> : translate('deliveryKeys.never'))} />
          <DataTable.Col source="created_at" render={(k: DeliveryKeyRecord) => <Moment at={k.created_at} />} />
          <DataTable.Col
            source="status"
            render={(k: DeliveryKeyRecord) => (
              <Tooltip title={k.revoked_at ? formatDateTime(k.revoked_at) : ''}>
                <Chip size="small" color={STATUS_COLORS[k.status]} label={translate(`resources.delivery_keys.choices.status.${k.status}`)} />
              </Tooltip>
            )}
          />
          <DataTable.Col source="actions" label={translate('list.actions')} disableSort align="right">
            <RowActions />
          </DataTable.Col>
        </DataTable>
      </List>
      {creating && <CreateKeyDialog onClose={() => setCreating(false)} onCreated={() => refresh()} />}
    </>
  );
}

function DeliveryKeyName() {
  const key = useRecordContext<DeliveryKeyRecord>();
  return <>{key?.name}</>;
}
