import { useState } from 'react';
import { Box, Chip, FormControlLabel, Switch, Typography } from '@mui/material';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import NotificationsOffIcon from '@mui/icons-material/NotificationsOff';
import { useTranslate } from 'react-admin';
import { failureText, isStale, type MatchChanges } from './api';
import type { MatchInfo } from './types';

/**
 * Whether this match's incidents go out to fans as alerts (issue 41): one switch, no question
 * asked (muting is undone by the same switch), its state said in words beside it. A change
 * someone made meanwhile (409) reloads the match and asks to try again.
 */
export function AlertsSwitch({
  match,
  canEdit,
  onSave,
  onStale,
}: {
  match: MatchInfo;
  canEdit: boolean;
  onSave: (changes: MatchChanges, updatedAt: string) => Promise<MatchInfo>;
  onStale: () => Promise<unknown> | void;
}) {
  const translate = useTranslate();
  // The value on its way to the server, shown meanwhile.
  const [pending, setPending] = useState<boolean | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const muted = pending ?? match.alerts_muted;
  const change = async (on: boolean) => {
    setPending(!on);
    setMessage(null);
    try {
      await onSave({ attributes: { alerts_muted: !on } }, match.updated_at);
    } catch (error) {
      if (isStale(error)) {
        await onStale();
        setMessage(translate('matchCentre.alerts.stale'));
      } else setMessage(translate('matchCentre.alerts.failed', { message: failureText(error, translate) }));
    } finally {
      setPending(null);
    }
  };
  return (
    <Box data-testid="match-alerts" data-muted={String(muted)} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}>
      <FormControlLabel
        sx={{ mr: 0 }}
        control={
          <Switch
            checked={!muted}
            disabled={!canEdit || pending !== null}
            onChange={(e) => void change(e.target.checked)}
            slotProps={{ input: { 'aria-describedby': 'match-alerts-help' } }}
          />
        }
        label={translate('matchCentre.alerts.label')}
      />
      <Chip
        size="small"
        color={muted ? 'warning' : 'success'}
        icon={muted ? <NotificationsOffIcon fontSize="small" /> : <NotificationsActiveIcon fontSize="small" />}
        label={translate(muted ? 'matchCentre.alerts.muted' : 'matchCentre.alerts.on')}
        data-testid="match-alerts-state"
      />
      <Typography id="match-alerts-help" variant="caption" sx={{ flexBasis: '100%' }}>
        {translate(muted ? 'matchCentre.alerts.mutedHelp' : 'matchCentre.alerts.onHelp')}
      </Typography>
      {message && (
        <Typography role="alert" variant="body2" color="error" sx={{ flexBasis: '100%' }}>
          {message}
        </Typography>
      )}
    </Box>
  );
}
