import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useWatch } from 'react-hook-form';
import {
  AutocompleteInput,
  Form,
  ReferenceInput,
  SaveButton,
  SelectInput,
  TextInput,
  required,
  useDataProvider,
  useNotify,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { LeagueDateTimeInput } from '../../../framework/dates/league-date-inputs';
import { ENTITLEMENT_KINDS, EXTERNAL_REF_MAX_LENGTH } from '@umpire/schema';
import { submissionErrors } from '../../../framework/ui/server-errors';
import { fanLabel, type EntitlementRecord } from './entitlement-api';


/** The event picker, only for a ticket to one event: a subscription names none. */
function EventPicker() {
  const translate = useTranslate();
  const kind = useWatch({ name: 'kind' }) as string | undefined;
  if (kind !== 'event') return null;
  return (
    // Paid events only: a free one needs no entitlement.
    <ReferenceInput source="event_id" reference="ott_events" filter={{ access: ['pay_per_view', 'subscription'] }} sort={{ field: 'starts_at', order: 'DESC' }}>
      <AutocompleteInput
        label="resources.ott_entitlements.fields.event"
        optionText={(e: RaRecord) => String(e.title ?? `#${e.id}`)}
        filterToQuery={(q: string) => (q ? { q } : {})}
        helperText={translate('entitlements.eventHelp')}
        validate={required()}
        isRequired
        fullWidth
      />
    </ReferenceInput>
  );
}

/**
 * Granting an entitlement: a fan (found by name or e-mail), a ticket to one paid event or a
 * subscription, when it starts and ends (open-ended when no end is given) and the payment's
 * reference. The server's refusals show beside their fields.
 */
export function GrantDialog({ onClose, onGranted }: { onClose: () => void; onGranted: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const deviceLabel = translate('entitlements.device');

  const onSubmit = async (values: Record<string, unknown>) => {
    const data = { ...values, event_id: values.kind === 'event' ? values.event_id : null };
    try {
      await dataProvider.create('ott_entitlements', { data });
      notify('entitlements.granted', { type: 'success' });
      onGranted();
      onClose();
      return undefined;
    } catch (error) {
      return submissionErrors(error) ?? {};
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="grant-dialog-title" aria-describedby="grant-dialog-text">
      <Form onSubmit={onSubmit} defaultValues={{ kind: 'event', valid_from: null, valid_until: null, external_ref: '' }} noValidate>
        <DialogTitle id="grant-dialog-title">{translate('entitlements.grantTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="grant-dialog-text" sx={{ mb: 2, color: 'text.primary' }}>
            {translate('entitlements.grantText')}
          </DialogContentText>
          <ReferenceInput source="fan_id" reference="fans" sort={{ field: 'created_at', order: 'DESC' }}>
            <AutocompleteInput
              label="resources.ott_entitlements.fields.fan"
              optionText={(f: RaRecord) => fanLabel(f as EntitlementRecord['fan'], deviceLabel)}
              filterToQuery={(q: string) => (q ? { q } : {})}
              helperText={translate('entitlements.fanHelp')}
              validate={required()}
              isRequired
              fullWidth
            />
          </ReferenceInput>
          <SelectInput
            source="kind"
            label="resources.ott_entitlements.fields.kind"
            choices={ENTITLEMENT_KINDS.map((k) => ({ id: k, name: translate(`resources.ott_entitlements.choices.kind.${k}`) }))}
            translateChoice={false}
            helperText={translate('entitlements.kindHelp')}
            validate={required()}
            isRequired
            fullWidth
          />
          <EventPicker />
          <LeagueDateTimeInput source="valid_from" label="resources.ott_entitlements.fields.valid_from" helperText={translate('entitlements.fromHelp')} fullWidth />
          <LeagueDateTimeInput source="valid_until" label="resources.ott_entitlements.fields.valid_until" helperText={translate('entitlements.untilHelp')} fullWidth />
          <TextInput source="external_ref" label="resources.ott_entitlements.fields.external_ref" helperText={translate('entitlements.refHelp')} inputProps={{ maxLength: EXTERNAL_REF_MAX_LENGTH }} fullWidth />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <SaveButton alwaysEnable label="entitlements.grant" />
        </DialogActions>
      </Form>
    </Dialog>
  );
}
