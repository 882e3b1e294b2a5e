import { useEffect, useState } from 'react';
import { Alert, Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ConnectionState } from './use-match-centre';

const RESTORED_MS = 4000;

/**
 * Spec §8: an unclean close reaches the screen as an error with its code. While ActionCable
 * reconnects the banner says so; a refusal (e.g. 4401, session ended) asks for a reload.
 */
export function ConnectionBanner({ connection }: { connection: ConnectionState }) {
  const translate = useTranslate();
  // "Restored" shows for a moment after each reconnection.
  const [hiddenAt, setHiddenAt] = useState<ConnectionState['restoredAt']>(null);
  const { restoredAt } = connection;
  useEffect(() => {
    if (!restoredAt) return;
    const timer = setTimeout(() => setHiddenAt(restoredAt), RESTORED_MS);
    return () => clearTimeout(timer);
  }, [restoredAt]);
  const showRestored = !!restoredAt && restoredAt !== hiddenAt;

  const { error } = connection;
  if (error && !error.willReconnect) {
    return (
      <Alert
        severity="error"
        role="alert"
        data-testid="connection-banner"
        action={
          <Button color="inherit" size="small" onClick={() => window.location.reload()}>
            {translate('matchCentre.connection.reload')}
          </Button>
        }
      >
        {translate('matchCentre.connection.refused', { code: error.code })}
      </Alert>
    );
  }
  if (error) {
    return (
      <Alert severity="warning" role="alert" data-testid="connection-banner">
        {translate('matchCentre.connection.lost', { code: error.code })}
      </Alert>
    );
  }
  if (connection.rejected) {
    return (
      <Alert severity="info" data-testid="connection-banner">
        {translate('matchCentre.connection.rejected')}
      </Alert>
    );
  }
  if (showRestored) {
    return (
      <Alert severity="success" role="status" data-testid="connection-banner">
        {translate('matchCentre.connection.restored')}
      </Alert>
    );
  }
  return null;
}
