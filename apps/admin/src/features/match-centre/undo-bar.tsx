import { useEffect } from 'react';
import { Button, IconButton, Snackbar } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslate } from 'react-admin';

/** How long a change can be undone from the bar. */
export const UNDO_MS = 6000;

export interface UndoNotice {
  id: number;
  text: string;
  /** Present while the change can still be undone. */
  undo?: () => void;
  severity?: 'error';
}

const isEditable = (el: Element | null) =>
  !!el && (el instanceof HTMLTextAreaElement || (el instanceof HTMLInputElement && el.value !== '') || (el as HTMLElement).isContentEditable);

/**
 * The bar after a change to the timeline: what happened, and "Undo" for six seconds (no
 * confirmation dialogs: a mistake is one click or Ctrl+Z away from being reverted).
 */
export function UndoBar({ notice, onClose }: { notice: UndoNotice | null; onClose: () => void }) {
  const translate = useTranslate();

  useEffect(() => {
    if (!notice?.undo) return;
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.shiftKey && event.key.toLowerCase() === 'z' && !isEditable(document.activeElement)) {
        event.preventDefault();
        notice.undo?.();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [notice]);

  return (
    <Snackbar
      key={notice?.id}
      open={!!notice}
      autoHideDuration={UNDO_MS}
      onClose={(_, reason) => reason !== 'clickaway' && onClose()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      message={notice?.text}
      slotProps={{
        content: {
          role: notice?.severity === 'error' ? 'alert' : 'status',
          sx: notice?.severity === 'error' ? { bgcolor: 'error.main', color: 'error.contrastText' } : undefined,
          // @ts-expect-error data attributes pass through to the element
          'data-testid': 'undo-bar',
        },
      }}
      action={
        <>
          {notice?.undo && (
            <Button color="inherit" size="small" onClick={notice.undo} data-testid="undo-button" sx={{ fontWeight: 700, textDecoration: 'underline' }}>
              {translate('matchCentre.undo.action')}
            </Button>
          )}
          <IconButton size="small" color="inherit" aria-label={translate('matchCentre.undo.close')} onClick={onClose}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </>
      }
    />
  );
}
