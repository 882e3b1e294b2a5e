import { useState } from 'react';
import { Alert, AlertTitle, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, IconButton, Tooltip, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Form, NumberInput, SaveButton, TextInput, useTranslate } from 'react-admin';
import { DEFAULT_DELIVERY_KEY_RATE_LIMIT, DELIVERY_KEY_HEADER, DELIVERY_KEY_RATE_LIMIT_MAX, DELIVERY_KEY_RATE_LIMIT_MIN } from '@umpire/schema';
import { resourceDef } from '../../../framework/definitions';
import { attributeValidators } from '../../../framework/generic/validation';
import { submissionErrors } from '../../../framework/ui/server-errors';
import { createDeliveryKey, type CreatedDeliveryKey, type NewDeliveryKey } from './delivery-key-api';
import { useCopy } from '../../../lib/clipboard';

const attr = (name: string) => resourceDef('delivery_keys')!.attributes.find((a) => a.name === name)!;

/** The secret with its copy button; the copy's outcome is said aloud (a status region). */
function SecretField({ label, secret }: { label: string; secret: string }) {
  const translate = useTranslate();
  const { copied, copy } = useCopy(secret);
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="caption" color="text.secondary" component="div" id="delivery-key-secret-label">
        {label}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, bgcolor: 'action.hover', borderRadius: 1, px: 1.5, py: 1 }}>
        <Typography component="code" aria-labelledby="delivery-key-secret-label" data-testid="delivery-key-secret" sx={{ fontFamily: 'monospace', fontSize: '0.9rem', wordBreak: 'break-all', flex: 1, userSelect: 'all' }}>
          {secret}
        </Typography>
        <Tooltip disableInteractive title={translate('deliveryKeys.copy')}>
          <IconButton onClick={copy} aria-label={translate('deliveryKeys.copy')}>
            <ContentCopyIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
      <Box role="status" aria-live="polite" sx={{ minHeight: 24, mt: 0.5 }}>
        {copied && (
          <Typography variant="body2" color={copied === 'ok' ? 'success.dark' : 'error'}>
            {translate(copied === 'ok' ? 'deliveryKeys.copied' : 'deliveryKeys.copyFailed')}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

/**
 * Making a delivery key: its name and limit, then its secret, shown this once with a copy button
 * and a warning that it cannot be shown again. Once the key exists the dialog closes only by its
 * button (not a click beside it), so the secret is not lost by a slip.
 */
export function CreateKeyDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (key: CreatedDeliveryKey) => void }) {
  const translate = useTranslate();
  // Shown while mounted: each new dialog starts with an empty form.
  const [created, setCreated] = useState<CreatedDeliveryKey | null>(null);

  const onSubmit = async (values: Record<string, unknown>) => {
    try {
      const key = await createDeliveryKey(values as unknown as NewDeliveryKey);
      setCreated(key);
      onCreated(key);
      return undefined;
    } catch (error) {
      return submissionErrors(error) ?? {};
    }
  };
  const close = (_event: unknown, reason?: string) => {
    if (created && reason === 'backdropClick') return;
    onClose();
  };

  return (
    <Dialog open onClose={close} fullWidth maxWidth="sm" aria-labelledby="delivery-key-dialog-title" aria-describedby={created ? 'delivery-key-dialog-warning' : undefined}>
      {!created ? (
        <Form onSubmit={onSubmit} defaultValues={{ name: '', rate_limit_per_minute: DEFAULT_DELIVERY_KEY_RATE_LIMIT }} noValidate>
          <DialogTitle id="delivery-key-dialog-title">{translate('deliveryKeys.createTitle')}</DialogTitle>
          <DialogContent>
            <TextInput
              source="name"
              label="resources.delivery_keys.fields.name"
              helperText="deliveryKeys.nameHelp"
              validate={attributeValidators('delivery_keys', attr('name'))}
              isRequired
              fullWidth
              autoFocus
            />
            <NumberInput
              source="rate_limit_per_minute"
              label="resources.delivery_keys.fields.rate_limit_per_minute"
              helperText="deliveryKeys.limitHelp"
              validate={attributeValidators('delivery_keys', attr('rate_limit_per_minute'))}
              min={DELIVERY_KEY_RATE_LIMIT_MIN}
              max={DELIVERY_KEY_RATE_LIMIT_MAX}
              step={1}
              fullWidth
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
            <SaveButton alwaysEnable label="deliveryKeys.create" />
          </DialogActions>
        </Form>
      ) : created.secret ? (
        <>
          <DialogTitle id="delivery-key-dialog-title">{translate('deliveryKeys.secretTitle')}</DialogTitle>
          <DialogContent>
            <Alert severity="warning" id="delivery-key-dialog-warning">
              {translate('deliveryKeys.secretWarning')}
            </Alert>
            <SecretField label={translate('deliveryKeys.secretLabel', { name: created.name })} secret={created.secret} />
            <DialogContentText sx={{ color: 'text.primary' }}>{translate('deliveryKeys.usage')}</DialogContentText>
            <Typography component="code" sx={{ display: 'block', fontFamily: 'monospace', fontSize: '0.85rem', mt: 0.5 }}>{`${DELIVERY_KEY_HEADER}: ${created.prefix}…`}</Typography>
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={onClose}>
              {translate('deliveryKeys.done')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <>
          <DialogTitle id="delivery-key-dialog-title">{translate('deliveryKeys.createTitle')}</DialogTitle>
          <DialogContent>
            <Alert severity="error" id="delivery-key-dialog-warning">
              <AlertTitle>{created.name}</AlertTitle>
              {translate('deliveryKeys.withheld')}
            </Alert>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{translate('deliveryKeys.close')}</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
