import { useEffect } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useBlocker } from 'react-router';

/**
 * Asks before leaving a screen with unsaved changes (the page builder, an article): moving
 * elsewhere in the app (a dialog of ours) or closing the tab (the browser's own question).
 */
export function UnsavedGuard({ dirty }: { dirty: boolean }) {
  const translate = useTranslate();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  const open = blocker.state === 'blocked';
  return (
    <Dialog open={open} onClose={() => blocker.reset?.()} aria-labelledby="unsaved-title" aria-describedby="unsaved-text">
      <DialogTitle id="unsaved-title">{translate('unsaved.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="unsaved-text">{translate('unsaved.text')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" autoFocus onClick={() => blocker.reset?.()}>
          {translate('unsaved.stay')}
        </Button>
        <Button color="error" onClick={() => blocker.proceed?.()}>
          {translate('unsaved.leave')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
