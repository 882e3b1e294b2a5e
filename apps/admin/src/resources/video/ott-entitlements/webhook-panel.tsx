import { useState } from 'react';
import { Alert, AlertTitle, Box, Button, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Confirm, useCanAccess, useTranslate } from 'react-admin';
import { formatDateTime } from '../../../lib/locale';
import { readPaymentWebhook, rotatePaymentWebhookSecret } from './entitlement-api';
import { useCopy } from '../../../lib/clipboard';

/** A text to copy (the webhook's address, its new secret), with its button; the outcome is said aloud. */
function CopyField({ id, label, value, testId }: { id: string; label: string; value: string; testId: string }) {
  const translate = useTranslate();
  const { copied, copy } = useCopy(value);
  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="caption" component="div" id={`${id}-label`}>
        {label}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography component="code" aria-labelledby={`${id}-label`} data-testid={testId} sx={{ fontFamily: 'monospace', fontSize: '0.9rem', wordBreak: 'break-all', flex: 1, userSelect: 'all' }}>
          {value}
        </Typography>
        <Tooltip title={translate('entitlements.copy', { what: label })}>
          <IconButton size="small" onClick={copy} aria-label={translate('entitlements.copy', { what: label })}>
            <ContentCopyIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
      <div role="status">
        {copied && (
          <Typography variant="body2" color={copied === 'ok' ? 'success.dark' : 'error'}>
            {translate(copied === 'ok' ? 'entitlements.copied' : 'entitlements.copyFailed')}
          </Typography>
        )}
      </div>
    </Box>
  );
}

/**
 * The payment provider's webhook (a setting of the client, kept here beside what it grants): the
 * address to give the provider and the signing secret, which admins set or replace after a
 * question; a new secret is shown this once.
 */
export function WebhookPanel() {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const { canAccess: canRotate } = useCanAccess({ resource: 'client', action: 'edit' });
  const webhook = useQuery({ queryKey: ['ott_payment_webhook'], queryFn: readPaymentWebhook });
  const [confirming, setConfirming] = useState(false);
  const [rotating, setRotating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  if (!webhook.data) return null;
  const { url, configured, secret_hint: hint, rotated_at: at, rotated_by: by } = webhook.data;

  const rotate = async () => {
    setRotating(true);
    try {
      const answer = await rotatePaymentWebhookSecret();
      setSecret(answer.secret);
      queryClient.setQueryData(['ott_payment_webhook'], answer.webhook);
    } catch {
      // The HTTP client has shown what went wrong; the secret stays as it was.
    } finally {
      setRotating(false);
      setConfirming(false);
    }
  };

  return (
    <Box data-testid="payment-webhook">
      <Typography variant="subtitle1" component="h2">
        {translate('entitlements.webhookTitle')}
      </Typography>
      <Typography variant="body2">{translate('entitlements.webhookText')}</Typography>
      <CopyField id="webhook-url" label={translate('entitlements.webhookUrl')} value={url} testId="payment-webhook-url" />
      <Typography variant="body2" sx={{ mt: 1 }}>
        {configured && hint && at
          ? translate('entitlements.secretSet', { hint, at: formatDateTime(at), by: by ?? '' })
          : translate('entitlements.secretMissing')}
      </Typography>
      {secret && (
        <Alert severity="warning" sx={{ mt: 1 }} onClose={() => setSecret(null)} slotProps={{ closeButton: { title: translate('entitlements.secretCopied'), 'aria-label': translate('entitlements.secretCopied') } }}>
          <AlertTitle>{translate('entitlements.secretTitle')}</AlertTitle>
          {translate('entitlements.secretWarning')}
          <CopyField id="webhook-secret" label={translate('entitlements.secretLabel')} value={secret} testId="payment-webhook-secret" />
        </Alert>
      )}
      {canRotate && (
        <Button size="small" variant="outlined" sx={{ mt: 1 }} disabled={rotating} onClick={() => (configured ? setConfirming(true) : void rotate())}>
          {translate(configured ? 'entitlements.rotate' : 'entitlements.setSecret')}
        </Button>
      )}
      <Confirm
        isOpen={confirming}
        loading={rotating}
        title="entitlements.rotateTitle"
        content="entitlements.rotateText"
        confirmColor="warning"
        onConfirm={() => void rotate()}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
