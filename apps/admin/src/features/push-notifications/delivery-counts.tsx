import { Box, Chip, Stack, Typography } from '@mui/material';
import { useTranslate, type RaRecord } from 'react-admin';

/**
 * A notification's delivery so far: delivered of its recipients with a bar of what has been handed
 * to the push services, then expired and failed subscriptions (with their reasons when asked).
 */
export function DeliveryCounts({ record, reasons = false }: { record: RaRecord; reasons?: boolean }) {
  const translate = useTranslate();
  const total = Number(record.total_count ?? 0);
  const sent = Number(record.sent_count ?? 0);
  const delivered = Number(record.delivered_count ?? 0);
  const expired = Number(record.expired_count ?? 0);
  const failed = Number(record.failed_count ?? 0);
  if (record.status === 'draft' || record.status === 'scheduled')
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('pushPage.notSentYet')}
      </Typography>
    );
  const summary = translate('pushPage.deliveredOf', { delivered, total });
  const failures = Object.entries((record.failure_reasons ?? {}) as Record<string, number>);
  return (
    <Stack spacing={0.5} sx={{ minWidth: 180 }} data-testid="delivery-counts">
      <Typography variant="body2">{summary}</Typography>
      {/* A plain bar beside the words: screens treat a progressbar role as "still loading". */}
      <Box aria-hidden sx={{ height: 4, borderRadius: 2, bgcolor: 'grey.300', overflow: 'hidden' }} title={translate('pushPage.progress', { sent, total })}>
        <Box sx={{ height: '100%', width: `${total ? Math.round((sent / total) * 100) : 100}%`, bgcolor: failed && !delivered ? 'error.main' : 'success.main' }} />
      </Box>
      <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
        <Chip size="small" variant="outlined" label={`${translate('resources.push_notifications.fields.sent_count')}: ${sent}`} />
        <Chip size="small" variant="outlined" label={`${translate('resources.push_notifications.fields.expired_count')}: ${expired}`} />
        <Chip size="small" variant="outlined" color={failed ? 'error' : 'default'} label={`${translate('resources.push_notifications.fields.failed_count')}: ${failed}`} />
      </Box>
      {reasons && failures.length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }} aria-label={translate('resources.push_notifications.fields.failure_reasons')}>
          {failures.map(([reason, n]) => (
            <Typography component="li" variant="body2" key={reason}>
              {reason}: {n}
            </Typography>
          ))}
        </Box>
      )}
    </Stack>
  );
}
