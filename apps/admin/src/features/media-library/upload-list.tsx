import { Box, Button, IconButton, LinearProgress, List, ListItem, Tooltip, Typography } from '@mui/material';
import CancelIcon from '@mui/icons-material/Close';
import RetryIcon from '@mui/icons-material/Replay';
import DoneIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import { useTranslate } from 'react-admin';
import { precheck, type UploadReason } from './upload-queue';
import type { MediaUpload } from './use-upload-queue';

export function useReasonText() {
  const translate = useTranslate();
  return (reason: UploadReason | undefined) => (!reason ? '' : 'text' in reason ? reason.text : translate(reason.key, reason.params ?? {}));
}

/**
 * The files being uploaded, each with its state (spec §4), its progress and, when it failed, the
 * reason; a failed file can be retried, a running one cancelled. Announced politely to screen
 * readers as states change.
 */
export function UploadList({
  queue,
  onRetry,
  onCancel,
  onClear,
}: {
  queue: MediaUpload[];
  onRetry: (id: string) => void;
  onCancel: (id: string) => void;
  onClear: () => void;
}) {
  const translate = useTranslate();
  const reasonText = useReasonText();
  if (!queue.length) return null;
  const finished = queue.filter((item) => item.state === 'DONE' || item.state === 'ERROR').length;
  return (
    <Box component="section" aria-labelledby="upload-list-title" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography id="upload-list-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {translate('mediaLibrary.upload.title', { done: finished, total: queue.length })}
        </Typography>
        <Button size="small" onClick={onClear} disabled={!finished}>
          {translate('mediaLibrary.upload.clear')}
        </Button>
      </Box>
      <List dense aria-live="polite" sx={{ maxHeight: 280, overflow: 'auto' }}>
        {queue.map((item) => (
          <ListItem
            key={item.id}
            data-testid="upload-item"
            data-state={item.state}
            data-progress={item.progress}
            sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', columnGap: 1, alignItems: 'center', px: 0 }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                {item.state === 'DONE' && <DoneIcon fontSize="small" color="success" aria-hidden />}
                {item.state === 'ERROR' && <ErrorIcon fontSize="small" color="error" aria-hidden />}
                <Typography variant="body2" noWrap sx={{ fontWeight: 500 }} title={item.file.name}>
                  {item.file.name}
                </Typography>
                <Typography variant="body2" data-testid="upload-state" sx={{ color: item.state === 'ERROR' ? 'error.main' : 'text.secondary', flexShrink: 0 }}>
                  {translate(`mediaLibrary.upload.states.${item.state}`)}
                </Typography>
                <Typography variant="body2" data-testid="upload-progress" sx={{ color: 'text.secondary', ml: 'auto', flexShrink: 0 }}>
                  {`${item.progress} %`}
                </Typography>
              </Box>
              <LinearProgress
                variant="determinate"
                value={item.progress}
                color={item.state === 'ERROR' ? 'error' : item.state === 'DONE' ? 'success' : 'primary'}
                aria-label={translate('mediaLibrary.upload.progressOf', { name: item.file.name })}
                sx={{ mt: 0.5 }}
              />
              {item.state === 'ERROR' && (
                <Typography variant="body2" color="error" data-testid="upload-reason" sx={{ mt: 0.5 }}>
                  {reasonText(item.reason)}
                </Typography>
              )}
            </Box>
            <Box sx={{ display: 'flex' }}>
              {item.state === 'ERROR' && !precheck(item.file) && (
                <Tooltip title={translate('mediaLibrary.upload.retry')}>
                  <IconButton size="small" aria-label={translate('mediaLibrary.upload.retryFile', { name: item.file.name })} onClick={() => onRetry(item.id)}>
                    <RetryIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
              {(item.state === 'PENDING' || item.state === 'IN_PROGRESS') && (
                <Tooltip title={translate('mediaLibrary.upload.cancel')}>
                  <IconButton size="small" aria-label={translate('mediaLibrary.upload.cancelFile', { name: item.file.name })} onClick={() => onCancel(item.id)}>
                    <CancelIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
            </Box>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
